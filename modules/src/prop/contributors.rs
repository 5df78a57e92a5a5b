//! `prop=contributors`: the registered users who edited the given pages, and how many
//! anonymous editors each page had. Edits whose user is hidden do not count.

use serde_json::json;
use wikiquery_runtime::{query_module, ApiError, Continue, Limit, LooseInt, QueryContext, QueryModule};
use wikiquery_store::queries::revisions::contributors::ContributorsFilter;

use crate::shared::users::groups_with_rights;
use crate::wiki::WikiContext;
use wikiquery_domain::rights::{contributor_rights, GROUPS};

/// The most pages one request reads contributors of; the others follow in a continuation.
const MAX_PAGES: usize = 100;

/// Lists the registered users who edited the given pages, and counts the anonymous editors.
///
/// Edits whose author is hidden are not counted. At most one of `pcgroup`, `pcexcludegroup`,
/// `pcrights` and `pcexcluderights` can be given. Up to 100 pages are read per request; the
/// others follow when continuing.
#[query_module(
    name = "contributors",
    group = "prop",
    cache = "public",
    prefix = "pc",
    readrights,
    xml = "user",
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Contributors",
    at_most_one_of(group, excludegroup, rights, excluderights),
    example(
        query = "action=query&prop=contributors&titles=Main%20Page",
        text = "List the contributors of the page Main Page."
    ),
    example(
        query = "action=query&prop=contributors&titles=Cat|Dog&pcgroup=sysop",
        text = "List the administrators who edited the pages Cat and Dog."
    )
)]
pub struct Contributors {
    /// Only list users who are members of these groups. Groups every user or every
    /// logged-in user belongs to implicitly cannot be used.
    #[param(values = GROUPS)]
    pub group: Vec<String>,
    /// Leave out users who are members of these groups.
    #[param(values = GROUPS)]
    pub excludegroup: Vec<String>,
    /// Only list users who hold one of these rights through a group they were added to;
    /// rights that every user or every logged-in user has do not count.
    #[param(values_from = contributor_rights)]
    pub rights: Vec<String>,
    /// Leave out users who hold one of these rights through a group they were added to.
    #[param(values_from = contributor_rights)]
    pub excluderights: Vec<String>,
    /// How many contributors to return, counted over all the given pages together.
    #[param(default = 10)]
    pub limit: Limit,
    /// When more results are available, use this to continue.
    #[param(rename = "continue")]
    pub continue_: Option<Continue<(LooseInt, LooseInt)>>,
}

impl QueryModule for Contributors {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let settings = ctx.settings();
        let continue_from = self
            .continue_
            .as_ref()
            .map(Continue::read)
            .transpose()?
            .map(|(LooseInt(page), LooseInt(actor))| (page, actor));
        let mut pages: Vec<i64> = ctx.page_set().map(|p| p.good.iter().map(|g| g.id).collect()).unwrap_or_default();
        if let Some((page, _)) = continue_from {
            pages.retain(|&p| p >= page);
        }
        if pages.is_empty() {
            return Ok(());
        }
        pages.sort_unstable();
        let mut continue_pages = None;
        if pages.len() > MAX_PAGES {
            continue_pages = Some(format!("{}|0", pages[MAX_PAGES]));
            pages.truncate(MAX_PAGES);
        }

        for (page, count) in ctx.reader()?.anonymous_contributors(&pages)? {
            let mut members = serde_json::Map::new();
            members.insert("anoncontributors".into(), json!(count));
            ctx.add_page_values(page, members);
        }

        let (in_groups, groups) = if !self.group.is_empty() {
            (Some(true), self.group.clone())
        } else if !self.excludegroup.is_empty() {
            (Some(false), self.excludegroup.clone())
        } else if !self.rights.is_empty() {
            let groups = groups_with_rights(settings, &self.rights);
            if groups.is_empty() {
                // No group has the rights: nobody to list.
                if let Some(next) = continue_pages {
                    ctx.set_continue(next);
                }
                return Ok(());
            }
            (Some(true), groups)
        } else if !self.excluderights.is_empty() {
            let groups = groups_with_rights(settings, &self.excluderights);
            (if groups.is_empty() { None } else { Some(false) }, groups)
        } else {
            (None, Vec::new())
        };
        let filter = ContributorsFilter {
            pages,
            in_groups,
            groups,
            continue_from,
            now: ctx.state.now().to_mw(),
            limit: self.limit.fetch(),
        };
        let (rows, next) = self.limit.split(ctx.reader()?.page_contributors(&filter)?);
        for (page, _, user_id, name) in rows {
            ctx.push_page_item(page, "contributors", json!({ "userid": user_id, "name": name }));
        }
        if let Some((page, actor, _, _)) = next {
            ctx.set_continue((page, actor));
        } else if let Some(next) = continue_pages {
            ctx.set_continue(next);
        }
        Ok(())
    }
}
