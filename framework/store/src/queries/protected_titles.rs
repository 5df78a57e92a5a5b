//! Titles protected from creation (`protected_titles`, with the protecting user's name from
//! `user` and the reason from `comment`), and the change tags the wiki defines
//! (`change_tag_def`).
//!
//! The listing is in `(pt_timestamp, pt_namespace, pt_title)` order, which the `pt_timestamp`
//! index and the primary key give.

use crate::queries::sql::InListExt;
use diesel::prelude::*;

use crate::backend::{AsAnyConnection, StoreError};
use crate::reader::Reader;
use crate::schema::{change_tag_def, comment, protected_titles, user};
use crate::with_conn;

/// What [`Reader::protected_titles`] selects.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProtectedTitlesFilter {
    /// Oldest first (`ptdir=newer`).
    pub ascending: bool,
    /// The start of the range, in the direction of listing.
    pub start: Option<String>,
    /// The end of the range, in the direction of listing.
    pub end: Option<String>,
    /// Where a previous batch stopped: timestamp, namespace and title, and after them.
    pub continue_from: Option<(String, i32, String)>,
    /// Only titles of these namespaces.
    pub namespaces: Option<Vec<i32>>,
    /// Only protections at these levels.
    pub levels: Option<Vec<String>>,
    /// How many rows at most.
    pub limit: i64,
}

/// One protected title; its fields are the listing's columns, in order.
#[derive(Debug, Clone, PartialEq, Eq, Queryable)]
pub struct ProtectedTitleRow {
    /// `pt_namespace`.
    pub namespace: i32,
    /// `pt_title`.
    pub title: String,
    /// `pt_timestamp`.
    pub timestamp: String,
    /// `pt_user`: who protected it.
    pub user_id: i64,
    /// That user's name, if the user exists.
    pub user_name: Option<String>,
    /// The reason.
    pub reason: String,
    /// `pt_expiry`.
    pub expiry: String,
    /// `pt_create_perm`: the level.
    pub level: String,
}

impl<C: AsAnyConnection> Reader<C> {
    /// The protected titles a filter selects, in its order.
    pub fn protected_titles(&mut self, filter: &ProtectedTitlesFilter) -> Result<Vec<ProtectedTitleRow>, StoreError> {
        let conn = self.conn();
        let rows: Vec<ProtectedTitleRow> = with_conn!(conn, |c| {
            let mut query = protected_titles::table
                .left_join(user::table.on(user::user_id.eq(protected_titles::pt_user)))
                .inner_join(comment::table.on(comment::comment_id.eq(protected_titles::pt_reason_id)))
                .select((
                    protected_titles::pt_namespace,
                    protected_titles::pt_title,
                    protected_titles::pt_timestamp,
                    protected_titles::pt_user,
                    user::user_name.nullable(),
                    comment::comment_text,
                    protected_titles::pt_expiry,
                    protected_titles::pt_create_perm,
                ))
                .into_boxed();
            let (lower, upper) =
                if filter.ascending { (&filter.start, &filter.end) } else { (&filter.end, &filter.start) };
            if let Some(lower) = lower {
                query = query.filter(protected_titles::pt_timestamp.ge(lower));
            }
            if let Some(upper) = upper {
                query = query.filter(protected_titles::pt_timestamp.le(upper));
            }
            if let Some(namespaces) = &filter.namespaces {
                query = query.filter(protected_titles::pt_namespace.in_list(namespaces));
            }
            if let Some(levels) = &filter.levels {
                query = query.filter(protected_titles::pt_create_perm.in_list(levels));
            }
            if let Some((ts, ns, title)) = &filter.continue_from {
                query = query.filter(keyset!(filter.ascending;
                        protected_titles::pt_timestamp => ts.clone(),
                        protected_titles::pt_namespace => *ns,
                        protected_titles::pt_title => title.clone()));
            }
            query = if filter.ascending {
                query.order((
                    protected_titles::pt_timestamp.asc(),
                    protected_titles::pt_namespace.asc(),
                    protected_titles::pt_title.asc(),
                ))
            } else {
                query.order((
                    protected_titles::pt_timestamp.desc(),
                    protected_titles::pt_namespace.desc(),
                    protected_titles::pt_title.desc(),
                ))
            };
            query.limit(filter.limit).load(c)
        })?;
        Ok(rows)
    }

    /// The change tags the wiki has recorded: name, whether a user defined it (rather than the
    /// software), and how many changes have it.
    pub fn tag_definitions(&mut self) -> Result<Vec<(String, bool, i64)>, StoreError> {
        let conn = self.conn();
        let rows: Vec<(String, i32, i64)> = with_conn!(conn, |c| change_tag_def::table
            .select((change_tag_def::ctd_name, change_tag_def::ctd_user_defined, change_tag_def::ctd_count))
            .load(c))?;
        Ok(rows.into_iter().map(|(name, user_defined, count)| (name, user_defined != 0, count)).collect())
    }
}
