//! The set of pages a query works on (MediaWiki's `ApiPageSet`): built from `titles`,
//! `pageids`, `revids` or a generator, with titles normalised, redirects resolved, and missing,
//! invalid, special and interwiki titles told apart. The data comes through [`PageLookup`]:
//! the framework holds no SQL.

use std::collections::{BTreeMap, HashMap, HashSet};

use serde_json::{json, Map, Value};

use crate::error::ApiError;
use crate::result::ApiResult;
use crate::scope::RequestScope;
pub use wikiquery_domain::page::{PageRecord, RedirectRecord};
use wikiquery_domain::title::{
    full_text, parse_title, InterwikiMap, InvalidTitle, SiteNamespaces, NS_MEDIA, NS_SPECIAL,
};
use wikiquery_domain::url::rawurlencode;

/// What the page set asks the database and the site. The modules crate answers it from the
/// store and puts an `Arc<dyn PageLookup>` into the services. Each question is asked within a
/// request, whose [`RequestScope`] holds what the answer needs (its database connection).
pub trait PageLookup: Send + Sync {
    /// The site's namespaces.
    fn namespaces(&self) -> &SiteNamespaces;
    /// The site's interwiki prefixes.
    fn interwikis(&self) -> &InterwikiMap;
    /// Existing pages among the (namespace, database key) pairs.
    fn pages_by_titles(&self, scope: &RequestScope, titles: &[(i32, String)]) -> Result<Vec<PageRecord>, ApiError>;
    /// Existing pages among the ids, ordered by id.
    fn pages_by_ids(&self, scope: &RequestScope, ids: &[i64]) -> Result<Vec<PageRecord>, ApiError>;
    /// (revision id, page id) of the revisions that exist among `revids`.
    fn revision_pages(&self, scope: &RequestScope, revids: &[i64]) -> Result<Vec<(i64, i64)>, ApiError>;
    /// The targets of the redirect pages among `ids`.
    fn redirect_targets(&self, scope: &RequestScope, ids: &[i64]) -> Result<Vec<RedirectRecord>, ApiError>;
    /// The files (names as database keys) that exist among `names`.
    fn existing_files(&self, scope: &RequestScope, names: &[String]) -> Result<Vec<String>, ApiError> {
        let _ = (scope, names);
        Ok(Vec::new())
    }
    /// (revision id, namespace, database key) of the deleted revisions among `revids`.
    fn deleted_revision_titles(
        &self,
        scope: &RequestScope,
        revids: &[i64],
    ) -> Result<Vec<(i64, i32, String)>, ApiError> {
        let _ = (scope, revids);
        Ok(Vec::new())
    }
}

/// A [`PageLookup`] with the request it answers for.
#[derive(Clone, Copy)]
pub struct Lookup<'a> {
    pub pages: &'a dyn PageLookup,
    pub scope: &'a RequestScope,
}

impl<'a> Lookup<'a> {
    fn namespaces(&self) -> &'a SiteNamespaces {
        self.pages.namespaces()
    }

    fn interwikis(&self) -> &'a InterwikiMap {
        self.pages.interwikis()
    }

    fn pages_by_titles(&self, titles: &[(i32, String)]) -> Result<Vec<PageRecord>, ApiError> {
        self.pages.pages_by_titles(self.scope, titles)
    }

    fn pages_by_ids(&self, ids: &[i64]) -> Result<Vec<PageRecord>, ApiError> {
        self.pages.pages_by_ids(self.scope, ids)
    }

    fn revision_pages(&self, revids: &[i64]) -> Result<Vec<(i64, i64)>, ApiError> {
        self.pages.revision_pages(self.scope, revids)
    }

    fn existing_files(&self, names: &[String]) -> Result<Vec<String>, ApiError> {
        self.pages.existing_files(self.scope, names)
    }

    fn redirect_targets(&self, ids: &[i64]) -> Result<Vec<RedirectRecord>, ApiError> {
        self.pages.redirect_targets(self.scope, ids)
    }

    fn deleted_revision_titles(&self, revids: &[i64]) -> Result<Vec<(i64, i32, String)>, ApiError> {
        self.pages.deleted_revision_titles(self.scope, revids)
    }
}

