//! `list=filearchive`: deleted files, from the file archive.

use wikiquery_framework::{query_module, Limit, ParamValues, QueryModule};

use crate::values::SortDir;

/// What to return of each archived file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum FileArchiveProp {
    Archivename,
    Bitdepth,
    Description,
    Dimensions,
    Mediatype,
    Metadata,
    Mime,
    Parseddescription,
    Sha1,
    Size,
    Timestamp,
    User,
}

/// Lists all deleted files, by name.
#[query_module(
    name = "filearchive",
    group = "list",
    prefix = "fa",
    readrights,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Filearchive"
)]
pub struct FileArchive {
    pub from: Option<String>,
    pub to: Option<String>,
    pub prefix: Option<String>,
    #[param(default = "ascending")]
    pub dir: SortDir,
    pub sha1: Option<String>,
    pub sha1base36: Option<String>,
    #[param(default = "timestamp")]
    pub prop: Vec<FileArchiveProp>,
    #[param(default = 10)]
    pub limit: Limit,
    #[param(rename = "continue")]
    pub continue_: Option<String>,
}

impl QueryModule for FileArchive {}
