//! `list=backlinks`: pages that link to a given page.

use wikiquery_framework::{query_module, Limit, Namespace, QueryModule};

use crate::values::{FilterRedir, SortDir};

/// Finds all pages that link to the given page, given by title or by page id.
#[query_module(
    name = "backlinks",
    group = "list",
    prefix = "bl",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Backlinks"
)]
pub struct Backlinks {
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
    /// Also list pages that link through a redirect to the page.
    pub redirect: bool,
}

impl QueryModule for Backlinks {}
