//! `prop=links`: the pages linked from the given pages.

use wikiquery_framework::{query_module, Limit, Namespace, QueryModule};

use crate::values::SortDir;

/// Lists the internal links of pages.
#[query_module(
    name = "links",
    group = "prop",
    prefix = "pl",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Links"
)]
pub struct Links {
    #[param(all, extra_namespaces)]
    pub namespace: Vec<Namespace>,
    #[param(default = 10)]
    pub limit: Limit,
    #[param(rename = "continue")]
    pub continue_: Option<String>,
    /// Only these targets (full titles).
    pub titles: Vec<String>,
    #[param(default = "ascending")]
    pub dir: SortDir,
}

impl QueryModule for Links {}
