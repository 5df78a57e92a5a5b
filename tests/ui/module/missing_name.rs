use wikiquery_runtime::{query_module, QueryModule};

#[query_module(group = "list", prefix = "dm")]
struct Demo {
    pub tag: Option<String>,
}

impl QueryModule for Demo {}

fn main() {}
