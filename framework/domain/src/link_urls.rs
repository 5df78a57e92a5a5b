//! URLs in wikitext: MediaWiki's protocols, where a URL ends, and the form in which it is
//! recorded and linked.

use crate::title::decode_char_references;
pub use crate::url::normalize_link_url;
use crate::url::URL_PROTOCOLS;

/// The length of the URL protocol `text` starts with (any case), if any.
pub fn protocol_len(text: &str, with_relative: bool) -> Option<usize> {
    URL_PROTOCOLS
        .iter()
        .filter(|p| with_relative || **p != "//")
        .find(|p| text.get(..p.len()).is_some_and(|head| head.eq_ignore_ascii_case(p)))
        .map(|p| p.len())
}

/// Whether a character may appear in a URL (MediaWiki's `EXT_LINK_URL_CLASS`).
fn is_url_char(c: char) -> bool {
    !(matches!(c, '[' | ']' | '<' | '>' | '"' | '\u{7f}' | '\u{fffd}') || (c as u32) <= 0x20 || is_space_separator(c))
}

/// Unicode's space separators (`\p{Zs}`).
pub fn is_space_separator(c: char) -> bool {
    matches!(c, ' ' | '\u{a0}' | '\u{1680}' | '\u{2000}'..='\u{200a}' | '\u{202f}' | '\u{205f}' | '\u{3000}')
}

/// The length of the host-and-path part of a URL at the start of `text` (MediaWiki's
/// `EXT_LINK_ADDR` then URL characters); 0 when there is none.
pub fn url_body_len(text: &str) -> usize {
    let mut len = 0;
    if let Some(rest) = text.strip_prefix('[') {
        let inner = rest.bytes().take_while(|b| b.is_ascii_hexdigit() || *b == b':' || *b == b'.').count();
        if inner == 0 || rest.as_bytes().get(inner) != Some(&b']') {
            return 0;
        }
        len = inner + 2;
    }
    let more: usize = text[len..].chars().take_while(|c| is_url_char(*c)).map(char::len_utf8).sum();
    if len == 0 && more == 0 {
        return 0;
    }
    len + more
}

/// Characters MediaWiki strips from the host of a URL (ignored in international domain names).
fn is_ignored_in_host(c: char) -> bool {
    c.is_whitespace()
        || matches!(
            c,
            '\u{ad}'
                | '\u{34f}'
                | '\u{61c}'
                | '\u{115f}'..='\u{1160}'
                | '\u{17b4}'..='\u{17b5}'
                | '\u{180b}'..='\u{180e}'
                | '\u{200b}'..='\u{200f}'
                | '\u{202a}'..='\u{202e}'
                | '\u{2060}'..='\u{206f}'
                | '\u{3164}'
                | '\u{fe00}'..='\u{fe0f}'
                | '\u{feff}'
                | '\u{ffa0}'
                | '\u{fff0}'..='\u{fff8}'
                | '\u{1bca0}'..='\u{1bca3}'
                | '\u{1d173}'..='\u{1d17a}'
                | '\u{e0000}'..='\u{e0fff}'
        )
}

/// A URL as MediaWiki records it: character references decoded, characters URLs cannot
/// hold escaped, invisible characters dropped from the host.
pub fn clean_url(url: &str) -> String {
    let decoded = decode_char_references(url);
    let mut escaped = String::with_capacity(decoded.len());
    for c in decoded.chars() {
        match c {
            ' ' => escaped.push('+'),
            '[' | ']' | '<' | '>' | '"' | '|' | '\u{7f}' | '\0'..='\u{1f}' => {
                escaped.push_str(&format!("%{:02X}", c as u32));
            }
            _ => escaped.push(c),
        }
    }
    // protocol `[^:]+:`, then an optional `//host`, then the rest.
    let Some(colon) = escaped.find(':').filter(|&c| c > 0) else { return escaped };
    let (protocol, after) = escaped.split_at(colon + 1);
    if !after.starts_with("//") || after.len() == 2 {
        return escaped;
    }
    let host_end = after[2..].find('/').map_or(after.len(), |p| p + 2);
    let (host, rest) = after.split_at(host_end);
    let mut host: String = host.chars().filter(|c| !is_ignored_in_host(*c)).collect();
    if let Some(inner) = host.strip_prefix("//%5B") {
        if let Some((addr, port)) = inner.split_once("%5D") {
            let addr_ok = !addr.is_empty() && addr.bytes().all(|b| b.is_ascii_hexdigit() || b == b':' || b == b'.');
            let port_ok = port.is_empty()
                || port.strip_prefix(':').is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
            if addr_ok && port_ok {
                host = format!("//[{addr}]{port}");
            }
        }
    }
    format!("{protocol}{host}{rest}")
}

