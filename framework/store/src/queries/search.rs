//! Full-text search over the wiki's current page texts, each backend with its own engine:
//! SQLite's FTS5, PostgreSQL's `tsvector` with a GIN index, MariaDB's `FULLTEXT`. The index
//! (`wikiquery_search`, made by migration 2) holds each page's title and text as stemmed words
//! ([`index_words`]), so that the three engines match alike: `animal` finds `Animals`.
//! [`rebuild_search_index`] fills it (the importer and `wikiquery reindex` run it). A MediaWiki
//! database served as it is keeps MediaWiki's own index: on SQLite its `searchindex` is
//! searched, unstemmed, until `wikiquery reindex` puts wikiquery's index beside MediaWiki's
//! tables (`add_search_side_table`), which is then searched instead, on every backend.
//!
//! Every value a reader typed reaches SQL as a bound parameter; the query expressions are
//! built from words of letters and digits only.

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Integer, Text};

use wikiquery_domain::search::{index_words, Clause, SearchQuery};

use crate::backend::{table_names, AnyConnection, AsAnyConnection, Backend, StoreError};
use crate::queries::prefix_upper_bound;
use crate::reader::Reader;
use crate::with_conn;

/// The index this store searches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SearchIndex {
    /// wikiquery's own (`wikiquery_search`), in a wikiquery database or beside a MediaWiki
    /// database's tables.
    Ours,
    /// MediaWiki's `searchindex` (an SQLite FTS3 table) of a MediaWiki database.
    MediaWiki,
    /// None: a MediaWiki database without one this store can read (`wikiquery reindex` makes
    /// one).
    Missing,
}

/// What [`Reader::search`] selects.
#[derive(Debug, Clone, Default)]
pub struct SearchFilter {
    /// The parsed query.
    pub query: SearchQuery,
    /// Only titles are searched (`srwhat=title`).
    pub title_only: bool,
    /// Neither titles nor texts were asked for (no `srwhat`): MediaWiki's own index is then
    /// searched by title, as MediaWiki's API searches its SQL engines; wikiquery's searches
    /// both.
    pub unspecified: bool,
    /// Only pages of these namespaces.
    pub namespaces: Vec<i32>,
    /// Every namespace the site has (so that a filter can name the fewest).
    pub site_namespaces: Vec<i32>,
    /// Only titles that begin so: namespace and the start of the database key.
    pub prefix: Option<(i32, String)>,
    /// How many of the best matches to skip.
    pub offset: i64,
    /// How many rows at most.
    pub limit: i64,
}

/// One page found.
#[derive(Debug, Clone, PartialEq, Eq, QueryableByName)]
pub struct SearchHit {
    #[diesel(sql_type = BigInt)]
    pub page_id: i64,
    #[diesel(sql_type = Integer)]
    pub namespace: i32,
    #[diesel(sql_type = Text)]
    pub title: String,
}

/// What a search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchResults {
    /// The pages, best first.
    pub hits: Vec<SearchHit>,
    /// How many pages match in all.
    pub total: i64,
    /// The index searched.
    pub index: SearchIndex,
}

/// A match and its score (lower is better).
#[derive(QueryableByName)]
struct Scored {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = diesel::sql_types::Double)]
    score: f64,
}

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

/// A value bound to a placeholder.
enum Bind {
    Text(String),
    Int(i64),
}

/// A clause's words as the index holds them.
fn clause_stems(clause: &Clause) -> Vec<String> {
    clause.words.iter().map(|w| index_words(w)).filter(|w| !w.is_empty()).collect()
}

/// The SQL that finds pages, and the values to bind, in order.
struct Search {
    /// `FROM ... WHERE ...`, without ordering.
    from_where: String,
    /// `ORDER BY ...`.
    order: String,
    binds: Vec<Bind>,
    /// Binds used by the order only (after the others).
    order_binds: Vec<Bind>,
}

