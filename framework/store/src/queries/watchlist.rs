//! Watchlists (`watchlist`): the titles a user watches, in `(wl_namespace, wl_title)` order
//! (the `wl_user` index holds both), with when each was last changed unseen
//! (`wl_notificationtimestamp`). The changes to watched titles are read by
//! [`Reader::recent_changes`] with `watched_by`.

use std::collections::HashMap;

use diesel::prelude::*;

use crate::backend::{AsAnyConnection, StoreError};
use crate::queries::recent_changes::Condition;
use crate::queries::sql::InListExt;
use crate::reader::Reader;
use crate::schema::watchlist;
use crate::with_conn;

/// What [`Reader::watched_items`] selects. Titles are database keys.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WatchedItemsFilter {
    /// Whose watchlist.
    pub user: i64,
    /// Only titles of these namespaces.
    pub namespaces: Option<Vec<i32>>,
    /// Titles changed since the user last saw them (`Some(true)`), or not.
    pub changed: Condition,
    /// Last title first.
    pub descending: bool,
    /// The first title, in the direction of listing.
    pub from: Option<(i32, String)>,
    /// The last title, in the direction of listing.
    pub until: Option<(i32, String)>,
    /// Where a previous batch stopped: this title and those after it.
    pub continue_from: Option<(i32, String)>,
    /// How many rows at most.
    pub limit: i64,
}

/// One watched title.
#[derive(Debug, Clone, PartialEq, Eq, Queryable)]
pub struct WatchedItem {
    /// `wl_namespace`.
    pub namespace: i32,
    /// `wl_title`.
    pub title: String,
    /// `wl_notificationtimestamp`: when it was first changed since the user last saw it.
    pub notification: Option<String>,
}

impl<C: AsAnyConnection> Reader<C> {
    /// The titles a filter selects, in its order.
    pub fn watched_items(&mut self, filter: &WatchedItemsFilter) -> Result<Vec<WatchedItem>, StoreError> {
        let conn = self.conn();
        let rows: Vec<WatchedItem> = with_conn!(conn, |c| {
            let mut query = watchlist::table
                .select((watchlist::wl_namespace, watchlist::wl_title, watchlist::wl_notificationtimestamp))
                .filter(watchlist::wl_user.eq(filter.user))
                .into_boxed();
            if let Some(namespaces) = &filter.namespaces {
                query = query.filter(watchlist::wl_namespace.in_list(namespaces));
            }
            query = match filter.changed {
                Some(true) => query.filter(watchlist::wl_notificationtimestamp.is_not_null()),
                Some(false) => query.filter(watchlist::wl_notificationtimestamp.is_null()),
                None => query,
            };
            // A bound on the order: (namespace, title) at or after `at` in the listing's
            // direction (`after`), or at or before it.
            let bound = |at: &(i32, String), after: bool| {
                let (ns, title) = (at.0, at.1.clone());
                keyset!(after != filter.descending; watchlist::wl_namespace => ns, watchlist::wl_title => title)
            };
            for (at, after) in [(&filter.from, true), (&filter.continue_from, true), (&filter.until, false)] {
                if let Some(at) = at {
                    query = query.filter(bound(at, after));
                }
            }
            query = if filter.descending {
                query.order((watchlist::wl_namespace.desc(), watchlist::wl_title.desc()))
            } else {
                query.order((watchlist::wl_namespace.asc(), watchlist::wl_title.asc()))
            };
            query.limit(filter.limit).load(c)
        })?;
        Ok(rows)
    }

    /// When each of these titles on a user's watchlist was changed unseen (`None`: seen), by
    /// (namespace, title).
    pub fn watch_notifications(
        &mut self,
        user: i64,
        titles: &[(i32, String)],
    ) -> Result<HashMap<(i32, String), Option<String>>, StoreError> {
        let conn = self.conn();
        let mut out = HashMap::new();
        let mut namespaces: Vec<i32> = titles.iter().map(|(ns, _)| *ns).collect();
        namespaces.sort_unstable();
        namespaces.dedup();
        for ns in namespaces {
            let keys: Vec<&str> = titles.iter().filter(|(n, _)| *n == ns).map(|(_, t)| t.as_str()).collect();
            for chunk in keys.chunks(super::IN_LIST_MAX) {
                let rows: Vec<(String, Option<String>)> = with_conn!(conn, |c| watchlist::table
                    .select((watchlist::wl_title, watchlist::wl_notificationtimestamp))
                    .filter(watchlist::wl_user.eq(user))
                    .filter(watchlist::wl_namespace.eq(ns))
                    .filter(watchlist::wl_title.in_list(chunk.to_vec()))
                    .load(c))?;
                out.extend(rows.into_iter().map(|(title, ts)| ((ns, title), ts)));
            }
        }
        Ok(out)
    }

    /// How many users watch a title; with `visited_since`, only those who have seen its changes
    /// up to that instant (a notification timestamp at or after it, or none).
    pub fn watcher_count(&mut self, ns: i32, dbkey: &str, visited_since: Option<&str>) -> Result<i64, StoreError> {
        let conn = self.conn();
        let count: i64 = with_conn!(conn, |c| {
            let mut query = watchlist::table
                .filter(watchlist::wl_namespace.eq(ns))
                .filter(watchlist::wl_title.eq(dbkey))
                .into_boxed();
            if let Some(since) = visited_since {
                query = query.filter(
                    watchlist::wl_notificationtimestamp
                        .ge(since.to_owned())
                        .or(watchlist::wl_notificationtimestamp.is_null()),
                );
            }
            query.count().get_result(c)
        })?;
        Ok(count)
    }
}
