//! The pages that point at given targets: those linking to them (`pagelinks`), transcluding
//! them (`templatelinks` through `linktarget`), using them as files (`imagelinks`) or
//! redirecting to them (`redirect`), each with its page row, in (target namespace, target
//! title, [linking page's namespace,] linking page id) order. One query for the four tables,
//! as `prop=linkshere`, `prop=transcludedin`, `prop=fileusage` and `prop=redirects` list them.

use crate::queries::sql::fixed_sql;
use crate::queries::sql::InListExt;
use diesel::prelude::*;
use diesel::sql_types::{Integer, Nullable, Text};

use crate::backend::{AsAnyConnection, StoreError};
use crate::reader::Reader;
use crate::schema::{imagelinks, linktarget, page, pagelinks, redirect, templatelinks};
use crate::with_conn;

/// Which table points at the targets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BacklinkTable {
    /// `pagelinks`: pages linking to the targets.
    Pages,
    /// `templatelinks`: pages transcluding the targets.
    Templates,
    /// `imagelinks`: pages using the targets (files) — their namespace is always File's.
    Images,
    /// `redirect`: local redirects to the targets.
    Redirects,
}

/// A place in the order: (target namespace, target title, linking page's namespace, linking
/// page id). The namespace of the linking page counts only when the filter orders by it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BacklinkKey {
    /// The target's namespace.
    pub ns: i32,
    /// The target's database key.
    pub title: String,
    /// The linking page's namespace.
    pub from_ns: i32,
    /// The linking page's id.
    pub from: i64,
}

/// What [`Reader::backlinks`] selects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BacklinksFilter {
    /// The table.
    pub table: BacklinkTable,
    /// The targets (namespace, database key); for [`BacklinkTable::Images`] the namespace is
    /// ignored.
    pub targets: Vec<(i32, String)>,
    /// Only linking pages in these namespaces.
    pub from_namespaces: Option<Vec<i32>>,
    /// Order by the linking page's namespace before its id.
    pub order_by_from_namespace: bool,
    /// Only redirects (`Some(true)`) or only other pages (`Some(false)`).
    pub redirect: Option<bool>,
    /// Only redirects with a fragment (`Some(true)`) or without one (`Some(false)`); for
    /// [`BacklinkTable::Redirects`].
    pub fragment: Option<bool>,
    /// Where a previous batch stopped: this place and those after it.
    pub continue_from: Option<BacklinkKey>,
    /// Last first.
    pub descending: bool,
    /// How many rows at most.
    pub limit: i64,
}

/// A page pointing at a target.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BacklinkRow {
    /// Its place in the order.
    pub key: BacklinkKey,
    /// The linking page's namespace (`page_namespace`).
    pub page_ns: i32,
    /// The linking page's database key.
    pub page_title: String,
    /// Whether the linking page is a redirect.
    pub is_redirect: bool,
    /// The redirect's fragment ([`BacklinkTable::Redirects`]; empty or absent when none).
    pub fragment: Option<String>,
}

type RawRow = (i32, String, i32, i64, i32, String, i32, Option<String>);

