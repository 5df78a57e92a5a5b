//! `prop=links`: the pages linked from the given pages.

use wikiquery_framework::{query_module, QueryModule};

use crate::family::links::LinksParams;
use crate::values::SortDir;

/// Lists the internal links of pages.
#[query_module(
    name = "links",
    group = "prop",
    prefix = "pl",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Links"
)]
pub struct Links {
    #[param(flatten)]
    pub common: LinksParams,
    /// Only these targets (full titles).
    pub titles: Vec<String>,
    #[param(default = "ascending")]
    pub dir: SortDir,
}

impl QueryModule for Links {}
