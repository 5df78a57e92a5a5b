//! `prop=links`: the pages linked from the given pages.

use wikiquery_runtime::{query_module, ApiError, QueryContext, QueryModule};

use crate::family::links::{run, LinkListing, LinkTable, LinksParams};
use crate::values::SortDir;

/// Lists the internal links of pages.
#[query_module(
    name = "links",
    group = "prop",
    cache = "public",
    prefix = "pl",
    xml = "pl",
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

impl QueryModule for Links {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        run(
            ctx,
            LinkListing {
                table: LinkTable::Pages,
                namespaces: self.common.namespace.iter().map(|n| n.0).collect(),
                targets: &self.titles,
                continue_: self.common.continue_.as_ref(),
                descending: self.dir == SortDir::Descending,
                limit: self.common.limit,
            },
        )
    }
}
