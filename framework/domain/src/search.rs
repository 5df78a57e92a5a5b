//! Full-text search as readers write it: the query syntax MediaWiki's users know (words, all
//! of which must match; `"quoted phrases"`; `-word` to exclude; `word*` for a prefix;
//! `intitle:word`; `prefix:Title` for titles that begin so), words as the index stores them
//! (lower case, letters and digits), and the snippets that show where a page matched, marked
//! as MediaWiki marks them.

use rust_stemmers::{Algorithm, Stemmer};

/// One part of a query: a word or a phrase.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clause {
    /// The words, as the index stores them; several make a phrase.
    pub words: Vec<String>,
    /// The last word matches words that begin with it (`word*`).
    pub wildcard: bool,
    /// Pages that match it are left out (`-word`).
    pub negated: bool,
    /// Only the title is searched (`intitle:`).
    pub title_only: bool,
}

/// A parsed query.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SearchQuery {
    /// The words and phrases, all of which must match (the negated ones must not).
    pub clauses: Vec<Clause>,
    /// `prefix:`: only titles that begin with this (prefixed) text.
    pub prefix: Option<String>,
}

impl SearchQuery {
    /// Parses what a reader typed.
    pub fn parse(text: &str) -> SearchQuery {
        let mut query = SearchQuery::default();
        let mut rest = text.trim();
        while !rest.is_empty() {
            let mut negated = false;
            let mut title_only = false;
            if let Some(r) = rest.strip_prefix('-') {
                negated = true;
                rest = r;
            }
            let lower = rest.to_lowercase();
            if lower.starts_with("prefix:") {
                let value = rest["prefix:".len()..].trim();
                if !value.is_empty() {
                    query.prefix = Some(value.to_owned());
                }
                break;
            }
            if lower.starts_with("intitle:") {
                title_only = true;
                rest = &rest["intitle:".len()..];
            }
            let (piece, after, quoted) = match rest.strip_prefix('"') {
                Some(r) => match r.find('"') {
                    Some(end) => (&r[..end], &r[end + 1..], true),
                    None => (r, "", true),
                },
                None => {
                    let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
                    (&rest[..end], &rest[end..], false)
                }
            };
            rest = after.trim_start();
            let wildcard = !quoted && piece.ends_with('*');
            let words = words(piece);
            if words.is_empty() {
                continue;
            }
            query.clauses.push(Clause { words, wildcard, negated, title_only });
        }
        query
    }

    /// Whether the query asks for anything a page must contain.
    pub fn has_positive(&self) -> bool {
        self.clauses.iter().any(|c| !c.negated)
    }

    /// The words a snippet marks: those of the clauses a page must match.
    pub fn marked_words(&self) -> Vec<(String, bool)> {
        self.clauses
            .iter()
            .filter(|c| !c.negated)
            .flat_map(|c| {
                let last = c.words.len() - 1;
                c.words.iter().enumerate().map(move |(i, w)| (w.clone(), c.wildcard && i == last))
            })
            .collect()
    }
}

/// The words of a text as the index stores them: runs of letters and digits, in lower case.
pub fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect()
}

/// The words of a text as a search index holds them: stemmed, separated by spaces.
pub fn index_words(text: &str) -> String {
    let stemmer = Stemmer::create(Algorithm::English);
    let mut out = String::with_capacity(text.len() / 2);
    for word in words(text) {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&stemmer.stem(&word));
    }
    out
}

/// How many words a text has, counted as PHP's `str_word_count` counts them, as MediaWiki
/// reports `wordcount`: runs of ASCII letters, apostrophes and hyphens (a run of quotes
/// counts), except that the text's first character is skipped when it is an apostrophe or
/// a hyphen, and its last when it is a hyphen.
pub fn word_count(text: &str) -> usize {
    let mut bytes = text.as_bytes();
    if let [b'\'' | b'-', rest @ ..] = bytes {
        bytes = rest;
    }
    if let [rest @ .., b'-'] = bytes {
        bytes = rest;
    }
    let mut count = 0;
    let mut in_word = false;
    for &b in bytes {
        let part = b.is_ascii_alphabetic() || b == b'\'' || b == b'-';
        if part && !in_word {
            count += 1;
        }
        in_word = part;
    }
    count
}

