//! `meta=languageinfo`: what the site knows of each language it can name: code, BCP 47 tag,
//! writing direction, names, fallbacks and variants. Names are autonyms, as MediaWiki without
//! its language-name extension gives them in every interface language.

use serde_json::{json, Map, Value};
use wikiquery_domain::languages::{autonym, bcp47, direction, fallbacks, named_languages, variants};
use wikiquery_runtime::{query_module, ApiError, Continue, ParamValues, Parts, QueryContext, QueryModule};

/// What to return of each language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum LanguageInfoProp {
    /// The language's name in the language itself.
    Autonym,
    /// The language's standard BCP 47 tag, which can differ from the wiki's own code.
    Bcp47,
    /// The wiki's code for the language.
    Code,
    /// The direction the language is written in: `ltr` (left to right) or `rtl`.
    Dir,
    /// The codes of the languages whose messages are used, in order, where this one has none;
    /// English, the last resort of every language, is not listed.
    Fallbacks,
    /// The language's name; on this server, the same as its autonym.
    Name,
    /// The names of the language's variants, by variant code.
    Variantnames,
    /// The codes of the language's variants, for a language that can be shown in more than one
    /// script or spelling; just the language's own code otherwise.
    Variants,
}

/// Describes the languages the wiki knows: their codes, writing direction, names, fallbacks and
/// variants.
///
/// Each language's name is given in that language itself (its autonym).
#[query_module(
    name = "languageinfo",
    group = "meta",
    cache = "public",
    prefix = "li",
    readrights,
    xml_under(_any(fallbacks = "fb", variants = "var")),
    example(
        query = "action=query&meta=languageinfo&licode=de|fr|ar&liprop=autonym|dir",
        text = "Get the names and writing directions of German, French and Arabic."
    ),
    example(
        query = "action=query&meta=languageinfo&licode=sr&liprop=variants|variantnames|fallbacks",
        text = "Get the variants of Serbian, with their names, and its fallback languages."
    ),
    example(
        query = "action=query&meta=languageinfo&liprop=code|bcp47",
        text = "List every language's code together with its BCP 47 tag."
    )
)]
pub struct LanguageInfo {
    /// What to return of each language, separated by `|`; only `code` when left out.
    #[param(default = "code")]
    pub prop: Vec<LanguageInfoProp>,
    /// The codes of the languages to describe, separated by `|`; `*` (the default) describes
    /// every language.
    #[param(default = "*")]
    pub code: Vec<String>,
    /// When the previous answer had a `continue` part, pass its `licontinue` value here to get
    /// the rest.
    #[param(rename = "continue")]
    pub continue_: Option<Continue<Parts>>,
}

impl QueryModule for LanguageInfo {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let known: Vec<(&'static str, String)> = named_languages().collect();
        let chosen: Vec<&(&'static str, String)> = if self.code.iter().any(|c| c == "*") && self.code.len() == 1 {
            known.iter().collect()
        } else {
            let unknown: Vec<&str> =
                self.code.iter().filter(|c| !known.iter().any(|(k, _)| k == c)).map(String::as_str).collect();
            if !unknown.is_empty() {
                let noun = if unknown.len() == 1 { "value" } else { "values" };
                ctx.warn(
                    "unrecognizedvalues",
                    format!("Unrecognized {noun} for parameter \"licode\": {}.", unknown.join(", ")),
                );
            }
            known.iter().filter(|(k, _)| self.code.iter().any(|c| c == k)).collect()
        };
        let has = |p| self.prop.contains(&p);
        let mut out = Map::new();
        for (code, name) in chosen {
            if self.continue_.as_ref().is_some_and(|from| *code < from.text()) {
                continue;
            }
            let mut info = Map::new();
            if has(LanguageInfoProp::Code) {
                info.insert("code".into(), json!(code));
            }
            if has(LanguageInfoProp::Bcp47) {
                info.insert("bcp47".into(), json!(bcp47(code)));
            }
            if has(LanguageInfoProp::Dir) {
                info.insert("dir".into(), json!(direction(code)));
            }
            if has(LanguageInfoProp::Autonym) {
                info.insert("autonym".into(), json!(name));
            }
            if has(LanguageInfoProp::Name) {
                info.insert("name".into(), json!(name));
            }
            if has(LanguageInfoProp::Fallbacks) {
                info.insert("fallbacks".into(), json!(fallbacks(code)));
            }
            let variants = variants(code);
            if has(LanguageInfoProp::Variants) {
                info.insert("variants".into(), json!(variants));
            }
            if has(LanguageInfoProp::Variantnames) {
                let names: Map<String, Value> = variants
                    .iter()
                    .map(|v| ((*v).to_owned(), json!(autonym(v).unwrap_or_else(|| (*v).to_owned()))))
                    .collect();
                info.insert("variantnames".into(), Value::Object(names));
            }
            out.insert((*code).to_owned(), Value::Object(info));
        }
        ctx.set_answer(Value::Object(out));
        Ok(())
    }
}
