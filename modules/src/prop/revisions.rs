//! `prop=revisions`: revisions of the given pages — the latest of each page, those of
//! `revids=`, or, for one page, a range of its history (`rvlimit`, `rvstart`/`rvend`,
//! `rvstartid`/`rvendid`, `rvdir`, `rvuser`/`rvexcludeuser`). What each revision shows is the
//! revision family's (`family::revisions`).

use std::collections::HashMap;

use wikiquery_domain::revision::Visibility;
use wikiquery_runtime::query::pageset::PageSet;
use wikiquery_runtime::{
    query_module, ApiError, CacheMode, LooseInt, QueryContext, QueryModule, RequestState, Timestamp, UserRef,
};
use wikiquery_store::queries::revisions::{HistoryEdge, RevisionRow, RevisionSelection, RevisionsFilter};

use crate::family::revisions::{each_page_once, mark_empty, RevisionFamily};
use crate::values::TimeDir;
use crate::wiki::WikiContext;

/// Returns revisions of the given pages and what they hold.
///
/// Used in three ways: the latest revision of each page given by `titles`, `pageids` or a
/// generator; the revisions given by `revids`; or, for a single page, a range of its history,
/// chosen with `rvlimit`, `rvstart`, `rvend`, `rvstartid`, `rvendid`, `rvdir`, `rvuser` and
/// `rvexcludeuser`.
#[query_module(
    name = "revisions",
    group = "prop",
    cache = "public",
    prefix = "rv",
    readrights,
    xml = "rev",
    xml_under(rev(tags = "tag", roles = "_v", slots = "slot")),
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Revisions",
    at_most_one_of(startid, start),
    at_most_one_of(endid, end),
    at_most_one_of(user, excludeuser),
    example(
        query = "action=query&prop=revisions&titles=Main%20Page|Cat&rvprop=timestamp|content&rvslots=main",
        text = "Get the content of the latest revisions of the pages Main Page and Cat."
    ),
    example(
        query = "action=query&prop=revisions&titles=Cat&rvlimit=5&rvprop=timestamp|user|comment",
        text = "List the last five revisions of the page Cat with their times, authors and comments."
    ),
    example(
        query = "action=query&prop=revisions&titles=Dog&rvlimit=5&rvdir=newer&rvexcludeuser=Admin",
        text = "List the first five revisions of the page Dog not made by Admin."
    )
)]
pub struct Revisions {
    #[param(flatten, annotate(limit = "singlepageonly"))]
    pub family: RevisionFamily,
    /// List the history from the time of this revision on. The revision must exist, but it
    /// may be one of another page.
    #[param(info = "singlepageonly")]
    pub startid: Option<i64>,
    /// Stop listing the history at the time of this revision, which must exist but may be one
    /// of another page.
    #[param(info = "singlepageonly")]
    pub endid: Option<i64>,
    /// The timestamp to start listing the history at.
    #[param(info = "singlepageonly")]
    pub start: Option<Timestamp>,
    /// The timestamp to stop listing the history at.
    #[param(info = "singlepageonly")]
    pub end: Option<Timestamp>,
    /// The direction to list the history in.
    #[param(default = "older", info = "singlepageonly")]
    pub dir: TimeDir,
    /// Only list revisions made by this user.
    #[param(info = "singlepageonly")]
    pub user: Option<UserRef>,
    /// Leave out revisions made by this user.
    #[param(info = "singlepageonly")]
    pub excludeuser: Option<UserRef>,
}

impl QueryModule for Revisions {
    /// MediaWiki checks them after the content parameters (below), and not at all when it
    /// returns early: when there is no page and no revision.
    fn checks_rules(_: Option<&PageSet>) -> bool {
        false
    }

    fn cache_mode(&self, state: &RequestState) -> CacheMode {
        CacheMode::public_unless_revision_deletion(&state.rights)
    }

    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let Some(pageset) = ctx.page_set() else { return Ok(()) };
        let pages: Vec<(i64, i32, String)> = pageset.good.iter().map(|p| (p.id, p.ns, p.dbkey.clone())).collect();
        let revids = pageset.revids.clone();
        let by_revids = !revids.is_empty() || !pageset.bad_revids.is_empty();
        if pages.is_empty() || (by_revids && revids.is_empty()) {
            return Ok(());
        }
        let prefix = ctx.module.prefix;
        let enumerating = self.user.is_some()
            || self.excludeuser.is_some()
            || self.family.limit.is_some()
            || self.startid.is_some()
            || self.endid.is_some()
            || self.dir == TimeDir::Newer
            || self.start.is_some()
            || self.end.is_some();
        let single_page = ["limit", "startid", "endid", "dir=newer", "user", "excludeuser", "start", "end"]
            .iter()
            .map(|p| format!("{prefix}{p}"))
            .collect::<Vec<_>>()
            .join(", ");
        if by_revids && enumerating {
            return Err(ApiError::new(
                "invalidparammix",
                format!("The revids= parameter may not be used with the list options ({single_page})."),
            ));
        }
        if pages.len() > 1 && enumerating {
            return Err(ApiError::new(
                "invalidparammix",
                format!("titles, pageids or a generator was used to supply multiple pages, but the {single_page} parameters can only be used on a single page."),
            ));
        }

