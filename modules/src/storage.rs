//! Where the API meets the store: the store a request reads through, the page set's questions
//! answered from it.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::ops::{Deref, DerefMut};
use std::rc::Rc;

use wikiquery_domain::page::{PageRecord, RedirectRecord};
use wikiquery_domain::settings::SiteSettings;
use wikiquery_domain::title::{InterwikiMap, SiteNamespaces};
use wikiquery_domain::url::wf_urlencode;
use wikiquery_runtime::query::PageLookup;
use wikiquery_runtime::{ApiError, RequestScope};
use wikiquery_store::reader::Reader;
use wikiquery_store::site::Site;
use wikiquery_store::store::Store;

/// The text of each page's current revision (its main slot), by page id.
pub fn current_texts(reader: &mut Reader, page_ids: &[i64]) -> Result<HashMap<i64, String>, ApiError> {
    if page_ids.is_empty() {
        return Ok(HashMap::new());
    }
    let latest: HashMap<i64, i64> = reader.pages_by_ids(page_ids)?.into_iter().map(|p| (p.latest, p.id)).collect();
    let revisions: Vec<i64> = latest.keys().copied().collect();
    let texts = main_texts(reader, &revisions)?;
    Ok(texts.into_iter().filter_map(|(revision, text)| Some((*latest.get(&revision)?, text))).collect())
}

/// The main-slot texts of these revisions, by revision id (a revision without one left out).
pub fn main_texts(reader: &mut Reader, rev_ids: &[i64]) -> Result<HashMap<i64, String>, ApiError> {
    if rev_ids.is_empty() {
        return Ok(HashMap::new());
    }
    let slots: Vec<_> = reader.revision_slots(rev_ids)?.into_iter().filter(|s| s.role == "main").collect();
    let addresses: Vec<&str> = slots.iter().map(|s| s.address.as_str()).collect();
    let mut texts = reader.texts(&addresses)?;
    // Revisions may share a text: the last of them takes it, the others a copy.
    let mut uses: HashMap<&str, usize> = HashMap::new();
    for address in &addresses {
        *uses.entry(address).or_default() += 1;
    }
    let mut out = HashMap::new();
    for slot in &slots {
        let left = uses.get_mut(slot.address.as_str()).expect("counted above");
        *left -= 1;
        let text = if *left == 0 { texts.remove(&slot.address) } else { texts.get(&slot.address).cloned() };
        if let Some(text) = text {
            out.insert(slot.revision, text);
        }
    }
    Ok(out)
}

/// The current main-slot text of the page `(namespace, dbkey)`; `None` when there is no such
/// page (a wiki's `MediaWiki:` pages, read for the settings they hold).
pub fn current_text_of(reader: &mut Reader, namespace: i32, dbkey: &str) -> Result<Option<String>, ApiError> {
    let Some(page) = reader.pages_by_titles(&[(namespace, dbkey.to_owned())])?.into_iter().next() else {
        return Ok(None);
    };
    Ok(current_texts(reader, &[page.id])?.remove(&page.id))
}

/// The connection a request reads through: taken from the pool when the request first reads,
/// holding one read transaction (a snapshot) until the request ends, so that every question
/// the request's modules and its page set ask sees one state of the wiki, and each asks
/// without taking a connection and a lock of its own.
///
/// It is lent to one reader at a time; a reader asked for while it is lent (a question asked
/// in the middle of another's) gets a connection of its own from the pool.
pub struct RequestReader {
    store: Store,
    held: RefCell<Option<Reader>>,
    opened: Cell<bool>,
}

impl RequestReader {
    /// A reader for the request whose scope is `scope`.
    pub fn lend(scope: &RequestScope, store: &Store) -> Result<ReaderGuard, ApiError> {
        let owner = scope.get_or_try_insert::<_, ApiError>(|| {
            Ok(RequestReader { store: store.clone(), held: RefCell::new(None), opened: Cell::new(false) })
        })?;
        let held = owner.held.borrow_mut().take();
        if let Some(reader) = held {
            return Ok(ReaderGuard { reader: Some(reader), owner: Some(owner) });
        }
        if owner.opened.get() {
            return Ok(ReaderGuard { reader: Some(owner.store.reader()?), owner: None });
        }
        let mut reader = owner.store.reader()?;
        reader.begin_snapshot()?;
        owner.opened.set(true);
        Ok(ReaderGuard { reader: Some(reader), owner: Some(owner) })
    }
}

