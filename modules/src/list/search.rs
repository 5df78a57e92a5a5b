//! `list=search`: full-text search over the store's index (see
//! `wikiquery_store::queries::search`): words, phrases, exclusions, prefixes, `intitle:` and
//! `prefix:`, best matches first, with MediaWiki's output: `searchinfo`, snippets marked as it
//! marks them, `sroffset` continuation, as a generator with each page's `index`. The store's
//! engines rewrite no query and suggest none, and there are no interwiki results.

use std::collections::HashMap;

use serde_json::{json, Map, Value};
use wikiquery_domain::page::PageRecord;
use wikiquery_domain::search::{snippet, word_count, SearchQuery};
use wikiquery_domain::title::full_text;
use wikiquery_runtime::{
    query_module, ApiError, Generated, Limit, Namespace, ParamValues, QueryContext, QueryModule, Timestamp,
};
use wikiquery_store::queries::search::{SearchFilter, SearchHit, SearchIndex};

use crate::storage;
use crate::wiki::WikiContext;

/// Which search to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum SearchWhat {
    Nearmatch,
    Text,
    Title,
}

/// Metadata to return about the search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum SearchInfo {
    Rewrittenquery,
    Suggestion,
    Totalhits,
}

/// What to return of each hit; `hasrelated` and `score` are deprecated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum SearchProp {
    Categorysnippet,
    Extensiondata,
    Isfilematch,
    Redirectsnippet,
    Redirecttitle,
    Sectionsnippet,
    Sectiontitle,
    Size,
    Snippet,
    Timestamp,
    Titlesnippet,
    Wordcount,
    #[value(deprecated)]
    Hasrelated,
    #[value(deprecated)]
    Score,
}

/// Sort orders of the search backend.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum SearchSort {
    Relevance,
}

/// Pages whose text or title matches the search.
#[query_module(
    name = "search",
    group = "list",
    cache = "public",
    prefix = "sr",
    xml = "p",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Search"
)]
pub struct Search {
    pub search: String,
    #[param(default = 0, all)]
    pub namespace: Vec<Namespace>,
    #[param(default = 10)]
    pub limit: Limit,
    #[param(default = 0, min = 0)]
    pub offset: i64,
    pub what: Option<SearchWhat>,
    #[param(default = "totalhits|suggestion|rewrittenquery")]
    pub info: Vec<SearchInfo>,
    #[param(default = "size|wordcount|timestamp|snippet")]
    pub prop: Vec<SearchProp>,
    pub interwiki: bool,
    pub enablerewrites: bool,
    #[param(default = "relevance")]
    pub sort: SearchSort,
}

