//! Users' contributions (`revision` by `rev_actor`, with `page` and `actor`) with the filters of
//! `list=usercontribs`, the actors its user parameters name, and what its rendering needs:
//! parents' sizes and patrol marks.
//!
//! Contributions are read through the `rev_actor_timestamp` index `(rev_actor, rev_timestamp,
//! rev_id)`, for one actor in `(timestamp, id)` order or for several in `(actor, timestamp, id)`
//! order; a continuation key is a bound on that order, so a page costs the same however deep
//! into a history it starts.

use crate::queries::sql::InListExt;
use std::collections::HashMap;

use diesel::prelude::*;
use diesel::sql_types::Integer;

use crate::backend::{AsAnyConnection, StoreError};
use crate::queries::recent_changes::Condition;
use crate::queries::revisions::RevisionRow;
use crate::queries::{prefix_upper_bound, BitAnd, IN_LIST_MAX};
use crate::reader::Reader;
use crate::schema::{actor, change_tag, ip_changes, page, recentchanges, revision, revision_comment_temp};
use crate::with_conn;

/// An actor: id, name, user id (`None` for IP addresses and imported names).
pub type ActorRow = (i64, String, Option<i64>);

/// Where a listing of contributions continues: at this actor (when listing several, in actor
/// order), this timestamp and this revision id, and after them in the direction of listing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContribsContinue {
    /// The actor the previous batch stopped at, when the listing is in actor order.
    pub actor: Option<i64>,
    /// The timestamp, 14 digits.
    pub timestamp: String,
    /// The revision id.
    pub id: i64,
}

/// What [`Reader::contributions`] selects.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ContribsFilter {
    /// The actors whose revisions are listed.
    pub actors: Vec<i64>,
    /// Several actors' revisions interleaved in time order (an address range's, as MediaWiki
    /// lists them by `ip_changes`), rather than actor after actor.
    pub in_time_order: bool,
    /// Oldest first (`ucdir=newer`).
    pub ascending: bool,
    /// The start of the range, in the direction of listing.
    pub start: Option<String>,
    /// The end of the range, in the direction of listing.
    pub end: Option<String>,
    /// Where a previous batch stopped.
    pub continue_from: Option<ContribsContinue>,
    /// Only revisions before this timestamp (a pager's offset, compared as text).
    pub before: Option<String>,
    /// Only revisions after this timestamp.
    pub after: Option<String>,
    /// Only revisions with some part deleted (`rev_deleted != 0`).
    pub deleted_only: bool,
    /// Only revisions of pages in these namespaces.
    pub namespaces: Option<Vec<i32>>,
    /// Leave out revisions whose `rev_deleted` has all these bits.
    pub hidden_bits: i32,
    /// Minor edits.
    pub minor: Condition,
    /// Patrolled edits (`rc_patrolled != 0` of the edit's recent change; edits with none are
    /// neither).
    pub patrolled: Condition,
    /// Edits patrolled automatically.
    pub autopatrolled: Condition,
    /// The page's latest revision.
    pub top: Condition,
    /// Page creations (`rev_parent_id = 0`).
    pub new: Condition,
    /// Only revisions with this tag.
    pub tag_id: Option<i64>,
    /// How many rows at most.
    pub limit: i64,
}

/// One contribution: the revision, its actor's id and its page; its fields are the listing's
/// columns, in order.
#[derive(Debug, Clone, PartialEq, Eq, Queryable)]
pub struct ContribRow {
    /// The revision, as every revision listing reads it.
    pub rev: RevisionRow,
    /// `rev_actor`.
    pub actor: i64,
    /// `page_namespace`.
    pub namespace: i32,
    /// `page_title`.
    pub title: String,
    /// `page_latest`.
    pub page_latest: i64,
}

impl<C: AsAnyConnection> Reader<C> {
    /// The actors of these names, in name order (descending with `descending`), from `from` on
    /// (`Some((actor id, inclusive upper bound))` as MediaWiki bounds a continued listing).
    pub fn actors_named(&mut self, names: &[String], descending: bool) -> Result<Vec<ActorRow>, StoreError> {
        let conn = self.conn();
        let mut out: Vec<ActorRow> = Vec::new();
        for chunk in names.chunks(IN_LIST_MAX) {
            let rows: Vec<ActorRow> = with_conn!(conn, |c| actor::table
                .select((actor::actor_id, actor::actor_name, actor::actor_user))
                .filter(actor::actor_name.in_list(chunk))
                .load(c))?;
            out.extend(rows);
        }
        out.sort_by(|a, b| a.1.cmp(&b.1));
        if descending {
            out.reverse();
        }
        Ok(out)
    }

