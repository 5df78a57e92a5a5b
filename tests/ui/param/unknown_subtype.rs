use wikiquery_framework::{query_module, QueryModule};

#[query_module(name = "demo", group = "list", prefix = "dm")]
struct Demo {
    #[param(subtypes = "name|ip|robot")]
    pub user: Option<wikiquery_framework::UserRef>,
}

impl QueryModule for Demo {}

fn main() {}
