//! `list=exturlusage`: pages that contain a given external URL.

use wikiquery_framework::{query_module, Limit, Namespace, ParamValues, QueryModule};

use crate::values::PROTO;

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
    prefix = "eu",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Exturlusage"
)]
pub struct ExtUrlUsage {
    #[param(default = "ids|title|url")]
    pub prop: Vec<ExtUrlUsageProp>,
    #[param(rename = "continue")]
    pub continue_: Option<String>,
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

impl QueryModule for ExtUrlUsage {}
