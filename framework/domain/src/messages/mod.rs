//! The interface messages: this project's own texts, written for it in English and German
//! (`en.json`, `de.json`), under the keys MediaWiki's clients ask for them by. A language
//! without a text of its own falls back along its fallbacks to English; a wiki's
//! `MediaWiki:` pages override them (the store reads those, not this module).

use std::collections::BTreeMap;
use std::sync::OnceLock;

use crate::languages::fallbacks;

/// The languages with texts of their own, English first.
const CATALOGUES: &[(&str, &str)] = &[("en", include_str!("en.json")), ("de", include_str!("de.json"))];

fn catalogue(lang: &str) -> Option<&'static BTreeMap<String, String>> {
    static PARSED: OnceLock<Vec<(&'static str, BTreeMap<String, String>)>> = OnceLock::new();
    let all = PARSED.get_or_init(|| {
        CATALOGUES
            .iter()
            .map(|(code, text)| {
                (*code, serde_json::from_str(text).expect("a message catalogue is a JSON object of texts"))
            })
            .collect()
    });
    all.iter().find(|(code, _)| *code == lang).map(|(_, messages)| messages)
}

/// Every message key, in order.
pub fn keys() -> impl Iterator<Item = &'static str> {
    catalogue("en").into_iter().flat_map(|m| m.keys().map(String::as_str))
}

/// The languages a message is looked for in: the language, its fallbacks, English.
pub fn language_chain(lang: &str) -> Vec<String> {
    let mut chain = vec![lang.to_owned()];
    chain.extend(fallbacks(lang).into_iter().map(str::to_owned));
    if !chain.iter().any(|c| c == "en") {
        chain.push("en".to_owned());
    }
    chain
}

/// The text of a message in a language (or the first of its fallbacks that has one).
pub fn text(lang: &str, key: &str) -> Option<&'static str> {
    // Most keys are asked for as they are stored, and in English: looked up without copies.
    let stored_form = key.starts_with(|c: char| !c.is_uppercase()) && !key.contains(' ');
    let key: std::borrow::Cow<'_, str> = if stored_form { key.into() } else { normalize_key(key).into() };
    if lang == "en" {
        return catalogue("en").and_then(|m| m.get(key.as_ref())).map(String::as_str);
    }
    language_chain(lang).iter().find_map(|l| catalogue(l).and_then(|m| m.get(key.as_ref())).map(String::as_str))
}

/// A message's text in a language with its parameters put in (`$1`, ...), no magic expanded;
/// the key itself where no catalogue has the message.
pub fn format(lang: &str, key: &str, args: &[String]) -> String {
    substitute(text(lang, key).unwrap_or(key), args)
}

/// A message key as messages are stored: spaces as underscores, first letter in lower case.
pub fn normalize_key(key: &str) -> String {
    let key = key.replace(' ', "_");
    let mut chars = key.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Whether a language code may name a language: at most 128 bytes, and nothing that cannot be
/// in a title or a path (`:`, `/`, `\`, `&`, `<`, `>`, quotes, brackets, `|`, `#`, ASCII
/// controls, a percent escape such as `%41`). Empty and spaces are valid codes.
pub fn is_valid_language_code(code: &str) -> bool {
    let bytes = code.as_bytes();
    let percent_escape = bytes.windows(3).any(|w| w[0] == b'%' && w[1].is_ascii_hexdigit() && w[2].is_ascii_hexdigit());
    code.len() <= 128
        && !code.chars().any(|c| c.is_ascii_control() || ":/\\&<>'\"[]{}|#".contains(c))
        && !percent_escape
}

/// `$1`, `$2`, ... replaced by the arguments; those without an argument are left.
pub fn substitute(text: &str, args: &[String]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('$') {
        out.push_str(&rest[..at]);
        let digits: String = rest[at + 1..].chars().take_while(char::is_ascii_digit).collect();
        match digits.parse::<usize>().ok().and_then(|n| n.checked_sub(1)).and_then(|i| args.get(i)) {
            Some(arg) => out.push_str(arg),
            None => out.push_str(&rest[at..at + 1 + digits.len()]),
        }
        rest = &rest[at + 1 + digits.len()..];
    }
    out.push_str(rest);
    out
}

/// A user's grammatical gender, as their preference says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Gender {
    Male,
    Female,
    Unknown,
}

/// What expanding a message needs from the site.
pub trait MessageSite {
    /// The site's name, for `{{SITENAME}}`.
    fn site_name(&self) -> String;
    /// The gender of a user by name, for `{{GENDER:}}`.
    fn gender(&self, user: &str) -> Gender;
    /// Another message's text, for `{{int:}}`.
    fn message(&self, key: &str) -> Option<String>;
}

