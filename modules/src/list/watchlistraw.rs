//! `list=watchlistraw`: the pages on a watchlist.

use wikiquery_framework::{query_module, Limit, Namespace, ParamValues, QueryModule, UserRef};

use crate::values::SortDir;

/// What to return of each watched page besides its title.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum WatchlistRawProp {
    Changed,
}

/// Filters on watched pages: changed since last visited, or not.
pub const SHOW_WR: &[&str] = &["!changed", "changed"];

/// Every page on the caller's watchlist (or, with `owner` and `token`, another user's).
#[query_module(
    name = "watchlistraw",
    group = "list",
    prefix = "wr",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Watchlistraw"
)]
pub struct WatchlistRaw {
    #[param(rename = "continue")]
    pub continue_: Option<String>,
    #[param(all)]
    pub namespace: Vec<Namespace>,
    #[param(default = 10)]
    pub limit: Limit,
    pub prop: Vec<WatchlistRawProp>,
    #[param(values = SHOW_WR)]
    pub show: Vec<String>,
    #[param(subtypes = "name")]
    pub owner: Option<UserRef>,
    #[param(sensitive)]
    pub token: Option<String>,
    #[param(default = "ascending")]
    pub dir: SortDir,
    pub fromtitle: Option<String>,
    pub totitle: Option<String>,
}

impl QueryModule for WatchlistRaw {}
