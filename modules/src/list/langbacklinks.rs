//! `list=langbacklinks`: pages that link to a given interlanguage link.

use wikiquery_runtime::{query_module, ApiError, Continue, Limit, ParamValues, Parts, QueryContext, QueryModule};

use crate::family::foreign_links::{run_backlinks, ForeignBacklinks};
use crate::values::SortDir;

/// What to return of each linking page besides its title.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum LangBacklinkProp {
    /// The language code of the link.
    Lllang,
    /// The title the link points to in the other language.
    Lltitle,
}

/// Lists the pages that have interlanguage links to a given language.
///
/// With `lbltitle`, only links to that page in the language; without `lbllang`, every
/// interlanguage link of the wiki.
#[query_module(
    name = "langbacklinks",
    group = "list",
    cache = "public",
    prefix = "lbl",
    xml = "ll",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Langbacklinks",
    example(
        query = "action=query&list=langbacklinks&lbllang=fr&lbltitle=Chat",
        text = "List the pages that link to Chat in French."
    ),
    example(
        query = "action=query&list=langbacklinks&lbllang=de&lblprop=lllang|lltitle",
        text = "List the pages with links to German, with the target of each link."
    ),
    example(
        query = "action=query&generator=langbacklinks&glbllang=es&prop=info",
        text = "Get page information about the pages that link to Spanish."
    )
)]
pub struct LangBacklinks {
    /// The language code whose links to list, such as `fr`. Leave it out to list the links to
    /// every language.
    pub lang: Option<String>,
    /// Only list links to this page in the other language, written as it is linked. Needs
    /// `lbllang`.
    pub title: Option<String>,
    /// When more results are available, use this to continue.
    #[param(rename = "continue")]
    pub continue_: Option<Continue<Parts>>,
    /// How many links to return.
    #[param(default = 10)]
    pub limit: Limit,
    /// What to return of each link besides the linking page's id and title.
    #[param(default = "")]
    pub prop: Vec<LangBacklinkProp>,
    /// The direction to list in.
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
