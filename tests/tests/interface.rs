//! `meta=languageinfo`, `meta=authmanagerinfo` and `meta=allmessages` against MediaWiki 1.39's
//! answers on the fixture (`fixtures/oracle/<module>/`), formatversion 1 and 2.
//!
//! Set aside, each for its reason:
//! - `allmessages`: a message's built-in text is this project's own wording, so `default` (and
//!   the content of a message the wiki does not override) is compared by presence, not word
//!   for word; the wiki's own `MediaWiki:` pages are compared exactly.
//! - `authmanagerinfo`: this server creates no accounts (`cancreateaccounts` is false) and
//!   changes or removes no passwords, so it offers no request for those operations; a login's
//!   requests are MediaWiki's.

use serde_json::{json, Value};
use wikiquery_tests::{answer_logged_in_as_named_caller, fixture_api, replay_modules};

fn adjust(name: &str, expected: &mut Value, got: &mut Value) {
    if name.starts_with("allmessages") {
        for answer in [&mut *expected, &mut *got] {
            for message in answer.pointer_mut("/query/allmessages").and_then(Value::as_array_mut).into_iter().flatten()
            {
                let Some(m) = message.as_object_mut() else { continue };
                if m.contains_key("default") {
                    m.insert("default".into(), json!("(built-in text)"));
                }
                let overridden = m.contains_key("customised") || m["name"] == "sitenotice" || m["name"] == "common.css";
                for key in ["content", "*"] {
                    if m.contains_key(key) && !overridden {
                        m.insert(key.into(), json!("(built-in text)"));
                    }
                }
            }
        }
    }
    if name.starts_with("authmanagerinfo") {
        if let Some(info) = expected.pointer_mut("/query/authmanagerinfo").and_then(Value::as_object_mut) {
            if name.ends_with(".fv2.json") {
                info.insert("cancreateaccounts".into(), json!(false));
            } else {
                info.remove("cancreateaccounts");
            }
            let writes = ["-change.", "-create.", "-remove."].iter().any(|op| name.contains(op));
            if writes && info.contains_key("requests") {
                info.insert("requests".into(), json!([]));
            }
            if writes && info.contains_key("fields") {
                info.insert("fields".into(), json!({}));
            }
        }
    }
}

/// Every stored answer of the three modules: the `.admin` answers were given to Admin, logged
/// in, the others to an anonymous caller.
#[test]
fn interface_answers_as_mediawiki_does() {
    let modules = ["languageinfo", "authmanagerinfo", "allmessages"];
    let (count, failures) = replay_modules(&modules, |_| true, &answer_logged_in_as_named_caller(), &adjust);
    assert!(count >= 120, "{count}");
    assert!(failures.is_empty(), "{} of {count} differ:\n{}", failures.len(), failures.join("\n"));
}

/// A language this site cannot name is warned about and left out; `*` with other codes is
/// one more unknown code, as in MediaWiki.
#[test]
fn languageinfo_warns_about_codes_it_does_not_know() {
    let (_, body) = fixture_api("action=query&meta=languageinfo&licode=xx|de&format=json&formatversion=2");
    assert_eq!(body["query"]["languageinfo"], json!({"de": {"code": "de"}}));
    assert!(body["warnings"]["languageinfo"]["warnings"].as_str().unwrap_or_default().contains("xx"), "{body}");
    let (_, body) = fixture_api("action=query&meta=languageinfo&format=json&formatversion=2");
    let all = body["query"]["languageinfo"].as_object().cloned().unwrap_or_default();
    assert!(all.len() > 200 && all.contains_key("en") && all.contains_key("ja"), "{}", all.len());
    // Continuing from a code gives the rest, in code order.
    let (_, rest) = fixture_api("action=query&meta=languageinfo&licontinue=zh&format=json&formatversion=2");
    let rest: Vec<String> =
        rest["query"]["languageinfo"].as_object().map(|o| o.keys().cloned().collect()).unwrap_or_default();
    assert!(!rest.is_empty() && rest.iter().all(|c| c.as_str() >= "zh"), "{rest:?}");
}

/// Variants, their names and fallbacks come from the language converters' tables.
#[test]
fn languageinfo_describes_variants() {
    let (_, body) =
        fixture_api("action=query&meta=languageinfo&liprop=variants|variantnames|fallbacks&licode=sr|zh&format=json&formatversion=2");
    let zh = &body["query"]["languageinfo"]["zh"];
    assert_eq!(zh["variants"][0], "zh");
    assert_eq!(zh["variants"].as_array().map(Vec::len), Some(9));
    assert_eq!(zh["variantnames"]["zh"], "中文", "{body}");
    assert_eq!(body["query"]["languageinfo"]["sr"]["variants"], json!(["sr", "sr-ec", "sr-el"]));
}

/// Messages in another language fall back to English, take arguments, and expand their magic
/// with `amenableparser` only.
#[test]
fn allmessages_substitutes_and_expands() {
    let ask = |q: &str| fixture_api(&format!("action=query&meta=allmessages&format=json&formatversion=2&{q}")).1;
    let content = |body: &Value, i: usize| body["query"]["allmessages"][i]["content"].clone();
    let body = ask("ammessages=january|view|nbytes&amlang=de");
    assert_eq!(content(&body, 0), "Januar");
    assert_eq!(content(&body, 1), "Lesen");
    assert_eq!(content(&body, 2), "$1 {{PLURAL:$1|Byte|Bytes}}");
    let body = ask("ammessages=nbytes|tagline&amargs=1&amenableparser=1");
    assert_eq!(content(&body, 0), "1 byte");
    assert_eq!(content(&body, 1), "From Fixture Wiki");
    let body = ask("ammessages=nbytes&amargs=2&amenableparser=1&uselang=de");
    assert_eq!(content(&body, 0), "2 Bytes");
    // Every message, in order, with the wiki's own pages among them only when asked.
    let all = ask("amnocontent=1");
    let names: Vec<&str> =
        all["query"]["allmessages"].as_array().into_iter().flatten().filter_map(|m| m["name"].as_str()).collect();
    assert!(names.len() > 100 && names.windows(2).all(|w| w[0] < w[1]), "{names:?}");
    assert!(all["query"]["allmessages"][0].get("content").is_none());
}
