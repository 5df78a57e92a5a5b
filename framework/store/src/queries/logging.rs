//! Log events (`logging`) with the filters of `list=logevents`, and what their rendering
//! needs: the revisions entries created, tags, user names of ids, and the pages and files
//! that links in comments point to.
//!
//! The listing reads `logging` joined with `actor`, `comment` and (by title) `page`, in
//! `(log_timestamp, log_id)` order. Every filter narrows a range of one of the indexes
//! MediaWiki's schema has on `logging` (`log_times`, `log_type_time`, `log_type_action`,
//! `log_actor_time`, `log_page_time`), and a continuation key is a bound on that order, so a
//! page costs the same however deep into the log it starts. The revisions the entries created
//! are read from `log_search` afterwards, for the page's entries only.

use crate::queries::sql::{InListExt, UnindexedExt};
use std::collections::HashMap;

use diesel::connection::DefaultLoadingMode;
use diesel::prelude::*;
use diesel::sql_types::Integer;

use super::IN_LIST_MAX;
use super::{group_tags, prefix_upper_bound, BitAnd};
use crate::backend::AsAnyConnection;
use crate::backend::StoreError;
use crate::reader::Reader;
use crate::schema::{actor, change_tag, change_tag_def, comment, image, log_search, logging, page};
use crate::with_conn;

/// The `log_search` field that records the revision a log entry created.
const ASSOCIATED_REV_ID: &str = "associated_rev_id";

/// What [`log_events`] selects. Timestamps are MediaWiki's 14-digit form; titles are database
/// keys (underscores).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LogEventsFilter {
    /// Oldest first (`ledir=newer`) instead of newest first.
    pub ascending: bool,
    /// Only this log type.
    pub log_type: Option<String>,
    /// Only this action (with `log_type`).
    pub action: Option<String>,
    /// Log types the caller may not see.
    pub hidden_types: Vec<String>,
    /// The start of the range, in the direction of listing (the newest entry when listing
    /// newest first).
    pub start: Option<String>,
    /// The end of the range, in the direction of listing.
    pub end: Option<String>,
    /// Where a previous batch stopped: this entry (timestamp, id) and the ones after it in
    /// the direction of listing.
    pub continue_from: Option<(String, i64)>,
    /// Only entries by the actor of this name.
    pub actor_name: Option<String>,
    /// Only entries about pages of this namespace.
    pub namespace: Option<i32>,
    /// Only entries about this page (database key, with `namespace`).
    pub title: Option<String>,
    /// Only entries whose title starts with this text (with `namespace`).
    pub title_prefix: Option<String>,
    /// Only entries with this tag (`ct_tag_id`).
    pub tag_id: Option<i64>,
    /// Leave out entries whose `log_deleted` has all of these bits, one mask a condition.
    pub exclude_deleted: Vec<i32>,
    /// How many rows at most.
    pub limit: i64,
}

/// One log entry with its actor, comment and the page that has its title now; its fields are
/// the listing's columns, in order.
#[derive(Debug, Clone, PartialEq, Eq, Queryable)]
pub struct LogRow {
    /// `log_id`.
    pub id: i64,
    /// `log_type`.
    pub log_type: String,
    /// `log_action`.
    pub action: String,
    /// `log_timestamp`, 14 digits.
    pub timestamp: String,
    /// `log_deleted`: which parts of the entry are hidden.
    pub deleted: i32,
    /// `log_namespace`.
    pub namespace: i32,
    /// `log_title`, the database key.
    pub title: String,
    /// `log_page`: the page id recorded when the entry was made.
    pub log_page: Option<i64>,
    /// `log_params`: serialised PHP, or the legacy one-a-line text.
    pub params: String,
    /// The actor's name.
    pub actor_name: String,
    /// The actor's user id; `None` (or 0) for IP addresses and imported names.
    pub actor_user: Option<i64>,
    /// The comment's text.
    pub comment: String,
    /// The id of the page that has the entry's title now, if any.
    pub page_id: Option<i64>,
}

