//! `prop=transcludedin`: the pages that transclude the given pages.

use wikiquery_runtime::{query_module, ApiError, QueryContext, QueryModule};

use crate::family::backlinksprop::{run, BacklinkTable, BacklinksPropParams};

/// Lists the pages transcluding each given page.
#[query_module(
    name = "transcludedin",
    group = "prop",
    cache = "public",
    prefix = "ti",
    xml = "ti",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Transcludedin"
)]
pub struct TranscludedIn {
    #[param(flatten)]
    pub common: BacklinksPropParams,
}

impl QueryModule for TranscludedIn {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        run(ctx, self.common.listing(BacklinkTable::Templates))
    }
}
