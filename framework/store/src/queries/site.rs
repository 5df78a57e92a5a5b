//! Questions about the site as a whole: its counters (`site_stats`) and how many users are in
//! a group (`user_groups`, memberships that have not expired).

use diesel::prelude::*;

use crate::backend::{AsAnyConnection, Backend, StoreError};
use crate::reader::Reader;
use crate::schema::{ipblocks, site_stats, user_groups};
use crate::with_conn;

/// The site's counters as MediaWiki keeps them in `site_stats` (zero where the row or a
/// column is missing).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SiteCounters {
    /// Every page.
    pub pages: i64,
    /// Content pages that count as articles.
    pub articles: i64,
    /// Every edit.
    pub edits: i64,
    /// Uploaded files.
    pub images: i64,
    /// Registered users.
    pub users: i64,
    /// Users active lately.
    pub active_users: i64,
}

type CounterTuple = (Option<i64>, Option<i64>, Option<i64>, Option<i64>, Option<i64>, Option<i64>);

impl<C: AsAnyConnection> Reader<C> {
    /// The counters of `site_stats` (its one row).
    pub fn site_counters(&mut self) -> Result<SiteCounters, StoreError> {
        let conn = self.conn();
        let row: Result<Option<CounterTuple>, diesel::result::Error> = with_conn!(conn, |c| {
            site_stats::table
                .select((
                    site_stats::ss_total_pages,
                    site_stats::ss_good_articles,
                    site_stats::ss_total_edits,
                    site_stats::ss_images,
                    site_stats::ss_users,
                    site_stats::ss_active_users,
                ))
                .order(site_stats::ss_row_id)
                .first(c)
                .optional()
        });
        let Some(t) = row? else { return Ok(SiteCounters::default()) };
        Ok(SiteCounters {
            pages: t.0.unwrap_or(0),
            articles: t.1.unwrap_or(0),
            edits: t.2.unwrap_or(0),
            images: t.3.unwrap_or(0),
            users: t.4.unwrap_or(0),
            active_users: t.5.unwrap_or(0),
        })
    }

    /// The database server's own version, as siteinfo's `dbversion` reports it: SQLite's
    /// library version, PostgreSQL's `server_version`, MariaDB's or MySQL's `VERSION()`.
    pub fn database_version(&mut self) -> Result<String, StoreError> {
        let conn = self.conn();
        let expression = match conn.as_any_connection().backend() {
            Backend::Sqlite => "sqlite_version()",
            Backend::Postgres => "current_setting('server_version')",
            Backend::Mysql => "VERSION()",
        };
        let version: Result<String, diesel::result::Error> = with_conn!(conn, |c| {
            diesel::select(diesel::dsl::sql::<diesel::sql_types::Text>(expression)).get_result(c)
        });
        Ok(version?)
    }

    /// How many users are in `group` at `now` (a 14-digit timestamp): memberships without an
    /// expiry or expiring later.
    pub fn group_size(&mut self, group: &str, now: &str) -> Result<i64, StoreError> {
        let conn = self.conn();
        let count: Result<i64, diesel::result::Error> = with_conn!(conn, |c| {
            user_groups::table
                .filter(user_groups::ug_group.eq(group))
                .filter(user_groups::ug_expiry.is_null().or(user_groups::ug_expiry.gt(now)))
                .count()
                .get_result(c)
        });
        Ok(count?)
    }
}

impl<C: AsAnyConnection> Reader<C> {
    /// The ids of the blocks in force at `now` (a 14-digit timestamp) on an address given in
    /// MediaWiki's hexadecimal form (`C000024D` for 192.0.2.77): blocks of the address itself
    /// and of ranges holding it.
    pub fn blocks_on_address(&mut self, hex: &str, now: &str) -> Result<Vec<i64>, StoreError> {
        let conn = self.conn();
        let ids: Result<Vec<i64>, diesel::result::Error> = with_conn!(conn, |c| {
            ipblocks::table
                .select(ipblocks::ipb_id)
                .filter(ipblocks::ipb_user.eq(0))
                .filter(ipblocks::ipb_range_start.le(hex))
                .filter(ipblocks::ipb_range_end.ge(hex))
                .filter(ipblocks::ipb_expiry.eq("infinity").or(ipblocks::ipb_expiry.gt(now)))
                .order(ipblocks::ipb_id)
                .load(c)
        });
        Ok(ids?)
    }
}
