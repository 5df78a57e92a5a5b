use wikiquery_runtime::{query_module, ModuleSpec, QueryModule};

#[query_module(name = "demo", group = "list", prefix = "")]
struct Demo;

impl QueryModule for Demo { fn execute(&self, _: &mut wikiquery_runtime::QueryContext<'_>) -> Result<(), wikiquery_runtime::ApiError> { Ok(()) } }

fn main() {
    let d = <Demo as ModuleSpec>::descriptor();
    assert_eq!(d.name, "demo");
    assert_eq!(d.prefix, "");
    assert!(d.params.is_empty());
}
