//! `list=pagepropnames`: the page property names in use.

use serde_json::json;
use wikiquery_framework::{continue_parts, query_module, ApiError, Limit, QueryContext, QueryModule};

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
    pub continue_: Option<String>,
    #[param(default = 10)]
    pub limit: Limit,
}

impl QueryModule for PagePropNames {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let from = match self.continue_.as_deref().filter(|c| !c.is_empty() && *c != "0") {
            Some(raw) => Some(continue_parts(raw, 1)?[0].to_owned()),
            None => None,
        };
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
