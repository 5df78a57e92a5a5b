//! The strip state: what extension tags (`<nowiki>`, `<pre>`) rendered, kept out of the way of
//! the wikitext passes behind markers and put back at the end, as MediaWiki's `StripState`.

use std::cell::Cell;
use std::collections::HashMap;

pub use wikiquery_domain::preprocessor::expand::{MARKER_PREFIX, MARKER_SUFFIX};

/// How deep markers may hide markers before unstripping stops (MediaWiki's limit).
pub const MAX_UNSTRIP_DEPTH: usize = 20;
/// How many bytes unstripping may put back (MediaWiki's limit; reported, not enforced here).
pub const MAX_UNSTRIP_SIZE: usize = 5_000_000;

/// Whether a marker's text comes back with the nowiki pass or the general one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    NoWiki,
    General,
}

/// The markers of a parse and what they stand for.
#[derive(Debug, Default)]
pub struct StripState {
    items: HashMap<String, (Kind, String)>,
    serial: u32,
    /// How deep unstripping went, and the bytes it put back (MediaWiki's limit report).
    deepest: Cell<usize>,
    unstripped: Cell<usize>,
}

impl StripState {
    /// A new marker for a tag `name` standing for `html`.
    pub fn add(&mut self, kind: Kind, name: &str, html: String) -> String {
        let marker = format!("{MARKER_PREFIX}-{name}-{:08X}{MARKER_SUFFIX}", self.serial);
        self.serial += 1;
        self.items.insert(marker.clone(), (kind, html));
        marker
    }

    /// A marker of a name MediaWiki gives without a serial (`-h-3-`: heading 3).
    pub fn add_named(&mut self, kind: Kind, name: &str, html: String) -> String {
        let marker = format!("{MARKER_PREFIX}-{name}-{MARKER_SUFFIX}");
        self.items.insert(marker.clone(), (kind, html));
        marker
    }

    /// Sets what a marker made earlier stands for (a gallery, rendered after the expansion).
    pub fn set(&mut self, marker: &str, kind: Kind, html: String) {
        self.items.insert(marker.to_owned(), (kind, html));
    }

    /// `text` with the markers of `kind` replaced by what they stand for.
    pub fn unstrip(&self, text: &str, kind: Kind) -> String {
        self.unstrip_depth(text, Some(kind), 0)
    }

    /// `text` with all markers replaced.
    pub fn unstrip_both(&self, text: &str) -> String {
        self.unstrip_depth(text, None, 0)
    }

    fn unstrip_depth(&self, text: &str, kind: Option<Kind>, depth: usize) -> String {
        if !text.contains(MARKER_PREFIX) {
            return text.to_owned();
        }
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(start) = rest.find(MARKER_PREFIX) {
            out.push_str(&rest[..start]);
            let after = &rest[start..];
            let Some(end) = after[MARKER_PREFIX.len()..].find(MARKER_SUFFIX) else {
                out.push_str(after);
                return out;
            };
            let marker = &after[..MARKER_PREFIX.len() + end + MARKER_SUFFIX.len()];
            match self.items.get(marker) {
                Some((k, html)) if kind.map_or(true, |want| want == *k) => {
                    self.deepest.set(self.deepest.get().max(depth));
                    self.unstripped.set(self.unstripped.get() + html.len());
                    if depth >= MAX_UNSTRIP_DEPTH {
                        out.push_str("<span class=\"error\">Unstrip recursion limit exceeded</span>");
                    } else {
                        out.push_str(&self.unstrip_depth(html, kind, depth + 1));
                    }
                }
                _ => out.push_str(marker),
            }
            rest = &after[marker.len()..];
        }
        out.push_str(rest);
        out
    }

    /// How deep unstripping went and how many bytes it put back.
    pub fn limits_spent(&self) -> (usize, usize) {
        (self.deepest.get(), self.unstripped.get())
    }

    /// `text` without any marker (MediaWiki's `killMarkers`).
    pub fn kill_markers(text: &str) -> std::borrow::Cow<'_, str> {
        if text.contains(MARKER_PREFIX) {
            std::borrow::Cow::Owned(wikiquery_domain::preprocessor::expand::without_markers(text))
        } else {
            std::borrow::Cow::Borrowed(text)
        }
    }
}
