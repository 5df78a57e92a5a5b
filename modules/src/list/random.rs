//! `list=random`: pages in random order.

use wikiquery_framework::{query_module, Limit, Namespace, QueryModule};

use crate::values::FilterRedir;

/// A random set of pages; the default limit is 1.
#[query_module(
    name = "random",
    group = "list",
    prefix = "rn",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Random"
)]
pub struct Random {
    #[param(all)]
    pub namespace: Vec<Namespace>,
    #[param(default = "nonredirects")]
    pub filterredir: FilterRedir,
    /// The old way of asking for redirects; `filterredir=redirects` replaces it.
    #[param(deprecated)]
    pub redirect: bool,
    #[param(default = 1)]
    pub limit: Limit,
    #[param(rename = "continue")]
    pub continue_: Option<String>,
}

impl QueryModule for Random {}
