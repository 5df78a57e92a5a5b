//! `list=pageswithprop`: pages that carry a given page property.

use wikiquery_framework::{query_module, Limit, ParamValues, QueryModule};

use crate::values::SortDir;

/// What to return of each page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum PagesWithPropProp {
    Ids,
    Title,
    Value,
}

/// Pages using the given page property, by page id.
#[query_module(
    name = "pageswithprop",
    group = "list",
    prefix = "pwp",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Pageswithprop"
)]
pub struct PagesWithProp {
    pub propname: String,
    #[param(default = "ids|title")]
    pub prop: Vec<PagesWithPropProp>,
    #[param(rename = "continue")]
    pub continue_: Option<String>,
    #[param(default = 10)]
    pub limit: Limit,
    #[param(default = "ascending")]
    pub dir: SortDir,
}

impl QueryModule for PagesWithProp {}
