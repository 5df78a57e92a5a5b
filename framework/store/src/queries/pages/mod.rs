//! Questions about pages (the page set's `titles=`, `pageids=`, `revids=` and redirects, and
//! `prop=info`'s protections and properties), answered from the `page`, `revision`,
//! `redirect`, `page_restrictions`, `protected_titles` and `page_props` tables.

pub mod allpages;
pub mod prefix_search;
pub mod random;

use crate::queries::sql::InListExt;
use diesel::prelude::*;
use wikiquery_domain::page::{PageRecord, RedirectRecord};

use crate::backend::AsAnyConnection;
use crate::backend::StoreError;
use crate::reader::Reader;
use crate::schema::{
    imagelinks, linktarget, page, page_restrictions, protected_titles, redirect, revision, templatelinks,
};
use crate::with_conn;

/// One protection of an existing page (`page_restrictions`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Restriction {
    /// The page.
    pub page: i64,
    /// The protected action.
    pub kind: String,
    /// The level needed.
    pub level: String,
    /// Whether it cascades.
    pub cascade: bool,
    /// Its expiry (`infinity` or a 14-digit timestamp).
    pub expiry: String,
}

/// One creation protection of a missing title (`protected_titles`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TitleProtection {
    /// Namespace.
    pub ns: i32,
    /// Database key.
    pub dbkey: String,
    /// The level needed to create it.
    pub level: String,
    /// Its expiry.
    pub expiry: String,
}

/// A protection a title takes from a page that transcludes it (a template) or shows it (a
/// file) and whose protection cascades.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CascadedProtection {
    /// The protected action.
    pub kind: String,
    /// The level needed.
    pub level: String,
    /// Its expiry (`infinity` or a 14-digit timestamp).
    pub expiry: String,
    /// The cascading page's namespace.
    pub source_ns: i32,
    /// The cascading page's database key.
    pub source_dbkey: String,
}

/// Cascading protections' columns: type, level, expiry, source namespace and key.
type CascadeTuple = (String, String, Option<String>, i32, String);

/// `redirect` columns: from, namespace, title, fragment, interwiki.
type RedirectTuple = (i64, i32, String, Option<String>, Option<String>);
/// `page_restrictions` columns: page, type, level, cascade, expiry.
type RestrictionTuple = (i64, String, String, i32, Option<String>);

type PageTuple = (i64, i32, String, i32, i32, String, i64, i64, Option<String>, Option<String>);

fn record(t: PageTuple) -> PageRecord {
    PageRecord {
        id: t.0,
        ns: t.1,
        dbkey: t.2,
        is_redirect: t.3 != 0,
        is_new: t.4 != 0,
        touched: t.5,
        latest: t.6,
        len: t.7,
        content_model: t.8,
        lang: t.9,
    }
}

impl<C: AsAnyConnection> Reader<C> {
    fn load_pages(&mut self, by: PageFilter<'_>) -> Result<Vec<PageRecord>, StoreError> {
        let conn = self.conn();
        let rows: Vec<PageTuple> = with_conn!(conn, |c| {
            let mut query = page::table
                .select((
                    page::page_id,
                    page::page_namespace,
                    page::page_title,
                    page::page_is_redirect,
                    page::page_is_new,
                    page::page_touched,
                    page::page_latest,
                    page::page_len,
                    page::page_content_model,
                    page::page_lang,
                ))
                .into_boxed();
            match by {
                PageFilter::Ids(ids) => query = query.filter(page::page_id.in_list(ids)),
                PageFilter::Titles(ns, keys) => {
                    query = query.filter(page::page_namespace.eq(ns)).filter(page::page_title.in_list(keys))
                }
            }
            query.order(page::page_id.asc()).load(c)
        })?;
        Ok(rows.into_iter().map(record).collect())
    }
}