/// A message's text with the magic MediaWiki expands in messages: `{{PLURAL:n|one|other}}`
/// (explicit `n=` forms first; English and German choose the first form for one),
/// `{{GENDER:user|male|female|unknown}}`, `{{SITENAME}}` and `{{int:key}}`. Other templates
/// are left as written.
pub fn expand(text: &str, site: &dyn MessageSite) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        let inner_start = start + 2;
        match matching_close(&rest[inner_start..]) {
            Some(len) => {
                let inner = expand(&rest[inner_start..inner_start + len], site);
                out.push_str(&expand_one(&inner, site).unwrap_or_else(|| format!("{{{{{inner}}}}}")));
                rest = &rest[inner_start + len + 2..];
            }
            None => {
                out.push_str("{{");
                rest = &rest[inner_start..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The length of the text up to the `}}` that closes an opening `{{`, nested pairs skipped.
fn matching_close(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    while i + 1 < bytes.len() {
        if bytes[i] == b'{' && bytes[i + 1] == b'{' {
            depth += 1;
            i += 2;
        } else if bytes[i] == b'}' && bytes[i + 1] == b'}' {
            if depth == 0 {
                return Some(i);
            }
            depth -= 1;
            i += 2;
        } else {
            i += 1;
        }
    }
    None
}

fn expand_one(inner: &str, site: &dyn MessageSite) -> Option<String> {
    if inner.trim() == "SITENAME" {
        return Some(site.site_name());
    }
    let (name, args) = inner.split_once(':')?;
    let parts: Vec<&str> = args.split('|').collect();
    match name.trim().to_ascii_uppercase().as_str() {
        "PLURAL" => {
            let number = parts[0].trim().replace([',', ' '], "");
            let forms = &parts[1..];
            for form in forms {
                if let Some((n, text)) = form.split_once('=') {
                    if n.trim() == number {
                        return Some(text.to_owned());
                    }
                }
            }
            let plain: Vec<&str> = forms
                .iter()
                .copied()
                .filter(|f| !f.split_once('=').is_some_and(|(n, _)| n.trim().parse::<f64>().is_ok()))
                .collect();
            let one = number.parse::<f64>().is_ok_and(|n| n == 1.0);
            let index = if one { 0 } else { 1 };
            Some(plain.get(index).or(plain.last()).copied().unwrap_or_default().to_owned())
        }
        "GENDER" => {
            let forms = &parts[1..];
            let index = match site.gender(parts[0].trim()) {
                Gender::Male => 0,
                Gender::Female => 1,
                Gender::Unknown => 2,
            };
            Some(forms.get(index).or(forms.first()).copied().unwrap_or_default().to_owned())
        }
        "INT" => site.message(parts[0].trim()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Site;
    impl MessageSite for Site {
        fn site_name(&self) -> String {
            "Fixture Wiki".into()
        }
        fn gender(&self, user: &str) -> Gender {
            match user {
                "Alice" => Gender::Female,
                "Bob" => Gender::Male,
                _ => Gender::Unknown,
            }
        }
        fn message(&self, key: &str) -> Option<String> {
            text("en", key).map(str::to_owned)
        }
    }

    #[test]
    fn messages_fall_back_to_english() {
        assert_eq!(text("de", "january"), Some("Januar"));
        assert_eq!(text("de-formal", "january"), Some("Januar"));
        assert_eq!(text("de", "view"), Some("Lesen"));
        assert_eq!(text("de", "semicolon-separator"), Some("; "));
        assert_eq!(text("fr", "january"), Some("January"));
        assert_eq!(text("en", "January"), Some("January"));
        assert_eq!(text("en", "no-such-message"), None);
        assert!(keys().collect::<Vec<_>>().windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn arguments_and_magic_are_expanded() {
        assert_eq!(substitute("$1 of $2, $3", &["a".into(), "b".into()]), "a of b, $3");
        assert_eq!(expand("$1 {{PLURAL:1|byte|bytes}}", &Site), "$1 byte");
        assert_eq!(expand("{{PLURAL:1,000|byte|bytes}}", &Site), "bytes");
        assert_eq!(expand("{{PLURAL:0|0=none|one|many}}", &Site), "none");
        assert_eq!(
            expand("{{GENDER:Alice|he|she|they}} / {{GENDER:Bob|he|she}} / {{GENDER:X|he|she|they}}", &Site),
            "she / he / they"
        );
        assert_eq!(expand("From {{SITENAME}}: {{int:january}}", &Site), "From Fixture Wiki: January");
        assert_eq!(expand("{{lc:X}} {{unclosed", &Site), "{{lc:X}} {{unclosed");
        assert_eq!(normalize_key("Main page"), "main_page");
        assert!(is_valid_language_code("de-formal"));
        assert!(!is_valid_language_code("a:b"));
        assert!(!is_valid_language_code("%41"), "a percent escape");
        assert!(is_valid_language_code("%zz") && is_valid_language_code(" ") && is_valid_language_code(""));
    }
}
