//! `prop=langlinks`: the interlanguage links of the given pages.

use serde_json::{Map, Value};
use wikiquery_domain::languages::autonym;
use wikiquery_runtime::result::set_content;
use wikiquery_runtime::{query_module, ApiError, Continue, Limit, ParamValues, Parts, QueryContext, QueryModule};

use crate::family::foreign_links::{run, ForeignListing};
use crate::values::SortDir;

/// What to return of each language link.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum LangLinkProp {
    /// The name of the language in that language itself.
    Autonym,
    /// The name of the language in the language given by `llinlanguagecode`.
    Langname,
    /// The full URL of the page in the other language.
    Url,
}

/// Lists the interlanguage links on the given pages: the same subject in other languages.
#[query_module(
    name = "langlinks",
    group = "prop",
    cache = "public",
    prefix = "ll",
    xml = "ll",
    readrights,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Langlinks",
    example(
        query = "action=query&prop=langlinks&titles=Cat&llprop=url|autonym",
        text = "List the interlanguage links of the page Cat with their URLs and language names."
    ),
    example(
        query = "action=query&prop=langlinks&titles=Paris|Tokyo&lllang=de",
        text = "Get the titles of the German pages linked from Paris and Tokyo."
    )
)]
pub struct LangLinks {
    /// Which additional properties to return of each link.
    pub prop: Option<Vec<LangLinkProp>>,
    /// Only list the links to this language, given by its language code (e.g. `de`).
    pub lang: Option<String>,
    /// Only list the link to this title in the other language; needs `lllang`.
    pub title: Option<String>,
    /// The direction to list the links in (by language code).
    #[param(default = "ascending")]
    pub dir: SortDir,
    /// The language, as a language code, to write the language names of `langname` in.
    #[param(default = "en")]
    pub inlanguagecode: String,
    /// How many links to return, counted over all the given pages together.
    #[param(default = 10)]
    pub limit: Limit,
    /// When more results are available, use this to continue.
    #[param(rename = "continue")]
    pub continue_: Option<Continue<Parts>>,
    /// Deprecated, use `llprop=url`: return the full URL of each link. Cannot be used
    /// together with `llprop`.
    #[param(deprecated)]
    pub url: bool,
}

impl QueryModule for LangLinks {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let has = |p: LangLinkProp| {
            self.url && p == LangLinkProp::Url || !self.url && self.prop.as_deref().unwrap_or_default().contains(&p)
        };
        let (url, langname, own) = (has(LangLinkProp::Url), has(LangLinkProp::Langname), has(LangLinkProp::Autonym));
        let listing = ForeignListing {
            languages: true,
            prefix: self.lang.as_deref(),
            title: self.title.as_deref(),
            url_and_prop: self.url && self.prop.is_some(),
            continue_: self.continue_.as_ref(),
            descending: self.dir == SortDir::Descending,
            limit: self.limit,
        };
        run(ctx, listing, &mut |(lang, title), link_url| {
            let mut item = Map::new();
            item.insert("lang".into(), Value::from(lang));
            if url {
                if let Some(link_url) = link_url {
                    item.insert("url".into(), Value::from(link_url));
                }
            }
            // Names in another language than the language's own are not known here: as
            // MediaWiki without its language-name extension, both are the autonym.
            let name = autonym(lang).unwrap_or_default();
            if langname {
                item.insert("langname".into(), Value::from(name.clone()));
            }
            if own {
                item.insert("autonym".into(), Value::from(name));
            }
            set_content(&mut item, "title", title);
            item
        })
    }
}