/// A redirect the page set followed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResolvedRedirect {
    /// The redirect's title.
    pub from: String,
    /// The target's prefixed title.
    pub to: String,
    /// The target's fragment.
    pub fragment: String,
    /// The target's interwiki prefix.
    pub interwiki: String,
}

/// A title without a page (missing, special or Media).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FakePage {
    /// The negative id it is reported under.
    pub fake_id: i64,
    /// Namespace.
    pub ns: i32,
    /// Database key.
    pub dbkey: String,
    /// Whether the title is known anyway (a special page that exists).
    pub known: bool,
}

/// A title given in one form and read in another.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Normalized {
    /// The title as given.
    pub from: String,
    /// The title it became.
    pub to: String,
    /// Whether `from` was changed by cleaning the request's text (not NFC, control
    /// characters): then it is written URL-encoded, with `fromencoded`.
    pub encoded: bool,
}

/// The tag names of the page set's lists in an XML answer (MediaWiki's `ApiPageSet` and
/// `ApiQuery`): each item of `pages`, `normalized`, `redirects`, `converted`, `interwiki`,
/// `badrevids` and `pageids`.
pub const XML_TAGS: &[(&str, &str, &str)] = &[
    ("query", "pages", "page"),
    ("query", "normalized", "n"),
    ("query", "redirects", "r"),
    ("query", "converted", "c"),
    ("query", "interwiki", "i"),
    ("query", "badrevids", "rev"),
    ("query", "pageids", "id"),
];

/// The pages of a query, as `ApiPageSet` sorts them.
#[derive(Debug, Clone, Default)]
pub struct PageSet {
    /// Input titles and what they became.
    pub normalized: Vec<Normalized>,
    /// Interwiki titles: (title, prefix, the page's URL on the other wiki when known).
    pub interwiki: Vec<(String, String, Option<String>)>,
    /// Write the URL of interwiki titles (`iwurl`).
    pub iwurl: bool,
    /// Redirects followed.
    pub redirects: Vec<ResolvedRedirect>,
    /// Members a generator gave the titles of redirects followed, shown first in their
    /// `redirects` entries (prefixsearch's `index`), by the redirect's title.
    pub redirect_data: HashMap<String, Map<String, Value>>,
    /// Revision ids that do not exist.
    pub bad_revids: Vec<i64>,
    /// The revision ids of `revids=` that exist, in id order.
    pub revids: Vec<i64>,
    /// The revision ids of `revids=` that are deleted revisions (with `include_deleted`), in
    /// id order.
    pub deleted_revids: Vec<i64>,
    /// Titles of pages that do not exist.
    pub missing: Vec<FakePage>,
    /// Invalid titles: (fake id, title, reason).
    pub invalid: Vec<(i64, String, InvalidTitle)>,
    /// Page ids that do not exist.
    pub missing_ids: Vec<i64>,
    /// Special and Media titles.
    pub special: Vec<FakePage>,
    /// Existing pages (redirects among them only when not resolved).
    pub good: Vec<PageRecord>,
    all: HashMap<(i32, String), i64>,
    seen_specials: HashSet<(i32, String)>,
    /// A special page whose target depends on the caller (`Special:MyPage`, `MyTalk`,
    /// `MyLanguage`) was given while redirects are resolved.
    names_callers_page: bool,
    fake_id: i64,
    resolve_redirects: bool,
    pending_redirects: Vec<PageRecord>,
    /// The next batch keeps its order (a generator's rows).
    keep_order: bool,
}

/// Where the page set's pages come from.
#[derive(Debug, Clone)]
pub enum PageSource<'a> {
    /// Nothing: no page set.
    None,
    /// `titles=`, and those of them that cleaning changed: (as sent, as cleaned).
    Titles {
        /// The titles, cleaned.
        titles: &'a [String],
        /// The titles cleaning changed.
        cleaned: &'a [(String, String)],
    },
    /// `pageids=`.
    PageIds(&'a [i64]),
    /// `revids=`; with `include_deleted` (a caller who may see deleted history), ids of
    /// deleted revisions count too, giving their pages.
    RevIds {
        /// The ids.
        ids: &'a [i64],
        /// Whether deleted revisions are looked up.
        include_deleted: bool,
    },
    /// A generator's pages: (namespace, database key); `in_order` when they keep the
    /// generator's order (rows it read) rather than a batch of titles' order.
    Generated {
        /// The pages.
        titles: Vec<(i32, String)>,
        /// Whether their order is kept.
        in_order: bool,
    },
}

