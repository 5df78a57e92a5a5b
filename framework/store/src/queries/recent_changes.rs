//! Recent changes (`recentchanges`, with their actors read for the page at once) with the filters of `list=recentchanges`, and
//! what their rendering needs beyond the row: tags and the content hashes of the revisions the
//! changes made.
//!
//! The listing reads in `(rc_timestamp, rc_id)` order, newest or oldest first. A continuation
//! key is a bound on that order written so that the timestamp alone bounds a range of the
//! `rc_timestamp` index (on SQLite and MariaDB the index holds the id too, so the order needs no
//! sort); a filter by user reads the `rc_actor` index instead, by title the
//! `rc_namespace_title_timestamp` index. A page of the feed costs the same however deep into
//! it starts.

use crate::queries::sql::fixed_sql;
use crate::queries::sql::InListExt;
use std::collections::HashMap;
use std::sync::Arc;

use diesel::connection::DefaultLoadingMode;
use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool, Integer, Text};

use super::{group_tags, BitAnd, IN_LIST_MAX};
use crate::backend::{AsAnyConnection, StoreError};
use crate::reader::Reader;
use crate::schema::{actor, change_tag, change_tag_def, recentchanges, revision, slot_roles};
use crate::with_conn;

/// `rc_type` of a log entry.
pub const RC_LOG: i32 = 3;

/// A yes/no condition on a change: `Some(true)` keeps the changes that have it, `Some(false)`
/// those that do not.
pub type Condition = Option<bool>;

/// What [`Reader::recent_changes`] selects. Timestamps are MediaWiki's 14-digit form; titles
/// are database keys.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RecentChangesFilter {
    /// Oldest first (`rcdir=newer`) instead of newest first.
    pub ascending: bool,
    /// The start of the range, in the direction of listing.
    pub start: Option<String>,
    /// The end of the range, in the direction of listing.
    pub end: Option<String>,
    /// Where a previous batch stopped: this change (timestamp, id) and those after it.
    pub continue_from: Option<(String, i64)>,
    /// Only changes to pages of these namespaces (with `namespaces_inverted`, of the others).
    pub namespaces: Option<Vec<i32>>,
    /// `namespaces` names the namespaces left out.
    pub namespaces_inverted: bool,
    /// Only changes of these types (`rc_type`).
    pub types: Option<Vec<i32>>,
    /// Only changes to this page: namespace and database key (with `namespaces`, both hold).
    pub title: Option<(i32, String)>,
    /// Minor edits (`rc_minor`).
    pub minor: Condition,
    /// Changes by bots (`rc_bot`).
    pub bot: Condition,
    /// Changes by IP addresses (an actor with no user).
    pub anon: Condition,
    /// Patrolled changes, by hand or automatically (`rc_patrolled != 0`).
    pub patrolled: Condition,
    /// Changes patrolled automatically (`rc_patrolled = 2`).
    pub autopatrolled: Condition,
    /// Changes whose title is a redirect now.
    pub redirect: Condition,
    /// Only (`false`) or all but (`true`) the changes of this actor name.
    pub actor: Option<(String, bool)>,
    /// Leave out changes whose `rc_deleted` has all of these bits, one mask a condition.
    pub exclude_deleted: Vec<i32>,
    /// Leave out log entries whose `rc_deleted` has all of these bits.
    pub exclude_deleted_log: Option<i32>,
    /// Only changes that made the latest revision of the page now at their title.
    pub top_only: bool,
    /// Only changes with any of these tags (`ct_tag_id`).
    pub tag_ids: Option<Vec<i64>>,
    /// Only changes to the pages related to a page by its links (the related-changes feed).
    pub related: Option<Related>,
    /// Only changes that touched this slot (`slot_role_id`; `Some(None)`: a role the wiki does
    /// not have, so none).
    pub slot: Option<Option<i64>>,
    /// Only changes to titles this user watches, and of those the ones made since the user
    /// last saw the title (`Some(true)`: `rc_timestamp >= wl_notificationtimestamp`) or not.
    pub watched_by: Option<(i64, Condition)>,
    /// Only changes that made the latest revision of their page (by page id), and log
    /// entries (a watchlist without `allrev`).
    pub latest_or_log: bool,
    /// How changes of the same second are ordered, newest first.
    pub ties: Ties,
    /// How many rows at most.
    pub limit: i64,
}

