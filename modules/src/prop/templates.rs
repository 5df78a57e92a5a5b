//! `prop=templates`: the pages transcluded on the given pages.

use wikiquery_framework::{query_module, Limit, Namespace, QueryModule};

use crate::values::SortDir;

/// Lists the pages each given page transcludes.
#[query_module(
    name = "templates",
    group = "prop",
    prefix = "tl",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Templates"
)]
pub struct Templates {
    #[param(all, extra_namespaces)]
    pub namespace: Vec<Namespace>,
    #[param(default = 10)]
    pub limit: Limit,
    #[param(rename = "continue")]
    pub continue_: Option<String>,
    /// Only these targets (full titles).
    pub templates: Vec<String>,
    #[param(default = "ascending")]
    pub dir: SortDir,
}

impl QueryModule for Templates {}
