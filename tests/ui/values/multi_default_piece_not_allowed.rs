use wikiquery_runtime::{query_module, ParamValues, QueryModule};

#[derive(Clone, Copy, ParamValues)]
enum Prop {
    Ids,
    Title,
    User,
}

#[query_module(name = "demo", group = "list", prefix = "dm")]
struct Demo {
    #[param(default = "ids|title|size")]
    prop: Vec<Prop>,
}

impl QueryModule for Demo { fn execute(&self, _: &mut wikiquery_runtime::QueryContext<'_>) -> Result<(), wikiquery_runtime::ApiError> { Ok(()) } }

fn main() {}
