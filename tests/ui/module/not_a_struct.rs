use wikiquery_runtime::query_module;

#[query_module(name = "demo", group = "list", prefix = "dm")]
enum Demo {
    One,
}

fn main() {}
