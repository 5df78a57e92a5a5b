//! `list=embeddedin`: pages that transclude a given page.

use wikiquery_framework::{query_module, Limit, Namespace, QueryModule};

use crate::values::{FilterRedir, SortDir};

/// Finds all pages that embed (transclude) the given page, given by title or by page id.
#[query_module(
    name = "embeddedin",
    group = "list",
    prefix = "ei",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Embeddedin"
)]
pub struct EmbeddedIn {
    pub title: Option<String>,
    pub pageid: Option<i64>,
    #[param(rename = "continue")]
    pub continue_: Option<String>,
    #[param(all)]
    pub namespace: Vec<Namespace>,
    #[param(default = "ascending")]
    pub dir: SortDir,
    #[param(default = "all")]
    pub filterredir: FilterRedir,
    #[param(default = 10)]
    pub limit: Limit,
}

impl QueryModule for EmbeddedIn {}
