//! Facts about languages, kept as data: the codes MediaWiki's sites use, their names in their
//! own language (autonyms, as the Unicode CLDR gives them through the `isolang` crate), their
//! BCP 47 tags, writing direction, the language converters' variants and fallbacks.

/// The autonym of a language code (`de` → `Deutsch`, `ja` → `日本語`): the first name given,
/// without a romanization in parentheses or direction marks; `None` for a code without one.
pub fn autonym(code: &str) -> Option<String> {
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

/// The languages this site can name: every known code with an autonym, in code order.
pub fn named_languages() -> impl Iterator<Item = (&'static str, String)> {
    let mut codes: Vec<&'static str> = LANGUAGE_CODES.to_vec();
    codes.extend(LANGUAGE_VARIANTS.iter().flat_map(|(_, variants)| variants.iter().map(|(v, _)| *v)));
    codes.sort_unstable();
    codes.dedup();
    codes.into_iter().filter_map(|code| autonym(code).map(|name| (code, name)))
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

/// The writing direction of a language: `rtl` when its autonym begins in a right-to-left
/// script (Arabic, Hebrew, Syriac, Thaana, N'Ko and their neighbours), `ltr` otherwise.
pub fn direction(code: &str) -> &'static str {
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
/// language without a converter has itself only.
pub fn variants(code: &str) -> Vec<&str> {
    match LANGUAGE_VARIANTS.iter().find(|(lang, _)| *lang == code) {
        Some((_, list)) => list.iter().map(|(v, _)| *v).collect(),
        None => vec![code],
    }
}

/// The languages a language's messages fall back to: a converter's variant to the variants
/// its converter falls back to, then its language; a regional or styled code (`pt-br`,
/// `de-formal`) to the language it refines; English, every language's last resort, is not
/// named.
pub fn fallbacks(code: &str) -> Vec<&str> {
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
    LANGUAGE_CODES.binary_search(&prefix.to_ascii_lowercase().as_str()).is_ok()
}

/// Language codes that have a language name in MediaWiki (Wikipedia editions, their legacy
/// codes such as `zh-min-nan`, and common variants), sorted for binary search.
#[rustfmt::skip]
pub const LANGUAGE_CODES: &[&str] = &[
    "aa", "ab", "abs", "ace", "ady", "ady-cyrl", "aeb", "af", "ak", "als", "alt", "am", "ami", "an", "ang", "anp",
    "ar", "arc", "arn", "arq", "ary", "arz", "as", "ase", "ast", "atj", "av", "avk", "awa", "ay", "az", "azb", "ba",
    "ban", "bar", "bat-smg", "bbc", "bcc", "bcl", "bdr", "be", "be-tarask", "be-x-old", "bew", "bg", "bh", "bho",
    "bi", "bjn", "blk", "bm", "bn", "bo", "bpy", "bqi", "br", "brh", "bs", "btm", "bto", "bug", "bxr", "ca",
    "cbk-zam", "cdo", "ce", "ceb", "ch", "cho", "chr", "chy", "ckb", "co", "cps", "cr", "crh", "cs", "csb", "cu",
    "cv", "cy", "da", "dag", "de", "de-at", "de-ch", "de-formal", "din", "diq", "dsb", "dtp", "dty", "dv", "dz", "ee",
    "egl", "el", "eml", "en", "en-ca", "en-gb", "eo", "es", "es-419", "es-formal", "et", "eu", "ext", "fa", "fat",
    "ff", "fi", "fit", "fiu-vro", "fj", "fo", "fon", "fr", "frc", "frp", "frr", "fur", "fy", "ga", "gag", "gan",
    "gcr", "gd", "gl", "glk", "gn", "gom", "gor", "got", "gpe", "grc", "gsw", "gu", "guc", "gur", "guw", "gv", "ha",
    "hak", "haw", "he", "hi", "hif", "hil", "ho", "hr", "hrx", "hsb", "ht", "hu", "hy", "hyw", "hz", "ia", "id", "ie",
    "ig", "ii", "ik", "ike-cans", "ike-latn", "ilo", "inh", "io", "is", "it", "iu", "ja", "jam", "jbo", "jut", "jv",
    "ka", "kaa", "kab", "kbd", "kbp", "kcg", "kea", "kg", "khw", "ki", "kiu", "kj", "kjp", "kk", "kk-arab", "kk-cn",
    "kk-cyrl", "kk-kz", "kk-latn", "kk-tr", "kl", "km", "kn", "ko", "ko-kp", "koi", "kr", "krc", "kri", "krj", "krl",
    "ks", "ksh", "ku", "ku-arab", "ku-latn", "kum", "kus", "kv", "kw", "ky", "la", "lad", "lb", "lbe", "lez", "lfn",
    "lg", "li", "lij", "liv", "lld", "lmo", "ln", "lo", "lrc", "lt", "ltg", "lus", "luz", "lv", "lzh", "lzz", "mad",
    "mai", "map-bms", "mdf", "mg", "mh", "mhr", "mi", "min", "mk", "ml", "mn", "mni", "mnw", "mo", "mr", "mrh", "mrj",
    "ms", "mt", "mus", "mwl", "my", "myv", "mzn", "na", "nah", "nan", "nap", "nb", "nds", "nds-nl", "ne", "new", "ng",
    "nia", "niu", "nl", "nl-informal", "nn", "no", "nod", "nov", "nqo", "nr", "nrm", "nso", "nup", "nv", "ny", "nys",
    "oc", "olo", "om", "or", "os", "pa", "pag", "pam", "pap", "pcd", "pcm", "pdc", "pdt", "pfl", "pi", "pih", "pl",
    "pms", "pnb", "pnt", "prg", "ps", "pt", "pt-br", "pwn", "qu", "qug", "rgn", "rif", "rm", "rmy", "rn", "ro",
    "roa-rup", "roa-tara", "rsk", "ru", "rue", "rup", "ruq", "rw", "sa", "sah", "sat", "sc", "scn", "sco", "sd",
    "sdc", "sdh", "se", "sei", "ses", "sg", "sgs", "sh", "shi", "shn", "shy", "si", "simple", "sjd", "sje", "sk",
    "skr", "sl", "sli", "sm", "sma", "smn", "sms", "sn", "so", "sq", "sr", "sr-ec", "sr-el", "srn", "ss", "st", "stq",
    "sty", "su", "sv", "sw", "syl", "szl", "szy", "ta", "tay", "tcy", "te", "tet", "tg", "tg-cyrl", "tg-latn", "th",
    "ti", "tig", "tk", "tl", "tly", "tn", "to", "tok", "tpi", "tr", "tru", "trv", "ts", "tt", "tt-cyrl", "tt-latn",
    "tum", "tw", "ty", "tyv", "tzm", "udm", "ug", "ug-arab", "ug-latn", "uk", "ur", "uz", "uz-cyrl", "uz-latn", "ve",
    "vec", "vep", "vi", "vls", "vmf", "vmw", "vo", "vot", "vro", "wa", "war", "wls", "wo", "wuu", "xal", "xh", "xmf",
    "xsy", "yi", "yo", "yrl", "yue", "za", "zea", "zgh", "zh", "zh-classical", "zh-cn", "zh-hans", "zh-hant", "zh-hk",
    "zh-min-nan", "zh-mo", "zh-my", "zh-sg", "zh-tw", "zh-yue", "zu",
];

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
        assert_eq!(autonym("de-formal"), None);
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
        assert_eq!(fallbacks("sr-el"), ["sr"]);
        assert_eq!(fallbacks("kk-cn"), ["kk-arab", "kk"]);
        assert_eq!(fallbacks("pt-br"), ["pt"]);
        assert_eq!(fallbacks("de"), Vec::<&str>::new());
    }

    #[test]
    fn language_codes_are_sorted_and_unique() {
        assert!(LANGUAGE_CODES.windows(2).all(|w| w[0] < w[1]), "LANGUAGE_CODES must stay sorted");
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
