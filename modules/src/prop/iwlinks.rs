//! `prop=iwlinks`: the interwiki links of the given pages.

use serde_json::{Map, Value};
use wikiquery_runtime::result::set_content;
use wikiquery_runtime::{query_module, ApiError, Continue, Limit, ParamValues, Parts, QueryContext, QueryModule};

use crate::family::foreign_links::{run, ForeignListing};
use crate::values::SortDir;

/// What to return of each interwiki link.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum IwLinkProp {
    /// The full URL of the page the link points to on the other wiki.
    Url,
}

/// Lists the interwiki links on the given pages.
///
/// Interlanguage links are not included; `prop=langlinks` lists them.
#[query_module(
    name = "iwlinks",
    group = "prop",
    cache = "public",
    prefix = "iw",
    xml = "iw",
    readrights,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Iwlinks",
    example(query = "action=query&prop=iwlinks&titles=Cat", text = "List the interwiki links of the page Cat."),
    example(
        query = "action=query&prop=iwlinks&titles=Cat|Paris&iwprefix=wikipedia&iwprop=url",
        text = "List the links of the pages Cat and Paris to the wiki with the prefix wikipedia, with URLs."
    )
)]
pub struct IwLinks {
    /// Which additional properties to return of each link.
    pub prop: Option<Vec<IwLinkProp>>,
    /// Only list links with this interwiki prefix.
    pub prefix: Option<String>,
    /// Only list the links to this title on the other wiki; needs `iwprefix`.
    pub title: Option<String>,
    /// The direction to list the links in (by prefix, then title).
    #[param(default = "ascending")]
    pub dir: SortDir,
    /// How many links to return, counted over all the given pages together.
    #[param(default = 10)]
    pub limit: Limit,
    /// When more results are available, use this to continue.
    #[param(rename = "continue")]
    pub continue_: Option<Continue<Parts>>,
    /// Deprecated, use `iwprop=url`: return the full URL of each link. Cannot be used
    /// together with `iwprop`.
    #[param(deprecated)]
    pub url: bool,
}

impl QueryModule for IwLinks {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let url = self.url || self.prop.as_deref().unwrap_or_default().contains(&IwLinkProp::Url);
        let listing = ForeignListing {
            languages: false,
            prefix: self.prefix.as_deref(),
            title: self.title.as_deref(),
            url_and_prop: self.url && self.prop.is_some(),
            continue_: self.continue_.as_ref(),
            descending: self.dir == SortDir::Descending,
            limit: self.limit,
        };
        run(ctx, listing, &mut |(prefix, title), link_url| {
            let mut item = Map::new();
            item.insert("prefix".into(), Value::from(prefix));
            if url {
                if let Some(link_url) = link_url {
                    item.insert("url".into(), Value::from(link_url));
                }
            }
            set_content(&mut item, "title", title);
            item
        })
    }
}
