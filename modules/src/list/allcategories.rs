//! `list=allcategories`: every category, in name order.

use wikiquery_framework::{query_module, Limit, ParamValues, QueryModule};

use crate::values::SortDir;

/// What to return of each category besides its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum AllCategoriesProp {
    Hidden,
    Size,
}

/// Enumerates all categories.
#[query_module(
    name = "allcategories",
    group = "list",
    prefix = "ac",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allcategories"
)]
pub struct AllCategories {
    pub from: Option<String>,
    #[param(rename = "continue")]
    pub continue_: Option<String>,
    pub to: Option<String>,
    pub prefix: Option<String>,
    #[param(default = "ascending")]
    pub dir: SortDir,
    /// Only categories with at least this many members.
    pub min: Option<i64>,
    /// Only categories with at most this many members.
    pub max: Option<i64>,
    #[param(default = 10)]
    pub limit: Limit,
    #[param(default = "")]
    pub prop: Vec<AllCategoriesProp>,
}

impl QueryModule for AllCategories {}
