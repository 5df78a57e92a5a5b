//! Facts about languages, kept as data: the codes MediaWiki's sites name, their names in their
//! own language (autonyms) and writing direction (Wikimedia's language data, from the Unicode
//! CLDR, in [`crate::language_data`]; the CLDR through the `isolang` crate for other codes),
//! their BCP 47 tags, fallbacks, and the language converters' variants.

use crate::language_data::{LanguageData, LANGUAGES};

/// A language of the table, by code.
fn language(code: &str) -> Option<&'static LanguageData> {
    LANGUAGES.binary_search_by(|l| l.code.cmp(code)).ok().map(|i| &LANGUAGES[i])
}

/// The autonym of a language code (`de` → `Deutsch`, `ja` → `日本語`); `None` for a code
/// without one. A code the table does not name is asked of the CLDR: its first name, without a
/// romanization in parentheses or direction marks.
pub fn autonym(code: &str) -> Option<String> {
    if let Some(name) = language(code).map(|l| l.autonym).filter(|n| !n.is_empty()) {
        return Some(name.to_owned());
    }
    let language = match code.len() {
        2 => isolang::Language::from_639_1(code),
        3 => isolang::Language::from_639_3(code),
        _ => None,
    }?;
    let names = language.to_autonym()?;
    let first = names.split(", ").next().unwrap_or(names);
    let name = first
        .split(" (")
        .next()
        .unwrap_or(first)
        .trim_matches(|c: char| c.is_whitespace() || c == '\u{200e}' || c == '\u{200f}');
    (!name.is_empty()).then(|| name.to_owned())
}

/// The languages this site names, in code order, each with its autonym.
pub fn named_languages() -> impl Iterator<Item = (&'static str, String)> {
    LANGUAGES.iter().filter_map(|l| autonym(l.code).map(|name| (l.code, name)))
}

/// The BCP 47 tag of a MediaWiki language code: MediaWiki's own codes mapped to the standard
/// ones (`als` → `gsw`, `zh-tw` → `zh-Hant-TW`), otherwise regions in upper case and scripts
/// in title case (`pt-br` → `pt-BR`, `sr-latn` → `sr-Latn`), nothing changed after a
/// singleton (`x-…`).
pub fn bcp47(code: &str) -> String {
    let lower = code.to_ascii_lowercase();
    if let Some((_, tag)) = NON_STANDARD_CODES.iter().find(|(c, _)| *c == lower) {
        return (*tag).to_owned();
    }
    let mut parts = lower.split('-');
    let mut out = parts.next().unwrap_or_default().to_owned();
    let mut private = false;
    for part in parts {
        out.push('-');
        if private {
            out.push_str(part);
        } else if part.len() == 2 {
            out.push_str(&part.to_ascii_uppercase());
        } else if part.len() == 4 {
            let mut chars = part.chars();
            out.extend(chars.next().map(|c| c.to_ascii_uppercase()));
            out.push_str(chars.as_str());
        } else {
            out.push_str(part);
        }
        private |= part.len() == 1;
    }
    out
}

/// MediaWiki's codes that are not BCP 47 tags, with the tag for each.
const NON_STANDARD_CODES: &[(&str, &str)] = &[
    ("als", "gsw"),
    ("bat-smg", "sgs"),
    ("be-x-old", "be-tarask"),
    ("cbk-zam", "cbk"),
    ("de-formal", "de-x-formal"),
    ("eml", "egl"),
    ("en-rtl", "en-x-rtl"),
    ("es-formal", "es-x-formal"),
    ("fiu-vro", "vro"),
    ("hu-formal", "hu-x-formal"),
    ("map-bms", "jv-x-bms"),
    ("mo", "ro-Cyrl-MD"),
    ("nl-informal", "nl-x-informal"),
    ("nrm", "nrf"),
    ("roa-rup", "rup"),
    ("roa-tara", "nap-x-tara"),
    ("simple", "en-simple"),
    ("sr-ec", "sr-Cyrl"),
    ("sr-el", "sr-Latn"),
    ("zh-classical", "lzh"),
    ("zh-cn", "zh-Hans-CN"),
    ("zh-hk", "zh-Hant-HK"),
    ("zh-min-nan", "nan"),
    ("zh-mo", "zh-Hant-MO"),
    ("zh-my", "zh-Hans-MY"),
    ("zh-sg", "zh-Hans-SG"),
    ("zh-tw", "zh-Hant-TW"),
    ("zh-yue", "yue"),
];

