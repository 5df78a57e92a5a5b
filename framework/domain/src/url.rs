//! URL encoding as PHP and MediaWiki write it.

/// MediaWiki's default URL protocols (`$wgUrlProtocols`); the last, `//`, only counts in
/// brackets. The scheme's delimiter (`://` or `:`) is part of each entry.
pub const URL_PROTOCOLS: &[&str] = &[
    "bitcoin:",
    "ftp://",
    "ftps://",
    "geo:",
    "git://",
    "gopher://",
    "http://",
    "https://",
    "irc://",
    "ircs://",
    "magnet:",
    "mailto:",
    "matrix:",
    "mms://",
    "news:",
    "nntp://",
    "redis://",
    "sftp://",
    "sip:",
    "sips:",
    "sms:",
    "ssh://",
    "svn://",
    "tel:",
    "telnet://",
    "urn:",
    "worldwind://",
    "xmpp:",
    "//",
];

/// PHP's `urlencode`: percent-encoded but for ASCII letters, digits and `-_.`; a space
/// becomes `+`.
pub fn urlencode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => out.push(char::from(b)),
            b' ' => out.push('+'),
            _ => push_escape(&mut out, b),
        }
    }
    out
}

/// PHP's `rawurlencode`: percent-encoded but for ASCII letters, digits and `-_.~`.
pub fn rawurlencode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => out.push(char::from(b)),
            _ => push_escape(&mut out, b),
        }
    }
    out
}

/// MediaWiki's `wfUrlencode`, how titles go into URLs: [`urlencode`], then
/// `;@$!*(),/~:` written as themselves.
pub fn wf_urlencode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => out.push(char::from(b)),
            b';' | b'@' | b'$' | b'!' | b'*' | b'(' | b')' | b',' | b'/' | b'~' | b':' => out.push(char::from(b)),
            b' ' => out.push('+'),
            _ => push_escape(&mut out, b),
        }
    }
    out
}

fn push_escape(out: &mut String, b: u8) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    out.push('%');
    out.push(char::from(HEX[usize::from(b >> 4)]));
    out.push(char::from(HEX[usize::from(b & 15)]));
}

/// PHP's `rawurldecode`: every `%XX` pair becomes its byte; the bytes need not be UTF-8.
pub fn percent_decode(text: &str) -> Vec<u8> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |at: usize| bytes.get(at).and_then(|&b| char::from(b).to_digit(16));
        if bytes[i] == b'%' {
            if let (Some(h), Some(l)) = (hex(i + 1), hex(i + 2)) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    out
}

/// A URL in the form MediaWiki stores and compares (`Parser::normalizeLinkUrl`): bytes URLs
/// cannot hold are %-escaped, escapes of harmless ASCII undone, the rest upper-cased.
pub fn normalize_link_url(url: &str) -> String {
    let ipv6 = bracketed_ipv6_host(url);
    let mut escaped = String::with_capacity(url.len());
    for &b in url.as_bytes() {
        let unsafe_byte = b <= 0x20
            || b >= 0x7f
            || matches!(b, b'"' | b'<' | b'>' | b'[' | b'\\' | b']' | b'^' | b'`' | b'{' | b'|' | b'}');
        if unsafe_byte {
            escaped.push_str(&format!("%{b:02X}"));
        } else {
            escaped.push(b as char);
        }
    }
    const COMMON: &str = "\"#%<>[\\]^`{|}";
    let mut end = escaped.len();
    let mut tail = String::new();
    if let Some(hash) = escaped.find('#') {
        tail = unescape_component(&escaped[hash..], COMMON, "");
        end = hash;
    }
    if let Some(query) = escaped[..end].find('?') {
        tail = unescape_component(&escaped[query..end], COMMON, "&=+;") + &tail;
        end = query;
    }
    let mut out = unescape_component(&escaped[..end], COMMON, "/?") + &tail;
    if let Some(host) = ipv6 {
        let encoded = format!("%5B{}%5D", host.replace('[', "%5B").replace(']', "%5D"));
        if let Some(at) = out.find(&encoded) {
            let bare = format!("[{host}]");
            out.replace_range(at..at + encoded.len(), &bare);
        }
    }
    out
}

