//! HTML escaping as MediaWiki's PHP does it.

/// `&`, `<` and `>` as entities: text between tags (PHP's `htmlspecialchars` with
/// `ENT_NOQUOTES`).
pub fn escape_text(text: &str) -> String {
    escape_with(text, Quotes::None)
}

/// `&`, `<`, `>`, `"` and `'` as entities (PHP's `htmlspecialchars` with `ENT_QUOTES`).
pub fn escape(text: &str) -> String {
    escape_with(text, Quotes::Both)
}

/// [`escape`], written at the end of `out` (no string of its own for a long text).
pub fn push_escaped(out: &mut String, text: &str) {
    escape_into(out, text, Quotes::Both);
}

/// Which quotes `htmlspecialchars` turns into entities besides `&`, `<` and `>`.
#[derive(Clone, Copy)]
enum Quotes {
    None,
    Double,
    Both,
}

fn escape_with(text: &str, quotes: Quotes) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    escape_into(&mut out, text, quotes);
    out
}

fn escape_into(out: &mut String, text: &str, quotes: Quotes) {
    // The runs between characters to escape are copied whole (all the escaped characters are
    // ASCII, so a byte position found is a character boundary).
    let mut run_start = 0;
    for (i, b) in text.bytes().enumerate() {
        let entity = match b {
            b'&' => "&amp;",
            b'<' => "&lt;",
            b'>' => "&gt;",
            b'"' if !matches!(quotes, Quotes::None) => "&quot;",
            b'\'' if matches!(quotes, Quotes::Both) => "&#039;",
            _ => continue,
        };
        out.push_str(&text[run_start..i]);
        out.push_str(entity);
        run_start = i + 1;
    }
    out.push_str(&text[run_start..]);
}

/// An `<a>` as MediaWiki's link renderer writes it: `href`, then `class` and `title` when
/// they are not empty, around `html`.
pub fn link_element(href: &str, class: &str, title: &str, html: &str) -> String {
    let mut out = format!("<a href=\"{}\"", escape_attribute(href));
    if !class.is_empty() {
        out.push_str(&format!(" class=\"{class}\""));
    }
    if !title.is_empty() {
        out.push_str(&format!(" title=\"{}\"", escape_attribute(title)));
    }
    out.push('>');
    out.push_str(html);
    out.push_str("</a>");
    out
}

/// `&`, `<`, `>` and `"` as entities (PHP's `htmlspecialchars` with `ENT_COMPAT`).
pub fn escape_compat(text: &str) -> String {
    escape_with(text, Quotes::Double)
}

/// [`escape_compat`], written onto `out`.
pub fn escape_compat_into(out: &mut String, text: &str) {
    escape_into(out, text, Quotes::Double)
}

/// [`escape`] that leaves a character reference already written (`&amp;`, `&#160;`, `&lrm;`)
/// as it is, as PHP's `htmlspecialchars` without double encoding does; `U+0338` as a
/// reference. Interface messages are escaped so, with their plain parameters in them.
pub fn escape_keeping_references(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for (i, c) in text.char_indices() {
        match c {
            '&' if starts_reference(&text[i + 1..]) => out.push('&'),
            '\u{338}' => out.push_str("&#x338;"),
            _ => escape_into(&mut out, c.encode_utf8(&mut [0; 4]), Quotes::Both),
        }
    }
    out
}

/// Whether text after an `&` makes it a character reference: `#` and digits, `#x` and hex
/// digits, or a known name, then `;`.
fn starts_reference(after: &str) -> bool {
    let Some(end) = after.find(';') else { return false };
    let body = &after[..end];
    if let Some(hex) = body.strip_prefix("#x").or_else(|| body.strip_prefix("#X")) {
        !hex.is_empty() && hex.chars().all(|c| c.is_ascii_hexdigit())
    } else if let Some(dec) = body.strip_prefix('#') {
        !dec.is_empty() && dec.chars().all(|c| c.is_ascii_digit())
    } else {
        !body.is_empty()
            && body.chars().all(|c| c.is_ascii_alphanumeric())
            && crate::title::named_entity(body).is_some()
    }
}

/// An attribute value as MediaWiki's `Html` class writes it: [`escape`] and the white space
/// that attribute normalisation would change, as character references.
pub fn escape_attribute(text: &str) -> String {
    escape(text).replace('\n', "&#10;").replace('\r', "&#13;").replace('\t', "&#9;")
}

/// Only `&` and `<` as entities: an element's text as MediaWiki's `Html::element` writes it.
pub fn escape_element_text(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;")
}

