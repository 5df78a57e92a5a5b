//! `prop=categoryinfo`: member counts of the given category pages.

use std::collections::HashMap;

use serde_json::{json, Map};
use wikiquery_domain::title::NS_CATEGORY;
use wikiquery_runtime::{query_module, ApiError, Continue, Parts, QueryContext, QueryModule};

use crate::wiki::WikiContext;

/// Returns how many pages, files and subcategories the given categories hold.
///
/// Categories without a description page are described too, as long as they have members;
/// `hidden` says whether a category is hidden. Titles outside the Category namespace are
/// passed over.
#[query_module(
    name = "categoryinfo",
    group = "prop",
    cache = "public",
    prefix = "ci",
    readrights,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Categoryinfo",
    example(
        query = "action=query&prop=categoryinfo&titles=Category:Animals|Category:Plants",
        text = "Get the member counts of the categories Animals and Plants."
    )
)]
pub struct CategoryInfo {
    /// When more results are available, use this to continue.
    #[param(rename = "continue")]
    pub continue_: Option<Continue<Parts>>,
}

impl QueryModule for CategoryInfo {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let Some(pageset) = ctx.page_set() else { return Ok(()) };
        // Category titles, existing or not: a category can have members without a page.
        let ids: HashMap<String, i64> = pageset
            .good
            .iter()
            .map(|p| (p.id, p.ns, &p.dbkey))
            .chain(pageset.missing.iter().map(|p| (p.fake_id, p.ns, &p.dbkey)))
            .filter(|(_, ns, _)| *ns == NS_CATEGORY)
            .map(|(id, _, dbkey)| (dbkey.clone(), id))
            .collect();
        if ids.is_empty() {
            return Ok(());
        }
        let titles: Vec<String> = ids.keys().cloned().collect();
        // Never checked: MediaWiki compares the title given with those of the categories.
        let rows = ctx.reader()?.category_counts(&titles, self.continue_.as_ref().map(Continue::text))?;
        for row in rows {
            let Some(&id) = ids.get(&row.title) else { continue };
            let info = json!({
                "size": row.members,
                "pages": row.members - row.subcats - row.files,
                "files": row.files,
                "subcats": row.subcats,
                "hidden": row.hidden,
            });
            ctx.add_page_values(id, Map::from_iter([("categoryinfo".to_owned(), info)]));
        }
        Ok(())
    }
}
