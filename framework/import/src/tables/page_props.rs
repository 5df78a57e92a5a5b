//! `page_props`: the properties a page's text gives (behaviour switches, display title,
//! default sort key), changed only where they differ.

use std::collections::HashMap;

use diesel::prelude::*;
use wikiquery_store::backend::StoreError;
use wikiquery_store::schema::page_props;
use wikiquery_store::with_conn;

use super::importer::Importer;
use super::rows::{insert_rows, IN_CHUNK};

/// A `page_props` row.
#[derive(Insertable)]
#[diesel(table_name = page_props, treat_none_as_default_value = false)]
struct PagePropRow {
    pp_page: i64,
    pp_propname: String,
    pp_value: String,
    pp_sortkey: Option<f64>,
}

/// The properties a page's text gives.
pub(super) struct PageProps {
    pub(super) page: i64,
    /// Name and value of each.
    pub(super) props: Vec<(String, String)>,
    /// Whether the page existed before (and may have properties to change).
    pub(super) existed: bool,
}

impl Importer<'_> {
    /// Brings the properties of these pages to those given.
    pub(super) fn write_page_props(&mut self, pages: &[PageProps]) -> Result<(), StoreError> {
        let existing: Vec<i64> = pages.iter().filter(|p| p.existed).map(|p| p.page).collect();
        let mut current: HashMap<i64, HashMap<String, String>> = HashMap::new();
        for chunk in existing.chunks(IN_CHUNK) {
            let rows: Vec<(i64, String, String)> = with_conn!(&mut *self.conn, |c| page_props::table
                .filter(page_props::pp_page.eq_any(chunk))
                .select((page_props::pp_page, page_props::pp_propname, page_props::pp_value))
                .load(c))?;
            for (page, name, value) in rows {
                current.entry(page).or_default().insert(name, value);
            }
        }
        let mut add = Vec::new();
        for PageProps { page, props, .. } in pages {
            let mut old = current.remove(page).unwrap_or_default();
            for (name, value) in props {
                match old.remove(name) {
                    Some(was) if was == *value => continue,
                    Some(_) => self.delete_page_prop(*page, name)?,
                    None => {}
                }
                // MediaWiki sorts by a property's value only when it is a number it was given
                // as one; the parser gives text.
                add.push(PagePropRow {
                    pp_page: *page,
                    pp_propname: name.clone(),
                    pp_value: value.clone(),
                    pp_sortkey: None,
                });
            }
            for name in old.keys() {
                self.delete_page_prop(*page, name)?;
            }
        }
        insert_rows!(&mut *self.conn, page_props::table, &add, 4);
        Ok(())
    }

    fn delete_page_prop(&mut self, page: i64, name: &str) -> Result<(), StoreError> {
        with_conn!(&mut *self.conn, |c| diesel::delete(
            page_props::table.filter(page_props::pp_page.eq(page)).filter(page_props::pp_propname.eq(name))
        )
        .execute(c))?;
        Ok(())
    }
}
