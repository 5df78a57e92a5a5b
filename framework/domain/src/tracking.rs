//! The tracking categories MediaWiki's core puts pages in (a missing file, a hidden category,
//! an ignored display title, a template given one argument twice): the interface message that
//! names each, and the name a wiki gives it unless its `MediaWiki:` page says otherwise.

use crate::title::decode_char_references;

/// The tracking categories of MediaWiki's core this project adds, by the name of the message
/// that names them, with each one's name on a wiki that does not rename it.
pub const TRACKING_CATEGORIES: &[(&str, &str)] = &[
    ("broken-file-category", "Pages with broken file links"),
    ("hidden-category-category", "Hidden categories"),
    ("noindex-category", "Noindexed pages"),
    ("index-category", "Indexed pages"),
    ("restricted-displaytitle-ignored", "Pages with ignored display titles"),
    ("duplicate-args-category", "Pages using duplicate arguments in template calls"),
    ("nonnumeric-formatnum", "Pages with non-numeric formatnum arguments"),
];

/// The name (as text, without the namespace) of the category a tracking message names: the
/// wiki's own `MediaWiki:` page when it has one (`page_text`), else the default; `None` for a
/// message this project does not know or one set to `-` (no category).
pub fn category_name(message: &str, page_text: Option<&str>) -> Option<String> {
    let default = TRACKING_CATEGORIES.iter().find(|(m, _)| *m == message)?.1;
    let name = page_text
        .map(|text| decode_char_references(crate::php::trim(text)).into_owned())
        .unwrap_or_else(|| default.to_owned());
    (name != "-").then_some(name)
}
