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

/// An address from MediaWiki's hexadecimal form (`IPUtils::formatHex`): IPv4 dotted, IPv6 as
/// eight upper-case groups without leading zeros; an empty value reads as `0.0.0.0`, as
/// MediaWiki shows the range of a block on an account.
pub fn ip_from_hex(hex: &str) -> String {
    if let Some(v6) = hex.strip_prefix("v6-") {
        let value = u128::from_str_radix(v6, 16).unwrap_or(0);
        return (0..8).map(|i| format!("{:X}", (value >> (112 - 16 * i)) & 0xFFFF)).collect::<Vec<_>>().join(":");
    }
    let value = if hex.is_empty() { 0 } else { u32::from_str_radix(hex, 16).unwrap_or(0) };
    std::net::Ipv4Addr::from(value).to_string()
}

/// The addresses an IP address or CIDR range covers, in MediaWiki's hexadecimal form (first,
/// last), with whether it is IPv6 and the range's prefix length (`None` for one address);
/// `None` for what is neither.
pub fn ip_range_hex(text: &str) -> Option<(String, String, bool, Option<u32>)> {
    let canonical = sanitize_ip(text.trim())?;
    let (addr, bits) = match canonical.split_once('/') {
        Some((a, b)) => (a.to_owned(), Some(b.parse::<u32>().ok()?)),
        None => (canonical.clone(), None),
    };
    match addr.parse::<std::net::IpAddr>().ok()? {
        std::net::IpAddr::V4(a) => {
            let value = u32::from(a);
            let (low, high) = match bits {
                Some(0) => (0, u32::MAX),
                Some(b) => {
                    let mask = u32::MAX << (32 - b.min(32));
                    (value & mask, (value & mask) | !mask)
                }
                None => (value, value),
            };
            Some((format!("{low:08X}"), format!("{high:08X}"), false, bits))
        }
        std::net::IpAddr::V6(a) => {
            let value = u128::from(a);
            let (low, high) = match bits {
                Some(0) => (0, u128::MAX),
                Some(b) => {
                    let mask = u128::MAX << (128 - b.min(128));
                    (value & mask, (value & mask) | !mask)
                }
                None => (value, value),
            };
            Some((format!("v6-{low:032X}"), format!("v6-{high:032X}"), true, bits))
        }
    }
}

#[cfg(test)]
mod range_tests {
    use super::*;

    #[test]
    fn hexadecimal_forms_read_back_and_ranges_span_their_block() {
        assert_eq!(ip_from_hex("C6336400"), "198.51.100.0");
        assert_eq!(ip_from_hex(""), "0.0.0.0");
        assert_eq!(ip_from_hex("v6-20010DB8000000000000000000000042"), "2001:DB8:0:0:0:0:0:42");
        assert_eq!(ip_range_hex("198.51.100.7/24"), Some(("C6336400".into(), "C63364FF".into(), false, Some(24))));
        assert_eq!(ip_range_hex("192.0.2.77"), Some(("C000024D".into(), "C000024D".into(), false, None)));
        assert_eq!(ip_range_hex("nonsense"), None);
    }
}