impl<C: AsAnyConnection> Reader<C> {
    /// Which index this store has.
    pub fn search_index(&mut self) -> Result<SearchIndex, StoreError> {
        let conn = self.conn();
        let tables = table_names(conn)?;
        Ok(if tables.iter().any(|t| t == crate::backend::SEARCH_INDEX_TABLE) {
            SearchIndex::Ours
        } else if conn.backend() == Backend::Sqlite && tables.iter().any(|t| t == "searchindex") {
            SearchIndex::MediaWiki
        } else {
            SearchIndex::Missing
        })
    }

    /// The pages a filter finds, best first, and how many it finds in all; `None` when the
    /// store has no index to search.
    pub fn search(&mut self, filter: &SearchFilter) -> Result<Option<SearchResults>, StoreError> {
        let index = self.search_index()?;
        if index == SearchIndex::Missing {
            return Ok(None);
        }
        let conn = self.conn();
        let backend = conn.backend();
        if backend == Backend::Sqlite && index == SearchIndex::Ours && filter.prefix.is_none() {
            return sqlite_search(conn, filter)
                .map(|found| Some(found.unwrap_or(SearchResults { hits: Vec::new(), total: 0, index })));
        }
        let Some(search) = build(backend, index, filter) else {
            return Ok(Some(SearchResults { hits: Vec::new(), total: 0, index }));
        };
        let mut placeholder = 0;
        let mut next = || {
            placeholder += 1;
            if backend == Backend::Postgres {
                format!("${placeholder}")
            } else {
                "?".to_owned()
            }
        };
        let count_sql = format!("SELECT COUNT(*) AS n {}", numbered(&search.from_where, &mut next));
        let total: i64 =
            load_with(conn, &count_sql, &search.binds, &[])?.into_iter().map(|c: Count| c.n).next().unwrap_or(0);
        let mut placeholder = 0;
        let mut next = || {
            placeholder += 1;
            if backend == Backend::Postgres {
                format!("${placeholder}")
            } else {
                "?".to_owned()
            }
        };
        let from_where = numbered(&search.from_where, &mut next);
        let order = numbered(&search.order, &mut next);
        let limit = next();
        let offset = next();
        let sql = format!(
            "SELECT p.page_id AS page_id, p.page_namespace AS namespace, p.page_title AS title {from_where} \
             {order} LIMIT {limit} OFFSET {offset}"
        );
        let tail = [Bind::Int(filter.limit), Bind::Int(filter.offset)];
        let mut binds: Vec<&Bind> = search.binds.iter().collect();
        binds.extend(search.order_binds.iter());
        let hits: Vec<SearchHit> = load_refs(conn, &sql, &binds, &tail)?;
        Ok(Some(SearchResults { hits, total, index }))
    }
}

