//! `list=allfileusages`: every file that is used, in title order.

use wikiquery_runtime::{query_module, ApiError, Limit, QueryContext, QueryModule};

use crate::family::alllinks::{run, AllLinksListing, AllLinksProp, AllLinksRange, BacklinkTable};
use crate::values::SortDir;

/// Enumerates all file usages, including those of files that do not exist.
#[query_module(
    name = "allfileusages",
    group = "list",
    cache = "public",
    prefix = "af",
    xml = "f",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allfileusages"
)]
pub struct AllFileUsages {
    #[param(flatten)]
    pub range: AllLinksRange,
    #[param(default = "title")]
    pub prop: Vec<AllLinksProp>,
    #[param(default = 10)]
    pub limit: Limit,
    #[param(default = "ascending")]
    pub dir: SortDir,
}

impl QueryModule for AllFileUsages {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let listing = AllLinksListing::new(BacklinkTable::Images, &self.range, 6, &self.prop, self.dir, self.limit);
        run(ctx, listing)
    }
}
