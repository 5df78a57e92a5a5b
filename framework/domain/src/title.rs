//! Page titles as MediaWiki reads them: a site's namespaces and interwiki prefixes, and the
//! parser that turns a written title (`user talk:foo_bar#Top`) into its namespace, database
//! key, fragment and interwiki prefix, or says why it is no valid title.
//!
//! The rules follow MediaWiki 1.39's title codec (whitespace, bidi marks, prefixes, fragment,
//! illegal characters, relative paths, `~~~`, length, first-letter case, IP user names).
//! [`parse_title`] additionally decodes character references first, as MediaWiki does for
//! titles in API parameters and in links; [`split_title`] is the codec alone.

use std::collections::HashMap;
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

/// One namespace of a site.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamespaceInfo {
    /// The namespace number.
    pub id: i32,
    /// The canonical (English, language-independent) name, with spaces; empty for the main namespace.
    pub canonical: String,
    /// The name the site shows, with spaces; empty for the main namespace.
    pub name: String,
    /// Further names that lead to this namespace (`Image` for `File`).
    pub aliases: Vec<String>,
    /// Whether titles here get an upper-case first letter (MediaWiki's `first-letter` case).
    pub capitalized: bool,
    /// Whether `/` makes subpages here.
    pub subpages: bool,
}

/// The namespaces of a site, with the name lookups title parsing needs.
#[derive(Debug, Clone)]
pub struct SiteNamespaces {
    namespaces: Vec<NamespaceInfo>,
    /// Lower-cased names with underscores (canonical, local and aliases) to namespace numbers.
    by_name: HashMap<String, i32>,
    /// Whether namespaces the site does not list capitalise titles.
    capital_links: bool,
    /// Interwiki prefixes that point back at this site and are dropped from titles.
    local_interwikis: Vec<String>,
    /// The database key an empty local-interwiki link (`[[thissite:]]`) stands for.
    main_page: String,
}

/// The canonical English names of MediaWiki's built-in namespaces; the project pair is
/// named after the site and so has no fixed local name.
const BUILT_IN: &[(i32, &str)] = &[
    (NS_MEDIA, "Media"),
    (NS_SPECIAL, "Special"),
    (NS_MAIN, ""),
    (NS_TALK, "Talk"),
    (NS_USER, "User"),
    (NS_USER_TALK, "User talk"),
    (NS_PROJECT, "Project"),
    (5, "Project talk"),
    (NS_FILE, "File"),
    (7, "File talk"),
    (NS_MEDIAWIKI, "MediaWiki"),
    (9, "MediaWiki talk"),
    (NS_TEMPLATE, "Template"),
    (11, "Template talk"),
    (NS_HELP, "Help"),
    (13, "Help talk"),
    (NS_CATEGORY, "Category"),
    (15, "Category talk"),
];

/// Old names kept as aliases in every language.
const BUILT_IN_ALIASES: &[(&str, i32)] = &[("Image", NS_FILE), ("Image talk", 7)];

/// Namespaces where MediaWiki's default configuration enables subpages.
const SUBPAGE_NAMESPACES: &[i32] = &[1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13, 15];

/// Namespaces whose titles are capitalised whatever the site says.
const ALWAYS_CAPITALIZED: &[i32] = &[NS_SPECIAL, NS_USER, NS_MEDIAWIKI];

/// The lookup form of a namespace name: lower case, underscores for spaces.
fn name_key(name: &str) -> String {
    name.replace(' ', "_").to_lowercase()
}

impl SiteNamespaces {
    /// MediaWiki's default English namespaces -2..15, the project pair named `project_name`
    /// (`Project` when MediaWiki's own default is wanted), every title capitalised.
    pub fn english(project_name: &str) -> SiteNamespaces {
        let namespaces = BUILT_IN
            .iter()
            .map(|&(id, canonical)| {
                let name = match id {
                    NS_PROJECT => project_name.to_owned(),
                    5 => format!("{project_name} talk"),
                    _ => canonical.to_owned(),
                };
                NamespaceInfo {
                    id,
                    canonical: canonical.to_owned(),
                    name,
                    aliases: Vec::new(),
                    capitalized: true,
                    subpages: SUBPAGE_NAMESPACES.contains(&id),
                }
            })
            .collect();
        SiteNamespaces::new(namespaces, true)
    }

    /// A site from a dump's `<siteinfo><namespaces>` list: (number, name as listed, whether
    /// its case is `first-letter`). Built-in namespaces keep their canonical names and aliases.
    pub fn from_siteinfo<'a>(entries: impl IntoIterator<Item = (i32, &'a str, bool)>) -> SiteNamespaces {
        let namespaces: Vec<NamespaceInfo> = entries
            .into_iter()
            .map(|(id, name, first_letter)| {
                let name = name.replace('_', " ");
                let canonical = BUILT_IN.iter().find(|(i, _)| *i == id).map_or(name.clone(), |(_, c)| (*c).to_owned());
                NamespaceInfo {
                    id,
                    canonical,
                    name,
                    aliases: Vec::new(),
                    capitalized: first_letter,
                    subpages: SUBPAGE_NAMESPACES.contains(&id),
                }
            })
            .collect();
        let capital_links = namespaces.iter().filter(|n| n.id == NS_MAIN).all(|n| n.capitalized);
        SiteNamespaces::new(namespaces, capital_links)
    }

    /// A site from its namespace list; `capital_links` is the case of namespaces it does not list.
    pub fn new(mut namespaces: Vec<NamespaceInfo>, capital_links: bool) -> SiteNamespaces {
        namespaces.sort_by_key(|n| n.id);
        let mut by_name = HashMap::new();
        // Aliases first, so that a namespace's own names win over an alias spelt the same.
        for &(alias, id) in BUILT_IN_ALIASES {
            if namespaces.iter().any(|n| n.id == id) {
                by_name.insert(name_key(alias), id);
            }
        }
        for ns in &namespaces {
            for alias in &ns.aliases {
                by_name.insert(name_key(alias), ns.id);
            }
        }
        for ns in &namespaces {
            if ns.id != NS_MAIN {
                by_name.insert(name_key(&ns.name), ns.id);
            }
        }
        // Canonical names are looked up before local ones in MediaWiki.
        for ns in &namespaces {
            if ns.id != NS_MAIN && !ns.canonical.is_empty() {
                by_name.insert(name_key(&ns.canonical), ns.id);
            }
        }
        SiteNamespaces {
            namespaces,
            by_name,
            capital_links,
            local_interwikis: Vec::new(),
            main_page: "Main_Page".to_owned(),
        }
    }

    /// Adds a further name for a namespace (MediaWiki's `$wgNamespaceAliases`).
    pub fn add_alias(&mut self, alias: &str, id: i32) {
        self.by_name.insert(name_key(alias), id);
        if let Some(ns) = self.namespaces.iter_mut().find(|n| n.id == id) {
            ns.aliases.push(alias.replace('_', " "));
        }
    }

    /// Declares interwiki prefixes that point at this site itself (`$wgLocalInterwikis`), and
    /// the title (database key) of its main page, where an empty such link leads.
    pub fn set_local_interwikis(&mut self, prefixes: &[&str], main_page: &str) {
        self.local_interwikis = prefixes.iter().map(|p| p.to_lowercase()).collect();
        self.main_page = main_page.replace(' ', "_");
    }

    /// All namespaces, by number.
    pub fn all(&self) -> &[NamespaceInfo] {
        &self.namespaces
    }

    /// The namespace with this number.
    pub fn get(&self, id: i32) -> Option<&NamespaceInfo> {
        self.namespaces.iter().find(|n| n.id == id)
    }

    /// The number of the namespace a name (canonical, local or alias) stands for, ignoring case
    /// and treating spaces and underscores alike.
    pub fn lookup(&self, name: &str) -> Option<i32> {
        self.by_name.get(&name_key(name)).copied()
    }

    /// The name the site shows for a namespace, with spaces (empty for the main namespace).
    pub fn name(&self, id: i32) -> Option<&str> {
        self.get(id).map(|n| n.name.as_str())
    }

    /// Whether titles in a namespace get an upper-case first letter; media follows files and
    /// talk namespaces their subject, as in MediaWiki.
    pub fn is_capitalized(&self, id: i32) -> bool {
        let id = if id == NS_MEDIA { NS_FILE } else { subject(id) };
        if ALWAYS_CAPITALIZED.contains(&id) {
            return true;
        }
        self.get(id).map_or(self.capital_links, |n| n.capitalized)
    }

    /// Whether `/` makes subpages in a namespace.
    pub fn has_subpages(&self, id: i32) -> bool {
        self.get(id).is_some_and(|n| n.subpages)
    }

    /// The talk namespace of a namespace (itself for a talk namespace); none for -1 and -2.
    pub fn talk(&self, id: i32) -> Option<i32> {
        talk(id)
    }

    /// The subject namespace of a namespace (itself for a subject namespace).
    pub fn subject(&self, id: i32) -> i32 {
        subject(id)
    }
}

/// The talk namespace paired with a namespace; none for the virtual namespaces -1 and -2.
pub fn talk(id: i32) -> Option<i32> {
    (id >= 0).then_some(id | 1)
}

/// The subject namespace paired with a namespace.
pub fn subject(id: i32) -> i32 {
    if id >= 0 {
        id & !1
    } else {
        id
    }
}

/// Whether a namespace is a talk namespace.
pub fn is_talk(id: i32) -> bool {
    id >= 0 && id & 1 == 1
}

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

/// Parses a title as MediaWiki does for API parameters and links (`Title::newFromText`):
/// character references (`&eacute;`, `&#233;`) are decoded first, then [`split_title`] applies.
/// `is_interwiki` is asked about candidate prefixes, in lower case.
pub fn parse_title(
    text: &str,
    default_ns: i32,
    site: &SiteNamespaces,
    is_interwiki: &dyn Fn(&str) -> bool,
) -> Result<ParsedTitle, InvalidTitle> {
    let decoded = decode_char_references(text);
    split_title(&decoded, default_ns, site, is_interwiki)
}

/// Whether a character is one MediaWiki folds into a single `_` in titles.
fn is_title_space(c: char) -> bool {
    matches!(
        c,
        ' ' | '_' | '\u{a0}' | '\u{1680}' | '\u{180e}' | '\u{2000}'
            ..='\u{200a}' | '\u{2028}' | '\u{2029}' | '\u{202f}' | '\u{205f}' | '\u{3000}'
    )
}

/// Whether a character is a bidi mark that MediaWiki strips from titles.
fn is_bidi_mark(c: char) -> bool {
    matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}')
}

/// Splits `prefix:rest` at the first colon after the first character, as MediaWiki's prefix
/// pattern does: underscores around the colon belong to neither side, and (as that pattern's
/// `.` and `$` behave) a line break inside either side means no prefix, while one at the
/// very end is dropped from the rest.
fn split_prefix(text: &str) -> Option<(&str, &str)> {
    let first_len = text.chars().next()?.len_utf8();
    let colon = first_len + text[first_len..].find(':')?;
    let raw_prefix = &text[..colon];
    if raw_prefix.contains('\n') {
        return None;
    }
    let mut prefix = raw_prefix.trim_end_matches('_');
    if prefix.is_empty() {
        prefix = &raw_prefix[..first_len];
    }
    let mut rest = text[colon + 1..].trim_start_matches('_');
    if let Some(line_end) = rest.find('\n') {
        if line_end + 1 != rest.len() {
            return None;
        }
        rest = &rest[..line_end];
    }
    Some((prefix, rest))
}

/// The database-key form of the start of a title in a namespace, as MediaWiki's
/// `titlePartToKey` makes it: the part is read as a title with a letter appended (so trailing
/// spaces survive as underscores, leading ones are dropped, the first letter follows the
/// namespace's case), and the letter is removed again. A part that is no valid title, has a
/// fragment, names another namespace or another wiki gives `None` (the API's `invalidtitle`).
pub fn title_part_to_key(
    part: &str,
    namespace: i32,
    namespaces: &SiteNamespaces,
    interwikis: &InterwikiMap,
) -> Option<String> {
    // MediaWiki names the namespace by its canonical name here.
    let ns_name = namespaces.get(namespace).map(|n| if n.canonical.is_empty() { &n.name } else { &n.canonical });
    let text = match ns_name {
        Some(name) if !name.is_empty() => format!("{name}:{part}x"),
        _ => format!("{part}x"),
    };
    let parsed = split_title(&text, 0, namespaces, &|prefix| interwikis.is_interwiki(prefix)).ok()?;
    if !parsed.fragment.is_empty() || parsed.ns != namespace || parsed.is_external() {
        return None;
    }
    let mut key = parsed.dbkey;
    key.pop();
    Some(key)
}

/// MediaWiki's title codec (`splitTitleString`), without character-reference decoding.
pub fn split_title(
    text: &str,
    default_ns: i32,
    site: &SiteNamespaces,
    is_interwiki: &dyn Fn(&str) -> bool,
) -> Result<ParsedTitle, InvalidTitle> {
    // Whitespace and underscores folded, bidi marks dropped, ends trimmed.
    let mut key = String::with_capacity(text.len());
    let mut in_space = false;
    for c in text.chars() {
        if is_bidi_mark(c) {
            continue;
        }
        if is_title_space(c) {
            if !in_space {
                key.push('_');
            }
            in_space = true;
        } else {
            key.push(c);
            in_space = false;
        }
    }
    let mut dbkey: &str = key.trim_matches('_');
    if dbkey.contains('\u{fffd}') {
        return Err(InvalidTitle::Utf8);
    }

    let mut ns = default_ns;
    let mut interwiki = String::new();
    if let Some(rest) = dbkey.strip_prefix(':') {
        ns = NS_MAIN;
        dbkey = rest.trim_matches('_');
    }
    if dbkey.is_empty() {
        return Err(InvalidTitle::Empty);
    }

    while let Some((prefix, rest)) = split_prefix(dbkey) {
        if let Some(found) = site.lookup(prefix) {
            dbkey = rest;
            ns = found;
            if found == NS_TALK {
                if let Some((inner, _)) = split_prefix(rest) {
                    let inner_is_namespace = site.lookup(inner).is_some_and(|n| n != NS_MAIN);
                    if inner_is_namespace || is_interwiki(&inner.to_lowercase()) {
                        return Err(InvalidTitle::TalkNamespace);
                    }
                }
            }
        } else {
            let lower = prefix.to_lowercase();
            if is_interwiki(&lower) {
                dbkey = rest;
                if site.local_interwikis.contains(&lower) {
                    if dbkey.is_empty() {
                        return Ok(ParsedTitle {
                            ns: NS_MAIN,
                            text: site.main_page.replace('_', " "),
                            dbkey: site.main_page.clone(),
                            fragment: String::new(),
                            interwiki: String::new(),
                        });
                    }
                    // A prefix naming this site is dropped and the rest read again.
                    continue;
                }
                interwiki = lower;
                if let Some(after) = dbkey.strip_prefix(':') {
                    ns = NS_MAIN;
                    dbkey = after.trim_matches('_');
                }
            }
        }
        break;
    }

    let mut fragment = String::new();
    if let Some(hash) = dbkey.find('#') {
        fragment = dbkey[hash + 1..].replace('_', " ");
        dbkey = dbkey[..hash].trim_end_matches('_');
    }

    if let Some(bad) = first_illegal(dbkey) {
        return Err(InvalidTitle::Characters(bad.to_owned()));
    }
    if is_relative(dbkey) {
        return Err(InvalidTitle::Relative);
    }
    if dbkey.contains("~~~") {
        return Err(InvalidTitle::MagicTilde);
    }
    let max = if ns == NS_SPECIAL { MAX_SPECIAL_TITLE_BYTES } else { MAX_TITLE_BYTES };
    if dbkey.len() > max {
        return Err(InvalidTitle::TooLong(max));
    }

    let mut dbkey = if interwiki.is_empty() && site.is_capitalized(ns) { upper_first(dbkey) } else { dbkey.to_owned() };
    if dbkey.is_empty() && interwiki.is_empty() && ns != NS_MAIN {
        return Err(InvalidTitle::Empty);
    }
    if ns == NS_USER || ns == NS_USER_TALK {
        if let Some(ip) = sanitize_ip(&dbkey) {
            dbkey = ip;
        }
    }
    if dbkey.starts_with(':') {
        return Err(InvalidTitle::LeadingColon);
    }
    Ok(ParsedTitle { ns, text: dbkey.replace('_', " "), dbkey, fragment, interwiki })
}

