//! `list=alltransclusions`: every transcluded page, in title order.

use wikiquery_framework::{query_module, Limit, Namespace, QueryModule};

use super::alllinks::AllLinksProp;
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
    #[param(rename = "continue")]
    pub continue_: Option<String>,
    pub from: Option<String>,
    pub to: Option<String>,
    pub prefix: Option<String>,
    pub unique: bool,
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
