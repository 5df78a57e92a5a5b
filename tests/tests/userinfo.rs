//! `meta=userinfo` answers as MediaWiki 1.39 does on the fixture for an anonymous caller (its
//! answers are stored under `fixtures/oracle/meta/`), in formatversion 1 and 2, for every
//! `uiprop` but `cancreateaccount` (newer than
//! 1.39, which only warns about it). The caller is named by its address, as MediaWiki names an
//! anonymous user: the stored answers were asked from `127.0.0.1`, the address in-process
//! requests have.

use serde_json::Value;
use wikiquery_tests::{captures, fixture_api, replay};

#[test]
fn userinfo_answers_as_mediawiki_does_for_an_anonymous_caller() {
    // Logged-in callers do not exist here; `cancreateaccount` is newer than 1.39.
    let names = captures("meta", |n| {
        n.starts_with("userinfo-")
            && !n.contains(".admin.")
            && !n.contains(".user.")
            && !n.starts_with("userinfo-cancreateaccount")
    });
    assert!(names.len() >= 30, "only {} captures", names.len());
    let failures = replay("meta", &names, &|_, q| fixture_api(q), &|name, _, got| {
        if name.starts_with("userinfo-all") {
            // `*` takes in `cancreateaccount`, newer than 1.39 and unknown to it.
            if let Some(info) = got.pointer_mut("/query/userinfo").and_then(Value::as_object_mut) {
                info.remove("cancreateaccount");
            }
        }
    });
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
