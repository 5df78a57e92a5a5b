//! `list=alldeletedrevisions`: every deleted revision (in `archive`), by title (namespaces,
//! `from`/`to`/`prefix`, `excludeuser`) or, with `user`, that user's by time
//! (`start`/`end`); grouped by page within a batch. Comments need `deletedhistory`, content
//! `deletedtext`; what else each revision shows is the revision family's.

use serde_json::{json, Map, Value};
use wikiquery_domain::title::full_text;
use wikiquery_runtime::{
    query_module, ApiError, CacheMode, Namespace, QueryContext, QueryModule, RequestState, Timestamp, UserRef,
};
use wikiquery_store::queries::archive::{ArchiveFilter, ArchiveOrder, ArchiveRow};
use wikiquery_store::queries::revisions::RevisionRow;

use wikiquery_domain::revision::Visibility;

use crate::family::revisions::{archive_continue, archive_continue_value, each_page_once, mark_empty, RevisionFamily};
use crate::storage;
use crate::values::TimeDir;
use crate::wiki::WikiContext;

/// Lists deleted revisions from the whole wiki, those of one user or those of pages in some
/// namespaces.
///
/// Without `adruser`, revisions are listed by page title (and `adrfrom`, `adrto`, `adrprefix`
/// and `adrexcludeuser` apply); with it, that user's revisions are listed by time (and
/// `adrstart` and `adrend` apply). Revisions of the same page in one batch are grouped under
/// that page. Reading them needs the `deletedhistory` right, and their content `deletedtext`.
#[query_module(
    name = "alldeletedrevisions",
    group = "list",
    cache = "public",
    prefix = "adr",
    readrights,
    xml = "page",
    xml_nested(revisions = "rev"),
    xml_under(rev(tags = "tag", roles = "_v", slots = "slot")),
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Alldeletedrevisions",
    example(
        query = "action=query&list=alldeletedrevisions&adruser=Alice&adrprop=ids|timestamp|comment",
        text = "List the deleted revisions made by Alice, newest first, with their ids, times and summaries."
    ),
    example(
        query = "action=query&list=alldeletedrevisions&adrnamespace=0&adrdir=newer&adrlimit=20",
        text = "List 20 deleted revisions of main namespace pages, by title from A on."
    ),
    example(
        query = "action=query&generator=alldeletedrevisions&gadrnamespace=6&prop=info",
        text = "Get page information about the file pages that have deleted revisions."
    )
)]
pub struct AllDeletedRevisions {
    // The revision parameters shared with the other revision modules (family/revisions.rs).
    #[param(flatten)]
    pub family: RevisionFamily,
    /// Only list revisions made by this user, ordered by time.
    pub user: Option<UserRef>,
    /// Only list revisions of pages in these namespaces.
    #[param(all)]
    pub namespace: Option<Vec<Namespace>>,
    /// The timestamp to start listing from.
    #[param(info = "useronly")]
    pub start: Option<Timestamp>,
    /// The timestamp to stop listing at.
    #[param(info = "useronly")]
    pub end: Option<Timestamp>,
    /// The direction of the listing: `newer` goes from earlier to later times (and, without
    /// `adruser`, from A to Z by title), `older` the other way round.
    #[param(default = "older")]
    pub dir: TimeDir,
    /// The page title to start listing at.
    #[param(info = "nonuseronly")]
    pub from: Option<String>,
    /// The page title to stop listing at.
    #[param(info = "nonuseronly")]
    pub to: Option<String>,
    /// Only list revisions of pages whose titles begin with this text.
    #[param(info = "nonuseronly")]
    pub prefix: Option<String>,
    /// Leave out the revisions made by this user.
    #[param(info = "nonuseronly")]
    pub excludeuser: Option<UserRef>,
    /// As a generator, give the pages the revisions belong to (by title) rather than the
    /// revisions themselves.
    pub generatetitles: bool,
}

