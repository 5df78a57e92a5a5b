use wikiquery_runtime::{query_module, QueryModule};

/// A demo list.
#[query_module(
    name = "demo",
    group = "list",
    prefix = "dm",
    example(query = "action=query&list=allpages&dmtag=x", text = "An example of another module.")
)]
struct Demo {
    /// A tag.
    pub tag: Option<String>,
}

impl QueryModule for Demo { fn execute(&self, _: &mut wikiquery_runtime::QueryContext<'_>) -> Result<(), wikiquery_runtime::ApiError> { Ok(()) } }

fn main() {}
