//! `list=allrevisions`: every revision of the wiki, newest first by default, grouped by page
//! within a batch; of one user or all but one, of some namespaces. What each revision shows is
//! the revision family's (`family::revisions`).

use serde_json::{json, Map, Value};
use wikiquery_domain::title::full_text;
use wikiquery_runtime::{
    query_module, ApiError, CacheMode, Namespace, QueryContext, QueryModule, RequestState, Timestamp, UserRef,
};
use wikiquery_store::queries::revisions::{RevisionRow, RevisionSelection, RevisionsFilter};

use wikiquery_domain::revision::Visibility;

use crate::family::revisions::{each_page_once, mark_empty, RevisionFamily};
use crate::values::TimeDir;
use crate::wiki::WikiContext;

/// Lists the revisions of all pages of the wiki, newest first unless asked otherwise.
///
/// The listing can be narrowed down to one user's revisions, to everyone's but one user's, or
/// to pages in some namespaces. Revisions of the same page in one batch are grouped under that
/// page. As a generator, it gives the revisions' pages.
#[query_module(
    name = "allrevisions",
    group = "list",
    cache = "public",
    prefix = "arv",
    readrights,
    xml = "page",
    xml_nested(revisions = "rev"),
    xml_under(rev(tags = "tag", roles = "_v", slots = "slot")),
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allrevisions",
    example(
        query = "action=query&list=allrevisions&arvuser=Alice&arvlimit=20&arvprop=ids|timestamp|comment",
        text = "List the 20 latest revisions by Alice, with their ids, times and summaries."
    ),
    example(
        query = "action=query&list=allrevisions&arvnamespace=2|3&arvdir=newer",
        text = "List the revisions of user pages and user talk pages, oldest first."
    ),
    example(
        query = "action=query&generator=allrevisions&garvexcludeuser=FixtureBot&garvlimit=10&prop=info",
        text = "Get page information about the pages of the ten latest revisions not made by FixtureBot."
    ),
    at_most_one_of(user, excludeuser)
)]
pub struct AllRevisions {
    // The revision parameters shared with the other revision modules (family/revisions.rs).
    #[param(flatten)]
    pub family: RevisionFamily,
    /// Only list revisions made by this user.
    pub user: Option<UserRef>,
    /// Only list revisions of pages in these namespaces.
    #[param(all)]
    pub namespace: Vec<Namespace>,
    /// The timestamp to start listing from.
    pub start: Option<Timestamp>,
    /// The timestamp to stop listing at.
    pub end: Option<Timestamp>,
    /// The direction in time: `older` lists the newest revisions first, `newer` the oldest.
    #[param(default = "older")]
    pub dir: TimeDir,
    /// Leave out the revisions made by this user.
    pub excludeuser: Option<UserRef>,
    /// As a generator, give the pages the revisions belong to (by title) rather than the
    /// revisions themselves.
    pub generatetitles: bool,
}

impl QueryModule for AllRevisions {
    fn cache_mode(&self, state: &RequestState) -> CacheMode {
        CacheMode::public_unless_revision_deletion(&state.rights)
    }

    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let view = ctx.when_listing(|ctx| self.family.view(ctx))?;
        let limit = self.family.batch_size(ctx, view.as_ref(), true);
        let site = ctx.site()?;

        // Every namespace is no filter.
        let mut namespaces: Vec<i32> = self.namespace.iter().map(|n| n.0).collect();
        namespaces.sort_unstable();
        namespaces.dedup();
        let mut every: Vec<i32> = ctx.state.namespaces.clone();
        every.sort_unstable();
        let namespaces = (!namespaces.is_empty() && namespaces != every).then_some(namespaces);

        let continue_from = match &self.family.continue_ {
            None => None,
            Some(cont) => {
                let (ts, id) = cont.read_as::<(Timestamp, i64)>()?;
                Some((ts.to_mw(), id))
            }
        };
        let actor = match (&self.user, &self.excludeuser) {
            (Some(u), _) => Some((u.text(), false)),
            (None, Some(u)) => Some((u.text(), true)),
            (None, None) => None,
        };
        let hidden_bits = if actor.is_some() { Visibility::of(&ctx.state.rights).hidden_user_bits() } else { 0 };
        let mut reader = ctx.reader()?;
        let tag = match &self.family.tag {
            Some(name) => Some(reader.tag_id(name)?),
            None => None,
        };
        let filter = RevisionsFilter {
            selection: RevisionSelection::History {
                page: None,
                namespaces,
                ascending: self.dir == TimeDir::Newer,
                start: self.start.map(|t| (t.to_mw(), None)),
                end: self.end.map(|t| (t.to_mw(), None)),
                actor,
                hidden_bits,
                continue_from,
            },
            tag,
            limit: limit.fetch(),
        };
        let rows = reader.revisions(&filter)?;
        let (rows, next) = limit.split(rows);
        let mut page_ids: Vec<i64> = rows.iter().map(|r| r.page).collect();
        page_ids.sort_unstable();
        page_ids.dedup();
        let pages = reader.pages_by_ids(&page_ids)?;
        drop(reader);
        let by_id: std::collections::HashMap<i64, &wikiquery_domain::page::PageRecord> =
            pages.iter().map(|p| (p.id, p)).collect();
        let page_of = |id: i64| by_id.get(&id).copied();

        ctx.emit(
            rows,
            each_page_once(|row: &RevisionRow| page_of(row.page).map(|p| (p.ns, p.dbkey.clone()))),
            |ctx, rows| {
                let title_of = |row: &RevisionRow| page_of(row.page).map(|p| (p.ns, p.dbkey.clone()));
                // Read before the query when the module lists, as it does here.
                let view = view.as_ref().expect("a listing module has read its view");
                let mut data = view.load(ctx, &rows, &title_of)?;
                // A batch's revisions grouped under the first entry of their page.
                let mut entries: Vec<(i64, Vec<Value>)> = Vec::new();
                let mut index: std::collections::HashMap<i64, usize> = std::collections::HashMap::new();
                for row in &rows {
                    let mut revision = view.revision(ctx, row, &mut data)?;
                    mark_empty(&mut revision);
                    let at = *index.entry(row.page).or_insert_with(|| {
                        entries.push((row.page, Vec::new()));
                        entries.len() - 1
                    });
                    entries[at].1.push(Value::Object(revision));
                }
                ctx.ensure_list();
                for (page, revisions) in entries {
                    let mut o = Map::new();
                    o.insert("pageid".into(), json!(page));
                    o.insert("revisions".into(), Value::Array(revisions));
                    if let Some(p) = page_of(page) {
                        o.insert("ns".into(), json!(p.ns));
                        o.insert("title".into(), json!(full_text(p.ns, &p.dbkey, site.namespaces())));
                    }
                    ctx.push_item(Value::Object(o));
                }
                Ok(())
            },
        )?;
        if let Some(next) = next {
            ctx.set_continue((&next.timestamp, &next.id));
        }
        Ok(())
    }
}
