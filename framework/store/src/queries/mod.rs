//! Typed questions modules ask the database. Each takes a filter struct and returns rows; the
//! SQL (diesel's query builder, one text for every backend through `with_conn!`) lives here and
//! nowhere else.
//!
//! Files are named by the tables they read, as MediaWiki names them (`logging`, `recent_changes`,
//! `watchlist`, …). A table with several questions is a folder: its `mod.rs` holds the rows and
//! the questions every module asks, a file beside it each listing's own (`pages/allpages.rs`,
//! `links/backlinks.rs`, `revisions/contributions.rs`).

use std::collections::HashMap;

/// The condition "(namespace, title) is one of `targets`" on two columns, as a boxed
/// expression: `(ns = n AND title IN (…)) OR …`, one term per namespace, each an index range
/// (SQLite reads an OR through an index only when every term is one); `1=0` for no targets.
/// The rows at or after a continue key in the listing's direction (keyset paging), the one way
/// every listing resumes: `keyset!(ascending; a => x, b => y)` is `(a, b) >= (x, y)` in the
/// order of the columns, `<=` when descending; the key is the first row of the next batch, so
/// its own row is included. Written `a >= x AND (a > x OR ...)`, so that the first column
/// alone bounds an index range.
macro_rules! keyset {
    ($asc:expr; $c:expr => $v:expr) => {{
        let key: Box<dyn diesel::expression::BoxableExpression<_, _, SqlType = diesel::sql_types::Bool>> =
            if $asc { Box::new($c.ge($v)) } else { Box::new($c.le($v)) };
        key
    }};
    ($asc:expr; $c:expr => $v:expr, $($rest:tt)+) => {{
        let v = $v;
        let rest = keyset!($asc; $($rest)+);
        let key: Box<dyn diesel::expression::BoxableExpression<_, _, SqlType = diesel::sql_types::Bool>> = if $asc {
            Box::new($c.ge(v.clone()).and($c.gt(v).or(rest)))
        } else {
            Box::new($c.le(v.clone()).and($c.lt(v).or(rest)))
        };
        key
    }};
}

macro_rules! any_title {
    ($ns:expr, $title:expr, $targets:expr) => {{
        let targets: &[(i32, String)] = $targets;
        let mut namespaces: Vec<i32> = targets.iter().map(|(n, _)| *n).collect();
        namespaces.sort_unstable();
        namespaces.dedup();
        let mut any: Option<Box<dyn BoxableExpression<_, _, SqlType = diesel::sql_types::Bool>>> = None;
        for ns in namespaces {
            let titles: Vec<String> = targets.iter().filter(|(n, _)| *n == ns).map(|(_, t)| t.clone()).collect();
            let term = $ns.eq(ns).and($crate::queries::sql::InListExt::in_list($title, titles));
            any = Some(match any {
                None => Box::new(term),
                Some(before) => Box::new(before.or(term)),
            });
        }
        any.unwrap_or_else(|| Box::new($crate::queries::sql::fixed_sql::<diesel::sql_types::Bool>("1=0")))
    }};
}

/// The columns of a [`revisions::RevisionRow`], in order, for a query that joins `revision`
/// with `actor` and (left) `revision_comment_temp`: one list for every revision listing.
macro_rules! revision_row_columns {
    () => {
        (
            revision::rev_id,
            revision::rev_page,
            revision::rev_parent_id,
            revision::rev_timestamp,
            revision::rev_minor_edit,
            revision::rev_deleted,
            revision::rev_len,
            revision::rev_sha1,
            actor::actor_name,
            actor::actor_user,
            revision::rev_comment_id,
            revision_comment_temp::revcomment_comment_id.nullable(),
        )
    };
}

/// The most values one list of values holds; longer lists are asked for in parts (MariaDB
/// binds each value on its own, and every backend limits the values one statement binds).
pub(crate) const IN_LIST_MAX: usize = 1000;

/// Ids of rows a page of a listing needs (its log entries, changes, comments), sorted and
/// without repeats, and when they fall in a few runs of near neighbours, those runs as
/// inclusive ranges.
///
/// Such ids are mostly a run or two of near-consecutive numbers (rows are numbered as they are
/// made, and a page lists rows made about together): reading each run as one range of an index
/// costs a step from one row to the next, where an `IN (...)` list costs a lookup for each id
/// and a bound value each. Ids spread wider (a filtered listing) give no runs, and are looked
/// up by list.
pub(crate) fn id_runs(ids: &[i64]) -> (Vec<i64>, Option<Vec<(i64, i64)>>) {
    /// Ids this far apart or closer are read as one range.
    const NEAR: i64 = 64;
    /// More runs than this are looked up by list.
    const MAX_RUNS: usize = 8;
    let mut ids = ids.to_vec();
    ids.sort_unstable();
    ids.dedup();
    let mut runs: Vec<(i64, i64)> = Vec::new();
    for &id in &ids {
        match runs.last_mut() {
            Some((_, high)) if id - *high <= NEAR => *high = id,
            _ => runs.push((id, id)),
        }
    }
    let runs = (runs.len() <= MAX_RUNS).then_some(runs);
    (ids, runs)
}

