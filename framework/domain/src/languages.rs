//! Names of languages in their own language (autonyms), for interlanguage links: ISO 639
//! codes looked up in the Unicode CLDR's names as the `isolang` crate carries them.

/// The autonym of a language code (`de` → `Deutsch`, `ja` → `日本語`): the first name given,
/// without a romanization in parentheses; `None` for a code without one.
pub fn autonym(code: &str) -> Option<String> {
    let language = match code.len() {
        2 => isolang::Language::from_639_1(code),
        3 => isolang::Language::from_639_3(code),
        _ => None,
    }?;
    let names = language.to_autonym()?;
    let first = names.split(", ").next().unwrap_or(names);
    let name = first.split(" (").next().unwrap_or(first).trim();
    (!name.is_empty()).then(|| name.to_owned())
}

#[cfg(test)]
mod tests {
    use super::autonym;

    #[test]
    fn languages_are_named_in_their_own_language() {
        assert_eq!(autonym("de").as_deref(), Some("Deutsch"));
        assert_eq!(autonym("es").as_deref(), Some("español"));
        assert_eq!(autonym("fr").as_deref(), Some("français"));
        assert_eq!(autonym("ja").as_deref(), Some("日本語"));
        assert_eq!(autonym("xx"), None);
        assert_eq!(autonym("de-formal"), None);
    }
}