impl Drop for RequestReader {
    fn drop(&mut self) {
        if let Some(mut reader) = self.held.get_mut().take() {
            if let Err(e) = reader.end_snapshot() {
                tracing::warn!(error = %e, "ending a request's read transaction failed");
            }
        }
    }
}

/// A reader lent by [`RequestReader::lend`]; the request's connection goes back to it when
/// the guard is dropped.
pub struct ReaderGuard {
    reader: Option<Reader>,
    owner: Option<Rc<RequestReader>>,
}

impl Deref for ReaderGuard {
    type Target = Reader;
    fn deref(&self) -> &Reader {
        self.reader.as_ref().expect("a guard holds its reader until dropped")
    }
}

impl DerefMut for ReaderGuard {
    fn deref_mut(&mut self) -> &mut Reader {
        self.reader.as_mut().expect("a guard holds its reader until dropped")
    }
}

impl Drop for ReaderGuard {
    fn drop(&mut self) {
        if let (Some(owner), Some(reader)) = (self.owner.take(), self.reader.take()) {
            *owner.held.borrow_mut() = Some(reader);
        }
    }
}

/// The page set's questions, answered from the store.
pub(crate) struct StorePages(pub(crate) Store);

impl PageLookup for StorePages {
    fn namespaces(&self) -> &SiteNamespaces {
        self.0.site().namespaces()
    }

    fn interwikis(&self) -> &InterwikiMap {
        self.0.site().interwikis()
    }

    fn pages_by_titles(&self, scope: &RequestScope, titles: &[(i32, String)]) -> Result<Vec<PageRecord>, ApiError> {
        Ok(RequestReader::lend(scope, &self.0)?.pages_by_titles(titles)?)
    }

    fn pages_by_ids(&self, scope: &RequestScope, ids: &[i64]) -> Result<Vec<PageRecord>, ApiError> {
        Ok(RequestReader::lend(scope, &self.0)?.pages_by_ids(ids)?)
    }

    fn revision_pages(&self, scope: &RequestScope, revids: &[i64]) -> Result<Vec<(i64, i64)>, ApiError> {
        Ok(RequestReader::lend(scope, &self.0)?.revision_pages(revids)?)
    }

    fn redirect_targets(&self, scope: &RequestScope, ids: &[i64]) -> Result<Vec<RedirectRecord>, ApiError> {
        Ok(RequestReader::lend(scope, &self.0)?.redirect_targets(ids)?)
    }

    fn deleted_revision_titles(
        &self,
        scope: &RequestScope,
        revids: &[i64],
    ) -> Result<Vec<(i64, i32, String)>, ApiError> {
        Ok(RequestReader::lend(scope, &self.0)?.deleted_revision_titles(revids)?)
    }

    fn existing_files(&self, scope: &RequestScope, names: &[String]) -> Result<Vec<String>, ApiError> {
        Ok(RequestReader::lend(scope, &self.0)?.existing_files(names)?)
    }
}

/// A title parameter as a title of this site (namespace, database key); `invalidtitle` for a
/// title that is none of this site (an interwiki title among them).
pub fn site_title(site: &Site, text: &str) -> Result<(i32, String), ApiError> {
    match site.parse_title(text, 0) {
        Ok(t) if !t.is_external() => Ok((t.ns, t.dbkey)),
        _ => Err(ApiError::new("invalidtitle", format!("Bad title \"{text}\"."))),
    }
}

/// A prefixed title or its beginning (`Talk:Do`) as a namespace and the start of a database
/// key, as MediaWiki reads `fromtitle`-like parameters; `invalidtitle` for text that cannot
/// begin a title.
pub fn prefixed_title_part(site: &Site, text: &str) -> Result<(i32, String), ApiError> {
    let (ns, mut key) = site_title(site, &format!("{text}X"))
        .map_err(|_| ApiError::new("invalidtitle", format!("Bad title \"{text}\".")))?;
    key.pop();
    Ok((ns, key))
}

