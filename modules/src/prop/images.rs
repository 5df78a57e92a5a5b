//! `prop=images`: the files used on the given pages.

use wikiquery_runtime::{query_module, ApiError, Continue, Limit, Parts, QueryContext, QueryModule};

use crate::family::links::{run, LinkListing, LinkTable};
use crate::values::SortDir;

/// Lists the files used on the given pages.
///
/// As a generator, gives the files.
#[query_module(
    name = "images",
    group = "prop",
    cache = "public",
    prefix = "im",
    xml = "im",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Images",
    example(query = "action=query&prop=images&titles=Paris", text = "List the files used on the page Paris."),
    example(
        query = "action=query&generator=images&titles=Paris&prop=imageinfo",
        text = "Describe each file used on the page Paris."
    )
)]
pub struct Images {
    /// How many files to return, counted over all the given pages together.
    #[param(default = 10)]
    pub limit: Limit,
    /// When more results are available, use this to continue.
    #[param(rename = "continue")]
    pub continue_: Option<Continue<Parts>>,
    /// Only list these files, given as full titles (`File:...`); useful to check whether the
    /// pages use them.
    pub images: Vec<String>,
    /// The direction to list the files in (by name).
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
