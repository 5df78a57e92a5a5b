//! The categories of pages (`categorylinks`), with whether each category is hidden (its page
//! has the `hiddencat` property), in (page, category) order, as `prop=categories` lists them.

pub mod members;

use crate::queries::sql::{InListExt, UnindexedExt};
use diesel::prelude::*;

use super::prefix_upper_bound;
use crate::backend::{AsAnyConnection, StoreError};
use crate::reader::Reader;
use crate::schema::{category, categorylinks, page, page_props};
use crate::with_conn;

/// The namespace of categories.
const NS_CATEGORY: i32 = 14;

/// What [`Reader::page_categories`] selects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CategoriesFilter {
    /// The pages whose categories are listed.
    pub from: Vec<i64>,
    /// Only these categories (database keys).
    pub categories: Option<Vec<String>>,
    /// Only hidden (`Some(true)`) or only shown (`Some(false)`) categories.
    pub hidden: Option<bool>,
    /// Where a previous batch stopped: this (page, category) and those after it.
    pub continue_from: Option<(i64, String)>,
    /// Last first.
    pub descending: bool,
    /// How many rows at most.
    pub limit: i64,
}

/// A category of a page, its fields the listing's columns.
#[derive(Debug, Clone, PartialEq, Eq, Queryable)]
pub struct CategoryRow {
    /// The page (`cl_from`).
    pub from: i64,
    /// The category's database key (`cl_to`).
    pub to: String,
    /// The sort key (`cl_sortkey`).
    pub sortkey: String,
    /// The sort key's prefix as written (`cl_sortkey_prefix`).
    pub sortkey_prefix: String,
    /// When the page joined the category (`cl_timestamp`).
    pub timestamp: String,
}

/// What [`Reader::all_categories`] selects.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AllCategoriesFilter {
    /// From this title on, in the listing's direction.
    pub from: Option<String>,
    /// Up to this title, in the listing's direction.
    pub to: Option<String>,
    /// Only titles starting with this.
    pub prefix: Option<String>,
    /// Only categories with at least this many members.
    pub min: Option<i64>,
    /// Only categories with at most this many members.
    pub max: Option<i64>,
    /// Where a previous batch stopped: this title and those after it.
    pub continue_from: Option<String>,
    /// Last first.
    pub descending: bool,
    /// How many rows at most.
    pub limit: i64,
}

/// A category's member counts (`category` table).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CategoryCounts {
    /// The category's database key.
    pub title: String,
    /// Members of every kind (`cat_pages`).
    pub members: i64,
    /// Subcategories (`cat_subcats`).
    pub subcats: i64,
    /// Files (`cat_files`).
    pub files: i64,
    /// Whether the category page has the `hiddencat` property.
    pub hidden: bool,
}

impl<C: AsAnyConnection> Reader<C> {
    /// The counts of those of `titles` that have a `category` row, with titles at or after
    /// `from` only, in title order.
    pub fn category_counts(
        &mut self,
        titles: &[String],
        from: Option<&str>,
    ) -> Result<Vec<CategoryCounts>, StoreError> {
        if titles.is_empty() {
            return Ok(Vec::new());
        }
        let conn = self.conn();
        let rows: Vec<(String, i64, i64, i64)> = with_conn!(conn, |c| {
            let mut q = category::table
                .select((category::cat_title, category::cat_pages, category::cat_subcats, category::cat_files))
                .filter(category::cat_title.in_list(titles.to_vec()))
                .into_boxed();
            if let Some(from) = from {
                q = q.filter(category::cat_title.ge(from.to_owned()));
            }
            q.order(category::cat_title.asc()).load(c)
        })?;
        self.with_hidden(rows)
    }

