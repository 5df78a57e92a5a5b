//! The links-of-a-page family (MediaWiki's `ApiQueryLinks` and `ApiQueryImages`):
//! `prop=links`, `prop=templates` and `prop=images` list, for each page of the page set, the
//! pages it links to, the pages it transcludes and the files it uses (`pagelinks`,
//! `templatelinks`, `imagelinks`), optionally only some targets, in title order.

use wikiquery_framework::{Limit, Namespace, ParamGroup};

/// The first parameters of `links` and `templates`, in the spec's order (`images` has no
/// namespace filter, so it declares its own).
#[derive(Debug, Clone, ParamGroup)]
pub struct LinksParams {
    /// Only targets in these namespaces.
    #[param(all, extra_namespaces)]
    pub namespace: Vec<Namespace>,
    #[param(default = 10)]
    pub limit: Limit,
    /// Where to continue.
    #[param(rename = "continue")]
    pub continue_: Option<String>,
}
