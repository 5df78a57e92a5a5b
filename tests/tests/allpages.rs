//! `list=allpages` gives what MediaWiki 1.39 gives: every request captured from MediaWiki
//! serving the fixture database (tests/fixtures/oracle/allpages/, by tools/capture.py basics)
//! is replayed in-process against the same database and the answers compared.
//!
//! Compared as parsed JSON, ignoring `servedby` and `curtimestamp`; errors are compared by
//! code, warnings by the set of modules that warned (the wording is MediaWiki's own).

use std::path::PathBuf;

use serde_json::{Map, Value};
use wikiquery_tests::{comparable_member, differences, fixture_api, fixture_json, fixtures, query_of};

/// The form of an answer that is compared: ignored members dropped, an error reduced to its
/// code, warnings to the modules that warned.
fn comparable(body: &Value) -> Value {
    let Some(members) = body.as_object() else { return body.clone() };
    let mut out = Map::new();
    for (key, value) in members {
        if let Some(value) = comparable_member(key, value) {
            out.insert(key.clone(), value);
        }
    }
    Value::Object(out)
}

/// Replays one capture; `None` when the answer matches, else a readable report.
fn replay(name: &str, capture: &Value) -> Option<String> {
    let query = query_of(capture);
    let expected = comparable(&capture["response"]);
    let (status, body) = fixture_api(&query);
    let got = comparable(&body);
    let mut diffs = Vec::new();
    if let Some(want) = capture.get("status").and_then(Value::as_u64) {
        if u64::from(status) != want {
            diffs.push(format!("HTTP status: expected {want}, got {status}"));
        }
    }
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

fn module_captures() -> Vec<(String, Value)> {
    let dir: PathBuf = fixtures().join("oracle/allpages");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
        .filter_map(|entry| entry.ok())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".json"))
        .collect();
    names.sort();
    names.into_iter().map(|name| (name.clone(), fixture_json(&format!("oracle/allpages/{name}")))).collect()
}

#[test]
fn every_captured_request_gets_mediawikis_answer() {
    let captures = module_captures();
    assert!(captures.len() >= 25, "only {} captures", captures.len());
    let failures: Vec<String> = captures.iter().filter_map(|(name, capture)| replay(name, capture)).collect();
    assert!(
        failures.is_empty(),
        "{} of {} requests differ from MediaWiki:\n\n{}",
        failures.len(),
        captures.len(),
        failures.join("\n\n")
    );
}

fn titles(body: &Value) -> Vec<String> {
    body["query"]["allpages"]
        .as_array()
        .unwrap_or_else(|| panic!("no allpages list in {body}"))
        .iter()
        .map(|item| item["title"].as_str().unwrap_or_default().to_owned())
        .collect()
}

#[test]
fn following_continue_through_a_namespace_gives_the_same_pages_as_one_max_read() {
    let all = fixture_json("oracle/allpages/ns0-max.fv2.json");
    let expected = titles(&all["response"]);
    assert_eq!(expected.len(), 107, "the fixture's main namespace has 107 pages");

    let base = "action=query&list=allpages&aplimit=7&format=json&formatversion=2";
    let mut seen = Vec::new();
    let mut query = base.to_owned();
    for _ in 0..50 {
        let (status, body) = fixture_api(&query);
        assert_eq!(status, 200);
        let batch = titles(&body);
        assert!(batch.len() <= 7);
        seen.extend(batch);
        let Some(cont) = body.get("continue") else { break };
        assert_eq!(cont["continue"], "-||");
        let next = cont["apcontinue"].as_str().unwrap_or_else(|| panic!("no apcontinue in {cont}"));
        let encoded: String = next.bytes().map(|b| format!("%{b:02X}")).collect();
        query = format!("{base}&continue=-%7C%7C&apcontinue={encoded}");
    }
    assert_eq!(seen, expected);
}

fn error_code(query: &str) -> String {
    let (_, body) = fixture_api(query);
    body["error"]["code"].as_str().unwrap_or_else(|| panic!("no error for {query}: {body}")).to_owned()
}

#[test]
fn bad_input_gets_mediawikis_error_codes() {
    let ap = "action=query&list=allpages&format=json&formatversion=2";
    assert_eq!(error_code(&format!("{ap}&apnamespace=9999")), "badvalue");
    assert_eq!(error_code(&format!("{ap}&aplimit=abc")), "badinteger");
    assert_eq!(error_code(&format!("{ap}&apcontinue=Apple%7CBanana")), "badcontinue");
    assert_eq!(error_code(&format!("{ap}&apprlevel=sysop")), "invalidparammix");
    assert_eq!(error_code(&format!("{ap}&apprefix=Talk:Foo")), "invalidtitle");
}

#[test]
fn a_prefix_is_matched_literally_and_case_sensitively() {
    let ap = "action=query&list=allpages&aplimit=max&format=json&formatversion=2";
    // `_` is a LIKE wildcard; here it stands for a space and must match only one.
    let (_, body) = fixture_api(&format!("{ap}&apprefix=Ba_"));
    assert_eq!(titles(&body), Vec::<String>::new());
    // The first letter is upper-cased as in titles, the rest is kept.
    let (_, body) = fixture_api(&format!("{ap}&apprefix=pROT"));
    assert_eq!(titles(&body), Vec::<String>::new());
    let (_, body) = fixture_api(&format!("{ap}&apprefix=protected%20t"));
    assert_eq!(titles(&body), ["Protected then moved"]);
}

/// The `data` members of warnings (bounds of a clamped limit, the unrecognised values), which
/// the replay compares by code and module only, equal MediaWiki's.
#[test]
fn warnings_carry_mediawikis_data() {
    for name in ["limit-over-max-plaintext.fv2.json", "limit-zero-none.fv2.json", "bad-dir-values-html.json"] {
        let capture = fixture_json(&format!("oracle/allpages/{name}"));
        let (_, ours) = fixture_api(&query_of(&capture));
        let data = |body: &Value| -> Vec<(String, Value)> {
            body["warnings"]
                .as_array()
                .unwrap_or_else(|| panic!("{name}: warnings are a list: {body}"))
                .iter()
                .map(|w| (w["code"].as_str().unwrap_or("").to_owned(), w["data"].clone()))
                .collect()
        };
        let expected = data(&capture["response"]);
        assert!(expected.iter().all(|(_, d)| d.is_object()), "{name}: the capture has data");
        assert_eq!(data(&ours), expected, "{name}");
    }
}
