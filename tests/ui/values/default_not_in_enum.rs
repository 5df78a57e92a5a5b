use wikiquery_runtime::{query_module, ParamValues, QueryModule};

#[derive(Clone, Copy, ParamValues)]
enum Dir {
    Newer,
    Older,
}

#[query_module(name = "demo", group = "list", prefix = "dm")]
struct Demo {
    #[param(default = "sideways")]
    dir: Dir,
}

impl QueryModule for Demo { fn execute(&self, _: &mut wikiquery_runtime::QueryContext<'_>) -> Result<(), wikiquery_runtime::ApiError> { Ok(()) } }

fn main() {}
