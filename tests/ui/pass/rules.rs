//! Rules over several parameters compile on optional parameters and are checked when the
//! module's parameters are read.
use wikiquery_runtime::{query_module, Continue, ModuleSpec, QueryModule, Timestamp};

#[query_module(
    name = "demo",
    group = "list",
    prefix = "dm",
    exactly_one_of(title, pageid),
    at_most_one_of(user, excludeuser),
    at_least_one_of(user, excludeuser, all)
)]
struct Demo {
    pub title: Option<String>,
    pub pageid: Option<i64>,
    pub user: Option<String>,
    pub excludeuser: Option<String>,
    pub all: bool,
    #[param(rename = "continue")]
    pub continue_: Option<Continue<(Timestamp, i64)>>,
}

impl QueryModule for Demo { fn execute(&self, _: &mut wikiquery_runtime::QueryContext<'_>) -> Result<(), wikiquery_runtime::ApiError> { Ok(()) } }

fn main() {
    let d = Demo::descriptor();
    assert_eq!(d.params.len(), 6);
    assert!(matches!(d.param("continue").map(|p| &p.kind), Some(wikiquery_runtime::ParamKind::String)));
}
