//! `list=recentchanges`: the recent-changes feed.

use wikiquery_framework::{query_module, Limit, Namespace, ParamValues, QueryModule, Timestamp, UserRef};

use crate::values::{ChangeType, TimeDir, SHOW_RC, SLOTS};

/// What to return of each change.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum RecentChangeProp {
    Comment,
    Flags,
    Ids,
    Loginfo,
    Parsedcomment,
    Patrolled,
    Redirect,
    Sha1,
    Sizes,
    Tags,
    Timestamp,
    Title,
    User,
    Userid,
}

/// Recent changes, newest first by default.
#[query_module(
    name = "recentchanges",
    group = "list",
    prefix = "rc",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:RecentChanges"
)]
pub struct RecentChanges {
    pub start: Option<Timestamp>,
    pub end: Option<Timestamp>,
    #[param(default = "older")]
    pub dir: TimeDir,
    #[param(all, extra_namespaces)]
    pub namespace: Vec<Namespace>,
    pub user: Option<UserRef>,
    pub excludeuser: Option<UserRef>,
    pub tag: Option<String>,
    #[param(default = "title|timestamp|ids")]
    pub prop: Vec<RecentChangeProp>,
    #[param(values = SHOW_RC)]
    pub show: Vec<String>,
    #[param(default = 10)]
    pub limit: Limit,
    #[param(rename = "type", default = "edit|new|log|categorize")]
    pub type_: Vec<ChangeType>,
    pub toponly: bool,
    pub title: Option<String>,
    #[param(rename = "continue")]
    pub continue_: Option<String>,
    pub generaterevisions: bool,
    #[param(values = SLOTS)]
    pub slot: Option<String>,
}

impl QueryModule for RecentChanges {}
