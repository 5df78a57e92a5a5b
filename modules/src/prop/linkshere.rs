//! `prop=linkshere`: the pages that link to the given pages.

use wikiquery_framework::{query_module, QueryModule};

use crate::family::backlinksprop::BacklinksPropParams;

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
    #[param(flatten)]
    pub common: BacklinksPropParams,
}

impl QueryModule for LinksHere {}