/// A bare URL without what MediaWiki leaves out of it (an escaped `<`, `>` or no-break
/// space and what follows; trailing punctuation); `None` when nothing but the protocol is left.
pub fn trim_free_url(url: &str, body_len: usize) -> Option<&str> {
    let mut end = url.len();
    if let Some(cut) = entity_terminator(url) {
        end = cut;
    }
    let mut kept = &url[..end];
    let closing_paren = !kept.contains('(');
    let is_sep = |c: u8| matches!(c, b',' | b';' | b'.' | b':' | b'!' | b'?') || (closing_paren && c == b')');
    let mut seps = kept.bytes().rev().take_while(|b| is_sep(*b)).count();
    if seps > 0 && kept.as_bytes()[kept.len() - seps] == b';' && ends_with_entity(&kept[..kept.len() - seps]) {
        seps -= 1;
    }
    kept = &kept[..kept.len() - seps];
    let trail = url.len() - kept.len();
    (trail < body_len).then_some(kept)
}

/// Where `&lt;`, `&gt;`, `&nbsp;` or a numeric reference to `<`, `>` or U+00A0 starts.
fn entity_terminator(url: &str) -> Option<usize> {
    let mut search = 0;
    while let Some(found) = url[search..].find('&') {
        let at = search + found;
        let rest = &url[at + 1..];
        let name_len = rest.find(';').unwrap_or(0);
        if name_len > 0 {
            let name = &rest[..name_len];
            let numeric = |digits: &str, radix: u32| {
                !digits.is_empty() && u32::from_str_radix(digits, radix).is_ok_and(|n| matches!(n, 0x3c | 0x3e | 0xa0))
            };
            let hit = matches!(name, "lt" | "gt" | "nbsp")
                || name.strip_prefix("#x").is_some_and(|h| h.trim_start_matches('0').len() == 2 && numeric(h, 16))
                || name
                    .strip_prefix('#')
                    .filter(|d| !d.starts_with(['x', 'X']))
                    .is_some_and(|d| d.trim_start_matches('0').len() >= 2 && numeric(d, 10));
            if hit {
                return Some(at);
            }
        }
        search = at + 1;
    }
    None
}

/// Whether text ends with the start of a character reference (`&amp`, `&#x41`, `&#65`).
fn ends_with_entity(text: &str) -> bool {
    let letters = text.bytes().rev().take_while(|b| b.is_ascii_alphabetic()).count();
    if letters > 0 && text[..text.len() - letters].ends_with('&') {
        return true;
    }
    let hex = text.bytes().rev().take_while(|b| b.is_ascii_hexdigit()).count();
    if hex > 0 {
        let before = &text[..text.len() - hex];
        if before.ends_with("&#x") || before.ends_with("&#X") {
            return true;
        }
    }
    let digits = text.bytes().rev().take_while(|b| b.is_ascii_digit()).count();
    digits > 0 && text[..text.len() - digits].ends_with("&#")
}

/// Whether a URL points at the wiki's own server, which MediaWiki does not record.
pub fn is_link_internal(server: &str, url: &str) -> bool {
    let server = server.to_lowercase();
    let url = url.to_lowercase();
    let candidates: Vec<String> = if server.starts_with("//") {
        vec![server.clone(), format!("http:{server}"), format!("https:{server}")]
    } else {
        vec![server.clone()]
    };
    candidates
        .iter()
        .any(|s| url.strip_prefix(s.as_str()).is_some_and(|rest| rest.is_empty() || rest.starts_with(['?', '/', '#'])))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_are_normalised_as_mediawiki_stores_them() {
        assert_eq!(
            normalize_link_url("http://example.com/%7euser/%41?a=%26&b=%20#x%2F"),
            "http://example.com/~user/A?a=%26&b=%20#x/"
        );
        assert_eq!(normalize_link_url("http://example.com/ü"), "http://example.com/%C3%BC");
        assert_eq!(normalize_link_url("http://[2001:db8::1]:80/x"), "http://[2001:db8::1]:80/x");
        assert_eq!(clean_url("http://exa\u{ad}mple.com/a b&amp;c"), "http://example.com/a+b&c");
    }
}

/// A free URL (`https://…` in running text) at the start of `rest`, which stands after a
/// non-word character: how many bytes the URL's run takes, and the URL without the trailing
/// punctuation MediaWiki leaves out (`None` when nothing but the protocol would be left).
pub fn free_url_at(rest: &str) -> Option<(usize, Option<&str>)> {
    if !rest.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return None;
    }
    let plen = protocol_len(rest, false)?;
    let blen = url_body_len(&rest[plen..]);
    if blen == 0 {
        return None;
    }
    let whole = &rest[..plen + blen];
    Some((whole.len(), trim_free_url(whole, blen)))
}
