//! `list=alllinks`: every link target, in title order.

use wikiquery_runtime::{query_module, ApiError, Limit, Namespace, QueryContext, QueryModule};

use crate::family::alllinks::{run, AllLinksListing, AllLinksProp, AllLinksRange, BacklinkTable};
use crate::values::SortDir;

/// Enumerates all links that point to a given namespace.
#[query_module(
    name = "alllinks",
    group = "list",
    cache = "public",
    prefix = "al",
    xml = "l",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Alllinks"
)]
pub struct AllLinks {
    #[param(flatten)]
    pub range: AllLinksRange,
    #[param(default = "title")]
    pub prop: Vec<AllLinksProp>,
    #[param(default = 0, extra_namespaces)]
    pub namespace: Namespace,
    #[param(default = 10)]
    pub limit: Limit,
    #[param(default = "ascending")]
    pub dir: SortDir,
}

impl QueryModule for AllLinks {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let listing =
            AllLinksListing::new(BacklinkTable::Pages, &self.range, self.namespace.0, &self.prop, self.dir, self.limit);
        run(ctx, listing)
    }
}