/// The first text that titles cannot hold: a character outside MediaWiki's legal title
/// characters, a `%XX` escape, or something shaped like a character reference.
fn first_illegal(key: &str) -> Option<&str> {
    let bytes = key.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        let illegal_char = b < 0x20 || b == 0x7f || matches!(b, b'#' | b'<' | b'>' | b'[' | b']' | b'{' | b'|' | b'}');
        if illegal_char {
            return Some(&key[i..i + 1]);
        }
        if b == b'%' && bytes.len() > i + 2 && bytes[i + 1].is_ascii_hexdigit() && bytes[i + 2].is_ascii_hexdigit() {
            return Some(&key[i..i + 3]);
        }
        if b == b'&' {
            let name_len = bytes[i + 1..].iter().take_while(|&&c| c.is_ascii_alphanumeric() || c >= 0x80).count();
            if name_len > 0 && bytes.get(i + 1 + name_len) == Some(&b';') {
                return Some(&key[i..i + name_len + 2]);
            }
        }
    }
    None
}

/// Whether a key has a `.` or `..` path segment, which browsers would resolve away.
fn is_relative(key: &str) -> bool {
    key == "."
        || key == ".."
        || key.starts_with("./")
        || key.starts_with("../")
        || key.contains("/./")
        || key.contains("/../")
        || key.ends_with("/.")
        || key.ends_with("/..")
}

/// The text with its first character in upper case, as MediaWiki's `ucfirst` does: full
/// Unicode mapping (`ß` becomes `SS`), ASCII letters only among ASCII characters.
pub fn upper_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => {
            let mut out = String::with_capacity(text.len() + 2);
            out.extend(first.to_uppercase());
            out.push_str(chars.as_str());
            out
        }
        None => String::new(),
    }
}

/// MediaWiki's canonical form of an IP address (or CIDR range) used as a user name: IPv4
/// octets without leading zeros, IPv6 in upper case with all eight groups and no leading
/// zeros. `None` when the text is no IP address.
pub fn sanitize_ip(text: &str) -> Option<String> {
    let (addr, prefix) = match text.split_once('/') {
        Some((a, p)) => (a, Some(p)),
        None => (text, None),
    };
    if let Some(octets) = parse_ipv4(addr) {
        if prefix.is_some_and(|p| !valid_prefix(p, 32)) {
            return None;
        }
        let mut out = octets.iter().map(|o| o.to_string()).collect::<Vec<_>>().join(".");
        if let Some(p) = prefix {
            out.push('/');
            out.push_str(p);
        }
        return Some(out);
    }
    let groups = parse_ipv6(addr)?;
    if prefix.is_some_and(|p| !valid_prefix(p, 128)) {
        return None;
    }
    let mut out = groups.iter().map(|g| format!("{g:X}")).collect::<Vec<_>>().join(":");
    if let Some(p) = prefix {
        out.push('/');
        out.push_str(p);
    }
    Some(out)
}

/// A CIDR prefix length as MediaWiki's pattern admits it: no leading zeros, at most `max`.
fn valid_prefix(p: &str, max: u32) -> bool {
    !p.is_empty()
        && p.len() <= 3
        && p.bytes().all(|b| b.is_ascii_digit())
        && (p.len() == 1 || !p.starts_with('0'))
        && p.parse::<u32>().is_ok_and(|n| n <= max)
}

/// Four octets of one to three digits each, none above 255 (leading zeros allowed).
fn parse_ipv4(text: &str) -> Option<[u8; 4]> {
    let mut octets = [0u8; 4];
    let mut parts = text.split('.');
    for octet in &mut octets {
        let part = parts.next()?;
        if part.is_empty() || part.len() > 3 || !part.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        *octet = part.parse().ok()?;
    }
    parts.next().is_none().then_some(octets)
}

/// Eight groups of one to four hex digits, or fewer with one `::` standing for the rest.
fn parse_ipv6(text: &str) -> Option<[u16; 8]> {
    fn groups(part: &str) -> Option<Vec<u16>> {
        if part.is_empty() {
            return Some(Vec::new());
        }
        part.split(':')
            .map(|g| {
                let ok = !g.is_empty() && g.len() <= 4 && g.bytes().all(|b| b.is_ascii_hexdigit());
                ok.then(|| u16::from_str_radix(g, 16).ok()).flatten()
            })
            .collect()
    }
    let mut out = [0u16; 8];
    match text.split_once("::") {
        Some((head, tail)) => {
            if tail.contains("::") {
                return None;
            }
            let head = groups(head)?;
            let tail = groups(tail)?;
            if head.len() + tail.len() > 7 {
                return None;
            }
            out[..head.len()].copy_from_slice(&head);
            out[8 - tail.len()..].copy_from_slice(&tail);
        }
        None => {
            let all = groups(text)?;
            if all.len() != 8 {
                return None;
            }
            out.copy_from_slice(&all);
        }
    }
    Some(out)
}

