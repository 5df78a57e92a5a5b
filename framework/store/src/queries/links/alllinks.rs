//! Every target of a link table (`pagelinks`, `templatelinks`, `imagelinks`, `redirect`) in
//! one namespace, in (target title, linking page) order or once each, as `list=alllinks`,
//! `list=alltransclusions`, `list=allfileusages` and `list=allredirects` list them.

use crate::queries::sql::fixed_sql;
use diesel::prelude::*;
use diesel::sql_types::{Integer, Nullable, Text};

use crate::backend::{AsAnyConnection, StoreError};
use crate::queries::links::backlinks::BacklinkTable;
use crate::queries::prefix_upper_bound;
use crate::reader::Reader;
use crate::schema::{imagelinks, linktarget, pagelinks, redirect, templatelinks};
use crate::with_conn;

/// What [`Reader::all_link_targets`] selects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AllLinksFilter {
    /// The table.
    pub table: BacklinkTable,
    /// The targets' namespace (ignored for files).
    pub namespace: i32,
    /// Each target title once (no linking page).
    pub unique: bool,
    /// Targets from this title on (inclusive).
    pub from: Option<String>,
    /// Targets up to this title (inclusive).
    pub to: Option<String>,
    /// Only targets whose title starts with this.
    pub prefix: Option<String>,
    /// Where a previous batch stopped: this title and linking page (none with `unique`) and
    /// those after them.
    pub continue_from: Option<(String, Option<i64>)>,
    /// Last first.
    pub descending: bool,
    /// How many rows at most.
    pub limit: i64,
}

/// A target: its title, the linking page (not with `unique`), and for redirects the
/// fragment and interwiki prefix.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AllLinksRow {
    /// The target's database key.
    pub title: String,
    /// The page linking to it.
    pub from: Option<i64>,
    /// The redirect's fragment.
    pub fragment: Option<String>,
    /// The redirect's interwiki prefix.
    pub interwiki: Option<String>,
}

macro_rules! all_links_query {
    ($c:ident, $f:ident, $base:expr, ns: $ns:expr, title: $t:expr, from: $from:expr,
     fragment: $frag:expr, interwiki: $iw:expr) => {{
        let f = $f;
        macro_rules! narrowed {
            ($q:expr) => {{
                let mut q = $q.filter($ns.eq(f.namespace));
                if let Some(from) = &f.from {
                    q = q.filter($t.ge(from.clone()));
                }
                if let Some(to) = &f.to {
                    q = q.filter($t.le(to.clone()));
                }
                if let Some(prefix) = &f.prefix {
                    q = q.filter($t.ge(prefix.clone()));
                    if let Some(bound) = prefix_upper_bound(prefix) {
                        q = q.filter($t.lt(bound));
                    }
                }
                q
            }};
        }
        if f.unique {
            let mut q = narrowed!($base.select($t).distinct().into_boxed());
            if let Some((title, _)) = f.continue_from.clone() {
                q = q.filter(keyset!(!f.descending; $t => title));
            }
            q = if f.descending { q.order($t.desc()) } else { q.order($t.asc()) };
            q.limit(f.limit).load::<String>($c).map(|titles| {
                titles
                    .into_iter()
                    .map(|title| AllLinksRow { title, from: None, fragment: None, interwiki: None })
                    .collect::<Vec<_>>()
            })
        } else {
            let mut q = narrowed!($base.select(($t, $from, $frag, $iw)).into_boxed());
            if let Some((title, from)) = f.continue_from.clone() {
                q = q.filter(keyset!(!f.descending; $t => title, $from => from.unwrap_or_default()));
            }
            q = if f.descending { q.order(($t.desc(), $from.desc())) } else { q.order(($t.asc(), $from.asc())) };
            q.limit(f.limit).load::<(String, i64, Option<String>, Option<String>)>($c).map(|rows| {
                rows.into_iter()
                    .map(|(title, from, fragment, interwiki)| AllLinksRow {
                        title,
                        from: Some(from),
                        fragment,
                        interwiki,
                    })
                    .collect::<Vec<_>>()
            })
        }
    }};
}

impl<C: AsAnyConnection> Reader<C> {
    /// The targets a filter selects, in its order.
    pub fn all_link_targets(&mut self, filter: &AllLinksFilter) -> Result<Vec<AllLinksRow>, StoreError> {
        let conn = self.conn();
        let null = || fixed_sql::<Nullable<Text>>("NULL");
        Ok(match filter.table {
            BacklinkTable::Pages => with_conn!(conn, |c| all_links_query!(c, filter, pagelinks::table,
                ns: pagelinks::pl_namespace, title: pagelinks::pl_title, from: pagelinks::pl_from,
                fragment: null(), interwiki: null()))?,
            BacklinkTable::Templates => with_conn!(conn, |c| all_links_query!(c, filter,
                templatelinks::table.inner_join(linktarget::table.on(linktarget::lt_id.eq(templatelinks::tl_target_id))),
                ns: linktarget::lt_namespace, title: linktarget::lt_title, from: templatelinks::tl_from,
                fragment: null(), interwiki: null()))?,
            BacklinkTable::Images => with_conn!(conn, |c| all_links_query!(c, filter, imagelinks::table,
                ns: fixed_sql::<Integer>("6"), title: imagelinks::il_to, from: imagelinks::il_from,
                fragment: null(), interwiki: null()))?,
            BacklinkTable::Redirects => with_conn!(conn, |c| all_links_query!(c, filter, redirect::table,
                ns: redirect::rd_namespace, title: redirect::rd_title, from: redirect::rd_from,
                fragment: redirect::rd_fragment, interwiki: redirect::rd_interwiki))?,
        })
    }
}
