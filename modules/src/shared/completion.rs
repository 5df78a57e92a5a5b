//! Completion search: the titles that begin with what a reader has typed, ranked as
//! MediaWiki's default search engine ranks them (`completionSearchWithVariants`): a leading
//! namespace name chooses the namespace, `Special:` lists special pages, and the page the text
//! names exactly comes first. `list=prefixsearch` and `action=opensearch` both ask it.

use wikiquery_domain::special_pages::SPECIAL_PAGES;
use wikiquery_domain::title::{upper_first, NS_MAIN, NS_SPECIAL};
use wikiquery_runtime::ApiError;
use wikiquery_store::reader::Reader;
use wikiquery_store::site::Site;

/// A title found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Completion {
    /// A page: (id, namespace, database key).
    Page(Found),
    /// A special page, by its database key (`RecentChanges`).
    Special(String),
}

/// The titles of one search: `offset` skipped, at most `limit`.
#[derive(Debug, Default)]
pub struct Completions {
    /// The titles, best first.
    pub titles: Vec<Completion>,
    /// Whether there are more past them.
    pub more: bool,
}

/// The titles that begin with `search` in `namespaces` (the main namespace when none),
/// `offset` skipped, at most `limit`. Special pages' subpages answer `notimplemented` for
/// `module`.
pub fn complete(
    reader: &mut Reader,
    site: &Site,
    search: &str,
    namespaces: &[i32],
    limit: usize,
    offset: i64,
    module: &str,
) -> Result<Completions, ApiError> {
    let mut namespaces = namespaces.to_vec();
    if search.trim().is_empty() {
        return Ok(Completions::default());
    }
    // A leading namespace name chooses the namespace, as MediaWiki's search engine reads it.
    let mut search = search;
    if let Some((prefix, rest)) = search.split_once(':') {
        if let Some(ns) = site.namespaces().lookup(&prefix.replace(' ', "_")) {
            namespaces = vec![ns];
            search = rest;
        }
    }
    let search = search.trim();
    if namespaces.first() == Some(&NS_SPECIAL) {
        if search.contains('/') {
            // Each special page lists its own subpages (log types, user names, titles).
            return Err(ApiError::not_implemented(&format!("{module} (special pages' subpages)")));
        }
        let names = special_page_matches(search, limit.saturating_add(usize::try_from(offset).unwrap_or(0)) + 1);
        let start = usize::try_from(offset).unwrap_or(usize::MAX);
        return Ok(Completions {
            more: names.len() > start.saturating_add(limit),
            titles: names.iter().skip(start).take(limit).map(|name| Completion::Special(upper_first(name))).collect(),
        });
    }
    // One more than asked for, to know whether there are more.
    let read = matches(reader, site, &namespaces, search, limit as i64 + 1, offset)?;
    let mut more = read.len() > limit;
    let mut titles: Vec<Found> = read.iter().take(limit).cloned().collect();
    if offset == 0 {
        if let Some(first) = exact_first(reader, site, &namespaces, search, &titles)? {
            match titles.iter().position(|t| *t == first) {
                Some(at) => {
                    let item = titles.remove(at);
                    titles.insert(0, item);
                }
                // A title among the rows read (the one past the limit) is not added again.
                None if read.contains(&first) => {}
                // Put first, pushing the last out: there is then more, as MediaWiki says.
                None => {
                    titles.insert(0, first);
                    more |= titles.len() > limit;
                    titles.truncate(limit);
                }
            }
        }
    }
    Ok(Completions { titles: titles.into_iter().map(Completion::Page).collect(), more })
}

/// The names of special pages that begin with `search` (case-folded, spaces as underscores),
/// as MediaWiki's prefix search orders them; at least `enough` of the first rank when there
/// are that many.
fn special_page_matches(search: &str, enough: usize) -> Vec<&'static str> {
    let key = search.replace(' ', "_").to_lowercase();
    let mut keys: std::collections::BTreeMap<String, (&'static str, usize)> = std::collections::BTreeMap::new();
    for (name, _) in SPECIAL_PAGES {
        keys.insert(name.to_lowercase(), (name, 0));
    }
    for (_, aliases) in SPECIAL_PAGES {
        for (rank, alias) in aliases.iter().enumerate() {
            keys.insert(alias.to_lowercase(), (alias, rank));
        }
    }
    let mut ranks: Vec<Vec<&'static str>> = Vec::new();
    for (folded, (name, rank)) in keys {
        if !folded.starts_with(&key) {
            continue;
        }
        if ranks.len() <= rank {
            ranks.resize(rank + 1, Vec::new());
        }
        ranks[rank].push(name);
        if ranks[0].len() >= enough {
            break;
        }
    }
    ranks.into_iter().flatten().collect()
}

