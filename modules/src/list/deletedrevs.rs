//! `list=deletedrevs`: deleted revisions (deprecated; superseded by `alldeletedrevisions`).

use wikiquery_framework::{query_module, Limit, Namespace, ParamValues, QueryModule, Timestamp, UserRef};

use crate::values::TimeDir;

/// What to return of each deleted revision; `token` is deprecated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum DeletedRevsProp {
    Comment,
    Content,
    Len,
    Minor,
    Parentid,
    Parsedcomment,
    Revid,
    Sha1,
    Tags,
    User,
    Userid,
    #[value(deprecated)]
    Token,
}

/// Lists deleted revisions in one of three modes; `modes` annotations say which parameters
/// apply to which mode.
#[query_module(
    name = "deletedrevs",
    group = "list",
    prefix = "dr",
    readrights,
    deprecated,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Deletedrevs"
)]
pub struct DeletedRevs {
    #[param(info(modes(1, 2)))]
    pub start: Option<Timestamp>,
    #[param(info(modes(1, 2)))]
    pub end: Option<Timestamp>,
    #[param(default = "older", info(modes(1, 3)))]
    pub dir: TimeDir,
    #[param(info(modes(3)))]
    pub from: Option<String>,
    #[param(info(modes(3)))]
    pub to: Option<String>,
    #[param(info(modes(3)))]
    pub prefix: Option<String>,
    #[param(info(modes(3)))]
    pub unique: bool,
    #[param(default = 0, info(modes(3)))]
    pub namespace: Namespace,
    pub tag: Option<String>,
    pub user: Option<UserRef>,
    pub excludeuser: Option<UserRef>,
    #[param(default = "user|comment")]
    pub prop: Vec<DeletedRevsProp>,
    #[param(default = 10)]
    pub limit: Limit,
    #[param(rename = "continue")]
    pub continue_: Option<String>,
}

impl QueryModule for DeletedRevs {}
