//! `meta=userinfo` answers as MediaWiki 1.39 does on the fixture for an anonymous caller (its
//! answers are stored under `fixtures/oracle/userinfo/`), in formatversion 1 and 2, for every
//! `uiprop` but `cancreateaccount` (newer than
//! 1.39, which only warns about it). The caller is named by its address, as MediaWiki names an
//! anonymous user: the stored answers were asked from `127.0.0.1`, the address in-process
//! requests have.

use serde_json::Value;
use wikiquery_tests::{captures, fixture_api, replay};

#[test]
fn userinfo_answers_as_mediawiki_does_for_an_anonymous_caller() {
    // Logged-in callers do not exist here; `cancreateaccount` is newer than 1.39.
    let names = captures("userinfo", |n| {
        (n.starts_with("userinfo-") || n.starts_with("warning-userinfo-"))
            && !n.contains(".admin.")
            && !n.contains(".user.")
            && !n.starts_with("userinfo-cancreateaccount")
    });
    assert!(names.len() >= 30, "only {} captures", names.len());
    let failures = replay("userinfo", &names, &|_, q| fixture_api(q), &|name, _, got| {
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

/// A caller whose address is blocked (alone or in a range) is told of the block as
/// `list=users` describes an account's: the narrowest block in force at the frozen instant.
#[test]
fn a_blocked_address_is_told_of_its_block() {
    let ask = |ip: &str| {
        wikiquery_modules::link();
        let params = [("action", "query"), ("meta", "userinfo"), ("uiprop", "blockinfo|cancreateaccount")]
            .iter()
            .chain(&[("format", "json"), ("formatversion", "2")])
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        let request = wikiquery_runtime::api::ApiRequest {
            params,
            posted: false,
            headers: Vec::new(),
            client: Some(ip.to_owned()),
            query_names: Vec::new(),
            uri: String::new(),
        };
        let res = wikiquery_runtime::api::handle(request, wikiquery_tests::fixture_config());
        serde_json::from_str::<serde_json::Value>(&res.body).expect("json")["query"]["userinfo"].clone()
    };
    let in_range = ask("198.51.100.7");
    assert_eq!(in_range["name"], "198.51.100.7");
    assert_eq!(in_range["blockid"], 5, "{in_range}");
    assert_eq!(in_range["blockexpiry"], "2026-11-28T23:32:30Z");
    assert_eq!(in_range["blockpartial"], false);
    assert_eq!(in_range["cancreateaccount"], false);
    assert_eq!(ask("192.0.2.66")["blockid"], 4);
    let free = ask("203.0.113.9");
    assert!(free.get("blockid").is_none(), "{free}");
}
