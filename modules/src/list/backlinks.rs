//! `list=backlinks`: pages that link to a given page.

use wikiquery_runtime::{query_module, ApiError, QueryContext, QueryModule};

use crate::family::backlinks::{run, BacklinkTable, BacklinksParams};

/// Finds all pages that link to the given page, given by title or by page id.
#[query_module(
    name = "backlinks",
    group = "list",
    cache = "public",
    prefix = "bl",
    xml = "bl",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Backlinks"
)]
pub struct Backlinks {
    #[param(flatten)]
    pub common: BacklinksParams,
    /// Also list pages that link through a redirect to the page.
    pub redirect: bool,
}

impl QueryModule for Backlinks {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        run(ctx, &self.common, BacklinkTable::Pages, self.redirect)
    }
}
