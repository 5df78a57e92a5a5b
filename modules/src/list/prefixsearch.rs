//! `list=prefixsearch`: page titles starting with a search string.

use serde_json::{json, Map, Value};
use wikiquery_domain::special_pages::SPECIAL_PAGES;
use wikiquery_domain::title::{full_text, upper_first, NS_MAIN, NS_SPECIAL};
use wikiquery_framework::{query_module, ApiError, Limit, Namespace, QueryContext, QueryModule};
use wikiquery_store::reader::Reader;
use wikiquery_store::site::Site;
use wikiquery_store::store::Store;

use crate::storage;

/// A prefix search over page titles.
#[query_module(
    name = "prefixsearch",
    group = "list",
    cache = "public",
    prefix = "ps",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Prefixsearch"
)]
pub struct PrefixSearch {
    pub search: String,
    #[param(default = 0, all)]
    pub namespace: Vec<Namespace>,
    #[param(default = 10)]
    pub limit: Limit,
    #[param(default = 0, min = 0)]
    pub offset: i64,
}

impl QueryModule for PrefixSearch {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let store = ctx.services.require::<Store>()?;
        let site = store.site();
        let limit = self.limit.get() as usize;
        let offset = self.offset.max(0);
        let mut namespaces: Vec<i32> = self.namespace.iter().map(|n| n.0).collect();
        if self.search.trim().is_empty() {
            ctx.ensure_list();
            return Ok(());
        }
        // A leading namespace name chooses the namespace, as MediaWiki's search engine reads it.
        let mut search = self.search.as_str();
        if let Some((prefix, rest)) = search.split_once(':') {
            if let Some(ns) = site.namespaces().lookup(&prefix.replace(' ', "_")) {
                namespaces = vec![ns];
                search = rest;
            }
        }
        let search = search.trim();
        if namespaces.first() == Some(&NS_SPECIAL) {
            return self.special_pages(ctx, search, limit, offset);
        }
        let mut reader = storage::reader(ctx)?;
        // One more than asked for, to know whether there are more.
        let read = matches(&mut reader, site, &namespaces, search, limit as i64 + 1, offset)?;
        let mut more = read.len() > limit;
        let mut titles: Vec<Found> = read.iter().take(limit).cloned().collect();
        if offset == 0 {
            if let Some(first) = exact_first(&mut reader, site, &namespaces, search, &titles)? {
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
        drop(reader);
        if more {
            ctx.set_continue_value("offset", json!(offset + limit as i64));
        }
        if ctx.is_generator() {
            for (at, (_, ns, dbkey)) in titles.iter().enumerate() {
                let index = offset + at as i64 + 1;
                ctx.add_generated_with(*ns, dbkey.clone(), Map::from_iter([("index".to_owned(), json!(index))]));
            }
            return Ok(());
        }
        ctx.ensure_list();
        for (id, ns, dbkey) in &titles {
            let mut item = Map::new();
            item.insert("ns".into(), json!(ns));
            item.insert("title".into(), json!(full_text(*ns, dbkey, site.namespaces())));
            item.insert("pageid".into(), json!(id));
            ctx.push_item(Value::Object(item));
        }
        Ok(())
    }
}

impl PrefixSearch {
    /// The special pages whose names begin with the search, as MediaWiki's prefix search
    /// lists them: every name and alias, case-folded, in order; each alias ranked by its place
    /// among its page's aliases (first aliases first). Special pages' subpages answer
    /// `notimplemented`.
    fn special_pages(
        &self,
        ctx: &mut QueryContext<'_>,
        search: &str,
        limit: usize,
        offset: i64,
    ) -> Result<(), ApiError> {
        if search.contains('/') {
            // Each special page lists its own subpages (log types, user names, titles).
            return Err(ApiError::not_implemented(&format!("{} (special pages' subpages)", ctx.module.path())));
        }
        let names = special_page_matches(search, limit.saturating_add(usize::try_from(offset).unwrap_or(0)) + 1);
        let start = usize::try_from(offset).unwrap_or(usize::MAX);
        let page: Vec<&str> = names.iter().skip(start).take(limit).copied().collect();
        if names.len() > start.saturating_add(limit) {
            ctx.set_continue_value("offset", json!(offset + limit as i64));
        }
        if ctx.is_generator() {
            for (at, name) in page.iter().enumerate() {
                let index = offset + at as i64 + 1;
                ctx.add_generated_with(
                    NS_SPECIAL,
                    upper_first(name),
                    Map::from_iter([("index".to_owned(), json!(index))]),
                );
            }
            return Ok(());
        }
        ctx.ensure_list();
        let site = storage::store(ctx)?.site();
        for name in page {
            let mut item = Map::new();
            item.insert("ns".into(), json!(NS_SPECIAL));
            item.insert("title".into(), json!(full_text(NS_SPECIAL, &upper_first(name), site.namespaces())));
            item.insert("special".into(), json!(true));
            ctx.push_item(Value::Object(item));
        }
        Ok(())
    }
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
type Found = (i64, i32, String);

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
