use wikiquery_runtime::{query_module, QueryModule};

const MODES: &[&str] = &["fast", "slow"];

#[query_module(name = "demo", group = "list", prefix = "dm")]
struct Demo {
    #[param(values = MODES, default = "medium")]
    mode: String,
}

impl QueryModule for Demo { fn execute(&self, _: &mut wikiquery_runtime::QueryContext<'_>) -> Result<(), wikiquery_runtime::ApiError> { Ok(()) } }

fn main() {}