/// The writing direction of a language: `rtl` for a language of the table written in a
/// right-to-left script; for another code, `rtl` when its autonym begins in such a script
/// (Arabic, Hebrew, Syriac, Thaana, N'Ko and their neighbours); `ltr` otherwise.
pub fn direction(code: &str) -> &'static str {
    if let Some(language) = language(code) {
        return if language.rtl { "rtl" } else { "ltr" };
    }
    let name = autonym(code).unwrap_or_default();
    let first_letter = name.chars().find(|c| c.is_alphabetic());
    match first_letter {
        Some(c) if matches!(c as u32, 0x0590..=0x08FF | 0xFB1D..=0xFDFF | 0xFE70..=0xFEFF | 0x10800..=0x10FFF | 0x1E800..=0x1EFFF) => {
            "rtl"
        }
        _ => "ltr",
    }
}

/// The variants a language's text may be converted to, the language's own code first; a
/// language without a converter has itself only, and a code that is an old name of another
/// (`als`, `no`, `zh-yue`) has the language it names.
pub fn variants(code: &str) -> Vec<&str> {
    if let Some((_, to)) = RENAMED_CODES.iter().find(|(old, _)| *old == code) {
        return vec![to];
    }
    if let Some((_, list)) = UNLISTED_CONVERTERS.iter().find(|(lang, _)| *lang == code) {
        return list.to_vec();
    }
    match LANGUAGE_VARIANTS.iter().find(|(lang, _)| *lang == code) {
        Some((_, list)) => list.iter().map(|(v, _)| *v).collect(),
        None => vec![code],
    }
}

/// Languages with a converter that MediaWiki 1.39 does not count among its languages with
/// variants (`siprop=languagevariants` leaves them out), with the converter's variants.
const UNLISTED_CONVERTERS: &[(&str, &[&str])] = &[("tly", &["tly", "tly-cyrl"])];

/// Codes a site still accepts for a language that has a newer code, with that code.
const RENAMED_CODES: &[(&str, &str)] = &[
    ("als", "gsw"),
    ("bat-smg", "sgs"),
    ("be-x-old", "be-tarask"),
    ("bh", "bho"),
    ("egl", "eml"),
    ("fiu-vro", "vro"),
    ("no", "nb"),
    ("roa-rup", "rup"),
    ("simple", "en"),
    ("zh-classical", "lzh"),
    ("zh-min-nan", "nan"),
    ("zh-yue", "yue"),
];

/// The languages a language's messages fall back to: for a language of the table, as the
/// table gives them; for another code, a converter's variant to the variants its converter
/// falls back to, then its language, and a regional or styled code to the language it refines.
/// English, every language's last resort, is not named.
pub fn fallbacks(code: &str) -> Vec<&str> {
    if let Some(language) = language(code) {
        return language.fallbacks.to_vec();
    }
    for (lang, list) in LANGUAGE_VARIANTS {
        if let Some((_, to)) = list.iter().find(|(v, _)| *v == code) {
            let mut out: Vec<&str> = to.iter().copied().filter(|v| *v != code).collect();
            if code != *lang && !out.contains(lang) {
                out.push(lang);
            }
            return out;
        }
    }
    match code.rsplit_once('-') {
        Some((parent, _)) => vec![parent],
        None => Vec::new(),
    }
}

/// The languages with a converter between variants (MediaWiki's `LanguageConverter`), in code
/// order: each variant, in the converter's order, with the variants it falls back to.
#[rustfmt::skip]
pub const LANGUAGE_VARIANTS: &[(&str, &[(&str, &[&str])])] = &[
    ("ban", &[("ban", &["ban"]), ("ban-bali", &["ban"]), ("ban-x-dharma", &["ban"]), ("ban-x-palmleaf", &["ban"]), ("ban-x-pku", &["ban"])]),
    ("crh", &[("crh", &["crh-latn"]), ("crh-cyrl", &["crh-latn"]), ("crh-latn", &["crh-cyrl"])]),
    ("gan", &[("gan", &["gan-hans", "gan-hant"]), ("gan-hans", &["gan"]), ("gan-hant", &["gan"])]),
    ("iu", &[("iu", &["ike-cans"]), ("ike-cans", &["iu"]), ("ike-latn", &["iu"])]),
    ("kk", &[("kk", &["kk-cyrl"]), ("kk-cyrl", &["kk"]), ("kk-latn", &["kk"]), ("kk-arab", &["kk"]), ("kk-kz", &["kk-cyrl"]), ("kk-tr", &["kk-latn"]), ("kk-cn", &["kk-arab"])]),
    ("ku", &[("ku", &["ku-latn"]), ("ku-arab", &["ku-latn"]), ("ku-latn", &["ku-arab"])]),
    ("shi", &[("shi", &["shi-latn", "shi-tfng"]), ("shi-tfng", &["shi"]), ("shi-latn", &["shi"])]),
    ("sr", &[("sr", &["sr-ec"]), ("sr-ec", &["sr"]), ("sr-el", &["sr"])]),
    ("tg", &[("tg", &["tg"]), ("tg-latn", &["tg"])]),
    ("uz", &[("uz", &["uz-latn"]), ("uz-latn", &["uz"]), ("uz-cyrl", &["uz"])]),
    ("zh", &[("zh", &["zh-hans", "zh-hant", "zh-cn", "zh-tw", "zh-hk", "zh-sg", "zh-mo", "zh-my"]), ("zh-hans", &["zh-cn", "zh-sg", "zh-my"]), ("zh-hant", &["zh-tw", "zh-hk", "zh-mo"]), ("zh-cn", &["zh-hans", "zh-sg", "zh-my"]), ("zh-hk", &["zh-mo", "zh-hant", "zh-tw"]), ("zh-mo", &["zh-hk", "zh-hant", "zh-tw"]), ("zh-my", &["zh-sg", "zh-hans", "zh-cn"]), ("zh-sg", &["zh-my", "zh-hans", "zh-cn"]), ("zh-tw", &["zh-hant", "zh-hk", "zh-mo"])]),
];

