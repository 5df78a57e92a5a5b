//! `prop=templates`: the pages transcluded on the given pages.

use wikiquery_runtime::{query_module, ApiError, QueryContext, QueryModule};

use crate::family::links::{run, LinkListing, LinkTable, LinksParams};
use crate::values::SortDir;

/// Lists the pages transcluded on the given pages, templates mostly.
///
/// As a generator, gives the transcluded pages.
#[query_module(
    name = "templates",
    group = "prop",
    cache = "public",
    prefix = "tl",
    xml = "tl",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Templates",
    example(query = "action=query&prop=templates&titles=Cat", text = "List the pages transcluded on the page Cat."),
    example(
        query = "action=query&generator=templates&titles=Cat&prop=info",
        text = "Get basic information about each page transcluded on Cat."
    ),
    example(
        query = "action=query&prop=templates&titles=Cat|Sheep&tltemplates=Template:Stub",
        text = "Check whether the pages Cat and Sheep transclude Template:Stub."
    )
)]
pub struct Templates {
    #[param(flatten)]
    pub common: LinksParams,
    /// Only list these pages, given as full titles (e.g. `Template:Nav`); useful to check
    /// whether the given pages transclude them.
    pub templates: Vec<String>,
    /// The direction to list the pages in (by namespace, then title).
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
