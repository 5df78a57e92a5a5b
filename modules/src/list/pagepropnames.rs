//! `list=pagepropnames`: the page property names in use.

use serde_json::json;
use wikiquery_runtime::{query_module, ApiError, Continue, Limit, QueryContext, QueryModule, ReadContinue, Truthy};

use crate::wiki::WikiContext;

/// Every page property name used on the wiki.
#[query_module(
    name = "pagepropnames",
    group = "list",
    cache = "public",
    prefix = "ppn",
    xml = "p",
    readrights,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Pagepropnames"
)]
pub struct PagePropNames {
    #[param(rename = "continue")]
    pub continue_: Truthy<Continue<(String,)>>,
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
