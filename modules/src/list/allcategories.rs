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
    /// Whether the category is hidden, that is its page carries the `__HIDDENCAT__` switch.
    Hidden,
    /// The number of members, together with how many of them are pages, files and
    /// subcategories.
    Size,
}

/// Lists the categories of the wiki in alphabetical order.
///
/// Only categories that have or had members are known to the listing. As a generator, it gives
/// the category pages.
#[query_module(
    name = "allcategories",
    group = "list",
    cache = "public",
    prefix = "ac",
    xml = "c",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allcategories",
    example(
        query = "action=query&list=allcategories&acprefix=P&acprop=size",
        text = "List the categories whose names begin with P, with the size of each."
    ),
    example(
        query = "action=query&list=allcategories&acmin=10&acprop=size|hidden&aclimit=20",
        text = "List up to 20 categories that have at least 10 members, telling which are hidden."
    ),
    example(
        query = "action=query&generator=allcategories&gacprefix=Living&prop=info",
        text = "Get page information about the categories whose names begin with Living."
    )
)]
pub struct AllCategories {
    /// The category name to start listing at, without the namespace prefix.
    pub from: Option<String>,
    /// When more results are available, use this to continue.
    #[param(rename = "continue")]
    pub continue_: Option<Continue<(String,)>>,
    /// The category name to stop listing at, without the namespace prefix.
    pub to: Option<String>,
    /// Only list categories whose names begin with this text (without the namespace prefix).
    pub prefix: Option<String>,
    /// The order to list the categories in.
    #[param(default = "ascending")]
    pub dir: SortDir,
    /// Only list categories holding at least this many members (pages, files and
    /// subcategories counted together).
    pub min: Option<i64>,
    /// Only list categories holding at most this many members (pages, files and
    /// subcategories counted together).
    pub max: Option<i64>,
    /// How many categories to return.
    #[param(default = 10)]
    pub limit: Limit,
    /// What to return for each category besides its name.
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
