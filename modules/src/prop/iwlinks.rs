//! `prop=iwlinks`: the interwiki links of the given pages.

use wikiquery_framework::{query_module, Limit, ParamValues, QueryModule};

use crate::values::SortDir;

/// What to return of each interwiki link.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum IwLinkProp {
    Url,
}

/// Lists the interwiki links of pages.
#[query_module(
    name = "iwlinks",
    group = "prop",
    prefix = "iw",
    readrights,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Iwlinks"
)]
pub struct IwLinks {
    pub prop: Vec<IwLinkProp>,
    /// Only links with this interwiki prefix.
    pub prefix: Option<String>,
    /// Only the link to this title (with `prefix`).
    pub title: Option<String>,
    #[param(default = "ascending")]
    pub dir: SortDir,
    #[param(default = 10)]
    pub limit: Limit,
    #[param(rename = "continue")]
    pub continue_: Option<String>,
    #[param(deprecated)]
    pub url: bool,
}

impl QueryModule for IwLinks {}
