//! `meta=siteinfo` answers as MediaWiki 1.39 does on the fixture (its answers are stored under
//! `fixtures/oracle/siteinfo/`, captured with its clock frozen where the fixture is served), in
//! formatversion 1 and 2, for every part 1.39 has but `languages`: `general`, `namespaces`,
//! `namespacealiases`, `statistics` (the first request of pywikibot and mwclient),
//! `usergroups`, `fileextensions`, `rightsinfo`, `restrictions`, `protocols`, `skins`,
//! `uploaddialog`, `dbrepllag`, `defaultoptions`, `interwikimap` (and its filters),
//! `magicwords`, `specialpagealiases`, `extensiontags`, `functionhooks`, `variables` and
//! `languagevariants`. Compared after parsing; members that describe MediaWiki's own
//! installation (PHP, the database server's version), the real time of capture (`time`, which
//! MediaWiki reads from PHP's clock, not the frozen one) and this server's own version are
//! left out. `languages` names languages as the Unicode CLDR does, not as MediaWiki's own list:
//! what must hold of it is checked instead, and the parts the spec's newer catalogue adds
//! (1.39 does not know them) are checked against what MediaWiki answers today.

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
    "siteinfo-interwikimap",
    "siteinfo-interwikimap-filteriw-local",
    "siteinfo-interwikimap-filteriw-notlocal",
    "siteinfo-magicwords",
    "siteinfo-specialpagealiases",
    "siteinfo-extensiontags",
    "siteinfo-functionhooks",
    "siteinfo-variables",
    "siteinfo-languagevariants",
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

/// Stored answers compared otherwise, each with why: what describes the installation rather
/// than the wiki (MediaWiki's PHP libraries, extensions, hooks and front-end libraries), the
/// properties newer than 1.39 that the spec's catalogue adds (1.39 warns of them), and the
/// languages (by name: this server names languages as the CLDR does; checked below by code).
const ANSWERED_OTHERWISE: &[&str] = &[
    "siteinfo-libraries",
    "siteinfo-extensions",
    "siteinfo-showhooks",
    "siteinfo-clientlibraries",
    "siteinfo-autocreatetempuser",
    "siteinfo-autopromote",
    "siteinfo-autopromoteonce",
    "siteinfo-languages",
    "siteinfo-languages-inlanguagecode-de",
    "siteinfo-languages-inlanguagecode-invalid",
];

#[test]
fn every_stored_answer_is_compared_or_set_aside_with_a_reason() {
    let names = wikiquery_tests::captures("siteinfo", |_| true);
    for name in &names {
        let stem = name.trim_end_matches(".json").trim_end_matches(".fv2");
        assert!(
            CAPTURES.contains(&stem) || ANSWERED_OTHERWISE.contains(&stem) || FV2_ONLY.contains(&stem),
            "{name} is neither compared nor set aside"
        );
    }
}

/// Answers stored in formatversion 2 only.
const FV2_ONLY: &[&str] = &["siteinfo-general-and-six", "warning-siteinfo-prop-nosuchprop"];

