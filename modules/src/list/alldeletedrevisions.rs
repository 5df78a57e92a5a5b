//! `list=alldeletedrevisions`: deleted revisions, by user or across namespaces.

use wikiquery_framework::{query_module, Namespace, QueryModule, Timestamp, UserRef};

use crate::family::revisions::RevisionFamily;
use crate::values::TimeDir;

/// Lists all deleted revisions, of one user or of every page in a namespace range.
#[query_module(
    name = "alldeletedrevisions",
    group = "list",
    prefix = "adr",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Alldeletedrevisions"
)]
pub struct AllDeletedRevisions {
    #[param(flatten)]
    pub family: RevisionFamily,
    pub user: Option<UserRef>,
    #[param(all)]
    pub namespace: Vec<Namespace>,
    #[param(info = "useronly")]
    pub start: Option<Timestamp>,
    #[param(info = "useronly")]
    pub end: Option<Timestamp>,
    #[param(default = "older")]
    pub dir: TimeDir,
    #[param(info = "nonuseronly")]
    pub from: Option<String>,
    #[param(info = "nonuseronly")]
    pub to: Option<String>,
    #[param(info = "nonuseronly")]
    pub prefix: Option<String>,
    #[param(info = "nonuseronly")]
    pub excludeuser: Option<UserRef>,
    pub generatetitles: bool,
}

impl QueryModule for AllDeletedRevisions {}
