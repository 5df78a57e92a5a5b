//! `list=usercontribs`: edits of given users.

use wikiquery_framework::{query_module, Limit, Namespace, ParamValues, QueryModule, Timestamp, UserRef};

use crate::values::TimeDir;

/// What to return of each contribution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum UserContribProp {
    Comment,
    Flags,
    Ids,
    Parsedcomment,
    Patrolled,
    Size,
    Sizediff,
    Tags,
    Timestamp,
    Title,
}

/// Filters on contributions.
pub const SHOW_UC: &[&str] =
    &["!autopatrolled", "!minor", "!new", "!patrolled", "!top", "autopatrolled", "minor", "new", "patrolled", "top"];

/// Contributions of users named, numbered, by prefix or by IP range; newest first by default.
#[query_module(
    name = "usercontribs",
    group = "list",
    prefix = "uc",
    readrights,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Usercontribs"
)]
pub struct UserContribs {
    #[param(default = 10)]
    pub limit: Limit,
    pub start: Option<Timestamp>,
    pub end: Option<Timestamp>,
    #[param(rename = "continue")]
    pub continue_: Option<String>,
    #[param(subtypes = "name|ip|temp|interwiki")]
    pub user: Vec<UserRef>,
    pub userids: Vec<i64>,
    pub userprefix: Option<String>,
    pub iprange: Option<String>,
    #[param(default = "older")]
    pub dir: TimeDir,
    #[param(all)]
    pub namespace: Vec<Namespace>,
    #[param(default = "ids|title|timestamp|comment|size|flags")]
    pub prop: Vec<UserContribProp>,
    #[param(values = SHOW_UC)]
    pub show: Vec<String>,
    pub tag: Option<String>,
    /// Replaced by `show=top`.
    #[param(deprecated)]
    pub toponly: bool,
}

impl QueryModule for UserContribs {}
