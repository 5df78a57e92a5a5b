//! The external link index (`el_index`): URLs with their host reversed, as MediaWiki 1.39
//! stores them, and the index prefix a search for links (`extlinks`' and `exturlusage`'s
//! `query`) selects.

use std::borrow::Cow;

use crate::title::sanitize_ip;

/// MediaWiki's default URL protocols decide whether a scheme is followed by `://` or by `:`.
use crate::url::URL_PROTOCOLS;

/// The parts of a URL as PHP's `parse_url` splits them, after MediaWiki's corrections.
struct UrlParts {
    scheme: String,
    delimiter: &'static str,
    host: String,
    port: Option<String>,
    path: Option<String>,
    query: Option<String>,
    fragment: Option<String>,
}

fn parse_url(url: &str) -> Option<UrlParts> {
    let relative = url.starts_with("//");
    let full: Cow<'_, str> = if relative { Cow::Owned(format!("http:{url}")) } else { Cow::Borrowed(url) };
    let colon = full.find(':')?;
    let scheme = &full[..colon];
    if scheme.is_empty() || !scheme.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')) {
        return None;
    }
    let scheme = scheme.to_ascii_lowercase();
    let rest = &full[colon + 1..];
    let (rest, fragment) = match rest.split_once('#') {
        Some((r, f)) => (r, Some(f.to_owned())),
        None => (rest, None),
    };
    let (rest, query) = match rest.split_once('?') {
        Some((r, q)) => (r, Some(q.to_owned())),
        None => (rest, None),
    };
    let (mut host, mut port, mut path) = (None, None, None);
    if let Some(after) = rest.strip_prefix("//") {
        let end = after.find('/').unwrap_or(after.len());
        let authority = &after[..end];
        if end < after.len() {
            path = Some(after[end..].to_owned());
        }
        let host_port = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
        let (h, p) = if host_port.starts_with('[') {
            match host_port.find(']') {
                Some(close) => {
                    let (h, tail) = host_port.split_at(close + 1);
                    (h, tail.strip_prefix(':'))
                }
                None => (host_port, None),
            }
        } else {
            match host_port.rsplit_once(':') {
                Some((h, p)) => (h, Some(p)),
                None => (host_port, None),
            }
        };
        if let Some(p) = p.filter(|p| !p.is_empty()) {
            if !p.bytes().all(|b| b.is_ascii_digit()) || p.parse::<u32>().map_or(true, |n| n > 65535) {
                return None;
            }
            port = Some(p.to_owned());
        }
        if !h.is_empty() {
            host = Some(h.to_owned());
        }
    } else if !rest.is_empty() {
        path = Some(rest.to_owned());
    }
    let delimiter = if URL_PROTOCOLS.contains(&format!("{scheme}://").as_str()) {
        "://"
    } else if URL_PROTOCOLS.contains(&format!("{scheme}:").as_str()) {
        // `mailto:` and `news:` URLs have their "host" where parse_url sees a path.
        if let Some(p) = path.take() {
            host = Some(p);
            path = Some(String::new());
        }
        ":"
    } else {
        return None;
    };
    let host = match host {
        Some(h) => h,
        None => {
            path = Some(match path {
                Some(p) if !p.starts_with('/') => format!("/{p}"),
                Some(p) => p,
                None => String::new(),
            });
            String::new()
        }
    };
    let (scheme, delimiter) = if relative { (String::new(), "//") } else { (scheme, delimiter) };
    Some(UrlParts { scheme, delimiter, host, port, path, query, fragment })
}

/// `el_index` values of a URL: the host reversed (`https://org.example./path`), two for a
/// protocol-relative URL (http and https), none for a URL MediaWiki cannot parse.
pub fn el_indexes(url: &str) -> Vec<String> {
    let Some(parts) = parse_url(url) else {
        return Vec::new();
    };
    let host = if parts.scheme == "mailto" {
        match parts.host.split_once('@') {
            Some((local, domain)) => format!("{}@{local}", indexify_host(domain)),
            None => format!("@{}", parts.host),
        }
    } else {
        indexify_host(&parts.host)
    };
    let mut index = format!("{}{}{}", parts.scheme, parts.delimiter, host);
    if let Some(port) = &parts.port {
        index.push(':');
        index.push_str(port);
    }
    index.push_str(parts.path.as_deref().unwrap_or("/"));
    if let Some(query) = &parts.query {
        index.push('?');
        index.push_str(query);
    }
    if let Some(fragment) = &parts.fragment {
        index.push('#');
        index.push_str(fragment);
    }
    if parts.scheme.is_empty() {
        vec![format!("http:{index}"), format!("https:{index}")]
    } else {
        vec![index]
    }
}

