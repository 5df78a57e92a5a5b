//! Typed questions modules ask the database, one file per subject. Each takes a filter struct
//! and returns rows; the SQL (diesel's query builder, one text for every backend through
//! `with_conn!`) lives here and nowhere else.

pub mod allpages;
pub mod logevents;
pub mod pages;

/// The escape character of LIKE patterns, as MediaWiki uses it.
pub const LIKE_ESCAPE: char = '`';

/// A LIKE pattern matching every text that starts with `prefix`: the pattern characters `%`
/// and `_` and the escape character itself are escaped.
pub fn like_prefix(prefix: &str) -> String {
    let mut pattern = String::with_capacity(prefix.len() + 2);
    for c in prefix.chars() {
        if matches!(c, '%' | '_') || c == LIKE_ESCAPE {
            pattern.push(LIKE_ESCAPE);
        }
        pattern.push(c);
    }
    pattern.push('%');
    pattern
}
