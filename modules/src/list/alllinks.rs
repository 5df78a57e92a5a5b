//! `list=alllinks`: every link target, in title order.

use wikiquery_framework::{query_module, Limit, Namespace, QueryModule};

use crate::family::alllinks::{AllLinksProp, AllLinksRange};
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

impl QueryModule for AllLinks {}
