use wikiquery_runtime::{query_module, QueryModule};

const KINDS: &[&str] = &["a", "b"];

fn kinds() -> Vec<&'static str> {
    vec!["a", "b"]
}

#[query_module(name = "demo", group = "list", prefix = "dm")]
struct Demo {
    #[param(values = KINDS, values_from = kinds)]
    pub kind: Option<String>,
}

impl QueryModule for Demo { fn execute(&self, _: &mut wikiquery_runtime::QueryContext<'_>) -> Result<(), wikiquery_runtime::ApiError> { Ok(()) } }

fn main() {}
