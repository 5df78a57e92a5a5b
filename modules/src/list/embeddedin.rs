//! `list=embeddedin`: pages that transclude a given page.

use wikiquery_runtime::{query_module, ApiError, QueryContext, QueryModule};

use crate::family::backlinks::{run, BacklinkTable, BacklinksParams};

/// Lists the pages that transclude a given page, such as the pages using a template.
///
/// The page is named by `eititle` or by `eipageid`, exactly one of the two. Each transcluding
/// page is listed once, however many times it includes the page.
#[query_module(
    name = "embeddedin",
    group = "list",
    cache = "public",
    prefix = "ei",
    xml = "ei",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Embeddedin",
    example(
        query = "action=query&list=embeddedin&eititle=Template:Nav",
        text = "List the pages that use Template:Nav."
    ),
    example(
        query = "action=query&list=embeddedin&eititle=Template:Sig&einamespace=3&eilimit=20",
        text = "List up to 20 user talk pages that transclude Template:Sig."
    ),
    example(
        query = "action=query&generator=embeddedin&geititle=Template:Nav&prop=info",
        text = "Get page information about the pages that transclude Template:Nav."
    )
)]
pub struct EmbeddedIn {
    // The page and listing parameters (family/backlinks.rs).
    #[param(flatten)]
    pub common: BacklinksParams,
}

impl QueryModule for EmbeddedIn {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        run(ctx, &self.common, BacklinkTable::Templates, false)
    }
}
