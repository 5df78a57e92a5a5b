//! `prop=linkshere`: the pages that link to the given pages.

use wikiquery_framework::{query_module, Limit, Namespace, QueryModule};

use crate::values::{BacklinkShow, BACKLINK_PROP};

/// Lists the pages linking to each given page.
#[query_module(
    name = "linkshere",
    group = "prop",
    prefix = "lh",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Linkshere"
)]
pub struct LinksHere {
    #[param(values = BACKLINK_PROP, default = "pageid|title|redirect")]
    pub prop: Vec<String>,
    #[param(all)]
    pub namespace: Vec<Namespace>,
    pub show: Vec<BacklinkShow>,
    #[param(default = 10)]
    pub limit: Limit,
    #[param(rename = "continue")]
    pub continue_: Option<String>,
}

impl QueryModule for LinksHere {}
