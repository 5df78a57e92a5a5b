//! Page properties (`page_props`): the name/value pairs the parser records for pages, as
//! `prop=pageprops` lists them.

use diesel::prelude::*;

use crate::backend::{AsAnyConnection, StoreError};
use crate::reader::Reader;
use crate::schema::page_props;
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
                .filter(page_props::pp_page.eq_any(pages.to_vec()))
                .into_boxed();
            if let Some(names) = names {
                q = q.filter(page_props::pp_propname.eq_any(names.to_vec()));
            }
            q.order((page_props::pp_page.asc(), page_props::pp_propname.asc())).load(c)
        })?)
    }
}
