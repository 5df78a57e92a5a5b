//! `list=backlinks`: pages that link to a given page.

use wikiquery_framework::{query_module, QueryModule};

use crate::family::backlinks::BacklinksParams;

/// Finds all pages that link to the given page, given by title or by page id.
#[query_module(
    name = "backlinks",
    group = "list",
    prefix = "bl",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Backlinks"
)]
pub struct Backlinks {
    #[param(flatten)]
    pub common: BacklinksParams,
    /// Also list pages that link through a redirect to the page.
    pub redirect: bool,
}

impl QueryModule for Backlinks {}
