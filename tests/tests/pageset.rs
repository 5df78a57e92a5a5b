//! Page sets (`titles`, `pageids`, `revids`, generators) and `prop=info` give what MediaWiki
//! 1.39 gives: every request captured from MediaWiki serving the fixture database
//! (tests/fixtures/oracle/pageset/, by tools/capture.py basics) is replayed in-process against
//! the same database and the answers compared.
//!
//! Compared as parsed JSON, ignoring `servedby` and `curtimestamp`; errors are compared by
//! code, warnings by the set of modules that warned, and an invalid title's `invalidreason`
//! by its presence (the wording is MediaWiki's own).

use serde_json::{Map, Value};
use wikiquery_tests::{comparable_member, differences, fixture_api, fixture_json, fixtures, query_of};

/// Captures whose answer is known to differ, and why. Each is still replayed: the ones that
/// need a module not written yet must answer `notimplemented`; the others must answer without
/// an error.
const KNOWN_DIFFERENCES: &[(&str, &str)] =
    &[("info-preload.fv2.json", "the catalogue declares inprop=preload deprecated; MediaWiki 1.39 does not warn")];

/// Reduces wording to presence, recursively: `invalidreason` becomes `true`.
fn without_wording(value: &mut Value) {
    match value {
        Value::Object(map) => {
            for (key, v) in map.iter_mut() {
                if key == "invalidreason" {
                    *v = Value::Bool(true);
                } else {
                    without_wording(v);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(without_wording),
        _ => {}
    }
}

/// The form of an answer that is compared.
fn comparable(body: &Value) -> Value {
    let Some(members) = body.as_object() else { return body.clone() };
    let mut out = Map::new();
    for (key, value) in members {
        if let Some(mut value) = comparable_member(key, value) {
            without_wording(&mut value);
            out.insert(key.clone(), value);
        }
    }
    Value::Object(out)
}

/// Replays one capture; `None` when the answer matches, else a readable report.
fn replay(name: &str, capture: &Value) -> Option<String> {
    let query = query_of(capture);
    let expected = comparable(&capture["response"]);
    let (_, body) = fixture_api(&query);
    let got = comparable(&body);
    let mut diffs = Vec::new();
    differences("", &expected, &got, &mut diffs);
    if diffs.is_empty() {
        return None;
    }
    Some(format!(
        "{name}\n  request: {query}\n  {}\n  MediaWiki: {}\n  wikiquery: {}",
        diffs.join("\n  "),
        serde_json::to_string(&capture["response"]).unwrap_or_default(),
        serde_json::to_string(&body).unwrap_or_default(),
    ))
}

#[test]
fn every_captured_page_set_request_matches_mediawiki() {
    let dir = fixtures().join("oracle/pageset");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
        .filter_map(|entry| entry.ok())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".json"))
        .collect();
    names.sort();
    assert!(names.len() >= 40, "expected at least 40 captures, found {}", names.len());
    let mut failures: Vec<String> = Vec::new();
    for name in &names {
        let capture = fixture_json(&format!("oracle/pageset/{name}"));
        match KNOWN_DIFFERENCES.iter().find(|(known, _)| known == name) {
            Some((_, why)) => {
                let (_, body) = fixture_api(&query_of(&capture));
                let code = body["error"]["code"].as_str();
                let expected = if why.starts_with("notimplemented") { Some("notimplemented") } else { None };
                if code != expected {
                    failures.push(format!("{name} ({why}): expected error {expected:?}, got {body}"));
                }
            }
            None => failures.extend(replay(name, &capture)),
        }
    }
    assert!(failures.is_empty(), "{} of {} captures differ:\n\n{}", failures.len(), names.len(), failures.join("\n\n"));
}

/// An error's `data` (the value limits of `toomanyvalues`), which the replay compares by code
/// and module only, equals MediaWiki's.
#[test]
fn errors_carry_mediawikis_data() {
    let capture = fixture_json("oracle/pageset/titles-toomany-plaintext.fv2.json");
    let (_, ours) = fixture_api(&query_of(&capture));
    let expected = &capture["response"]["errors"][0];
    assert_eq!(expected["code"], "toomanyvalues");
    assert!(expected["data"].is_object(), "the capture has data: {expected}");
    assert_eq!(ours["errors"][0]["code"], expected["code"], "{ours}");
    assert_eq!(ours["errors"][0]["data"], expected["data"], "{ours}");
}

/// The export goes with the page set's pages; `exportnowrap` alone asks for nothing.
#[test]
fn export_goes_with_the_pages() {
    let (_, body) = fixture_api("action=query&titles=Cat&export=1&format=json&formatversion=2");
    let xml = body["query"]["export"].as_str().unwrap_or_default();
    assert!(xml.contains("<title>Cat</title>") && xml.ends_with("</mediawiki>\n"), "{body}");
    let (_, body) = fixture_api("action=query&titles=Cat&exportnowrap=1&format=json&formatversion=2");
    assert!(body["query"].get("export").is_none(), "{body}");
    let (_, body) = fixture_api("action=query&titles=Cat&converttitles=1&format=json&formatversion=2");
    assert_eq!(body["query"]["pages"][0]["title"], "Cat", "{body}");
}