impl PageSet {
    /// Builds the page set from its source.
    pub fn build(lookup: Lookup<'_>, source: PageSource<'_>, resolve_redirects: bool) -> Result<Self, ApiError> {
        let mut set = PageSet { fake_id: -1, resolve_redirects, ..PageSet::default() };
        match source {
            PageSource::None => {}
            PageSource::Titles { titles, cleaned } => {
                for (from, to) in cleaned {
                    set.normalized.push(Normalized { from: from.clone(), to: to.clone(), encoded: true });
                }
                let batch = set.process_titles(lookup, titles.iter().map(|t| TitleInput::Text(t.clone())).collect());
                set.load_titles(lookup, batch)?;
            }
            PageSource::Generated { titles, in_order } => {
                let batch =
                    set.process_titles(lookup, titles.into_iter().map(|(ns, k)| TitleInput::Key(ns, k)).collect());
                set.keep_order = in_order;
                set.load_titles(lookup, batch)?;
            }
            PageSource::PageIds(ids) => set.load_ids(lookup, ids)?,
            PageSource::RevIds { ids: revids, include_deleted } => {
                set.resolve_redirects = false;
                let mut found = lookup.revision_pages(revids)?;
                found.sort_unstable();
                let known: HashSet<i64> = found.iter().map(|(r, _)| *r).collect();
                let mut bad = Vec::new();
                for r in revids {
                    if !known.contains(r) && !bad.contains(r) {
                        bad.push(*r);
                    }
                }
                let mut deleted_titles = Vec::new();
                if include_deleted && !bad.is_empty() {
                    let mut deleted = lookup.deleted_revision_titles(&bad)?;
                    deleted.sort_unstable();
                    bad.retain(|r| !deleted.iter().any(|(d, _, _)| d == r));
                    set.deleted_revids = deleted.iter().map(|(r, _, _)| *r).collect();
                    deleted_titles = deleted.into_iter().map(|(_, ns, key)| (ns, key)).collect();
                }
                set.bad_revids = bad;
                set.revids = found.iter().map(|(r, _)| *r).collect();
                let mut ids: Vec<i64> = found.iter().map(|(_, p)| *p).collect();
                ids.sort_unstable();
                ids.dedup();
                set.load_ids(lookup, &ids)?;
                if !deleted_titles.is_empty() {
                    let batch = set.process_titles(
                        lookup,
                        deleted_titles.into_iter().map(|(ns, k)| TitleInput::Key(ns, k)).collect(),
                    );
                    set.load_titles(lookup, batch)?;
                }
            }
        }
        Ok(set)
    }

    /// Who may share an answer about these pages (MediaWiki's `ApiPageSet::getCacheMode`):
    /// anyone, unless a title named the caller's own page.
    pub fn cache_mode(&self) -> crate::cache::CacheMode {
        if self.names_callers_page {
            crate::cache::CacheMode::Private
        } else {
            crate::cache::CacheMode::Public
        }
    }

    fn next_fake(&mut self) -> i64 {
        let id = self.fake_id;
        self.fake_id -= 1;
        id
    }

