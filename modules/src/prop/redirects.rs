//! `prop=redirects`: the redirects to the given pages.

use wikiquery_framework::{query_module, Limit, Namespace, ParamValues, QueryModule};

/// What to return of each redirect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum RedirectProp {
    Fragment,
    Pageid,
    Title,
}

/// Which redirects by fragment: `!fragment` (without one) or `fragment`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum RedirectShow {
    #[value(rename = "!fragment")]
    NotFragment,
    Fragment,
}

/// Lists the redirects to each given page.
#[query_module(
    name = "redirects",
    group = "prop",
    prefix = "rd",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Redirects"
)]
pub struct Redirects {
    #[param(default = "pageid|title")]
    pub prop: Vec<RedirectProp>,
    #[param(all)]
    pub namespace: Vec<Namespace>,
    pub show: Vec<RedirectShow>,
    #[param(default = 10)]
    pub limit: Limit,
    #[param(rename = "continue")]
    pub continue_: Option<String>,
}

impl QueryModule for Redirects {}
