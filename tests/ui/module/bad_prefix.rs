use wikiquery_runtime::{query_module, QueryModule};

#[query_module(name = "demo", group = "list", prefix = "DM")]
struct Demo {
    pub tag: Option<String>,
}

impl QueryModule for Demo { fn execute(&self, _: &mut wikiquery_runtime::QueryContext<'_>) -> Result<(), wikiquery_runtime::ApiError> { Ok(()) } }

fn main() {}
