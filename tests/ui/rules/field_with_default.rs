use wikiquery_runtime::{query_module, QueryModule};

#[query_module(name = "demo", group = "list", prefix = "dm", at_most_one_of(user, excludeuser))]
struct Demo {
    #[param(default = "Alice")]
    pub user: String,
    pub excludeuser: Option<String>,
}

impl QueryModule for Demo { fn execute(&self, _: &mut wikiquery_runtime::QueryContext<'_>) -> Result<(), wikiquery_runtime::ApiError> { Ok(()) } }

fn main() {}