    /// The actors of registered users with these ids, in user id order.
    pub fn actors_of_users(&mut self, user_ids: &[i64], descending: bool) -> Result<Vec<ActorRow>, StoreError> {
        let conn = self.conn();
        let mut out: Vec<ActorRow> = Vec::new();
        for chunk in user_ids.chunks(IN_LIST_MAX) {
            let rows: Vec<ActorRow> = with_conn!(conn, |c| actor::table
                .select((actor::actor_id, actor::actor_name, actor::actor_user))
                .filter(actor::actor_user.assume_not_null().in_list(chunk))
                .load(c))?;
            out.extend(rows);
        }
        out.sort_by_key(|a| a.2);
        if descending {
            out.reverse();
        }
        Ok(out)
    }

    /// At most `limit` actors whose names start with `prefix`, in name order from `from` on
    /// (inclusive; descending with `descending`).
    pub fn actors_with_prefix(
        &mut self,
        prefix: &str,
        from: Option<&str>,
        descending: bool,
        limit: i64,
    ) -> Result<Vec<ActorRow>, StoreError> {
        let conn = self.conn();
        // A range rather than LIKE: MediaWiki's LIKE is case-sensitive on every backend.
        let end = prefix_upper_bound(prefix);
        let rows: Vec<ActorRow> = with_conn!(conn, |c| {
            let mut query = actor::table
                .select((actor::actor_id, actor::actor_name, actor::actor_user))
                .filter(actor::actor_name.ge(prefix))
                .into_boxed();
            if let Some(end) = &end {
                query = query.filter(actor::actor_name.lt(end));
            }
            if let Some(from) = from {
                query = if descending {
                    query.filter(actor::actor_name.le(from))
                } else {
                    query.filter(actor::actor_name.ge(from))
                };
            }
            query =
                if descending { query.order(actor::actor_name.desc()) } else { query.order(actor::actor_name.asc()) };
            query.limit(limit).load(c)
        })?;
        Ok(rows)
    }

    /// At most `limit` distinct addresses (as `ipc_hex`) that made edits, between `low` and
    /// `high` (inclusive), in hex order (descending with `descending`).
    pub fn edit_addresses(
        &mut self,
        low: &str,
        high: &str,
        descending: bool,
        limit: i64,
    ) -> Result<Vec<String>, StoreError> {
        let conn = self.conn();
        let rows: Vec<String> = with_conn!(conn, |c| {
            let query = ip_changes::table
                .select(ip_changes::ipc_hex)
                .filter(ip_changes::ipc_hex.between(low, high))
                .group_by(ip_changes::ipc_hex)
                .into_boxed();
            let query = if descending {
                query.order(ip_changes::ipc_hex.desc())
            } else {
                query.order(ip_changes::ipc_hex.asc())
            };
            query.limit(limit).load(c)
        })?;
        Ok(rows)
    }

