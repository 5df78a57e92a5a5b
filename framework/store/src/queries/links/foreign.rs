//! Links to other wikis: interlanguage links (`langlinks`) and interwiki links (`iwlinks`)
//! of pages, in (page, language) and (page, prefix, title) order, as `prop=langlinks` and
//! `prop=iwlinks` list them.

use crate::queries::sql::InListExt;
use diesel::prelude::*;

use crate::backend::{AsAnyConnection, StoreError};
use crate::reader::Reader;
use crate::schema::{iwlinks, langlinks, page};
use crate::with_conn;

/// What [`Reader::foreign_links`] selects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ForeignLinksFilter {
    /// Interlanguage links (`langlinks`) or interwiki links (`iwlinks`).
    pub languages: bool,
    /// The pages whose links are listed.
    pub from: Vec<i64>,
    /// Only links with this language code or interwiki prefix.
    pub prefix: Option<String>,
    /// Only links to this title (with `prefix`).
    pub title: Option<String>,
    /// Where a previous batch stopped: this (page, prefix, title) and those after it; the
    /// title counts for interwiki links only (a page has one link per language).
    pub continue_from: Option<(i64, String, String)>,
    /// Last first.
    pub descending: bool,
    /// How many rows at most.
    pub limit: i64,
}

/// A link: (page, language code or interwiki prefix, title on the other wiki).
pub type ForeignLinkRow = (i64, String, String);

impl<C: AsAnyConnection> Reader<C> {
    /// The links a filter selects, in its order.
    pub fn foreign_links(&mut self, filter: &ForeignLinksFilter) -> Result<Vec<ForeignLinkRow>, StoreError> {
        if filter.from.is_empty() {
            return Ok(Vec::new());
        }
        let conn = self.conn();
        let desc = filter.descending;
        if filter.languages {
            return Ok(with_conn!(conn, |c| {
                let mut q = langlinks::table
                    .select((langlinks::ll_from, langlinks::ll_lang, langlinks::ll_title))
                    .filter(langlinks::ll_from.in_list(filter.from.clone()))
                    .into_boxed();
                if let Some(lang) = &filter.prefix {
                    q = q.filter(langlinks::ll_lang.eq(lang.clone()));
                    if let Some(title) = &filter.title {
                        q = q.filter(langlinks::ll_title.eq(title.clone()));
                    }
                }
                if let Some((f, lang, _)) = filter.continue_from.clone() {
                    q = q.filter(keyset!(!desc; langlinks::ll_from => f, langlinks::ll_lang => lang));
                }
                q = if desc {
                    q.order((langlinks::ll_from.desc(), langlinks::ll_lang.desc()))
                } else {
                    q.order((langlinks::ll_from.asc(), langlinks::ll_lang.asc()))
                };
                q.limit(filter.limit).load(c)
            })?);
        }
        Ok(with_conn!(conn, |c| {
            let mut q = iwlinks::table
                .select((iwlinks::iwl_from, iwlinks::iwl_prefix, iwlinks::iwl_title))
                .filter(iwlinks::iwl_from.in_list(filter.from.clone()))
                .into_boxed();
            if let Some(prefix) = &filter.prefix {
                q = q.filter(iwlinks::iwl_prefix.eq(prefix.clone()));
                if let Some(title) = &filter.title {
                    q = q.filter(iwlinks::iwl_title.eq(title.clone()));
                }
            }
            if let Some((f, prefix, title)) = filter.continue_from.clone() {
                q = q.filter(
                    keyset!(!desc; iwlinks::iwl_from => f, iwlinks::iwl_prefix => prefix, iwlinks::iwl_title => title),
                );
            }
            q = if desc {
                q.order((iwlinks::iwl_from.desc(), iwlinks::iwl_prefix.desc(), iwlinks::iwl_title.desc()))
            } else {
                q.order((iwlinks::iwl_from.asc(), iwlinks::iwl_prefix.asc(), iwlinks::iwl_title.asc()))
            };
            q.limit(filter.limit).load(c)
        })?)
    }
}

/// What [`Reader::foreign_backlinks`] selects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ForeignBacklinksFilter {
    /// Interlanguage links (`langlinks`) or interwiki links (`iwlinks`).
    pub languages: bool,
    /// Only links with this language code or interwiki prefix.
    pub prefix: Option<String>,
    /// Only links to this title (with `prefix`).
    pub title: Option<String>,
    /// Where a previous batch stopped: this (prefix, title, page) and those after it.
    pub continue_from: Option<(String, String, i64)>,
    /// Last first.
    pub descending: bool,
    /// How many rows at most.
    pub limit: i64,
}

/// A page linking to another wiki, its fields the listing's columns.
#[derive(Debug, Clone, PartialEq, Eq, Queryable)]
pub struct ForeignBacklinkRow {
    /// The language code or interwiki prefix.
    pub prefix: String,
    /// The title on the other wiki.
    pub title: String,
    /// The linking page.
    pub from: i64,
    /// Its namespace.
    pub page_ns: i32,
    /// Its database key.
    pub page_title: String,
    /// Whether it is a redirect.
    pub page_is_redirect: i32,
}

macro_rules! foreign_backlinks_query {
    ($c:ident, $f:ident, $table:expr, prefix: $prefix:expr, title: $title:expr, from: $from:expr) => {{
        let f = $f;
        let mut q = $table
            .inner_join(page::table.on(page::page_id.eq($from)))
            .select(($prefix, $title, $from, page::page_namespace, page::page_title, page::page_is_redirect))
            .into_boxed();
        if let Some(prefix) = &f.prefix {
            q = q.filter($prefix.eq(prefix.clone()));
            if let Some(title) = &f.title {
                q = q.filter($title.eq(title.clone()));
            }
        }
        if let Some((prefix, title, from)) = f.continue_from.clone() {
            q = q.filter(keyset!(!f.descending; $prefix => prefix, $title => title, $from => from));
        }
        q = if f.descending {
            q.order(($prefix.desc(), $title.desc(), $from.desc()))
        } else {
            q.order(($prefix.asc(), $title.asc(), $from.asc()))
        };
        q.limit(f.limit).load::<ForeignBacklinkRow>($c)
    }};
}

impl<C: AsAnyConnection> Reader<C> {
    /// The pages linking to other wikis a filter selects, in (prefix, title, page) order.
    pub fn foreign_backlinks(
        &mut self,
        filter: &ForeignBacklinksFilter,
    ) -> Result<Vec<ForeignBacklinkRow>, StoreError> {
        let conn = self.conn();
        Ok(if filter.languages {
            with_conn!(conn, |c| foreign_backlinks_query!(c, filter, langlinks::table,
                prefix: langlinks::ll_lang, title: langlinks::ll_title, from: langlinks::ll_from))?
        } else {
            with_conn!(conn, |c| foreign_backlinks_query!(c, filter, iwlinks::table,
                prefix: iwlinks::iwl_prefix, title: iwlinks::iwl_title, from: iwlinks::iwl_from))?
        })
    }
}
