//! `list=allredirects`: every redirect target, in title order.

use wikiquery_runtime::{query_module, ApiError, Limit, Namespace, ParamValues, QueryContext, QueryModule};

use crate::family::alllinks::{run, AllLinksListing, AllLinksRange, BacklinkTable};
use crate::values::SortDir;

/// What to return of each redirect target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum AllRedirectsProp {
    /// The section the redirect points to (what follows `#` in its target), when it has one.
    /// Not with `arunique`.
    Fragment,
    /// The page id of the redirect itself. Not with `arunique`.
    Ids,
    /// The interwiki prefix of the target, when the redirect points to another wiki. Not with
    /// `arunique`.
    Interwiki,
    /// The namespace and title of the redirect's target.
    Title,
}

/// Lists the targets of the wiki's redirects into one namespace, in title order.
///
/// Each target is listed once for every redirect pointing to it, unless `arunique` is given.
/// As a generator, it gives the redirects, or with `arunique` the targets.
#[query_module(
    name = "allredirects",
    group = "list",
    cache = "public",
    prefix = "ar",
    xml = "r",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allredirects",
    example(
        query = "action=query&list=allredirects&arunique=1",
        text = "List the titles in the main namespace that redirects point to, once each."
    ),
    example(
        query = "action=query&list=allredirects&arprop=ids|title|fragment",
        text = "List the redirects to main namespace pages with the id of each redirect and its section."
    ),
    example(
        query = "action=query&generator=allredirects&garunique=1&prop=info",
        text = "Get page information about the pages that redirects point to."
    )
)]
pub struct AllRedirects {
    // The range parameters shared with the other all-links modules (family/alllinks.rs).
    #[param(flatten)]
    pub range: AllLinksRange,
    /// What to return for each redirect.
    #[param(default = "title")]
    pub prop: Vec<AllRedirectsProp>,
    /// The namespace of the redirect targets to list.
    #[param(default = 0, extra_namespaces)]
    pub namespace: Namespace,
    /// How many redirects to return.
    #[param(default = 10)]
    pub limit: Limit,
    /// The order to list the target titles in.
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