    /// The contributions a filter selects, in its order.
    pub fn contributions(&mut self, filter: &ContribsFilter) -> Result<Vec<ContribRow>, StoreError> {
        if filter.actors.is_empty() {
            return Ok(Vec::new());
        }
        let conn = self.conn();
        let several = filter.actors.len() > 1 && !filter.in_time_order;
        let rows: Vec<ContribRow> = with_conn!(conn, |c| {
            let mut query = revision::table
                .inner_join(page::table.on(page::page_id.eq(revision::rev_page)))
                .inner_join(actor::table)
                .left_join(revision_comment_temp::table)
                .select((
                    revision_row_columns!(),
                    revision::rev_actor,
                    page::page_namespace,
                    page::page_title,
                    page::page_latest,
                ))
                .into_boxed();
            query = match filter.actors.as_slice() {
                [one] => query.filter(revision::rev_actor.eq(*one)),
                many => query.filter(revision::rev_actor.in_list(many)),
            };
            let (lower, upper) =
                if filter.ascending { (&filter.start, &filter.end) } else { (&filter.end, &filter.start) };
            if let Some(lower) = lower {
                query = query.filter(revision::rev_timestamp.ge(lower));
            }
            if let Some(upper) = upper {
                query = query.filter(revision::rev_timestamp.le(upper));
            }
            if let Some(cont) = &filter.continue_from {
                let (ts, id) = (cont.timestamp.clone(), cont.id);
                let key = match cont.actor {
                    None => keyset!(filter.ascending; revision::rev_timestamp => ts, revision::rev_id => id),
                    Some(a) => keyset!(filter.ascending;
                        revision::rev_actor => a,
                        revision::rev_timestamp => ts,
                        revision::rev_id => id),
                };
                query = query.filter(key);
            }
            if let Some(before) = &filter.before {
                query = query.filter(revision::rev_timestamp.lt(before));
            }
            if let Some(after) = &filter.after {
                query = query.filter(revision::rev_timestamp.gt(after));
            }
            if filter.deleted_only {
                query = query.filter(revision::rev_deleted.ne(0));
            }
            if filter.hidden_bits != 0 {
                let bits = filter.hidden_bits;
                query = query.filter(BitAnd::new(revision::rev_deleted, bits.into_sql::<Integer>()).ne(bits));
            }
            if let Some(namespaces) = &filter.namespaces {
                query = query.filter(page::page_namespace.in_list(namespaces));
            }
            if let Some(minor) = filter.minor {
                query = if minor {
                    query.filter(revision::rev_minor_edit.ne(0))
                } else {
                    query.filter(revision::rev_minor_edit.eq(0))
                };
            }
            if let Some(top) = filter.top {
                query = if top {
                    query.filter(revision::rev_id.eq(page::page_latest))
                } else {
                    query.filter(revision::rev_id.ne(page::page_latest))
                };
            }
            if let Some(new) = filter.new {
                query = if new {
                    query.filter(revision::rev_parent_id.eq(0))
                } else {
                    query.filter(revision::rev_parent_id.ne(0))
                };
            }
            // The patrol conditions hold on the edit's recent change (MediaWiki joins it).
            // `rc_patrolled` is 0, 1 or 2; each condition keeps some of these values.
            let mut allowed: Option<Vec<i32>> = None;
            let conditions = [(filter.patrolled, [false, true, true]), (filter.autopatrolled, [false, false, true])];
            for (condition, holds) in conditions {
                if let Some(want) = condition {
                    let values: Vec<i32> = (0..3).filter(|v| holds[*v as usize] == want).collect();
                    allowed = Some(match allowed {
                        None => values,
                        Some(before) => before.into_iter().filter(|v| values.contains(v)).collect(),
                    });
                }
            }
            if let Some(values) = allowed {
                let in_feed = recentchanges::table
                    .select(recentchanges::rc_this_oldid)
                    .filter(recentchanges::rc_patrolled.in_list(values));
                query = query.filter(revision::rev_id.eq_any(in_feed));
            }
            if let Some(tag) = filter.tag_id {
                let tagged = change_tag::table.select(change_tag::ct_rev_id).filter(change_tag::ct_tag_id.eq(tag));
                query = query.filter(revision::rev_id.nullable().eq_any(tagged));
            }
            query = match (several, filter.ascending) {
                (true, true) => {
                    query.order((revision::rev_actor.asc(), revision::rev_timestamp.asc(), revision::rev_id.asc()))
                }
                (true, false) => {
                    query.order((revision::rev_actor.desc(), revision::rev_timestamp.desc(), revision::rev_id.desc()))
                }
                (false, true) => query.order((revision::rev_timestamp.asc(), revision::rev_id.asc())),
                (false, false) => query.order((revision::rev_timestamp.desc(), revision::rev_id.desc())),
            };
            query.limit(filter.limit).load(c)
        })?;
        Ok(rows)
    }

    /// The sizes (`rev_len`) of these revisions, by id.
    pub fn revision_sizes(&mut self, rev_ids: &[i64]) -> Result<HashMap<i64, Option<i64>>, StoreError> {
        let conn = self.conn();
        let mut out = HashMap::new();
        for ids in rev_ids.chunks(IN_LIST_MAX) {
            let rows: Vec<(i64, Option<i64>)> = with_conn!(conn, |c| revision::table
                .select((revision::rev_id, revision::rev_len))
                .filter(revision::rev_id.in_list(ids))
                .load(c))?;
            out.extend(rows);
        }
        Ok(out)
    }

    /// The patrol marks (`rc_patrolled`) of the recent changes that made these revisions, by
    /// revision id.
    pub fn patrol_marks(&mut self, rev_ids: &[i64]) -> Result<HashMap<i64, i32>, StoreError> {
        let conn = self.conn();
        let mut out = HashMap::new();
        for ids in rev_ids.chunks(IN_LIST_MAX) {
            let rows: Vec<(i64, i32)> = with_conn!(conn, |c| recentchanges::table
                .select((recentchanges::rc_this_oldid, recentchanges::rc_patrolled))
                .filter(recentchanges::rc_this_oldid.in_list(ids))
                .load(c))?;
            out.extend(rows);
        }
        Ok(out)
    }
}