/// A search of wikiquery's SQLite index without a title prefix: namespaces are matched in the
/// index (its `ns` column), so the count reads the index alone and only the page of results is
/// joined to `page`. `None` when nothing can match.
fn sqlite_search(conn: &mut AnyConnection, filter: &SearchFilter) -> Result<Option<SearchResults>, StoreError> {
    let clauses: Vec<Clause> = filter
        .query
        .clauses
        .iter()
        .map(|c| Clause { title_only: c.title_only || filter.title_only, ..c.clone() })
        .collect();
    let Some(mut expression) = fts5_expression(&clauses) else { return Ok(None) };
    // Most pages are in a few namespaces (the main one above all), whose index entries are long:
    // pages of the namespaces not asked for are left out rather than those asked for matched,
    // unless that names more of them.
    if !filter.namespaces.is_empty() {
        let others: Vec<i32> =
            filter.site_namespaces.iter().copied().filter(|n| *n >= 0 && !filter.namespaces.contains(n)).collect();
        let named = |list: &[i32]| list.iter().map(|n| format!("ns : \"n{n}\"")).collect::<Vec<_>>().join(" OR ");
        if filter.site_namespaces.is_empty()
            || filter.namespaces.len() < others.len() && !filter.namespaces.contains(&0)
        {
            expression = format!("{expression} AND ({})", named(&filter.namespaces));
        } else if !others.is_empty() {
            expression = format!("{expression} NOT ({})", named(&others));
        }
    }
    // One pass over the matches gives both their number and the best of them.
    let mut scored: Vec<Scored> = load_refs(
        conn,
        "SELECT rowid AS id, bm25(wikiquery_search, 10.0, 1.0, 0.0) AS score FROM wikiquery_search \
         WHERE wikiquery_search MATCH ?",
        &[],
        &[Bind::Text(expression)],
    )?;
    let total = scored.len() as i64;
    let offset = usize::try_from(filter.offset).unwrap_or(usize::MAX);
    let limit = usize::try_from(filter.limit).unwrap_or(usize::MAX);
    let wanted = offset.saturating_add(limit).min(scored.len());
    let by_rank = |a: &Scored, b: &Scored| a.score.total_cmp(&b.score).then(a.id.cmp(&b.id));
    if wanted < scored.len() {
        scored.select_nth_unstable_by(wanted, by_rank);
        scored.truncate(wanted);
    }
    scored.sort_unstable_by(by_rank);
    let ids: Vec<i64> = scored.iter().skip(offset).map(|s| s.id).collect();
    if ids.is_empty() {
        return Ok(Some(SearchResults { hits: Vec::new(), total, index: SearchIndex::Ours }));
    }
    let marks = vec!["?"; ids.len()].join(", ");
    let binds: Vec<Bind> = ids.iter().map(|id| Bind::Int(*id)).collect();
    let found: Vec<SearchHit> = load_refs(
        conn,
        &format!(
            "SELECT page_id, page_namespace AS namespace, page_title AS title FROM page WHERE page_id IN ({marks})"
        ),
        &[],
        &binds,
    )?;
    let mut by_id: std::collections::HashMap<i64, SearchHit> = found.into_iter().map(|h| (h.page_id, h)).collect();
    let hits: Vec<SearchHit> = ids.iter().filter_map(|id| by_id.remove(id)).collect();
    Ok(Some(SearchResults { hits, total, index: SearchIndex::Ours }))
}

/// Replaces each `{}` of a template with the next placeholder.
fn numbered(template: &str, next: &mut dyn FnMut() -> String) -> String {
    let mut out = String::with_capacity(template.len());
    let mut parts = template.split("{}");
    if let Some(first) = parts.next() {
        out.push_str(first);
    }
    for part in parts {
        out.push_str(&next());
        out.push_str(part);
    }
    out
}

fn load_with<T: QueryableByName<diesel::sqlite::Sqlite> + 'static>(
    conn: &mut AnyConnection,
    sql: &str,
    binds: &[Bind],
    tail: &[Bind],
) -> Result<Vec<T>, StoreError>
where
    T: AllBackends,
{
    let refs: Vec<&Bind> = binds.iter().collect();
    load_refs(conn, sql, &refs, tail)
}

/// Rows loadable from every backend this build has.
#[cfg(all(feature = "postgres", feature = "mysql"))]
pub trait AllBackends: QueryableByName<diesel::pg::Pg> + QueryableByName<diesel::mysql::Mysql> {}
#[cfg(all(feature = "postgres", feature = "mysql"))]
impl<T: QueryableByName<diesel::pg::Pg> + QueryableByName<diesel::mysql::Mysql>> AllBackends for T {}
#[cfg(all(feature = "postgres", not(feature = "mysql")))]
pub trait AllBackends: QueryableByName<diesel::pg::Pg> {}
#[cfg(all(feature = "postgres", not(feature = "mysql")))]
impl<T: QueryableByName<diesel::pg::Pg>> AllBackends for T {}
#[cfg(all(not(feature = "postgres"), feature = "mysql"))]
pub trait AllBackends: QueryableByName<diesel::mysql::Mysql> {}
#[cfg(all(not(feature = "postgres"), feature = "mysql"))]
impl<T: QueryableByName<diesel::mysql::Mysql>> AllBackends for T {}
#[cfg(not(any(feature = "postgres", feature = "mysql")))]
pub trait AllBackends {}
#[cfg(not(any(feature = "postgres", feature = "mysql")))]
impl<T> AllBackends for T {}