        let view = ctx.when_listing(|ctx| self.family.view(ctx))?;
        ctx.check_rules()?;
        let limit = self.family.batch_size(ctx, view.as_ref(), enumerating);
        let mut reader = ctx.reader()?;
        let tag = match &self.family.tag {
            Some(name) => Some(reader.tag_id(name)?),
            None => None,
        };

        let selection = if enumerating {
            let continue_from = match &self.family.continue_ {
                None => None,
                Some(cont) => {
                    let (ts, id) = cont.read_as::<(Timestamp, i64)>()?;
                    Some((ts.to_mw(), id))
                }
            };
            let ids: Vec<i64> = self.startid.iter().chain(self.endid.iter()).copied().collect();
            let known = if ids.is_empty() { HashMap::new() } else { reader.revision_timestamps(&ids)? };
            let edge = |id: Option<i64>, ts: Option<Timestamp>, name: &str| -> Result<Option<HistoryEdge>, ApiError> {
                match (id, ts) {
                    (Some(id), _) => match known.get(&id) {
                        Some(ts) => Ok(Some((ts.clone(), Some(id)))),
                        None => Err(ApiError::new(
                            format!("badid_{prefix}{name}"),
                            format!("No revision was found for parameter \"{prefix}{name}\"."),
                        )),
                    },
                    (None, Some(ts)) => Ok(Some((ts.to_mw(), None))),
                    (None, None) => Ok(None),
                }
            };
            let start = edge(self.startid, self.start, "startid")?;
            let end = edge(self.endid, self.end, "endid")?;
            let actor = match (&self.user, &self.excludeuser) {
                (Some(u), _) => Some((u.text(), false)),
                (None, Some(u)) => Some((u.text(), true)),
                (None, None) => None,
            };
            let hidden_bits = if actor.is_some() { Visibility::of(&ctx.state.rights).hidden_user_bits() } else { 0 };
            RevisionSelection::History {
                page: Some(pages[0].0),
                namespaces: None,
                ascending: self.dir == TimeDir::Newer,
                start,
                end,
                actor,
                hidden_bits,
                continue_from,
            }
        } else if by_revids {
            let continue_from = match &self.family.continue_ {
                None => None,
                Some(cont) => Some(cont.read_as::<(LooseInt,)>()?.0 .0),
            };
            RevisionSelection::Ids { ids: revids, continue_from }
        } else {
            let continue_from = match &self.family.continue_ {
                None => None,
                Some(cont) => {
                    let (LooseInt(page), LooseInt(id)) = cont.read_as::<(LooseInt, LooseInt)>()?;
                    Some((page, id))
                }
            };
            RevisionSelection::Latest { pages: pages.iter().map(|p| p.0).collect(), continue_from }
        };
        let filter = RevisionsFilter { selection, tag, limit: limit.fetch() };
        let rows = reader.revisions(&filter)?;
        drop(reader);
        let (rows, next) = limit.split(rows);

        ctx.emit(
            rows,
            each_page_once(|row: &RevisionRow| pages.iter().find(|p| p.0 == row.page).map(|p| (p.1, p.2.clone()))),
            |ctx, rows| {
                let title_of = |row: &RevisionRow| pages.iter().find(|p| p.0 == row.page).map(|p| (p.1, p.2.clone()));
                // Read before the query when the module lists, as it does here.
                let view = view.as_ref().expect("a listing module has read its view");
                let mut data = view.load(ctx, &rows, &title_of)?;
                for row in &rows {
                    let mut revision = view.revision(ctx, row, &mut data)?;
                    mark_empty(&mut revision);
                    ctx.push_page_item(row.page, "revisions", serde_json::Value::Object(revision));
                }
                Ok(())
            },
        )?;
        if let Some(next) = next {
            let value = if enumerating {
                format!("{}|{}", next.timestamp, next.id)
            } else if by_revids {
                next.id.to_string()
            } else {
                format!("{}|{}", next.page, next.id)
            };
            ctx.set_continue(value);
        }
        Ok(())
    }
}
