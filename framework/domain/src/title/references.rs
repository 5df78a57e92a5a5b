//! Character references (`&eacute;`, `&#233;`, `&#xE9;`) decoded as MediaWiki decodes them in
//! titles.

use super::entities::NAMED_ENTITIES;

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

/// The text with its character references decoded and, where any was, in Unicode's composed
/// form (NFC), as a title read from wikitext is (MediaWiki's
/// `decodeCharReferencesAndNormalize`): `&#xFB2E;` names the same page as `אַ`.
pub fn decode_char_references_and_normalize(text: &str) -> std::borrow::Cow<'_, str> {
    use unicode_normalization::UnicodeNormalization;
    match decode_char_references(text) {
        std::borrow::Cow::Owned(decoded) if decoded != text => std::borrow::Cow::Owned(decoded.nfc().collect()),
        other => other,
    }
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

/// What the named character reference `name` (without `&` and `;`) stands for, if HTML5 names
/// it.
pub fn named_entity(name: &str) -> Option<&'static str> {
    NAMED_ENTITIES.binary_search_by(|(n, _)| (*n).cmp(name)).ok().map(|i| NAMED_ENTITIES[i].1)
}

/// Whether a numeric character reference may stand for a code point: those XML and HTML5
/// both allow.
pub fn valid_reference_code_point(c: u32) -> bool {
    c == 0x09
        || c == 0x0a
        || (0x20..=0x7e).contains(&c)
        || (0xa0..=0xd7ff).contains(&c)
        || (0xe000..=0xfffd).contains(&c)
        || (0x10000..=0x10ffff).contains(&c)
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
