//! Pages whose titles start with a text (MediaWiki's title prefix search): in title order,
//! then namespace, through the `(page_namespace, page_title)` index.

use diesel::prelude::*;

use crate::backend::{AsAnyConnection, StoreError};
use crate::queries::sql::InListExt;
use crate::reader::Reader;
use crate::schema::page;
use crate::with_conn;

impl<C: AsAnyConnection> Reader<C> {
    /// (id, namespace, title) of the pages whose title starts with a prefix in one of its
    /// namespaces, for each (namespaces, prefix) given (an empty prefix: every page of them),
    /// by title then namespace, `limit` of them after the first `offset`.
    pub fn pages_with_prefixes(
        &mut self,
        prefixes: &[(Vec<i32>, String)],
        limit: i64,
        offset: i64,
    ) -> Result<Vec<(i64, i32, String)>, StoreError> {
        if prefixes.is_empty() {
            return Ok(Vec::new());
        }
        let conn = self.conn();
        with_conn!(conn, |c| {
            let mut any: Option<Box<dyn BoxableExpression<page::table, _, SqlType = diesel::sql_types::Bool>>> = None;
            for (namespaces, prefix) in prefixes {
                let mut term: Box<dyn BoxableExpression<page::table, _, SqlType = diesel::sql_types::Bool>> =
                    Box::new(page::page_namespace.in_list(namespaces));
                if !prefix.is_empty() {
                    term = Box::new(term.and(page::page_title.ge(prefix.clone())));
                    if let Some(bound) = crate::queries::prefix_upper_bound(prefix) {
                        term = Box::new(term.and(page::page_title.lt(bound)));
                    }
                }
                any = Some(match any {
                    None => term,
                    Some(before) => Box::new(before.or(term)),
                });
            }
            let mut q = page::table.select((page::page_id, page::page_namespace, page::page_title)).into_boxed();
            if let Some(any) = any {
                q = q.filter(any);
            }
            q.order((page::page_title, page::page_namespace)).limit(limit).offset(offset).load(c)
        })
        .map_err(StoreError::from)
    }
}