#[test]
fn siteinfo_answers_as_mediawiki_does() {
    let mut failures = Vec::new();
    let files = CAPTURES
        .iter()
        .flat_map(|name| [format!("{name}.json"), format!("{name}.fv2.json")])
        .chain(FV2_ONLY.iter().map(|name| format!("{name}.fv2.json")));
    for file in files {
        let file = format!("oracle/siteinfo/{file}");
        let capture = fixture_json(&file);
        let (status, body) = fixture_api(&query_of(&capture));
        assert_eq!(status, 200, "{file}");
        let mut out = Vec::new();
        differences("", &comparable(&capture["response"]), &comparable(&body), &mut out);
        if !out.is_empty() {
            failures.push(format!("{file}:\n  {}", out.join("\n  ")));
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

/// `dbversion` is the database server's own version, where MediaWiki reports its own backend's
/// (the fixture is SQLite: its library's version); its member stands after `dbtype`.
#[test]
fn general_reports_the_databases_own_version() {
    let (_, body) = fixture_api("action=query&meta=siteinfo&format=json&formatversion=2");
    let general = body["query"]["general"].as_object().expect("general");
    let version = general["dbversion"].as_str().expect("dbversion");
    let parts: Vec<&str> = version.split('.').collect();
    assert!(parts.len() == 3 && parts[0] == "3" && parts.iter().all(|p| p.parse::<u32>().is_ok()), "{version}");
    let keys: Vec<&String> = general.keys().collect();
    let at = keys.iter().position(|k| *k == "dbtype").expect("dbtype");
    assert_eq!(keys[at + 1], "dbversion");
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

/// Languages are named in their own language, each code with MediaWiki's BCP 47 tag for it,
/// in code order, whatever `siinlanguagecode` asks (MediaWiki without its language-name
/// extension answers so).
#[test]
fn languages_have_their_own_names_and_mediawikis_tags() {
    let capture = fixture_json("oracle/siteinfo/siteinfo-languages.fv2.json");
    let theirs: std::collections::BTreeMap<&str, &str> = capture["response"]["query"]["languages"]
        .as_array()
        .expect("languages")
        .iter()
        .map(|l| (l["code"].as_str().unwrap_or_default(), l["bcp47"].as_str().unwrap_or_default()))
        .collect();
    for query in ["siprop=languages", "siprop=languages&siinlanguagecode=de"] {
        let (_, body) = fixture_api(&format!("action=query&meta=siteinfo&{query}&format=json&formatversion=2"));
        let ours = body["query"]["languages"].as_array().expect("languages").clone();
        assert!(ours.len() > 200, "{}", ours.len());
        let codes: Vec<&str> = ours.iter().map(|l| l["code"].as_str().unwrap_or_default()).collect();
        assert!(codes.windows(2).all(|w| w[0] < w[1]), "in code order: {codes:?}");
        let mut compared = 0;
        for l in &ours {
            let code = l["code"].as_str().unwrap_or_default();
            assert!(!l["name"].as_str().unwrap_or_default().is_empty(), "{l}");
            if let Some(tag) = theirs.get(code) {
                assert_eq!(l["bcp47"], *tag, "{code}");
                compared += 1;
            }
        }
        assert!(compared > 200, "{compared}");
        let name = |code: &str| ours.iter().find(|l| l["code"] == code).map(|l| l["name"].clone());
        assert_eq!(name("de"), Some("Deutsch".into()));
        assert_eq!(name("en"), Some("English".into()));
        assert_eq!(name("ja"), Some("日本語".into()));
    }
    let (_, v1) = fixture_api("action=query&meta=siteinfo&siprop=languages&format=json");
    let de = v1["query"]["languages"].as_array().and_then(|l| l.iter().find(|l| l["code"] == "de")).cloned();
    assert_eq!(de, Some(serde_json::json!({"code": "de", "bcp47": "de", "*": "Deutsch"})));
}

/// The parts the spec's newer catalogue adds, as MediaWiki answers them with its defaults:
/// no temporary accounts, `autoconfirmed` by edit count and age (both 0 here), no promotion
/// on edits, no client libraries of a MediaWiki installation.
#[test]
fn the_newer_parts_answer_as_mediawiki_does_today() {
    let (_, body) = fixture_api(
        "action=query&meta=siteinfo&siprop=autocreatetempuser|autopromote|autopromoteonce|clientlibraries&format=json&formatversion=2",
    );
    let q = &body["query"];
    assert_eq!(q["autocreatetempuser"], serde_json::json!({"enabled": false}), "{body}");
    assert_eq!(
        q["autopromote"],
        serde_json::json!({"autoconfirmed": {
            "operand": "&",
            "0": {"condname": "APCOND_EDITCOUNT", "params": [0]},
            "1": {"condname": "APCOND_AGE", "params": [0]},
        }}),
        "{body}"
    );
    assert_eq!(q["autopromoteonce"], serde_json::json!({"onEdit": []}));
    assert_eq!(q["clientlibraries"], serde_json::json!([]));
    assert!(body.get("warnings").is_none(), "{body}");
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
