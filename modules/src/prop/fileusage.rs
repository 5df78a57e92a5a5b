//! `prop=fileusage`: the pages that use the given files.

use wikiquery_framework::{query_module, QueryModule};

use crate::family::backlinksprop::BacklinksPropParams;

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
    #[param(flatten)]
    pub common: BacklinksPropParams,
}

impl QueryModule for FileUsage {}
