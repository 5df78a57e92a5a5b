//! `list=protectedtitles`: titles protected from creation.

use wikiquery_framework::{query_module, Limit, Namespace, ParamValues, QueryModule, Timestamp};

use crate::values::TimeDir;

/// Protection levels of a creation protection.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum ProtectedTitleLevel {
    Autoconfirmed,
    Sysop,
}

/// What to return of each protected title.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum ProtectedTitleProp {
    Comment,
    Expiry,
    Level,
    Parsedcomment,
    Timestamp,
    User,
    Userid,
}

/// Titles that may not be created, newest protection first by default.
#[query_module(
    name = "protectedtitles",
    group = "list",
    prefix = "pt",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Protectedtitles"
)]
pub struct ProtectedTitles {
    #[param(all)]
    pub namespace: Vec<Namespace>,
    pub level: Vec<ProtectedTitleLevel>,
    #[param(default = 10)]
    pub limit: Limit,
    #[param(default = "older")]
    pub dir: TimeDir,
    pub start: Option<Timestamp>,
    pub end: Option<Timestamp>,
    #[param(default = "timestamp|level")]
    pub prop: Vec<ProtectedTitleProp>,
    #[param(rename = "continue")]
    pub continue_: Option<String>,
}

impl QueryModule for ProtectedTitles {}
