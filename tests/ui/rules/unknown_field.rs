use wikiquery_runtime::{query_module, QueryModule};

#[query_module(name = "demo", group = "list", prefix = "dm", exactly_one_of(title, pageids))]
struct Demo {
    pub title: Option<String>,
    pub pageid: Option<i64>,
}

impl QueryModule for Demo { fn execute(&self, _: &mut wikiquery_runtime::QueryContext<'_>) -> Result<(), wikiquery_runtime::ApiError> { Ok(()) } }

fn main() {}
