//! `list=prefixsearch`: page titles starting with a search string.

use serde_json::{json, Map, Value};
use wikiquery_domain::title::{full_text, NS_SPECIAL};
use wikiquery_runtime::{query_module, ApiError, Generated, Limit, Namespace, QueryContext, QueryModule};

use crate::shared::completion::{complete, Completion};
use crate::wiki::WikiContext;

/// Finds the pages whose titles begin with the given text, the way the search box suggests them.
///
/// The text is read as the start of a title (so its first letter is capitalised where titles
/// are), and a page whose title is exactly the text comes first. A namespace name at the start
/// of the text (`Help:Ed`) chooses that namespace, and `Special:` searches the names of
/// special pages.
#[query_module(
    name = "prefixsearch",
    group = "list",
    cache = "public",
    prefix = "ps",
    xml = "ps",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Prefixsearch",
    example(query = "action=query&list=prefixsearch&pssearch=Ca", text = "Find the pages whose titles begin with Ca."),
    example(
        query = "action=query&list=prefixsearch&pssearch=Alice&psnamespace=2|3",
        text = "Find the user and user talk pages whose titles begin with Alice."
    ),
    example(
        query = "action=query&generator=prefixsearch&gpssearch=Help:&prop=info",
        text = "Get page information about the first pages of the Help namespace."
    )
)]
pub struct PrefixSearch {
    /// The text the titles should begin with.
    pub search: String,
    /// The namespaces to search in. A namespace name at the start of `pssearch` takes their
    /// place.
    #[param(default = 0, all)]
    pub namespace: Vec<Namespace>,
    /// How many titles to return.
    #[param(default = 10)]
    pub limit: Limit,
    /// How many titles to skip before the first returned; when more results are available,
    /// the value to continue with is given here.
    #[param(default = 0, min = 0)]
    pub offset: i64,
}

impl QueryModule for PrefixSearch {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let site = ctx.site()?;
        let namespaces: Vec<i32> = self.namespace.iter().map(|n| n.0).collect();
        let limit = self.limit.get() as usize;
        let offset = self.offset.max(0);
        let found = {
            let mut reader = ctx.reader()?;
            complete(&mut reader, site, &self.search, &namespaces, limit, offset, &ctx.module.path())?
        };
        if found.more {
            ctx.set_continue_value("offset", json!(offset + limit as i64));
        }
        let titles: Vec<(usize, Completion)> = found.titles.into_iter().enumerate().collect();
        ctx.emit(
            titles,
            |(at, title)| {
                let (ns, dbkey) = match title {
                    Completion::Page((_, ns, dbkey)) => (*ns, dbkey.clone()),
                    Completion::Special(name) => (NS_SPECIAL, name.clone()),
                };
                let index = offset + *at as i64 + 1;
                Generated::TitleWith(ns, dbkey, Map::from_iter([("index".to_owned(), json!(index))]))
            },
            |ctx, titles| {
                ctx.ensure_list();
                for (_, title) in &titles {
                    let mut item = Map::new();
                    match title {
                        Completion::Page((id, ns, dbkey)) => {
                            item.insert("ns".into(), json!(ns));
                            item.insert("title".into(), json!(full_text(*ns, dbkey, site.namespaces())));
                            item.insert("pageid".into(), json!(id));
                        }
                        Completion::Special(name) => {
                            item.insert("ns".into(), json!(NS_SPECIAL));
                            item.insert("title".into(), json!(full_text(NS_SPECIAL, name, site.namespaces())));
                            item.insert("special".into(), json!(true));
                        }
                    }
                    ctx.push_item(Value::Object(item));
                }
                Ok(())
            },
        )
    }
}
