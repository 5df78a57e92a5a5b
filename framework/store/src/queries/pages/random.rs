//! Pages in the order of their random key (`page_random`, set when a page is made), then id:
//! the `page_random` index reads them from any point of the range.

use diesel::prelude::*;

use crate::backend::{AsAnyConnection, StoreError};
use crate::queries::sql::{InListExt, UnindexedExt};
use crate::reader::Reader;
use crate::schema::page;
use crate::with_conn;

/// What [`Reader::random_pages`] selects.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RandomFilter {
    /// Only pages of these namespaces; `None`: every namespace.
    pub namespaces: Option<Vec<i32>>,
    /// Only redirects (`Some(true)`) or only other pages (`Some(false)`).
    pub redirect: Option<bool>,
    /// From this key on, and with that key from this page id on (0: any).
    pub start: Option<(f64, i64)>,
    /// Keys below this one.
    pub end: Option<f64>,
    pub limit: i64,
}

/// A page as the random listing gives it.
#[derive(Debug, Clone, PartialEq, Queryable)]
pub struct RandomPage {
    pub id: i64,
    pub namespace: i32,
    pub title: String,
    pub random: f64,
    pub is_redirect: bool,
}

impl<C: AsAnyConnection> Reader<C> {
    /// Pages a filter selects, by random key then id, at most `filter.limit`.
    pub fn random_pages(&mut self, filter: &RandomFilter) -> Result<Vec<RandomPage>, StoreError> {
        let conn = self.conn();
        let rows: Vec<(i64, i32, String, f64, i32)> = with_conn!(conn, |c| {
            let mut q = page::table
                .select((
                    page::page_id,
                    page::page_namespace,
                    page::page_title,
                    page::page_random,
                    page::page_is_redirect,
                ))
                .into_boxed();
            if let Some(namespaces) = &filter.namespaces {
                q = q.filter(page::page_namespace.in_list(namespaces));
            }
            if let Some(redirect) = filter.redirect {
                // SQLite would otherwise read every (non-)redirect through the redirect index
                // and sort them all, instead of walking `page_random` from the start key and
                // stopping at the limit.
                q = q.filter(page::page_is_redirect.unindexed().eq(i32::from(redirect)));
            }
            match filter.start {
                Some((key, id)) if id > 0 => {
                    q = q.filter(keyset!(true; page::page_random => key, page::page_id => id));
                }
                Some((key, _)) => q = q.filter(page::page_random.ge(key)),
                None => {}
            }
            if let Some(end) = filter.end {
                q = q.filter(page::page_random.lt(end));
            }
            q.order((page::page_random, page::page_id)).limit(filter.limit).load(c)
        })?;
        Ok(rows
            .into_iter()
            .map(|(id, namespace, title, random, redirect)| RandomPage {
                id,
                namespace,
                title,
                random,
                is_redirect: redirect != 0,
            })
            .collect())
    }
}
