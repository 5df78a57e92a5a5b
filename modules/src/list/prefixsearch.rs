//! `list=prefixsearch`: page titles starting with a search string.

use std::collections::HashMap;

use serde_json::{json, Map, Value};
use wikiquery_domain::title::{full_text, parse_title, NS_MAIN, NS_SPECIAL};
use wikiquery_framework::{query_module, ApiError, Limit, Namespace, QueryContext, QueryModule};
use wikiquery_store::reader::Reader;
use wikiquery_store::site::Site;
use wikiquery_store::store::Store;

use crate::storage;

/// A prefix search over page titles.
#[query_module(
    name = "prefixsearch",
    group = "list",
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
        if namespaces.contains(&NS_SPECIAL) {
            return Err(ApiError::not_implemented(&format!("{} (Special: pages)", ctx.module.path())));
        }
        let mut reader = storage::reader(ctx)?;
        // One more than asked for, to know whether there are more.
        let mut titles = matches(&mut reader, site, &namespaces, search, limit as i64 + 1, offset)?;
        let more = titles.len() > limit;
        titles.truncate(limit);
        if offset == 0 {
            titles = rescored(&mut reader, site, &namespaces, search, titles, limit)?;
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
    let iw = site.interwikis();
    let full = match site.namespaces().name(ns) {
        Some(name) if !name.is_empty() => format!("{name}:{text}"),
        _ => text.to_owned(),
    };
    let title = parse_title(&full, NS_MAIN, site.namespaces(), &|p| iw.is_interwiki(p)).ok()?;
    (!title.is_external()).then_some(title.dbkey)
}

/// The results with an exact match of `search` first (MediaWiki's `SearchExactMatchRescorer`):
/// the page of that title, or what it redirects to, or a redirect among the results that
/// leads to it; an existing title not among the results is put first and the last result
/// dropped.
fn rescored(
    reader: &mut Reader,
    site: &Site,
    namespaces: &[i32],
    search: &str,
    mut results: Vec<Found>,
    limit: usize,
) -> Result<Vec<Found>, ApiError> {
    let ns = if namespaces.is_empty() || namespaces.contains(&NS_MAIN) { NS_MAIN } else { namespaces[0] };
    let iw = site.interwikis();
    let Ok(title) = parse_title(search, ns, site.namespaces(), &|p| iw.is_interwiki(p)) else { return Ok(results) };
    if title.is_external() || title.dbkey.is_empty() {
        return Ok(results);
    }
    let Some(page) = reader.pages_by_titles(&[(title.ns, title.dbkey.clone())])?.into_iter().next() else {
        return Ok(results);
    };
    let exact = (page.id, page.ns, page.dbkey.clone());
    let position =
        |results: &[Found], ns: i32, dbkey: &str| results.iter().position(|(_, n, k)| *n == ns && k == dbkey);
    let pull_front = |mut results: Vec<Found>, at: usize| {
        let item = results.remove(at);
        results.insert(0, item);
        results
    };
    if let Some(at) = position(&results, page.ns, &page.dbkey) {
        return Ok(pull_front(results, at));
    }
    // The targets of the redirects among the results, by result.
    let redirect_ids: Vec<i64> = results.iter().map(|(id, _, _)| *id).collect();
    let targets: HashMap<i64, (i32, String)> = reader
        .redirect_targets(&redirect_ids)?
        .into_iter()
        .filter(|r| r.interwiki.is_empty())
        .map(|r| (r.from, (r.ns, r.dbkey)))
        .collect();
    let leading_to = |results: &[Found], ns: i32, dbkey: &str| {
        results.iter().position(|(id, _, _)| targets.get(id).is_some_and(|(n, k)| *n == ns && k == dbkey))
    };
    if page.is_redirect {
        if let Some(target) = reader.redirect_targets(&[page.id])?.into_iter().next() {
            if let Some(at) = position(&results, target.ns, &target.dbkey) {
                return Ok(pull_front(results, at));
            }
            if let Some(at) = leading_to(&results, target.ns, &target.dbkey) {
                return Ok(pull_front(results, at));
            }
        }
    } else if let Some(at) = leading_to(&results, page.ns, &page.dbkey) {
        results.remove(at);
        results.insert(0, exact);
        return Ok(results);
    }
    results.insert(0, exact);
    results.truncate(limit);
    Ok(results)
}