/// The query for one table, its columns given as expressions: the target's namespace (and
/// what to order by for it: a constant is no ORDER BY term, SQL reads `ORDER BY 6` as the
/// sixth column) and title, the linking page's id and namespace, and the redirect's fragment.
macro_rules! backlinks_query {
    ($c:ident, $filter:ident, $base:expr, ns: $tns:expr, ns_order: $nsorder:expr, title: $ttitle:expr,
     from: $from:expr, from_ns: $fromns:expr, fragment: $fragment:expr) => {{
        let f = $filter;
        let mut q = $base
            .select((
                $tns,
                $ttitle,
                $fromns,
                $from,
                page::page_namespace,
                page::page_title,
                page::page_is_redirect,
                $fragment,
            ))
            .into_boxed();
        q = q.filter(any_title!($tns, $ttitle, &f.targets));
        if let Some(ns) = &f.from_namespaces {
            q = q.filter($fromns.in_list(ns.clone()));
        }
        match f.fragment {
            Some(true) => q = q.filter($fragment.ne("")),
            Some(false) => q = q.filter($fragment.eq("").or($fragment.is_null())),
            None => {}
        }
        if let Some(redirect) = f.redirect {
            q = q.filter(page::page_is_redirect.eq(i32::from(redirect)));
        }
        if let Some(key) = &f.continue_from {
            let BacklinkKey { ns, title, from_ns, from } = key.clone();
            // (ns, title, [from_ns,] from) at or after the key, in the listing's direction.
            let key = if f.order_by_from_namespace {
                keyset!(!f.descending; $tns => ns, $ttitle => title, $fromns => from_ns, $from => from)
            } else {
                keyset!(!f.descending; $tns => ns, $ttitle => title, $from => from)
            };
            q = q.filter(key);
        }
        q = match (f.order_by_from_namespace, f.descending) {
            (true, false) => q.order(($nsorder.asc(), $ttitle.asc(), $fromns.asc(), $from.asc())),
            (true, true) => q.order(($nsorder.desc(), $ttitle.desc(), $fromns.desc(), $from.desc())),
            (false, false) => q.order(($nsorder.asc(), $ttitle.asc(), $from.asc())),
            (false, true) => q.order(($nsorder.desc(), $ttitle.desc(), $from.desc())),
        };
        q.limit(f.limit).load::<RawRow>($c)
    }};
}

impl<C: AsAnyConnection> Reader<C> {
    /// The pages a filter selects, in its order.
    pub fn backlinks(&mut self, filter: &BacklinksFilter) -> Result<Vec<BacklinkRow>, StoreError> {
        if filter.targets.is_empty() || filter.from_namespaces.as_ref().is_some_and(Vec::is_empty) {
            return Ok(Vec::new());
        }
        let conn = self.conn();
        let rows: Vec<RawRow> = match filter.table {
            BacklinkTable::Pages => with_conn!(conn, |c| backlinks_query!(c, filter,
                pagelinks::table.inner_join(page::table.on(page::page_id.eq(pagelinks::pl_from))),
                ns: pagelinks::pl_namespace, ns_order: pagelinks::pl_namespace, title: pagelinks::pl_title, from: pagelinks::pl_from,
                from_ns: pagelinks::pl_from_namespace, fragment: fixed_sql::<Nullable<Text>>("NULL")))?,
            BacklinkTable::Templates => with_conn!(conn, |c| backlinks_query!(c, filter,
                templatelinks::table
                    .inner_join(linktarget::table.on(linktarget::lt_id.eq(templatelinks::tl_target_id)))
                    .inner_join(page::table.on(page::page_id.eq(templatelinks::tl_from))),
                ns: linktarget::lt_namespace, ns_order: linktarget::lt_namespace, title: linktarget::lt_title, from: templatelinks::tl_from,
                from_ns: templatelinks::tl_from_namespace, fragment: fixed_sql::<Nullable<Text>>("NULL")))?,
            BacklinkTable::Images => with_conn!(conn, |c| backlinks_query!(c, filter,
                imagelinks::table.inner_join(page::table.on(page::page_id.eq(imagelinks::il_from))),
                ns: fixed_sql::<Integer>("6"), ns_order: imagelinks::il_to, title: imagelinks::il_to, from: imagelinks::il_from,
                from_ns: imagelinks::il_from_namespace, fragment: fixed_sql::<Nullable<Text>>("NULL")))?,
            BacklinkTable::Redirects => with_conn!(conn, |c| backlinks_query!(c, filter,
                redirect::table
                    .inner_join(page::table.on(page::page_id.eq(redirect::rd_from)))
                    .filter(redirect::rd_interwiki.eq("").or(redirect::rd_interwiki.is_null())),
                ns: redirect::rd_namespace, ns_order: redirect::rd_namespace, title: redirect::rd_title, from: redirect::rd_from,
                from_ns: page::page_namespace, fragment: redirect::rd_fragment))?,
        };
        Ok(rows
            .into_iter()
            .map(|(ns, title, from_ns, from, page_ns, page_title, is_redirect, fragment)| BacklinkRow {
                key: BacklinkKey { ns, title, from_ns, from },
                page_ns,
                page_title,
                is_redirect: is_redirect != 0,
                fragment,
            })
            .collect())
    }
}