/// Decodes character references as MediaWiki does for titles: named references of HTML5,
/// decimal and hexadecimal ones (U+FFFD for a code point XML forbids); anything else,
/// including an unknown name, stays as written.
pub fn decode_char_references(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains('&') {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        let after = &rest[amp + 1..];
        match decode_one(after) {
            Some((decoded, used)) => {
                out.push_str(&decoded);
                rest = &after[used..];
            }
            None => {
                out.push('&');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    std::borrow::Cow::Owned(out)
}

/// Decodes one reference that starts right after a `&`: the replacement and the bytes used.
fn decode_one(after: &str) -> Option<(String, usize)> {
    let bytes = after.as_bytes();
    if let Some(num) = after.strip_prefix('#') {
        let (digits, radix, skip) = match num.strip_prefix(['x', 'X']) {
            Some(hex) => (hex, 16, 2),
            None => (num, 10, 1),
        };
        let len =
            digits.bytes().take_while(|b| if radix == 16 { b.is_ascii_hexdigit() } else { b.is_ascii_digit() }).count();
        if len == 0 || digits.as_bytes().get(len) != Some(&b';') {
            return None;
        }
        let code = u32::from_str_radix(&digits[..len], radix).ok();
        let decoded = code.filter(|&c| valid_reference_code_point(c)).and_then(char::from_u32).unwrap_or('\u{fffd}');
        return Some((decoded.to_string(), skip + len + 1));
    }
    let len = bytes.iter().take_while(|&&c| c.is_ascii_alphanumeric() || c >= 0x80).count();
    if len == 0 || bytes.get(len) != Some(&b';') {
        return None;
    }
    let name = &after[..len];
    // MediaWiki's own aliases of `&rlm;`, in Hebrew and Arabic script.
    let name = if name == "רלמ" || name == "رلم" { "rlm" } else { name };
    match NAMED_ENTITIES.binary_search_by(|(n, _)| (*n).cmp(name)) {
        Ok(i) => Some((NAMED_ENTITIES[i].1.to_owned(), len + 1)),
        // An unknown name is kept as written, semicolon included.
        Err(_) => Some((format!("&{}", &after[..=len]), len + 1)),
    }
}

/// Whether a numeric character reference may stand for a code point: those XML and HTML5
/// both allow.
fn valid_reference_code_point(c: u32) -> bool {
    c == 0x09
        || c == 0x0a
        || (0x20..=0x7e).contains(&c)
        || (0xa0..=0xd7ff).contains(&c)
        || (0xe000..=0xfffd).contains(&c)
        || (0x10000..=0x10ffff).contains(&c)
}

/// The named character references of HTML5 (WHATWG), sorted by name, without the `;`.
#[rustfmt::skip]
const NAMED_ENTITIES: &[(&str, &str)] = &[
    ("AElig", "Æ"), ("AMP", "&"), ("Aacute", "Á"), ("Abreve", "Ă"), ("Acirc", "Â"), ("Acy", "А"), ("Afr", "𝔄"),
    ("Agrave", "À"), ("Alpha", "Α"), ("Amacr", "Ā"), ("And", "\u{2a53}"), ("Aogon", "Ą"), ("Aopf", "𝔸"),
    ("ApplyFunction", "\u{2061}"), ("Aring", "Å"), ("Ascr", "𝒜"), ("Assign", "\u{2254}"), ("Atilde", "Ã"),
    ("Auml", "Ä"), ("Backslash", "\u{2216}"), ("Barv", "\u{2ae7}"), ("Barwed", "\u{2306}"), ("Bcy", "Б"),
    ("Because", "\u{2235}"), ("Bernoullis", "ℬ"), ("Beta", "Β"), ("Bfr", "𝔅"), ("Bopf", "𝔹"), ("Breve", "˘"),
    ("Bscr", "ℬ"), ("Bumpeq", "\u{224e}"), ("CHcy", "Ч"), ("COPY", "©"), ("Cacute", "Ć"), ("Cap", "\u{22d2}"),
    ("CapitalDifferentialD", "ⅅ"), ("Cayleys", "ℭ"), ("Ccaron", "Č"), ("Ccedil", "Ç"), ("Ccirc", "Ĉ"),
    ("Cconint", "\u{2230}"), ("Cdot", "Ċ"), ("Cedilla", "¸"), ("CenterDot", "·"), ("Cfr", "ℭ"), ("Chi", "Χ"),
    ("CircleDot", "\u{2299}"), ("CircleMinus", "\u{2296}"), ("CirclePlus", "\u{2295}"), ("CircleTimes", "\u{2297}"),
    ("ClockwiseContourIntegral", "\u{2232}"), ("CloseCurlyDoubleQuote", "\u{201d}"),
    ("CloseCurlyQuote", "\u{2019}"), ("Colon", "\u{2237}"), ("Colone", "\u{2a74}"), ("Congruent", "\u{2261}"),
    ("Conint", "\u{222f}"), ("ContourIntegral", "\u{222e}"), ("Copf", "ℂ"), ("Coproduct", "\u{2210}"),
    ("CounterClockwiseContourIntegral", "\u{2233}"), ("Cross", "\u{2a2f}"), ("Cscr", "𝒞"), ("Cup", "\u{22d3}"),
    ("CupCap", "\u{224d}"), ("DD", "ⅅ"), ("DDotrahd", "\u{2911}"), ("DJcy", "Ђ"), ("DScy", "Ѕ"), ("DZcy", "Џ"),
    ("Dagger", "\u{2021}"), ("Darr", "\u{21a1}"), ("Dashv", "\u{2ae4}"), ("Dcaron", "Ď"), ("Dcy", "Д"),
    ("Del", "\u{2207}"), ("Delta", "Δ"), ("Dfr", "𝔇"), ("DiacriticalAcute", "´"), ("DiacriticalDot", "˙"),
    ("DiacriticalDoubleAcute", "˝"), ("DiacriticalGrave", "`"), ("DiacriticalTilde", "˜"), ("Diamond", "\u{22c4}"),
    ("DifferentialD", "ⅆ"), ("Dopf", "𝔻"), ("Dot", "¨"), ("DotDot", "\u{20dc}"), ("DotEqual", "\u{2250}"),
    ("DoubleContourIntegral", "\u{222f}"), ("DoubleDot", "¨"), ("DoubleDownArrow", "\u{21d3}"),
    ("DoubleLeftArrow", "\u{21d0}"), ("DoubleLeftRightArrow", "\u{21d4}"), ("DoubleLeftTee", "\u{2ae4}"),
    ("DoubleLongLeftArrow", "\u{27f8}"), ("DoubleLongLeftRightArrow", "\u{27fa}"),
    ("DoubleLongRightArrow", "\u{27f9}"), ("DoubleRightArrow", "\u{21d2}"), ("DoubleRightTee", "\u{22a8}"),
    ("DoubleUpArrow", "\u{21d1}"), ("DoubleUpDownArrow", "\u{21d5}"), ("DoubleVerticalBar", "\u{2225}"),
    ("DownArrow", "\u{2193}"), ("DownArrowBar", "\u{2913}"), ("DownArrowUpArrow", "\u{21f5}"),
    ("DownBreve", "\u{311}"), ("DownLeftRightVector", "\u{2950}"), ("DownLeftTeeVector", "\u{295e}"),
    ("DownLeftVector", "\u{21bd}"), ("DownLeftVectorBar", "\u{2956}"), ("DownRightTeeVector", "\u{295f}"),
    ("DownRightVector", "\u{21c1}"), ("DownRightVectorBar", "\u{2957}"), ("DownTee", "\u{22a4}"),
    ("DownTeeArrow", "\u{21a7}"), ("Downarrow", "\u{21d3}"), ("Dscr", "𝒟"), ("Dstrok", "Đ"), ("ENG", "Ŋ"),
    ("ETH", "Ð"), ("Eacute", "É"), ("Ecaron", "Ě"), ("Ecirc", "Ê"), ("Ecy", "Э"), ("Edot", "Ė"), ("Efr", "𝔈"),
    ("Egrave", "È"), ("Element", "\u{2208}"), ("Emacr", "Ē"), ("EmptySmallSquare", "\u{25fb}"),
    ("EmptyVerySmallSquare", "\u{25ab}"), ("Eogon", "Ę"), ("Eopf", "𝔼"), ("Epsilon", "Ε"), ("Equal", "\u{2a75}"),
    ("EqualTilde", "\u{2242}"), ("Equilibrium", "\u{21cc}"), ("Escr", "ℰ"), ("Esim", "\u{2a73}"), ("Eta", "Η"),
    ("Euml", "Ë"), ("Exists", "\u{2203}"), ("ExponentialE", "ⅇ"), ("Fcy", "Ф"), ("Ffr", "𝔉"),
    ("FilledSmallSquare", "\u{25fc}"), ("FilledVerySmallSquare", "\u{25aa}"), ("Fopf", "𝔽"), ("ForAll", "\u{2200}"),
    ("Fouriertrf", "ℱ"), ("Fscr", "ℱ"), ("GJcy", "Ѓ"), ("GT", ">"), ("Gamma", "Γ"), ("Gammad", "Ϝ"),
    ("Gbreve", "Ğ"), ("Gcedil", "Ģ"), ("Gcirc", "Ĝ"), ("Gcy", "Г"), ("Gdot", "Ġ"), ("Gfr", "𝔊"), ("Gg", "\u{22d9}"),
    ("Gopf", "𝔾"), ("GreaterEqual", "\u{2265}"), ("GreaterEqualLess", "\u{22db}"), ("GreaterFullEqual", "\u{2267}"),
    ("GreaterGreater", "\u{2aa2}"), ("GreaterLess", "\u{2277}"), ("GreaterSlantEqual", "\u{2a7e}"),
    ("GreaterTilde", "\u{2273}"), ("Gscr", "𝒢"), ("Gt", "\u{226b}"), ("HARDcy", "Ъ"), ("Hacek", "ˇ"), ("Hat", "^"),
    ("Hcirc", "Ĥ"), ("Hfr", "ℌ"), ("HilbertSpace", "ℋ"), ("Hopf", "ℍ"), ("HorizontalLine", "\u{2500}"),
    ("Hscr", "ℋ"), ("Hstrok", "Ħ"), ("HumpDownHump", "\u{224e}"), ("HumpEqual", "\u{224f}"), ("IEcy", "Е"),
    ("IJlig", "Ĳ"), ("IOcy", "Ё"), ("Iacute", "Í"), ("Icirc", "Î"), ("Icy", "И"), ("Idot", "İ"), ("Ifr", "ℑ"),
    ("Igrave", "Ì"), ("Im", "ℑ"), ("Imacr", "Ī"), ("ImaginaryI", "ⅈ"), ("Implies", "\u{21d2}"), ("Int", "\u{222c}"),
    ("Integral", "\u{222b}"), ("Intersection", "\u{22c2}"), ("InvisibleComma", "\u{2063}"),
    ("InvisibleTimes", "\u{2062}"), ("Iogon", "Į"), ("Iopf", "𝕀"), ("Iota", "Ι"), ("Iscr", "ℐ"), ("Itilde", "Ĩ"),
    ("Iukcy", "І"), ("Iuml", "Ï"), ("Jcirc", "Ĵ"), ("Jcy", "Й"), ("Jfr", "𝔍"), ("Jopf", "𝕁"), ("Jscr", "𝒥"),
    ("Jsercy", "Ј"), ("Jukcy", "Є"), ("KHcy", "Х"), ("KJcy", "Ќ"), ("Kappa", "Κ"), ("Kcedil", "Ķ"), ("Kcy", "К"),
    ("Kfr", "𝔎"), ("Kopf", "𝕂"), ("Kscr", "𝒦"), ("LJcy", "Љ"), ("LT", "<"), ("Lacute", "Ĺ"), ("Lambda", "Λ"),
    ("Lang", "\u{27ea}"), ("Laplacetrf", "ℒ"), ("Larr", "\u{219e}"), ("Lcaron", "Ľ"), ("Lcedil", "Ļ"), ("Lcy", "Л"),
    ("LeftAngleBracket", "\u{27e8}"), ("LeftArrow", "\u{2190}"), ("LeftArrowBar", "\u{21e4}"),
    ("LeftArrowRightArrow", "\u{21c6}"), ("LeftCeiling", "\u{2308}"), ("LeftDoubleBracket", "\u{27e6}"),
    ("LeftDownTeeVector", "\u{2961}"), ("LeftDownVector", "\u{21c3}"), ("LeftDownVectorBar", "\u{2959}"),
    ("LeftFloor", "\u{230a}"), ("LeftRightArrow", "\u{2194}"), ("LeftRightVector", "\u{294e}"),
    ("LeftTee", "\u{22a3}"), ("LeftTeeArrow", "\u{21a4}"), ("LeftTeeVector", "\u{295a}"),
    ("LeftTriangle", "\u{22b2}"), ("LeftTriangleBar", "\u{29cf}"), ("LeftTriangleEqual", "\u{22b4}"),
    ("LeftUpDownVector", "\u{2951}"), ("LeftUpTeeVector", "\u{2960}"), ("LeftUpVector", "\u{21bf}"),
    ("LeftUpVectorBar", "\u{2958}"), ("LeftVector", "\u{21bc}"), ("LeftVectorBar", "\u{2952}"),
    ("Leftarrow", "\u{21d0}"), ("Leftrightarrow", "\u{21d4}"), ("LessEqualGreater", "\u{22da}"),
    ("LessFullEqual", "\u{2266}"), ("LessGreater", "\u{2276}"), ("LessLess", "\u{2aa1}"),
    ("LessSlantEqual", "\u{2a7d}"), ("LessTilde", "\u{2272}"), ("Lfr", "𝔏"), ("Ll", "\u{22d8}"),
    ("Lleftarrow", "\u{21da}"), ("Lmidot", "Ŀ"), ("LongLeftArrow", "\u{27f5}"), ("LongLeftRightArrow", "\u{27f7}"),
    ("LongRightArrow", "\u{27f6}"), ("Longleftarrow", "\u{27f8}"), ("Longleftrightarrow", "\u{27fa}"),
    ("Longrightarrow", "\u{27f9}"), ("Lopf", "𝕃"), ("LowerLeftArrow", "\u{2199}"), ("LowerRightArrow", "\u{2198}"),
    ("Lscr", "ℒ"), ("Lsh", "\u{21b0}"), ("Lstrok", "Ł"), ("Lt", "\u{226a}"), ("Map", "\u{2905}"), ("Mcy", "М"),
    ("MediumSpace", "\u{205f}"), ("Mellintrf", "ℳ"), ("Mfr", "𝔐"), ("MinusPlus", "\u{2213}"), ("Mopf", "𝕄"),
    ("Mscr", "ℳ"), ("Mu", "Μ"), ("NJcy", "Њ"), ("Nacute", "Ń"), ("Ncaron", "Ň"), ("Ncedil", "Ņ"), ("Ncy", "Н"),
    ("NegativeMediumSpace", "\u{200b}"), ("NegativeThickSpace", "\u{200b}"), ("NegativeThinSpace", "\u{200b}"),
    ("NegativeVeryThinSpace", "\u{200b}"), ("NestedGreaterGreater", "\u{226b}"), ("NestedLessLess", "\u{226a}"),
    ("NewLine", "\u{a}"), ("Nfr", "𝔑"), ("NoBreak", "\u{2060}"), ("NonBreakingSpace", "\u{a0}"), ("Nopf", "ℕ"),
    ("Not", "\u{2aec}"), ("NotCongruent", "\u{2262}"), ("NotCupCap", "\u{226d}"),
    ("NotDoubleVerticalBar", "\u{2226}"), ("NotElement", "\u{2209}"), ("NotEqual", "\u{2260}"),
    ("NotEqualTilde", "\u{2242}\u{338}"), ("NotExists", "\u{2204}"), ("NotGreater", "\u{226f}"),
    ("NotGreaterEqual", "\u{2271}"), ("NotGreaterFullEqual", "\u{2267}\u{338}"),
    ("NotGreaterGreater", "\u{226b}\u{338}"), ("NotGreaterLess", "\u{2279}"),
    ("NotGreaterSlantEqual", "\u{2a7e}\u{338}"), ("NotGreaterTilde", "\u{2275}"),
    ("NotHumpDownHump", "\u{224e}\u{338}"), ("NotHumpEqual", "\u{224f}\u{338}"), ("NotLeftTriangle", "\u{22ea}"),
    ("NotLeftTriangleBar", "\u{29cf}\u{338}"), ("NotLeftTriangleEqual", "\u{22ec}"), ("NotLess", "\u{226e}"),
    ("NotLessEqual", "\u{2270}"), ("NotLessGreater", "\u{2278}"), ("NotLessLess", "\u{226a}\u{338}"),
    ("NotLessSlantEqual", "\u{2a7d}\u{338}"), ("NotLessTilde", "\u{2274}"),
    ("NotNestedGreaterGreater", "\u{2aa2}\u{338}"), ("NotNestedLessLess", "\u{2aa1}\u{338}"),
    ("NotPrecedes", "\u{2280}"), ("NotPrecedesEqual", "\u{2aaf}\u{338}"), ("NotPrecedesSlantEqual", "\u{22e0}"),
    ("NotReverseElement", "\u{220c}"), ("NotRightTriangle", "\u{22eb}"), ("NotRightTriangleBar", "\u{29d0}\u{338}"),
    ("NotRightTriangleEqual", "\u{22ed}"), ("NotSquareSubset", "\u{228f}\u{338}"),
    ("NotSquareSubsetEqual", "\u{22e2}"), ("NotSquareSuperset", "\u{2290}\u{338}"),
    ("NotSquareSupersetEqual", "\u{22e3}"), ("NotSubset", "\u{2282}\u{20d2}"), ("NotSubsetEqual", "\u{2288}"),
    ("NotSucceeds", "\u{2281}"), ("NotSucceedsEqual", "\u{2ab0}\u{338}"), ("NotSucceedsSlantEqual", "\u{22e1}"),
    ("NotSucceedsTilde", "\u{227f}\u{338}"), ("NotSuperset", "\u{2283}\u{20d2}"), ("NotSupersetEqual", "\u{2289}"),
    ("NotTilde", "\u{2241}"), ("NotTildeEqual", "\u{2244}"), ("NotTildeFullEqual", "\u{2247}"),
    ("NotTildeTilde", "\u{2249}"), ("NotVerticalBar", "\u{2224}"), ("Nscr", "𝒩"), ("Ntilde", "Ñ"), ("Nu", "Ν"),
    ("OElig", "Œ"), ("Oacute", "Ó"), ("Ocirc", "Ô"), ("Ocy", "О"), ("Odblac", "Ő"), ("Ofr", "𝔒"), ("Ograve", "Ò"),
    ("Omacr", "Ō"), ("Omega", "Ω"), ("Omicron", "Ο"), ("Oopf", "𝕆"), ("OpenCurlyDoubleQuote", "\u{201c}"),
    ("OpenCurlyQuote", "\u{2018}"), ("Or", "\u{2a54}"), ("Oscr", "𝒪"), ("Oslash", "Ø"), ("Otilde", "Õ"),
    ("Otimes", "\u{2a37}"), ("Ouml", "Ö"), ("OverBar", "\u{203e}"), ("OverBrace", "\u{23de}"),
    ("OverBracket", "\u{23b4}"), ("OverParenthesis", "\u{23dc}"), ("PartialD", "\u{2202}"), ("Pcy", "П"),
    ("Pfr", "𝔓"), ("Phi", "Φ"), ("Pi", "Π"), ("PlusMinus", "±"), ("Poincareplane", "ℌ"), ("Popf", "ℙ"),
    ("Pr", "\u{2abb}"), ("Precedes", "\u{227a}"), ("PrecedesEqual", "\u{2aaf}"), ("PrecedesSlantEqual", "\u{227c}"),
    ("PrecedesTilde", "\u{227e}"), ("Prime", "\u{2033}"), ("Product", "\u{220f}"), ("Proportion", "\u{2237}"),
    ("Proportional", "\u{221d}"), ("Pscr", "𝒫"), ("Psi", "Ψ"), ("QUOT", "\u{22}"), ("Qfr", "𝔔"), ("Qopf", "ℚ"),
    ("Qscr", "𝒬"), ("RBarr", "\u{2910}"), ("REG", "®"), ("Racute", "Ŕ"), ("Rang", "\u{27eb}"), ("Rarr", "\u{21a0}"),
    ("Rarrtl", "\u{2916}"), ("Rcaron", "Ř"), ("Rcedil", "Ŗ"), ("Rcy", "Р"), ("Re", "ℜ"),
    ("ReverseElement", "\u{220b}"), ("ReverseEquilibrium", "\u{21cb}"), ("ReverseUpEquilibrium", "\u{296f}"),
    ("Rfr", "ℜ"), ("Rho", "Ρ"), ("RightAngleBracket", "\u{27e9}"), ("RightArrow", "\u{2192}"),
    ("RightArrowBar", "\u{21e5}"), ("RightArrowLeftArrow", "\u{21c4}"), ("RightCeiling", "\u{2309}"),
    ("RightDoubleBracket", "\u{27e7}"), ("RightDownTeeVector", "\u{295d}"), ("RightDownVector", "\u{21c2}"),
    ("RightDownVectorBar", "\u{2955}"), ("RightFloor", "\u{230b}"), ("RightTee", "\u{22a2}"),
    ("RightTeeArrow", "\u{21a6}"), ("RightTeeVector", "\u{295b}"), ("RightTriangle", "\u{22b3}"),
    ("RightTriangleBar", "\u{29d0}"), ("RightTriangleEqual", "\u{22b5}"), ("RightUpDownVector", "\u{294f}"),
    ("RightUpTeeVector", "\u{295c}"), ("RightUpVector", "\u{21be}"), ("RightUpVectorBar", "\u{2954}"),
    ("RightVector", "\u{21c0}"), ("RightVectorBar", "\u{2953}"), ("Rightarrow", "\u{21d2}"), ("Ropf", "ℝ"),
    ("RoundImplies", "\u{2970}"), ("Rrightarrow", "\u{21db}"), ("Rscr", "ℛ"), ("Rsh", "\u{21b1}"),
    ("RuleDelayed", "\u{29f4}"), ("SHCHcy", "Щ"), ("SHcy", "Ш"), ("SOFTcy", "Ь"), ("Sacute", "Ś"),
    ("Sc", "\u{2abc}"), ("Scaron", "Š"), ("Scedil", "Ş"), ("Scirc", "Ŝ"), ("Scy", "С"), ("Sfr", "𝔖"),
    ("ShortDownArrow", "\u{2193}"), ("ShortLeftArrow", "\u{2190}"), ("ShortRightArrow", "\u{2192}"),
    ("ShortUpArrow", "\u{2191}"), ("Sigma", "Σ"), ("SmallCircle", "\u{2218}"), ("Sopf", "𝕊"), ("Sqrt", "\u{221a}"),
    ("Square", "\u{25a1}"), ("SquareIntersection", "\u{2293}"), ("SquareSubset", "\u{228f}"),
    ("SquareSubsetEqual", "\u{2291}"), ("SquareSuperset", "\u{2290}"), ("SquareSupersetEqual", "\u{2292}"),
    ("SquareUnion", "\u{2294}"), ("Sscr", "𝒮"), ("Star", "\u{22c6}"), ("Sub", "\u{22d0}"), ("Subset", "\u{22d0}"),
    ("SubsetEqual", "\u{2286}"), ("Succeeds", "\u{227b}"), ("SucceedsEqual", "\u{2ab0}"),
    ("SucceedsSlantEqual", "\u{227d}"), ("SucceedsTilde", "\u{227f}"), ("SuchThat", "\u{220b}"),
    ("Sum", "\u{2211}"), ("Sup", "\u{22d1}"), ("Superset", "\u{2283}"), ("SupersetEqual", "\u{2287}"),
    ("Supset", "\u{22d1}"), ("THORN", "Þ"), ("TRADE", "\u{2122}"), ("TSHcy", "Ћ"), ("TScy", "Ц"), ("Tab", "\u{9}"),
    ("Tau", "Τ"), ("Tcaron", "Ť"), ("Tcedil", "Ţ"), ("Tcy", "Т"), ("Tfr", "𝔗"), ("Therefore", "\u{2234}"),
    ("Theta", "Θ"), ("ThickSpace", "\u{205f}\u{200a}"), ("ThinSpace", "\u{2009}"), ("Tilde", "\u{223c}"),
    ("TildeEqual", "\u{2243}"), ("TildeFullEqual", "\u{2245}"), ("TildeTilde", "\u{2248}"), ("Topf", "𝕋"),
    ("TripleDot", "\u{20db}"), ("Tscr", "𝒯"), ("Tstrok", "Ŧ"), ("Uacute", "Ú"), ("Uarr", "\u{219f}"),
    ("Uarrocir", "\u{2949}"), ("Ubrcy", "Ў"), ("Ubreve", "Ŭ"), ("Ucirc", "Û"), ("Ucy", "У"), ("Udblac", "Ű"),
    ("Ufr", "𝔘"), ("Ugrave", "Ù"), ("Umacr", "Ū"), ("UnderBar", "_"), ("UnderBrace", "\u{23df}"),
    ("UnderBracket", "\u{23b5}"), ("UnderParenthesis", "\u{23dd}"), ("Union", "\u{22c3}"),
    ("UnionPlus", "\u{228e}"), ("Uogon", "Ų"), ("Uopf", "𝕌"), ("UpArrow", "\u{2191}"), ("UpArrowBar", "\u{2912}"),
    ("UpArrowDownArrow", "\u{21c5}"), ("UpDownArrow", "\u{2195}"), ("UpEquilibrium", "\u{296e}"),
    ("UpTee", "\u{22a5}"), ("UpTeeArrow", "\u{21a5}"), ("Uparrow", "\u{21d1}"), ("Updownarrow", "\u{21d5}"),
    ("UpperLeftArrow", "\u{2196}"), ("UpperRightArrow", "\u{2197}"), ("Upsi", "ϒ"), ("Upsilon", "Υ"),
    ("Uring", "Ů"), ("Uscr", "𝒰"), ("Utilde", "Ũ"), ("Uuml", "Ü"), ("VDash", "\u{22ab}"), ("Vbar", "\u{2aeb}"),
    ("Vcy", "В"), ("Vdash", "\u{22a9}"), ("Vdashl", "\u{2ae6}"), ("Vee", "\u{22c1}"), ("Verbar", "\u{2016}"),
    ("Vert", "\u{2016}"), ("VerticalBar", "\u{2223}"), ("VerticalLine", "|"), ("VerticalSeparator", "\u{2758}"),
    ("VerticalTilde", "\u{2240}"), ("VeryThinSpace", "\u{200a}"), ("Vfr", "𝔙"), ("Vopf", "𝕍"), ("Vscr", "𝒱"),
    ("Vvdash", "\u{22aa}"), ("Wcirc", "Ŵ"), ("Wedge", "\u{22c0}"), ("Wfr", "𝔚"), ("Wopf", "𝕎"), ("Wscr", "𝒲"),
    ("Xfr", "𝔛"), ("Xi", "Ξ"), ("Xopf", "𝕏"), ("Xscr", "𝒳"), ("YAcy", "Я"), ("YIcy", "Ї"), ("YUcy", "Ю"),
    ("Yacute", "Ý"), ("Ycirc", "Ŷ"), ("Ycy", "Ы"), ("Yfr", "𝔜"), ("Yopf", "𝕐"), ("Yscr", "𝒴"), ("Yuml", "Ÿ"),
    ("ZHcy", "Ж"), ("Zacute", "Ź"), ("Zcaron", "Ž"), ("Zcy", "З"), ("Zdot", "Ż"), ("ZeroWidthSpace", "\u{200b}"),
    ("Zeta", "Ζ"), ("Zfr", "ℨ"), ("Zopf", "ℤ"), ("Zscr", "𝒵"), ("aacute", "á"), ("abreve", "ă"), ("ac", "\u{223e}"),
    ("acE", "\u{223e}\u{333}"), ("acd", "\u{223f}"), ("acirc", "â"), ("acute", "´"), ("acy", "а"), ("aelig", "æ"),
    ("af", "\u{2061}"), ("afr", "𝔞"), ("agrave", "à"), ("alefsym", "ℵ"), ("aleph", "ℵ"), ("alpha", "α"),
    ("amacr", "ā"), ("amalg", "\u{2a3f}"), ("amp", "&"), ("and", "\u{2227}"), ("andand", "\u{2a55}"),
    ("andd", "\u{2a5c}"), ("andslope", "\u{2a58}"), ("andv", "\u{2a5a}"), ("ang", "\u{2220}"), ("ange", "\u{29a4}"),
    ("angle", "\u{2220}"), ("angmsd", "\u{2221}"), ("angmsdaa", "\u{29a8}"), ("angmsdab", "\u{29a9}"),
    ("angmsdac", "\u{29aa}"), ("angmsdad", "\u{29ab}"), ("angmsdae", "\u{29ac}"), ("angmsdaf", "\u{29ad}"),
    ("angmsdag", "\u{29ae}"), ("angmsdah", "\u{29af}"), ("angrt", "\u{221f}"), ("angrtvb", "\u{22be}"),
    ("angrtvbd", "\u{299d}"), ("angsph", "\u{2222}"), ("angst", "Å"), ("angzarr", "\u{237c}"), ("aogon", "ą"),
    ("aopf", "𝕒"), ("ap", "\u{2248}"), ("apE", "\u{2a70}"), ("apacir", "\u{2a6f}"), ("ape", "\u{224a}"),
    ("apid", "\u{224b}"), ("apos", "'"), ("approx", "\u{2248}"), ("approxeq", "\u{224a}"), ("aring", "å"),
    ("ascr", "𝒶"), ("ast", "*"), ("asymp", "\u{2248}"), ("asympeq", "\u{224d}"), ("atilde", "ã"), ("auml", "ä"),
    ("awconint", "\u{2233}"), ("awint", "\u{2a11}"), ("bNot", "\u{2aed}"), ("backcong", "\u{224c}"),
    ("backepsilon", "\u{3f6}"), ("backprime", "\u{2035}"), ("backsim", "\u{223d}"), ("backsimeq", "\u{22cd}"),
    ("barvee", "\u{22bd}"), ("barwed", "\u{2305}"), ("barwedge", "\u{2305}"), ("bbrk", "\u{23b5}"),
    ("bbrktbrk", "\u{23b6}"), ("bcong", "\u{224c}"), ("bcy", "б"), ("bdquo", "\u{201e}"), ("becaus", "\u{2235}"),
    ("because", "\u{2235}"), ("bemptyv", "\u{29b0}"), ("bepsi", "\u{3f6}"), ("bernou", "ℬ"), ("beta", "β"),
    ("beth", "ℶ"), ("between", "\u{226c}"), ("bfr", "𝔟"), ("bigcap", "\u{22c2}"), ("bigcirc", "\u{25ef}"),
    ("bigcup", "\u{22c3}"), ("bigodot", "\u{2a00}"), ("bigoplus", "\u{2a01}"), ("bigotimes", "\u{2a02}"),
    ("bigsqcup", "\u{2a06}"), ("bigstar", "\u{2605}"), ("bigtriangledown", "\u{25bd}"),
    ("bigtriangleup", "\u{25b3}"), ("biguplus", "\u{2a04}"), ("bigvee", "\u{22c1}"), ("bigwedge", "\u{22c0}"),
    ("bkarow", "\u{290d}"), ("blacklozenge", "\u{29eb}"), ("blacksquare", "\u{25aa}"),
    ("blacktriangle", "\u{25b4}"), ("blacktriangledown", "\u{25be}"), ("blacktriangleleft", "\u{25c2}"),
    ("blacktriangleright", "\u{25b8}"), ("blank", "\u{2423}"), ("blk12", "\u{2592}"), ("blk14", "\u{2591}"),
    ("blk34", "\u{2593}"), ("block", "\u{2588}"), ("bne", "=\u{20e5}"), ("bnequiv", "\u{2261}\u{20e5}"),
    ("bnot", "\u{2310}"), ("bopf", "𝕓"), ("bot", "\u{22a5}"), ("bottom", "\u{22a5}"), ("bowtie", "\u{22c8}"),
    ("boxDL", "\u{2557}"), ("boxDR", "\u{2554}"), ("boxDl", "\u{2556}"), ("boxDr", "\u{2553}"),
    ("boxH", "\u{2550}"), ("boxHD", "\u{2566}"), ("boxHU", "\u{2569}"), ("boxHd", "\u{2564}"),
    ("boxHu", "\u{2567}"), ("boxUL", "\u{255d}"), ("boxUR", "\u{255a}"), ("boxUl", "\u{255c}"),
    ("boxUr", "\u{2559}"), ("boxV", "\u{2551}"), ("boxVH", "\u{256c}"), ("boxVL", "\u{2563}"),
    ("boxVR", "\u{2560}"), ("boxVh", "\u{256b}"), ("boxVl", "\u{2562}"), ("boxVr", "\u{255f}"),
    ("boxbox", "\u{29c9}"), ("boxdL", "\u{2555}"), ("boxdR", "\u{2552}"), ("boxdl", "\u{2510}"),
    ("boxdr", "\u{250c}"), ("boxh", "\u{2500}"), ("boxhD", "\u{2565}"), ("boxhU", "\u{2568}"),
    ("boxhd", "\u{252c}"), ("boxhu", "\u{2534}"), ("boxminus", "\u{229f}"), ("boxplus", "\u{229e}"),
    ("boxtimes", "\u{22a0}"), ("boxuL", "\u{255b}"), ("boxuR", "\u{2558}"), ("boxul", "\u{2518}"),
    ("boxur", "\u{2514}"), ("boxv", "\u{2502}"), ("boxvH", "\u{256a}"), ("boxvL", "\u{2561}"),
    ("boxvR", "\u{255e}"), ("boxvh", "\u{253c}"), ("boxvl", "\u{2524}"), ("boxvr", "\u{251c}"),
    ("bprime", "\u{2035}"), ("breve", "˘"), ("brvbar", "¦"), ("bscr", "𝒷"), ("bsemi", "\u{204f}"),
    ("bsim", "\u{223d}"), ("bsime", "\u{22cd}"), ("bsol", "\u{5c}"), ("bsolb", "\u{29c5}"),
    ("bsolhsub", "\u{27c8}"), ("bull", "\u{2022}"), ("bullet", "\u{2022}"), ("bump", "\u{224e}"),
    ("bumpE", "\u{2aae}"), ("bumpe", "\u{224f}"), ("bumpeq", "\u{224f}"), ("cacute", "ć"), ("cap", "\u{2229}"),
    ("capand", "\u{2a44}"), ("capbrcup", "\u{2a49}"), ("capcap", "\u{2a4b}"), ("capcup", "\u{2a47}"),
    ("capdot", "\u{2a40}"), ("caps", "\u{2229}\u{fe00}"), ("caret", "\u{2041}"), ("caron", "ˇ"),
    ("ccaps", "\u{2a4d}"), ("ccaron", "č"), ("ccedil", "ç"), ("ccirc", "ĉ"), ("ccups", "\u{2a4c}"),
    ("ccupssm", "\u{2a50}"), ("cdot", "ċ"), ("cedil", "¸"), ("cemptyv", "\u{29b2}"), ("cent", "¢"),
    ("centerdot", "·"), ("cfr", "𝔠"), ("chcy", "ч"), ("check", "\u{2713}"), ("checkmark", "\u{2713}"), ("chi", "χ"),
    ("cir", "\u{25cb}"), ("cirE", "\u{29c3}"), ("circ", "ˆ"), ("circeq", "\u{2257}"),
    ("circlearrowleft", "\u{21ba}"), ("circlearrowright", "\u{21bb}"), ("circledR", "®"), ("circledS", "\u{24c8}"),
    ("circledast", "\u{229b}"), ("circledcirc", "\u{229a}"), ("circleddash", "\u{229d}"), ("cire", "\u{2257}"),
    ("cirfnint", "\u{2a10}"), ("cirmid", "\u{2aef}"), ("cirscir", "\u{29c2}"), ("clubs", "\u{2663}"),
    ("clubsuit", "\u{2663}"), ("colon", ":"), ("colone", "\u{2254}"), ("coloneq", "\u{2254}"), ("comma", ","),
    ("commat", "@"), ("comp", "\u{2201}"), ("compfn", "\u{2218}"), ("complement", "\u{2201}"), ("complexes", "ℂ"),
    ("cong", "\u{2245}"), ("congdot", "\u{2a6d}"), ("conint", "\u{222e}"), ("copf", "𝕔"), ("coprod", "\u{2210}"),
    ("copy", "©"), ("copysr", "\u{2117}"), ("crarr", "\u{21b5}"), ("cross", "\u{2717}"), ("cscr", "𝒸"),
    ("csub", "\u{2acf}"), ("csube", "\u{2ad1}"), ("csup", "\u{2ad0}"), ("csupe", "\u{2ad2}"), ("ctdot", "\u{22ef}"),
    ("cudarrl", "\u{2938}"), ("cudarrr", "\u{2935}"), ("cuepr", "\u{22de}"), ("cuesc", "\u{22df}"),
    ("cularr", "\u{21b6}"), ("cularrp", "\u{293d}"), ("cup", "\u{222a}"), ("cupbrcap", "\u{2a48}"),
    ("cupcap", "\u{2a46}"), ("cupcup", "\u{2a4a}"), ("cupdot", "\u{228d}"), ("cupor", "\u{2a45}"),
    ("cups", "\u{222a}\u{fe00}"), ("curarr", "\u{21b7}"), ("curarrm", "\u{293c}"), ("curlyeqprec", "\u{22de}"),
    ("curlyeqsucc", "\u{22df}"), ("curlyvee", "\u{22ce}"), ("curlywedge", "\u{22cf}"), ("curren", "¤"),
    ("curvearrowleft", "\u{21b6}"), ("curvearrowright", "\u{21b7}"), ("cuvee", "\u{22ce}"), ("cuwed", "\u{22cf}"),
    ("cwconint", "\u{2232}"), ("cwint", "\u{2231}"), ("cylcty", "\u{232d}"), ("dArr", "\u{21d3}"),
    ("dHar", "\u{2965}"), ("dagger", "\u{2020}"), ("daleth", "ℸ"), ("darr", "\u{2193}"), ("dash", "\u{2010}"),
    ("dashv", "\u{22a3}"), ("dbkarow", "\u{290f}"), ("dblac", "˝"), ("dcaron", "ď"), ("dcy", "д"), ("dd", "ⅆ"),
    ("ddagger", "\u{2021}"), ("ddarr", "\u{21ca}"), ("ddotseq", "\u{2a77}"), ("deg", "°"), ("delta", "δ"),
    ("demptyv", "\u{29b1}"), ("dfisht", "\u{297f}"), ("dfr", "𝔡"), ("dharl", "\u{21c3}"), ("dharr", "\u{21c2}"),
    ("diam", "\u{22c4}"), ("diamond", "\u{22c4}"), ("diamondsuit", "\u{2666}"), ("diams", "\u{2666}"), ("die", "¨"),
    ("digamma", "ϝ"), ("disin", "\u{22f2}"), ("div", "÷"), ("divide", "÷"), ("divideontimes", "\u{22c7}"),
    ("divonx", "\u{22c7}"), ("djcy", "ђ"), ("dlcorn", "\u{231e}"), ("dlcrop", "\u{230d}"), ("dollar", "$"),
    ("dopf", "𝕕"), ("dot", "˙"), ("doteq", "\u{2250}"), ("doteqdot", "\u{2251}"), ("dotminus", "\u{2238}"),
    ("dotplus", "\u{2214}"), ("dotsquare", "\u{22a1}"), ("doublebarwedge", "\u{2306}"), ("downarrow", "\u{2193}"),
    ("downdownarrows", "\u{21ca}"), ("downharpoonleft", "\u{21c3}"), ("downharpoonright", "\u{21c2}"),
    ("drbkarow", "\u{2910}"), ("drcorn", "\u{231f}"), ("drcrop", "\u{230c}"), ("dscr", "𝒹"), ("dscy", "ѕ"),
    ("dsol", "\u{29f6}"), ("dstrok", "đ"), ("dtdot", "\u{22f1}"), ("dtri", "\u{25bf}"), ("dtrif", "\u{25be}"),
    ("duarr", "\u{21f5}"), ("duhar", "\u{296f}"), ("dwangle", "\u{29a6}"), ("dzcy", "џ"), ("dzigrarr", "\u{27ff}"),
    ("eDDot", "\u{2a77}"), ("eDot", "\u{2251}"), ("eacute", "é"), ("easter", "\u{2a6e}"), ("ecaron", "ě"),
    ("ecir", "\u{2256}"), ("ecirc", "ê"), ("ecolon", "\u{2255}"), ("ecy", "э"), ("edot", "ė"), ("ee", "ⅇ"),
    ("efDot", "\u{2252}"), ("efr", "𝔢"), ("eg", "\u{2a9a}"), ("egrave", "è"), ("egs", "\u{2a96}"),
    ("egsdot", "\u{2a98}"), ("el", "\u{2a99}"), ("elinters", "\u{23e7}"), ("ell", "ℓ"), ("els", "\u{2a95}"),
    ("elsdot", "\u{2a97}"), ("emacr", "ē"), ("empty", "\u{2205}"), ("emptyset", "\u{2205}"), ("emptyv", "\u{2205}"),
    ("emsp", "\u{2003}"), ("emsp13", "\u{2004}"), ("emsp14", "\u{2005}"), ("eng", "ŋ"), ("ensp", "\u{2002}"),
    ("eogon", "ę"), ("eopf", "𝕖"), ("epar", "\u{22d5}"), ("eparsl", "\u{29e3}"), ("eplus", "\u{2a71}"),
    ("epsi", "ε"), ("epsilon", "ε"), ("epsiv", "ϵ"), ("eqcirc", "\u{2256}"), ("eqcolon", "\u{2255}"),
    ("eqsim", "\u{2242}"), ("eqslantgtr", "\u{2a96}"), ("eqslantless", "\u{2a95}"), ("equals", "="),
    ("equest", "\u{225f}"), ("equiv", "\u{2261}"), ("equivDD", "\u{2a78}"), ("eqvparsl", "\u{29e5}"),
    ("erDot", "\u{2253}"), ("erarr", "\u{2971}"), ("escr", "ℯ"), ("esdot", "\u{2250}"), ("esim", "\u{2242}"),
    ("eta", "η"), ("eth", "ð"), ("euml", "ë"), ("euro", "\u{20ac}"), ("excl", "!"), ("exist", "\u{2203}"),
    ("expectation", "ℰ"), ("exponentiale", "ⅇ"), ("fallingdotseq", "\u{2252}"), ("fcy", "ф"),
    ("female", "\u{2640}"), ("ffilig", "ﬃ"), ("fflig", "ﬀ"), ("ffllig", "ﬄ"), ("ffr", "𝔣"), ("filig", "ﬁ"),
    ("fjlig", "fj"), ("flat", "\u{266d}"), ("fllig", "ﬂ"), ("fltns", "\u{25b1}"), ("fnof", "ƒ"), ("fopf", "𝕗"),
    ("forall", "\u{2200}"), ("fork", "\u{22d4}"), ("forkv", "\u{2ad9}"), ("fpartint", "\u{2a0d}"), ("frac12", "½"),
    ("frac13", "⅓"), ("frac14", "¼"), ("frac15", "⅕"), ("frac16", "⅙"), ("frac18", "⅛"), ("frac23", "⅔"),
    ("frac25", "⅖"), ("frac34", "¾"), ("frac35", "⅗"), ("frac38", "⅜"), ("frac45", "⅘"), ("frac56", "⅚"),
    ("frac58", "⅝"), ("frac78", "⅞"), ("frasl", "\u{2044}"), ("frown", "\u{2322}"), ("fscr", "𝒻"),
    ("gE", "\u{2267}"), ("gEl", "\u{2a8c}"), ("gacute", "ǵ"), ("gamma", "γ"), ("gammad", "ϝ"), ("gap", "\u{2a86}"),
    ("gbreve", "ğ"), ("gcirc", "ĝ"), ("gcy", "г"), ("gdot", "ġ"), ("ge", "\u{2265}"), ("gel", "\u{22db}"),
    ("geq", "\u{2265}"), ("geqq", "\u{2267}"), ("geqslant", "\u{2a7e}"), ("ges", "\u{2a7e}"), ("gescc", "\u{2aa9}"),
    ("gesdot", "\u{2a80}"), ("gesdoto", "\u{2a82}"), ("gesdotol", "\u{2a84}"), ("gesl", "\u{22db}\u{fe00}"),
    ("gesles", "\u{2a94}"), ("gfr", "𝔤"), ("gg", "\u{226b}"), ("ggg", "\u{22d9}"), ("gimel", "ℷ"), ("gjcy", "ѓ"),
    ("gl", "\u{2277}"), ("glE", "\u{2a92}"), ("gla", "\u{2aa5}"), ("glj", "\u{2aa4}"), ("gnE", "\u{2269}"),
    ("gnap", "\u{2a8a}"), ("gnapprox", "\u{2a8a}"), ("gne", "\u{2a88}"), ("gneq", "\u{2a88}"),
    ("gneqq", "\u{2269}"), ("gnsim", "\u{22e7}"), ("gopf", "𝕘"), ("grave", "`"), ("gscr", "ℊ"),
    ("gsim", "\u{2273}"), ("gsime", "\u{2a8e}"), ("gsiml", "\u{2a90}"), ("gt", ">"), ("gtcc", "\u{2aa7}"),
    ("gtcir", "\u{2a7a}"), ("gtdot", "\u{22d7}"), ("gtlPar", "\u{2995}"), ("gtquest", "\u{2a7c}"),
    ("gtrapprox", "\u{2a86}"), ("gtrarr", "\u{2978}"), ("gtrdot", "\u{22d7}"), ("gtreqless", "\u{22db}"),
    ("gtreqqless", "\u{2a8c}"), ("gtrless", "\u{2277}"), ("gtrsim", "\u{2273}"), ("gvertneqq", "\u{2269}\u{fe00}"),
    ("gvnE", "\u{2269}\u{fe00}"), ("hArr", "\u{21d4}"), ("hairsp", "\u{200a}"), ("half", "½"), ("hamilt", "ℋ"),
    ("hardcy", "ъ"), ("harr", "\u{2194}"), ("harrcir", "\u{2948}"), ("harrw", "\u{21ad}"), ("hbar", "ℏ"),
    ("hcirc", "ĥ"), ("hearts", "\u{2665}"), ("heartsuit", "\u{2665}"), ("hellip", "\u{2026}"),
    ("hercon", "\u{22b9}"), ("hfr", "𝔥"), ("hksearow", "\u{2925}"), ("hkswarow", "\u{2926}"), ("hoarr", "\u{21ff}"),
    ("homtht", "\u{223b}"), ("hookleftarrow", "\u{21a9}"), ("hookrightarrow", "\u{21aa}"), ("hopf", "𝕙"),
    ("horbar", "\u{2015}"), ("hscr", "𝒽"), ("hslash", "ℏ"), ("hstrok", "ħ"), ("hybull", "\u{2043}"),
    ("hyphen", "\u{2010}"), ("iacute", "í"), ("ic", "\u{2063}"), ("icirc", "î"), ("icy", "и"), ("iecy", "е"),
    ("iexcl", "¡"), ("iff", "\u{21d4}"), ("ifr", "𝔦"), ("igrave", "ì"), ("ii", "ⅈ"), ("iiiint", "\u{2a0c}"),
    ("iiint", "\u{222d}"), ("iinfin", "\u{29dc}"), ("iiota", "\u{2129}"), ("ijlig", "ĳ"), ("imacr", "ī"),
    ("image", "ℑ"), ("imagline", "ℐ"), ("imagpart", "ℑ"), ("imath", "ı"), ("imof", "\u{22b7}"), ("imped", "Ƶ"),
    ("in", "\u{2208}"), ("incare", "\u{2105}"), ("infin", "\u{221e}"), ("infintie", "\u{29dd}"), ("inodot", "ı"),
    ("int", "\u{222b}"), ("intcal", "\u{22ba}"), ("integers", "ℤ"), ("intercal", "\u{22ba}"),
    ("intlarhk", "\u{2a17}"), ("intprod", "\u{2a3c}"), ("iocy", "ё"), ("iogon", "į"), ("iopf", "𝕚"), ("iota", "ι"),
    ("iprod", "\u{2a3c}"), ("iquest", "¿"), ("iscr", "𝒾"), ("isin", "\u{2208}"), ("isinE", "\u{22f9}"),
    ("isindot", "\u{22f5}"), ("isins", "\u{22f4}"), ("isinsv", "\u{22f3}"), ("isinv", "\u{2208}"),
    ("it", "\u{2062}"), ("itilde", "ĩ"), ("iukcy", "і"), ("iuml", "ï"), ("jcirc", "ĵ"), ("jcy", "й"), ("jfr", "𝔧"),
    ("jmath", "ȷ"), ("jopf", "𝕛"), ("jscr", "𝒿"), ("jsercy", "ј"), ("jukcy", "є"), ("kappa", "κ"), ("kappav", "ϰ"),
    ("kcedil", "ķ"), ("kcy", "к"), ("kfr", "𝔨"), ("kgreen", "ĸ"), ("khcy", "х"), ("kjcy", "ќ"), ("kopf", "𝕜"),
    ("kscr", "𝓀"), ("lAarr", "\u{21da}"), ("lArr", "\u{21d0}"), ("lAtail", "\u{291b}"), ("lBarr", "\u{290e}"),
    ("lE", "\u{2266}"), ("lEg", "\u{2a8b}"), ("lHar", "\u{2962}"), ("lacute", "ĺ"), ("laemptyv", "\u{29b4}"),
    ("lagran", "ℒ"), ("lambda", "λ"), ("lang", "\u{27e8}"), ("langd", "\u{2991}"), ("langle", "\u{27e8}"),
    ("lap", "\u{2a85}"), ("laquo", "«"), ("larr", "\u{2190}"), ("larrb", "\u{21e4}"), ("larrbfs", "\u{291f}"),
    ("larrfs", "\u{291d}"), ("larrhk", "\u{21a9}"), ("larrlp", "\u{21ab}"), ("larrpl", "\u{2939}"),
    ("larrsim", "\u{2973}"), ("larrtl", "\u{21a2}"), ("lat", "\u{2aab}"), ("latail", "\u{2919}"),
    ("late", "\u{2aad}"), ("lates", "\u{2aad}\u{fe00}"), ("lbarr", "\u{290c}"), ("lbbrk", "\u{2772}"),
    ("lbrace", "{"), ("lbrack", "["), ("lbrke", "\u{298b}"), ("lbrksld", "\u{298f}"), ("lbrkslu", "\u{298d}"),
    ("lcaron", "ľ"), ("lcedil", "ļ"), ("lceil", "\u{2308}"), ("lcub", "{"), ("lcy", "л"), ("ldca", "\u{2936}"),
    ("ldquo", "\u{201c}"), ("ldquor", "\u{201e}"), ("ldrdhar", "\u{2967}"), ("ldrushar", "\u{294b}"),
    ("ldsh", "\u{21b2}"), ("le", "\u{2264}"), ("leftarrow", "\u{2190}"), ("leftarrowtail", "\u{21a2}"),
    ("leftharpoondown", "\u{21bd}"), ("leftharpoonup", "\u{21bc}"), ("leftleftarrows", "\u{21c7}"),
    ("leftrightarrow", "\u{2194}"), ("leftrightarrows", "\u{21c6}"), ("leftrightharpoons", "\u{21cb}"),
    ("leftrightsquigarrow", "\u{21ad}"), ("leftthreetimes", "\u{22cb}"), ("leg", "\u{22da}"), ("leq", "\u{2264}"),
    ("leqq", "\u{2266}"), ("leqslant", "\u{2a7d}"), ("les", "\u{2a7d}"), ("lescc", "\u{2aa8}"),
    ("lesdot", "\u{2a7f}"), ("lesdoto", "\u{2a81}"), ("lesdotor", "\u{2a83}"), ("lesg", "\u{22da}\u{fe00}"),
    ("lesges", "\u{2a93}"), ("lessapprox", "\u{2a85}"), ("lessdot", "\u{22d6}"), ("lesseqgtr", "\u{22da}"),
    ("lesseqqgtr", "\u{2a8b}"), ("lessgtr", "\u{2276}"), ("lesssim", "\u{2272}"), ("lfisht", "\u{297c}"),
    ("lfloor", "\u{230a}"), ("lfr", "𝔩"), ("lg", "\u{2276}"), ("lgE", "\u{2a91}"), ("lhard", "\u{21bd}"),
    ("lharu", "\u{21bc}"), ("lharul", "\u{296a}"), ("lhblk", "\u{2584}"), ("ljcy", "љ"), ("ll", "\u{226a}"),
    ("llarr", "\u{21c7}"), ("llcorner", "\u{231e}"), ("llhard", "\u{296b}"), ("lltri", "\u{25fa}"), ("lmidot", "ŀ"),
    ("lmoust", "\u{23b0}"), ("lmoustache", "\u{23b0}"), ("lnE", "\u{2268}"), ("lnap", "\u{2a89}"),
    ("lnapprox", "\u{2a89}"), ("lne", "\u{2a87}"), ("lneq", "\u{2a87}"), ("lneqq", "\u{2268}"),
    ("lnsim", "\u{22e6}"), ("loang", "\u{27ec}"), ("loarr", "\u{21fd}"), ("lobrk", "\u{27e6}"),
    ("longleftarrow", "\u{27f5}"), ("longleftrightarrow", "\u{27f7}"), ("longmapsto", "\u{27fc}"),
    ("longrightarrow", "\u{27f6}"), ("looparrowleft", "\u{21ab}"), ("looparrowright", "\u{21ac}"),
    ("lopar", "\u{2985}"), ("lopf", "𝕝"), ("loplus", "\u{2a2d}"), ("lotimes", "\u{2a34}"), ("lowast", "\u{2217}"),
    ("lowbar", "_"), ("loz", "\u{25ca}"), ("lozenge", "\u{25ca}"), ("lozf", "\u{29eb}"), ("lpar", "("),
    ("lparlt", "\u{2993}"), ("lrarr", "\u{21c6}"), ("lrcorner", "\u{231f}"), ("lrhar", "\u{21cb}"),
    ("lrhard", "\u{296d}"), ("lrm", "\u{200e}"), ("lrtri", "\u{22bf}"), ("lsaquo", "\u{2039}"), ("lscr", "𝓁"),
    ("lsh", "\u{21b0}"), ("lsim", "\u{2272}"), ("lsime", "\u{2a8d}"), ("lsimg", "\u{2a8f}"), ("lsqb", "["),
    ("lsquo", "\u{2018}"), ("lsquor", "\u{201a}"), ("lstrok", "ł"), ("lt", "<"), ("ltcc", "\u{2aa6}"),
    ("ltcir", "\u{2a79}"), ("ltdot", "\u{22d6}"), ("lthree", "\u{22cb}"), ("ltimes", "\u{22c9}"),
    ("ltlarr", "\u{2976}"), ("ltquest", "\u{2a7b}"), ("ltrPar", "\u{2996}"), ("ltri", "\u{25c3}"),
    ("ltrie", "\u{22b4}"), ("ltrif", "\u{25c2}"), ("lurdshar", "\u{294a}"), ("luruhar", "\u{2966}"),
    ("lvertneqq", "\u{2268}\u{fe00}"), ("lvnE", "\u{2268}\u{fe00}"), ("mDDot", "\u{223a}"), ("macr", "¯"),
    ("male", "\u{2642}"), ("malt", "\u{2720}"), ("maltese", "\u{2720}"), ("map", "\u{21a6}"),
    ("mapsto", "\u{21a6}"), ("mapstodown", "\u{21a7}"), ("mapstoleft", "\u{21a4}"), ("mapstoup", "\u{21a5}"),
    ("marker", "\u{25ae}"), ("mcomma", "\u{2a29}"), ("mcy", "м"), ("mdash", "\u{2014}"),
    ("measuredangle", "\u{2221}"), ("mfr", "𝔪"), ("mho", "\u{2127}"), ("micro", "µ"), ("mid", "\u{2223}"),
    ("midast", "*"), ("midcir", "\u{2af0}"), ("middot", "·"), ("minus", "\u{2212}"), ("minusb", "\u{229f}"),
    ("minusd", "\u{2238}"), ("minusdu", "\u{2a2a}"), ("mlcp", "\u{2adb}"), ("mldr", "\u{2026}"),
    ("mnplus", "\u{2213}"), ("models", "\u{22a7}"), ("mopf", "𝕞"), ("mp", "\u{2213}"), ("mscr", "𝓂"),
    ("mstpos", "\u{223e}"), ("mu", "μ"), ("multimap", "\u{22b8}"), ("mumap", "\u{22b8}"),
    ("nGg", "\u{22d9}\u{338}"), ("nGt", "\u{226b}\u{20d2}"), ("nGtv", "\u{226b}\u{338}"),
    ("nLeftarrow", "\u{21cd}"), ("nLeftrightarrow", "\u{21ce}"), ("nLl", "\u{22d8}\u{338}"),
    ("nLt", "\u{226a}\u{20d2}"), ("nLtv", "\u{226a}\u{338}"), ("nRightarrow", "\u{21cf}"), ("nVDash", "\u{22af}"),
    ("nVdash", "\u{22ae}"), ("nabla", "\u{2207}"), ("nacute", "ń"), ("nang", "\u{2220}\u{20d2}"),
    ("nap", "\u{2249}"), ("napE", "\u{2a70}\u{338}"), ("napid", "\u{224b}\u{338}"), ("napos", "ŉ"),
    ("napprox", "\u{2249}"), ("natur", "\u{266e}"), ("natural", "\u{266e}"), ("naturals", "ℕ"), ("nbsp", "\u{a0}"),
    ("nbump", "\u{224e}\u{338}"), ("nbumpe", "\u{224f}\u{338}"), ("ncap", "\u{2a43}"), ("ncaron", "ň"),
    ("ncedil", "ņ"), ("ncong", "\u{2247}"), ("ncongdot", "\u{2a6d}\u{338}"), ("ncup", "\u{2a42}"), ("ncy", "н"),
    ("ndash", "\u{2013}"), ("ne", "\u{2260}"), ("neArr", "\u{21d7}"), ("nearhk", "\u{2924}"), ("nearr", "\u{2197}"),
    ("nearrow", "\u{2197}"), ("nedot", "\u{2250}\u{338}"), ("nequiv", "\u{2262}"), ("nesear", "\u{2928}"),
    ("nesim", "\u{2242}\u{338}"), ("nexist", "\u{2204}"), ("nexists", "\u{2204}"), ("nfr", "𝔫"),
    ("ngE", "\u{2267}\u{338}"), ("nge", "\u{2271}"), ("ngeq", "\u{2271}"), ("ngeqq", "\u{2267}\u{338}"),
    ("ngeqslant", "\u{2a7e}\u{338}"), ("nges", "\u{2a7e}\u{338}"), ("ngsim", "\u{2275}"), ("ngt", "\u{226f}"),
    ("ngtr", "\u{226f}"), ("nhArr", "\u{21ce}"), ("nharr", "\u{21ae}"), ("nhpar", "\u{2af2}"), ("ni", "\u{220b}"),
    ("nis", "\u{22fc}"), ("nisd", "\u{22fa}"), ("niv", "\u{220b}"), ("njcy", "њ"), ("nlArr", "\u{21cd}"),
    ("nlE", "\u{2266}\u{338}"), ("nlarr", "\u{219a}"), ("nldr", "\u{2025}"), ("nle", "\u{2270}"),
    ("nleftarrow", "\u{219a}"), ("nleftrightarrow", "\u{21ae}"), ("nleq", "\u{2270}"), ("nleqq", "\u{2266}\u{338}"),
    ("nleqslant", "\u{2a7d}\u{338}"), ("nles", "\u{2a7d}\u{338}"), ("nless", "\u{226e}"), ("nlsim", "\u{2274}"),
    ("nlt", "\u{226e}"), ("nltri", "\u{22ea}"), ("nltrie", "\u{22ec}"), ("nmid", "\u{2224}"), ("nopf", "𝕟"),
    ("not", "¬"), ("notin", "\u{2209}"), ("notinE", "\u{22f9}\u{338}"), ("notindot", "\u{22f5}\u{338}"),
    ("notinva", "\u{2209}"), ("notinvb", "\u{22f7}"), ("notinvc", "\u{22f6}"), ("notni", "\u{220c}"),
    ("notniva", "\u{220c}"), ("notnivb", "\u{22fe}"), ("notnivc", "\u{22fd}"), ("npar", "\u{2226}"),
    ("nparallel", "\u{2226}"), ("nparsl", "\u{2afd}\u{20e5}"), ("npart", "\u{2202}\u{338}"),
    ("npolint", "\u{2a14}"), ("npr", "\u{2280}"), ("nprcue", "\u{22e0}"), ("npre", "\u{2aaf}\u{338}"),
    ("nprec", "\u{2280}"), ("npreceq", "\u{2aaf}\u{338}"), ("nrArr", "\u{21cf}"), ("nrarr", "\u{219b}"),
    ("nrarrc", "\u{2933}\u{338}"), ("nrarrw", "\u{219d}\u{338}"), ("nrightarrow", "\u{219b}"),
    ("nrtri", "\u{22eb}"), ("nrtrie", "\u{22ed}"), ("nsc", "\u{2281}"), ("nsccue", "\u{22e1}"),
    ("nsce", "\u{2ab0}\u{338}"), ("nscr", "𝓃"), ("nshortmid", "\u{2224}"), ("nshortparallel", "\u{2226}"),
    ("nsim", "\u{2241}"), ("nsime", "\u{2244}"), ("nsimeq", "\u{2244}"), ("nsmid", "\u{2224}"),
    ("nspar", "\u{2226}"), ("nsqsube", "\u{22e2}"), ("nsqsupe", "\u{22e3}"), ("nsub", "\u{2284}"),
    ("nsubE", "\u{2ac5}\u{338}"), ("nsube", "\u{2288}"), ("nsubset", "\u{2282}\u{20d2}"), ("nsubseteq", "\u{2288}"),
    ("nsubseteqq", "\u{2ac5}\u{338}"), ("nsucc", "\u{2281}"), ("nsucceq", "\u{2ab0}\u{338}"), ("nsup", "\u{2285}"),
    ("nsupE", "\u{2ac6}\u{338}"), ("nsupe", "\u{2289}"), ("nsupset", "\u{2283}\u{20d2}"), ("nsupseteq", "\u{2289}"),
    ("nsupseteqq", "\u{2ac6}\u{338}"), ("ntgl", "\u{2279}"), ("ntilde", "ñ"), ("ntlg", "\u{2278}"),
    ("ntriangleleft", "\u{22ea}"), ("ntrianglelefteq", "\u{22ec}"), ("ntriangleright", "\u{22eb}"),
    ("ntrianglerighteq", "\u{22ed}"), ("nu", "ν"), ("num", "#"), ("numero", "\u{2116}"), ("numsp", "\u{2007}"),
    ("nvDash", "\u{22ad}"), ("nvHarr", "\u{2904}"), ("nvap", "\u{224d}\u{20d2}"), ("nvdash", "\u{22ac}"),
    ("nvge", "\u{2265}\u{20d2}"), ("nvgt", ">\u{20d2}"), ("nvinfin", "\u{29de}"), ("nvlArr", "\u{2902}"),
    ("nvle", "\u{2264}\u{20d2}"), ("nvlt", "<\u{20d2}"), ("nvltrie", "\u{22b4}\u{20d2}"), ("nvrArr", "\u{2903}"),
    ("nvrtrie", "\u{22b5}\u{20d2}"), ("nvsim", "\u{223c}\u{20d2}"), ("nwArr", "\u{21d6}"), ("nwarhk", "\u{2923}"),
    ("nwarr", "\u{2196}"), ("nwarrow", "\u{2196}"), ("nwnear", "\u{2927}"), ("oS", "\u{24c8}"), ("oacute", "ó"),
    ("oast", "\u{229b}"), ("ocir", "\u{229a}"), ("ocirc", "ô"), ("ocy", "о"), ("odash", "\u{229d}"),
    ("odblac", "ő"), ("odiv", "\u{2a38}"), ("odot", "\u{2299}"), ("odsold", "\u{29bc}"), ("oelig", "œ"),
    ("ofcir", "\u{29bf}"), ("ofr", "𝔬"), ("ogon", "˛"), ("ograve", "ò"), ("ogt", "\u{29c1}"), ("ohbar", "\u{29b5}"),
    ("ohm", "Ω"), ("oint", "\u{222e}"), ("olarr", "\u{21ba}"), ("olcir", "\u{29be}"), ("olcross", "\u{29bb}"),
    ("oline", "\u{203e}"), ("olt", "\u{29c0}"), ("omacr", "ō"), ("omega", "ω"), ("omicron", "ο"),
    ("omid", "\u{29b6}"), ("ominus", "\u{2296}"), ("oopf", "𝕠"), ("opar", "\u{29b7}"), ("operp", "\u{29b9}"),
    ("oplus", "\u{2295}"), ("or", "\u{2228}"), ("orarr", "\u{21bb}"), ("ord", "\u{2a5d}"), ("order", "ℴ"),
    ("orderof", "ℴ"), ("ordf", "ª"), ("ordm", "º"), ("origof", "\u{22b6}"), ("oror", "\u{2a56}"),
    ("orslope", "\u{2a57}"), ("orv", "\u{2a5b}"), ("oscr", "ℴ"), ("oslash", "ø"), ("osol", "\u{2298}"),
    ("otilde", "õ"), ("otimes", "\u{2297}"), ("otimesas", "\u{2a36}"), ("ouml", "ö"), ("ovbar", "\u{233d}"),
    ("par", "\u{2225}"), ("para", "¶"), ("parallel", "\u{2225}"), ("parsim", "\u{2af3}"), ("parsl", "\u{2afd}"),
    ("part", "\u{2202}"), ("pcy", "п"), ("percnt", "%"), ("period", "."), ("permil", "\u{2030}"),
    ("perp", "\u{22a5}"), ("pertenk", "\u{2031}"), ("pfr", "𝔭"), ("phi", "φ"), ("phiv", "ϕ"), ("phmmat", "ℳ"),
    ("phone", "\u{260e}"), ("pi", "π"), ("pitchfork", "\u{22d4}"), ("piv", "ϖ"), ("planck", "ℏ"), ("planckh", "ℎ"),
    ("plankv", "ℏ"), ("plus", "+"), ("plusacir", "\u{2a23}"), ("plusb", "\u{229e}"), ("pluscir", "\u{2a22}"),
    ("plusdo", "\u{2214}"), ("plusdu", "\u{2a25}"), ("pluse", "\u{2a72}"), ("plusmn", "±"), ("plussim", "\u{2a26}"),
    ("plustwo", "\u{2a27}"), ("pm", "±"), ("pointint", "\u{2a15}"), ("popf", "𝕡"), ("pound", "£"),
    ("pr", "\u{227a}"), ("prE", "\u{2ab3}"), ("prap", "\u{2ab7}"), ("prcue", "\u{227c}"), ("pre", "\u{2aaf}"),
    ("prec", "\u{227a}"), ("precapprox", "\u{2ab7}"), ("preccurlyeq", "\u{227c}"), ("preceq", "\u{2aaf}"),
    ("precnapprox", "\u{2ab9}"), ("precneqq", "\u{2ab5}"), ("precnsim", "\u{22e8}"), ("precsim", "\u{227e}"),
    ("prime", "\u{2032}"), ("primes", "ℙ"), ("prnE", "\u{2ab5}"), ("prnap", "\u{2ab9}"), ("prnsim", "\u{22e8}"),
    ("prod", "\u{220f}"), ("profalar", "\u{232e}"), ("profline", "\u{2312}"), ("profsurf", "\u{2313}"),
    ("prop", "\u{221d}"), ("propto", "\u{221d}"), ("prsim", "\u{227e}"), ("prurel", "\u{22b0}"), ("pscr", "𝓅"),
    ("psi", "ψ"), ("puncsp", "\u{2008}"), ("qfr", "𝔮"), ("qint", "\u{2a0c}"), ("qopf", "𝕢"), ("qprime", "\u{2057}"),
    ("qscr", "𝓆"), ("quaternions", "ℍ"), ("quatint", "\u{2a16}"), ("quest", "?"), ("questeq", "\u{225f}"),
    ("quot", "\u{22}"), ("rAarr", "\u{21db}"), ("rArr", "\u{21d2}"), ("rAtail", "\u{291c}"), ("rBarr", "\u{290f}"),
    ("rHar", "\u{2964}"), ("race", "\u{223d}\u{331}"), ("racute", "ŕ"), ("radic", "\u{221a}"),
    ("raemptyv", "\u{29b3}"), ("rang", "\u{27e9}"), ("rangd", "\u{2992}"), ("range", "\u{29a5}"),
    ("rangle", "\u{27e9}"), ("raquo", "»"), ("rarr", "\u{2192}"), ("rarrap", "\u{2975}"), ("rarrb", "\u{21e5}"),
    ("rarrbfs", "\u{2920}"), ("rarrc", "\u{2933}"), ("rarrfs", "\u{291e}"), ("rarrhk", "\u{21aa}"),
    ("rarrlp", "\u{21ac}"), ("rarrpl", "\u{2945}"), ("rarrsim", "\u{2974}"), ("rarrtl", "\u{21a3}"),
    ("rarrw", "\u{219d}"), ("ratail", "\u{291a}"), ("ratio", "\u{2236}"), ("rationals", "ℚ"), ("rbarr", "\u{290d}"),
    ("rbbrk", "\u{2773}"), ("rbrace", "}"), ("rbrack", "]"), ("rbrke", "\u{298c}"), ("rbrksld", "\u{298e}"),
    ("rbrkslu", "\u{2990}"), ("rcaron", "ř"), ("rcedil", "ŗ"), ("rceil", "\u{2309}"), ("rcub", "}"), ("rcy", "р"),
    ("rdca", "\u{2937}"), ("rdldhar", "\u{2969}"), ("rdquo", "\u{201d}"), ("rdquor", "\u{201d}"),
    ("rdsh", "\u{21b3}"), ("real", "ℜ"), ("realine", "ℛ"), ("realpart", "ℜ"), ("reals", "ℝ"), ("rect", "\u{25ad}"),
    ("reg", "®"), ("rfisht", "\u{297d}"), ("rfloor", "\u{230b}"), ("rfr", "𝔯"), ("rhard", "\u{21c1}"),
    ("rharu", "\u{21c0}"), ("rharul", "\u{296c}"), ("rho", "ρ"), ("rhov", "ϱ"), ("rightarrow", "\u{2192}"),
    ("rightarrowtail", "\u{21a3}"), ("rightharpoondown", "\u{21c1}"), ("rightharpoonup", "\u{21c0}"),
    ("rightleftarrows", "\u{21c4}"), ("rightleftharpoons", "\u{21cc}"), ("rightrightarrows", "\u{21c9}"),
    ("rightsquigarrow", "\u{219d}"), ("rightthreetimes", "\u{22cc}"), ("ring", "˚"), ("risingdotseq", "\u{2253}"),
    ("rlarr", "\u{21c4}"), ("rlhar", "\u{21cc}"), ("rlm", "\u{200f}"), ("rmoust", "\u{23b1}"),
    ("rmoustache", "\u{23b1}"), ("rnmid", "\u{2aee}"), ("roang", "\u{27ed}"), ("roarr", "\u{21fe}"),
    ("robrk", "\u{27e7}"), ("ropar", "\u{2986}"), ("ropf", "𝕣"), ("roplus", "\u{2a2e}"), ("rotimes", "\u{2a35}"),
    ("rpar", ")"), ("rpargt", "\u{2994}"), ("rppolint", "\u{2a12}"), ("rrarr", "\u{21c9}"), ("rsaquo", "\u{203a}"),
    ("rscr", "𝓇"), ("rsh", "\u{21b1}"), ("rsqb", "]"), ("rsquo", "\u{2019}"), ("rsquor", "\u{2019}"),
    ("rthree", "\u{22cc}"), ("rtimes", "\u{22ca}"), ("rtri", "\u{25b9}"), ("rtrie", "\u{22b5}"),
    ("rtrif", "\u{25b8}"), ("rtriltri", "\u{29ce}"), ("ruluhar", "\u{2968}"), ("rx", "\u{211e}"), ("sacute", "ś"),
    ("sbquo", "\u{201a}"), ("sc", "\u{227b}"), ("scE", "\u{2ab4}"), ("scap", "\u{2ab8}"), ("scaron", "š"),
    ("sccue", "\u{227d}"), ("sce", "\u{2ab0}"), ("scedil", "ş"), ("scirc", "ŝ"), ("scnE", "\u{2ab6}"),
    ("scnap", "\u{2aba}"), ("scnsim", "\u{22e9}"), ("scpolint", "\u{2a13}"), ("scsim", "\u{227f}"), ("scy", "с"),
    ("sdot", "\u{22c5}"), ("sdotb", "\u{22a1}"), ("sdote", "\u{2a66}"), ("seArr", "\u{21d8}"),
    ("searhk", "\u{2925}"), ("searr", "\u{2198}"), ("searrow", "\u{2198}"), ("sect", "§"), ("semi", ";"),
    ("seswar", "\u{2929}"), ("setminus", "\u{2216}"), ("setmn", "\u{2216}"), ("sext", "\u{2736}"), ("sfr", "𝔰"),
    ("sfrown", "\u{2322}"), ("sharp", "\u{266f}"), ("shchcy", "щ"), ("shcy", "ш"), ("shortmid", "\u{2223}"),
    ("shortparallel", "\u{2225}"), ("shy", "\u{ad}"), ("sigma", "σ"), ("sigmaf", "ς"), ("sigmav", "ς"),
    ("sim", "\u{223c}"), ("simdot", "\u{2a6a}"), ("sime", "\u{2243}"), ("simeq", "\u{2243}"), ("simg", "\u{2a9e}"),
    ("simgE", "\u{2aa0}"), ("siml", "\u{2a9d}"), ("simlE", "\u{2a9f}"), ("simne", "\u{2246}"),
    ("simplus", "\u{2a24}"), ("simrarr", "\u{2972}"), ("slarr", "\u{2190}"), ("smallsetminus", "\u{2216}"),
    ("smashp", "\u{2a33}"), ("smeparsl", "\u{29e4}"), ("smid", "\u{2223}"), ("smile", "\u{2323}"),
    ("smt", "\u{2aaa}"), ("smte", "\u{2aac}"), ("smtes", "\u{2aac}\u{fe00}"), ("softcy", "ь"), ("sol", "/"),
    ("solb", "\u{29c4}"), ("solbar", "\u{233f}"), ("sopf", "𝕤"), ("spades", "\u{2660}"), ("spadesuit", "\u{2660}"),
    ("spar", "\u{2225}"), ("sqcap", "\u{2293}"), ("sqcaps", "\u{2293}\u{fe00}"), ("sqcup", "\u{2294}"),
    ("sqcups", "\u{2294}\u{fe00}"), ("sqsub", "\u{228f}"), ("sqsube", "\u{2291}"), ("sqsubset", "\u{228f}"),
    ("sqsubseteq", "\u{2291}"), ("sqsup", "\u{2290}"), ("sqsupe", "\u{2292}"), ("sqsupset", "\u{2290}"),
    ("sqsupseteq", "\u{2292}"), ("squ", "\u{25a1}"), ("square", "\u{25a1}"), ("squarf", "\u{25aa}"),
    ("squf", "\u{25aa}"), ("srarr", "\u{2192}"), ("sscr", "𝓈"), ("ssetmn", "\u{2216}"), ("ssmile", "\u{2323}"),
    ("sstarf", "\u{22c6}"), ("star", "\u{2606}"), ("starf", "\u{2605}"), ("straightepsilon", "ϵ"),
    ("straightphi", "ϕ"), ("strns", "¯"), ("sub", "\u{2282}"), ("subE", "\u{2ac5}"), ("subdot", "\u{2abd}"),
    ("sube", "\u{2286}"), ("subedot", "\u{2ac3}"), ("submult", "\u{2ac1}"), ("subnE", "\u{2acb}"),
    ("subne", "\u{228a}"), ("subplus", "\u{2abf}"), ("subrarr", "\u{2979}"), ("subset", "\u{2282}"),
    ("subseteq", "\u{2286}"), ("subseteqq", "\u{2ac5}"), ("subsetneq", "\u{228a}"), ("subsetneqq", "\u{2acb}"),
    ("subsim", "\u{2ac7}"), ("subsub", "\u{2ad5}"), ("subsup", "\u{2ad3}"), ("succ", "\u{227b}"),
    ("succapprox", "\u{2ab8}"), ("succcurlyeq", "\u{227d}"), ("succeq", "\u{2ab0}"), ("succnapprox", "\u{2aba}"),
    ("succneqq", "\u{2ab6}"), ("succnsim", "\u{22e9}"), ("succsim", "\u{227f}"), ("sum", "\u{2211}"),
    ("sung", "\u{266a}"), ("sup", "\u{2283}"), ("sup1", "¹"), ("sup2", "²"), ("sup3", "³"), ("supE", "\u{2ac6}"),
    ("supdot", "\u{2abe}"), ("supdsub", "\u{2ad8}"), ("supe", "\u{2287}"), ("supedot", "\u{2ac4}"),
    ("suphsol", "\u{27c9}"), ("suphsub", "\u{2ad7}"), ("suplarr", "\u{297b}"), ("supmult", "\u{2ac2}"),
    ("supnE", "\u{2acc}"), ("supne", "\u{228b}"), ("supplus", "\u{2ac0}"), ("supset", "\u{2283}"),
    ("supseteq", "\u{2287}"), ("supseteqq", "\u{2ac6}"), ("supsetneq", "\u{228b}"), ("supsetneqq", "\u{2acc}"),
    ("supsim", "\u{2ac8}"), ("supsub", "\u{2ad4}"), ("supsup", "\u{2ad6}"), ("swArr", "\u{21d9}"),
    ("swarhk", "\u{2926}"), ("swarr", "\u{2199}"), ("swarrow", "\u{2199}"), ("swnwar", "\u{292a}"), ("szlig", "ß"),
    ("target", "\u{2316}"), ("tau", "τ"), ("tbrk", "\u{23b4}"), ("tcaron", "ť"), ("tcedil", "ţ"), ("tcy", "т"),
    ("tdot", "\u{20db}"), ("telrec", "\u{2315}"), ("tfr", "𝔱"), ("there4", "\u{2234}"), ("therefore", "\u{2234}"),
    ("theta", "θ"), ("thetasym", "ϑ"), ("thetav", "ϑ"), ("thickapprox", "\u{2248}"), ("thicksim", "\u{223c}"),
    ("thinsp", "\u{2009}"), ("thkap", "\u{2248}"), ("thksim", "\u{223c}"), ("thorn", "þ"), ("tilde", "˜"),
    ("times", "×"), ("timesb", "\u{22a0}"), ("timesbar", "\u{2a31}"), ("timesd", "\u{2a30}"), ("tint", "\u{222d}"),
    ("toea", "\u{2928}"), ("top", "\u{22a4}"), ("topbot", "\u{2336}"), ("topcir", "\u{2af1}"), ("topf", "𝕥"),
    ("topfork", "\u{2ada}"), ("tosa", "\u{2929}"), ("tprime", "\u{2034}"), ("trade", "\u{2122}"),
    ("triangle", "\u{25b5}"), ("triangledown", "\u{25bf}"), ("triangleleft", "\u{25c3}"),
    ("trianglelefteq", "\u{22b4}"), ("triangleq", "\u{225c}"), ("triangleright", "\u{25b9}"),
    ("trianglerighteq", "\u{22b5}"), ("tridot", "\u{25ec}"), ("trie", "\u{225c}"), ("triminus", "\u{2a3a}"),
    ("triplus", "\u{2a39}"), ("trisb", "\u{29cd}"), ("tritime", "\u{2a3b}"), ("trpezium", "\u{23e2}"),
    ("tscr", "𝓉"), ("tscy", "ц"), ("tshcy", "ћ"), ("tstrok", "ŧ"), ("twixt", "\u{226c}"),
    ("twoheadleftarrow", "\u{219e}"), ("twoheadrightarrow", "\u{21a0}"), ("uArr", "\u{21d1}"), ("uHar", "\u{2963}"),
    ("uacute", "ú"), ("uarr", "\u{2191}"), ("ubrcy", "ў"), ("ubreve", "ŭ"), ("ucirc", "û"), ("ucy", "у"),
    ("udarr", "\u{21c5}"), ("udblac", "ű"), ("udhar", "\u{296e}"), ("ufisht", "\u{297e}"), ("ufr", "𝔲"),
    ("ugrave", "ù"), ("uharl", "\u{21bf}"), ("uharr", "\u{21be}"), ("uhblk", "\u{2580}"), ("ulcorn", "\u{231c}"),
    ("ulcorner", "\u{231c}"), ("ulcrop", "\u{230f}"), ("ultri", "\u{25f8}"), ("umacr", "ū"), ("uml", "¨"),
    ("uogon", "ų"), ("uopf", "𝕦"), ("uparrow", "\u{2191}"), ("updownarrow", "\u{2195}"),
    ("upharpoonleft", "\u{21bf}"), ("upharpoonright", "\u{21be}"), ("uplus", "\u{228e}"), ("upsi", "υ"),
    ("upsih", "ϒ"), ("upsilon", "υ"), ("upuparrows", "\u{21c8}"), ("urcorn", "\u{231d}"), ("urcorner", "\u{231d}"),
    ("urcrop", "\u{230e}"), ("uring", "ů"), ("urtri", "\u{25f9}"), ("uscr", "𝓊"), ("utdot", "\u{22f0}"),
    ("utilde", "ũ"), ("utri", "\u{25b5}"), ("utrif", "\u{25b4}"), ("uuarr", "\u{21c8}"), ("uuml", "ü"),
    ("uwangle", "\u{29a7}"), ("vArr", "\u{21d5}"), ("vBar", "\u{2ae8}"), ("vBarv", "\u{2ae9}"),
    ("vDash", "\u{22a8}"), ("vangrt", "\u{299c}"), ("varepsilon", "ϵ"), ("varkappa", "ϰ"),
    ("varnothing", "\u{2205}"), ("varphi", "ϕ"), ("varpi", "ϖ"), ("varpropto", "\u{221d}"), ("varr", "\u{2195}"),
    ("varrho", "ϱ"), ("varsigma", "ς"), ("varsubsetneq", "\u{228a}\u{fe00}"), ("varsubsetneqq", "\u{2acb}\u{fe00}"),
    ("varsupsetneq", "\u{228b}\u{fe00}"), ("varsupsetneqq", "\u{2acc}\u{fe00}"), ("vartheta", "ϑ"),
    ("vartriangleleft", "\u{22b2}"), ("vartriangleright", "\u{22b3}"), ("vcy", "в"), ("vdash", "\u{22a2}"),
    ("vee", "\u{2228}"), ("veebar", "\u{22bb}"), ("veeeq", "\u{225a}"), ("vellip", "\u{22ee}"), ("verbar", "|"),
    ("vert", "|"), ("vfr", "𝔳"), ("vltri", "\u{22b2}"), ("vnsub", "\u{2282}\u{20d2}"),
    ("vnsup", "\u{2283}\u{20d2}"), ("vopf", "𝕧"), ("vprop", "\u{221d}"), ("vrtri", "\u{22b3}"), ("vscr", "𝓋"),
    ("vsubnE", "\u{2acb}\u{fe00}"), ("vsubne", "\u{228a}\u{fe00}"), ("vsupnE", "\u{2acc}\u{fe00}"),
    ("vsupne", "\u{228b}\u{fe00}"), ("vzigzag", "\u{299a}"), ("wcirc", "ŵ"), ("wedbar", "\u{2a5f}"),
    ("wedge", "\u{2227}"), ("wedgeq", "\u{2259}"), ("weierp", "\u{2118}"), ("wfr", "𝔴"), ("wopf", "𝕨"),
    ("wp", "\u{2118}"), ("wr", "\u{2240}"), ("wreath", "\u{2240}"), ("wscr", "𝓌"), ("xcap", "\u{22c2}"),
    ("xcirc", "\u{25ef}"), ("xcup", "\u{22c3}"), ("xdtri", "\u{25bd}"), ("xfr", "𝔵"), ("xhArr", "\u{27fa}"),
    ("xharr", "\u{27f7}"), ("xi", "ξ"), ("xlArr", "\u{27f8}"), ("xlarr", "\u{27f5}"), ("xmap", "\u{27fc}"),
    ("xnis", "\u{22fb}"), ("xodot", "\u{2a00}"), ("xopf", "𝕩"), ("xoplus", "\u{2a01}"), ("xotime", "\u{2a02}"),
    ("xrArr", "\u{27f9}"), ("xrarr", "\u{27f6}"), ("xscr", "𝓍"), ("xsqcup", "\u{2a06}"), ("xuplus", "\u{2a04}"),
    ("xutri", "\u{25b3}"), ("xvee", "\u{22c1}"), ("xwedge", "\u{22c0}"), ("yacute", "ý"), ("yacy", "я"),
    ("ycirc", "ŷ"), ("ycy", "ы"), ("yen", "¥"), ("yfr", "𝔶"), ("yicy", "ї"), ("yopf", "𝕪"), ("yscr", "𝓎"),
    ("yucy", "ю"), ("yuml", "ÿ"), ("zacute", "ź"), ("zcaron", "ž"), ("zcy", "з"), ("zdot", "ż"), ("zeetrf", "ℨ"),
    ("zeta", "ζ"), ("zfr", "𝔷"), ("zhcy", "ж"), ("zigrarr", "\u{21dd}"), ("zopf", "𝕫"), ("zscr", "𝓏"),
    ("zwj", "\u{200d}"), ("zwnj", "\u{200c}"),
];

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture_site() -> SiteNamespaces {
        SiteNamespaces::english("Fixture Wiki")
    }

    fn fixture_interwikis() -> InterwikiMap {
        let mut map = InterwikiMap::new();
        for lang in ["en", "de", "fr", "es", "ja"] {
            map.insert(lang, InterwikiInfo { language: true, local: true, trans: true });
        }
        map.insert("wikipedia", InterwikiInfo { language: false, local: true, trans: false });
        map.insert("mw", InterwikiInfo { language: false, local: true, trans: false });
        map.insert("fixturelocal", InterwikiInfo { language: false, local: true, trans: true });
        map
    }

    fn parse(text: &str) -> Result<ParsedTitle, InvalidTitle> {
        let iw = fixture_interwikis();
        parse_title(text, NS_MAIN, &fixture_site(), &|p| iw.is_interwiki(p))
    }

    /// What the table compares: the prefixed title, or the reason code (with the offending
    /// text for invalid characters).
    fn outcome(text: &str) -> Result<String, String> {
        match parse(text) {
            Ok(t) => Ok(t.prefixed_text(&fixture_site())),
            Err(InvalidTitle::Characters(c)) => Err(format!("title-invalid-characters:{c}")),
            Err(e) => Err(e.code().to_owned()),
        }
    }

    /// Inputs and the answers MediaWiki 1.39's API gave for them (`action=query&titles=…`)
    /// on the fixture wiki, whose project namespace is "Fixture Wiki".
    const MEDIAWIKI_ANSWERS: &[(&str, Result<&str, &str>)] = &[
        ("Foo", Ok("Foo")),
        ("foo", Ok("Foo")),
        ("foo_bar", Ok("Foo bar")),
        ("  foo   bar  ", Ok("Foo bar")),
        ("foo__bar", Ok("Foo bar")),
        ("_foo_", Ok("Foo")),
        ("Foo\u{a0}\u{3000}bar", Ok("Foo bar")),
        ("Foo\u{200e}\u{200f}bar\u{202a}", Ok("Foobar")),
        ("user:foo", Ok("User:Foo")),
        ("User_talk:foo bar", Ok("User talk:Foo bar")),
        ("USER TALK:x", Ok("User talk:X")),
        ("user_talk : x", Ok("User talk:X")),
        ("User :x", Ok("User:X")),
        ("User: x", Ok("User:X")),
        ("Talk:Foo", Ok("Talk:Foo")),
        ("talk:file:x", Err("title-invalid-talk-namespace")),
        ("Talk:Image:x", Err("title-invalid-talk-namespace")),
        ("Talk:Special:x", Err("title-invalid-talk-namespace")),
        ("Talk:Media:x", Err("title-invalid-talk-namespace")),
        ("Talk:wikipedia:x", Err("title-invalid-talk-namespace")),
        ("Talk:Foo:bar", Ok("Talk:Foo:bar")),
        ("Talk:en:x", Err("title-invalid-talk-namespace")),
        ("Project:Foo", Ok("Fixture Wiki:Foo")),
        ("project talk:foo", Ok("Fixture Wiki talk:Foo")),
        ("Fixture Wiki:x", Ok("Fixture Wiki:X")),
        ("fixture_wiki_TALK:x", Ok("Fixture Wiki talk:X")),
        ("Image:Foo.png", Ok("File:Foo.png")),
        ("image talk:foo", Ok("File talk:Foo")),
        ("File:foo.png", Ok("File:Foo.png")),
        ("Media:foo.png", Ok("Media:Foo.png")),
        ("media:foo.png", Ok("Media:Foo.png")),
        ("Special:RecentChanges", Ok("Special:RecentChanges")),
        // The API also maps special page aliases to their canonical names (`special:recentchanges`
        // becomes `Special:RecentChanges`); that is the page set's work, not the title parser's.
        ("Special:", Err("title-invalid-empty")),
        ("User:", Err("title-invalid-empty")),
        ("Talk:", Err("title-invalid-empty")),
        (":", Err("title-invalid-empty")),
        ("::", Err("title-invalid-leading-colon")),
        (" ", Err("title-invalid-empty")),
        ("_", Err("title-invalid-empty")),
        (":Foo", Ok("Foo")),
        (":User:Foo", Ok("User:Foo")),
        ("::Foo", Err("title-invalid-leading-colon")),
        (": Foo", Ok("Foo")),
        (":_:Foo", Err("title-invalid-leading-colon")),
        ("Foo:bar", Ok("Foo:bar")),
        ("Foo:Bar:baz", Ok("Foo:Bar:baz")),
        ("Category:foo", Ok("Category:Foo")),
        (":Category:Foo", Ok("Category:Foo")),
        ("MediaWiki:foo", Ok("MediaWiki:Foo")),
        ("Template:foo", Ok("Template:Foo")),
        ("Help:foo", Ok("Help:Foo")),
        ("en:Foo", Ok("en:Foo")),
        ("EN:foo", Ok("en:foo")),
        ("en:", Ok("en:")),
        ("en::Foo", Ok("en:Foo")),
        ("en:User:foo", Ok("en:User:foo")),
        (":en:Foo", Ok("en:Foo")),
        ("wikipedia:foo", Ok("wikipedia:foo")),
        ("Wikipedia:Foo_bar", Ok("wikipedia:Foo bar")),
        ("wikipedia: foo", Ok("wikipedia:foo")),
        ("wikipedia:#frag", Ok("wikipedia:")),
        ("mw:Help:Foo", Ok("mw:Help:Foo")),
        ("fixturelocal:Foo", Ok("fixturelocal:Foo")),
        ("nosuchprefix:Foo", Ok("Nosuchprefix:Foo")),
        ("Foo#bar", Ok("Foo")),
        ("Foo#bar_baz", Ok("Foo")),
        ("Foo #bar", Ok("Foo")),
        ("User:Foo#bar#baz", Ok("User:Foo")),
        ("Foo#", Ok("Foo")),
        ("Foo<bar", Err("title-invalid-characters:<")),
        ("Foo>bar", Err("title-invalid-characters:>")),
        ("Foo[bar", Err("title-invalid-characters:[")),
        ("Foo]bar", Err("title-invalid-characters:]")),
        ("Foo{bar", Err("title-invalid-characters:{")),
        ("Foo}bar", Err("title-invalid-characters:}")),
        ("Foo|bar", Err("title-invalid-characters:|")),
        ("Foo\tbar", Err("title-invalid-characters:\t")),
        ("Foo\u{7f}bar", Err("title-invalid-characters:\u{7f}")),
        ("Foo%41", Err("title-invalid-characters:%41")),
        ("Foo%4", Ok("Foo%4")),
        ("Foo%zz", Ok("Foo%zz")),
        ("Foo%", Ok("Foo%")),
        ("Foo&amp;bar", Ok("Foo&bar")),
        ("Foo&bogus;", Err("title-invalid-characters:&bogus;")),
        ("Foo&#65;", Ok("FooA")),
        ("Foo&#x41;", Ok("FooA")),
        ("Foo&#0;", Err("title-invalid-utf8")),
        ("Foo&#xD800;", Err("title-invalid-utf8")),
        ("Foo&;", Ok("Foo&;")),
        ("Foo&", Ok("Foo&")),
        ("&eacute;cole", Ok("École")),
        ("&nbsp;Foo", Ok("Foo")),
        ("Foo&nbsp;&nbsp;bar", Ok("Foo bar")),
        ("a&lt;b", Err("title-invalid-characters:<")),
        ("&#58;Foo", Ok("Foo")),
        ("User&#58;Foo", Ok("User:Foo")),
        (".", Err("title-invalid-relative")),
        ("..", Err("title-invalid-relative")),
        ("./Foo", Err("title-invalid-relative")),
        ("../Foo", Err("title-invalid-relative")),
        ("Foo/./bar", Err("title-invalid-relative")),
        ("Foo/../bar", Err("title-invalid-relative")),
        ("Foo/.", Err("title-invalid-relative")),
        ("Foo/..", Err("title-invalid-relative")),
        ("Foo/.bar", Ok("Foo/.bar")),
        ("Foo/..bar", Ok("Foo/..bar")),
        ("...", Ok("...")),
        ("Foo.", Ok("Foo.")),
        ("Foo~~~", Err("title-invalid-magic-tilde")),
        ("Foo~~", Ok("Foo~~")),
        ("~~~~", Err("title-invalid-magic-tilde")),
        ("ßen", Ok("SSen")),
        ("ǆx", Ok("Ǆx")),
        ("ŉx", Ok("ʼNx")),
        ("ᾀx", Ok("ἈΙx")),
        ("ﬁx", Ok("FIx")),
        ("école", Ok("École")),
        ("σx", Ok("Σx")),
        ("i", Ok("I")),
        ("ıx", Ok("Ix")),
        ("1foo", Ok("1foo")),
        ("`foo", Ok("`foo")),
        ("~foo", Ok("~foo")),
        ("User:127.0.0.1", Ok("User:127.0.0.1")),
        ("User:127.000.000.001", Ok("User:127.0.0.1")),
        ("User:00.1.2.3", Ok("User:0.1.2.3")),
        ("User:1.2.3.4/24", Ok("User:1.2.3.4/24")),
        ("User:1.2.3.4/024", Ok("User:1.2.3.4/024")),
        ("User:1.2.3.4/33", Ok("User:1.2.3.4/33")),
        ("User:::1", Ok("User:0:0:0:0:0:0:0:1")),
        ("User:a::b", Ok("User:A:0:0:0:0:0:0:B")),
        ("User:0000:0000::1", Ok("User:0:0:0:0:0:0:0:1")),
        ("User:fe80::1/64", Ok("User:FE80:0:0:0:0:0:0:1/64")),
        ("User talk:abcd:ef01:2345:6789:abcd:ef01:2345:6789", Ok("User talk:ABCD:EF01:2345:6789:ABCD:EF01:2345:6789")),
        ("User:1:2:3:4:5:6:7:8:9", Ok("User:1:2:3:4:5:6:7:8:9")),
        ("Talk:127.000.0.1", Ok("Talk:127.000.0.1")),
        ("User:1.2.3.256", Ok("User:1.2.3.256")),
        ("User:1.2.3", Ok("User:1.2.3")),
        ("Foo\n", Err("title-invalid-characters:\n")),
        ("User:Foo\n", Ok("User:Foo")),
        ("User:Foo\nbar", Err("title-invalid-characters:\n")),
        ("Foo\nbar", Err("title-invalid-characters:\n")),
        ("Special:Foo/../x", Err("title-invalid-relative")),
        ("Foo\u{fffd}bar", Err("title-invalid-utf8")),
        ("Category: Foo", Ok("Category:Foo")),
        ("Category :Foo", Ok("Category:Foo")),
        ("Category_:_Foo", Ok("Category:Foo")),
        ("Talk:Category_:_Foo", Err("title-invalid-talk-namespace")),
        ("Template talk:Foo", Ok("Template talk:Foo")),
        ("MediaWiki talk:foo", Ok("MediaWiki talk:Foo")),
        ("Help talk:foo", Ok("Help talk:Foo")),
        ("Category talk:foo", Ok("Category talk:Foo")),
        ("File talk:foo", Ok("File talk:Foo")),
        ("Media talk:foo", Ok("Media talk:foo")),
        ("Special talk:foo", Ok("Special talk:foo")),
        ("Foo:", Ok("Foo:")),
        ("a:b:c", Ok("A:b:c")),
        ("User:Foo:bar", Ok("User:Foo:bar")),
        ("User:foo/bar", Ok("User:Foo/bar")),
        ("Main Page", Ok("Main Page")),
        ("Help:Contents#Top_section", Ok("Help:Contents")),
        ("Foo_#_bar", Ok("Foo")),
        ("Foo%20bar", Err("title-invalid-characters:%20")),
        ("Foo+bar", Ok("Foo+bar")),
        ("Foo's bar", Ok("Foo's bar")),
        ("Foo\"bar", Ok("Foo\"bar")),
        ("Foo@bar", Ok("Foo@bar")),
        ("Foo=bar", Ok("Foo=bar")),
        ("Foo;bar", Ok("Foo;bar")),
        ("Foo\\bar", Ok("Foo\\bar")),
        ("Foo^bar", Ok("Foo^bar")),
        ("Foo!bar", Ok("Foo!bar")),
        ("Foo$bar", Ok("Foo$bar")),
        ("Foo*bar", Ok("Foo*bar")),
        ("Foo,bar", Ok("Foo,bar")),
        ("Foo?bar", Ok("Foo?bar")),
        ("Foo(bar)", Ok("Foo(bar)")),
        ("רלמ", Ok("רלמ")),
        ("a&רלמ;b", Ok("Ab")),
        ("a&rlm;b", Ok("Ab")),
        ("a&lrm;b", Ok("Ab")),
        ("a&bigstar;b", Ok("A★b")),
        ("x&AElig;y", Ok("XÆy")),
        ("x&Amp;y", Err("title-invalid-characters:&Amp;")),
        ("x&AMP;y", Ok("X&y")),
        ("x&#X41;y", Ok("XAy")),
        ("x&#x;y", Ok("X&")),
        ("x&#;y", Ok("X&")),
        ("x&#0065;y", Ok("XAy")),
        ("Special:Foo/é", Ok("Special:Foo/é")),
    ];

    #[test]
    fn titles_parse_as_mediawiki_parses_them() {
        let mut wrong = Vec::new();
        for (input, expected) in MEDIAWIKI_ANSWERS {
            let got = outcome(input);
            let expected = expected.map(str::to_owned).map_err(str::to_owned);
            if got != expected {
                wrong.push(format!("{input:?}: got {got:?}, MediaWiki says {expected:?}"));
            }
        }
        assert!(wrong.is_empty(), "{} of {} differ:\n{}", wrong.len(), MEDIAWIKI_ANSWERS.len(), wrong.join("\n"));
    }

    #[test]
    fn parts_of_a_parsed_title() {
        let t = parse("user_talk: foo  bar #Some_section").unwrap();
        assert_eq!(
            t,
            ParsedTitle {
                ns: NS_USER_TALK,
                dbkey: "Foo_bar".into(),
                text: "Foo bar".into(),
                fragment: "Some section".into(),
                interwiki: String::new(),
            }
        );
        let iw = parse("Wikipedia:User:foo#x").unwrap();
        assert_eq!(
            (iw.ns, iw.dbkey.as_str(), iw.interwiki.as_str(), iw.fragment.as_str()),
            (0, "User:foo", "wikipedia", "x")
        );
        assert!(iw.is_external());
    }

    #[test]
    fn a_fragment_alone_is_a_link_to_the_same_page() {
        let t = parse("#Top").unwrap();
        assert_eq!((t.ns, t.dbkey.as_str(), t.fragment.as_str()), (NS_MAIN, "", "Top"));
        assert_eq!(parse(""), Err(InvalidTitle::Empty));
    }

    #[test]
    fn the_default_namespace_applies_without_prefix_and_a_colon_resets_it() {
        let site = fixture_site();
        let none = |_: &str| false;
        assert_eq!(parse_title("foo", NS_TEMPLATE, &site, &none).unwrap().ns, NS_TEMPLATE);
        assert_eq!(parse_title(":foo", NS_TEMPLATE, &site, &none).unwrap().ns, NS_MAIN);
        assert_eq!(parse_title("Help:foo", NS_TEMPLATE, &site, &none).unwrap().ns, NS_HELP);
        let iw = fixture_interwikis();
        let t = parse_title("wikipedia:foo", NS_TEMPLATE, &site, &|p| iw.is_interwiki(p)).unwrap();
        assert_eq!((t.ns, t.interwiki.as_str()), (NS_TEMPLATE, "wikipedia"));
    }

    #[test]
    fn length_is_counted_in_bytes_with_more_room_for_special_pages() {
        assert!(parse(&"a".repeat(255)).is_ok());
        assert_eq!(parse(&"a".repeat(256)), Err(InvalidTitle::TooLong(255)));
        // 128 two-byte characters are 256 bytes.
        assert_eq!(parse(&"é".repeat(128)), Err(InvalidTitle::TooLong(255)));
        assert!(parse(&format!("Special:{}", "a".repeat(512))).is_ok());
        assert_eq!(parse(&format!("Special:{}", "a".repeat(513))), Err(InvalidTitle::TooLong(512)));
        // The namespace prefix does not count.
        assert!(parse(&format!("Template:{}", "a".repeat(255))).is_ok());
    }

    #[test]
    fn the_codec_alone_does_not_decode_references() {
        let site = fixture_site();
        let none = |_: &str| false;
        assert_eq!(split_title("a&amp;b", NS_MAIN, &site, &none), Err(InvalidTitle::Characters("&amp;".into())));
        assert_eq!(parse_title("a&amp;b", NS_MAIN, &site, &none).unwrap().dbkey, "A&b");
    }

    #[test]
    fn case_sensitive_namespaces_keep_the_first_letter() {
        let site = SiteNamespaces::from_siteinfo([
            (NS_MEDIA, "Media", false),
            (NS_SPECIAL, "Special", true),
            (NS_MAIN, "", false),
            (NS_TALK, "Talk", false),
            (NS_USER, "User", false),
            (NS_FILE, "File", false),
        ]);
        let none = |_: &str| false;
        assert_eq!(parse_title("foo", NS_MAIN, &site, &none).unwrap().dbkey, "foo");
        assert_eq!(parse_title("Talk:foo", NS_MAIN, &site, &none).unwrap().dbkey, "foo");
        // User pages are capitalised whatever the site says.
        assert_eq!(parse_title("User:foo", NS_MAIN, &site, &none).unwrap().dbkey, "Foo");
        assert_eq!(parse_title("Media:foo", NS_MAIN, &site, &none).unwrap().dbkey, "foo");
        assert_eq!(parse_title("Image:foo", NS_MAIN, &site, &none).unwrap().ns, NS_FILE);
    }

    #[test]
    fn local_interwiki_prefixes_are_dropped() {
        let mut site = fixture_site();
        site.set_local_interwikis(&["fixturelocal"], "Main Page");
        let iw = fixture_interwikis();
        let t = parse_title("fixturelocal:Help:foo", NS_MAIN, &site, &|p| iw.is_interwiki(p)).unwrap();
        assert_eq!((t.ns, t.dbkey.as_str(), t.interwiki.as_str()), (NS_HELP, "Foo", ""));
        let t = parse_title("fixturelocal:", NS_MAIN, &site, &|p| iw.is_interwiki(p)).unwrap();
        assert_eq!(t.dbkey, "Main_Page");
    }

    #[test]
    fn namespaces_from_a_dump_keep_canonical_names_and_aliases() {
        let site = SiteNamespaces::from_siteinfo([
            (NS_MAIN, "", true),
            (NS_PROJECT, "Fixture Wiki", true),
            (5, "Fixture Wiki talk", true),
            (NS_FILE, "File", true),
            (7, "File talk", true),
            (100, "Portal", true),
        ]);
        assert_eq!(site.lookup("project"), Some(NS_PROJECT));
        assert_eq!(site.lookup("Project_talk"), Some(5));
        assert_eq!(site.lookup("fixture wiki TALK"), Some(5));
        assert_eq!(site.lookup("image talk"), Some(7));
        assert_eq!(site.lookup("portal"), Some(100));
        assert_eq!(site.lookup("User"), None);
        assert_eq!(site.name(5), Some("Fixture Wiki talk"));
        assert_eq!(site.get(100).map(|n| n.canonical.as_str()), Some("Portal"));
    }

    #[test]
    fn talk_and_subject_pair_up() {
        let site = fixture_site();
        assert_eq!(site.talk(NS_MAIN), Some(NS_TALK));
        assert_eq!(site.talk(NS_TALK), Some(NS_TALK));
        assert_eq!(site.talk(NS_CATEGORY), Some(15));
        assert_eq!(site.talk(NS_SPECIAL), None);
        assert_eq!(site.subject(NS_USER_TALK), NS_USER);
        assert_eq!(site.subject(NS_MEDIA), NS_MEDIA);
        assert!(is_talk(5) && !is_talk(4) && !is_talk(NS_MEDIA));
        assert!(site.has_subpages(NS_USER) && !site.has_subpages(NS_MAIN) && !site.has_subpages(NS_FILE));
    }

    #[test]
    fn full_text_names_the_namespace() {
        let site = fixture_site();
        assert_eq!(full_text(3, "Foo_bar", &site), "User talk:Foo bar");
        assert_eq!(full_text(0, "Foo_bar", &site), "Foo bar");
        assert_eq!(full_text(5, "X", &site), "Fixture Wiki talk:X");
        assert_eq!(full_text(-2, "X.png", &site), "Media:X.png");
        assert_eq!(full_dbkey(3, "Foo bar", &site), "User_talk:Foo_bar");
    }

    #[test]
    fn ip_addresses_take_their_canonical_form() {
        let cases = [
            ("127.000.000.001", Some("127.0.0.1")),
            ("1.2.3.4/24", Some("1.2.3.4/24")),
            ("1.2.3.4/024", None),
            ("1.2.3.256", None),
            ("::1", Some("0:0:0:0:0:0:0:1")),
            ("fe80::/10", Some("FE80:0:0:0:0:0:0:0/10")),
            ("1::", Some("1:0:0:0:0:0:0:0")),
            ("::", Some("0:0:0:0:0:0:0:0")),
            ("1:2:3:4:5:6:7:8", Some("1:2:3:4:5:6:7:8")),
            ("1:2:3:4:5:6:7::8", None),
            ("1::2::3", None),
            ("12345::1", None),
            ("Foo", None),
        ];
        for (input, expected) in cases {
            assert_eq!(sanitize_ip(input).as_deref(), expected, "{input}");
        }
    }

    #[test]
    fn character_references_decode_as_in_titles() {
        assert_eq!(decode_char_references("a&amp;b&#233;&#xE9;&eacute;"), "a&bééé");
        assert_eq!(decode_char_references("&bogus; & &#; &#x; &"), "&bogus; & &#; &#x; &");
        assert_eq!(decode_char_references("&#1;&#xD800;&#99999999999;"), "\u{fffd}\u{fffd}\u{fffd}");
        assert_eq!(decode_char_references("&NotNestedGreaterGreater;"), "\u{2aa2}\u{338}");
        assert_eq!(decode_char_references("&רלמ;"), "\u{200f}");
    }

    #[test]
    fn the_entity_table_is_sorted_for_binary_search() {
        assert!(NAMED_ENTITIES.windows(2).all(|w| w[0].0 < w[1].0));
        assert_eq!(NAMED_ENTITIES.len(), 2125);
    }

    #[test]
    fn upper_first_follows_unicode_full_case_mapping() {
        assert_eq!(upper_first("ßa"), "SSa");
        assert_eq!(upper_first("ǆa"), "Ǆa");
        assert_eq!(upper_first("ﬁx"), "FIx");
        assert_eq!(upper_first("`a"), "`a");
        assert_eq!(upper_first(""), "");
    }
}
