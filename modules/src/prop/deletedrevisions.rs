//! `prop=deletedrevisions`: deleted revisions of the given pages.

use wikiquery_framework::{query_module, QueryModule, Timestamp, UserRef};

use crate::family::revisions::RevisionFamily;
use crate::values::TimeDir;

/// Deleted revisions of pages, or of the given revision ids.
#[query_module(
    name = "deletedrevisions",
    group = "prop",
    prefix = "drv",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Deletedrevisions"
)]
pub struct DeletedRevisions {
    #[param(flatten)]
    pub family: RevisionFamily,
    pub start: Option<Timestamp>,
    pub end: Option<Timestamp>,
    #[param(default = "older")]
    pub dir: TimeDir,
    pub user: Option<UserRef>,
    pub excludeuser: Option<UserRef>,
}

impl QueryModule for DeletedRevisions {}
