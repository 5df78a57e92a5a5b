//! `prop=categories`: the categories the given pages belong to.

use serde_json::{json, Map, Value};
use wikiquery_domain::php::bin2hex;
use wikiquery_domain::timestamp::format_expiry;
use wikiquery_domain::title::{full_text, parse_title, NS_CATEGORY, NS_MAIN};
use wikiquery_runtime::{
    query_module, ApiError, Continue, Generated, Limit, LooseInt, ParamValues, QueryContext, QueryModule, ReadContinue,
};
use wikiquery_store::queries::categories::CategoriesFilter;

use crate::values::SortDir;
use crate::wiki::WikiContext;

/// What to return of each category.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum CategoryProp {
    Hidden,
    Sortkey,
    Timestamp,
}

/// Which categories by their hidden status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum CategoryShow {
    #[value(rename = "!hidden")]
    NotHidden,
    Hidden,
}

/// Lists the categories of pages.
#[query_module(
    name = "categories",
    group = "prop",
    cache = "public",
    prefix = "cl",
    xml = "cl",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Categories"
)]
pub struct Categories {
    pub prop: Vec<CategoryProp>,
    pub show: Vec<CategoryShow>,
    #[param(default = 10)]
    pub limit: Limit,
    #[param(rename = "continue")]
    pub continue_: Option<Continue<(LooseInt, String)>>,
    /// Only these categories (full titles).
    pub categories: Vec<String>,
    #[param(default = "ascending")]
    pub dir: SortDir,
}

impl QueryModule for Categories {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let Some(pageset) = ctx.page_set() else { return Ok(()) };
        let from: Vec<i64> = pageset.good.iter().map(|p| p.id).collect();
        if from.is_empty() {
            return Ok(());
        }
        let site = ctx.site()?;
        let categories = if self.categories.is_empty() {
            None
        } else {
            let iw = site.interwikis();
            let mut found = Vec::new();
            for raw in &self.categories {
                match parse_title(raw, NS_MAIN, site.namespaces(), &|p| iw.is_interwiki(p)) {
                    Ok(t) if t.ns == NS_CATEGORY && !t.is_external() => found.push(t.dbkey),
                    _ => ctx.warn("invalidcategory", format!("\"{raw}\" is not a category.")),
                }
            }
            if found.is_empty() {
                return Ok(());
            }
            Some(found)
        };
        let continue_from = self.continue_.read()?.map(|(LooseInt(from), to)| (from, to));
        let show = |s: CategoryShow| self.show.contains(&s);
        if show(CategoryShow::Hidden) && show(CategoryShow::NotHidden) {
            return Err(ApiError::show_conflict());
        }
        let hidden = if show(CategoryShow::Hidden) {
            Some(true)
        } else if show(CategoryShow::NotHidden) {
            Some(false)
        } else {
            None
        };
        let filter = CategoriesFilter {
            from,
            categories,
            hidden,
            continue_from,
            descending: self.dir == SortDir::Descending,
            limit: self.limit.fetch(),
        };
        let (rows, next) = self.limit.split(ctx.reader()?.page_categories(&filter)?);
        let has = |p: CategoryProp| self.prop.contains(&p);
        ctx.emit(
            rows,
            |(row, _)| Generated::Title(NS_CATEGORY, row.to.clone()),
            |ctx, rows| {
                for (row, is_hidden) in rows {
                    let mut o = Map::new();
                    o.insert("ns".into(), json!(NS_CATEGORY));
                    o.insert("title".into(), json!(full_text(NS_CATEGORY, &row.to, site.namespaces())));
                    if has(CategoryProp::Sortkey) {
                        o.insert("sortkey".into(), json!(bin2hex(row.sortkey.as_bytes())));
                        o.insert("sortkeyprefix".into(), json!(row.sortkey_prefix));
                    }
                    if has(CategoryProp::Timestamp) {
                        o.insert("timestamp".into(), json!(format_expiry(&row.timestamp, "infinity")));
                    }
                    if has(CategoryProp::Hidden) {
                        o.insert("hidden".into(), json!(is_hidden));
                    }
                    ctx.push_page_item(row.from, "categories", Value::Object(o));
                }
                Ok(())
            },
        )?;
        if let Some((row, _)) = next {
            ctx.set_continue((&row.from, &row.to));
        }
        Ok(())
    }
}
