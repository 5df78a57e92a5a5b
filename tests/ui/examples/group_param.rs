use wikiquery_runtime::{query_module, ParamGroup, QueryModule};

#[derive(Debug, Clone, ParamGroup)]
pub struct Shared {
    /// A title.
    pub title: Option<String>,
    /// A direction.
    #[param(values = DIRS)]
    pub dir: Option<String>,
}

const DIRS: &[&str] = &["ascending", "descending"];

/// A demo list.
#[query_module(
    name = "demo",
    group = "list",
    prefix = "dm",
    example(query = "action=query&list=demo&dmtitle=A&dmdir=sideways", text = "A value outside a group's set."),
    example(query = "action=query&list=demo&dmnope=1", text = "A name that no group has.")
)]
struct Demo {
    #[param(flatten)]
    pub shared: Shared,
}

impl QueryModule for Demo { fn execute(&self, _: &mut wikiquery_runtime::QueryContext<'_>) -> Result<(), wikiquery_runtime::ApiError> { Ok(()) } }

fn main() {}