/// The order of changes made in the same second, when they are listed newest first. MediaWiki's
/// recent-changes page orders by time alone, so its ties come out in the order the database
/// read them; on SQLite, which the reference answers come from, that is the order of the index
/// or of the union it read.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Ties {
    /// By id, in the listing's direction (the API's lists).
    #[default]
    ById,
    /// New pages after edits, then by namespace, then oldest first (the recent-changes page,
    /// read through its `rc_new`, `rc_namespace`, `rc_timestamp` index).
    ByKindAndNamespace,
    /// Oldest first (the related-changes page's union of link tables).
    OldestFirst,
    /// By actor, then oldest first (changes read through their actors).
    ByActor,
    /// By the page's sort key in the category of [`Related::InCategory`], then oldest first
    /// (a category's related changes, read through its members).
    BySortKey,
}

/// Pages related to a page by the link tables, as the related-changes page finds them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Related {
    /// The pages a page (by id) links to, transcludes, or (with `files`) shows as images.
    LinkedFrom { page_id: i64, files: bool },
    /// The pages that link to or transclude a title, or (with `files`) show it as an image.
    LinkingTo { namespace: i32, title: String, files: bool },
    /// The members of a category (by its database key).
    InCategory(String),
}

/// One change with its actor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecentChangeRow {
    /// `rc_id`.
    pub id: i64,
    /// `rc_timestamp`, 14 digits.
    pub timestamp: String,
    /// `rc_namespace`.
    pub namespace: i32,
    /// `rc_title`, the database key.
    pub title: String,
    /// `rc_cur_id`: the page.
    pub page_id: i64,
    /// `rc_type`: 0 edit, 1 new page, 3 log entry, 6 categorization, 5 external.
    pub change_type: i32,
    /// `rc_deleted`: which parts are hidden.
    pub deleted: i32,
    /// `rc_this_oldid`: the revision made.
    pub this_oldid: i64,
    /// `rc_last_oldid`: the revision before it.
    pub last_oldid: i64,
    /// `rc_minor`.
    pub minor: i32,
    /// `rc_bot`.
    pub bot: i32,
    /// `rc_old_len`.
    pub old_len: Option<i64>,
    /// `rc_new_len`.
    pub new_len: Option<i64>,
    /// `rc_patrolled`: 0 unpatrolled, 1 patrolled, 2 patrolled automatically.
    pub patrolled: i32,
    /// `rc_logid`.
    pub log_id: i64,
    /// `rc_log_type`.
    pub log_type: Option<String>,
    /// `rc_log_action`.
    pub log_action: Option<String>,
    /// `rc_params`: the log entry's parameters.
    pub params: Option<String>,
    /// `rc_comment_id`.
    pub comment_id: i64,
    /// `rc_actor`.
    pub actor: i64,
    /// The actor's name (shared by the page's changes of one actor).
    pub actor_name: Arc<str>,
    /// The actor's user id; `None` (or 0) for IP addresses and imported names.
    pub actor_user: Option<i64>,
}

/// The listing's columns, in order: a change before its actor is looked up.
type ChangeColumns = (
    (i64, String, i32, String, i64, i32, i32, i64, i64, i32, i32),
    (Option<i64>, Option<i64>, i32, i64, Option<String>, Option<String>, Option<String>, i64, i64),
);

/// The page now at a change's title is a redirect (for the `redirect` conditions). A fixed
/// text naming columns only.
const TITLE_IS_REDIRECT: &str = "EXISTS (SELECT 1 FROM page WHERE page_namespace = rc_namespace \
     AND page_title = rc_title AND page_is_redirect = 1)";

/// The change was made by an IP address (an actor with no user).
const BY_ADDRESS: &str = "EXISTS (SELECT 1 FROM actor WHERE actor_id = rc_actor AND actor_user IS NULL)";

