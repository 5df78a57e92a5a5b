//! `list=allredirects`: every redirect target, in title order.

use wikiquery_runtime::{query_module, ApiError, Limit, Namespace, ParamValues, QueryContext, QueryModule};

use crate::family::alllinks::{run, AllLinksListing, AllLinksRange, BacklinkTable};
use crate::values::SortDir;

/// What to return of each redirect target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum AllRedirectsProp {
    Fragment,
    Ids,
    Interwiki,
    Title,
}

/// Enumerates all redirects to a namespace.
#[query_module(
    name = "allredirects",
    group = "list",
    cache = "public",
    prefix = "ar",
    xml = "r",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allredirects"
)]
pub struct AllRedirects {
    #[param(flatten)]
    pub range: AllLinksRange,
    #[param(default = "title")]
    pub prop: Vec<AllRedirectsProp>,
    #[param(default = 0, extra_namespaces)]
    pub namespace: Namespace,
    #[param(default = 10)]
    pub limit: Limit,
    #[param(default = "ascending")]
    pub dir: SortDir,
}

impl QueryModule for AllRedirects {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let listing = AllLinksListing::new(
            BacklinkTable::Redirects,
            &self.range,
            self.namespace.0,
            &self.prop,
            self.dir,
            self.limit,
        );
        run(ctx, listing)
    }
}
