//! The links of pages: the pages they link to (`pagelinks`), transclude (`templatelinks`
//! through `linktarget`) and the files they use (`imagelinks`), in (source page, namespace,
//! title) order, as `prop=links`, `prop=templates` and `prop=images` list them.

pub mod alllinks;
pub mod backlinks;
pub mod external;
pub mod foreign;

use crate::queries::sql::InListExt;
use diesel::prelude::*;

use crate::backend::{AsAnyConnection, StoreError};
use crate::reader::Reader;
use crate::schema::{imagelinks, linktarget, pagelinks, templatelinks};
use crate::with_conn;

/// The namespace of files, the only targets of `imagelinks`.
const NS_FILE: i32 = 6;

/// Which link table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkTable {
    /// `pagelinks`.
    Pages,
    /// `templatelinks`.
    Templates,
    /// `imagelinks`.
    Images,
}

/// What [`Reader::page_links`] selects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinksFilter {
    /// The table.
    pub table: LinkTable,
    /// The pages whose links are listed.
    pub from: Vec<i64>,
    /// Only targets in these namespaces.
    pub namespaces: Option<Vec<i32>>,
    /// Only these targets (namespace, database key).
    pub targets: Option<Vec<(i32, String)>>,
    /// Where a previous batch stopped: this (page, namespace, title) and those after it.
    pub continue_from: Option<(i64, i32, String)>,
    /// Last first.
    pub descending: bool,
    /// How many rows at most.
    pub limit: i64,
}

/// A link: (source page, target namespace, target database key).
pub type LinkRow = (i64, i32, String);

/// The query for a table with a target namespace: its base (joins) and the columns of the
/// source page and the target's namespace and title.
macro_rules! page_links_query {
    ($c:ident, $f:ident, $base:expr, from: $from:expr, ns: $ns:expr, title: $title:expr) => {{
        let f = $f;
        let mut q = $base.select(($from, $ns, $title)).filter($from.in_list(f.from.clone())).into_boxed();
        if let Some(ns) = &f.namespaces {
            q = q.filter($ns.in_list(ns.clone()));
        }
        if let Some(targets) = &f.targets {
            q = q.filter(any_title!($ns, $title, targets));
        }
        if let Some((from, ns, title)) = f.continue_from.clone() {
            q = q.filter(keyset!(!f.descending; $from => from, $ns => ns, $title => title));
        }
        q = if f.descending {
            q.order(($from.desc(), $ns.desc(), $title.desc()))
        } else {
            q.order(($from.asc(), $ns.asc(), $title.asc()))
        };
        q.limit(f.limit).load::<LinkRow>($c)
    }};
}

impl<C: AsAnyConnection> Reader<C> {
    /// The links a filter selects, in its order.
    pub fn page_links(&mut self, filter: &LinksFilter) -> Result<Vec<LinkRow>, StoreError> {
        if filter.from.is_empty() || filter.targets.as_ref().is_some_and(Vec::is_empty) {
            return Ok(Vec::new());
        }
        let conn = self.conn();
        let from = filter.from.clone();
        let desc = filter.descending;
        let rows: Vec<LinkRow> = match filter.table {
            LinkTable::Pages => with_conn!(conn, |c| page_links_query!(c, filter, pagelinks::table,
                from: pagelinks::pl_from, ns: pagelinks::pl_namespace, title: pagelinks::pl_title))?,
            LinkTable::Templates => with_conn!(conn, |c| page_links_query!(c, filter,
                templatelinks::table.inner_join(linktarget::table.on(linktarget::lt_id.eq(templatelinks::tl_target_id))),
                from: templatelinks::tl_from, ns: linktarget::lt_namespace, title: linktarget::lt_title))?,
            LinkTable::Images => {
                let rows: Vec<(i64, String)> = with_conn!(conn, |c| {
                    let mut q = imagelinks::table
                        .select((imagelinks::il_from, imagelinks::il_to))
                        .filter(imagelinks::il_from.in_list(from.clone()))
                        .into_boxed();
                    if let Some(targets) = &filter.targets {
                        let files: Vec<String> =
                            targets.iter().filter(|(n, _)| *n == NS_FILE).map(|(_, t)| t.clone()).collect();
                        q = q.filter(imagelinks::il_to.in_list(files));
                    }
                    if let Some((f, _, title)) = &filter.continue_from {
                        q = q.filter(keyset!(!desc; imagelinks::il_from => *f, imagelinks::il_to => title.clone()));
                    }
                    q = if desc {
                        q.order((imagelinks::il_from.desc(), imagelinks::il_to.desc()))
                    } else {
                        q.order((imagelinks::il_from.asc(), imagelinks::il_to.asc()))
                    };
                    q.limit(filter.limit).load(c)
                })?;
                rows.into_iter().map(|(f, t)| (f, NS_FILE, t)).collect()
            }
        };
        Ok(rows)
    }
}
