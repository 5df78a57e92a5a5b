//! `list=embeddedin`: pages that transclude a given page.

use wikiquery_runtime::{query_module, ApiError, QueryContext, QueryModule};

use crate::family::backlinks::{run, BacklinkTable, BacklinksParams};

/// Finds all pages that embed (transclude) the given page, given by title or by page id.
#[query_module(
    name = "embeddedin",
    group = "list",
    cache = "public",
    prefix = "ei",
    xml = "ei",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Embeddedin"
)]
pub struct EmbeddedIn {
    #[param(flatten)]
    pub common: BacklinksParams,
}

impl QueryModule for EmbeddedIn {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        run(ctx, &self.common, BacklinkTable::Templates, false)
    }
}
