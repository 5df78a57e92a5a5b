//! `list=embeddedin`: pages that transclude a given page.

use wikiquery_framework::{query_module, QueryModule};

use crate::family::backlinks::BacklinksParams;

/// Finds all pages that embed (transclude) the given page, given by title or by page id.
#[query_module(
    name = "embeddedin",
    group = "list",
    prefix = "ei",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Embeddedin"
)]
pub struct EmbeddedIn {
    #[param(flatten)]
    pub common: BacklinksParams,
}

impl QueryModule for EmbeddedIn {}