fn load_refs<T: QueryableByName<diesel::sqlite::Sqlite> + AllBackends + 'static>(
    conn: &mut AnyConnection,
    sql: &str,
    binds: &[&Bind],
    tail: &[Bind],
) -> Result<Vec<T>, StoreError> {
    let rows = with_conn!(conn, |c| {
        let mut q = diesel::sql_query(sql).into_boxed();
        for b in binds.iter().copied().chain(tail.iter()) {
            q = match b {
                Bind::Text(t) => q.bind::<Text, _>(t.clone()),
                Bind::Int(i) => q.bind::<BigInt, _>(*i),
            };
        }
        q.load::<T>(c)
    })?;
    Ok(rows)
}

/// The search for a filter on a backend's index; `None` when nothing can match (only
/// excluded words).
fn build(backend: Backend, index: SearchIndex, filter: &SearchFilter) -> Option<Search> {
    let query = &filter.query;
    if !query.clauses.is_empty() && !query.has_positive() {
        return None;
    }
    let mut conditions: Vec<String> = Vec::new();
    let mut binds = Vec::new();
    let mut order = "ORDER BY p.page_id".to_owned();
    let mut order_binds = Vec::new();
    let clauses: Vec<Clause> = query
        .clauses
        .iter()
        .map(|c| Clause {
            title_only: c.title_only || filter.title_only || (filter.unspecified && index == SearchIndex::MediaWiki),
            ..c.clone()
        })
        .collect();
    let from = if clauses.is_empty() {
        "FROM page p".to_owned()
    } else {
        match (index, backend) {
            (SearchIndex::MediaWiki, _) => {
                let (column, expression) = fts3_expression(&clauses);
                conditions.push(format!("{column} MATCH {{}}"));
                binds.push(Bind::Text(expression));
                // In the order MediaWiki's query reads the pages: by title.
                order = "ORDER BY p.page_namespace, p.page_title".to_owned();
                // The index first (CROSS JOIN keeps SQLite's planner from probing the index
                // once for every page of the namespaces asked for).
                "FROM searchindex CROSS JOIN page p ON p.page_id = searchindex.rowid".to_owned()
            }
            (_, Backend::Sqlite) => {
                conditions.push("wikiquery_search MATCH {}".to_owned());
                binds.push(Bind::Text(fts5_expression(&clauses)?));
                order = "ORDER BY bm25(wikiquery_search, 10.0, 1.0, 0.0), p.page_id".to_owned();
                "FROM wikiquery_search JOIN page p ON p.page_id = wikiquery_search.rowid".to_owned()
            }
            (_, Backend::Postgres) => {
                let expression = tsquery_expression(&clauses)?;
                conditions.push("s.document @@ to_tsquery('simple', {})".to_owned());
                binds.push(Bind::Text(expression.clone()));
                order = "ORDER BY ts_rank(s.document, to_tsquery('simple', {})) DESC, p.page_id".to_owned();
                order_binds.push(Bind::Text(expression));
                "FROM wikiquery_search s JOIN page p ON p.page_id = s.page_id".to_owned()
            }
            (_, Backend::Mysql) => {
                let (all, title) = boolean_expressions(&clauses);
                let mut rank = Vec::new();
                if let Some(all) = all {
                    conditions.push("MATCH(s.search_title, s.search_text) AGAINST ({} IN BOOLEAN MODE)".to_owned());
                    binds.push(Bind::Text(all.clone()));
                    rank.push("MATCH(s.search_title, s.search_text) AGAINST ({} IN BOOLEAN MODE)");
                    order_binds.push(Bind::Text(all));
                }
                if let Some(title) = title {
                    conditions.push("MATCH(s.search_title) AGAINST ({} IN BOOLEAN MODE)".to_owned());
                    binds.push(Bind::Text(title));
                }
                let title_rank = boolean_expressions(
                    &clauses.iter().map(|c| Clause { title_only: true, ..c.clone() }).collect::<Vec<_>>(),
                )
                .1;
                if let Some(t) = title_rank {
                    rank.push("10 * MATCH(s.search_title) AGAINST ({} IN BOOLEAN MODE)");
                    order_binds.push(Bind::Text(t));
                }
                if rank.is_empty() {
                    return None;
                }
                order = format!("ORDER BY ({}) DESC, p.page_id", rank.join(" + "));
                "FROM wikiquery_search s JOIN page p ON p.page_id = s.page_id".to_owned()
            }
        }
    };
    if !filter.namespaces.is_empty() {
        let marks = vec!["{}"; filter.namespaces.len()].join(", ");
        conditions.push(format!("p.page_namespace IN ({marks})"));
        binds.extend(filter.namespaces.iter().map(|n| Bind::Int(i64::from(*n))));
    }
    if let Some((ns, start)) = &filter.prefix {
        conditions.push("p.page_namespace = {}".to_owned());
        binds.push(Bind::Int(i64::from(*ns)));
        if !start.is_empty() {
            conditions.push("p.page_title >= {}".to_owned());
            binds.push(Bind::Text(start.clone()));
            if let Some(end) = prefix_upper_bound(start) {
                conditions.push("p.page_title < {}".to_owned());
                binds.push(Bind::Text(end));
            }
        }
        if clauses.is_empty() {
            order = "ORDER BY p.page_title, p.page_id".to_owned();
        }
    }
    let where_ = if conditions.is_empty() { String::new() } else { format!(" WHERE {}", conditions.join(" AND ")) };
    Some(Search { from_where: format!("{from}{where_}"), order, binds, order_binds })
}