    /// Parses and sorts titles; returns the batch of local titles to look up.
    fn process_titles(&mut self, lookup: Lookup<'_>, titles: Vec<TitleInput>) -> Vec<(i32, String)> {
        let namespaces = lookup.namespaces();
        let interwikis = lookup.interwikis();
        let mut batch: Vec<(i32, String)> = Vec::new();
        // Two passes, as MediaWiki's: every text is parsed first, the invalid ones numbered as
        // they are met; then the titles, special ones numbered in their turn.
        let mut parsed_titles = Vec::with_capacity(titles.len());
        for input in titles {
            match input {
                TitleInput::Text(text) => match parse_title(&text, 0, namespaces, &|p| interwikis.is_interwiki(p)) {
                    Ok(p) => parsed_titles.push((Some(text), p)),
                    Err(reason) => {
                        let key = (0, text.clone());
                        if !self.all.contains_key(&key) {
                            let id = self.next_fake();
                            self.all.insert(key, id);
                            self.invalid.push((id, text, reason));
                        }
                    }
                },
                TitleInput::Key(ns, dbkey) => parsed_titles.push((
                    None,
                    wikiquery_domain::title::ParsedTitle {
                        ns,
                        text: dbkey.replace('_', " "),
                        dbkey,
                        fragment: String::new(),
                        interwiki: String::new(),
                    },
                )),
            }
        }
        for (raw, parsed) in parsed_titles {
            let prefixed = parsed.prefixed_text(namespaces);
            if parsed.is_external() {
                if !self.interwiki.iter().any(|(t, _, _)| *t == prefixed) {
                    let url = interwikis.url(&parsed.interwiki, &parsed.dbkey);
                    self.interwiki.push((prefixed.clone(), parsed.interwiki.clone(), url));
                }
            } else if parsed.ns < 0 {
                let (dbkey, known) = if parsed.ns == NS_SPECIAL {
                    match wikiquery_domain::special_pages::normalize(&parsed.dbkey) {
                        Some(canonical) => (canonical, true),
                        None => (parsed.dbkey.clone(), false),
                    }
                } else {
                    (parsed.dbkey.clone(), false)
                };
                let name = dbkey.split('/').next().unwrap_or_default();
                if self.resolve_redirects && known && matches!(name, "MyPage" | "MyTalk" | "MyLanguage") {
                    self.names_callers_page = true;
                }
                let key = (parsed.ns, dbkey.clone());
                if self.seen_specials.insert(key) {
                    let fake_id = self.next_fake();
                    self.special.push(FakePage { fake_id, ns: parsed.ns, dbkey: dbkey.clone(), known });
                }
                let fixed = full_text(parsed.ns, &dbkey, namespaces);
                if let Some(raw) = raw {
                    if raw != fixed {
                        self.push_normalized(raw, fixed);
                    }
                }
                continue;
            } else if !parsed.dbkey.is_empty() {
                let key = (parsed.ns, parsed.dbkey.clone());
                if !batch.contains(&key) {
                    batch.push(key);
                }
            }
            // A fragment alone (`#top`) names no page: it is only normalised.
            if let Some(raw) = raw {
                if raw != prefixed {
                    self.push_normalized(raw, prefixed);
                }
            }
        }
        batch
    }

    fn push_normalized(&mut self, from: String, to: String) {
        match self.normalized.iter_mut().find(|n| !n.encoded && n.from == from) {
            Some(entry) => entry.to = to,
            None => self.normalized.push(Normalized { from, to, encoded: false }),
        }
    }

    /// Looks the batch up; titles not found become missing pages (numbered by namespace, in
    /// the order each namespace first appeared, as MediaWiki's link batch groups them).
    fn load_titles(&mut self, lookup: Lookup<'_>, batch: Vec<(i32, String)>) -> Result<(), ApiError> {
        // A Media: title is known when its file exists (MediaWiki's `isKnown` for the namespace).
        let media: Vec<String> = self.special.iter().filter(|s| s.ns == NS_MEDIA).map(|s| s.dbkey.clone()).collect();
        if !media.is_empty() {
            let existing = lookup.existing_files(&media)?;
            for special in self.special.iter_mut().filter(|s| s.ns == NS_MEDIA) {
                special.known = existing.contains(&special.dbkey);
            }
        }
        let mut batch = batch;
        loop {
            batch.retain(|k| !self.all.contains_key(k));
            if !batch.is_empty() {
                // MediaWiki asks for a batch one namespace after another, in the order the
                // namespaces first come in it, each namespace's titles in order.
                let mut order: Vec<i32> = Vec::new();
                for (ns, _) in &batch {
                    if !order.contains(ns) {
                        order.push(*ns);
                    }
                }
                let rank = |ns: i32| order.iter().position(|n| *n == ns).unwrap_or(usize::MAX);
                let mut rows = lookup.pages_by_titles(&batch)?;
                if std::mem::take(&mut self.keep_order) {
                    // A generator's rows, in its order (the redirects they lead to are a batch).
                    let position: HashMap<(i32, &str), usize> =
                        batch.iter().enumerate().map(|(i, (ns, k))| ((*ns, k.as_str()), i)).collect();
                    rows.sort_by_key(|r| position.get(&(r.ns, r.dbkey.as_str())).copied().unwrap_or(usize::MAX));
                } else {
                    rows.sort_by(|a, b| (rank(a.ns), &a.dbkey).cmp(&(rank(b.ns), &b.dbkey)));
                }
                let found: HashSet<(i32, String)> = rows.iter().map(|r| (r.ns, r.dbkey.clone())).collect();
                for row in rows {
                    self.add_row(row);
                }
                for ns in order {
                    for (_, dbkey) in batch.iter().filter(|(n, _)| *n == ns) {
                        if found.contains(&(ns, dbkey.clone())) {
                            continue;
                        }
                        let fake_id = self.next_fake();
                        self.all.insert((ns, dbkey.clone()), fake_id);
                        self.missing.push(FakePage { fake_id, ns, dbkey: dbkey.clone(), known: false });
                    }
                }
            }
            batch = self.redirect_batch(lookup)?;
            if batch.is_empty() {
                return Ok(());
            }
        }
    }