/// A title part (`from`, `to`, `prefix`) as the database key it starts in namespace `ns`
/// (MediaWiki's `titlePartToKey`); `invalidtitle` for one that cannot start a title there.
pub fn title_part(site: &Site, part: Option<&str>, ns: i32) -> Result<Option<String>, ApiError> {
    part.map(|text| {
        wikiquery_domain::title::title_part_to_key(text, ns, site.namespaces(), site.interwikis())
            .ok_or_else(|| ApiError::invalid_title_part(text, ns))
    })
    .transpose()
}

/// The wiki's id (MediaWiki's `$wgDBname`, siteinfo's `wikiid`): the setting, else what the
/// database records, else the database's name.
pub fn wiki_id(settings: &SiteSettings, store: &Store) -> String {
    settings
        .wiki_id
        .clone()
        .or_else(|| store.site().dbname.clone())
        .or_else(|| database_name(store.url()))
        .unwrap_or_else(|| "wikiquery".to_owned())
}

/// The name of the database behind the store (MediaWiki's `$wgDBname`, its `wikiid`): a SQLite
/// file's name without `.sqlite`, or the database a server URL names.
fn database_name(url: &str) -> Option<String> {
    let path = url.split(['?', '#']).next()?;
    let last = path.rsplit(['/', ':']).next()?;
    let name = last.strip_suffix(".sqlite").or_else(|| last.strip_suffix(".db")).unwrap_or(last);
    (!name.is_empty()).then(|| name.to_owned())
}

pub use wikiquery_domain::url::SitePaths;

/// Where the site's pages and scripts live: the settings, else what the main page's URL says.
pub fn site_paths(site: &Site, settings: &SiteSettings) -> SitePaths {
    let server = site.server.clone().unwrap_or_default();
    let article_path = settings.article_path.clone().unwrap_or_else(|| {
        site.base
            .as_deref()
            .and_then(|base| base.strip_prefix(server.as_str()))
            .and_then(|path| {
                path.strip_suffix(wf_urlencode(&site.main_page).as_str()).or_else(|| path.strip_suffix(&site.main_page))
            })
            .map_or_else(|| "/wiki/$1".to_owned(), |prefix| format!("{prefix}$1"))
    });
    let (script_path, script) = match &settings.script_path {
        Some(path) => (path.clone(), format!("{path}/index.php")),
        // An article path such as `/index.php/$1` names the script itself.
        None => match article_path.strip_suffix("/$1").filter(|s| s.ends_with(".php")) {
            Some(script) => (script.rsplit_once('/').map_or("", |(dir, _)| dir).to_owned(), script.to_owned()),
            None => ("/w".to_owned(), "/w/index.php".to_owned()),
        },
    };
    SitePaths { server, article_path, script_path, script }
}

/// The path of the API's entry point on the wiki's server (`/w/api.php`), where its help is;
/// without a database, where the settings alone put it.
pub fn api_path(site: Option<&Site>, settings: &SiteSettings) -> String {
    match site {
        Some(site) => format!("{}/api.php", site_paths(site, settings).script_path),
        None => format!("{}/api.php", settings.script_path.as_deref().unwrap_or("/w")),
    }
}

/// The URL of the main page (siteinfo's `base`, a dump's `<base>`): as the source recorded it,
/// else where the site's paths put it.
pub fn main_page_url(site: &Site, settings: &SiteSettings) -> String {
    site.base.clone().unwrap_or_else(|| {
        let SitePaths { server, article_path, .. } = site_paths(site, settings);
        absolute(&server, &article_path.replace("$1", &site.main_page))
    })
}

/// A path on the server as a URL; a URL as it is.
pub fn absolute(server: &str, path: &str) -> String {
    if path.contains("://") || path.starts_with("//") {
        path.to_owned()
    } else {
        format!("{server}{path}")
    }
}

#[cfg(test)]
mod tests {
    use super::database_name;

    #[test]
    fn the_wiki_id_is_the_database_name() {
        assert_eq!(database_name("sqlite:/srv/wiki/fixturewiki.sqlite").as_deref(), Some("fixturewiki"));
        assert_eq!(database_name("postgres://wiki@db/enwiki").as_deref(), Some("enwiki"));
        assert_eq!(database_name("mysql://root@127.0.0.1:3306/test?ssl=false").as_deref(), Some("test"));
    }
}