/// Whether a prefix is a language code MediaWiki knows (and so, as a local interwiki prefix,
/// makes interlanguage links rather than interwiki links).
pub fn is_language_code(prefix: &str) -> bool {
    language(&prefix.to_ascii_lowercase()).is_some()
}

/// A whole number as English writes it (MediaWiki's `formatNum` in English): digits in
/// groups of three, separated by commas.
pub fn format_number(n: usize) -> String {
    let digits = n.to_string();
    let mut grouped = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(c);
    }
    grouped
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn languages_are_named_in_their_own_language() {
        assert_eq!(autonym("de").as_deref(), Some("Deutsch"));
        assert_eq!(autonym("es").as_deref(), Some("español"));
        assert_eq!(autonym("fr").as_deref(), Some("français"));
        assert_eq!(autonym("ja").as_deref(), Some("日本語"));
        assert_eq!(autonym("xx"), None);
        assert_eq!(autonym("de-formal").as_deref(), Some("Deutsch (Sie-Form)"));
        assert_eq!(autonym("ak").as_deref(), Some("Akan"), "a code the table does not name, from the CLDR");
        assert!(named_languages().all(|(_, name)| !name.contains('\u{200e}')));
    }

    #[test]
    fn codes_become_bcp47_tags() {
        for (code, tag) in [
            ("de", "de"),
            ("pt-br", "pt-BR"),
            ("sr-latn", "sr-Latn"),
            ("zh-tw", "zh-Hant-TW"),
            ("als", "gsw"),
            ("ban-x-pku", "ban-x-pku"),
            ("roa-tara", "nap-x-tara"),
            ("ike-cans", "ike-Cans"),
            ("kk-cn", "kk-CN"),
        ] {
            assert_eq!(bcp47(code), tag, "{code}");
        }
    }

    #[test]
    fn scripts_written_right_to_left_are_rtl() {
        assert_eq!(direction("ar"), "rtl");
        assert_eq!(direction("he"), "rtl");
        assert_eq!(direction("fa"), "rtl");
        assert_eq!(direction("de"), "ltr");
        assert_eq!(direction("ja"), "ltr");
    }

    #[test]
    fn variants_fall_back_through_their_converter() {
        assert_eq!(variants("sr"), ["sr", "sr-ec", "sr-el"]);
        assert_eq!(variants("de"), ["de"]);
        assert_eq!(variants("tly"), ["tly", "tly-cyrl"]);
        assert_eq!(variants("zh-yue"), ["yue"], "an old code's variant is the language it names");
        assert_eq!(fallbacks("pt-br"), ["pt"]);
        assert_eq!(fallbacks("ab"), ["ru"]);
        assert_eq!(fallbacks("de"), Vec::<&str>::new());
        assert_eq!(fallbacks("uz-latn"), Vec::<&str>::new(), "a variant with messages of its own");
        assert_eq!(fallbacks("ban-x-dharma"), ["ban"], "a variant outside the table, through its converter");
    }

    #[test]
    fn language_codes_are_sorted_and_unique() {
        assert!(LANGUAGES.windows(2).all(|w| w[0].code < w[1].code), "the language table must stay sorted");
        for code in ["en", "de", "fr", "es", "ja", "zh-min-nan", "simple"] {
            assert!(is_language_code(code), "{code}");
        }
        for prefix in ["wikipedia", "mw", "fixturelocal", "commons", "wikt"] {
            assert!(!is_language_code(prefix), "{prefix}");
        }
    }

    #[test]
    fn numbers_are_grouped_by_thousands() {
        assert_eq!(super::format_number(0), "0");
        assert_eq!(super::format_number(999), "999");
        assert_eq!(super::format_number(1024), "1,024");
        assert_eq!(super::format_number(1_234_567), "1,234,567");
    }
}
