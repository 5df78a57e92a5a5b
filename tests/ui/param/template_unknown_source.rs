use wikiquery_runtime::{query_module, QueryModule};

#[query_module(name = "demo", group = "list", prefix = "dm")]
struct Demo {
    pub slots: Vec<String>,
    #[param(template = "contentformat-{slot}", source = "slot")]
    pub contentformat: wikiquery_runtime::Templated<String>,
}

impl QueryModule for Demo { fn execute(&self, _: &mut wikiquery_runtime::QueryContext<'_>) -> Result<(), wikiquery_runtime::ApiError> { Ok(()) } }

fn main() {}
