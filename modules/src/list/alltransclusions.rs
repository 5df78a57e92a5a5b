//! `list=alltransclusions`: every transcluded page, in title order.

use wikiquery_runtime::{query_module, ApiError, Limit, Namespace, QueryContext, QueryModule};

use crate::family::alllinks::{run, AllLinksListing, AllLinksProp, AllLinksRange, BacklinkTable};
use crate::values::SortDir;

/// Lists the pages that are transcluded into other pages (with `{{...}}`), in title order,
/// whether they exist or not.
///
/// Each transcluded page is listed once for every page that transcludes it, unless `atunique`
/// is given. As a generator, it gives the transcluding pages, or with `atunique` the
/// transcluded ones.
#[query_module(
    name = "alltransclusions",
    group = "list",
    cache = "public",
    prefix = "at",
    xml = "t",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Alltransclusions",
    example(
        query = "action=query&list=alltransclusions&atunique=1",
        text = "List the transcluded templates once each."
    ),
    example(
        query = "action=query&list=alltransclusions&atprefix=In&atprop=ids|title",
        text = "List the transclusions of templates beginning with In, with the id of each page using them."
    ),
    example(
        query = "action=query&generator=alltransclusions&gatunique=1&prop=info",
        text = "Get page information about every transcluded template."
    )
)]
pub struct AllTransclusions {
    // The range parameters shared with the other all-links modules (family/alllinks.rs).
    #[param(flatten)]
    pub range: AllLinksRange,
    /// What to return for each transclusion.
    #[param(default = "title")]
    pub prop: Vec<AllLinksProp>,
    /// The namespace of the transcluded pages to list; templates by default.
    #[param(default = 10, extra_namespaces)]
    pub namespace: Namespace,
    /// How many transclusions to return.
    #[param(default = 10)]
    pub limit: Limit,
    /// The order to list the titles in.
    #[param(default = "ascending")]
    pub dir: SortDir,
}

impl QueryModule for AllTransclusions {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let listing = AllLinksListing::new(
            BacklinkTable::Templates,
            &self.range,
            self.namespace.0,
            &self.prop,
            self.dir,
            self.limit,
        );
        run(ctx, listing)
    }
}
