//! IP addresses as user names, in MediaWiki's canonical form.

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

#[cfg(test)]
mod tests {
    use super::*;

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
}

/// An address in MediaWiki's hexadecimal form, as blocks store their ranges: eight digits for
/// IPv4 (`C000024D` for `192.0.2.77`), `v6-` and thirty-two for IPv6; `None` for anything
/// else.
pub fn ip_hex(text: &str) -> Option<String> {
    match text.trim().parse::<std::net::IpAddr>().ok()? {
        std::net::IpAddr::V4(a) => Some(format!("{:08X}", u32::from(a))),
        std::net::IpAddr::V6(a) => Some(format!("v6-{:032X}", u128::from(a))),
    }
}

#[cfg(test)]
mod hex_tests {
    #[test]
    fn addresses_in_mediawikis_hexadecimal() {
        assert_eq!(super::ip_hex("192.0.2.77").as_deref(), Some("C000024D"));
        assert_eq!(super::ip_hex("127.0.0.1").as_deref(), Some("7F000001"));
        assert_eq!(super::ip_hex("::1").as_deref(), Some("v6-00000000000000000000000000000001"));
        assert_eq!(super::ip_hex("Alice"), None);
    }
}
