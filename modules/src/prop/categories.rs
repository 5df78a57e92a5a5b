//! `prop=categories`: the categories the given pages belong to.

use wikiquery_framework::{query_module, Limit, ParamValues, QueryModule};

use crate::values::SortDir;

/// What to return of each category.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum CategoryProp {
    Hidden,
    Sortkey,
    Timestamp,
}

/// Which categories by their hidden status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum CategoryShow {
    #[value(rename = "!hidden")]
    NotHidden,
    Hidden,
}

/// Lists the categories of pages.
#[query_module(
    name = "categories",
    group = "prop",
    prefix = "cl",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Categories"
)]
pub struct Categories {
    pub prop: Vec<CategoryProp>,
    pub show: Vec<CategoryShow>,
    #[param(default = 10)]
    pub limit: Limit,
    #[param(rename = "continue")]
    pub continue_: Option<String>,
    /// Only these categories (full titles).
    pub categories: Vec<String>,
    #[param(default = "ascending")]
    pub dir: SortDir,
}

impl QueryModule for Categories {}
