//! A site's interwiki prefixes.

use std::collections::HashMap;

/// What MediaWiki knows of an interwiki prefix.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InterwikiInfo {
    /// Whether links with this prefix are interlanguage links (the prefix is a language code
    /// the site knows), recorded in `langlinks` rather than `iwlinks`.
    pub language: bool,
    /// `iw_local`: whether the target counts as local for redirects from outside.
    pub local: bool,
    /// `iw_trans`: whether templates may be transcluded from it.
    pub trans: bool,
}

/// A site's interwiki prefixes, looked up without regard to case.
#[derive(Debug, Clone, Default)]
pub struct InterwikiMap {
    entries: HashMap<String, InterwikiInfo>,
    /// URL templates (`https://en.wikipedia.org/wiki/$1`) by lower-cased prefix.
    urls: HashMap<String, String>,
}

impl InterwikiMap {
    /// An empty map: no prefix is an interwiki prefix.
    pub fn new() -> InterwikiMap {
        InterwikiMap::default()
    }

    /// Adds (or replaces) a prefix.
    pub fn insert(&mut self, prefix: &str, info: InterwikiInfo) {
        self.entries.insert(prefix.to_lowercase(), info);
    }

    /// What the map knows of a prefix.
    pub fn get(&self, prefix: &str) -> Option<&InterwikiInfo> {
        self.entries.get(&prefix.to_lowercase())
    }

    /// Sets the URL template of a prefix: `$1` stands for the page.
    pub fn set_url(&mut self, prefix: &str, template: &str) {
        self.urls.insert(prefix.to_lowercase(), template.to_owned());
    }

    /// The URL of a page of the wiki a prefix names (`dbkey` with underscores), as
    /// MediaWiki builds it: the URL-encoded key in place of `$1`.
    pub fn url(&self, prefix: &str, dbkey: &str) -> Option<String> {
        let template = self.urls.get(&prefix.to_lowercase())?;
        Some(template.replace("$1", &crate::url::wf_urlencode(dbkey)))
    }

    /// Whether a prefix is an interwiki prefix.
    pub fn is_interwiki(&self, prefix: &str) -> bool {
        self.get(prefix).is_some()
    }

    /// Whether a prefix makes interlanguage links.
    pub fn is_language(&self, prefix: &str) -> bool {
        self.get(prefix).is_some_and(|i| i.language)
    }
}