    fn load_ids(&mut self, lookup: Lookup<'_>, ids: &[i64]) -> Result<(), ApiError> {
        let positive: Vec<i64> = ids.iter().copied().filter(|id| *id > 0).collect();
        let rows = if positive.is_empty() { Vec::new() } else { lookup.pages_by_ids(&positive)? };
        let found: HashSet<i64> = rows.iter().map(|r| r.id).collect();
        for row in rows {
            self.add_row(row);
        }
        for id in ids {
            if !found.contains(id) && !self.missing_ids.contains(id) {
                self.missing_ids.push(*id);
            }
        }
        let batch = self.redirect_batch(lookup)?;
        if batch.is_empty() {
            Ok(())
        } else {
            self.load_titles(lookup, batch)
        }
    }

    fn add_row(&mut self, row: PageRecord) {
        self.all.insert((row.ns, row.dbkey.clone()), row.id);
        if self.resolve_redirects && row.is_redirect {
            self.pending_redirects.push(row);
        } else {
            self.good.push(row);
        }
    }

    /// Follows the pending redirects one step: the targets still to look up.
    fn redirect_batch(&mut self, lookup: Lookup<'_>) -> Result<Vec<(i32, String)>, ApiError> {
        if self.pending_redirects.is_empty() {
            return Ok(Vec::new());
        }
        let pending = std::mem::take(&mut self.pending_redirects);
        let ids: Vec<i64> = pending.iter().map(|p| p.id).collect();
        let mut targets = lookup.redirect_targets(&ids)?;
        targets.sort_by_key(|t| t.from);
        let namespaces = lookup.namespaces();
        let mut batch = Vec::new();
        for target in &targets {
            let Some(page) = pending.iter().find(|p| p.id == target.from) else { continue };
            let from = full_text(page.ns, &page.dbkey, namespaces);
            let local = full_text(target.ns, &target.dbkey, namespaces);
            let to = if target.interwiki.is_empty() { local } else { format!("{}:{local}", target.interwiki) };
            if !target.interwiki.is_empty() {
                if !self.interwiki.iter().any(|(t, _, _)| *t == to) {
                    let url = lookup.interwikis().url(&target.interwiki, &target.dbkey);
                    self.interwiki.push((to.clone(), target.interwiki.clone(), url));
                }
            } else {
                let key = (target.ns, target.dbkey.clone());
                if !self.all.contains_key(&key) && !batch.contains(&key) {
                    batch.push(key);
                }
            }
            self.redirects.push(ResolvedRedirect {
                from,
                to,
                fragment: target.fragment.clone(),
                interwiki: target.interwiki.clone(),
            });
        }
        Ok(batch)
    }

