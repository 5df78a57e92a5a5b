//! Registered users (`user`), their group memberships (`user_groups`) and preferences
//! (`user_properties`), listed by name or id (`list=users`) or in name order with filters
//! (`list=allusers`), and what they did lately (`recentchanges`).
//!
//! Expiries are compared as MediaWiki compares them: as text, where `infinity` sorts after
//! every 14-digit timestamp.

use crate::queries::sql::InListExt;
use diesel::prelude::*;

use super::IN_LIST_MAX;
use super::{escape_like, prefix_upper_bound};
use crate::backend::{AsAnyConnection, StoreError};
use crate::reader::Reader;
use crate::schema::{actor, ipblocks, recentchanges, user, user_groups, user_properties};
use crate::with_conn;

/// `rc_type` of changes from other wikis (`RC_EXTERNAL`), which do not make a user active.
const RC_EXTERNAL: i32 = 5;

/// A registered user; its fields are the listing's columns, in order.
#[derive(Debug, Clone, PartialEq, Eq, Queryable)]
pub struct UserRow {
    /// `user_id`.
    pub id: i64,
    /// `user_name`.
    pub name: String,
    /// `user_editcount` (0 where unknown).
    pub edit_count: Option<i64>,
    /// `user_registration`, 14 digits; `None` for accounts older than the column.
    pub registration: Option<String>,
    /// `user_email`.
    pub email: String,
    /// `user_email_authenticated`: when the address was confirmed.
    pub email_authenticated: Option<String>,
}

type UserColumns = (
    user::user_id,
    user::user_name,
    user::user_editcount,
    user::user_registration,
    user::user_email,
    user::user_email_authenticated,
);

const USER_COLUMNS: UserColumns = (
    user::user_id,
    user::user_name,
    user::user_editcount,
    user::user_registration,
    user::user_email,
    user::user_email_authenticated,
);

/// What [`Reader::all_users`] selects.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AllUsersFilter {
    /// Names from here on (in the direction of listing).
    pub from: Option<String>,
    /// Names up to here.
    pub to: Option<String>,
    /// Names starting with this.
    pub prefix: Option<String>,
    /// Last name first.
    pub descending: bool,
    /// Only members of one of these groups (memberships in force at `now`).
    pub groups: Vec<String>,
    /// Only users in none of these groups.
    pub exclude_groups: Vec<String>,
    /// Only users with at least one edit.
    pub with_edits: bool,
    /// Only users with an action in recent changes at or after this 14-digit timestamp.
    pub active_since: Option<String>,
    /// Leave out users hidden by a block (`ipb_deleted`).
    pub exclude_hidden: bool,
    /// Only names matching (`true`) or not matching (`false`) this pattern, where `$1` stands
    /// for any text (temporary accounts' `~$1`).
    pub name_pattern: Option<(String, bool)>,
    /// The current time, 14 digits.
    pub now: String,
    /// How many rows at most.
    pub limit: i64,
}

impl<C: AsAnyConnection> Reader<C> {
    /// The users of these names (those that exist), in no particular order.
    pub fn users_by_names(&mut self, names: &[String]) -> Result<Vec<UserRow>, StoreError> {
        let conn = self.conn();
        let mut out = Vec::new();
        for chunk in names.chunks(IN_LIST_MAX) {
            let rows: Vec<UserRow> =
                with_conn!(conn, |c| user::table.select(USER_COLUMNS).filter(user::user_name.in_list(chunk)).load(c))?;
            out.extend(rows);
        }
        Ok(out)
    }

    /// The users of these ids (those that exist), in no particular order.
    pub fn users_by_ids(&mut self, ids: &[i64]) -> Result<Vec<UserRow>, StoreError> {
        let conn = self.conn();
        let mut out = Vec::new();
        for chunk in ids.chunks(IN_LIST_MAX) {
            let rows: Vec<UserRow> =
                with_conn!(conn, |c| user::table.select(USER_COLUMNS).filter(user::user_id.in_list(chunk)).load(c))?;
            out.extend(rows);
        }
        Ok(out)
    }

    /// The group memberships of these users in force at `now` (14 digits), as (user id,
    /// group, expiry or `None` for none), by user and then group name.
    pub fn group_memberships(
        &mut self,
        user_ids: &[i64],
        now: &str,
    ) -> Result<Vec<(i64, String, Option<String>)>, StoreError> {
        let conn = self.conn();
        let mut out = Vec::new();
        for chunk in user_ids.chunks(IN_LIST_MAX) {
            let rows: Vec<(i64, String, Option<String>)> = with_conn!(conn, |c| user_groups::table
                .select((user_groups::ug_user, user_groups::ug_group, user_groups::ug_expiry))
                .filter(user_groups::ug_user.in_list(chunk))
                .filter(user_groups::ug_expiry.is_null().or(user_groups::ug_expiry.ge(now)))
                .order((user_groups::ug_user, user_groups::ug_group))
                .load(c))?;
            out.extend(rows);
        }
        Ok(out)
    }

