//! Who edited pages (`revision` with `actor`): how many distinct anonymous editors each page
//! has, and its registered editors with group filters (`prop=contributors`). Revisions whose
//! user is hidden (`rev_deleted` & 4) do not count.

use crate::queries::sql::InListExt;
use diesel::prelude::*;
use diesel::sql_types::Integer;

use crate::backend::{AsAnyConnection, StoreError};
use crate::queries::BitAnd;
use crate::reader::Reader;
use crate::schema::{actor, revision, user_groups};
use crate::with_conn;

/// `rev_deleted` bit of a hidden user.
const DELETED_USER: i32 = 4;

/// What [`Reader::page_contributors`] selects.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ContributorsFilter {
    /// The pages, by id.
    pub pages: Vec<i64>,
    /// Only members (`Some(true)`) or only non-members (`Some(false)`) of one of `groups`.
    pub in_groups: Option<bool>,
    /// The groups `in_groups` is about.
    pub groups: Vec<String>,
    /// Where a previous batch stopped: this page and actor id, and those after them.
    pub continue_from: Option<(i64, i64)>,
    /// The current time, 14 digits, for group memberships.
    pub now: String,
    /// How many rows at most.
    pub limit: i64,
}

/// A registered editor of a page: (page id, actor id, user id, name).
pub type ContributorRow = (i64, i64, i64, String);

impl<C: AsAnyConnection> Reader<C> {
    /// How many distinct anonymous actors edited each of these pages, as (page id, count) for
    /// pages with any.
    pub fn anonymous_contributors(&mut self, pages: &[i64]) -> Result<Vec<(i64, i64)>, StoreError> {
        let conn = self.conn();
        let rows: Vec<(i64, i64)> = with_conn!(conn, |c| revision::table
            .inner_join(actor::table)
            .group_by(revision::rev_page)
            .select((revision::rev_page, diesel::dsl::count(revision::rev_actor).aggregate_distinct()))
            .filter(revision::rev_page.in_list(pages))
            .filter(actor::actor_user.is_null())
            .filter(BitAnd::new(revision::rev_deleted, DELETED_USER.into_sql::<Integer>()).eq(0))
            .load(c))?;
        Ok(rows)
    }

    /// The registered editors of pages, by page and actor id, at most `filter.limit`.
    pub fn page_contributors(&mut self, filter: &ContributorsFilter) -> Result<Vec<ContributorRow>, StoreError> {
        let conn = self.conn();
        let now = filter.now.as_str();
        let rows: Vec<(i64, i64, Option<i64>, Option<String>)> = with_conn!(conn, |c| {
            let mut query = revision::table
                .inner_join(actor::table)
                .group_by((revision::rev_page, revision::rev_actor))
                .select((
                    revision::rev_page,
                    revision::rev_actor,
                    diesel::dsl::max(actor::actor_user),
                    diesel::dsl::max(actor::actor_name),
                ))
                .filter(revision::rev_page.in_list(&filter.pages))
                .filter(actor::actor_user.is_not_null())
                .filter(BitAnd::new(revision::rev_deleted, DELETED_USER.into_sql::<Integer>()).eq(0))
                .into_boxed();
            if let Some(member) = filter.in_groups {
                let members = user_groups::table
                    .select(user_groups::ug_user)
                    .filter(user_groups::ug_group.in_list(&filter.groups))
                    .filter(user_groups::ug_expiry.is_null().or(user_groups::ug_expiry.ge(now)));
                query = if member {
                    query.filter(actor::actor_user.assume_not_null().eq_any(members))
                } else {
                    query.filter(actor::actor_user.assume_not_null().ne_all(members))
                };
            }
            if let Some((page, actor_id)) = filter.continue_from {
                query = query.filter(keyset!(true; revision::rev_page => page, revision::rev_actor => actor_id));
            }
            query.order((revision::rev_page, revision::rev_actor)).limit(filter.limit).load(c)
        })?;
        Ok(rows.into_iter().map(|(p, a, u, n)| (p, a, u.unwrap_or(0), n.unwrap_or_default())).collect())
    }
}