/// Reads rows by id through [`id_runs`]: `$by_range(low, high)` for each run or
/// `$by_list(chunk)` for each part of the list, keeping only the rows whose id (`$id_of(&row)`)
/// was asked for. Gives the rows in a `Vec`.
macro_rules! rows_by_ids {
    ($ids:expr, $id_of:expr, |$low:ident, $high:ident| $by_range:expr, |$chunk:ident| $by_list:expr) => {{
        let (ids, runs) = $crate::queries::id_runs($ids);
        let mut found = Vec::new();
        match runs {
            Some(runs) => {
                for ($low, $high) in runs {
                    let part: Vec<_> = $by_range;
                    found.extend(part.into_iter().filter(|row| ids.binary_search(&$id_of(row)).is_ok()));
                }
            }
            None => {
                for $chunk in ids.chunks($crate::queries::IN_LIST_MAX) {
                    let part: Vec<_> = $by_list;
                    found.extend(part);
                }
            }
        }
        found
    }};
}

pub mod accounts;
pub mod archive;
pub mod blocks;
pub mod categories;
pub mod files;
pub mod links;
pub mod logging;
pub mod page_props;
pub mod pages;
pub mod protected_titles;
pub mod querycache;
pub mod recent_changes;
pub mod revisions;
pub mod search;
pub mod site;
pub mod sql;
pub mod upload_stash;
pub mod users;
pub mod watchlist;

diesel::infix_operator!(BitAnd, " & ", diesel::sql_types::Integer);

/// Tags as rows give them (the tagged row's id, the tag's name), in order, grouped by id.
pub(crate) fn group_tags(rows: impl IntoIterator<Item = (Option<i64>, String)>) -> HashMap<i64, Vec<String>> {
    let mut out: HashMap<i64, Vec<String>> = HashMap::new();
    for (id, name) in rows {
        if let Some(id) = id {
            out.entry(id).or_default().push(name);
        }
    }
    out
}

/// The smallest text greater than every text that starts with `prefix`, in the byte order
/// titles are compared in (SQLite's BINARY, PostgreSQL's "C" collation, MariaDB's
/// VARBINARY); `None` when no text bounds them (an empty prefix).
///
/// `title >= prefix AND title < bound` selects exactly the titles starting with `prefix`
/// (UTF-8 orders bytes as it orders code points, and no character's encoding is a prefix of
/// another's), as an index range on every backend, whatever the planner knows of bound values
/// (a LIKE pattern only narrows an index when its text is known when the query is planned).
pub fn prefix_upper_bound(prefix: &str) -> Option<String> {
    let mut chars: Vec<char> = prefix.chars().collect();
    while let Some(last) = chars.pop() {
        let next = (u32::from(last) + 1..=0x10FFFF).find_map(char::from_u32);
        if let Some(next) = next {
            chars.push(next);
            return Some(chars.into_iter().collect());
        }
    }
    None
}

/// A LIKE pattern's literal text: `\`, `%` and `_` escaped with `\` (the queries that use it
/// say `ESCAPE '\'`).
pub fn escape_like(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '\\' | '%' | '_') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::prefix_upper_bound;

    #[test]
    fn prefix_bounds_follow_the_last_character() {
        assert_eq!(prefix_upper_bound("Ab").as_deref(), Some("Ac"));
        assert_eq!(prefix_upper_bound("A_%").as_deref(), Some("A_&"));
        assert_eq!(prefix_upper_bound("Z\u{D7FF}").as_deref(), Some("Z\u{E000}"));
        assert_eq!(prefix_upper_bound("Y\u{10FFFF}").as_deref(), Some("Z"));
        assert_eq!(prefix_upper_bound("\u{10FFFF}"), None);
        assert_eq!(prefix_upper_bound(""), None);
    }

    #[test]
    fn the_bound_orders_after_every_extension_of_the_prefix() {
        for prefix in ["a", "Ä", "日本", "x\u{7F}", "z\u{FFFF}"] {
            let bound = prefix_upper_bound(prefix).unwrap();
            for rest in ["", "\u{0}", "zz", "\u{10FFFF}\u{10FFFF}"] {
                let title = format!("{prefix}{rest}");
                assert!(title.as_bytes() >= prefix.as_bytes() && title.as_bytes() < bound.as_bytes(), "{title:?}");
            }
            assert!(!bound.starts_with(prefix));
        }
    }
}
