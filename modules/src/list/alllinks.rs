//! `list=alllinks`: every link target, in title order.

use wikiquery_framework::{query_module, Limit, Namespace, ParamValues, QueryModule};

use crate::values::SortDir;

/// What to return of each link target; shared by `alllinks`, `allfileusages` and
/// `alltransclusions`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum AllLinksProp {
    Ids,
    Title,
}

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
    #[param(rename = "continue")]
    pub continue_: Option<String>,
    pub from: Option<String>,
    pub to: Option<String>,
    pub prefix: Option<String>,
    pub unique: bool,
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
