//! `list=imageusage`: pages that use a given file.

use wikiquery_runtime::{query_module, ApiError, QueryContext, QueryModule};

use crate::family::backlinks::{run, BacklinkTable, BacklinksParams};

/// Lists the pages that use a given file, by embedding it or linking to it as media.
///
/// The file is named by `iutitle` or by `iupageid`, exactly one of the two, and must be in
/// the File namespace.
#[query_module(
    name = "imageusage",
    group = "list",
    cache = "public",
    prefix = "iu",
    xml = "iu",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Imageusage",
    example(
        query = "action=query&list=imageusage&iutitle=File:Example.png",
        text = "List the pages that use File:Example.png."
    ),
    example(
        query = "action=query&list=imageusage&iutitle=File:Example.png&iuredirect=1&iulimit=20",
        text = "List up to 20 pages that use File:Example.png, directly or through a redirect to it."
    ),
    example(
        query = "action=query&generator=imageusage&giutitle=File:Diagram.svg&prop=info",
        text = "Get page information about the pages that use File:Diagram.svg."
    )
)]
pub struct ImageUsage {
    // The file and listing parameters (family/backlinks.rs).
    #[param(flatten)]
    pub common: BacklinksParams,
    /// Also list the pages that use the file through a redirect to it, given under each
    /// redirect; they count towards `iulimit`, whose highest value is then halved.
    pub redirect: bool,
}

impl QueryModule for ImageUsage {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        run(ctx, &self.common, BacklinkTable::Images, self.redirect)
    }
}