impl<C: AsAnyConnection> Reader<C> {
    /// The log entries a filter selects, in its order, at most `filter.limit`.
    pub fn log_events(&mut self, filter: &LogEventsFilter) -> Result<Vec<LogRow>, StoreError> {
        let conn = self.conn();
        let prefix_end = filter.title_prefix.as_deref().and_then(prefix_upper_bound);
        // Rows are decoded into entries as they come, into room for all of them.
        let mut rows = Vec::with_capacity(usize::try_from(filter.limit).unwrap_or(0).min(5001));
        with_conn!(conn, |c| {
            let mut query =
                logging::table
                    .inner_join(actor::table)
                    .inner_join(comment::table)
                    .left_join(page::table.on(
                        page::page_namespace.eq(logging::log_namespace).and(page::page_title.eq(logging::log_title)),
                    ))
                    .select((
                        logging::log_id,
                        logging::log_type,
                        logging::log_action,
                        logging::log_timestamp,
                        logging::log_deleted,
                        logging::log_namespace,
                        logging::log_title,
                        logging::log_page,
                        logging::log_params,
                        actor::actor_name,
                        actor::actor_user,
                        comment::comment_text,
                        page::page_id.nullable(),
                    ))
                    .into_boxed();

            match filter.hidden_types.as_slice() {
                [] => {}
                [one] => query = query.filter(logging::log_type.ne(one)),
                many => query = query.filter(logging::log_type.not_in_list(many)),
            }
            if let Some(t) = &filter.log_type {
                query = query.filter(logging::log_type.eq(t));
            }
            if let Some(a) = &filter.action {
                query = query.filter(logging::log_action.eq(a));
            }
            // The range's start and end swap sides when listing newest first.
            let (lower, upper) =
                if filter.ascending { (&filter.start, &filter.end) } else { (&filter.end, &filter.start) };
            if let Some(lower) = lower {
                query = query.filter(logging::log_timestamp.ge(lower));
            }
            if let Some(upper) = upper {
                query = query.filter(logging::log_timestamp.le(upper));
            }
            if let Some((ts, id)) = &filter.continue_from {
                query = query.filter(keyset!(filter.ascending; logging::log_timestamp => ts, logging::log_id => *id));
            }
            if let Some(name) = &filter.actor_name {
                query = query.filter(actor::actor_name.eq(name));
            }
            if let Some(ns) = filter.namespace {
                if filter.title.is_some() || filter.title_prefix.is_some() {
                    query = query.filter(logging::log_namespace.eq(ns));
                } else {
                    // A namespace alone is most of the log: walked in time order
                    // (`log_times`) and filtered, not read through `log_page_time` and sorted.
                    query = query.filter(logging::log_namespace.unindexed().eq(ns));
                }
            }
            if let Some(title) = &filter.title {
                query = query.filter(logging::log_title.eq(title));
            }
            if let Some(prefix) = &filter.title_prefix {
                query = query.filter(logging::log_title.ge(prefix));
            }
            if let Some(end) = &prefix_end {
                query = query.filter(logging::log_title.lt(end));
            }
            if let Some(tag) = filter.tag_id {
                let tagged = change_tag::table.select(change_tag::ct_log_id).filter(change_tag::ct_tag_id.eq(tag));
                query = query.filter(logging::log_id.nullable().eq_any(tagged));
            }
            for &bits in &filter.exclude_deleted {
                query = query.filter(BitAnd::new(logging::log_deleted, bits.into_sql::<Integer>()).ne(bits));
            }
            query = if filter.ascending {
                query.order((logging::log_timestamp.asc(), logging::log_id.asc()))
            } else {
                query.order((logging::log_timestamp.desc(), logging::log_id.desc()))
            };
            for row in query.limit(filter.limit).load_iter::<LogRow, DefaultLoadingMode>(c)? {
                rows.push(row?);
            }
            Ok::<(), StoreError>(())
        })?;
        Ok(rows)
    }
}

impl<C: AsAnyConnection> Reader<C> {
    /// The revision each of these log entries created (the `associated_rev_id` `log_search`
    /// records; the lowest where it records more than one), as (log id, revision id) in log id
    /// order: look one up with [`revision_of`].
    ///
    /// A page of a listing is mostly a run or two of near-consecutive ids (entries are numbered as
    /// they are made): each run is then read as one range of the `ls_log_id` index, which costs a
    /// step from one row to the next instead of a lookup for each entry. Ids spread wider (a
    /// filtered listing) are looked up one by one.
    pub fn associated_revisions(&mut self, log_ids: &[i64]) -> Result<Vec<(i64, i64)>, StoreError> {
        let conn = self.conn();
        // The field is compared as an expression so that no planner takes `log_search`'s primary
        // key (whose first column is the field) and reads every `associated_rev_id` row of the wiki
        // (SQLite, which keeps no statistics, would) rather than the `ls_log_id` index.
        let field = log_search::ls_field.concat("").eq(ASSOCIATED_REV_ID);
        let select = (log_search::ls_log_id, log_search::ls_value);
        let found: Vec<(i64, String)> = rows_by_ids!(
            log_ids,
            |row: &(i64, String)| row.0,
            |low, high| with_conn!(conn, |c| log_search::table
                .select(select)
                .filter(log_search::ls_log_id.between(low, high))
                .filter(field)
                .load(c))?,
            |chunk| with_conn!(conn, |c| log_search::table
                .select(select)
                .filter(log_search::ls_log_id.in_list(chunk))
                .filter(field)
                .load(c))?
        );
        let mut out: Vec<(i64, i64)> =
            found.into_iter().filter_map(|(id, value)| value.trim().parse().ok().map(|rev| (id, rev))).collect();
        out.sort_unstable();
        out.dedup_by_key(|&mut (id, _)| id);
        Ok(out)
    }
}

