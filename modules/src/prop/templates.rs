//! `prop=templates`: the pages transcluded on the given pages.

use wikiquery_runtime::{query_module, ApiError, QueryContext, QueryModule};

use crate::family::links::{run, LinkListing, LinkTable, LinksParams};
use crate::values::SortDir;

/// Lists the pages each given page transcludes.
#[query_module(
    name = "templates",
    group = "prop",
    cache = "public",
    prefix = "tl",
    xml = "tl",
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

impl QueryModule for Templates {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        run(
            ctx,
            LinkListing {
                table: LinkTable::Templates,
                namespaces: self.common.namespace.iter().map(|n| n.0).collect(),
                targets: &self.templates,
                continue_: self.common.continue_.as_ref(),
                descending: self.dir == SortDir::Descending,
                limit: self.common.limit,
            },
        )
    }
}
