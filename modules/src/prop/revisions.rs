//! `prop=revisions`: revisions of the given pages.

use wikiquery_framework::{query_module, QueryModule, Timestamp, UserRef};

use crate::family::revisions::RevisionFamily;
use crate::values::TimeDir;

/// Revisions of pages; with one page, a range of its history.
#[query_module(
    name = "revisions",
    group = "prop",
    prefix = "rv",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Revisions"
)]
pub struct Revisions {
    #[param(flatten, annotate(limit = "singlepageonly"))]
    pub family: RevisionFamily,
    #[param(info = "singlepageonly")]
    pub startid: Option<i64>,
    #[param(info = "singlepageonly")]
    pub endid: Option<i64>,
    #[param(info = "singlepageonly")]
    pub start: Option<Timestamp>,
    #[param(info = "singlepageonly")]
    pub end: Option<Timestamp>,
    #[param(default = "older", info = "singlepageonly")]
    pub dir: TimeDir,
    #[param(info = "singlepageonly")]
    pub user: Option<UserRef>,
    #[param(info = "singlepageonly")]
    pub excludeuser: Option<UserRef>,
}

impl QueryModule for Revisions {}
