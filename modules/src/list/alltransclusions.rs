//! `list=alltransclusions`: every transcluded page, in title order.

use wikiquery_framework::{query_module, Limit, Namespace, QueryModule};

use crate::family::alllinks::{AllLinksProp, AllLinksRange};
use crate::values::SortDir;

/// Enumerates all transclusions (pages embedded with `{{x}}`), including of missing pages.
#[query_module(
    name = "alltransclusions",
    group = "list",
    prefix = "at",
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

impl QueryModule for AllTransclusions {}
