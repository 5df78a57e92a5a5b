//! `list=allredirects`: every redirect target, in title order.

use wikiquery_framework::{query_module, ApiError, ValueList, Limit, Namespace, ParamValues, QueryContext, QueryModule};

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
    prefix = "ar",
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
        let listing = AllLinksListing {
            table: BacklinkTable::Redirects,
            range: &self.range,
            namespace: self.namespace.0,
            props: self.prop.iter().map(|p| p.as_str()).collect(),
            descending: self.dir == SortDir::Descending,
            limit: self.limit,
        };
        run(ctx, listing)
    }
}
