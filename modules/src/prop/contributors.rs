//! `prop=contributors`: the users who edited the given pages.

use wikiquery_framework::{query_module, Limit, QueryModule};

use wikiquery_domain::rights::{CONTRIBUTOR_RIGHTS, GROUPS};

/// Lists the logged-in contributors of pages and counts the anonymous ones.
#[query_module(
    name = "contributors",
    group = "prop",
    prefix = "pc",
    readrights,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Contributors"
)]
pub struct Contributors {
    #[param(values = GROUPS)]
    pub group: Vec<String>,
    #[param(values = GROUPS)]
    pub excludegroup: Vec<String>,
    #[param(values = CONTRIBUTOR_RIGHTS)]
    pub rights: Vec<String>,
    #[param(values = CONTRIBUTOR_RIGHTS)]
    pub excluderights: Vec<String>,
    #[param(default = 10)]
    pub limit: Limit,
    #[param(rename = "continue")]
    pub continue_: Option<String>,
}

impl QueryModule for Contributors {}
