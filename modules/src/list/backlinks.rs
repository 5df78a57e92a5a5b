//! `list=backlinks`: pages that link to a given page.

use wikiquery_runtime::{query_module, ApiError, QueryContext, QueryModule};

use crate::family::backlinks::{run, BacklinkTable, BacklinksParams};

/// Lists the pages that link to a given page.
///
/// The page is named by `bltitle` or by `blpageid`, exactly one of the two. With `blredirect`,
/// the pages that reach it through a redirect are listed too. As a generator, it gives the
/// linking pages.
#[query_module(
    name = "backlinks",
    group = "list",
    cache = "public",
    prefix = "bl",
    xml = "bl",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Backlinks",
    example(query = "action=query&list=backlinks&bltitle=Cat", text = "List the pages that link to Cat."),
    example(
        query = "action=query&list=backlinks&bltitle=Cat&blredirect=1&blnamespace=0",
        text = "List the main namespace pages that link to Cat, directly or through a redirect to it."
    ),
    example(
        query = "action=query&generator=backlinks&gbltitle=Paris&prop=info",
        text = "Get page information about the pages that link to Paris."
    )
)]
pub struct Backlinks {
    // The page and listing parameters (family/backlinks.rs).
    #[param(flatten)]
    pub common: BacklinksParams,
    /// When a linking page is a redirect, also list the pages that link to that redirect,
    /// given under it; they count towards `bllimit`, whose highest value is then halved.
    pub redirect: bool,
}

impl QueryModule for Backlinks {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        run(ctx, &self.common, BacklinkTable::Pages, self.redirect)
    }
}
