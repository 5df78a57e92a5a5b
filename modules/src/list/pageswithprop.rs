//! `list=pageswithprop`: pages that carry a given page property.

use serde_json::{Map, Value};
use wikiquery_domain::title::full_text;
use wikiquery_runtime::{
    query_module, ApiError, Continue, Generated, Limit, LooseInt, ParamValues, QueryContext, QueryModule, ReadContinue,
    Truthy,
};

use crate::values::SortDir;
use crate::wiki::WikiContext;

/// What to return of each page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum PagesWithPropProp {
    /// The page's id.
    Ids,
    /// The page's title and namespace number.
    Title,
    /// The value the page gives the property.
    Value,
}

/// Lists the pages that set a given page property, in page id order.
///
/// `list=pagepropnames` lists the property names in use.
#[query_module(
    name = "pageswithprop",
    group = "list",
    cache = "public",
    prefix = "pwp",
    xml = "page",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Pageswithprop",
    example(
        query = "action=query&list=pageswithprop&pwppropname=displaytitle&pwpprop=title|value",
        text = "List the pages that set a display title, with the title each one displays."
    ),
    example(
        query = "action=query&generator=pageswithprop&gpwppropname=notoc&prop=info",
        text = "Get page information about the pages that hide their table of contents."
    )
)]
pub struct PagesWithProp {
    /// The name of the page property whose pages to list, such as `displaytitle`.
    pub propname: String,
    /// Which pieces of information to return for each page.
    #[param(default = "ids|title")]
    pub prop: Vec<PagesWithPropProp>,
    /// When more results are available, use this to continue.
    #[param(rename = "continue")]
    pub continue_: Truthy<Continue<(LooseInt,)>>,
    /// How many pages to return.
    #[param(default = 10)]
    pub limit: Limit,
    /// The direction to list in, by page id.
    #[param(default = "ascending")]
    pub dir: SortDir,
}

impl QueryModule for PagesWithProp {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        // A page id, read as PHP casts it; `0` or empty is no continue value.
        let from = self.continue_.read()?.map(|(LooseInt(id),)| id);
        let descending = self.dir == SortDir::Descending;
        let rows = ctx.reader()?.pages_with_prop(&self.propname, from, descending, self.limit.fetch())?;
        let (rows, next) = self.limit.split(rows);
        ctx.emit(
            rows,
            |row| Generated::Row(row.ns, row.title.clone()),
            |ctx, rows| {
                let store = ctx.store()?;
                let names = store.site().namespaces();
                let has = |p: PagesWithPropProp| self.prop.contains(&p);
                for row in rows {
                    let mut item = Map::new();
                    if has(PagesWithPropProp::Ids) {
                        item.insert("pageid".into(), Value::from(row.id));
                    }
                    if has(PagesWithPropProp::Title) {
                        item.insert("ns".into(), Value::from(row.ns));
                        item.insert("title".into(), Value::from(full_text(row.ns, &row.title, names)));
                    }
                    if has(PagesWithPropProp::Value) {
                        item.insert("value".into(), Value::from(row.value));
                    }
                    ctx.push_item(Value::Object(item));
                }
                ctx.ensure_list();
                Ok(())
            },
        )?;
        if let Some(row) = next {
            ctx.set_continue(row.id);
        }
        Ok(())
    }
}
