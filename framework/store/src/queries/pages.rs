//! The page set's questions (`titles=`, `pageids=`, `revids=`, redirects, `prop=info`):
//! the framework's [`PageLookup`] answered from the `page`, `revision`, `redirect`,
//! `page_restrictions`, `protected_titles` and `page_props` tables.

use diesel::prelude::*;
use wikiquery_framework::query::pageset::{
    PageLookup, PageRecord, RedirectRecord, RestrictionRecord, TitleProtectionRecord,
};
use wikiquery_framework::title::{url_encode, InterwikiMap, SiteNamespaces};
use wikiquery_framework::ApiError;

use crate::backend::StoreError;
use crate::schema::{page, page_props, page_restrictions, protected_titles, redirect, revision};
use crate::store::Store;
use crate::with_conn;

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

/// A database failure as the API reports it (503 when the database is unreachable).
fn api_error(e: StoreError) -> ApiError {
    if e.is_transient() {
        ApiError::new("internal_api_error_DBConnectionError", format!("The database is unavailable: {e}"))
            .with_status(503)
    } else {
        ApiError::internal("DBQueryError", format!("A database query failed: {e}"))
    }
}

impl Store {
    fn load_pages(&self, by: PageFilter<'_>) -> Result<Vec<PageRecord>, StoreError> {
        let mut conn = self.reader()?;
        let conn = &mut *conn;
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
                PageFilter::Ids(ids) => query = query.filter(page::page_id.eq_any(ids)),
                PageFilter::Titles(ns, keys) => {
                    query = query.filter(page::page_namespace.eq(ns)).filter(page::page_title.eq_any(keys))
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

impl PageLookup for Store {
    fn namespaces(&self) -> &SiteNamespaces {
        self.site().namespaces()
    }

    fn interwikis(&self) -> &InterwikiMap {
        self.site().interwikis()
    }

    fn page_url(&self, prefixed_dbkey: &str) -> Option<String> {
        let site = self.site();
        let base = site.base.as_deref()?;
        let main = url_encode(&site.main_page);
        let prefix = base.strip_suffix(main.as_str()).or_else(|| base.strip_suffix(site.main_page.as_str()))?;
        Some(format!("{prefix}{}", url_encode(prefixed_dbkey)))
    }

    fn action_url(&self, prefixed_dbkey: &str, action: &str) -> Option<String> {
        let article = self.page_url("")?;
        let server = self.site().server.clone()?;
        // With an article path such as `/index.php/$1` the script is the path before `/$1`;
        // otherwise MediaWiki's default script path is assumed.
        let script = match article.strip_suffix('/') {
            Some(s) if s.ends_with(".php") => s.to_owned(),
            _ => format!("{server}/w/index.php"),
        };
        Some(format!("{script}?title={}&action={action}", url_encode(prefixed_dbkey)))
    }

    fn language(&self) -> String {
        self.site().language.clone().unwrap_or_else(|| "en".to_owned())
    }

    fn pages_by_titles(&self, titles: &[(i32, String)]) -> Result<Vec<PageRecord>, ApiError> {
        let mut namespaces: Vec<i32> = titles.iter().map(|(ns, _)| *ns).collect();
        namespaces.sort_unstable();
        namespaces.dedup();
        let mut out = Vec::new();
        for ns in namespaces {
            let keys: Vec<&str> = titles.iter().filter(|(n, _)| *n == ns).map(|(_, k)| k.as_str()).collect();
            out.extend(self.load_pages(PageFilter::Titles(ns, keys)).map_err(api_error)?);
        }
        Ok(out)
    }

    fn pages_by_ids(&self, ids: &[i64]) -> Result<Vec<PageRecord>, ApiError> {
        self.load_pages(PageFilter::Ids(ids)).map_err(api_error)
    }

    fn revision_pages(&self, revids: &[i64]) -> Result<Vec<(i64, i64)>, ApiError> {
        let mut conn = self.reader().map_err(api_error)?;
        let conn = &mut *conn;
        let rows: Result<Vec<(i64, i64)>, diesel::result::Error> = with_conn!(conn, |c| {
            revision::table
                .inner_join(page::table.on(page::page_id.eq(revision::rev_page)))
                .select((revision::rev_id, revision::rev_page))
                .filter(revision::rev_id.eq_any(revids))
                .load(c)
        });
        rows.map_err(|e| api_error(e.into()))
    }

    fn redirect_targets(&self, ids: &[i64]) -> Result<Vec<RedirectRecord>, ApiError> {
        let mut conn = self.reader().map_err(api_error)?;
        let conn = &mut *conn;
        let rows: Result<Vec<RedirectTuple>, diesel::result::Error> = with_conn!(conn, |c| {
            redirect::table
                .select((
                    redirect::rd_from,
                    redirect::rd_namespace,
                    redirect::rd_title,
                    redirect::rd_fragment,
                    redirect::rd_interwiki,
                ))
                .filter(redirect::rd_from.eq_any(ids))
                .load(c)
        });
        Ok(rows
            .map_err(|e| api_error(e.into()))?
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

    fn restrictions(&self, ids: &[i64]) -> Result<Vec<RestrictionRecord>, ApiError> {
        let mut conn = self.reader().map_err(api_error)?;
        let conn = &mut *conn;
        let rows: Result<Vec<RestrictionTuple>, diesel::result::Error> = with_conn!(conn, |c| {
            page_restrictions::table
                .select((
                    page_restrictions::pr_page,
                    page_restrictions::pr_type,
                    page_restrictions::pr_level,
                    page_restrictions::pr_cascade,
                    page_restrictions::pr_expiry,
                ))
                .filter(page_restrictions::pr_page.eq_any(ids))
                .order(page_restrictions::pr_id.asc())
                .load(c)
        });
        Ok(rows
            .map_err(|e| api_error(e.into()))?
            .into_iter()
            .map(|(page, kind, level, cascade, expiry)| RestrictionRecord {
                page,
                kind,
                level,
                cascade: cascade != 0,
                expiry: expiry.unwrap_or_else(|| "infinity".to_owned()),
            })
            .collect())
    }

    fn title_protections(&self, titles: &[(i32, String)]) -> Result<Vec<TitleProtectionRecord>, ApiError> {
        let mut out = Vec::new();
        let mut conn = self.reader().map_err(api_error)?;
        let conn = &mut *conn;
        for (ns, dbkey) in titles {
            let rows: Result<Vec<(String, String)>, diesel::result::Error> = with_conn!(conn, |c| {
                protected_titles::table
                    .select((protected_titles::pt_create_perm, protected_titles::pt_expiry))
                    .filter(protected_titles::pt_namespace.eq(*ns))
                    .filter(protected_titles::pt_title.eq(dbkey))
                    .load(c)
            });
            for (level, expiry) in rows.map_err(|e| api_error(e.into()))? {
                out.push(TitleProtectionRecord { ns: *ns, dbkey: dbkey.clone(), level, expiry });
            }
        }
        Ok(out)
    }

    fn page_props(&self, ids: &[i64], name: &str) -> Result<Vec<(i64, String)>, ApiError> {
        let mut conn = self.reader().map_err(api_error)?;
        let conn = &mut *conn;
        let rows: Result<Vec<(i64, String)>, diesel::result::Error> = with_conn!(conn, |c| {
            page_props::table
                .select((page_props::pp_page, page_props::pp_value))
                .filter(page_props::pp_page.eq_any(ids))
                .filter(page_props::pp_propname.eq(name))
                .load(c)
        });
        rows.map_err(|e| api_error(e.into()))
    }
}