/// An FTS5 expression: `title : "a b"` for each clause, those excluded after `NOT`.
fn fts5_expression(clauses: &[Clause]) -> Option<String> {
    let one = |c: &Clause| -> Option<String> {
        let stems = clause_stems(c);
        if stems.is_empty() {
            return None;
        }
        let mut text = format!("\"{}\"", stems.join(" "));
        if c.wildcard {
            text.push_str(" *");
        }
        Some(if c.title_only { format!("title : {text}") } else { format!("{{title text}} : {text}") })
    };
    let positive: Vec<String> = clauses.iter().filter(|c| !c.negated).filter_map(one).collect();
    if positive.is_empty() {
        return None;
    }
    let mut expression = format!("({})", positive.join(" AND "));
    for c in clauses.iter().filter(|c| c.negated) {
        if let Some(e) = one(c) {
            expression = format!("{expression} NOT {e}");
        }
    }
    Some(expression)
}

/// MediaWiki's FTS3 `searchindex` (`si_title`, `si_text`, lower-cased words, unstemmed),
/// searched as MediaWiki searches it, one column: `si_title` when every clause is about
/// titles, `si_text` otherwise (where a single title word still names its column). Returns the
/// column and the expression.
fn fts3_expression(clauses: &[Clause]) -> (&'static str, String) {
    let titles = clauses.iter().all(|c| c.title_only);
    let column = if titles { "si_title" } else { "si_text" };
    let expression = clauses
        .iter()
        .map(|c| {
            let words = c.words.join(" ");
            let mut term = if c.words.len() > 1 { format!("\"{words}\"") } else { words };
            if c.wildcard {
                term.push('*');
            }
            if c.title_only && !titles && c.words.len() == 1 {
                term = format!("si_title:{term}");
            }
            if c.negated {
                term = format!("-{term}");
            }
            term
        })
        .collect::<Vec<_>>()
        .join(" ");
    (column, expression)
}