/// The lines of a page's text that match, as MediaWiki's snippets give them: up to two
/// lines, each kept from 75 characters before its last match (cut there, at a space, behind
/// `...`, only when that makes it shorter) to 76 bytes after, HTML-escaped as PHP's
/// `htmlspecialchars` escapes (quotes too), every matching word in
/// `<span class='searchmatch'>` (with `stemmed`, words of the same stem too), each line ended
/// by a newline. Empty when no line matches.
pub fn snippet(text: &str, marked: &[(String, bool)], stemmed: bool) -> String {
    let stemmer = Stemmer::create(Algorithm::English);
    let stems: Vec<String> = marked.iter().map(|(w, _)| stemmer.stem(w).into_owned()).collect();
    // MediaWiki marks a word through `\bword\b` on the text's bytes: a word that begins or ends
    // with a letter outside ASCII never has a word boundary there, so it is never marked.
    let ascii_edges = |w: &str| {
        let word_byte = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
        word_byte(w.chars().next()) && word_byte(w.chars().last())
    };
    let matches = |word: &str| {
        let lower = word.to_lowercase();
        marked.iter().zip(&stems).filter(|((w, _), _)| ascii_edges(w)).any(|((w, wild), s)| {
            lower == *w
                || (*wild && lower.starts_with(w.as_str()))
                // A word shares its stem's first letters: only those are stemmed to compare.
                || (stemmed && !*wild && lower.starts_with(&s[..s.char_indices().nth(2).map_or(s.len(), |(i, _)| i)])
                    && stemmer.stem(&lower) == *s)
        })
    };
    let mut out = String::new();
    let mut lines = 0;
    for line in text.lines() {
        if lines == 2 {
            break;
        }
        let spans = word_spans(line);
        // The last match of the line, as a greedy `(.*)(terms)` finds it.
        let Some(&(last_start, last_end)) = spans.iter().rev().find(|(s, e)| matches(&line[*s..*e])) else { continue };
        let (start, lead) = context_before(line, last_start);
        // 76 bytes after it (MediaWiki's pattern counts bytes); a character cut in two there
        // becomes U+FFFD, as `htmlspecialchars` writes a broken sequence.
        let mut end = (last_end + 76).min(line.len());
        let cut = !line.is_char_boundary(end);
        while !line.is_char_boundary(end) {
            end -= 1;
        }
        out.push_str(lead);
        let mut at = start;
        for (s, e) in spans.iter().filter(|(s, e)| *s >= start && *e <= end) {
            if matches(&line[*s..*e]) {
                out.push_str(&crate::html::escape(&line[at..*s]));
                out.push_str("<span class='searchmatch'>");
                out.push_str(&crate::html::escape(&line[*s..*e]));
                out.push_str("</span>");
                at = *e;
            }
        }
        out.push_str(&crate::html::escape(&line[at..end]));
        if cut {
            out.push('\u{fffd}');
        }
        out.push('\n');
        lines += 1;
    }
    out
}

/// Where the kept context before a match begins, and what stands before it: the last 75
/// characters without their leading spaces, after `...`, when that is shorter than the whole
/// (MediaWiki's `truncateForVisual`); else the whole.
fn context_before(line: &str, match_start: usize) -> (usize, &'static str) {
    let before = &line[..match_start];
    let chars = before.chars().count();
    if chars <= 75 {
        return (0, "");
    }
    let mut from = before.char_indices().nth(chars - 75).map_or(0, |(i, _)| i);
    let kept = before[from..].trim_start();
    from = match_start - kept.len();
    if 3 + kept.chars().count() < chars {
        (from, "...")
    } else {
        (0, "")
    }
}

/// The byte spans of a line's words.
fn word_spans(line: &str) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut start = None;
    for (i, c) in line.char_indices() {
        match (c.is_alphanumeric(), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                spans.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        spans.push((s, line.len()));
    }
    spans
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queries_parse_as_readers_write_them() {
        let q = SearchQuery::parse("Big cats \"black panther\" -lion intitle:Zoo run* prefix:Help:Cont");
        let words: Vec<(Vec<String>, bool, bool, bool)> =
            q.clauses.iter().map(|c| (c.words.clone(), c.wildcard, c.negated, c.title_only)).collect();
        let w = |s: &[&str]| s.iter().map(|x| (*x).to_owned()).collect::<Vec<_>>();
        assert_eq!(
            words,
            vec![
                (w(&["big"]), false, false, false),
                (w(&["cats"]), false, false, false),
                (w(&["black", "panther"]), false, false, false),
                (w(&["lion"]), false, true, false),
                (w(&["zoo"]), false, false, true),
                (w(&["run"]), true, false, false),
            ]
        );
        assert_eq!(q.prefix.as_deref(), Some("Help:Cont"));
        assert!(!SearchQuery::parse("-only -negated").has_positive());
        assert!(SearchQuery::parse("   ").clauses.is_empty());
        assert_eq!(SearchQuery::parse("C++ 'quotes' <b>").clauses.len(), 3);
    }

    #[test]
    fn words_are_counted_as_php_counts_them() {
        assert_eq!(word_count("The cat's well-known hat, 2 times!"), 5);
        assert_eq!(word_count(""), 0);
        assert_eq!(word_count("'''Dog''' is E=mc\u{b2}"), 4);
    }

    #[test]
    fn snippets_mark_matching_words_and_their_stems() {
        let text = "{{Infobox|name=Cat}}\nNothing here.\nThe cats are <animals>.\nCat again";
        let q = SearchQuery::parse("cat animal");
        assert_eq!(
            snippet(text, &q.marked_words(), true),
            "{{Infobox|name=<span class='searchmatch'>Cat</span>}}\nThe <span class='searchmatch'>cats</span> are &lt;<span class='searchmatch'>animals</span>&gt;.\n"
        );
        assert_eq!(snippet("no match", &q.marked_words(), true), "");
        let wild = SearchQuery::parse("ani*");
        assert_eq!(snippet("Animals", &wild.marked_words(), false), "<span class='searchmatch'>Animals</span>\n");
    }
}
