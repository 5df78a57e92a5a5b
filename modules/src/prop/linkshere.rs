//! `prop=linkshere`: the pages that link to the given pages.

use wikiquery_runtime::{query_module, ApiError, QueryContext, QueryModule};

use crate::family::backlinksprop::{run, BacklinkTable, BacklinksPropParams};

/// Lists the pages that link to the given pages.
///
/// As a generator, gives those pages.
#[query_module(
    name = "linkshere",
    group = "prop",
    cache = "public",
    prefix = "lh",
    xml = "lh",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Linkshere",
    example(query = "action=query&prop=linkshere&titles=Cat", text = "List the pages that link to the page Cat."),
    example(
        query = "action=query&prop=linkshere&titles=Cat&lhprop=title&lhshow=redirect",
        text = "List the titles of the redirects among the pages that link to Cat."
    ),
    example(
        query = "action=query&generator=linkshere&titles=Cat&prop=info",
        text = "Get basic information about the pages that link to Cat."
    )
)]
pub struct LinksHere {
    #[param(flatten)]
    pub common: BacklinksPropParams,
}

impl QueryModule for LinksHere {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        run(ctx, self.common.listing(BacklinkTable::Pages))
    }
}
