//! `prop=transcludedin`: the pages that transclude the given pages.

use wikiquery_runtime::{query_module, ApiError, QueryContext, QueryModule};

use crate::family::backlinksprop::{run, BacklinkTable, BacklinksPropParams};

/// Lists the pages that transclude the given pages.
///
/// As a generator, gives those pages.
#[query_module(
    name = "transcludedin",
    group = "prop",
    cache = "public",
    prefix = "ti",
    xml = "ti",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Transcludedin",
    example(
        query = "action=query&prop=transcludedin&pageids=4",
        text = "List the pages that transclude Template:Nav (page id 4)."
    ),
    example(
        query = "action=query&generator=transcludedin&titles=Template:Stub&prop=info",
        text = "Get basic information about the pages that transclude Template:Stub."
    )
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
