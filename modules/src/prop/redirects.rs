//! `prop=redirects`: the redirects to the given pages.

use wikiquery_runtime::{
    query_module, ApiError, Continue, Limit, Namespace, ParamValues, Parts, QueryContext, QueryModule,
};

use crate::family::backlinksprop::{exclusive, run, BacklinkTable, BacklinksPropListing};

/// What to return of each redirect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum RedirectProp {
    /// The section the redirect points to (the part after `#`), when it points to one.
    Fragment,
    /// The redirect's page id.
    Pageid,
    /// The redirect's namespace and title.
    Title,
}

/// Which redirects by fragment: `!fragment` (without one) or `fragment`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum RedirectShow {
    /// Only redirects that point to the page as a whole, not to a section.
    #[value(rename = "!fragment")]
    NotFragment,
    /// Only redirects that point to a section of the page.
    Fragment,
}

/// Lists the redirects to the given pages.
///
/// As a generator, gives the redirects.
#[query_module(
    name = "redirects",
    group = "prop",
    cache = "public",
    prefix = "rd",
    xml = "rd",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Redirects",
    example(
        query = "action=query&prop=redirects&titles=Cat|Dog",
        text = "List the redirects to the pages Cat and Dog."
    ),
    example(
        query = "action=query&prop=redirects&titles=Cat&rdprop=title|fragment&rdshow=fragment",
        text = "List the redirects to sections of the page Cat, with the section each points to."
    )
)]
pub struct Redirects {
    /// Which properties to return of each redirect.
    #[param(default = "pageid|title")]
    pub prop: Vec<RedirectProp>,
    /// Only list redirects in these namespaces.
    #[param(all)]
    pub namespace: Option<Vec<Namespace>>,
    /// Only list the redirects that point to a section (`fragment`) or only those that do not
    /// (`!fragment`); both at once are an error.
    pub show: Vec<RedirectShow>,
    /// How many redirects to return, counted over all the given pages together.
    #[param(default = 10)]
    pub limit: Limit,
    /// When more results are available, use this to continue.
    #[param(rename = "continue")]
    pub continue_: Option<Continue<Parts>>,
}

impl QueryModule for Redirects {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let has = |p: RedirectProp| self.prop.contains(&p);
        let show = |s: RedirectShow| self.show.contains(&s);
        let listing = BacklinksPropListing {
            table: BacklinkTable::Redirects,
            pageid: has(RedirectProp::Pageid),
            title: has(RedirectProp::Title),
            redirect: false,
            fragment: has(RedirectProp::Fragment),
            namespaces: self.namespace.as_deref(),
            only_redirects: Ok(None),
            only_fragments: exclusive(show(RedirectShow::Fragment), show(RedirectShow::NotFragment)),
            continue_: self.continue_.as_ref(),
            limit: self.limit,
        };
        run(ctx, listing)
    }
}
