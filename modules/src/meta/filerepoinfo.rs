//! `meta=filerepoinfo`: the file repositories of the site.

use wikiquery_framework::{query_module, QueryModule};

/// Properties of a file repository (mixed case, as MediaWiki names them).
pub const FILEREPO_PROP: &[&str] = &[
    "canUpload",
    "displayname",
    "favicon",
    "initialCapital",
    "local",
    "name",
    "rootUrl",
    "scriptDirUrl",
    "thumbUrl",
    "url",
];

/// Meta information about the file repositories configured on the wiki.
#[query_module(
    name = "filerepoinfo",
    group = "meta",
    prefix = "fri",
    readrights,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Filerepoinfo"
)]
pub struct FileRepoInfo {
    #[param(
        values = FILEREPO_PROP,
        default = "canUpload|displayname|favicon|initialCapital|local|name|rootUrl|scriptDirUrl|thumbUrl|url"
    )]
    pub prop: Vec<String>,
}

impl QueryModule for FileRepoInfo {}
