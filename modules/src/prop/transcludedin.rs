//! `prop=transcludedin`: the pages that transclude the given pages.

use wikiquery_framework::{query_module, QueryModule};

use crate::family::backlinksprop::BacklinksPropParams;

/// Lists the pages transcluding each given page.
#[query_module(
    name = "transcludedin",
    group = "prop",
    prefix = "ti",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Transcludedin"
)]
pub struct TranscludedIn {
    #[param(flatten)]
    pub common: BacklinksPropParams,
}

impl QueryModule for TranscludedIn {}
