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
    /// Whether the category is hidden (marked with `__HIDDENCAT__`).
    Hidden,
    /// The page's sort key in the category (in hexadecimal) and the sort key prefix it was
    /// given.
    Sortkey,
    /// When the page was added to the category.
    Timestamp,
}

/// Which categories by their hidden status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum CategoryShow {
    /// Only categories that are not hidden.
    #[value(rename = "!hidden")]
    NotHidden,
    /// Only hidden categories.
    Hidden,
}

/// Lists the categories the given pages belong to.
///
/// As a generator, gives the categories themselves.
#[query_module(
    name = "categories",
    group = "prop",
    cache = "public",
    prefix = "cl",
    xml = "cl",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Categories",
    example(query = "action=query&prop=categories&titles=Apple", text = "List the categories of the page Apple."),
    example(
        query = "action=query&prop=categories&titles=Apple|Paris&clprop=sortkey|timestamp&clshow=!hidden",
        text = "List the visible categories of Apple and Paris with sort keys and the time each was added."
    ),
    example(
        query = "action=query&generator=categories&titles=Apple&prop=info",
        text = "Get basic information about each category of the page Apple."
    )
)]
pub struct Categories {
    /// Which additional properties to return of each category.
    pub prop: Vec<CategoryProp>,
    /// Which categories to list by whether they are hidden; `hidden` and `!hidden` together
    /// are an error.
    pub show: Vec<CategoryShow>,
    /// How many categories to return, counted over all the given pages together.
    #[param(default = 10)]
    pub limit: Limit,
    /// When more results are available, use this to continue.
    #[param(rename = "continue")]
    pub continue_: Option<Continue<(LooseInt, String)>>,
    /// Only list these categories, given as full titles (`Category:...`); useful to check
    /// whether the pages are in them. Titles outside the Category namespace are warned about.
    pub categories: Vec<String>,
    /// The direction to list the categories in (by title).
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
