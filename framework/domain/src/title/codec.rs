//! The title codec: a written title read into namespace, database key, fragment and
//! interwiki prefix, with MediaWiki's normalisation and validity rules.

use super::{
    decode_char_references, sanitize_ip, InterwikiMap, InvalidTitle, ParsedTitle, SiteNamespaces,
    MAX_SPECIAL_TITLE_BYTES, MAX_TITLE_BYTES, NS_MAIN, NS_SPECIAL, NS_TALK, NS_USER, NS_USER_TALK,
};

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
    // MediaWiki's check that the parts make a title value at all.
    if dbkey.starts_with('_') || dbkey.ends_with('_') || dbkey.contains(['\r', '\n', '\t']) {
        return Err(InvalidTitle::Invalid);
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
