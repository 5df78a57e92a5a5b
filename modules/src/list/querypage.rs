//! `list=querypage`: the result of a special report page.

use wikiquery_framework::{query_module, Limit, QueryModule};

/// The special report pages (names as the special pages spell them).
pub const QUERY_PAGES: &[&str] = &[
    "Ancientpages",
    "BrokenRedirects",
    "Deadendpages",
    "DoubleRedirects",
    "Fewestrevisions",
    "ListDuplicatedFiles",
    "Listredirects",
    "Lonelypages",
    "Longpages",
    "MediaStatistics",
    "Mostcategories",
    "Mostimages",
    "Mostinterwikis",
    "Mostlinked",
    "Mostlinkedcategories",
    "Mostlinkedtemplates",
    "Mostrevisions",
    "Shortpages",
    "Uncategorizedcategories",
    "Uncategorizedimages",
    "Uncategorizedpages",
    "Uncategorizedtemplates",
    "Unusedcategories",
    "Unusedimages",
    "Unusedtemplates",
    "Unwatchedpages",
    "Wantedcategories",
    "Wantedfiles",
    "Wantedpages",
    "Wantedtemplates",
    "Withoutinterwiki",
];

/// The rows of one special report page.
#[query_module(
    name = "querypage",
    group = "list",
    prefix = "qp",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Querypage"
)]
pub struct QueryPage {
    #[param(values = QUERY_PAGES)]
    pub page: String,
    /// Where to start; the spec states no minimum here (unlike prefixsearch and search).
    #[param(default = 0)]
    pub offset: i64,
    #[param(default = 10)]
    pub limit: Limit,
}

impl QueryModule for QueryPage {}
