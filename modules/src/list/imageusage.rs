//! `list=imageusage`: pages that use a given file.

use wikiquery_runtime::{query_module, ApiError, QueryContext, QueryModule};

use crate::family::backlinks::{run, BacklinkTable, BacklinksParams};

/// Pages that use the given file (by title or page id).
#[query_module(
    name = "imageusage",
    group = "list",
    cache = "public",
    prefix = "iu",
    xml = "iu",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Imageusage"
)]
pub struct ImageUsage {
    #[param(flatten)]
    pub common: BacklinksParams,
    /// Also list pages that use the file through a redirect.
    pub redirect: bool,
}

impl QueryModule for ImageUsage {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        run(ctx, &self.common, BacklinkTable::Images, self.redirect)
    }
}
