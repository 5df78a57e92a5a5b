//! `list=pagepropnames`: the page property names in use.

use serde_json::json;
use wikiquery_runtime::{query_module, ApiError, Continue, Limit, QueryContext, QueryModule, ReadContinue, Truthy};

use crate::wiki::WikiContext;

/// Lists the names of the page properties in use on the wiki, in alphabetical order.
///
/// Page properties are values a page sets through its content, such as `displaytitle`,
/// `defaultsort` or `noindex`; `list=pageswithprop` finds the pages that set one.
#[query_module(
    name = "pagepropnames",
    group = "list",
    cache = "public",
    prefix = "ppn",
    xml = "p",
    readrights,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Pagepropnames",
    example(query = "action=query&list=pagepropnames", text = "List the first page property names in use."),
    example(
        query = "action=query&list=pagepropnames&ppnlimit=max",
        text = "List as many page property names as allowed at once."
    )
)]
pub struct PagePropNames {
    /// When more results are available, use this to continue.
    #[param(rename = "continue")]
    pub continue_: Truthy<Continue<(String,)>>,
    /// How many names to return.
    #[param(default = 10)]
    pub limit: Limit,
}

impl QueryModule for PagePropNames {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let from = self.continue_.read()?.map(|(name,)| name);
        let names = ctx.reader()?.page_prop_names(from.as_deref(), self.limit.fetch())?;
        let (names, next) = self.limit.split(names);
        for name in names {
            ctx.push_item(json!({ "propname": name }));
        }
        ctx.ensure_list();
        if let Some(name) = next {
            ctx.set_continue(name);
        }
        Ok(())
    }
}
