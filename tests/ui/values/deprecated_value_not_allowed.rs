use wikiquery_runtime::{query_module, QueryModule};

const PROPS: &[&str] = &["ids", "title", "user"];

#[query_module(name = "demo", group = "list", prefix = "dm")]
struct Demo {
    #[param(values = PROPS, deprecated_values = ["ids", "parsetree"])]
    prop: Vec<String>,
}

impl QueryModule for Demo { fn execute(&self, _: &mut wikiquery_runtime::QueryContext<'_>) -> Result<(), wikiquery_runtime::ApiError> { Ok(()) } }

fn main() {}
