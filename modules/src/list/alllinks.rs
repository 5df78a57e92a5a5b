//! `list=alllinks`: every link target, in title order.

use wikiquery_runtime::{query_module, ApiError, Limit, Namespace, QueryContext, QueryModule};

use crate::family::alllinks::{run, AllLinksListing, AllLinksProp, AllLinksRange, BacklinkTable};
use crate::values::SortDir;

/// Lists the targets of the wiki's links into one namespace, in title order.
///
/// Targets are listed whether their pages exist or not, once for every page linking to them
/// unless `alunique` is given. As a generator, it gives the linking pages, or with `alunique`
/// the linked titles.
#[query_module(
    name = "alllinks",
    group = "list",
    cache = "public",
    prefix = "al",
    xml = "l",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Alllinks",
    example(
        query = "action=query&list=alllinks&alunique=1&alfrom=C",
        text = "List the linked titles of the main namespace once each, starting at C."
    ),
    example(
        query = "action=query&list=alllinks&alnamespace=14&alprop=ids|title",
        text = "List the links to category pages with the page id of each linking page."
    ),
    example(
        query = "action=query&generator=alllinks&galunique=1&galprefix=N&prop=info",
        text = "Get page information about the linked titles beginning with N, missing ones included."
    )
)]
pub struct AllLinks {
    // The range parameters shared with the other all-links modules (family/alllinks.rs).
    #[param(flatten)]
    pub range: AllLinksRange,
    /// What to return for each link.
    #[param(default = "title")]
    pub prop: Vec<AllLinksProp>,
    /// The namespace of the link targets to list.
    #[param(default = 0, extra_namespaces)]
    pub namespace: Namespace,
    /// How many links to return.
    #[param(default = 10)]
    pub limit: Limit,
    /// The order to list the titles in.
    #[param(default = "ascending")]
    pub dir: SortDir,
}

impl QueryModule for AllLinks {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let listing =
            AllLinksListing::new(BacklinkTable::Pages, &self.range, self.namespace.0, &self.prop, self.dir, self.limit);
        run(ctx, listing)
    }
}
