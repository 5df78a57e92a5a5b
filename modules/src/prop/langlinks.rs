//! `prop=langlinks`: the interlanguage links of the given pages.

use wikiquery_framework::{query_module, Limit, ParamValues, QueryModule};

use crate::values::SortDir;

/// What to return of each language link.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum LangLinkProp {
    Autonym,
    Langname,
    Url,
}

/// Lists the interlanguage links of pages.
#[query_module(
    name = "langlinks",
    group = "prop",
    prefix = "ll",
    readrights,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Langlinks"
)]
pub struct LangLinks {
    pub prop: Vec<LangLinkProp>,
    /// Only links to this language code.
    pub lang: Option<String>,
    /// Only the link to this title (with `lang`).
    pub title: Option<String>,
    #[param(default = "ascending")]
    pub dir: SortDir,
    /// Language for the localized language names.
    #[param(default = "en")]
    pub inlanguagecode: String,
    #[param(default = 10)]
    pub limit: Limit,
    #[param(rename = "continue")]
    pub continue_: Option<String>,
    #[param(deprecated)]
    pub url: bool,
}

impl QueryModule for LangLinks {}
