//! `list=iwbacklinks`: pages that link to a given interwiki link.

use wikiquery_runtime::{query_module, ApiError, Continue, Limit, ParamValues, Parts, QueryContext, QueryModule};

use crate::family::foreign_links::{run_backlinks, ForeignBacklinks};
use crate::values::SortDir;

/// What to return of each linking page besides its title.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum IwBacklinkProp {
    Iwprefix,
    Iwtitle,
}

/// Pages linking to an interwiki prefix, or to one title behind it.
#[query_module(
    name = "iwbacklinks",
    group = "list",
    cache = "public",
    prefix = "iwbl",
    xml = "iw",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Iwbacklinks"
)]
pub struct IwBacklinks {
    /// The interwiki prefix.
    pub prefix: Option<String>,
    pub title: Option<String>,
    #[param(rename = "continue")]
    pub continue_: Option<Continue<Parts>>,
    #[param(default = 10)]
    pub limit: Limit,
    #[param(default = "")]
    pub prop: Vec<IwBacklinkProp>,
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
