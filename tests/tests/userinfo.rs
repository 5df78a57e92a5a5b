//! `meta=userinfo` answers as MediaWiki 1.39 does on the fixture for an anonymous caller (its
//! answers are stored under `fixtures/oracle/meta/`), in formatversion 1 and 2, for every
//! `uiprop` but `cancreateaccount` (newer than
//! 1.39, which only warns about it). The caller is named by its address, as MediaWiki names an
//! anonymous user: the stored answers were asked from `127.0.0.1`, the address in-process
//! requests have.

use serde_json::Value;
use wikiquery_tests::{comparable_member, differences, fixture_api, fixture_json, fixtures, query_of};

#[test]
fn userinfo_answers_as_mediawiki_does_for_an_anonymous_caller() {
    let dir = fixtures().join("oracle/meta");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
        .filter(|n| n.starts_with("userinfo-") && n.ends_with(".json"))
        // Logged-in callers do not exist here; `cancreateaccount` is newer than 1.39.
        .filter(|n| !n.contains(".admin.") && !n.contains(".user."))
        .filter(|n| !n.starts_with("userinfo-cancreateaccount"))
        .collect();
    names.sort();
    assert!(names.len() >= 30, "only {} captures", names.len());
    let mut failures = Vec::new();
    for name in &names {
        let capture = fixture_json(&format!("oracle/meta/{name}"));
        let (status, body) = fixture_api(&query_of(&capture));
        assert_eq!(status, 200, "{name}");
        let comparable = |v: &serde_json::Value| -> serde_json::Value {
            v.as_object()
                .into_iter()
                .flatten()
                .filter_map(|(k, v)| comparable_member(k, v).map(|v| (k.clone(), v)))
                .collect::<serde_json::Map<_, _>>()
                .into()
        };
        let mut body = body;
        if name.starts_with("userinfo-all") {
            // `*` takes in `cancreateaccount`, newer than 1.39 and unknown to it.
            if let Some(info) = body.pointer_mut("/query/userinfo").and_then(Value::as_object_mut) {
                info.remove("cancreateaccount");
            }
        }
        let mut out = Vec::new();
        differences("", &comparable(&capture["response"]), &comparable(&body), &mut out);
        if !out.is_empty() {
            failures.push(format!("{name}:\n  {}", out.join("\n  ")));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// What clients connect with (mwclient asks `groups|rights`): MediaWiki's order of rights.
#[test]
fn the_caller_has_the_rights_of_everyone_in_mediawikis_order() {
    let (_, body) = fixture_api("action=query&meta=userinfo&uiprop=groups|rights&format=json&formatversion=2");
    let info = &body["query"]["userinfo"];
    assert_eq!(info["groups"], serde_json::json!(["*"]));
    assert_eq!(info["rights"][0], "createaccount");
    assert_eq!(info["rights"].as_array().and_then(|r| r.last()), Some(&serde_json::json!("noratelimit")));
}