/// The change made the latest revision of the page now at its title.
const IS_TOP: &str = "EXISTS (SELECT 1 FROM page WHERE page_namespace = rc_namespace \
     AND page_title = rc_title AND page_latest = rc_this_oldid)";

/// The change made the latest revision of its page (by id), or is a log entry.
const LATEST_OR_LOG: &str = "(rc_type = 3 OR EXISTS (SELECT 1 FROM page WHERE page_id = rc_cur_id \
     AND page_latest = rc_this_oldid))";

/// The change is to a title the user `?` (bound) watches; what follows the bound value ends
/// the condition.
const WATCHED_BY: &str = "EXISTS (SELECT 1 FROM watchlist WHERE wl_namespace = rc_namespace \
     AND wl_title = rc_title AND wl_user = ";

/// The change touched the slot of role `?` (bound): the slot was made or changed by the
/// revision, or its content differs from the previous revision's.
const TOUCHES_SLOT: &str = "EXISTS (SELECT 1 FROM slots s LEFT JOIN slots p \
     ON p.slot_revision_id = rc_last_oldid AND p.slot_role_id = s.slot_role_id \
     WHERE s.slot_revision_id = rc_this_oldid AND s.slot_role_id = ";

impl<C: AsAnyConnection> Reader<C> {
    /// The changes a filter selects, in its order, at most `filter.limit`.
    pub fn recent_changes(&mut self, filter: &RecentChangesFilter) -> Result<Vec<RecentChangeRow>, StoreError> {
        if filter.slot == Some(None) || filter.types.as_ref().is_some_and(Vec::is_empty) {
            return Ok(Vec::new());
        }
        let conn = self.conn();
        let mut found: Vec<ChangeColumns> = Vec::with_capacity(usize::try_from(filter.limit).unwrap_or(0).min(5001));
        with_conn!(conn, |c| {
            let mut query = recentchanges::table
                .select((
                    (
                        recentchanges::rc_id,
                        recentchanges::rc_timestamp,
                        recentchanges::rc_namespace,
                        recentchanges::rc_title,
                        recentchanges::rc_cur_id,
                        recentchanges::rc_type,
                        recentchanges::rc_deleted,
                        recentchanges::rc_this_oldid,
                        recentchanges::rc_last_oldid,
                        recentchanges::rc_minor,
                        recentchanges::rc_bot,
                    ),
                    (
                        recentchanges::rc_old_len,
                        recentchanges::rc_new_len,
                        recentchanges::rc_patrolled,
                        recentchanges::rc_logid,
                        recentchanges::rc_log_type,
                        recentchanges::rc_log_action,
                        recentchanges::rc_params,
                        recentchanges::rc_comment_id,
                        recentchanges::rc_actor,
                    ),
                ))
                .into_boxed();
            let (lower, upper) =
                if filter.ascending { (&filter.start, &filter.end) } else { (&filter.end, &filter.start) };
            if let Some(lower) = lower {
                query = query.filter(recentchanges::rc_timestamp.ge(lower));
            }
            if let Some(upper) = upper {
                query = query.filter(recentchanges::rc_timestamp.le(upper));
            }
            if let Some((ts, id)) = &filter.continue_from {
                query = query
                    .filter(keyset!(filter.ascending; recentchanges::rc_timestamp => ts, recentchanges::rc_id => *id));
            }
            if let Some((ns, title)) = &filter.title {
                query = query.filter(recentchanges::rc_namespace.eq(*ns)).filter(recentchanges::rc_title.eq(title));
            }
            if let Some(namespaces) = &filter.namespaces {
                query = if filter.namespaces_inverted {
                    query.filter(recentchanges::rc_namespace.not_in_list(namespaces))
                } else {
                    query.filter(recentchanges::rc_namespace.in_list(namespaces))
                };
            }
            if let Some(types) = &filter.types {
                query = query.filter(recentchanges::rc_type.in_list(types));
            }
            if let Some(minor) = filter.minor {
                query = if minor {
                    query.filter(recentchanges::rc_minor.ne(0))
                } else {
                    query.filter(recentchanges::rc_minor.eq(0))
                };
            }
            if let Some(bot) = filter.bot {
                query = if bot {
                    query.filter(recentchanges::rc_bot.ne(0))
                } else {
                    query.filter(recentchanges::rc_bot.eq(0))
                };
            }
            if let Some(anon) = filter.anon {
                let is_anon = fixed_sql::<Bool>(BY_ADDRESS);
                query = if anon { query.filter(is_anon) } else { query.filter(diesel::dsl::not(is_anon)) };
            }
            if let Some(patrolled) = filter.patrolled {
                query = if patrolled {
                    query.filter(recentchanges::rc_patrolled.ne(0))
                } else {
                    query.filter(recentchanges::rc_patrolled.eq(0))
                };
            }
            if let Some(auto) = filter.autopatrolled {
                query = if auto {
                    query.filter(recentchanges::rc_patrolled.eq(2))
                } else {
                    query.filter(recentchanges::rc_patrolled.ne(2))
                };
            }
            if let Some(redirect) = filter.redirect {
                let is_redirect = fixed_sql::<Bool>(TITLE_IS_REDIRECT);
                query = if redirect { query.filter(is_redirect) } else { query.filter(diesel::dsl::not(is_redirect)) };
            }
            if let Some((name, exclude)) = &filter.actor {
                // Through the actor's id, so that the `rc_actor` index reads the changes.
                let id: Option<i64> =
                    actor::table.select(actor::actor_id).filter(actor::actor_name.eq(name)).first(c).optional()?;
                query = match (id, *exclude) {
                    (Some(id), false) => query.filter(recentchanges::rc_actor.eq(id)),
                    (Some(id), true) => query.filter(recentchanges::rc_actor.ne(id)),
                    (None, false) => return Ok(Vec::new()),
                    (None, true) => query,
                };
            }
            for &bits in &filter.exclude_deleted {
                query = query.filter(BitAnd::new(recentchanges::rc_deleted, bits.into_sql::<Integer>()).ne(bits));
            }
            if let Some(bits) = filter.exclude_deleted_log {
                query = query.filter(
                    recentchanges::rc_type.ne(RC_LOG).or(BitAnd::new(
                        recentchanges::rc_deleted,
                        bits.into_sql::<Integer>(),
                    )
                    .ne(bits)),
                );
            }
            if filter.top_only {
                query = query.filter(fixed_sql::<Bool>(IS_TOP));
            }
            if filter.latest_or_log {
                query = query.filter(fixed_sql::<Bool>(LATEST_OR_LOG));
            }
            if let Some((user, unread)) = filter.watched_by {
                let rest = match unread {
                    None => ")",
                    Some(true) => " AND rc_timestamp >= wl_notificationtimestamp)",
                    Some(false) => {
                        " AND (wl_notificationtimestamp IS NULL OR rc_timestamp < wl_notificationtimestamp))"
                    }
                };
                query = query
                    .filter(diesel::dsl::sql::<Bool>(WATCHED_BY).bind::<diesel::sql_types::BigInt, _>(user).sql(rest));
            }
            if let Some(tags) = &filter.tag_ids {
                let tagged =
                    change_tag::table.select(change_tag::ct_rc_id).filter(change_tag::ct_tag_id.eq_any(tags.clone()));
                query = query.filter(recentchanges::rc_id.nullable().eq_any(tagged));
            }
            // The related pages, by the link tables, with bound values only.
            match &filter.related {
                None => {}
                Some(Related::LinkedFrom { page_id, files }) => {
                    let linked = sql::<Bool>("(EXISTS (SELECT 1 FROM pagelinks WHERE pl_from = ")
                        .bind::<BigInt, _>(*page_id)
                        .sql(
                            " AND pl_namespace = rc_namespace AND pl_title = rc_title) \
                             OR EXISTS (SELECT 1 FROM templatelinks JOIN linktarget ON lt_id = tl_target_id \
                             WHERE tl_from = ",
                        )
                        .bind::<BigInt, _>(*page_id)
                        .sql(" AND lt_namespace = rc_namespace AND lt_title = rc_title)");
                    query = if *files {
                        query.filter(
                            linked
                                .sql(" OR (rc_namespace = 6 AND EXISTS (SELECT 1 FROM imagelinks WHERE il_from = ")
                                .bind::<BigInt, _>(*page_id)
                                .sql(" AND il_to = rc_title)))"),
                        )
                    } else {
                        query.filter(linked.sql(")"))
                    };
                }
                Some(Related::LinkingTo { namespace, title, files }) => {
                    let linking = sql::<Bool>("(rc_cur_id IN (SELECT pl_from FROM pagelinks WHERE pl_namespace = ")
                        .bind::<Integer, _>(*namespace)
                        .sql(" AND pl_title = ")
                        .bind::<Text, _>(title.clone())
                        .sql(
                            ") OR rc_cur_id IN (SELECT tl_from FROM templatelinks \
                             JOIN linktarget ON lt_id = tl_target_id WHERE lt_namespace = ",
                        )
                        .bind::<Integer, _>(*namespace)
                        .sql(" AND lt_title = ")
                        .bind::<Text, _>(title.clone())
                        .sql(")");
                    query = if *files {
                        query.filter(
                            linking
                                .sql(" OR rc_cur_id IN (SELECT il_from FROM imagelinks WHERE il_to = ")
                                .bind::<Text, _>(title.clone())
                                .sql("))"),
                        )
                    } else {
                        query.filter(linking.sql(")"))
                    };
                }
                Some(Related::InCategory(category)) => {
                    query = query.filter(
                        sql::<Bool>("rc_cur_id IN (SELECT cl_from FROM categorylinks WHERE cl_to = ")
                            .bind::<Text, _>(category.clone())
                            .sql(")"),
                    );
                }
            }
            if let Some(Some(role)) = filter.slot {
                query = query.filter(
                    diesel::dsl::sql::<Bool>(TOUCHES_SLOT).bind::<diesel::sql_types::BigInt, _>(role).sql(
                        " AND (s.slot_origin = s.slot_revision_id OR p.slot_content_id IS NULL \
                             OR s.slot_content_id != p.slot_content_id))",
                    ),
                );
            }
            query = if !filter.ascending && filter.ties == Ties::ByKindAndNamespace {
                query.order((
                    recentchanges::rc_timestamp.desc(),
                    recentchanges::rc_new.asc(),
                    recentchanges::rc_namespace.asc(),
                    recentchanges::rc_id.asc(),
                ))
            } else if !filter.ascending && filter.ties == Ties::OldestFirst {
                query.order((recentchanges::rc_timestamp.desc(), recentchanges::rc_id.asc()))
            } else if !filter.ascending && filter.ties == Ties::ByActor {
                query.order((
                    recentchanges::rc_timestamp.desc(),
                    recentchanges::rc_actor.asc(),
                    recentchanges::rc_id.asc(),
                ))
            } else if let (false, Ties::BySortKey, Some(Related::InCategory(category))) =
                (filter.ascending, filter.ties, &filter.related)
            {
                query.order((
                    recentchanges::rc_timestamp.desc(),
                    sql::<diesel::sql_types::Binary>(
                        "(SELECT cl_sortkey FROM categorylinks WHERE cl_from = rc_cur_id AND cl_to = ",
                    )
                    .bind::<Text, _>(category.clone())
                    .sql(")"),
                    recentchanges::rc_id.asc(),
                ))
            } else if filter.ascending {
                query.order((recentchanges::rc_timestamp.asc(), recentchanges::rc_id.asc()))
            } else {
                query.order((recentchanges::rc_timestamp.desc(), recentchanges::rc_id.desc()))
            };
            for row in query.limit(filter.limit).load_iter::<ChangeColumns, DefaultLoadingMode>(c)? {
                found.push(row?);
            }
            Ok::<(), StoreError>(())
        })?;
        let actor_ids: Vec<i64> = found.iter().map(|(_, more)| more.8).collect();
        let actors: HashMap<i64, (Arc<str>, Option<i64>)> =
            self.actors_by_id(&actor_ids)?.into_iter().map(|(id, (name, user))| (id, (name.into(), user))).collect();
        Ok(found
            .into_iter()
            .map(|(a, b)| {
                let (actor_name, actor_user) = actors.get(&b.8).cloned().unwrap_or_default();
                RecentChangeRow {
                    id: a.0,
                    timestamp: a.1,
                    namespace: a.2,
                    title: a.3,
                    page_id: a.4,
                    change_type: a.5,
                    deleted: a.6,
                    this_oldid: a.7,
                    last_oldid: a.8,
                    minor: a.9,
                    bot: a.10,
                    old_len: b.0,
                    new_len: b.1,
                    patrolled: b.2,
                    log_id: b.3,
                    log_type: b.4,
                    log_action: b.5,
                    params: b.6,
                    comment_id: b.7,
                    actor: b.8,
                    actor_name,
                    actor_user,
                }
            })
            .collect())
    }

