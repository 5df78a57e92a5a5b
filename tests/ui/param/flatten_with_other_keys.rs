use wikiquery_runtime::{query_module, QueryModule};

#[derive(wikiquery_runtime::ParamGroup)]
struct Shared {
    tag: Option<String>,
}

#[query_module(name = "demo", group = "list", prefix = "dm")]
struct Demo {
    #[param(flatten, rename = "shared")]
    pub shared: Shared,
}

impl QueryModule for Demo { fn execute(&self, _: &mut wikiquery_runtime::QueryContext<'_>) -> Result<(), wikiquery_runtime::ApiError> { Ok(()) } }

fn main() {}