    /// Writes the general members (`normalized`, `interwiki`, `redirects`, `badrevids`) into
    /// `query` and returns the page entries, keyed as MediaWiki keys them, in its order.
    pub fn general_info(&self, result: &mut ApiResult, namespaces: &SiteNamespaces) -> Vec<(i64, Value)> {
        if !self.normalized.is_empty() {
            let items: Vec<Value> = self
                .normalized
                .iter()
                .map(|n| {
                    let from = if n.encoded { rawurlencode(&n.from) } else { n.from.clone() };
                    json!({"fromencoded": n.encoded, "from": from, "to": n.to})
                })
                .collect();
            result.add_query("normalized", Value::Array(items));
        }
        if !self.interwiki.is_empty() {
            let items: Vec<Value> = self
                .interwiki
                .iter()
                .map(|(title, iw, url)| match url {
                    Some(url) if self.iwurl => json!({"title": title, "iw": iw, "url": url}),
                    _ => json!({"title": title, "iw": iw}),
                })
                .collect();
            result.add_query("interwiki", Value::Array(items));
        }
        if !self.redirects.is_empty() {
            let items: Vec<Value> = self
                .redirects
                .iter()
                .map(|r| {
                    let mut v = match self.redirect_data.get(&r.from) {
                        Some(data) => {
                            let mut members = data.clone();
                            members.insert("from".into(), json!(r.from));
                            members.insert("to".into(), json!(r.to));
                            Value::Object(members)
                        }
                        None => json!({"from": r.from, "to": r.to}),
                    };
                    if !r.fragment.is_empty() {
                        v["tofragment"] = json!(r.fragment);
                    }
                    if !r.interwiki.is_empty() {
                        v["tointerwiki"] = json!(r.interwiki);
                    }
                    v
                })
                .collect();
            result.add_query("redirects", Value::Array(items));
        }
        if !self.bad_revids.is_empty() {
            let items: Map<String, Value> =
                self.bad_revids.iter().map(|r| (r.to_string(), json!({"revid": r, "missing": true}))).collect();
            // Keyed by id, as a PHP array is: one whose keys run 0, 1, ... is a list.
            let listed = self.bad_revids.iter().enumerate().all(|(i, r)| usize::try_from(*r).ok() == Some(i));
            let value =
                if listed { Value::Array(items.into_iter().map(|(_, v)| v).collect()) } else { Value::Object(items) };
            result.add_query("badrevids", value);
        }
        let mut pages: Vec<(i64, Value)> = Vec::new();
        for m in &self.missing {
            let mut v = json!({"ns": m.ns, "title": full_text(m.ns, &m.dbkey, namespaces), "missing": true});
            if m.known {
                v["known"] = json!(true);
            }
            pages.push((m.fake_id, v));
        }
        for (id, title, reason) in &self.invalid {
            // The reason as the error format writes a message: text in `bc`, else its code too.
            let reason = result.format_message(reason.code(), &invalid_reason(reason));
            pages.push((*id, json!({"title": title, "invalidreason": reason, "invalid": true})));
        }
        for id in &self.missing_ids {
            pages.push((*id, json!({"pageid": id, "missing": true})));
        }
        for s in &self.special {
            let mut v = json!({"ns": s.ns, "title": full_text(s.ns, &s.dbkey, namespaces), "special": true});
            if !s.known {
                v["missing"] = json!(true);
            }
            pages.push((s.fake_id, v));
        }
        for g in &self.good {
            pages.push((g.id, json!({"pageid": g.id, "ns": g.ns, "title": full_text(g.ns, &g.dbkey, namespaces)})));
        }
        pages
    }
}

enum TitleInput {
    Text(String),
    Key(i32, String),
}

/// Why a title is invalid, in words.
fn invalid_reason(reason: &InvalidTitle) -> String {
    match reason {
        InvalidTitle::Empty => "The title is empty or names only a namespace.".to_owned(),
        InvalidTitle::Utf8 => "The title holds invalid UTF-8.".to_owned(),
        InvalidTitle::Characters(c) => format!("The title holds characters titles cannot hold: \"{c}\"."),
        InvalidTitle::Relative => "The title is a relative path (./ or ../).".to_owned(),
        InvalidTitle::MagicTilde => "The title holds ~~~, which signatures expand.".to_owned(),
        InvalidTitle::TooLong(max) => format!("The title is longer than {max} bytes."),
        InvalidTitle::LeadingColon => "The title starts with a colon.".to_owned(),
        InvalidTitle::TalkNamespace => "The title names a talk page of something that has none.".to_owned(),
        InvalidTitle::Invalid => "The title is invalid.".to_owned(),
    }
}

/// Page ids as `indexpageids` lists them.
pub fn page_ids(pages: &[(i64, Value)]) -> Value {
    Value::Array(pages.iter().map(|(id, _)| Value::String(id.to_string())).collect())
}

/// Members prop modules add to pages, by page id.
pub type PageValues = BTreeMap<i64, Map<String, Value>>;
