use wikiquery_framework::{query_module, QueryModule};

#[query_module(name = "demo", group = "list", prefix = "dm")]
struct Demo {
    pub slots: Vec<String>,
    #[param(template = "contentformat", source = "slots")]
    pub contentformat: wikiquery_framework::Templated<String>,
}

impl QueryModule for Demo {}

fn main() {}
