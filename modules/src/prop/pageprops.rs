//! `prop=pageprops`: the page properties of the given pages.

use serde_json::{Map, Value};
use wikiquery_runtime::{query_module, ApiError, Continue, ExactInt, QueryContext, QueryModule, ReadContinue, Truthy};

use crate::wiki::WikiContext;

/// Returns the page properties the content of the given pages sets.
///
/// These are values such as `displaytitle`, `defaultsort` or `noindex`, set by magic words
/// and parser functions when a page is saved.
#[query_module(
    name = "pageprops",
    group = "prop",
    cache = "public",
    prefix = "pp",
    readrights,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Pageprops",
    example(
        query = "action=query&prop=pageprops&titles=Cat|Chicken",
        text = "Get the page properties of the pages Cat and Chicken."
    ),
    example(
        query = "action=query&prop=pageprops&titles=Dog|Whale&ppprop=defaultsort",
        text = "Get the default sort keys of the pages Dog and Whale."
    )
)]
pub struct PageProps {
    /// When more results are available, use this to continue.
    #[param(rename = "continue")]
    pub continue_: Truthy<Continue<(ExactInt,)>>,
    /// Only return these properties, by name (e.g. `displaytitle`); all of them when left
    /// out.
    pub prop: Vec<String>,
}

impl QueryModule for PageProps {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let Some(pageset) = ctx.page_set() else { return Ok(()) };
        let mut pages: Vec<i64> = pageset.good.iter().map(|p| p.id).collect();
        // A page id: pages before it are left out. MediaWiki takes no `0` and nothing but
        // the integer's own text.
        if let Some((ExactInt(from),)) = self.continue_.read()? {
            pages.retain(|&id| id >= from);
        }
        let names = (!self.prop.is_empty()).then_some(self.prop.as_slice());
        let rows = ctx.reader()?.page_props(&pages, names)?;
        let mut props: Vec<(i64, Map<String, Value>)> = Vec::new();
        for (page, name, value) in rows {
            match props.last_mut() {
                Some((p, map)) if *p == page => {
                    map.insert(name, Value::from(value));
                }
                _ => props.push((page, Map::from_iter([(name, Value::from(value))]))),
            }
        }
        for (page, map) in props {
            let mut values = Map::new();
            values.insert("pageprops".into(), Value::Object(map));
            ctx.add_page_values(page, values);
        }
        Ok(())
    }
}