/// Only `&` and `"` as entities: an attribute value as MediaWiki's parser leaves it once its
/// HTML is tidied.
pub fn escape_tidied_attribute(text: &str) -> String {
    text.replace('&', "&amp;").replace('"', "&quot;")
}

/// An id for an element in MediaWiki's `html5` fragment mode: white space as `_`, 1,024
/// characters at most.
pub fn escape_id_for_attribute(id: &str) -> String {
    id.chars().take(1024).map(|c| if matches!(c, '\t' | '\n' | '\x0c' | '\r' | ' ') { '_' } else { c }).collect()
}

/// An id for a link in MediaWiki's `html5` fragment mode.
pub fn escape_id_for_link(id: &str) -> String {
    let truncated: String = id.chars().take(1024).collect();
    let spaced = truncated.replace(['\t', '\n', '\x0c', '\r', ' '], "_");
    let bytes = spaced.as_bytes();
    let mut out = String::with_capacity(spaced.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && i + 2 < bytes.len()
            && bytes[i + 1].is_ascii_hexdigit()
            && bytes[i + 2].is_ascii_hexdigit()
        {
            out.push_str("%25");
            i += 1;
            continue;
        }
        let ch_len = utf8_len(bytes[i]);
        out.push_str(&spaced[i..i + ch_len]);
        i += ch_len;
    }
    out
}

fn utf8_len(first: u8) -> usize {
    match first {
        0x00..=0x7f => 1,
        0xc0..=0xdf => 2,
        0xe0..=0xef => 3,
        _ => 4,
    }
}

/// An id for a link to another wiki (`legacy` fragment mode).
pub fn escape_id_legacy(id: &str) -> String {
    crate::url::urlencode(&id.replace(' ', "_")).replace("%3A", ":").replace('%', ".")
}

/// Runs of the characters `is_space` says are spaces as one space (`drop`ped characters
/// skipped).
fn fold_spaces(text: &str, is_space: impl Fn(char) -> bool, drop: impl Fn(char) -> bool) -> String {
    let mut out = String::with_capacity(text.len());
    let mut space = false;
    for c in text.chars().filter(|c| !drop(*c)) {
        if is_space(c) {
            space = true;
        } else {
            if space {
                out.push(' ');
            }
            space = false;
            out.push(c);
        }
    }
    if space {
        out.push(' ');
    }
    out
}

/// White space as MediaWiki's section names have it: runs of spaces and underscores as one
/// space, trimmed.
pub fn section_name_whitespace(text: &str) -> String {
    crate::php::trim(&fold_spaces(text, |c| c == ' ' || c == '_', |_| false)).to_owned()
}

/// A name as a title's fragment has it (spaces folded, the last one dropped; bidi marks
/// dropped).
fn fragment_spaces(text: &str) -> String {
    let is_space = |c: char| {
        matches!(
            c,
            ' ' | '_' | '\u{a0}' | '\u{1680}' | '\u{180e}' | '\u{2000}'
                ..='\u{200a}' | '\u{2028}' | '\u{2029}' | '\u{202f}' | '\u{205f}' | '\u{3000}'
        )
    };
    let bidi = |c: char| matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}');
    let mut out = fold_spaces(text, is_space, bidi);
    if out.ends_with(' ') {
        out.pop();
    }
    out
}

/// The name a section's anchor is made of (MediaWiki's `getSectionNameFromStrippedText`): white
/// space folded, character references decoded, spaces as a title's fragment has them. Headings
/// and `{{anchorencode:}}` both read it.
pub fn section_name(text: &str) -> String {
    fragment_spaces(&crate::title::decode_char_references(&section_name_whitespace(text)))
}

#[cfg(test)]
mod tests {
    use super::{escape, escape_attribute, escape_compat, escape_text};

    #[test]
    fn text_keeps_quotes() {
        assert_eq!(escape_text("a<b>&\"'"), "a&lt;b&gt;&amp;\"'");
        // A kept quote stays in its run, between escaped characters and multibyte text.
        assert_eq!(escape_text("é\"<ü'>'x"), "é\"&lt;ü'&gt;'x");
        assert_eq!(escape_compat("'\"&'"), "'&quot;&amp;'");
    }

    #[test]
    fn quotes_become_entities() {
        assert_eq!(escape("<a href=\"x\">'"), "&lt;a href=&quot;x&quot;&gt;&#039;");
        assert_eq!(escape_attribute("a\nb\tc"), "a&#10;b&#9;c");
    }
}
