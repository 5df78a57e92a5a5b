//! `prop=linkshere`: the pages that link to the given pages.

use wikiquery_runtime::{query_module, ApiError, QueryContext, QueryModule};

use crate::family::backlinksprop::{run, BacklinkTable, BacklinksPropParams};

/// Lists the pages linking to each given page.
#[query_module(
    name = "linkshere",
    group = "prop",
    cache = "public",
    prefix = "lh",
    xml = "lh",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Linkshere"
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
