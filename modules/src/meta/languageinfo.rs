//! `meta=languageinfo`: information about the languages the site knows.

use wikiquery_framework::{query_module, ParamValues, QueryModule};

/// What to return of each language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum LanguageInfoProp {
    Autonym,
    Bcp47,
    Code,
    Dir,
    Fallbacks,
    Name,
    Variantnames,
    Variants,
}

/// Information about languages; has no help page.
#[query_module(name = "languageinfo", group = "meta", prefix = "li", readrights)]
pub struct LanguageInfo {
    #[param(default = "code")]
    pub prop: Vec<LanguageInfoProp>,
    /// Language codes; `*` (the default) means all.
    #[param(default = "*")]
    pub code: Vec<String>,
    #[param(rename = "continue")]
    pub continue_: Option<String>,
}

impl QueryModule for LanguageInfo {}
