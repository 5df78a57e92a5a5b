//! `list=tags`: change tags.

use wikiquery_framework::{query_module, Limit, ParamValues, QueryModule};

/// What to return of each tag besides its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum TagProp {
    Active,
    Defined,
    Description,
    Displayname,
    Hitcount,
    Source,
}

/// Every change tag of the wiki.
#[query_module(
    name = "tags",
    group = "list",
    prefix = "tg",
    readrights,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Tags"
)]
pub struct Tags {
    #[param(rename = "continue")]
    pub continue_: Option<String>,
    #[param(default = 10)]
    pub limit: Limit,
    #[param(default = "")]
    pub prop: Vec<TagProp>,
}

impl QueryModule for Tags {}