/// The revision an entry created, in what [`associated_revisions`] read.
pub fn revision_of(revisions: &[(i64, i64)], log_id: i64) -> Option<i64> {
    revisions.binary_search_by_key(&log_id, |&(id, _)| id).ok().map(|at| revisions[at].1)
}

impl<C: AsAnyConnection> Reader<C> {
    /// The tags of each of these log entries, each entry's in the order of the tags' ids.
    pub fn log_tags(&mut self, log_ids: &[i64]) -> Result<HashMap<i64, Vec<String>>, StoreError> {
        let conn = self.conn();
        let select = (change_tag::ct_log_id, change_tag::ct_tag_id, change_tag_def::ctd_name);
        let mut rows: Vec<(Option<i64>, i64, String)> = rows_by_ids!(
            log_ids,
            |row: &(Option<i64>, i64, String)| row.0.unwrap_or(0),
            |low, high| with_conn!(conn, |c| change_tag::table
                .inner_join(change_tag_def::table)
                .select(select)
                .filter(change_tag::ct_log_id.between(low, high))
                .load(c))?,
            |chunk| with_conn!(conn, |c| change_tag::table
                .inner_join(change_tag_def::table)
                .select(select)
                .filter(change_tag::ct_log_id.in_list(chunk))
                .load(c))?
        );
        rows.sort_by_key(|row| (row.0, row.1));
        Ok(group_tags(rows.into_iter().map(|(id, _, name)| (id, name))))
    }
}

impl<C: AsAnyConnection> Reader<C> {
    /// The id of a change tag, by name.
    pub fn tag_id(&mut self, name: &str) -> Result<Option<i64>, StoreError> {
        let conn = self.conn();
        let id: Option<i64> = with_conn!(conn, |c| change_tag_def::table
            .select(change_tag_def::ctd_id)
            .filter(change_tag_def::ctd_name.eq(name))
            .first(c)
            .optional())?;
        Ok(id)
    }
}

impl<C: AsAnyConnection> Reader<C> {
    /// The name of the registered user with this id.
    pub fn user_name(&mut self, user_id: i64) -> Result<Option<String>, StoreError> {
        let conn = self.conn();
        let name: Option<String> = with_conn!(conn, |c| actor::table
            .select(actor::actor_name)
            .filter(actor::actor_user.eq(user_id))
            .first(c)
            .optional())?;
        Ok(name)
    }
}

impl<C: AsAnyConnection> Reader<C> {
    /// Of these pages (namespace, database key), the ones that exist, with whether each is a
    /// redirect.
    pub fn existing_pages(&mut self, titles: &[(i32, String)]) -> Result<HashMap<(i32, String), bool>, StoreError> {
        let conn = self.conn();
        let mut by_ns: HashMap<i32, Vec<&str>> = HashMap::new();
        for (ns, title) in titles {
            by_ns.entry(*ns).or_default().push(title);
        }
        let mut out = HashMap::new();
        for (ns, keys) in by_ns {
            for keys in keys.chunks(IN_LIST_MAX) {
                let rows: Vec<(String, i32)> = with_conn!(conn, |c| page::table
                    .select((page::page_title, page::page_is_redirect))
                    .filter(page::page_namespace.eq(ns))
                    .filter(page::page_title.eq_any(keys))
                    .load(c))?;
                for (title, redirect) in rows {
                    out.insert((ns, title), redirect != 0);
                }
            }
        }
        Ok(out)
    }
}

impl<C: AsAnyConnection> Reader<C> {
    /// Of these file names (database keys), the ones that have a current file.
    pub fn existing_files(&mut self, names: &[String]) -> Result<Vec<String>, StoreError> {
        let conn = self.conn();
        let mut out = Vec::new();
        for names in names.chunks(IN_LIST_MAX) {
            let rows: Vec<String> = with_conn!(conn, |c| image::table
                .select(image::img_name)
                .filter(image::img_name.in_list(names))
                .load(c))?;
            out.extend(rows);
        }
        Ok(out)
    }
}
