//! `prop=templates`: the pages transcluded on the given pages.

use wikiquery_framework::{query_module, QueryModule};

use crate::family::links::LinksParams;
use crate::values::SortDir;

/// Lists the pages each given page transcludes.
#[query_module(
    name = "templates",
    group = "prop",
    prefix = "tl",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Templates"
)]
pub struct Templates {
    #[param(flatten)]
    pub common: LinksParams,
    /// Only these targets (full titles).
    pub templates: Vec<String>,
    #[param(default = "ascending")]
    pub dir: SortDir,
}

impl QueryModule for Templates {}
