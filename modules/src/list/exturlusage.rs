//! `list=exturlusage`: pages that contain a given external URL.

use serde_json::{Map, Value};
use wikiquery_domain::title::full_text;
use wikiquery_runtime::{
    query_module, ApiError, Continue, Generated, Limit, Namespace, ParamValues, Parts, QueryContext, QueryModule,
};

use crate::family::extlinks::{run, UrlListing};
use crate::values::PROTO;
use crate::wiki::WikiContext;

/// What to return of each page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum ExtUrlUsageProp {
    /// The id of the page that holds the link.
    Ids,
    /// The title and namespace number of the page that holds the link.
    Title,
    /// The link's URL, as it is written on the page.
    Url,
}

/// Lists the pages that link to a given external URL, or to any URL of a given protocol.
///
/// A page appears once for each matching link it holds. Without `euquery`, every external link
/// of the wiki is listed (only those of `euprotocol` when it is given).
#[query_module(
    name = "exturlusage",
    group = "list",
    cache = "public",
    prefix = "eu",
    xml = "eu",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Exturlusage",
    example(
        query = "action=query&list=exturlusage&euquery=example.org&euprotocol=https",
        text = "List the pages that link to https://example.org and the addresses below it."
    ),
    example(
        query = "action=query&list=exturlusage&euprotocol=mailto&euprop=title|url",
        text = "List every e-mail link with the title of the page that holds it."
    ),
    example(
        query = "action=query&generator=exturlusage&geuquery=*.example.org&geuprotocol=https&prop=info",
        text = "Get page information about the pages that link to example.org or any of its subdomains."
    )
)]
pub struct ExtUrlUsage {
    /// Which pieces of information to return for each link.
    #[param(default = "ids|title|url")]
    pub prop: Vec<ExtUrlUsageProp>,
    /// When more results are available, use this to continue.
    #[param(rename = "continue")]
    pub continue_: Option<Continue<Parts>>,
    /// The protocol of the URLs to find, such as `https` or `mailto`. Left empty, a search
    /// with `euquery` looks for `http` links, and a listing without `euquery` takes links of
    /// every protocol.
    #[param(values = PROTO, default = "")]
    pub protocol: String,
    /// The URL to look for, written without its protocol, e.g. `example.org/wiki`. It matches
    /// that address and every address that starts with it; begin with `*.` (as in
    /// `*.example.org`) to match any subdomain too. Leave it out to list all links.
    pub query: Option<String>,
    /// Only list pages in these namespaces.
    #[param(all)]
    pub namespace: Vec<Namespace>,
    /// How many links to return.
    #[param(default = 10)]
    pub limit: Limit,
    /// Write protocol-relative URLs (those starting with `//`) with the protocol of the wiki's
    /// canonical address. Deprecated.
    #[param(deprecated)]
    pub expandurl: bool,
}

impl QueryModule for ExtUrlUsage {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let listing = UrlListing {
            pages: None,
            namespaces: (!self.namespace.is_empty()).then(|| self.namespace.iter().map(|n| n.0).collect()),
            protocol: &self.protocol,
            query: self.query.as_deref(),
            continue_: self.continue_.as_ref(),
            expand: self.expandurl,
            limit: self.limit,
        };
        let rows = run(ctx, listing)?;
        ctx.emit(
            rows,
            |(row, _)| Generated::Row(row.page_ns, row.page_title.clone()),
            |ctx, rows| {
                let store = ctx.store()?;
                let names = store.site().namespaces();
                let has = |p: ExtUrlUsageProp| self.prop.contains(&p);
                for (row, url) in rows {
                    let mut item = Map::new();
                    if has(ExtUrlUsageProp::Ids) {
                        item.insert("pageid".into(), Value::from(row.from));
                    }
                    if has(ExtUrlUsageProp::Title) {
                        item.insert("ns".into(), Value::from(row.page_ns));
                        item.insert("title".into(), Value::from(full_text(row.page_ns, &row.page_title, names)));
                    }
                    if has(ExtUrlUsageProp::Url) {
                        item.insert("url".into(), Value::from(url));
                    }
                    ctx.push_item(Value::Object(item));
                }
                ctx.ensure_list();
                Ok(())
            },
        )
    }
}