enum PageFilter<'a> {
    Ids(&'a [i64]),
    Titles(i32, Vec<&'a str>),
}

impl<C: AsAnyConnection> Reader<C> {
    /// Existing pages among the (namespace, database key) pairs.
    pub fn pages_by_titles(&mut self, titles: &[(i32, String)]) -> Result<Vec<PageRecord>, StoreError> {
        let mut namespaces: Vec<i32> = titles.iter().map(|(ns, _)| *ns).collect();
        namespaces.sort_unstable();
        namespaces.dedup();
        let mut out = Vec::new();
        for ns in namespaces {
            let keys: Vec<&str> = titles.iter().filter(|(n, _)| *n == ns).map(|(_, k)| k.as_str()).collect();
            out.extend(self.load_pages(PageFilter::Titles(ns, keys))?);
        }
        Ok(out)
    }

    /// Existing pages among the ids, ordered by id.
    pub fn pages_by_ids(&mut self, ids: &[i64]) -> Result<Vec<PageRecord>, StoreError> {
        self.load_pages(PageFilter::Ids(ids))
    }

    /// (revision id, page id) of the revisions that exist among `revids`.
    pub fn revision_pages(&mut self, revids: &[i64]) -> Result<Vec<(i64, i64)>, StoreError> {
        let conn = self.conn();
        let rows: Result<Vec<(i64, i64)>, diesel::result::Error> = with_conn!(conn, |c| {
            revision::table
                .inner_join(page::table.on(page::page_id.eq(revision::rev_page)))
                .select((revision::rev_id, revision::rev_page))
                .filter(revision::rev_id.in_list(revids))
                .load(c)
        });
        rows.map_err(StoreError::from)
    }

    /// The targets of the redirect pages among `ids`.
    pub fn redirect_targets(&mut self, ids: &[i64]) -> Result<Vec<RedirectRecord>, StoreError> {
        let conn = self.conn();
        let rows: Result<Vec<RedirectTuple>, diesel::result::Error> = with_conn!(conn, |c| {
            redirect::table
                .select((
                    redirect::rd_from,
                    redirect::rd_namespace,
                    redirect::rd_title,
                    redirect::rd_fragment,
                    redirect::rd_interwiki,
                ))
                .filter(redirect::rd_from.in_list(ids))
                .load(c)
        });
        Ok(rows
            .map_err(StoreError::from)?
            .into_iter()
            .map(|(from, ns, dbkey, fragment, interwiki)| RedirectRecord {
                from,
                ns,
                dbkey,
                fragment: fragment.unwrap_or_default(),
                interwiki: interwiki.unwrap_or_default(),
            })
            .collect())
    }

    /// Protections of the pages, by page and type (the order of the `(pr_page, pr_type)` index
    /// MediaWiki reads them through).
    pub fn restrictions(&mut self, ids: &[i64]) -> Result<Vec<Restriction>, StoreError> {
        let conn = self.conn();
        let rows: Result<Vec<RestrictionTuple>, diesel::result::Error> = with_conn!(conn, |c| {
            page_restrictions::table
                .select((
                    page_restrictions::pr_page,
                    page_restrictions::pr_type,
                    page_restrictions::pr_level,
                    page_restrictions::pr_cascade,
                    page_restrictions::pr_expiry,
                ))
                .filter(page_restrictions::pr_page.in_list(ids))
                .order((page_restrictions::pr_page.asc(), page_restrictions::pr_type.asc()))
                .load(c)
        });
        Ok(rows
            .map_err(StoreError::from)?
            .into_iter()
            .map(|(page, kind, level, cascade, expiry)| Restriction {
                page,
                kind,
                level,
                cascade: cascade != 0,
                expiry: expiry.unwrap_or_else(|| "infinity".to_owned()),
            })
            .collect())
    }

    /// Creation protections of missing titles.
    pub fn title_protections(&mut self, titles: &[(i32, String)]) -> Result<Vec<TitleProtection>, StoreError> {
        let mut out = Vec::new();
        let conn = self.conn();
        for (ns, dbkey) in titles {
            let rows: Result<Vec<(String, String)>, diesel::result::Error> = with_conn!(conn, |c| {
                protected_titles::table
                    .select((protected_titles::pt_create_perm, protected_titles::pt_expiry))
                    .filter(protected_titles::pt_namespace.eq(*ns))
                    .filter(protected_titles::pt_title.eq(dbkey))
                    .load(c)
            });
            for (level, expiry) in rows.map_err(StoreError::from)? {
                out.push(TitleProtection { ns: *ns, dbkey: dbkey.clone(), level, expiry });
            }
        }
        Ok(out)
    }

    /// The cascading protections a title takes from the pages that use it: through
    /// `templatelinks` for a page, through `imagelinks` for a file (namespace 6), in the order
    /// of the using page and the protected action.
    pub fn cascaded_protections(&mut self, ns: i32, dbkey: &str) -> Result<Vec<CascadedProtection>, StoreError> {
        let conn = self.conn();
        let columns = (
            page_restrictions::pr_type,
            page_restrictions::pr_level,
            page_restrictions::pr_expiry,
            page::page_namespace,
            page::page_title,
        );
        let rows: Result<Vec<CascadeTuple>, diesel::result::Error> = if ns == 6 {
            with_conn!(conn, |c| {
                imagelinks::table
                    .inner_join(page_restrictions::table.on(page_restrictions::pr_page.eq(imagelinks::il_from)))
                    .inner_join(page::table.on(page::page_id.eq(page_restrictions::pr_page)))
                    .filter(imagelinks::il_to.eq(dbkey))
                    .filter(page_restrictions::pr_cascade.eq(1))
                    .select(columns)
                    .order((imagelinks::il_from.asc(), page_restrictions::pr_type.asc()))
                    .load(c)
            })
        } else {
            with_conn!(conn, |c| {
                templatelinks::table
                    .inner_join(linktarget::table.on(linktarget::lt_id.eq(templatelinks::tl_target_id)))
                    .inner_join(page_restrictions::table.on(page_restrictions::pr_page.eq(templatelinks::tl_from)))
                    .inner_join(page::table.on(page::page_id.eq(page_restrictions::pr_page)))
                    .filter(linktarget::lt_namespace.eq(ns))
                    .filter(linktarget::lt_title.eq(dbkey))
                    .filter(page_restrictions::pr_cascade.eq(1))
                    .select(columns)
                    .order((templatelinks::tl_from.asc(), page_restrictions::pr_type.asc()))
                    .load(c)
            })
        };
        Ok(rows
            .map_err(StoreError::from)?
            .into_iter()
            .map(|(kind, level, expiry, source_ns, source_dbkey)| CascadedProtection {
                kind,
                level,
                expiry: expiry.unwrap_or_else(|| "infinity".to_owned()),
                source_ns,
                source_dbkey,
            })
            .collect())
    }
}
