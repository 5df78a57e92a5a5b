use wikiquery_runtime::{query_module, QueryModule};

#[query_module(name = "demo", group = "list", prefix = "dm")]
struct Demo {
    #[param(subtypes = "name|ip|robot")]
    pub user: Option<wikiquery_runtime::UserRef>,
}

impl QueryModule for Demo { fn execute(&self, _: &mut wikiquery_runtime::QueryContext<'_>) -> Result<(), wikiquery_runtime::ApiError> { Ok(()) } }

fn main() {}
