//! Text made inert as wikitext, as MediaWiki's `wfEscapeWikiText` makes it (what
//! `{{PAGENAME}}` and its kin give): the characters of markup as numeric entities, and the
//! sequences that would start a list, a heading rule, a signature or a link at a line's
//! start or in the middle.

use crate::url::URL_PROTOCOLS;

/// Replacements, longest first where several start alike (MediaWiki applies them as `strtr`
/// does: at each position the longest that matches, left to right, never twice).
const REPLACEMENTS: &[(&str, &str)] = &[
    ("\n----", "\n&#45;---"),
    ("\r----", "\r&#45;---"),
    ("://", "&#58;//"),
    ("\n#", "\n&#35;"),
    ("\r#", "\r&#35;"),
    ("\n*", "\n&#42;"),
    ("\r*", "\r&#42;"),
    ("\n:", "\n&#58;"),
    ("\r:", "\r&#58;"),
    ("\n ", "\n&#32;"),
    ("\r ", "\r&#32;"),
    ("\n\n", "\n&#10;"),
    ("\r\n", "&#13;\n"),
    ("\n\r", "\n&#13;"),
    ("\r\r", "\r&#13;"),
    ("\n\t", "\n&#9;"),
    ("\r\t", "\r&#9;"),
    ("__", "_&#95;"),
    ("\"", "&#34;"),
    ("&", "&#38;"),
    ("'", "&#39;"),
    ("<", "&#60;"),
    ("=", "&#61;"),
    (">", "&#62;"),
    ("[", "&#91;"),
    ("]", "&#93;"),
    ("{", "&#123;"),
    ("|", "&#124;"),
    ("}", "&#125;"),
    (";", "&#59;"),
];

/// `text` escaped as wikitext (no magic links are turned on, as in MediaWiki's defaults).
pub fn escape_wikitext(text: &str) -> String {
    // A line start before the text, so that its first line counts as one.
    let source = format!("\n{text}");
    let mut out = String::with_capacity(source.len() + 16);
    let mut i = 0;
    'outer: while i < source.len() {
        let rest = &source[i..];
        for (from, to) in REPLACEMENTS {
            if rest.starts_with(from) {
                out.push_str(to);
                i += from.len();
                continue 'outer;
            }
        }
        let c = rest.chars().next().expect("not at the end");
        out.push(c);
        i += c.len_utf8();
    }
    let escaped = &out[1..];
    escape_protocols(escaped)
}

/// `mailto:` and the other schemes without `//` get their colon escaped where the scheme
/// starts a word.
fn escape_protocols(text: &str) -> String {
    let schemes: Vec<&str> = URL_PROTOCOLS.iter().filter_map(|p| p.strip_suffix(':')).collect();
    let bytes = text.as_bytes();
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        let at_boundary = i == 0 || !word(bytes[i - 1]);
        if at_boundary && word(bytes[i]) {
            // The longest scheme that starts here and is followed by a colon.
            let found = schemes
                .iter()
                .filter(|s| {
                    bytes.len() >= i + s.len() + 1
                        && bytes[i..i + s.len()].eq_ignore_ascii_case(s.as_bytes())
                        && bytes[i + s.len()] == b':'
                        && (s.is_empty() || word(bytes[i + s.len() - 1]))
                })
                .max_by_key(|s| s.len());
            if let Some(scheme) = found {
                out.push_str(&text[i..i + scheme.len()]);
                out.push_str("&#58;");
                i += scheme.len() + 1;
                continue;
            }
        }
        let c = text[i..].chars().next().expect("not at the end");
        out.push(c);
        i += c.len_utf8();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::escape_wikitext;

    #[test]
    fn markup_becomes_entities() {
        assert_eq!(escape_wikitext("Rock & Roll's [x]"), "Rock &#38; Roll&#39;s &#91;x&#93;");
        assert_eq!(escape_wikitext("*a\n#b"), "&#42;a\n&#35;b");
        assert_eq!(escape_wikitext("a__b"), "a_&#95;b");
        assert_eq!(escape_wikitext("http://x mailto:y"), "http&#58;//x mailto&#58;y");
        assert_eq!(escape_wikitext("São Paulo"), "São Paulo");
        assert_eq!(escape_wikitext("----"), "&#45;---");
    }
}
