//! `list=alltransclusions`: every transcluded page, in title order.

use wikiquery_runtime::{query_module, ApiError, Limit, Namespace, QueryContext, QueryModule};

use crate::family::alllinks::{run, AllLinksListing, AllLinksProp, AllLinksRange, BacklinkTable};
use crate::values::SortDir;

/// Enumerates all transclusions (pages embedded with `{{x}}`), including of missing pages.
#[query_module(
    name = "alltransclusions",
    group = "list",
    cache = "public",
    prefix = "at",
    xml = "t",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Alltransclusions"
)]
pub struct AllTransclusions {
    #[param(flatten)]
    pub range: AllLinksRange,
    #[param(default = "title")]
    pub prop: Vec<AllLinksProp>,
    #[param(default = 10, extra_namespaces)]
    pub namespace: Namespace,
    #[param(default = 10)]
    pub limit: Limit,
    #[param(default = "ascending")]
    pub dir: SortDir,
}

impl QueryModule for AllTransclusions {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let listing = AllLinksListing::new(
            BacklinkTable::Templates,
            &self.range,
            self.namespace.0,
            &self.prop,
            self.dir,
            self.limit,
        );
        run(ctx, listing)
    }
}
