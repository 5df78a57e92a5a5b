use wikiquery_runtime::{query_module, ParamValues, QueryModule};

#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
enum Prop {
    /// The size.
    Size,
    /// Hidden or not.
    Hidden,
}

/// A demo list.
#[query_module(
    name = "demo",
    group = "list",
    prefix = "dm",
    example(query = "action=query&list=demo&dmprop=size|colour", text = "Ask for a value the parameter lacks.")
)]
struct Demo {
    /// What to give.
    pub prop: Vec<Prop>,
}

impl QueryModule for Demo { fn execute(&self, _: &mut wikiquery_runtime::QueryContext<'_>) -> Result<(), wikiquery_runtime::ApiError> { Ok(()) } }

fn main() {}
