//! `list=mystashedfiles`: files in the calling user's upload stash.

use wikiquery_framework::{query_module, Limit, ParamValues, QueryModule};

/// What to return of each stashed file besides its key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum StashedFileProp {
    Size,
    Type,
}

/// The calling user's stashed uploads.
#[query_module(
    name = "mystashedfiles",
    group = "list",
    prefix = "msf",
    readrights,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Mystashedfiles"
)]
pub struct MyStashedFiles {
    #[param(default = "")]
    pub prop: Vec<StashedFileProp>,
    #[param(default = 10)]
    pub limit: Limit,
    #[param(rename = "continue")]
    pub continue_: Option<String>,
}

impl QueryModule for MyStashedFiles {}
