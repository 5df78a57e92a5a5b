use wikiquery_runtime::{query_module, QueryModule};

struct PageRange;

#[query_module(name = "demo", group = "list", prefix = "dm")]
struct Demo {
    pub ranges: Vec<PageRange>,
}

impl QueryModule for Demo { fn execute(&self, _: &mut wikiquery_runtime::QueryContext<'_>) -> Result<(), wikiquery_runtime::ApiError> { Ok(()) } }

fn main() {}
