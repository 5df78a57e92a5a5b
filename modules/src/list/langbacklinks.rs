//! `list=langbacklinks`: pages that link to a given interlanguage link.

use wikiquery_runtime::{query_module, ApiError, Continue, Limit, ParamValues, Parts, QueryContext, QueryModule};

use crate::family::foreign_links::{run_backlinks, ForeignBacklinks};
use crate::values::SortDir;

/// What to return of each linking page besides its title.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum LangBacklinkProp {
    Lllang,
    Lltitle,
}

/// Pages linking to a language, or to one title in it.
#[query_module(
    name = "langbacklinks",
    group = "list",
    cache = "public",
    prefix = "lbl",
    xml = "ll",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Langbacklinks"
)]
pub struct LangBacklinks {
    pub lang: Option<String>,
    pub title: Option<String>,
    #[param(rename = "continue")]
    pub continue_: Option<Continue<Parts>>,
    #[param(default = 10)]
    pub limit: Limit,
    #[param(default = "")]
    pub prop: Vec<LangBacklinkProp>,
    #[param(default = "ascending")]
    pub dir: SortDir,
}

impl QueryModule for LangBacklinks {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let listing = ForeignBacklinks {
            languages: true,
            prefix: self.lang.as_deref(),
            title: self.title.as_deref(),
            missing_prefix_code: "nolang",
            prefix_member: self.prop.contains(&LangBacklinkProp::Lllang).then_some("lllang"),
            title_member: self.prop.contains(&LangBacklinkProp::Lltitle).then_some("lltitle"),
            continue_: self.continue_.as_ref(),
            descending: self.dir == SortDir::Descending,
            limit: self.limit,
        };
        run_backlinks(ctx, listing)
    }
}
