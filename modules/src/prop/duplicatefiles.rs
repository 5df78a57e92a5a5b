//! `prop=duplicatefiles`: files with the same content as the given files.

use wikiquery_framework::{query_module, Limit, QueryModule};

use crate::values::SortDir;

/// Lists the files whose hash equals that of each given file.
#[query_module(
    name = "duplicatefiles",
    group = "prop",
    prefix = "df",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Duplicatefiles"
)]
pub struct DuplicateFiles {
    #[param(default = 10)]
    pub limit: Limit,
    #[param(rename = "continue")]
    pub continue_: Option<String>,
    #[param(default = "ascending")]
    pub dir: SortDir,
    /// Only files of the local repository.
    pub localonly: bool,
}

impl QueryModule for DuplicateFiles {}
