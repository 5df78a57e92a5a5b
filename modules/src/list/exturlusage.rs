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
    Ids,
    Title,
    Url,
}

/// Enumerates pages that contain a given URL.
#[query_module(
    name = "exturlusage",
    group = "list",
    cache = "public",
    prefix = "eu",
    xml = "eu",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Exturlusage"
)]
pub struct ExtUrlUsage {
    #[param(default = "ids|title|url")]
    pub prop: Vec<ExtUrlUsageProp>,
    #[param(rename = "continue")]
    pub continue_: Option<Continue<Parts>>,
    /// The protocol of the URL; the empty string with an empty `query` lists every link.
    #[param(values = PROTO, default = "")]
    pub protocol: String,
    /// The URL to search for, without protocol.
    pub query: Option<String>,
    #[param(all)]
    pub namespace: Vec<Namespace>,
    #[param(default = 10)]
    pub limit: Limit,
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