impl QueryModule for Search {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let site = ctx.site()?;
        let limit = self.limit.get();
        let offset = self.offset;
        let query = SearchQuery::parse(&self.search);
        let nearmatch = self.what == Some(SearchWhat::Nearmatch);
        let (hits, total, own_index) = if nearmatch {
            (self.near_match(ctx)?, None, false)
        } else {
            let prefix = query.prefix.as_deref().map(|p| storage::prefixed_title_part(site, p)).transpose()?;
            let filter = SearchFilter {
                namespaces: if prefix.is_some() { Vec::new() } else { self.namespace.iter().map(|n| n.0).collect() },
                site_namespaces: site.namespaces().all().iter().map(|n| n.id).collect(),
                prefix,
                title_only: self.what == Some(SearchWhat::Title),
                unspecified: self.what.is_none(),
                offset,
                limit: i64::try_from(limit).unwrap_or(i64::MAX).saturating_add(1),
                query: query.clone(),
            };
            // A search of no words (only spaces or punctuation) finds nothing.
            let nothing = filter.query.clauses.is_empty() && filter.prefix.is_none();
            match if nothing { Some(None) } else { ctx.reader()?.search(&filter)?.map(Some) } {
                Some(None) => (Vec::new(), Some(0), true),
                Some(Some(found)) => (found.hits, Some(found.total), found.index == SearchIndex::Ours),
                None => {
                    return Err(ApiError::new(
                        "searchdisabled",
                        "Full-text search is disabled: this database has no search index this server reads \
                         (`wikiquery reindex` builds one in a wikiquery database).",
                    ))
                }
            }
        };
        let mut hits = hits;
        let more = usize::try_from(limit).is_ok_and(|l| hits.len() > l);
        if more {
            hits.truncate(usize::try_from(limit).unwrap_or(usize::MAX));
            ctx.set_continue_value("offset", json!(offset.saturating_add(i64::try_from(limit).unwrap_or(i64::MAX))));
        }
        let hits: Vec<(usize, SearchHit)> = hits.into_iter().enumerate().collect();
        ctx.emit(
            hits,
            |(i, hit)| {
                let index = offset + i64::try_from(*i).unwrap_or(0) + 1;
                Generated::TitleWith(
                    hit.namespace,
                    hit.title.clone(),
                    Map::from_iter([("index".to_owned(), json!(index))]),
                )
            },
            |ctx, hits| {
                if let Some(total) = total.filter(|_| self.info.contains(&SearchInfo::Totalhits)) {
                    ctx.add_query_member("searchinfo", json!({ "totalhits": total }));
                }
                let hits: Vec<SearchHit> = hits.into_iter().map(|(_, hit)| hit).collect();
                ctx.ensure_list();
                let has = |p: SearchProp| self.prop.contains(&p);
                let needs_text = !nearmatch && has(SearchProp::Snippet) || has(SearchProp::Wordcount);
                let mut reader = ctx.reader()?;
                let ids: Vec<i64> = hits.iter().map(|h| h.page_id).collect();
                let pages: HashMap<i64, PageRecord> =
                    reader.pages_by_ids(&ids)?.into_iter().map(|p| (p.id, p)).collect();
                let latest: Vec<i64> = pages.values().map(|p| p.latest).collect();
                let times =
                    if has(SearchProp::Timestamp) { reader.revision_timestamps(&latest)? } else { HashMap::new() };
                let texts = if needs_text { storage::current_texts(&mut reader, &ids)? } else { HashMap::new() };
                drop(reader);
                let marked = query.marked_words();
                for hit in &hits {
                    let page = pages.get(&hit.page_id);
                    let mut o = Map::new();
                    o.insert("ns".into(), json!(hit.namespace));
                    let title = full_text(hit.namespace, &hit.title, site.namespaces());
                    o.insert("title".into(), json!(title));
                    o.insert("pageid".into(), json!(hit.page_id));
                    let text = texts.get(&hit.page_id).map_or("", String::as_str);
                    if has(SearchProp::Size) {
                        o.insert("size".into(), json!(page.map_or(0, |p| p.len)));
                    }
                    if has(SearchProp::Wordcount) {
                        o.insert("wordcount".into(), json!(word_count(text)));
                    }
                    if has(SearchProp::Snippet) {
                        o.insert(
                            "snippet".into(),
                            json!(if nearmatch { String::new() } else { snippet(text, &marked, own_index) }),
                        );
                    }
                    if has(SearchProp::Timestamp) {
                        let stamp = page.and_then(|p| times.get(&p.latest)).and_then(|t| Timestamp::iso_of_stored(t));
                        o.insert("timestamp".into(), json!(stamp.as_deref().unwrap_or("")));
                    }
                    if has(SearchProp::Titlesnippet) {
                        // MediaWiki's own index marks no title; wikiquery's marks the title's matches.
                        let marked_title = if own_index {
                            snippet(&hit.title.replace('_', " "), &marked, true)
                        } else {
                            String::new()
                        };
                        o.insert("titlesnippet".into(), json!(marked_title.trim_end_matches('\n')));
                    }
                    if has(SearchProp::Categorysnippet) {
                        o.insert("categorysnippet".into(), json!(""));
                    }
                    if has(SearchProp::Isfilematch) {
                        o.insert("isfilematch".into(), json!(false));
                    }
                    ctx.push_item(Value::Object(o));
                }
                Ok(())
            },
        )
    }
}

impl Search {
    /// `srwhat=nearmatch`: the page whose title is the search, or one of its case forms
    /// (all lower case, each word capitalised, all upper case), as MediaWiki's near match
    /// finds it.
    fn near_match(&self, ctx: &QueryContext<'_>) -> Result<Vec<SearchHit>, ApiError> {
        let site = ctx.site()?;
        let text = self.search.trim();
        let capitalised: String = text
            .split(' ')
            .map(|w| {
                let mut c = w.chars();
                c.next().map(|f| f.to_uppercase().chain(c).collect::<String>()).unwrap_or_default()
            })
            .collect::<Vec<_>>()
            .join(" ");
        let mut reader = ctx.reader()?;
        for form in [text.to_owned(), text.to_lowercase(), capitalised, text.to_uppercase()] {
            let Ok((ns, key)) = storage::site_title(site, &form) else { continue };
            if let Some(page) = reader.pages_by_titles(&[(ns, key)])?.into_iter().next() {
                return Ok(vec![SearchHit { page_id: page.id, namespace: page.ns, title: page.dbkey }]);
            }
        }
        Ok(Vec::new())
    }
}
