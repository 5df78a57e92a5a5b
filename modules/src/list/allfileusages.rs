//! `list=allfileusages`: every file that is used, in title order.

use wikiquery_runtime::{query_module, ApiError, Limit, QueryContext, QueryModule};

use crate::family::alllinks::{run, AllLinksListing, AllLinksProp, AllLinksRange, BacklinkTable};
use crate::values::SortDir;

/// Lists the files that pages use, in title order, whether the files exist or not.
///
/// Each use is listed once for every page that makes it, unless `afunique` is given. As a
/// generator, it gives the using pages, or with `afunique` the files' pages.
#[query_module(
    name = "allfileusages",
    group = "list",
    cache = "public",
    prefix = "af",
    xml = "f",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allfileusages",
    example(
        query = "action=query&list=allfileusages&afunique=1&affrom=D",
        text = "List the names of the used files once each, starting at D."
    ),
    example(
        query = "action=query&list=allfileusages&afprop=ids|title",
        text = "List the file uses with the page id of each page that uses the file."
    ),
    example(
        query = "action=query&generator=allfileusages&gafunique=1&prop=imageinfo",
        text = "Get file information about every file used on a page."
    )
)]
pub struct AllFileUsages {
    // The range parameters shared with the other all-links modules (family/alllinks.rs).
    #[param(flatten)]
    pub range: AllLinksRange,
    /// What to return for each file use.
    #[param(default = "title")]
    pub prop: Vec<AllLinksProp>,
    /// How many file uses to return.
    #[param(default = 10)]
    pub limit: Limit,
    /// The order to list the file names in.
    #[param(default = "ascending")]
    pub dir: SortDir,
}

impl QueryModule for AllFileUsages {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let listing = AllLinksListing::new(BacklinkTable::Images, &self.range, 6, &self.prop, self.dir, self.limit);
        run(ctx, listing)
    }
}
