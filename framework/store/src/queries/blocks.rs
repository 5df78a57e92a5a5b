//! Blocks (`ipblocks`, with the blocker from `actor` and the reason from `comment`): those in
//! force listed with the filters of `list=blocks`, those on given accounts, and the pages and
//! namespaces partial blocks are limited to (`ipblocks_restrictions`).
//!
//! A block is in force while its expiry, compared as text, is after now (`infinity` sorts after
//! every timestamp). IP ranges are compared in MediaWiki's hexadecimal form
//! (`ipb_range_start`, `ipb_range_end`).

use crate::queries::sql::{InListExt, UnindexedExt};
use diesel::prelude::*;

use super::escape_like;
use super::IN_LIST_MAX;
use crate::backend::{AsAnyConnection, StoreError};
use crate::reader::Reader;
use crate::schema::{actor, comment, ipblocks, ipblocks_restrictions, page};
use crate::with_conn;

/// One block with who made it and why; its fields are the listing's columns, in order.
#[derive(Debug, Clone, PartialEq, Eq, Queryable)]
pub struct BlockRow {
    /// `ipb_id`.
    pub id: i64,
    /// `ipb_address`: the user name, address or range blocked.
    pub address: String,
    /// `ipb_user`: the blocked account's id, 0 for addresses.
    pub user: i64,
    /// The blocker's name.
    pub by_name: String,
    /// The blocker's user id (`None` for an imported or address actor).
    pub by_user: Option<i64>,
    /// The reason.
    pub reason: String,
    /// `ipb_timestamp`, 14 digits.
    pub timestamp: String,
    /// `ipb_auto`: an automatic block of an address a blocked user used.
    pub auto: i32,
    /// `ipb_anon_only`: logged-in users of the address may still edit.
    pub anon_only: i32,
    /// `ipb_create_account`: account creation is blocked.
    pub create_account: i32,
    /// `ipb_enable_autoblock`: addresses the user uses get blocked too.
    pub enable_autoblock: i32,
    /// `ipb_expiry`: 14 digits or `infinity`.
    pub expiry: String,
    /// `ipb_range_start`, hexadecimal.
    pub range_start: String,
    /// `ipb_range_end`, hexadecimal.
    pub range_end: String,
    /// `ipb_deleted`: the blocked name is hidden.
    pub deleted: i32,
    /// `ipb_block_email`: sending e-mail is blocked.
    pub block_email: i32,
    /// `ipb_allow_usertalk`: the own talk page may still be edited.
    pub allow_usertalk: i32,
    /// `ipb_sitewide`: the block applies everywhere (0: only to its restrictions).
    pub sitewide: i32,
}

/// Which kinds of target [`Reader::blocks`] keeps or leaves out (`bkshow`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BlockKinds {
    /// Only blocks of accounts (`Some(true)`) or only of addresses (`Some(false)`).
    pub account: Option<bool>,
    /// Only single addresses (`Some(true)`) or everything but them (`Some(false)`).
    pub ip: Option<bool>,
    /// Only ranges (`Some(true)`) or no ranges (`Some(false)`).
    pub range: Option<bool>,
    /// Only blocks that expire (`Some(true)`) or only those that do not (`Some(false)`).
    pub temporary: Option<bool>,
}

/// What [`Reader::blocks`] selects.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BlocksFilter {
    /// Oldest first (`bkdir=newer`).
    pub ascending: bool,
    /// The start of the time range, in the direction of listing.
    pub start: Option<String>,
    /// The end of the time range, in the direction of listing.
    pub end: Option<String>,
    /// Where a previous batch stopped: this block (timestamp, id) and those after it.
    pub continue_from: Option<(String, i64)>,
    /// Only these ids.
    pub ids: Vec<i64>,
    /// Only blocks of these targets (names, addresses, ranges), automatic blocks left out.
    pub addresses: Vec<String>,
    /// Only blocks whose range holds this one (hexadecimal bounds), with a range start
    /// beginning with the prefix; automatic blocks left out.
    pub covering: Option<(String, String, String)>,
    /// Kinds of target to keep.
    pub kinds: BlockKinds,
    /// Leave out blocks that hide the name.
    pub exclude_hidden: bool,
    /// The current time, 14 digits.
    pub now: String,
    /// How many rows at most.
    pub limit: i64,
}

