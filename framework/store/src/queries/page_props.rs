//! Page properties (`page_props`): the name/value pairs the parser records for pages, as
//! `prop=pageprops` lists them, the pages with one (`list=pageswithprop`) and the names in use
//! (`list=pagepropnames`).

use crate::queries::sql::InListExt;
use diesel::prelude::*;

use crate::backend::{AsAnyConnection, StoreError};
use crate::reader::Reader;
use crate::schema::{page, page_props};
use crate::with_conn;

impl<C: AsAnyConnection> Reader<C> {
    /// The properties of `pages` (all, or only those named in `names`), as (page, name,
    /// value) in (page, name) order.
    pub fn page_props(
        &mut self,
        pages: &[i64],
        names: Option<&[String]>,
    ) -> Result<Vec<(i64, String, String)>, StoreError> {
        if pages.is_empty() || names.is_some_and(<[String]>::is_empty) {
            return Ok(Vec::new());
        }
        let conn = self.conn();
        Ok(with_conn!(conn, |c| {
            let mut q = page_props::table
                .select((page_props::pp_page, page_props::pp_propname, page_props::pp_value))
                .filter(page_props::pp_page.in_list(pages.to_vec()))
                .into_boxed();
            if let Some(names) = names {
                q = q.filter(page_props::pp_propname.in_list(names.to_vec()));
            }
            q.order((page_props::pp_page.asc(), page_props::pp_propname.asc())).load(c)
        })?)
    }
}

/// A page with a property, its fields the listing's columns.
#[derive(Debug, Clone, PartialEq, Eq, Queryable)]
pub struct PropPageRow {
    /// The page.
    pub id: i64,
    /// Its namespace.
    pub ns: i32,
    /// Its database key.
    pub title: String,
    /// The property's value.
    pub value: String,
}

impl<C: AsAnyConnection> Reader<C> {
    /// The pages with the property `name`, from page `from` on (in the listing's direction), in
    /// page order.
    pub fn pages_with_prop(
        &mut self,
        name: &str,
        from: Option<i64>,
        descending: bool,
        limit: i64,
    ) -> Result<Vec<PropPageRow>, StoreError> {
        let conn = self.conn();
        Ok(with_conn!(conn, |c| {
            let mut q = page_props::table
                .inner_join(page::table.on(page::page_id.eq(page_props::pp_page)))
                .select((page::page_id, page::page_namespace, page::page_title, page_props::pp_value))
                .filter(page_props::pp_propname.eq(name))
                .into_boxed();
            q = match (from, descending) {
                (Some(from), false) => q.filter(page_props::pp_page.ge(from)),
                (Some(from), true) => q.filter(page_props::pp_page.le(from)),
                (None, _) => q,
            };
            q = if descending { q.order(page_props::pp_page.desc()) } else { q.order(page_props::pp_page.asc()) };
            q.limit(limit).load(c)
        })?)
    }

    /// The property names in use, each once, from `from` on, in name order.
    pub fn page_prop_names(&mut self, from: Option<&str>, limit: i64) -> Result<Vec<String>, StoreError> {
        let conn = self.conn();
        Ok(with_conn!(conn, |c| {
            let mut q = page_props::table.select(page_props::pp_propname).distinct().into_boxed();
            if let Some(from) = from {
                q = q.filter(page_props::pp_propname.ge(from.to_owned()));
            }
            q.order(page_props::pp_propname.asc()).limit(limit).load(c)
        })?)
    }
}
