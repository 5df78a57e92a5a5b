use wikiquery_runtime::{query_module, QueryModule};

#[query_module(name = "demo", group = "list", prefix = "dm")]
struct Demo {
    #[param(deprecated_values = ["parsetree"])]
    prop: Vec<String>,
}

impl QueryModule for Demo {}

fn main() {}
