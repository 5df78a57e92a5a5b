//! The back-links-as-a-property family (MediaWiki's `ApiQueryBacklinksprop`):
//! `prop=linkshere`, `prop=transcludedin`, `prop=fileusage` and `prop=redirects` list, for
//! each page of the page set, the pages that link to it, transclude it, use it as a file, or
//! redirect to it.

use wikiquery_framework::{Limit, Namespace, ParamGroup, ParamValues};

/// Properties of the pages found: id, title, and whether it is a redirect.
pub const BACKLINK_PROP: &[&str] = &["pageid", "redirect", "title"];

/// Which linking pages by redirect status: `!redirect` (non-redirects only) or `redirect`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum BacklinkShow {
    #[value(rename = "!redirect")]
    NotRedirect,
    Redirect,
}

/// The parameters of `linkshere`, `transcludedin` and `fileusage` (`redirects` shows and
/// returns fragments instead of redirect status, so it declares its own).
#[derive(Debug, Clone, ParamGroup)]
pub struct BacklinksPropParams {
    #[param(values = BACKLINK_PROP, default = "pageid|title|redirect")]
    pub prop: Vec<String>,
    /// Only pages in these namespaces.
    #[param(all)]
    pub namespace: Vec<Namespace>,
    pub show: Vec<BacklinkShow>,
    #[param(default = 10)]
    pub limit: Limit,
    /// Where to continue.
    #[param(rename = "continue")]
    pub continue_: Option<String>,
}
