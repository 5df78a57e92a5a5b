//! HTML escaping as MediaWiki's PHP does it.

/// `&`, `<` and `>` as entities: text between tags (PHP's `htmlspecialchars` with
/// `ENT_NOQUOTES`).
pub fn escape_text(text: &str) -> String {
    escape_with(text, false)
}

/// `&`, `<`, `>`, `"` and `'` as entities (PHP's `htmlspecialchars` with `ENT_QUOTES`).
pub fn escape(text: &str) -> String {
    escape_with(text, true)
}

fn escape_with(text: &str, quotes: bool) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if quotes => out.push_str("&quot;"),
            '\'' if quotes => out.push_str("&#039;"),
            _ => out.push(c),
        }
    }
    out
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

#[cfg(test)]
mod tests {
    use super::{escape, escape_attribute, escape_text};

    #[test]
    fn text_keeps_quotes() {
        assert_eq!(escape_text("a<b>&\"'"), "a&lt;b&gt;&amp;\"'");
    }

    #[test]
    fn quotes_become_entities() {
        assert_eq!(escape("<a href=\"x\">'"), "&lt;a href=&quot;x&quot;&gt;&#039;");
        assert_eq!(escape_attribute("a\nb\tc"), "a&#10;b&#9;c");
    }
}
