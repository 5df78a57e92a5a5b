//! The members of a category (`categorylinks` joined with `page`), of one kind (page,
//! subcategory or file) at a time, in (sort key, page) or (time added, page) order, as
//! `list=categorymembers` lists them.

use crate::queries::sql::InListExt;
use diesel::prelude::*;

use crate::backend::{AsAnyConnection, StoreError};
use crate::reader::Reader;
use crate::schema::{categorylinks, page};
use crate::with_conn;

/// What [`Reader::category_members`] selects.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CategoryMembersFilter {
    /// The category's database key.
    pub category: String,
    /// Only members of this kind (`page`, `subcat`, `file`).
    pub kind: Option<String>,
    /// Only members in these namespaces.
    pub namespaces: Option<Vec<i32>>,
    /// Order by the time the member was added (`cl_timestamp`), not by sort key.
    pub by_time: bool,
    /// From this sort key or time on, in the listing's direction.
    pub start: Option<String>,
    /// Up to this sort key or time, in the listing's direction.
    pub end: Option<String>,
    /// Where a previous batch stopped: this sort key or time and page, and those after them.
    pub continue_from: Option<(String, i64)>,
    /// Last first.
    pub descending: bool,
    /// How many rows at most.
    pub limit: i64,
}

/// A member, its fields the listing's columns.
#[derive(Debug, Clone, PartialEq, Eq, Queryable)]
pub struct CategoryMemberRow {
    /// The member page (`cl_from`).
    pub from: i64,
    /// Its sort key (`cl_sortkey`).
    pub sortkey: String,
    /// The sort key's prefix as written (`cl_sortkey_prefix`).
    pub sortkey_prefix: String,
    /// When it was added (`cl_timestamp`).
    pub timestamp: String,
    /// Its kind (`cl_type`).
    pub kind: String,
    /// Its namespace.
    pub ns: i32,
    /// Its database key.
    pub title: String,
}

impl<C: AsAnyConnection> Reader<C> {
    /// The members a filter selects, in its order.
    pub fn category_members(&mut self, filter: &CategoryMembersFilter) -> Result<Vec<CategoryMemberRow>, StoreError> {
        let conn = self.conn();
        let f = filter;
        let desc = f.descending;
        Ok(with_conn!(conn, |c| {
            let mut q = categorylinks::table
                .inner_join(page::table.on(page::page_id.eq(categorylinks::cl_from)))
                .select((
                    categorylinks::cl_from,
                    categorylinks::cl_sortkey,
                    categorylinks::cl_sortkey_prefix,
                    categorylinks::cl_timestamp,
                    categorylinks::cl_type,
                    page::page_namespace,
                    page::page_title,
                ))
                .filter(categorylinks::cl_to.eq(f.category.clone()))
                .into_boxed();
            if let Some(kind) = &f.kind {
                q = q.filter(categorylinks::cl_type.eq(kind.clone()));
            }
            if let Some(ns) = &f.namespaces {
                q = q.filter(page::page_namespace.in_list(ns.clone()));
            }
            macro_rules! ordered_by {
                ($key:expr) => {{
                    let (low, high) = if desc { (&f.end, &f.start) } else { (&f.start, &f.end) };
                    if let Some(low) = low {
                        q = q.filter($key.ge(low.clone()));
                    }
                    if let Some(high) = high {
                        q = q.filter($key.le(high.clone()));
                    }
                    if let Some((key, from)) = f.continue_from.clone() {
                        q = q.filter(keyset!(!desc; $key => key, categorylinks::cl_from => from));
                    }
                    q = if desc {
                        q.order(($key.desc(), categorylinks::cl_from.desc()))
                    } else {
                        q.order(($key.asc(), categorylinks::cl_from.asc()))
                    };
                }};
            }
            if f.by_time {
                ordered_by!(categorylinks::cl_timestamp);
            } else {
                ordered_by!(categorylinks::cl_sortkey);
            }
            q.limit(f.limit).load(c)
        })?)
    }
}
