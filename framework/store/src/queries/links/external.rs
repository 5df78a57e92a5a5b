//! External links of pages (`externallinks`), in ([page,] index, id) order, as `prop=extlinks`
//! and `list=exturlusage` list them; the index (`el_index`) is the URL with its host reversed, so a search for a
//! host and its subdomains is a search for an index prefix.

use crate::queries::sql::InListExt;
use diesel::prelude::*;

use crate::backend::{AsAnyConnection, StoreError};
use crate::queries::{escape_like, prefix_upper_bound};
use crate::reader::Reader;
use crate::schema::{externallinks, page};
use crate::with_conn;

/// How many bytes of the index `el_index_60` keeps.
pub const INDEX_60: usize = 60;

/// The part of a search prefix that every matching row's `el_index_60` begins with: the whole
/// prefix when it is shorter than the column, else its first 56 bytes cut at a character
/// (the column is cut at 60 bytes, at a character or, by MediaWiki, inside one).
fn index_60_head(prefix: &str) -> &str {
    if prefix.len() < INDEX_60 {
        return prefix;
    }
    let mut end = INDEX_60 - 4;
    while !prefix.is_char_boundary(end) {
        end -= 1;
    }
    &prefix[..end]
}

/// What [`Reader::external_links`] selects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExtLinksFilter {
    /// Only the links of these pages (none: of every page).
    pub from: Option<Vec<i64>>,
    /// Only the links of pages in these namespaces.
    pub namespaces: Option<Vec<i32>>,
    /// Only links whose index starts with this (a protocol, or a search's prefix).
    pub index_prefix: Option<String>,
    /// Of protocol-relative links (stored twice, under `http:` and `https:`), only the
    /// `http:` row: for a listing of every protocol.
    pub once_per_link: bool,
    /// Order by page first (more than one page asked about).
    pub by_page: bool,
    /// Order by the index's first 60 bytes before the id.
    pub by_index: bool,
    /// Where a previous batch stopped: this (page, index, id) and those after it (the parts
    /// the order holds).
    pub continue_from: Option<(i64, String, i64)>,
    /// How many rows at most.
    pub limit: i64,
}

/// An external link, its fields the listing's columns.
#[derive(Debug, Clone, PartialEq, Eq, Queryable)]
pub struct ExtLinkRow {
    /// `el_id`.
    pub id: i64,
    /// The page (`el_from`).
    pub from: i64,
    /// The URL as written (`el_to`).
    pub to: String,
    /// The first 60 bytes of the index (`el_index_60`).
    pub index_60: String,
    /// The page's namespace.
    pub page_ns: i32,
    /// The page's database key.
    pub page_title: String,
}

impl<C: AsAnyConnection> Reader<C> {
    /// The external links a filter selects, in its order.
    pub fn external_links(&mut self, filter: &ExtLinksFilter) -> Result<Vec<ExtLinkRow>, StoreError> {
        if filter.from.as_ref().is_some_and(Vec::is_empty) {
            return Ok(Vec::new());
        }
        let conn = self.conn();
        Ok(with_conn!(conn, |c| {
            let mut q = externallinks::table
                .inner_join(page::table.on(page::page_id.eq(externallinks::el_from)))
                .select((
                    externallinks::el_id,
                    externallinks::el_from,
                    externallinks::el_to,
                    externallinks::el_index_60,
                    page::page_namespace,
                    page::page_title,
                ))
                .into_boxed();
            if let Some(from) = &filter.from {
                q = q.filter(externallinks::el_from.in_list(from.clone()));
            }
            if let Some(ns) = &filter.namespaces {
                q = q.filter(page::page_namespace.in_list(ns.clone()));
            }
            if let Some(prefix) = &filter.index_prefix {
                // The indexed column holds the first 60 bytes of `el_index`: a range over the
                // prefix's head finds the candidates however long the prefix (a longer one
                // would otherwise be read by `LIKE` alone, over the whole table).
                let head = index_60_head(prefix);
                q = q.filter(externallinks::el_index_60.ge(head.to_owned()));
                if let Some(bound) = prefix_upper_bound(head) {
                    q = q.filter(externallinks::el_index_60.lt(bound));
                }
                q = q.filter(externallinks::el_index.like(format!("{}%", escape_like(prefix))).escape('\\'));
            }
            if filter.once_per_link {
                q = q.filter(externallinks::el_to.not_like("//%").or(externallinks::el_index_60.like("http://%")));
            }
            if let Some((from, index, id)) = filter.continue_from.clone() {
                use externallinks::{el_from, el_id, el_index_60};
                let key = match (filter.by_page, filter.by_index) {
                    (true, true) => keyset!(true; el_from => from, el_index_60 => index, el_id => id),
                    (true, false) => keyset!(true; el_from => from, el_id => id),
                    (false, true) => keyset!(true; el_index_60 => index, el_id => id),
                    (false, false) => keyset!(true; el_id => id),
                };
                q = q.filter(key);
            }
            // A prefix as long as the indexed column gives every match the same `el_index_60`
            // (the first 60 bytes of the prefix): ordered by it and then by id, the matches
            // come in id order straight from the `el_index_60` index, unsorted.
            let long_prefix = filter.index_prefix.as_ref().is_some_and(|p| p.len() >= INDEX_60);
            let by_index = filter.by_index || (long_prefix && !filter.by_page);
            q = match (filter.by_page, by_index) {
                (true, true) => q.order((
                    externallinks::el_from.asc(),
                    externallinks::el_index_60.asc(),
                    externallinks::el_id.asc(),
                )),
                (true, false) => q.order((externallinks::el_from.asc(), externallinks::el_id.asc())),
                (false, true) => q.order((externallinks::el_index_60.asc(), externallinks::el_id.asc())),
                (false, false) => q.order(externallinks::el_id.asc()),
            };
            q.limit(filter.limit).load(c)
        })?)
    }
}
