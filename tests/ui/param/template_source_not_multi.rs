use wikiquery_framework::{query_module, QueryModule};

#[query_module(name = "demo", group = "list", prefix = "dm")]
struct Demo {
    pub slot: Option<String>,
    #[param(template = "contentformat-{slot}", source = "slot")]
    pub contentformat: wikiquery_framework::Templated<String>,
}

impl QueryModule for Demo {}

fn main() {}
