//! `list=allredirects`: every redirect target, in title order.

use wikiquery_framework::{query_module, Limit, Namespace, ParamValues, QueryModule};

use crate::family::alllinks::AllLinksRange;
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

impl QueryModule for AllRedirects {}