impl QueryModule for AllDeletedRevisions {
    fn cache_mode(&self, state: &RequestState) -> CacheMode {
        CacheMode::public_unless_revision_deletion(&state.rights)
    }

    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        // Namespaces asked for, none of them valid: no revisions, before anything is checked.
        if self.namespace.as_ref().is_some_and(Vec::is_empty) {
            ctx.ensure_list();
            return Ok(());
        }
        let p = ctx.module.prefix;
        let by_user = self.user.is_some();
        let misplaced: &[(&str, bool)] = if by_user {
            &[
                ("from", self.from.is_some()),
                ("to", self.to.is_some()),
                ("prefix", self.prefix.is_some()),
                ("excludeuser", self.excludeuser.is_some()),
            ]
        } else {
            &[("start", self.start.is_some()), ("end", self.end.is_some())]
        };
        if let Some((name, _)) = misplaced.iter().find(|(_, given)| *given) {
            let text = if by_user {
                format!("The parameter \"{p}{name}\" cannot be used with \"{p}user\".")
            } else {
                format!("\"{p}{name}\" may only be used with \"{p}user\".")
            };
            return Err(ApiError::new("invalidparammix", text));
        }
        let view = ctx.when_listing(|ctx| self.family.view(ctx))?;
        if let Some(view) = &view {
            view.check_archive_access(&ctx.state.rights)?;
        }
        let limit = self.family.batch_size(ctx, view.as_ref(), true);
        let site = ctx.site()?;

        let mut namespaces: Vec<i32> = self.namespace.iter().flatten().map(|n| n.0).collect();
        namespaces.sort_unstable();
        namespaces.dedup();
        // A title part as a database key, by the main namespace's rules when several are listed.
        let key_ns = if namespaces.len() == 1 { namespaces[0] } else { 0 };
        let key = |part: &Option<String>| storage::title_part(site, part.as_deref(), key_ns);
        let order = if by_user { ArchiveOrder::Time } else { ArchiveOrder::Title };
        let continue_from = self.family.continue_.as_ref().map(|cont| archive_continue(cont, order)).transpose()?;
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
        let filter = ArchiveFilter {
            namespaces: (!namespaces.is_empty()).then_some(namespaces.clone()),
            from: key(&self.from)?,
            to: key(&self.to)?,
            prefix: key(&self.prefix)?,
            order,
            ascending: self.dir == TimeDir::Newer,
            start: self.start.map(Timestamp::to_mw),
            end: self.end.map(Timestamp::to_mw),
            actor,
            hidden_bits,
            continue_from,
            tag,
            limit: limit.fetch(),
            ..ArchiveFilter::default()
        };
        let rows = reader.archived_revisions(&filter)?;
        let (rows, next) = limit.split(rows);

        ctx.emit(rows, each_page_once(|row: &ArchiveRow| Some((row.namespace, row.title.clone()))), |ctx, rows| {
            // Each title's page now, if it exists again.
            let mut titles: Vec<(i32, String)> = rows.iter().map(|r| (r.namespace, r.title.clone())).collect();
            titles.sort();
            titles.dedup();
            let current = reader.pages_by_titles(&titles)?;
            drop(reader);
            let revisions: Vec<RevisionRow> = rows.iter().map(|r| r.revision.clone()).collect();
            let title_of = |rev: &RevisionRow| {
                rows.iter().find(|r| r.revision.id == rev.id).map(|r| (r.namespace, r.title.clone()))
            };
            // Read before the query when the module lists, as it does here.
            let view = view.as_ref().expect("a listing module has read its view");
            let mut data = view.load(ctx, &revisions, &title_of)?;
            let mut entries: Vec<((i32, String), Vec<Value>)> = Vec::new();
            for row in &rows {
                let mut revision = view.revision(ctx, &row.revision, &mut data)?;
                mark_empty(&mut revision);
                let key = (row.namespace, row.title.clone());
                match entries.iter_mut().find(|(k, _)| *k == key) {
                    Some((_, list)) => list.push(Value::Object(revision)),
                    None => entries.push((key, vec![Value::Object(revision)])),
                }
            }
            ctx.ensure_list();
            for ((ns, title), revisions) in entries {
                let pageid = current.iter().find(|p| p.ns == ns && p.dbkey == title).map_or(0, |p| p.id);
                let mut o = Map::new();
                o.insert("pageid".into(), json!(pageid));
                o.insert("revisions".into(), Value::Array(revisions));
                o.insert("ns".into(), json!(ns));
                o.insert("title".into(), json!(full_text(ns, &title, site.namespaces())));
                ctx.push_item(Value::Object(o));
            }
            Ok(())
        })?;
        if let Some(next) = next {
            ctx.set_continue(archive_continue_value(&next, order));
        }
        Ok(())
    }
}
