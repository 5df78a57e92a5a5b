//! `meta=siteinfo` answers as MediaWiki 1.39 does on the fixture (its answers are stored under
//! `fixtures/oracle/meta/`, captured with its clock frozen where the fixture is served), in
//! formatversion 1 and 2, for the parts built so far: `general`, `namespaces`,
//! `namespacealiases`, `statistics` (the first request of pywikibot and mwclient),
//! `usergroups`, `fileextensions`, `rightsinfo`, `restrictions`, `protocols`, `skins`,
//! `uploaddialog`, `dbrepllag` and `defaultoptions`. Compared
//! after parsing; members that describe MediaWiki's own installation (PHP, the database
//! server's version), the real time of capture (`time`, which MediaWiki reads from PHP's
//! clock, not the frozen one) and this server's own version are left out. The parts not built
//! yet answer `notimplemented`.

use serde_json::Value;
use wikiquery_tests::{comparable_member, differences, fixture_api, fixture_json, query_of};

/// `general` members that describe the installation or the moment, not the site.
const UNCOMPARED_GENERAL: &[&str] = &["phpversion", "phpsapi", "dbversion", "time", "wikiquery"];

const CAPTURES: &[&str] = &[
    "siteinfo-default",
    "siteinfo-general",
    "siteinfo-namespaces",
    "siteinfo-namespacealiases",
    "siteinfo-statistics",
    "siteinfo-general-namespaces-namespacealiases-statistics",
    "siteinfo-usergroups",
    "siteinfo-usergroups-numberingroup",
    "siteinfo-fileextensions",
    "siteinfo-rightsinfo",
    "siteinfo-restrictions",
    "siteinfo-protocols",
    "siteinfo-skins",
    "siteinfo-uploaddialog",
    "siteinfo-dbrepllag",
    "siteinfo-dbrepllag-showalldb",
    "siteinfo-defaultoptions",
];

fn comparable(body: &Value) -> Value {
    let mut out = serde_json::Map::new();
    for (key, value) in body.as_object().into_iter().flatten() {
        if let Some(mut v) = comparable_member(key, value) {
            if let Some(general) = v.pointer_mut("/general").and_then(Value::as_object_mut) {
                for k in UNCOMPARED_GENERAL {
                    general.remove(*k);
                }
            }
            out.insert(key.clone(), v);
        }
    }
    Value::Object(out)
}

#[test]
fn siteinfo_answers_as_mediawiki_does() {
    let mut failures = Vec::new();
    for name in CAPTURES {
        for suffix in ["json", "fv2.json"] {
            let file = format!("oracle/meta/{name}.{suffix}");
            let capture = fixture_json(&file);
            let (status, body) = fixture_api(&query_of(&capture));
            assert_eq!(status, 200, "{file}");
            let mut out = Vec::new();
            differences("", &comparable(&capture["response"]), &comparable(&body), &mut out);
            if !out.is_empty() {
                failures.push(format!("{file}:\n  {}", out.join("\n  ")));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Formatversion 1 writes a namespace's name last, as `*`, and its false flags not at all, in
/// MediaWiki's order: the text member is moved, not only renamed.
#[test]
fn formatversion_1_writes_the_name_last_as_a_star() {
    let res = wikiquery_tests::fixture_api_raw("action=query&meta=siteinfo&siprop=namespaces&format=json", &[]);
    assert!(
        res.body
            .contains(r#""4":{"id":4,"case":"first-letter","subpages":"","canonical":"Project","*":"Fixture Wiki"}"#),
        "{}",
        &res.body[..res.body.len().min(600)]
    );
}

/// The clock is frozen where the fixture is served: `time` is that instant, and the version
/// clients read is MediaWiki's, this server's beside it.
#[test]
fn general_reports_the_frozen_time_and_the_mediawiki_version() {
    let (_, body) = fixture_api("action=query&meta=siteinfo&format=json&formatversion=2");
    let general = &body["query"]["general"];
    assert_eq!(general["time"], "2026-11-22T00:00:00Z");
    assert_eq!(general["generator"], "MediaWiki 1.39.17");
    assert_eq!(general["wikiquery"], env!("CARGO_PKG_VERSION"));
}

/// Parts not built yet say so, naming themselves, rather than answering something else.
#[test]
fn parts_not_built_yet_answer_notimplemented() {
    let (_, body) = fixture_api("action=query&meta=siteinfo&siprop=general|magicwords&format=json");
    assert_eq!(body["error"]["code"], "notimplemented");
    assert!(body["error"]["info"].as_str().unwrap_or_default().contains("magicwords"), "{body}");
}

/// What describes MediaWiki's installation (its extensions, PHP libraries and hook
/// subscribers) describes this server instead: none of them.
#[test]
fn the_server_has_no_extensions_libraries_or_hooks() {
    let (_, body) =
        fixture_api("action=query&meta=siteinfo&siprop=extensions|libraries|showhooks&format=json&formatversion=2");
    for part in ["extensions", "libraries", "showhooks"] {
        assert_eq!(body["query"][part], serde_json::json!([]), "{body}");
    }
}
