//! `prop=redirects`: the redirects to the given pages.

use wikiquery_runtime::{
    query_module, ApiError, Continue, Limit, Namespace, ParamValues, Parts, QueryContext, QueryModule,
};

use crate::family::backlinksprop::{exclusive, run, BacklinkTable, BacklinksPropListing};

/// What to return of each redirect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum RedirectProp {
    Fragment,
    Pageid,
    Title,
}

/// Which redirects by fragment: `!fragment` (without one) or `fragment`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum RedirectShow {
    #[value(rename = "!fragment")]
    NotFragment,
    Fragment,
}

/// Lists the redirects to each given page.
#[query_module(
    name = "redirects",
    group = "prop",
    cache = "public",
    prefix = "rd",
    xml = "rd",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Redirects"
)]
pub struct Redirects {
    #[param(default = "pageid|title")]
    pub prop: Vec<RedirectProp>,
    #[param(all)]
    pub namespace: Option<Vec<Namespace>>,
    pub show: Vec<RedirectShow>,
    #[param(default = 10)]
    pub limit: Limit,
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