/// The IPv6 address in `scheme://[addr]…`, when the host is one.
fn bracketed_ipv6_host(url: &str) -> Option<String> {
    let slashes = url.find("//")?;
    let scheme = &url[..slashes];
    let scheme_ok = scheme.is_empty()
        || (scheme.ends_with(':')
            && scheme[..scheme.len() - 1].bytes().enumerate().all(|(i, b)| {
                b.is_ascii_alphabetic() || (i > 0 && (b.is_ascii_digit() || matches!(b, b'+' | b'.' | b'-')))
            })
            && scheme.len() > 1);
    if !scheme_ok {
        return None;
    }
    let rest = &url[slashes + 2..];
    let host_start = rest.find('@').filter(|&at| rest[..at].find(['/', '[']).is_none()).map_or(0, |at| at + 1);
    let host = rest[host_start..].strip_prefix('[')?;
    let close = host.find(']')?;
    let after = &host[close + 1..];
    if !(after.is_empty() || after.starts_with([':', '/', '?', '#'])) {
        return None;
    }
    let inner = String::from_utf8(percent_decode(&host[..close])).ok()?;
    let valid = !inner.contains('/') && crate::title::sanitize_ip(&inner).is_some_and(|ip| ip.contains(':'));
    valid.then_some(inner)
}

/// Undoes `%XX` escapes of printable ASCII not in `unsafe_chars` (nor `extra`), and
/// upper-cases the others.
fn unescape_component(component: &str, unsafe_chars: &str, extra: &str) -> String {
    let bytes = component.as_bytes();
    let mut out = String::with_capacity(component.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            let hex = |b: u8| (b as char).to_digit(16);
            if let (Some(h), Some(l)) = (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                let value = (h * 16 + l) as u8;
                let c = value as char;
                if value > 32 && value < 127 && !unsafe_chars.contains(c) && !extra.contains(c) {
                    out.push(c);
                } else {
                    out.push_str(&component[i..i + 3].to_ascii_uppercase());
                }
                i += 3;
                continue;
            }
        }
        // Everything else is ASCII by now (the caller escaped the rest).
        out.push(bytes[i] as char);
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{percent_decode, rawurlencode, urlencode, wf_urlencode};

    #[test]
    fn the_three_encodings_differ_where_php_differs() {
        let text = "A b~c:d/é";
        assert_eq!(urlencode(text), "A+b%7Ec%3Ad%2F%C3%A9");
        assert_eq!(rawurlencode(text), "A%20b~c%3Ad%2F%C3%A9");
        assert_eq!(wf_urlencode(text), "A+b~c:d/%C3%A9");
        assert_eq!(wf_urlencode("Talk:A_(b),c;d@e$f!g*"), "Talk:A_(b),c;d@e$f!g*");
    }

    #[test]
    fn decoding_reverses_any_pair() {
        assert_eq!(percent_decode("a%20b%zz%C3%A9"), b"a b%zz\xC3\xA9".to_vec());
    }

    #[test]
    fn percent_pairs_decode_to_bytes() {
        assert_eq!(percent_decode("S%C3%A3o%20Paulo"), "São Paulo".as_bytes());
        assert_eq!(percent_decode("100%_%4"), b"100%_%4");
        assert_eq!(percent_decode("%ff%41"), [0xff, b'A']);
    }

    #[test]
    fn titles_are_url_encoded_as_mediawiki_and_php_encode_them() {
        assert_eq!(wf_urlencode("São_Paulo/a:b?c&d"), "S%C3%A3o_Paulo/a:b%3Fc%26d");
        assert_eq!(rawurlencode("Cafe\u{301} culture/x:y"), "Cafe%CC%81%20culture%2Fx%3Ay");
    }
}

/// Where a wiki's pages and scripts live (MediaWiki's `$wgServer`, `$wgArticlePath`,
/// `$wgScriptPath`, `$wgScript`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SitePaths {
    /// The server's URL (`$wgServer`), without a path.
    pub server: String,
    /// The path of pages, with `$1` for the title (`$wgArticlePath`).
    pub article_path: String,
    /// The path of the scripts (`$wgScriptPath`).
    pub script_path: String,
    /// The path of `index.php`.
    pub script: String,
}

impl SitePaths {
    /// `$wgCanonicalServer`: the server, as MediaWiki defaults it.
    pub fn canonical_server(&self) -> &str {
        &self.server
    }

    /// `$wgServerName`: the server's host, without protocol, port or path.
    pub fn server_name(&self) -> &str {
        let host = self.server.split("//").nth(1).unwrap_or(&self.server);
        host.split(['/', ':']).next().unwrap_or(host)
    }

    /// `$wgStylePath`: the skins' folder below the scripts, as MediaWiki defaults it.
    pub fn style_path(&self) -> String {
        format!("{}/skins", self.script_path)
    }

    /// The full URL of a page by its prefixed database key (MediaWiki's `Title::getFullURL`):
    /// on the article path without a query; with one (already encoded, `diff=5&oldid=4`), the
    /// script's URL with the title first.
    pub fn page_url(&self, prefixed_dbkey: &str, query: &str) -> String {
        let key = wf_urlencode(prefixed_dbkey);
        if query.is_empty() {
            format!("{}{}", self.server, self.article_path.replace("$1", &key))
        } else {
            format!("{}{}?title={key}&{query}", self.server, self.script)
        }
    }
}
