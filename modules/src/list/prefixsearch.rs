//! `list=prefixsearch`: page titles starting with a search string.

use serde_json::{json, Map, Value};
use wikiquery_domain::title::{full_text, NS_SPECIAL};
use wikiquery_runtime::{query_module, ApiError, Generated, Limit, Namespace, QueryContext, QueryModule};

use crate::shared::completion::{complete, Completion};
use crate::wiki::WikiContext;

/// A prefix search over page titles.
#[query_module(
    name = "prefixsearch",
    group = "list",
    cache = "public",
    prefix = "ps",
    xml = "ps",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Prefixsearch"
)]
pub struct PrefixSearch {
    pub search: String,
    #[param(default = 0, all)]
    pub namespace: Vec<Namespace>,
    #[param(default = 10)]
    pub limit: Limit,
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
