//! `prop=iwlinks`: the interwiki links of the given pages.

use serde_json::{Map, Value};
use wikiquery_runtime::result::set_content;
use wikiquery_runtime::{query_module, ApiError, Continue, Limit, ParamValues, Parts, QueryContext, QueryModule};

use crate::family::foreign_links::{run, ForeignListing};
use crate::values::SortDir;

/// What to return of each interwiki link.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum IwLinkProp {
    Url,
}

/// Lists the interwiki links of pages.
#[query_module(
    name = "iwlinks",
    group = "prop",
    cache = "public",
    prefix = "iw",
    xml = "iw",
    readrights,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Iwlinks"
)]
pub struct IwLinks {
    pub prop: Option<Vec<IwLinkProp>>,
    /// Only links with this interwiki prefix.
    pub prefix: Option<String>,
    /// Only the link to this title (with `prefix`).
    pub title: Option<String>,
    #[param(default = "ascending")]
    pub dir: SortDir,
    #[param(default = 10)]
    pub limit: Limit,
    #[param(rename = "continue")]
    pub continue_: Option<Continue<Parts>>,
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
