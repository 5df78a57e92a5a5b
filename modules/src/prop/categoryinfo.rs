//! `prop=categoryinfo`: member counts of the given category pages.

use wikiquery_framework::{query_module, QueryModule};

/// Information about categories: how many pages, files and subcategories they hold.
#[query_module(
    name = "categoryinfo",
    group = "prop",
    prefix = "ci",
    readrights,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Categoryinfo"
)]
pub struct CategoryInfo {
    #[param(rename = "continue")]
    pub continue_: Option<String>,
}

impl QueryModule for CategoryInfo {}