    /// A preference of these users where they set one, as (user id, value).
    pub fn user_property(&mut self, user_ids: &[i64], property: &str) -> Result<Vec<(i64, String)>, StoreError> {
        let conn = self.conn();
        let mut out = Vec::new();
        for chunk in user_ids.chunks(IN_LIST_MAX) {
            let rows: Vec<(i64, Option<String>)> = with_conn!(conn, |c| user_properties::table
                .select((user_properties::up_user, user_properties::up_value))
                .filter(user_properties::up_user.in_list(chunk))
                .filter(user_properties::up_property.eq(property))
                .load(c))?;
            out.extend(rows.into_iter().map(|(u, v)| (u, v.unwrap_or_default())));
        }
        Ok(out)
    }

    /// Registered users in name order with a filter, at most `filter.limit`.
    pub fn all_users(&mut self, filter: &AllUsersFilter) -> Result<Vec<UserRow>, StoreError> {
        let conn = self.conn();
        let prefix_end = filter.prefix.as_deref().and_then(prefix_upper_bound);
        let now = filter.now.as_str();
        let rows: Vec<UserRow> = with_conn!(conn, |c| {
            let mut query = user::table.select(USER_COLUMNS).into_boxed();
            let (lower, upper) =
                if filter.descending { (&filter.to, &filter.from) } else { (&filter.from, &filter.to) };
            if let Some(lower) = lower {
                query = query.filter(user::user_name.ge(lower));
            }
            if let Some(upper) = upper {
                query = query.filter(user::user_name.le(upper));
            }
            if let Some(prefix) = &filter.prefix {
                query = query.filter(user::user_name.ge(prefix));
            }
            if let Some(end) = &prefix_end {
                query = query.filter(user::user_name.lt(end));
            }
            let in_force = user_groups::ug_expiry.is_null().or(user_groups::ug_expiry.ge(now));
            if !filter.groups.is_empty() {
                let members = user_groups::table
                    .select(user_groups::ug_user)
                    .filter(user_groups::ug_group.in_list(&filter.groups))
                    .filter(in_force);
                query = query.filter(user::user_id.eq_any(members));
            }
            if !filter.exclude_groups.is_empty() {
                let members = user_groups::table
                    .select(user_groups::ug_user)
                    .filter(user_groups::ug_group.in_list(&filter.exclude_groups))
                    .filter(in_force);
                query = query.filter(user::user_id.ne_all(members));
            }
            if filter.with_edits {
                query = query.filter(user::user_editcount.gt(0));
            }
            if let Some(since) = &filter.active_since {
                let active = recentchanges::table
                    .inner_join(actor::table)
                    .select(actor::actor_user.assume_not_null())
                    .filter(actor::actor_user.is_not_null())
                    .filter(recentchanges::rc_type.ne(RC_EXTERNAL))
                    .filter(recentchanges::rc_log_type.is_null().or(recentchanges::rc_log_type.ne("newusers")))
                    .filter(recentchanges::rc_timestamp.ge(since));
                query = query.filter(user::user_id.eq_any(active));
            }
            if filter.exclude_hidden {
                let hidden = ipblocks::table
                    .select(ipblocks::ipb_user)
                    .filter(ipblocks::ipb_deleted.ne(0))
                    .filter(ipblocks::ipb_expiry.gt(now));
                query = query.filter(user::user_id.ne_all(hidden));
            }
            if let Some((pattern, matching)) = &filter.name_pattern {
                let like = pattern.split("$1").map(escape_like).collect::<Vec<_>>().join("%");
                query = if *matching {
                    query.filter(user::user_name.like(like).escape('\\'))
                } else {
                    query.filter(user::user_name.not_like(like).escape('\\'))
                };
            }
            query = if filter.descending {
                query.order(user::user_name.desc())
            } else {
                query.order(user::user_name.asc())
            };
            query.limit(filter.limit).load(c)
        })?;
        Ok(rows)
    }

    /// How many actions each of these users has in recent changes at or after `since` (14
    /// digits), leaving out changes from other wikis and account creations, as (user id,
    /// count) for users with any.
    pub fn recent_actions(&mut self, user_ids: &[i64], since: &str) -> Result<Vec<(i64, i64)>, StoreError> {
        let conn = self.conn();
        let mut out = Vec::new();
        for chunk in user_ids.chunks(IN_LIST_MAX) {
            let rows: Vec<(Option<i64>, i64)> = with_conn!(conn, |c| recentchanges::table
                .inner_join(actor::table)
                .group_by(actor::actor_user)
                .select((actor::actor_user, diesel::dsl::count_star()))
                .filter(actor::actor_user.in_list(chunk))
                .filter(recentchanges::rc_type.ne(RC_EXTERNAL))
                .filter(recentchanges::rc_log_type.is_null().or(recentchanges::rc_log_type.ne("newusers")))
                .filter(recentchanges::rc_timestamp.ge(since))
                .load(c))?;
            out.extend(rows.into_iter().filter_map(|(u, n)| u.map(|u| (u, n))));
        }
        Ok(out)
    }
}
