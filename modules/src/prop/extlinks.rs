//! `prop=extlinks`: the external URLs linked from the given pages.

use serde_json::{Map, Value};
use wikiquery_runtime::result::set_content;
use wikiquery_runtime::{query_module, ApiError, Continue, Limit, Parts, QueryContext, QueryModule};

use crate::family::extlinks::{run, UrlListing};
use crate::values::PROTO;

/// Lists the external URLs linked from the given pages.
///
/// Interwiki and interlanguage links are not external links; `prop=iwlinks` and
/// `prop=langlinks` list them.
#[query_module(
    name = "extlinks",
    group = "prop",
    cache = "public",
    prefix = "el",
    xml = "el",
    readrights,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Extlinks",
    example(query = "action=query&prop=extlinks&titles=Cat", text = "List the external links of the page Cat."),
    example(
        query = "action=query&prop=extlinks&titles=Cat|Apple&elprotocol=mailto",
        text = "List the email links of the pages Cat and Apple."
    ),
    example(
        query = "action=query&prop=extlinks&titles=Apple&elprotocol=https&elquery=example.org",
        text = "List the HTTPS links of the page Apple to pages on example.org."
    )
)]
pub struct ExtLinks {
    /// How many links to return, counted over all the given pages together.
    #[param(default = 10)]
    pub limit: Limit,
    /// When more results are available, use this to continue.
    #[param(rename = "continue")]
    pub continue_: Option<Continue<Parts>>,
    /// Only list links with this protocol, e.g. `https` or `mailto`. When left empty, links
    /// of every protocol are listed, or, with `elquery`, `http` links.
    #[param(values = PROTO, default = "")]
    pub protocol: String,
    /// Only list links whose URL, written without its protocol, begins with this text (e.g.
    /// `example.org/wiki`); `*.` before the host name stands for any subdomain.
    pub query: Option<String>,
    /// Deprecated: write protocol-relative URLs with the wiki's own protocol.
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
