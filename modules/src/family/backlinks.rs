//! The back-link family (MediaWiki's `ApiQueryBacklinks`): `list=backlinks`,
//! `list=embeddedin` and `list=imageusage` list the pages that point at one page, through
//! `pagelinks`, `templatelinks` and `imagelinks` respectively.

use wikiquery_framework::{Limit, Namespace, ParamGroup};

use crate::values::{FilterRedir, SortDir};

/// The family's parameters, in the spec's order; the page pointed at is given by title or by
/// page id, exactly one of them.
#[derive(Debug, Clone, ParamGroup)]
#[param_group(exactly_one_of(title, pageid))]
pub struct BacklinksParams {
    /// The page's title.
    pub title: Option<String>,
    /// The page's id.
    pub pageid: Option<i64>,
    /// Where to continue.
    #[param(rename = "continue")]
    pub continue_: Option<String>,
    /// Only linking pages in these namespaces.
    #[param(all)]
    pub namespace: Vec<Namespace>,
    #[param(default = "ascending")]
    pub dir: SortDir,
    #[param(default = "all")]
    pub filterredir: FilterRedir,
    #[param(default = 10)]
    pub limit: Limit,
}
