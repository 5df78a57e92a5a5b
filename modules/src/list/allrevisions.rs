//! `list=allrevisions`: every revision, newest first by default.

use wikiquery_framework::{query_module, Namespace, QueryModule, Timestamp, UserRef};

use crate::family::revisions::RevisionFamily;
use crate::values::TimeDir;

/// Lists all revisions of the wiki, optionally of one user or some namespaces.
#[query_module(
    name = "allrevisions",
    group = "list",
    prefix = "arv",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allrevisions"
)]
pub struct AllRevisions {
    #[param(flatten)]
    pub family: RevisionFamily,
    pub user: Option<UserRef>,
    #[param(all)]
    pub namespace: Vec<Namespace>,
    pub start: Option<Timestamp>,
    pub end: Option<Timestamp>,
    #[param(default = "older")]
    pub dir: TimeDir,
    pub excludeuser: Option<UserRef>,
    pub generatetitles: bool,
}

impl QueryModule for AllRevisions {}
