//! MediaWiki's encodings: database keys, sizes, `page_random`, hashes, IP addresses, cut text.

use sha1::{Digest, Sha1};
use wikiquery_domain::title::{parse_title, sanitize_ip};
use wikiquery_store::site::Site;

use super::Fail;
use crate::dump::PageStart;

/// The database key of a dump page: its title without the namespace prefix the dump writes.
pub(super) fn page_dbkey(start: &PageStart, site: &Site) -> Result<String, Fail> {
    let title = start.title.as_str();
    if start.ns == 0 {
        return Ok(title.replace(' ', "_"));
    }
    if let Some(name) = site.namespaces().name(start.ns) {
        if let Some(rest) = title.strip_prefix(name).and_then(|r| r.strip_prefix(':')) {
            if !rest.is_empty() {
                return Ok(rest.replace(' ', "_"));
            }
        }
    }
    match parse_title(title, 0, site.namespaces(), &|_| false) {
        Ok(parsed) if parsed.ns == start.ns => Ok(parsed.dbkey),
        _ => Err(Fail::Data(format!(
            "page {title:?} (id {}) is not a title of namespace {} as the dump's <siteinfo> names it",
            start.id, start.ns
        ))),
    }
}

/// The bytes of a slot: the dump's `bytes` attribute, or the length of its text.
pub(super) fn slot_size(bytes: Option<u64>, text: Option<&str>) -> i64 {
    bytes.and_then(|b| i64::try_from(b).ok()).or_else(|| text.map(|t| t.len() as i64)).unwrap_or(0)
}

/// A number in [0, 1) derived from the page id (MediaWiki draws `page_random` at random;
/// deriving it keeps re-imports identical), with MediaWiki's 12 decimal places.
pub(super) fn page_random(page_id: i64) -> f64 {
    // splitmix64: consecutive ids give unrelated values.
    let mut z = (page_id as u64).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    let unit = (z >> 11) as f64 / (1u64 << 53) as f64;
    (unit * 1e12).floor() / 1e12
}

/// MediaWiki's `comment_hash`: CRC-32 of the text XOR CRC-32 of the data, as a signed
/// 32-bit number.
pub(super) fn comment_hash(text: &str, data: Option<&str>) -> i32 {
    let hash = crc32fast::hash(text.as_bytes()) ^ crc32fast::hash(data.unwrap_or("").as_bytes());
    hash as i32
}

/// SHA-1 in MediaWiki's base-36 form (31 digits, zero-padded).
pub(super) fn sha1_base36(data: &[u8]) -> String {
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut number: Vec<u8> = Sha1::digest(data).to_vec();
    let mut out = Vec::with_capacity(31);
    while number.iter().any(|&b| b != 0) {
        let mut remainder = 0u32;
        for byte in number.iter_mut() {
            let value = remainder * 256 + u32::from(*byte);
            *byte = (value / 36) as u8;
            remainder = value % 36;
        }
        out.push(DIGITS[remainder as usize]);
    }
    while out.len() < 31 {
        out.push(b'0');
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

/// `ipc_hex` of an IP address: 8 hex digits for IPv4, `v6-` and 32 for IPv6 (MediaWiki's
/// `IPUtils::toHex`); `None` for a name that is no IP address.
pub(super) fn ip_hex(ip: &str) -> Option<String> {
    let canonical = sanitize_ip(ip)?;
    if canonical.contains('/') {
        return None;
    }
    if canonical.contains('.') {
        let mut value = 0u32;
        for octet in canonical.split('.') {
            value = value << 8 | octet.parse::<u32>().ok()?;
        }
        return Some(format!("{value:08X}"));
    }
    let mut out = String::from("v6-");
    for group in canonical.split(':') {
        out.push_str(&format!("{:04X}", u16::from_str_radix(group, 16).ok()?));
    }
    Some(out)
}

/// The longest prefix of `s` of at most `max` bytes that ends on a character boundary
/// (MediaWiki's columns are byte-limited; `mb_strcut` cuts the same way).
pub(super) fn cut(s: &str, max: usize) -> &str {
    if s.len() <= max {
        return s;
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    &s[..end]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comment_hashes_are_mediawikis() {
        // Values from the MediaWiki 1.39 fixture database.
        assert_eq!(comment_hash("", None), 0);
        assert_eq!(comment_hash("Account for FixtureBot", None), 1_553_391_741);
        assert_eq!(comment_hash("Account for Dave", None), -800_687_742);
    }

    #[test]
    fn sha1_is_base36_padded() {
        assert_eq!(sha1_base36(b""), "phoiac9h4m842xq45sp7s6u21eteeq1");
        assert_eq!(sha1_base36(b"").len(), 31);
    }

    #[test]
    fn ip_changes_use_mediawikis_hex() {
        assert_eq!(ip_hex("192.0.2.10").as_deref(), Some("C000020A"));
        assert_eq!(ip_hex("127.0.0.1").as_deref(), Some("7F000001"));
        assert_eq!(ip_hex("2001:DB8:0:0:0:0:0:42").as_deref(), Some("v6-20010DB8000000000000000000000042"));
        assert_eq!(ip_hex("Alice"), None);
        assert_eq!(ip_hex("imported>ExternalUser"), None);
    }

    #[test]
    fn page_random_is_stable_and_in_range() {
        let values: Vec<f64> = (1..1000).map(page_random).collect();
        assert!(values.iter().all(|v| (0.0..1.0).contains(v)));
        assert_eq!(page_random(42), page_random(42));
        assert_ne!(page_random(1), page_random(2));
        let mean = values.iter().sum::<f64>() / values.len() as f64;
        assert!((0.4..0.6).contains(&mean), "{mean}");
    }

    #[test]
    fn cutting_respects_characters() {
        assert_eq!(cut("abc", 5), "abc");
        assert_eq!(cut("aé", 2), "a");
        assert_eq!(cut("aé", 3), "aé");
    }
}