    /// Actors by id: name and user id (`None` for IP addresses and imported names).
    pub fn actors_by_id(&mut self, ids: &[i64]) -> Result<HashMap<i64, (String, Option<i64>)>, StoreError> {
        let conn = self.conn();
        let select = (actor::actor_id, actor::actor_name, actor::actor_user);
        let rows: Vec<(i64, String, Option<i64>)> = rows_by_ids!(
            ids,
            |row: &(i64, String, Option<i64>)| row.0,
            |low, high| with_conn!(conn, |c| actor::table
                .select(select)
                .filter(actor::actor_id.between(low, high))
                .load(c))?,
            |chunk| with_conn!(conn, |c| actor::table.select(select).filter(actor::actor_id.in_list(chunk)).load(c))?
        );
        Ok(rows.into_iter().map(|(id, name, user)| (id, (name, user))).collect())
    }

    /// The tags of these changes, each change's in the order of the tags' ids.
    pub fn change_tags(&mut self, rc_ids: &[i64]) -> Result<HashMap<i64, Vec<String>>, StoreError> {
        let conn = self.conn();
        let select = (change_tag::ct_rc_id, change_tag::ct_tag_id, change_tag_def::ctd_name);
        let mut rows: Vec<(Option<i64>, i64, String)> = rows_by_ids!(
            rc_ids,
            |row: &(Option<i64>, i64, String)| row.0.unwrap_or(0),
            |low, high| with_conn!(conn, |c| change_tag::table
                .inner_join(change_tag_def::table)
                .select(select)
                .filter(change_tag::ct_rc_id.between(low, high))
                .load(c))?,
            |chunk| with_conn!(conn, |c| change_tag::table
                .inner_join(change_tag_def::table)
                .select(select)
                .filter(change_tag::ct_rc_id.in_list(chunk))
                .load(c))?
        );
        rows.sort_by_key(|row| (row.0, row.1));
        Ok(group_tags(rows.into_iter().map(|(id, _, name)| (id, name))))
    }

    /// The id of a slot role, by name; `None` when no revision has had a slot of that role.
    pub fn slot_role_id(&mut self, role: &str) -> Result<Option<i64>, StoreError> {
        let conn = self.conn();
        let id: Option<i64> = with_conn!(conn, |c| slot_roles::table
            .select(slot_roles::role_id)
            .filter(slot_roles::role_name.eq(role))
            .first(c)
            .optional())?;
        Ok(id)
    }

    /// The content hash (`rev_sha1`, base 36) and `rev_deleted` of these revisions, by id.
    pub fn revision_hashes(&mut self, rev_ids: &[i64]) -> Result<HashMap<i64, (String, i32)>, StoreError> {
        let conn = self.conn();
        let mut out = HashMap::new();
        for ids in rev_ids.chunks(IN_LIST_MAX) {
            let rows: Vec<(i64, String, i32)> = with_conn!(conn, |c| revision::table
                .select((revision::rev_id, revision::rev_sha1, revision::rev_deleted))
                .filter(revision::rev_id.in_list(ids))
                .load(c))?;
            out.extend(rows.into_iter().map(|(id, sha1, deleted)| (id, (sha1, deleted))));
        }
        Ok(out)
    }
}
