//! The parts of `meta=siteinfo` that describe wikitext's vocabulary: magic words, special
//! pages' names, the parser's functions, variables and extension tags.

use serde_json::{json, Value};
use wikiquery_domain::magic_words::{EXTENSION_TAGS, FUNCTION_HOOKS, MAGIC_WORDS, VARIABLES};
use wikiquery_domain::special_pages::SPECIAL_PAGES;

/// `siprop=magicwords`: each magic word with its spellings and whether their case matters.
pub fn magic_words() -> Value {
    let words = MAGIC_WORDS
        .iter()
        .map(|w| json!({ "name": w.id, "aliases": w.aliases, "case-sensitive": w.case_sensitive }))
        .collect();
    Value::Array(words)
}

/// `siprop=specialpagealiases`: each special page by its canonical name, with its names.
pub fn special_page_aliases() -> Value {
    let pages = SPECIAL_PAGES.iter().map(|(name, aliases)| json!({ "realname": name, "aliases": aliases })).collect();
    Value::Array(pages)
}

/// `siprop=extensiontags`: the tags as written, `<nowiki>`.
pub fn extension_tags() -> Value {
    Value::Array(EXTENSION_TAGS.iter().map(|tag| json!(format!("<{tag}>"))).collect())
}

/// `siprop=functionhooks`: the parser functions.
pub fn function_hooks() -> Value {
    json!(FUNCTION_HOOKS)
}

/// `siprop=variables`: the variables.
pub fn variables() -> Value {
    json!(VARIABLES)
}