/// A found page: (id, namespace, database key).
pub type Found = (i64, i32, String);

/// The pages whose titles start with `search` in `namespaces` (MediaWiki's
/// `PrefixSearch::defaultSearchBackend`): the prefix as a title of each namespace (its first
/// letter upper-cased where the namespace says so), by title then namespace.
fn matches(
    reader: &mut Reader,
    site: &Site,
    namespaces: &[i32],
    search: &str,
    limit: i64,
    offset: i64,
) -> Result<Vec<Found>, ApiError> {
    let namespaces: Vec<i32> = if namespaces.is_empty() { vec![NS_MAIN] } else { namespaces.to_vec() };
    let mut prefixes: Vec<(Vec<i32>, String)> = Vec::new();
    if search.is_empty() {
        prefixes.push((namespaces, String::new()));
    } else {
        // Characters no title holds are dropped.
        let cleaned: String = search
            .chars()
            .filter(|c| !matches!(c, '#' | '<' | '>' | '[' | ']' | '|' | '{' | '}') && !c.is_control())
            .collect();
        for ns in namespaces {
            let Some(key) = title_in(site, ns, &cleaned) else { continue };
            match prefixes.iter_mut().find(|(_, k)| *k == key) {
                Some((list, _)) => list.push(ns),
                None => prefixes.push((vec![ns], key)),
            }
        }
    }
    Ok(reader.pages_with_prefixes(&prefixes, limit, offset)?)
}

/// `text` as the database key of a title in namespace `ns` (MediaWiki's
/// `Title::makeTitleSafe`); `None` when it makes no title there.
fn title_in(site: &Site, ns: i32, text: &str) -> Option<String> {
    let full = match site.namespaces().name(ns) {
        Some(name) if !name.is_empty() => format!("{name}:{text}"),
        _ => text.to_owned(),
    };
    // An interwiki title's key counts as written (MediaWiki takes its database key).
    site.parse_title(&full, NS_MAIN).ok().map(|title| title.dbkey)
}

/// The title MediaWiki's `SearchExactMatchRescorer` puts first among `results`: the page of
/// `search` as a title (in the main namespace when searched, else the first namespace asked
/// for), or, for a redirect, its target among the results or a result that redirects to that
/// target; `None` when the title has no page.
fn exact_first(
    reader: &mut Reader,
    site: &Site,
    namespaces: &[i32],
    search: &str,
    results: &[Found],
) -> Result<Option<Found>, ApiError> {
    let ns = match namespaces.first() {
        None => NS_MAIN,
        Some(_) if namespaces.contains(&NS_MAIN) => NS_MAIN,
        Some(first) => *first,
    };
    let Ok(title) = site.parse_title(search, ns) else { return Ok(None) };
    if title.is_external() || title.dbkey.is_empty() {
        return Ok(None);
    }
    let Some(page) = reader.pages_by_titles(&[(title.ns, title.dbkey.clone())])?.into_iter().next() else {
        return Ok(None);
    };
    let exact = (page.id, page.ns, page.dbkey.clone());
    if results.contains(&exact) || !page.is_redirect {
        return Ok(Some(exact));
    }
    // A redirect: its target among the results, or a result that redirects to that target (a
    // target with a section is no title among them).
    let target = reader.redirect_targets(&[page.id])?.into_iter().next();
    let Some(target) = target.filter(|t| t.interwiki.is_empty() && t.fragment.is_empty()) else {
        return Ok(Some(exact));
    };
    if let Some(found) = results.iter().find(|(_, n, k)| *n == target.ns && *k == target.dbkey) {
        return Ok(Some(found.clone()));
    }
    let ids: Vec<i64> = results.iter().map(|(id, _, _)| *id).collect();
    let leading: Vec<i64> = reader
        .redirect_targets(&ids)?
        .into_iter()
        .filter(|r| r.interwiki.is_empty() && r.fragment.is_empty() && r.ns == target.ns && r.dbkey == target.dbkey)
        .map(|r| r.from)
        .collect();
    Ok(Some(results.iter().find(|(id, _, _)| leading.contains(id)).cloned().unwrap_or(exact)))
}
