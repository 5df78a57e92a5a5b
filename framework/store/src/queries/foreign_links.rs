//! Links to other wikis: interlanguage links (`langlinks`) and interwiki links (`iwlinks`)
//! of pages, in (page, language) and (page, prefix, title) order, as `prop=langlinks` and
//! `prop=iwlinks` list them.

use diesel::prelude::*;

use crate::backend::{AsAnyConnection, StoreError};
use crate::reader::Reader;
use crate::schema::{iwlinks, langlinks};
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
                    .filter(langlinks::ll_from.eq_any(filter.from.clone()))
                    .into_boxed();
                if let Some(lang) = &filter.prefix {
                    q = q.filter(langlinks::ll_lang.eq(lang.clone()));
                    if let Some(title) = &filter.title {
                        q = q.filter(langlinks::ll_title.eq(title.clone()));
                    }
                }
                if let Some((f, lang, _)) = filter.continue_from.clone() {
                    q = if desc {
                        q.filter(langlinks::ll_from.lt(f).or(langlinks::ll_from.eq(f).and(langlinks::ll_lang.le(lang))))
                    } else {
                        q.filter(langlinks::ll_from.gt(f).or(langlinks::ll_from.eq(f).and(langlinks::ll_lang.ge(lang))))
                    };
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
                .filter(iwlinks::iwl_from.eq_any(filter.from.clone()))
                .into_boxed();
            if let Some(prefix) = &filter.prefix {
                q = q.filter(iwlinks::iwl_prefix.eq(prefix.clone()));
                if let Some(title) = &filter.title {
                    q = q.filter(iwlinks::iwl_title.eq(title.clone()));
                }
            }
            if let Some((f, prefix, title)) = filter.continue_from.clone() {
                q = if desc {
                    q.filter(iwlinks::iwl_from.lt(f).or(iwlinks::iwl_from.eq(f).and(
                        iwlinks::iwl_prefix
                            .lt(prefix.clone())
                            .or(iwlinks::iwl_prefix.eq(prefix).and(iwlinks::iwl_title.le(title))),
                    )))
                } else {
                    q.filter(iwlinks::iwl_from.gt(f).or(iwlinks::iwl_from.eq(f).and(
                        iwlinks::iwl_prefix
                            .gt(prefix.clone())
                            .or(iwlinks::iwl_prefix.eq(prefix).and(iwlinks::iwl_title.ge(title))),
                    )))
                };
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
