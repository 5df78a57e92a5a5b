//! The state of one `action=query` run that its modules share: the continuation, the page
//! set, and the generator's progress.

use super::continuation::Continuation;
use super::pageset::{PageSet, PageValues};

/// What a query run shares with its modules.
#[derive(Debug, Default)]
pub struct QueryRun {
    /// The request's continuation.
    pub(crate) continuation: Continuation,
    /// The generator module's name.
    pub(crate) generator: Option<String>,
    /// The generator is running.
    pub(crate) generating: bool,
    /// The page set resolves redirects (`redirects=1`).
    pub(crate) resolve_redirects: bool,
    /// The pages the generator gave.
    pub(crate) generated: Vec<(i32, String)>,
    /// The generator gave its pages as the rows it read, which keep its order.
    pub(crate) generated_in_order: bool,
    /// Members the generator gives the pages it gave (prefixsearch's `index`), by title.
    pub(crate) generated_data: Vec<((i32, String), serde_json::Map<String, serde_json::Value>)>,
    /// The revisions the generator gave, when it gives revisions rather than pages.
    pub(crate) generated_revisions: Option<Vec<i64>>,
    /// The page ids the generator gave, when it gives pages by id rather than by title.
    pub(crate) generated_page_ids: Option<Vec<i64>>,
    /// The page set.
    pub(crate) pageset: Option<PageSet>,
    /// Members prop modules added to pages.
    pub(crate) page_values: PageValues,
    /// The rules between the running module's parameters, when the module checks them itself
    /// ([`crate::QueryContext::check_rules`]).
    pub(crate) pending_rules: Option<RulesCheck>,
}

/// A module's generated check of the rules between its parameters.
pub(crate) type RulesCheck = fn(&mut crate::param::ParamReader<'_>) -> Result<(), crate::error::ApiError>;

impl QueryRun {
    /// Files the members the generator gave its titles under the pages they became, and
    /// under the redirects followed on the way (each gets the members of its own title): the
    /// page of the title, or the page its redirects lead to when redirects are resolved. When
    /// several titles become one page, the first title's members stay (MediaWiki's
    /// generators that give data keep the smallest `index`).
    pub(crate) fn file_generated_data(
        &mut self,
        set: &mut PageSet,
        namespaces: &wikiquery_domain::title::SiteNamespaces,
    ) {
        use wikiquery_domain::title::full_text;
        for ((ns, dbkey), data) in std::mem::take(&mut self.generated_data) {
            let mut title = full_text(ns, &dbkey, namespaces);
            if set.redirects.iter().any(|r| r.from == title) {
                set.redirect_data.entry(title.clone()).or_insert_with(|| data.clone());
            }
            for _ in 0..set.redirects.len() {
                match set.redirects.iter().find(|r| r.from == title) {
                    Some(redirect) => title.clone_from(&redirect.to),
                    None => break,
                }
            }
            let id =
                set.good.iter().find(|p| full_text(p.ns, &p.dbkey, namespaces) == title).map(|p| p.id).or_else(|| {
                    set.missing
                        .iter()
                        .chain(&set.special)
                        .find(|p| full_text(p.ns, &p.dbkey, namespaces) == title)
                        .map(|p| p.fake_id)
                });
            if let Some(id) = id {
                let members = self.page_values.entry(id).or_default();
                for (key, value) in data {
                    members.entry(key).or_insert(value);
                }
            }
        }
    }

    /// A run that continues as `continuation` says.
    pub(crate) fn new(continuation: Continuation) -> QueryRun {
        QueryRun { continuation, ..QueryRun::default() }
    }
}
