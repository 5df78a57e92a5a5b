//! `prop=pageprops`: the page properties of the given pages.

use wikiquery_framework::{query_module, QueryModule};

/// Page properties set in page content.
#[query_module(
    name = "pageprops",
    group = "prop",
    prefix = "pp",
    readrights,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Pageprops"
)]
pub struct PageProps {
    #[param(rename = "continue")]
    pub continue_: Option<String>,
    /// Only these property names; all when empty.
    pub prop: Vec<String>,
}

impl QueryModule for PageProps {}