    /// The categories with a `category` row a filter selects, in title order (or reversed).
    pub fn all_categories(&mut self, filter: &AllCategoriesFilter) -> Result<Vec<CategoryCounts>, StoreError> {
        let conn = self.conn();
        let f = filter;
        let rows: Vec<(String, i64, i64, i64)> = with_conn!(conn, |c| {
            let mut q = category::table
                .select((category::cat_title, category::cat_pages, category::cat_subcats, category::cat_files))
                .into_boxed();
            if let Some(cont) = &f.continue_from {
                q = q.filter(keyset!(!f.descending; category::cat_title => cont.clone()));
            }
            // `from` and `to` bound the listing in its direction.
            let (low, high) = if f.descending { (&f.to, &f.from) } else { (&f.from, &f.to) };
            if let Some(low) = low {
                q = q.filter(category::cat_title.ge(low.clone()));
            }
            if let Some(high) = high {
                q = q.filter(category::cat_title.le(high.clone()));
            }
            if let Some(prefix) = &f.prefix {
                q = q.filter(category::cat_title.ge(prefix.clone()));
                if let Some(bound) = prefix_upper_bound(prefix) {
                    q = q.filter(category::cat_title.lt(bound));
                }
            }
            // Sizes are filtered as the titles are walked: read through `cat_pages`, every
            // category of the range would be sorted.
            if let Some(min) = f.min {
                q = q.filter(category::cat_pages.unindexed().ge(min));
            }
            if let Some(max) = f.max {
                q = q.filter(category::cat_pages.unindexed().le(max));
            }
            q = if f.descending { q.order(category::cat_title.desc()) } else { q.order(category::cat_title.asc()) };
            q.limit(f.limit).load(c)
        })?;
        self.with_hidden(rows)
    }

    /// Category rows (title, members, subcategories, files) with whether each is hidden.
    fn with_hidden(&mut self, rows: Vec<(String, i64, i64, i64)>) -> Result<Vec<CategoryCounts>, StoreError> {
        let names: Vec<String> = rows.iter().map(|r| r.0.clone()).collect();
        let hidden = self.hidden_categories(names)?;
        Ok(rows
            .into_iter()
            .map(|(title, members, subcats, files)| {
                let hidden = hidden.contains(&title);
                CategoryCounts { title, members, subcats, files, hidden }
            })
            .collect())
    }

    /// The categories a filter selects, in its order, with whether each is hidden.
    pub fn page_categories(&mut self, filter: &CategoriesFilter) -> Result<Vec<(CategoryRow, bool)>, StoreError> {
        if filter.from.is_empty() || filter.categories.as_ref().is_some_and(Vec::is_empty) {
            return Ok(Vec::new());
        }
        let conn = self.conn();
        let rows: Vec<CategoryRow> = with_conn!(conn, |c| {
            let hidden_cats = page::table
                .inner_join(page_props::table.on(page_props::pp_page.eq(page::page_id)))
                .select(page::page_title)
                .filter(page::page_namespace.eq(NS_CATEGORY))
                .filter(page_props::pp_propname.eq("hiddencat"));
            let mut q = categorylinks::table
                .select((
                    categorylinks::cl_from,
                    categorylinks::cl_to,
                    categorylinks::cl_sortkey,
                    categorylinks::cl_sortkey_prefix,
                    categorylinks::cl_timestamp,
                ))
                .filter(categorylinks::cl_from.in_list(filter.from.clone()))
                .into_boxed();
            if let Some(cats) = &filter.categories {
                q = q.filter(categorylinks::cl_to.in_list(cats.clone()));
            }
            match filter.hidden {
                Some(true) => q = q.filter(categorylinks::cl_to.eq_any(hidden_cats)),
                Some(false) => q = q.filter(categorylinks::cl_to.ne_all(hidden_cats)),
                None => {}
            }
            if let Some((f, to)) = &filter.continue_from {
                q = q.filter(
                    keyset!(!filter.descending; categorylinks::cl_from => *f, categorylinks::cl_to => to.clone()),
                );
            }
            q = if filter.descending {
                q.order((categorylinks::cl_from.desc(), categorylinks::cl_to.desc()))
            } else {
                q.order((categorylinks::cl_from.asc(), categorylinks::cl_to.asc()))
            };
            q.limit(filter.limit).load(c)
        })?;
        let mut names: Vec<String> = rows.iter().map(|r| r.to.clone()).collect();
        names.sort();
        names.dedup();
        let hidden = self.hidden_categories(names)?;
        Ok(rows
            .into_iter()
            .map(|r| {
                let h = hidden.contains(&r.to);
                (r, h)
            })
            .collect())
    }

    /// Those of the categories `names` whose page has the `hiddencat` property.
    pub fn hidden_categories(&mut self, names: Vec<String>) -> Result<Vec<String>, StoreError> {
        let conn = self.conn();
        Ok(with_conn!(conn, |c| page::table
            .inner_join(page_props::table.on(page_props::pp_page.eq(page::page_id)))
            .select(page::page_title)
            .filter(page::page_namespace.eq(NS_CATEGORY))
            .filter(page::page_title.in_list(names.clone()))
            .filter(page_props::pp_propname.eq("hiddencat"))
            .load(c))?)
    }
}