/// A page or namespace a partial block is limited to: (block id, type, value, and for a page
/// its namespace and database key when it exists). Types are MediaWiki's: 1 page, 2
/// namespace, 3 action.
pub type RestrictionRow = (i64, i32, i64, Option<(i32, String)>);

impl<C: AsAnyConnection> Reader<C> {
    /// The blocks in force a filter selects, by (timestamp, id) in its direction.
    pub fn blocks(&mut self, filter: &BlocksFilter) -> Result<Vec<BlockRow>, StoreError> {
        let conn = self.conn();
        let rows: Vec<BlockRow> = with_conn!(conn, |c| {
            let mut query = ipblocks::table
                .inner_join(actor::table)
                .inner_join(comment::table)
                .select(BLOCK_COLUMNS)
                .filter(ipblocks::ipb_expiry.gt(&filter.now))
                .into_boxed();
            let (lower, upper) =
                if filter.ascending { (&filter.start, &filter.end) } else { (&filter.end, &filter.start) };
            if let Some(lower) = lower {
                query = query.filter(ipblocks::ipb_timestamp.ge(lower));
            }
            if let Some(upper) = upper {
                query = query.filter(ipblocks::ipb_timestamp.le(upper));
            }
            if let Some((ts, id)) = &filter.continue_from {
                query = query.filter(keyset!(filter.ascending; ipblocks::ipb_timestamp => ts, ipblocks::ipb_id => *id));
            }
            if !filter.ids.is_empty() {
                query = query.filter(ipblocks::ipb_id.in_list(&filter.ids));
            }
            if !filter.addresses.is_empty() {
                query = query.filter(ipblocks::ipb_address.in_list(&filter.addresses)).filter(ipblocks::ipb_auto.eq(0));
            }
            if let Some((prefix, lower, upper)) = &filter.covering {
                query = query
                    .filter(ipblocks::ipb_range_start.like(format!("{}%", escape_like(prefix))).escape('\\'))
                    .filter(ipblocks::ipb_range_start.le(lower))
                    .filter(ipblocks::ipb_range_end.ge(upper))
                    .filter(ipblocks::ipb_auto.eq(0));
            }
            // The kinds are most of the table each (every IP block, every indefinite one):
            // walked in time order (`ipb_timestamp`) and filtered, not read through `ipb_user`
            // or `ipb_expiry` and all sorted.
            let kinds = filter.kinds;
            match kinds.account {
                Some(true) => query = query.filter(ipblocks::ipb_user.unindexed().ne(0)),
                Some(false) => query = query.filter(ipblocks::ipb_user.unindexed().eq(0)),
                None => {}
            }
            match kinds.ip {
                Some(true) => {
                    query = query
                        .filter(ipblocks::ipb_user.unindexed().eq(0))
                        .filter(ipblocks::ipb_range_end.eq(ipblocks::ipb_range_start))
                }
                Some(false) => {
                    query = query.filter(
                        ipblocks::ipb_user.unindexed().ne(0).or(ipblocks::ipb_range_end.gt(ipblocks::ipb_range_start)),
                    )
                }
                None => {}
            }
            match kinds.range {
                Some(true) => query = query.filter(ipblocks::ipb_range_end.gt(ipblocks::ipb_range_start)),
                Some(false) => query = query.filter(ipblocks::ipb_range_end.eq(ipblocks::ipb_range_start)),
                None => {}
            }
            match kinds.temporary {
                Some(true) => query = query.filter(ipblocks::ipb_expiry.unindexed().ne("infinity")),
                Some(false) => query = query.filter(ipblocks::ipb_expiry.unindexed().eq("infinity")),
                None => {}
            }
            if filter.exclude_hidden {
                query = query.filter(ipblocks::ipb_deleted.eq(0));
            }
            query = if filter.ascending {
                query.order((ipblocks::ipb_timestamp.asc(), ipblocks::ipb_id.asc()))
            } else {
                query.order((ipblocks::ipb_timestamp.desc(), ipblocks::ipb_id.desc()))
            };
            query.limit(filter.limit).load(c)
        })?;
        Ok(rows)
    }

