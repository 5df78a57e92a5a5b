//! `list=watchlist`: recent changes to pages on a watchlist.

use wikiquery_framework::{query_module, Limit, Namespace, ParamValues, QueryModule, Timestamp, UserRef};

use crate::values::ChangeType;
use crate::values::TimeDir;

/// What to return of each change.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum WatchlistProp {
    Comment,
    Expiry,
    Flags,
    Ids,
    Loginfo,
    Notificationtimestamp,
    Parsedcomment,
    Patrol,
    Sizes,
    Tags,
    Timestamp,
    Title,
    User,
    Userid,
}

/// Filters on watched changes.
pub const SHOW_WL: &[&str] = &[
    "!anon",
    "!autopatrolled",
    "!bot",
    "!minor",
    "!patrolled",
    "!unread",
    "anon",
    "autopatrolled",
    "bot",
    "minor",
    "patrolled",
    "unread",
];

/// Recent changes to the caller's watched pages (or, with `owner` and `token`, another user's).
#[query_module(
    name = "watchlist",
    group = "list",
    prefix = "wl",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Watchlist"
)]
pub struct Watchlist {
    pub allrev: bool,
    pub start: Option<Timestamp>,
    pub end: Option<Timestamp>,
    #[param(all)]
    pub namespace: Vec<Namespace>,
    pub user: Option<UserRef>,
    pub excludeuser: Option<UserRef>,
    #[param(default = "older")]
    pub dir: TimeDir,
    #[param(default = 10)]
    pub limit: Limit,
    #[param(default = "ids|title|flags")]
    pub prop: Vec<WatchlistProp>,
    #[param(values = SHOW_WL)]
    pub show: Vec<String>,
    #[param(rename = "type", default = "edit|new|log|categorize")]
    pub type_: Vec<ChangeType>,
    #[param(subtypes = "name")]
    pub owner: Option<UserRef>,
    #[param(sensitive)]
    pub token: Option<String>,
    #[param(rename = "continue")]
    pub continue_: Option<String>,
}

impl QueryModule for Watchlist {}
