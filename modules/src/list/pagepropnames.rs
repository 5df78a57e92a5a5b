//! `list=pagepropnames`: the page property names in use.

use wikiquery_framework::{query_module, Limit, QueryModule};

/// Every page property name used on the wiki.
#[query_module(
    name = "pagepropnames",
    group = "list",
    prefix = "ppn",
    readrights,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Pagepropnames"
)]
pub struct PagePropNames {
    #[param(rename = "continue")]
    pub continue_: Option<String>,
    #[param(default = 10)]
    pub limit: Limit,
}

impl QueryModule for PagePropNames {}
