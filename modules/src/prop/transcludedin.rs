//! `prop=transcludedin`: the pages that transclude the given pages.

use wikiquery_framework::{query_module, Limit, Namespace, QueryModule};

use crate::values::BacklinkShow;
use crate::values::BACKLINK_PROP;

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

impl QueryModule for TranscludedIn {}
