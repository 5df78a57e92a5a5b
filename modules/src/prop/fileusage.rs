//! `prop=fileusage`: the pages that use the given files.

use wikiquery_runtime::{query_module, ApiError, QueryContext, QueryModule};

use crate::family::backlinksprop::{run, BacklinkTable, BacklinksPropParams};

/// Lists the pages that use the given files.
///
/// As a generator, gives those pages.
#[query_module(
    name = "fileusage",
    group = "prop",
    cache = "public",
    prefix = "fu",
    xml = "fu",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Fileusage",
    example(
        query = "action=query&prop=fileusage&titles=File:Example.png",
        text = "List the pages that use File:Example.png."
    ),
    example(
        query = "action=query&generator=fileusage&titles=File:Diagram.svg&prop=info",
        text = "Get basic information about the pages that use File:Diagram.svg."
    )
)]
pub struct FileUsage {
    #[param(flatten)]
    pub common: BacklinksPropParams,
}

impl QueryModule for FileUsage {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        run(ctx, self.common.listing(BacklinkTable::Images))
    }
}
