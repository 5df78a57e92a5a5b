//! `prop=extlinks`: the external URLs linked from the given pages.

use serde_json::{Map, Value};
use wikiquery_runtime::result::set_content;
use wikiquery_runtime::{query_module, ApiError, Continue, Limit, Parts, QueryContext, QueryModule};

use crate::family::extlinks::{run, UrlListing};
use crate::values::PROTO;

/// Lists the external links of pages.
#[query_module(
    name = "extlinks",
    group = "prop",
    cache = "public",
    prefix = "el",
    xml = "el",
    readrights,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Extlinks"
)]
pub struct ExtLinks {
    #[param(default = 10)]
    pub limit: Limit,
    #[param(rename = "continue")]
    pub continue_: Option<Continue<Parts>>,
    /// Only links of this protocol; the empty string means protocol-relative (with `query`) or any.
    #[param(values = PROTO, default = "")]
    pub protocol: String,
    /// Search string without protocol.
    pub query: Option<String>,
    #[param(deprecated)]
    pub expandurl: bool,
}

impl QueryModule for ExtLinks {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let Some(pageset) = ctx.page_set() else { return Ok(()) };
        let pages: Vec<i64> = pageset.good.iter().map(|p| p.id).collect();
        if pages.is_empty() {
            return Ok(());
        }
        let listing = UrlListing {
            pages: Some(pages),
            namespaces: None,
            protocol: &self.protocol,
            query: self.query.as_deref(),
            continue_: self.continue_.as_ref(),
            expand: self.expandurl,
            limit: self.limit,
        };
        for (row, url) in run(ctx, listing)? {
            let mut item = Map::new();
            set_content(&mut item, "url", url);
            ctx.push_page_item(row.from, "extlinks", Value::Object(item));
        }
        Ok(())
    }
}