/// The index prefix of a protocol given by name (`https` → `https://`, `mailto` →
/// `mailto:`): the first of MediaWiki's URL protocols that starts with it; `None` for the
/// empty name (every protocol).
pub fn protocol_prefix(name: &str) -> Option<&str> {
    if name.is_empty() || URL_PROTOCOLS.contains(&name) {
        return None;
    }
    Some(URL_PROTOCOLS.iter().copied().find(|p| p.starts_with(name)).unwrap_or(name))
}

/// The start of the `el_index` of every link a search matches: `protocol` (`https://`,
/// `mailto:`) with `query`, a URL without its protocol whose host may begin with `*.` (any
/// subdomain, as in `*.example.org`). What MediaWiki matches with one wildcard: the host
/// reversed up to the `*`, else the whole URL in index form. `None` for a search MediaWiki
/// refuses (`badquery`): one it cannot parse, or a `*` anywhere else.
pub fn search_prefix(protocol: &str, query: &str) -> Option<String> {
    let parts = parse_url(&format!("{protocol}{query}"))?;
    let mut subdomains = false;
    let host = if parts.scheme == "mailto" && parts.host.find('@').is_some_and(|at| at > 0) {
        let (local, domain) = parts.host.split_once('@').unwrap_or_default();
        if local == "*" {
            subdomains = true;
            format!("{}@", indexify_host(domain))
        } else {
            format!("{}@{local}", indexify_host(domain))
        }
    } else {
        let host = indexify_host(&parts.host);
        match host.strip_suffix("*.") {
            Some(cut) if host.ends_with(".*.") => {
                subdomains = true;
                cut.to_owned()
            }
            _ => host,
        }
    };
    let mut rest = String::new();
    if let Some(port) = &parts.port {
        rest.push(':');
        rest.push_str(port);
    }
    match &parts.path {
        Some(path) => rest.push_str(path),
        None if !subdomains => rest.push('/'),
        None => {}
    }
    if let Some(query) = &parts.query {
        rest.push('?');
        rest.push_str(query);
    }
    if let Some(fragment) = &parts.fragment {
        rest.push('#');
        rest.push_str(fragment);
    }
    // A `*` anywhere but before the host's first dot is one MediaWiki refuses.
    if host.contains('*') || rest.contains('*') {
        return None;
    }
    let mut prefix = format!("{}{}{}", parts.scheme, parts.delimiter, host);
    if !subdomains {
        prefix.push_str(&rest);
    }
    Some(prefix)
}

/// A host in index form: decoded, IDN labels in Unicode, lower case, unusual bytes
/// percent-encoded, then `V4.1.2.3.4.`, `V6.…` or the labels reversed with a final dot.
fn indexify_host(host: &str) -> String {
    let decoded = crate::url::percent_decode(host);
    let decoded = match String::from_utf8(decoded) {
        Ok(text) if !text.is_empty() => idn_to_unicode(&text).into_bytes(),
        Ok(text) => text.into_bytes(),
        Err(e) => e.into_bytes(),
    };
    let utf8 = std::str::from_utf8(&decoded).is_ok();
    let mut bytes = Vec::with_capacity(decoded.len());
    for &b in &decoded {
        let b = b.to_ascii_lowercase();
        let ok = b.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=".contains(&b) || (utf8 && (0x80..=0xf4).contains(&b));
        if ok {
            bytes.push(b);
        } else {
            bytes.extend_from_slice(format!("%{b:02X}").as_bytes());
        }
    }
    // High bytes are kept only when the whole host is valid UTF-8, so this is valid UTF-8.
    let encoded = String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
    let raw = String::from_utf8_lossy(&crate::url::percent_decode(&encoded)).into_owned();
    if let Some(inner) = raw.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
        if !inner.is_empty() && inner.bytes().all(|b| b.is_ascii_hexdigit() || b == b':') {
            if let Some(ip) = sanitize_ip(inner).filter(|ip| ip.contains(':')) {
                return format!("V6.{}.", ip.replace(':', "."));
            }
        }
    }
    let host = encoded.strip_suffix('.').unwrap_or(&encoded);
    let octets: Vec<&str> = host.split('.').collect();
    if octets.len() == 4 && octets.iter().all(|o| !o.is_empty() && o.bytes().all(|b| b.is_ascii_digit())) {
        let values: Vec<u64> = octets.iter().filter_map(|o| o.parse::<u64>().ok()).collect();
        if values.len() == 4 && values.iter().all(|&v| v <= 255) {
            let joined: Vec<String> = values.iter().map(u64::to_string).collect();
            return format!("V4.{}.", joined.join("."));
        }
    }
    let mut labels: Vec<&str> = host.split('.').collect();
    labels.reverse();
    format!("{}.", labels.join("."))
}

