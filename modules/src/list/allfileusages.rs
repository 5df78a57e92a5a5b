//! `list=allfileusages`: every file that is used, in title order.

use wikiquery_framework::{query_module, ApiError, ValueList, Limit, QueryContext, QueryModule};

use crate::family::alllinks::{run, AllLinksListing, AllLinksProp, AllLinksRange, BacklinkTable};
use crate::values::SortDir;

/// Enumerates all file usages, including those of files that do not exist.
#[query_module(
    name = "allfileusages",
    group = "list",
    prefix = "af",
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
        let listing = AllLinksListing {
            table: BacklinkTable::Images,
            range: &self.range,
            namespace: 6,
            props: self.prop.iter().map(|p| p.as_str()).collect(),
            descending: self.dir == SortDir::Descending,
            limit: self.limit,
        };
        run(ctx, listing)
    }
}
