//! `prop=deletedrevisions`: the deleted revisions (in `archive`) of the given pages, existing
//! or not. Their comments need `deletedhistory`, their content `deletedtext`; what else each
//! revision shows is the revision family's (`family::revisions`).

use std::collections::HashMap;

use wikiquery_domain::revision::Visibility;
use wikiquery_runtime::query::pageset::PageSet;
use wikiquery_runtime::{
    query_module, ApiError, CacheMode, QueryContext, QueryModule, RequestState, Timestamp, UserRef,
};
use wikiquery_store::queries::archive::{ArchiveFilter, ArchiveOrder, ArchiveRow};
use wikiquery_store::queries::revisions::RevisionRow;

use crate::family::revisions::{archive_continue, archive_continue_value, each_page_once, mark_empty, RevisionFamily};
use crate::values::TimeDir;
use crate::wiki::WikiContext;

/// Returns information about deleted revisions.
///
/// Either the deleted revisions of the pages given by `titles` or `pageids` (whether or not
/// the pages exist now), listed by title and time, or the deleted revisions given by
/// `revids`. Reading their comments needs the `deletedhistory` right, reading their content
/// the `deletedtext` right.
#[query_module(
    name = "deletedrevisions",
    group = "prop",
    cache = "public",
    prefix = "drv",
    readrights,
    xml = "rev",
    xml_under(rev(tags = "tag", roles = "_v", slots = "slot")),
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Deletedrevisions",
    at_most_one_of(user, excludeuser),
    example(
        query = "action=query&prop=deletedrevisions&titles=Moss&drvprop=user|comment|content&drvslots=main",
        text = "List the deleted revisions of the page Moss with their authors, comments and content."
    ),
    example(
        query = "action=query&prop=deletedrevisions&revids=118",
        text = "Get information about the deleted revision 118."
    )
)]
pub struct DeletedRevisions {
    #[param(flatten)]
    pub family: RevisionFamily,
    /// The timestamp to start listing at.
    pub start: Option<Timestamp>,
    /// The timestamp to stop listing at.
    pub end: Option<Timestamp>,
    /// The direction to list each page's deleted revisions in, by time.
    #[param(default = "older")]
    pub dir: TimeDir,
    /// Only list revisions made by this user.
    pub user: Option<UserRef>,
    /// Leave out revisions made by this user.
    pub excludeuser: Option<UserRef>,
}

impl QueryModule for DeletedRevisions {
    /// MediaWiki returns before its checks when there is no page (missing ones count) and no
    /// revision, and when revisions were given but none of them is deleted.
    fn checks_rules(pages: Option<&PageSet>) -> bool {
        pages.is_some_and(|set| {
            let by_revids = !set.revids.is_empty() || !set.bad_revids.is_empty() || !set.deleted_revids.is_empty();
            if by_revids {
                !set.deleted_revids.is_empty()
            } else {
                !set.good.is_empty() || !set.missing.is_empty()
            }
        })
    }

    fn cache_mode(&self, state: &RequestState) -> CacheMode {
        CacheMode::public_unless_revision_deletion(&state.rights)
    }

    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let Some(pageset) = ctx.page_set() else { return Ok(()) };
        // By revision id (`revids=`: those of deleted revisions), else by title.
        let by_revids =
            !pageset.revids.is_empty() || !pageset.bad_revids.is_empty() || !pageset.deleted_revids.is_empty();
        let deleted_revids = pageset.deleted_revids.clone();
        if by_revids && deleted_revids.is_empty() {
            return Ok(());
        }
        // Each title, existing or not, with the id its entry in `pages` has.
        let mut ids: HashMap<(i32, String), i64> = HashMap::new();
        for page in &pageset.good {
            ids.insert((page.ns, page.dbkey.clone()), page.id);
        }
        for page in &pageset.missing {
            ids.insert((page.ns, page.dbkey.clone()), page.fake_id);
        }
        if ids.is_empty() {
            return Ok(());
        }
        let view = ctx.when_listing(|ctx| self.family.view(ctx))?;
        if let Some(view) = &view {
            view.check_archive_access(&ctx.state.rights)?;
        }
        let limit = self.family.batch_size(ctx, view.as_ref(), true);
        let order = if by_revids { ArchiveOrder::Revision } else { ArchiveOrder::Title };
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
        let mut titles: Vec<(i32, String)> = ids.keys().cloned().collect();
        titles.sort();
        let filter = ArchiveFilter {
            titles: (!by_revids).then_some(titles),
            revisions: by_revids.then_some(deleted_revids),
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
        drop(reader);
        let (rows, next) = limit.split(rows);

        ctx.emit(rows, each_page_once(|row: &ArchiveRow| Some((row.namespace, row.title.clone()))), |ctx, rows| {
            let revisions: Vec<RevisionRow> = rows.iter().map(|r| r.revision.clone()).collect();
            let title_of = |rev: &RevisionRow| {
                rows.iter().find(|r| r.revision.id == rev.id).map(|r| (r.namespace, r.title.clone()))
            };
            // Read before the query when the module lists, as it does here.
            let view = view.as_ref().expect("a listing module has read its view");
            let mut data = view.load(ctx, &revisions, &title_of)?;
            for row in &rows {
                let Some(&page) = ids.get(&(row.namespace, row.title.clone())) else { continue };
                let mut revision = view.revision(ctx, &row.revision, &mut data)?;
                mark_empty(&mut revision);
                ctx.push_page_item(page, "deletedrevisions", serde_json::Value::Object(revision));
            }
            Ok(())
        })?;
        if let Some(next) = next {
            ctx.set_continue(archive_continue_value(&next, order));
        }
        Ok(())
    }
}