/// A PostgreSQL `tsquery`: stems joined by `<->` in a phrase, `:*` for a prefix, `:A` (the
/// title's weight) for titles only; clauses joined by `&`, excluded ones negated.
fn tsquery_expression(clauses: &[Clause]) -> Option<String> {
    let one = |c: &Clause| -> Option<String> {
        let stems = clause_stems(c);
        if stems.is_empty() {
            return None;
        }
        let last = stems.len() - 1;
        let parts: Vec<String> = stems
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let mut label = String::new();
                if c.wildcard && i == last {
                    label.push('*');
                }
                if c.title_only {
                    label.push('A');
                }
                if label.is_empty() {
                    s.clone()
                } else {
                    format!("{s}:{label}")
                }
            })
            .collect();
        Some(format!("({})", parts.join(" <-> ")))
    };
    let positive: Vec<String> = clauses.iter().filter(|c| !c.negated).filter_map(one).collect();
    if positive.is_empty() {
        return None;
    }
    let negative: Vec<String> = clauses.iter().filter(|c| c.negated).filter_map(one).map(|e| format!("!{e}")).collect();
    Some(positive.into_iter().chain(negative).collect::<Vec<_>>().join(" & "))
}

/// MariaDB's boolean-mode expressions, for the title and text together and for titles only.
/// Indexed words carry an `x` before them, so that no word is too short for the index or one
/// of its stopwords.
fn boolean_expressions(clauses: &[Clause]) -> (Option<String>, Option<String>) {
    let one = |c: &Clause| -> Option<String> {
        let stems = clause_stems(c);
        if stems.is_empty() {
            return None;
        }
        let sign = if c.negated { '-' } else { '+' };
        let marked: Vec<String> = stems.iter().map(|s| format!("x{s}")).collect();
        Some(if marked.len() == 1 {
            format!("{sign}{}{}", marked[0], if c.wildcard { "*" } else { "" })
        } else {
            format!("{sign}\"{}\"", marked.join(" "))
        })
    };
    let pick = |title: bool| -> Option<String> {
        let parts: Vec<String> = clauses.iter().filter(|c| c.title_only == title).filter_map(one).collect();
        let positive = clauses.iter().any(|c| c.title_only == title && !c.negated);
        (positive && !parts.is_empty()).then(|| parts.join(" "))
    };
    (pick(false), pick(true))
}

/// The words MariaDB's index holds: each marked with `x` (see [`boolean_expressions`]).
fn mysql_words(stems: &str) -> String {
    stems.split(' ').filter(|w| !w.is_empty()).map(|w| format!("x{w}")).collect::<Vec<_>>().join(" ")
}

#[derive(QueryableByName)]
struct PageContent {
    #[diesel(sql_type = BigInt)]
    page_id: i64,
    #[diesel(sql_type = Integer)]
    namespace: i32,
    #[diesel(sql_type = Text)]
    title: String,
    #[diesel(sql_type = Text)]
    address: String,
}