    /// The blocks in force at `now` (14 digits) on these accounts, by account and then id.
    pub fn account_blocks(&mut self, user_ids: &[i64], now: &str) -> Result<Vec<BlockRow>, StoreError> {
        let conn = self.conn();
        let mut out = Vec::new();
        for chunk in user_ids.chunks(IN_LIST_MAX) {
            let rows: Vec<BlockRow> = with_conn!(conn, |c| ipblocks::table
                .inner_join(actor::table)
                .inner_join(comment::table)
                .select(BLOCK_COLUMNS)
                .filter(ipblocks::ipb_user.in_list(chunk))
                .filter(ipblocks::ipb_expiry.gt(now))
                .order((ipblocks::ipb_user, ipblocks::ipb_id))
                .load(c))?;
            out.extend(rows);
        }
        Ok(out)
    }

    /// What these partial blocks are limited to, by block, type and value.
    pub fn block_restrictions(&mut self, block_ids: &[i64]) -> Result<Vec<RestrictionRow>, StoreError> {
        let conn = self.conn();
        let mut out = Vec::new();
        for chunk in block_ids.chunks(IN_LIST_MAX) {
            let rows: Vec<(i64, i32, i64, Option<i32>, Option<String>)> =
                with_conn!(conn, |c| ipblocks_restrictions::table
                    .left_join(page::table.on(
                        page::page_id.eq(ipblocks_restrictions::ir_value).and(ipblocks_restrictions::ir_type.eq(1))
                    ))
                    .select((
                        ipblocks_restrictions::ir_ipb_id,
                        ipblocks_restrictions::ir_type,
                        ipblocks_restrictions::ir_value,
                        page::page_namespace.nullable(),
                        page::page_title.nullable(),
                    ))
                    .filter(ipblocks_restrictions::ir_ipb_id.in_list(chunk))
                    .order((
                        ipblocks_restrictions::ir_ipb_id,
                        ipblocks_restrictions::ir_type,
                        ipblocks_restrictions::ir_value
                    ))
                    .load(c))?;
            out.extend(rows.into_iter().map(|(id, t, v, ns, title)| (id, t, v, ns.zip(title))));
        }
        Ok(out)
    }
}

type BlockColumns = (
    ipblocks::ipb_id,
    ipblocks::ipb_address,
    ipblocks::ipb_user,
    actor::actor_name,
    actor::actor_user,
    comment::comment_text,
    ipblocks::ipb_timestamp,
    ipblocks::ipb_auto,
    ipblocks::ipb_anon_only,
    ipblocks::ipb_create_account,
    ipblocks::ipb_enable_autoblock,
    ipblocks::ipb_expiry,
    ipblocks::ipb_range_start,
    ipblocks::ipb_range_end,
    ipblocks::ipb_deleted,
    ipblocks::ipb_block_email,
    ipblocks::ipb_allow_usertalk,
    ipblocks::ipb_sitewide,
);

const BLOCK_COLUMNS: BlockColumns = (
    ipblocks::ipb_id,
    ipblocks::ipb_address,
    ipblocks::ipb_user,
    actor::actor_name,
    actor::actor_user,
    comment::comment_text,
    ipblocks::ipb_timestamp,
    ipblocks::ipb_auto,
    ipblocks::ipb_anon_only,
    ipblocks::ipb_create_account,
    ipblocks::ipb_enable_autoblock,
    ipblocks::ipb_expiry,
    ipblocks::ipb_range_start,
    ipblocks::ipb_range_end,
    ipblocks::ipb_deleted,
    ipblocks::ipb_block_email,
    ipblocks::ipb_allow_usertalk,
    ipblocks::ipb_sitewide,
);
