//! `list=categorymembers`: the pages of a category.

use wikiquery_framework::{query_module, Limit, Namespace, ParamValues, QueryModule, Timestamp};

/// What to return of each member.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum CategoryMembersProp {
    Ids,
    Sortkey,
    Sortkeyprefix,
    Timestamp,
    Title,
    Type,
}

/// The kind of a category member.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum CategoryMemberType {
    File,
    Page,
    Subcat,
}

/// The order of the listing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum CategoryMembersSort {
    Sortkey,
    Timestamp,
}

/// The direction; `asc`/`desc` and `newer`/`older` are synonyms of `ascending`/`descending`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum CategoryMembersDir {
    Asc,
    Ascending,
    Desc,
    Descending,
    Newer,
    Older,
}

/// Lists all pages in a category, given by title or by page id.
#[query_module(
    name = "categorymembers",
    group = "list",
    prefix = "cm",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Categorymembers"
)]
pub struct CategoryMembers {
    pub title: Option<String>,
    pub pageid: Option<i64>,
    #[param(default = "ids|title")]
    pub prop: Vec<CategoryMembersProp>,
    #[param(all)]
    pub namespace: Vec<Namespace>,
    #[param(rename = "type", default = "page|subcat|file")]
    pub type_: Vec<CategoryMemberType>,
    #[param(rename = "continue")]
    pub continue_: Option<String>,
    #[param(default = 10)]
    pub limit: Limit,
    #[param(default = "sortkey")]
    pub sort: CategoryMembersSort,
    #[param(default = "ascending")]
    pub dir: CategoryMembersDir,
    pub start: Option<Timestamp>,
    pub end: Option<Timestamp>,
    pub starthexsortkey: Option<String>,
    pub endhexsortkey: Option<String>,
    pub startsortkeyprefix: Option<String>,
    pub endsortkeyprefix: Option<String>,
    #[param(deprecated)]
    pub startsortkey: Option<String>,
    #[param(deprecated)]
    pub endsortkey: Option<String>,
}

impl QueryModule for CategoryMembers {}
