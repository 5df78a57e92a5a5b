//! `list=langbacklinks`: pages that link to a given interlanguage link.

use wikiquery_framework::{query_module, Limit, ParamValues, QueryModule};

use crate::values::SortDir;

/// What to return of each linking page besides its title.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum LangBacklinkProp {
    Lllang,
    Lltitle,
}

/// Pages linking to a language, or to one title in it.
#[query_module(
    name = "langbacklinks",
    group = "list",
    prefix = "lbl",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Langbacklinks"
)]
pub struct LangBacklinks {
    pub lang: Option<String>,
    pub title: Option<String>,
    #[param(rename = "continue")]
    pub continue_: Option<String>,
    #[param(default = 10)]
    pub limit: Limit,
    #[param(default = "")]
    pub prop: Vec<LangBacklinkProp>,
    #[param(default = "ascending")]
    pub dir: SortDir,
}

impl QueryModule for LangBacklinks {}
