//! `list=iwbacklinks`: pages that link to a given interwiki link.

use wikiquery_runtime::{query_module, ApiError, Continue, Limit, ParamValues, Parts, QueryContext, QueryModule};

use crate::family::foreign_links::{run_backlinks, ForeignBacklinks};
use crate::values::SortDir;

/// What to return of each linking page besides its title.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum IwBacklinkProp {
    /// The interwiki prefix of the link.
    Iwprefix,
    /// The title the link points to on the other wiki.
    Iwtitle,
}

/// Lists the pages that link to another wiki through a given interwiki prefix.
///
/// With `iwbltitle`, only links to that page of the other wiki; without `iwblprefix`, every
/// interwiki link of the wiki.
#[query_module(
    name = "iwbacklinks",
    group = "list",
    cache = "public",
    prefix = "iwbl",
    xml = "iw",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Iwbacklinks",
    example(
        query = "action=query&list=iwbacklinks&iwblprefix=wikipedia&iwbltitle=Cat",
        text = "List the pages that link to Cat through the wikipedia prefix."
    ),
    example(
        query = "action=query&list=iwbacklinks&iwblprefix=mw&iwblprop=iwprefix|iwtitle",
        text = "List the pages with links through the mw prefix, with the target of each link."
    ),
    example(
        query = "action=query&generator=iwbacklinks&giwblprefix=wikipedia&prop=info",
        text = "Get page information about the pages that link through the wikipedia prefix."
    )
)]
pub struct IwBacklinks {
    /// The interwiki prefix whose links to list, such as `wikipedia`. Leave it out to list the
    /// links of every prefix.
    pub prefix: Option<String>,
    /// Only list links to this page of the other wiki, written as it is linked. Needs
    /// `iwblprefix`.
    pub title: Option<String>,
    /// When more results are available, use this to continue.
    #[param(rename = "continue")]
    pub continue_: Option<Continue<Parts>>,
    /// How many links to return.
    #[param(default = 10)]
    pub limit: Limit,
    /// What to return of each link besides the linking page's id and title.
    #[param(default = "")]
    pub prop: Vec<IwBacklinkProp>,
    /// The direction to list in.
    #[param(default = "ascending")]
    pub dir: SortDir,
}

impl QueryModule for IwBacklinks {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let listing = ForeignBacklinks {
            languages: false,
            prefix: self.prefix.as_deref(),
            title: self.title.as_deref(),
            missing_prefix_code: "invalidparammix",
            prefix_member: self.prop.contains(&IwBacklinkProp::Iwprefix).then_some("iwprefix"),
            title_member: self.prop.contains(&IwBacklinkProp::Iwtitle).then_some("iwtitle"),
            continue_: self.continue_.as_ref(),
            descending: self.dir == SortDir::Descending,
            limit: self.limit,
        };
        run_backlinks(ctx, listing)
    }
}