/// Rebuilds wikiquery's search index from every page's current text, `batch` pages a
/// transaction; `progress(done, total)` is called after each batch. Returns how many pages
/// were indexed.
pub fn rebuild_search_index(
    conn: &mut AnyConnection,
    batch: i64,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<u64, StoreError> {
    let backend = conn.backend();
    let total: i64 = with_conn!(conn, |c| crate::schema::page::table.count().get_result(c))?;
    // SQLite's index keeps no copy of the texts, so it is emptied with FTS5's own command.
    let clear = match backend {
        Backend::Sqlite => "INSERT INTO wikiquery_search (wikiquery_search) VALUES ('delete-all')",
        _ => "DELETE FROM wikiquery_search",
    };
    with_conn!(conn, |c| diesel::sql_query(clear).execute(c))?;
    let (select, insert) = match backend {
        Backend::Sqlite => (
            "SELECT p.page_id AS page_id, p.page_namespace AS namespace, p.page_title AS title, c.content_address AS address FROM page p \
             JOIN slots s ON s.slot_revision_id = p.page_latest \
             JOIN slot_roles r ON r.role_id = s.slot_role_id AND r.role_name = 'main' \
             JOIN content c ON c.content_id = s.slot_content_id \
             WHERE p.page_id > ? ORDER BY p.page_id LIMIT ?",
            "INSERT INTO wikiquery_search (rowid, title, text, ns) VALUES (?, ?, ?, ?)",
        ),
        Backend::Postgres => (
            "SELECT p.page_id AS page_id, p.page_namespace AS namespace, p.page_title AS title, c.content_address AS address FROM page p \
             JOIN slots s ON s.slot_revision_id = p.page_latest \
             JOIN slot_roles r ON r.role_id = s.slot_role_id AND r.role_name = 'main' \
             JOIN content c ON c.content_id = s.slot_content_id \
             WHERE p.page_id > $1 ORDER BY p.page_id LIMIT $2",
            "INSERT INTO wikiquery_search (page_id, document) VALUES ($1, \
             setweight(to_tsvector('simple', $2), 'A') || setweight(to_tsvector('simple', $3), 'B'))",
        ),
        Backend::Mysql => (
            "SELECT p.page_id AS page_id, p.page_namespace AS namespace, CAST(p.page_title AS CHAR) AS title, \
             CAST(c.content_address AS CHAR) AS address FROM page p \
             JOIN slots s ON s.slot_revision_id = p.page_latest \
             JOIN slot_roles r ON r.role_id = s.slot_role_id AND r.role_name = 'main' \
             JOIN content c ON c.content_id = s.slot_content_id \
             WHERE p.page_id > ? ORDER BY p.page_id LIMIT ?",
            "INSERT INTO wikiquery_search (page_id, search_title, search_text) VALUES (?, ?, ?)",
        ),
    };
    let mut after = 0i64;
    let mut done = 0u64;
    loop {
        let rows: Vec<PageContent> = load_refs(conn, select, &[], &[Bind::Int(after), Bind::Int(batch)])?;
        let Some(last) = rows.last() else { break };
        after = last.page_id;
        let addresses: Vec<&str> = rows.iter().map(|r| r.address.as_str()).collect();
        let texts = Reader::new(&mut *conn).texts(&addresses)?;
        let prepared: Vec<(i64, String, String, String)> = rows
            .iter()
            .map(|r| {
                let title = index_words(&r.title.replace('_', " "));
                let text = texts.get(&r.address).map(|t| index_words(t)).unwrap_or_default();
                let ns = format!("n{}", r.namespace);
                match backend {
                    Backend::Mysql => (r.page_id, mysql_words(&title), mysql_words(&text), ns),
                    _ => (r.page_id, title, text, ns),
                }
            })
            .collect();
        with_conn!(conn, |c| c.transaction::<_, diesel::result::Error, _>(|c| {
            for (id, title, text, ns) in &prepared {
                let query =
                    diesel::sql_query(insert).bind::<BigInt, _>(*id).bind::<Text, _>(title).bind::<Text, _>(text);
                if backend == Backend::Sqlite {
                    query.bind::<Text, _>(ns).execute(c)?;
                } else {
                    query.execute(c)?;
                }
            }
            Ok(())
        }))?;
        done += rows.len() as u64;
        progress(done, u64::try_from(total).unwrap_or(0));
    }
    if backend == Backend::Sqlite {
        // One b-tree of the index's many segments: searches read one list per word.
        with_conn!(conn, |c| diesel::sql_query("INSERT INTO wikiquery_search (wikiquery_search) VALUES ('optimize')")
            .execute(c))?;
    }
    Ok(done)
}
