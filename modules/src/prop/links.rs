//! `prop=links`: the pages linked from the given pages.

use wikiquery_runtime::{query_module, ApiError, QueryContext, QueryModule};

use crate::family::links::{run, LinkListing, LinkTable, LinksParams};
use crate::values::SortDir;

/// Lists the pages the given pages link to.
///
/// As a generator, gives the linked pages, whether they exist or not.
#[query_module(
    name = "links",
    group = "prop",
    cache = "public",
    prefix = "pl",
    xml = "pl",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Links",
    example(query = "action=query&prop=links&titles=Main%20Page", text = "List the links on the page Main Page."),
    example(
        query = "action=query&generator=links&titles=Main%20Page&prop=info",
        text = "Get basic information about each page Main Page links to."
    ),
    example(
        query = "action=query&prop=links&titles=Main%20Page|Cat&pltitles=Dog|Paris",
        text = "Check whether the pages Main Page and Cat link to Dog or Paris."
    )
)]
pub struct Links {
    #[param(flatten)]
    pub common: LinksParams,
    /// Only list links to these pages, given as full titles; useful to check whether the
    /// given pages link to them.
    pub titles: Vec<String>,
    /// The direction to list the links in (by namespace, then title).
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
