//! `list=prefixsearch`: page titles starting with a search string.

use wikiquery_framework::{query_module, Limit, Namespace, QueryModule};

/// A prefix search over page titles.
#[query_module(
    name = "prefixsearch",
    group = "list",
    prefix = "ps",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Prefixsearch"
)]
pub struct PrefixSearch {
    pub search: String,
    #[param(default = 0, all)]
    pub namespace: Vec<Namespace>,
    #[param(default = 10)]
    pub limit: Limit,
    #[param(default = 0, min = 0)]
    pub offset: i64,
}

impl QueryModule for PrefixSearch {}
