//! `list=imageusage`: pages that use a given file.

use wikiquery_framework::{query_module, Limit, Namespace, QueryModule};

use crate::values::{FilterRedir, SortDir};

/// Pages that use the given file (by title or page id).
#[query_module(
    name = "imageusage",
    group = "list",
    prefix = "iu",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Imageusage"
)]
pub struct ImageUsage {
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
    /// Also list pages that use the file through a redirect.
    pub redirect: bool,
}

impl QueryModule for ImageUsage {}
