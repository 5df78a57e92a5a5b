//! `prop=fileusage`: the pages that use the given files.

use wikiquery_runtime::{query_module, ApiError, QueryContext, QueryModule};

use crate::family::backlinksprop::{run, BacklinkTable, BacklinksPropParams};

/// Lists the pages using each given file.
#[query_module(
    name = "fileusage",
    group = "prop",
    cache = "public",
    prefix = "fu",
    xml = "fu",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Fileusage"
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
