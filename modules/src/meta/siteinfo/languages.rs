//! The parts of `meta=siteinfo` that describe languages and other wikis: the languages the
//! site can name, the language converters' variants and the interwiki map.

use serde_json::{json, Map, Value};
use wikiquery_domain::languages::{autonym, bcp47, is_language_code, named_languages, LANGUAGE_VARIANTS};
use wikiquery_runtime::result::{kvp, set_content};
use wikiquery_store::site::Site;

use super::FilterIw;

/// `siprop=languages`: every language by code, with its BCP 47 tag and its name in its own
/// language (MediaWiki without its language-name extension names them so whatever
/// `siinlanguagecode` asks).
pub fn languages() -> Value {
    let list = named_languages()
        .map(|(code, name)| {
            let mut o = Map::new();
            o.insert("code".into(), json!(code));
            o.insert("bcp47".into(), json!(bcp47(code)));
            set_content(&mut o, "name", name);
            Value::Object(o)
        })
        .collect();
    Value::Array(list)
}

/// `siprop=languagevariants`: for each language with a converter, its variants in code order
/// and the variants each falls back to.
pub fn language_variants() -> Value {
    let mut out = Map::new();
    for (lang, variants) in LANGUAGE_VARIANTS {
        let mut sorted: Vec<_> = variants.iter().collect();
        sorted.sort_by_key(|(code, _)| *code);
        let mut each = Map::new();
        for (code, fallbacks) in sorted {
            each.insert((*code).to_owned(), json!({ "fallbacks": fallbacks }));
        }
        // XML writes both maps as items, each with its key as `code`.
        kvp(&mut each, "code");
        out.insert((*lang).to_owned(), Value::Object(each));
    }
    kvp(&mut out, "code");
    Value::Object(out)
}

/// `siprop=interwikimap`: the interwiki table's prefixes in order, those of sister wikis only
/// (`local`) or the others (`!local`) when filtered; a prefix that is a language code is named
/// as the language. Protocol-relative URLs are given with the server's protocol.
pub fn interwiki_map(site: &Site, server: &str, filter: Option<FilterIw>) -> Value {
    let protocol = server.split_once("//").map_or("http:", |(scheme, _)| scheme);
    let list = site
        .interwiki
        .iter()
        .filter(|row| match filter {
            Some(FilterIw::Local) => row.local,
            Some(FilterIw::NotLocal) => !row.local,
            None => true,
        })
        .map(|row| {
            let mut o = Map::new();
            o.insert("prefix".into(), json!(row.prefix));
            if row.local {
                o.insert("local".into(), json!(true));
            }
            if row.trans {
                o.insert("trans".into(), json!(true));
            }
            if let Some(name) = is_language_code(&row.prefix).then(|| autonym(&row.prefix)).flatten() {
                o.insert("language".into(), json!(name));
            }
            let protocol_relative = row.url.starts_with("//");
            let url = if protocol_relative { format!("{protocol}{}", row.url) } else { row.url.clone() };
            o.insert("url".into(), json!(url));
            o.insert("protorel".into(), json!(protocol_relative));
            if !row.wikiid.is_empty() {
                o.insert("wikiid".into(), json!(row.wikiid));
            }
            if !row.api.is_empty() {
                o.insert("api".into(), json!(row.api));
            }
            Value::Object(o)
        })
        .collect();
    Value::Array(list)
}
