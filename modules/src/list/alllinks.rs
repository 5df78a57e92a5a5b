//! `list=alllinks`: every link target, in title order.

use wikiquery_framework::{query_module, ApiError, ValueList, Limit, Namespace, QueryContext, QueryModule};

use crate::family::alllinks::{run, AllLinksListing, AllLinksProp, AllLinksRange, BacklinkTable};
use crate::values::SortDir;

/// Enumerates all links that point to a given namespace.
#[query_module(
    name = "alllinks",
    group = "list",
    prefix = "al",
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
        let listing = AllLinksListing {
            table: BacklinkTable::Pages,
            range: &self.range,
            namespace: self.namespace.0,
            props: self.prop.iter().map(|p| p.as_str()).collect(),
            descending: self.dir == SortDir::Descending,
            limit: self.limit,
        };
        run(ctx, listing)
    }
}
