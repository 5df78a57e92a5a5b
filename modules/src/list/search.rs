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
    /// Find the page whose title is the search text, trying a few changes of letter case.
    Nearmatch,
    /// Search the pages' text.
    Text,
    /// Search the pages' titles only.
    Title,
}

/// Metadata to return about the search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum SearchInfo {
    /// The search text as the engine rewrote it, when it did (this server's engine never does).
    Rewrittenquery,
    /// A suggested different search text, when there is one (this server's engine makes none).
    Suggestion,
    /// How many pages match in all.
    Totalhits,
}

/// What to return of each hit; `hasrelated` and `score` are deprecated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum SearchProp {
    /// A piece of the matching category name, with the matches marked (empty with this
    /// server's engine).
    Categorysnippet,
    /// Data the search engine adds of its own (none with this server's engine).
    Extensiondata,
    /// Whether the match was found in the content of a file (always false with this server's
    /// engine).
    Isfilematch,
    /// A piece of the matching redirect's title, with the matches marked (not given by this
    /// server's engine).
    Redirectsnippet,
    /// The title of the redirect that matched (not given by this server's engine).
    Redirecttitle,
    /// A piece of the matching section heading, with the matches marked (not given by this
    /// server's engine).
    Sectionsnippet,
    /// The title of the matching section (not given by this server's engine).
    Sectiontitle,
    /// The page's size in bytes.
    Size,
    /// A piece of the page's text around the matches, with the matches marked.
    Snippet,
    /// When the page was last edited.
    Timestamp,
    /// The page's title with the matches marked.
    Titlesnippet,
    /// How many words the page's text has.
    Wordcount,
    /// Ignored; kept so that old requests still work.
    #[value(deprecated)]
    Hasrelated,
    /// Ignored; kept so that old requests still work.
    #[value(deprecated)]
    Score,
}

/// Sort orders of the search backend.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum SearchSort {
    /// Best matches first.
    Relevance,
}

/// Searches the wiki's pages for words and phrases, in their text or their titles.
///
/// Matches are ranked best first. The search text takes words, `"quoted phrases"`, words
/// to leave out (`-word`), word beginnings (`wor*`), `intitle:` for words of the title and
/// `prefix:` to keep to titles beginning with some text. There are no interwiki results.
#[query_module(
    name = "search",
    group = "list",
    cache = "public",
    prefix = "sr",
    xml = "p",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Search",
    example(query = "action=query&list=search&srsearch=cat", text = "Search the pages of the main namespace for cat."),
    example(
        query = "action=query&list=search&srsearch=cat+-lion&srprop=snippet|titlesnippet&srlimit=20",
        text = "Find up to 20 pages that mention cat but not lion, showing where each one matched."
    ),
    example(
        query = "action=query&generator=search&gsrsearch=dog&gsrnamespace=0|1&prop=info",
        text = "Get page information about the articles and talk pages that match dog."
    )
)]
pub struct Search {
    /// The text to search for; every page that matches all of its words is found.
    pub search: String,
    /// Only search pages in these namespaces. A `prefix:` in the search text takes their place
    /// (the namespace is then read from the prefix).
    #[param(default = 0, all)]
    pub namespace: Vec<Namespace>,
    /// How many pages to return.
    #[param(default = 10)]
    pub limit: Limit,
    /// How many pages to skip before the first returned; when more results are available,
    /// the value to continue with is given here.
    #[param(default = 0, min = 0)]
    pub offset: i64,
    /// What to search: the pages' text, their titles, or the page with exactly this title.
    /// Left out, the text is searched.
    pub what: Option<SearchWhat>,
    /// What to return about the search as a whole (as a generator: nothing unless asked).
    #[param(default = "totalhits|suggestion|rewrittenquery", generator_default = "")]
    pub info: Vec<SearchInfo>,
    /// Which pieces of information to return for each page found.
    #[param(default = "size|wordcount|timestamp|snippet", generator_default = "")]
    pub prop: Vec<SearchProp>,
    /// Also search other wikis, where the engine can; this server's engine finds nothing
    /// there.
    pub interwiki: bool,
    /// Let the engine search for a corrected text instead of the one given when that finds
    /// more; this server's engine never changes the search text.
    pub enablerewrites: bool,
    /// The order of the results.
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
                // No namespace left (every one given unknown) searches the main namespace, as
                // MediaWiki's database search does.
                namespaces: match (&prefix, self.namespace.is_empty()) {
                    (Some(_), _) => Vec::new(),
                    (None, true) => vec![0],
                    (None, false) => self.namespace.iter().map(|n| n.0).collect(),
                },
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
        // What the search found as a whole comes before the pages, a generator's too.
        if let Some(total) = total.filter(|_| self.info.contains(&SearchInfo::Totalhits)) {
            ctx.add_query_member("searchinfo", json!({ "totalhits": total }));
        }
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
