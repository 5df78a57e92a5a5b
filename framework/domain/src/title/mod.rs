//! Page titles as MediaWiki reads them: a site's namespaces and interwiki prefixes, and the
//! parser that turns a written title (`user talk:foo_bar#Top`) into its namespace, database
//! key, fragment and interwiki prefix, or says why it is no valid title.
//!
//! The rules follow MediaWiki 1.39's title codec (whitespace, bidi marks, prefixes, fragment,
//! illegal characters, relative paths, `~~~`, length, first-letter case, IP user names).
//! [`parse_title`] additionally decodes character references first, as MediaWiki does for
//! titles in API parameters and in links; [`split_title`] is the codec alone.

mod codec;
mod entities;
mod interwiki;
mod ip;
mod namespaces;
mod references;
mod subpages;
#[cfg(test)]
mod tests;

pub use codec::{parse_title, split_title, title_part_to_key, upper_first};
pub use interwiki::{InterwikiInfo, InterwikiMap};
pub use ip::{ip_from_hex, ip_hex, ip_range_hex, sanitize_ip};
pub use namespaces::{is_talk, subject, talk, NamespaceInfo, SiteNamespaces};
pub use references::{
    decode_char_references, decode_char_references_and_normalize, named_entity, valid_reference_code_point,
};
pub use subpages::normalize_subpage_link;

use std::fmt;

/// The namespace of media links (`[[Media:X]]`).
pub const NS_MEDIA: i32 = -2;
/// The namespace of special pages.
pub const NS_SPECIAL: i32 = -1;
/// The main (article) namespace.
pub const NS_MAIN: i32 = 0;
/// The talk namespace of the main namespace.
pub const NS_TALK: i32 = 1;
/// User pages.
pub const NS_USER: i32 = 2;
/// User talk pages.
pub const NS_USER_TALK: i32 = 3;
/// The project namespace, named after the site.
pub const NS_PROJECT: i32 = 4;
/// File description pages.
pub const NS_FILE: i32 = 6;
/// Interface messages.
pub const NS_MEDIAWIKI: i32 = 8;
/// Templates.
pub const NS_TEMPLATE: i32 = 10;
/// Help pages.
pub const NS_HELP: i32 = 12;
/// Category pages.
pub const NS_CATEGORY: i32 = 14;

/// Longest database key, in bytes, of a title outside the special namespace.
pub const MAX_TITLE_BYTES: usize = 255;
/// Longest database key, in bytes, of a special page (subpage syntax may need the room).
pub const MAX_SPECIAL_TITLE_BYTES: usize = 512;

/// Whether a byte may stand in a link target (MediaWiki's legal title characters, `#` and
/// `%`); every byte of a multi-byte character may.
pub fn is_link_target_byte(b: u8) -> bool {
    b >= 0x80
        || b" %!\"$&'()*,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ\\^_`abcdefghijklmnopqrstuvwxyz~+#".contains(&b)
}

/// A title as MediaWiki reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedTitle {
    /// The namespace number (the default one for an interwiki title).
    pub ns: i32,
    /// The title without namespace, with underscores (`Foo_bar`).
    pub dbkey: String,
    /// The title without namespace, with spaces (`Foo bar`).
    pub text: String,
    /// The part after `#`, with spaces; empty when there is none.
    pub fragment: String,
    /// The interwiki prefix in lower case; empty for a title of this site.
    pub interwiki: String,
}

impl ParsedTitle {
    /// Whether the title belongs to another site.
    pub fn is_external(&self) -> bool {
        !self.interwiki.is_empty()
    }

    /// The title with its namespace (and interwiki prefix), with spaces, as MediaWiki shows it.
    pub fn prefixed_text(&self, site: &SiteNamespaces) -> String {
        let local = full_text(self.ns, &self.dbkey, site);
        if self.interwiki.is_empty() {
            local
        } else {
            format!("{}:{local}", self.interwiki)
        }
    }
}

/// Why a text is no valid title; [`InvalidTitle::code`] gives MediaWiki's message key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InvalidTitle {
    /// Nothing left of the title (or only a namespace).
    Empty,
    /// The text holds U+FFFD, the mark of broken UTF-8 (or of a character reference to an
    /// invalid code point).
    Utf8,
    /// A character (or `%XX`, or `&name;`) that titles cannot hold; the offending text.
    Characters(String),
    /// A `.` or `..` path segment.
    Relative,
    /// A `~~~` sequence, which signatures would expand.
    MagicTilde,
    /// The database key is longer than the limit (in bytes) carried here.
    TooLong(usize),
    /// A `:` left at the start after the prefixes are taken.
    LeadingColon,
    /// A talk page of something that has none (`Talk:File:X`, `Talk:wikipedia:X`).
    TalkNamespace,
    /// A key MediaWiki's last consistency check refuses: one that begins or ends with `_`,
    /// or holds a line break or tab (what a line break at the very end of a prefixed title's
    /// rest leaves: `Talk:n_⏎`).
    Invalid,
}

impl InvalidTitle {
    /// MediaWiki's message key for the reason.
    pub fn code(&self) -> &'static str {
        match self {
            InvalidTitle::Empty => "title-invalid-empty",
            InvalidTitle::Utf8 => "title-invalid-utf8",
            InvalidTitle::Characters(_) => "title-invalid-characters",
            InvalidTitle::Relative => "title-invalid-relative",
            InvalidTitle::MagicTilde => "title-invalid-magic-tilde",
            InvalidTitle::TooLong(_) => "title-invalid-too-long",
            InvalidTitle::LeadingColon => "title-invalid-leading-colon",
            InvalidTitle::TalkNamespace => "title-invalid-talk-namespace",
            InvalidTitle::Invalid => "title-invalid",
        }
    }
}

impl fmt::Display for InvalidTitle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InvalidTitle::Characters(c) => write!(f, "{}: {c:?}", self.code()),
            InvalidTitle::TooLong(max) => write!(f, "{}: more than {max} bytes", self.code()),
            _ => f.write_str(self.code()),
        }
    }
}

impl std::error::Error for InvalidTitle {}

/// The title with its namespace, with spaces: `full_text(3, "Foo_bar", site)` is
/// `"User talk:Foo bar"`. A namespace the site does not know gets no prefix.
pub fn full_text(ns: i32, dbkey: &str, site: &SiteNamespaces) -> String {
    let mut text = String::new();
    push_full_text(&mut text, ns, dbkey, site);
    text
}

/// Appends [`full_text`] to `text`, so that one buffer can serve title after title.
pub fn push_full_text(text: &mut String, ns: i32, dbkey: &str, site: &SiteNamespaces) {
    let prefix = site.name(ns).filter(|name| !name.is_empty());
    text.reserve(prefix.map_or(0, |p| p.len() + 1) + dbkey.len());
    if let Some(prefix) = prefix {
        text.push_str(prefix);
        text.push(':');
    }
    for (i, part) in dbkey.split('_').enumerate() {
        if i > 0 {
            text.push(' ');
        }
        text.push_str(part);
    }
}

/// The title with its namespace, with underscores (`User_talk:Foo_bar`).
pub fn full_dbkey(ns: i32, dbkey: &str, site: &SiteNamespaces) -> String {
    full_text(ns, dbkey, site).replace(' ', "_")
}
