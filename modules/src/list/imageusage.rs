//! `list=imageusage`: pages that use a given file.

use wikiquery_framework::{query_module, QueryModule};

use crate::family::backlinks::BacklinksParams;

/// Pages that use the given file (by title or page id).
#[query_module(
    name = "imageusage",
    group = "list",
    prefix = "iu",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Imageusage"
)]
pub struct ImageUsage {
    #[param(flatten)]
    pub common: BacklinksParams,
    /// Also list pages that use the file through a redirect.
    pub redirect: bool,
}

impl QueryModule for ImageUsage {}
