//! `prop=fileusage`: the pages that use the given files.

use wikiquery_framework::{query_module, Limit, Namespace, QueryModule};

use crate::values::BacklinkShow;
use crate::values::BACKLINK_PROP;

/// Lists the pages using each given file.
#[query_module(
    name = "fileusage",
    group = "prop",
    prefix = "fu",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Fileusage"
)]
pub struct FileUsage {
    #[param(values = BACKLINK_PROP, default = "pageid|title|redirect")]
    pub prop: Vec<String>,
    #[param(all)]
    pub namespace: Vec<Namespace>,
    pub show: Vec<BacklinkShow>,
    #[param(default = 10)]
    pub limit: Limit,
    #[param(rename = "continue")]
    pub continue_: Option<String>,
}

impl QueryModule for FileUsage {}
