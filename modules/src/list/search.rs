//! `list=search`: full-text search.

use wikiquery_framework::{query_module, Limit, Namespace, ParamValues, QueryModule};

/// Which search to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum SearchWhat {
    Nearmatch,
    Text,
    Title,
}

/// Metadata to return about the search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum SearchInfo {
    Rewrittenquery,
    Suggestion,
    Totalhits,
}

/// What to return of each hit; `hasrelated` and `score` are deprecated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum SearchProp {
    Categorysnippet,
    Extensiondata,
    Isfilematch,
    Redirectsnippet,
    Redirecttitle,
    Sectionsnippet,
    Sectiontitle,
    Size,
    Snippet,
    Timestamp,
    Titlesnippet,
    Wordcount,
    #[value(deprecated)]
    Hasrelated,
    #[value(deprecated)]
    Score,
}

/// Sort orders of the search backend.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum SearchSort {
    Relevance,
}

/// Pages whose text or title matches the search.
#[query_module(
    name = "search",
    group = "list",
    prefix = "sr",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Search"
)]
pub struct Search {
    pub search: String,
    #[param(default = 0, all)]
    pub namespace: Vec<Namespace>,
    #[param(default = 10)]
    pub limit: Limit,
    #[param(default = 0, min = 0)]
    pub offset: i64,
    pub what: Option<SearchWhat>,
    #[param(default = "totalhits|suggestion|rewrittenquery")]
    pub info: Vec<SearchInfo>,
    #[param(default = "size|wordcount|timestamp|snippet")]
    pub prop: Vec<SearchProp>,
    pub interwiki: bool,
    pub enablerewrites: bool,
    #[param(default = "relevance")]
    pub sort: SearchSort,
}

impl QueryModule for Search {}