/// A host with its `xn--` labels decoded to Unicode and non-ASCII letters in lower case, as
/// the IDNA conversion MediaWiki applies gives it; unchanged when a label does not decode.
fn idn_to_unicode(host: &str) -> String {
    if host.is_ascii() && !host.to_ascii_lowercase().contains("xn--") {
        return host.to_owned();
    }
    let mut labels = Vec::new();
    for label in host.split('.') {
        let lower = label.to_lowercase();
        match lower.strip_prefix("xn--") {
            Some(code) => match punycode_decode(code) {
                Some(decoded) => labels.push(decoded),
                None => return host.to_owned(),
            },
            None => labels.push(lower),
        }
    }
    labels.join(".")
}

/// RFC 3492 decoding of one label's ASCII form (after `xn--`).
fn punycode_decode(input: &str) -> Option<String> {
    const BASE: u32 = 36;
    const T_MIN: u32 = 1;
    const T_MAX: u32 = 26;
    fn adapt(delta: u32, points: u32, first: bool) -> u32 {
        let mut delta = if first { delta / 700 } else { delta / 2 };
        delta += delta / points;
        let mut k = 0;
        while delta > ((BASE - T_MIN) * T_MAX) / 2 {
            delta /= BASE - T_MIN;
            k += BASE;
        }
        k + (BASE - T_MIN + 1) * delta / (delta + 38)
    }
    let (basic, extended) = match input.rfind('-') {
        Some(i) => (&input[..i], &input[i + 1..]),
        None => ("", input),
    };
    if !basic.is_ascii() {
        return None;
    }
    let mut output: Vec<char> = basic.chars().collect();
    let (mut n, mut i, mut bias) = (128u32, 0u32, 72u32);
    let mut digits = extended.bytes().peekable();
    while digits.peek().is_some() {
        let old_i = i;
        let mut w = 1u32;
        let mut k = BASE;
        loop {
            let b = digits.next()?;
            let digit = match b {
                b'a'..=b'z' => u32::from(b - b'a'),
                b'A'..=b'Z' => u32::from(b - b'A'),
                b'0'..=b'9' => u32::from(b - b'0') + 26,
                _ => return None,
            };
            i = i.checked_add(digit.checked_mul(w)?)?;
            let t = if k <= bias {
                T_MIN
            } else if k >= bias + T_MAX {
                T_MAX
            } else {
                k - bias
            };
            if digit < t {
                break;
            }
            w = w.checked_mul(BASE - t)?;
            k += BASE;
        }
        let points = output.len() as u32 + 1;
        bias = adapt(i - old_i, points, old_i == 0);
        n = n.checked_add(i / points)?;
        i %= points;
        output.insert(i as usize, char::from_u32(n)?);
        i += 1;
    }
    Some(output.into_iter().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn external_link_indexes_reverse_hosts() {
        let one = |url: &str| el_indexes(url).into_iter().next().unwrap_or_default();
        assert_eq!(one("http://example.com/search?q=0"), "http://com.example./search?q=0");
        assert_eq!(one("mailto:info0@example.net"), "mailto:net.example.@info0");
        assert_eq!(one("ftp://ftp.example.org/pub/0.txt"), "ftp://org.example.ftp./pub/0.txt");
        assert_eq!(one("https://example.org/wiki/Z%C3%BCrich"), "https://org.example./wiki/Z%C3%BCrich");
        assert_eq!(one("https://Example.ORG"), "https://org.example./");
        assert_eq!(one("http://user:pw@example.com:8080/x#frag"), "http://com.example.:8080/x#frag");
        assert_eq!(one("http://192.0.2.1/"), "http://V4.192.0.2.1./");
        assert_eq!(one("http://[2001:db8::1]/x"), "http://V6.2001.DB8.0.0.0.0.0.1./x");
        assert_eq!(one("http://xn--bcher-kva.example/"), "http://example.bücher./");
        assert_eq!(one("news:comp.lang.php"), "news:php.lang.comp.");
        assert_eq!(
            el_indexes("//example.org/a"),
            vec!["http://org.example./a".to_owned(), "https://org.example./a".to_owned()]
        );
        assert!(el_indexes("unknown://example.org/").is_empty());
    }

    #[test]
    fn searches_select_index_prefixes() {
        assert_eq!(search_prefix("https://", "example.org").as_deref(), Some("https://org.example./"));
        assert_eq!(search_prefix("https://", "*.example.org").as_deref(), Some("https://org.example."));
        assert_eq!(search_prefix("https://", "example.org/wiki/Cat").as_deref(), Some("https://org.example./wiki/Cat"));
        assert_eq!(search_prefix("http://", "example.com:8080/x?y").as_deref(), Some("http://com.example.:8080/x?y"));
        assert_eq!(search_prefix("mailto:", "info@example.net").as_deref(), Some("mailto:net.example.@info"));
        assert_eq!(search_prefix("mailto:", "*@example.net").as_deref(), Some("mailto:net.example.@"));
        assert_eq!(search_prefix("https://", "example.*.org"), None);
        assert_eq!(search_prefix("https://", "example.org/*"), None);
    }
}
