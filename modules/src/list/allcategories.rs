//! `list=allcategories`: every category, in name order.

use serde_json::{Map, Value};
use wikiquery_domain::title::{full_text, NS_CATEGORY};
use wikiquery_runtime::result::set_content;
use wikiquery_runtime::{
    query_module, ApiError, Continue, Generated, Limit, ParamValues, QueryContext, QueryModule, ReadContinue,
};
use wikiquery_store::queries::categories::AllCategoriesFilter;

use crate::storage;
use crate::values::SortDir;
use crate::wiki::WikiContext;

/// What to return of each category besides its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum AllCategoriesProp {
    Hidden,
    Size,
}

/// Enumerates all categories.
#[query_module(
    name = "allcategories",
    group = "list",
    cache = "public",
    prefix = "ac",
    xml = "c",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allcategories"
)]
pub struct AllCategories {
    pub from: Option<String>,
    #[param(rename = "continue")]
    pub continue_: Option<Continue<(String,)>>,
    pub to: Option<String>,
    pub prefix: Option<String>,
    #[param(default = "ascending")]
    pub dir: SortDir,
    /// Only categories with at least this many members.
    pub min: Option<i64>,
    /// Only categories with at most this many members.
    pub max: Option<i64>,
    #[param(default = 10)]
    pub limit: Limit,
    #[param(default = "")]
    pub prop: Vec<AllCategoriesProp>,
}

impl QueryModule for AllCategories {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let continue_from = self.continue_.read()?.map(|(title,)| title);
        let site = ctx.site()?;
        let title_part = |part: &Option<String>| storage::title_part(site, part.as_deref(), NS_CATEGORY);
        let filter = AllCategoriesFilter {
            from: title_part(&self.from)?,
            to: title_part(&self.to)?,
            prefix: title_part(&self.prefix)?,
            min: self.min,
            max: self.max,
            continue_from,
            descending: self.dir == SortDir::Descending,
            limit: self.limit.fetch(),
        };
        let (rows, next) = self.limit.split(ctx.reader()?.all_categories(&filter)?);
        let has = |p: AllCategoriesProp| self.prop.contains(&p);
        ctx.emit(
            rows,
            |row| Generated::Title(NS_CATEGORY, row.title.clone()),
            |ctx, rows| {
                for row in rows {
                    let mut item = Map::new();
                    // The name without the namespace, as the category's text.
                    set_content(&mut item, "category", full_text(0, &row.title, site.namespaces()));
                    if has(AllCategoriesProp::Size) {
                        item.insert("size".into(), Value::from(row.members));
                        item.insert("pages".into(), Value::from(row.members - row.subcats - row.files));
                        item.insert("files".into(), Value::from(row.files));
                        item.insert("subcats".into(), Value::from(row.subcats));
                    }
                    if has(AllCategoriesProp::Hidden) {
                        item.insert("hidden".into(), Value::from(row.hidden));
                    }
                    ctx.push_item(Value::Object(item));
                }
                Ok(())
            },
        )?;
        ctx.ensure_list();
        if let Some(row) = next {
            ctx.set_continue(row.title);
        }
        Ok(())
    }
}
