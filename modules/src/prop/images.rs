//! `prop=images`: the files used on the given pages.

use wikiquery_runtime::{query_module, ApiError, Continue, Limit, Parts, QueryContext, QueryModule};

use crate::family::links::{run, LinkListing, LinkTable};
use crate::values::SortDir;

/// Lists the files each given page uses.
#[query_module(
    name = "images",
    group = "prop",
    cache = "public",
    prefix = "im",
    xml = "im",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Images"
)]
pub struct Images {
    #[param(default = 10)]
    pub limit: Limit,
    #[param(rename = "continue")]
    pub continue_: Option<Continue<Parts>>,
    /// Only these files (full titles).
    pub images: Vec<String>,
    #[param(default = "ascending")]
    pub dir: SortDir,
}

impl QueryModule for Images {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        run(
            ctx,
            LinkListing {
                table: LinkTable::Images,
                namespaces: Vec::new(),
                targets: &self.images,
                continue_: self.continue_.as_ref(),
                descending: self.dir == SortDir::Descending,
                limit: self.limit,
            },
        )
    }
}
