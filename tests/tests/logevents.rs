//! `list=logevents` gives what MediaWiki 1.39 gives on the same database.
//!
//! Every request captured from MediaWiki serving the fixture database
//! (tests/fixtures/oracle/logevents/, written by `tools/capture.py basics logevents`) is replayed in-process against the same
//! database and the answers are compared as parsed JSON: `servedby` and `curtimestamp` are
//! ignored, errors are compared by code, warnings by the modules that warned, and the one
//! member the spec adds to log entries (`revid`) is checked on its own rather than against
//! MediaWiki, which does not write it.
//!
//! Then: paging through the whole log in batches of 1, 7 and `max` gives the entries of one
//! unpaged read in the same order (reversed with `ledir=newer`), and callers with more rights
//! see what MediaWiki shows them.

use std::collections::BTreeSet;
use std::path::PathBuf;

use serde_json::{json, Map, Value};
use wikiquery_modules::list::logevents::{LogEventProp, LogEvents};
use wikiquery_modules::values::TimeDir;
use wikiquery_runtime::api::ApiConfig;
use wikiquery_runtime::format::JsonStyle;
use wikiquery_runtime::param::{RequestParams, RequestState};
use wikiquery_runtime::query::QueryRun;
use wikiquery_runtime::result::{ApiResult, ErrorFormat};
use wikiquery_runtime::{Limit, ModuleSpec, QueryContext, QueryModule, Rights};
use wikiquery_tests::{
    altered_fixture_config, api_with, comparable_member, differences, fixture_api, fixture_config, fixture_json,
    fixtures, query_of,
};

/// Members of a log entry that the spec adds over MediaWiki 1.39.
const SPEC_ADDITIONS: &[&str] = &["revid"];

/// Every capture of a logevents request (the module's folder).
fn captures() -> Vec<(String, Value)> {
    let mut out = Vec::new();
    let folder = fixtures().join("oracle/logevents");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&folder)
        .unwrap_or_else(|e| panic!("reading {}: {e}", folder.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    paths.sort();
    for path in paths {
        let relative = path.strip_prefix(fixtures()).unwrap_or(&path).display().to_string();
        let capture = fixture_json(&relative);
        let query = query_of(&capture);
        if query.contains("list=logevents") && query.contains("action=query") {
            out.push((relative, capture));
        }
    }
    out
}

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

/// Our entries without the members the spec adds, where MediaWiki's entry (same position)
/// lacks them.
fn without_additions(ours: &mut Value, theirs: &Value) {
    let (Some(ours), Some(theirs)) =
        (ours.pointer_mut("/query/logevents").and_then(Value::as_array_mut), theirs.pointer("/query/logevents"))
    else {
        return;
    };
    let theirs = theirs.as_array().cloned().unwrap_or_default();
    for (i, entry) in ours.iter_mut().enumerate() {
        if let Some(map) = entry.as_object_mut() {
            for member in SPEC_ADDITIONS {
                let theirs_has = theirs.get(i).and_then(|t| t.get(*member)).is_some();
                if !theirs_has {
                    map.remove(*member);
                }
            }
        }
    }
}

#[test]
fn every_captured_request_is_answered_as_mediawiki_answers_it() {
    let captures = captures();
    assert!(captures.len() >= 60, "only {} captured logevents requests", captures.len());
    let mut failures = Vec::new();
    let mut matched = 0;
    let (mut v1, mut v2) = (0, 0);
    for (name, capture) in &captures {
        let query = query_of(capture);
        if query.contains("formatversion=2") {
            v2 += 1;
        } else {
            v1 += 1;
        }
        let (_, mut body) = fixture_api(&query);
        without_additions(&mut body, &capture["response"]);
        let mut diffs = Vec::new();
        differences("", &comparable(&capture["response"]), &comparable(&body), &mut diffs);
        if diffs.is_empty() {
            matched += 1;
        } else {
            let shown: Vec<&String> = diffs.iter().take(12).collect();
            let more = if diffs.len() > shown.len() {
                format!("\n    … {} more", diffs.len() - shown.len())
            } else {
                String::new()
            };
            failures.push(format!(
                "{name}\n  request: {query}\n    {}{more}",
                shown.iter().map(|s| s.as_str()).collect::<Vec<_>>().join("\n    ")
            ));
        }
    }
    eprintln!(
        "logevents: {matched} of {} captured requests match ({v1} formatversion 1, {v2} formatversion 2)",
        captures.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {} requests differ:\n\n{}",
        failures.len(),
        captures.len(),
        failures.join("\n\n")
    );
}

/// Every log type of the fixture's (visible) log is covered by a capture that shows its
/// entries with their parameters.
#[test]
fn the_captures_cover_every_log_type_of_the_fixture() {
    let (_, all) = fixture_api("action=query&list=logevents&lelimit=max&leprop=type&format=json&formatversion=2");
    let types: BTreeSet<String> = all["query"]["logevents"]
        .as_array()
        .map(|a| a.iter().filter_map(|e| e["type"].as_str().map(str::to_owned)).collect())
        .unwrap_or_default();
    assert!(types.len() >= 15, "{types:?}");
    let captured: BTreeSet<String> = captures().iter().map(|(_, c)| query_of(c)).collect();
    for t in types {
        assert!(
            captured.iter().any(|q| q.contains(&format!("letype={t}&")) && q.contains("details")),
            "no capture shows the parameters of `{t}` entries"
        );
    }
}

fn entries(body: &Value) -> Vec<Value> {
    body["query"]["logevents"].as_array().cloned().unwrap_or_else(|| panic!("no logevents in {body}"))
}

/// Reads the whole log of the fixture database in batches of `limit`, following `continue`.
fn paged(base: &str, limit: &str) -> Vec<Value> {
    paged_with(fixture_config(), base, limit)
}

/// Reads the whole log of `config`'s database in batches of `limit`, following `continue`;
/// every batch but the last is full.
fn paged_with(config: &ApiConfig, base: &str, limit: &str) -> Vec<Value> {
    let mut out = Vec::new();
    let mut cont = String::new();
    for _ in 0..1000 {
        let (_, body) = api_with(config, &format!("{base}&lelimit={limit}{cont}"));
        assert!(body.get("error").is_none(), "{body}");
        let batch = entries(&body);
        if limit != "max" {
            let n: usize = limit.parse().unwrap_or(0);
            assert!(batch.len() <= n, "a batch of {} for lelimit={limit}", batch.len());
            if body.get("continue").is_some() {
                assert_eq!(batch.len(), n, "a short batch before the end for lelimit={limit}");
            }
        }
        out.extend(batch);
        match body.get("continue") {
            Some(c) => {
                let lecontinue = c["lecontinue"].as_str().unwrap_or_else(|| panic!("continue without lecontinue: {c}"));
                let (ts, id) = lecontinue.split_once('|').unwrap_or_else(|| panic!("lecontinue {lecontinue}"));
                assert!(ts.len() == 14 && ts.bytes().all(|b| b.is_ascii_digit()), "lecontinue {lecontinue}");
                assert!(id.parse::<i64>().is_ok(), "lecontinue {lecontinue}");
                assert_eq!(c["continue"], "-||");
                cont = format!("&lecontinue={}&continue={}", lecontinue.replace('|', "%7C"), "-%7C%7C");
            }
            None => return out,
        }
    }
    panic!("paging did not end");
}

#[test]
fn paging_gives_the_unpaged_log_in_the_same_order() {
    let base =
        "action=query&list=logevents&format=json&formatversion=2&leprop=ids|title|type|user|timestamp|details|tags";
    let (_, whole) = fixture_api(&format!("{base}&lelimit=5000"));
    let whole = entries(&whole);
    assert!(whole.len() > 250, "{} entries", whole.len());
    for limit in ["1", "7", "max"] {
        assert_eq!(paged(base, limit), whole, "lelimit={limit}");
    }
    let newer = format!("{base}&ledir=newer");
    let mut reversed = whole.clone();
    reversed.reverse();
    for limit in ["1", "7", "max"] {
        assert_eq!(paged(&newer, limit), reversed, "ledir=newer&lelimit={limit}");
    }
    // Newest first: timestamps never increase, and ids decrease within a second.
    for pair in whole.windows(2) {
        let key =
            |e: &Value| (e["timestamp"].as_str().unwrap_or_default().to_owned(), e["logid"].as_i64().unwrap_or(0));
        assert!(key(&pair[0]) > key(&pair[1]), "{} before {}", pair[0], pair[1]);
    }
}

#[test]
fn entries_that_created_a_revision_name_it() {
    let (_, body) = fixture_api("action=query&list=logevents&lelimit=max&leprop=ids|type&format=json&formatversion=2");
    let all = entries(&body);
    let by_id = |id: i64| all.iter().find(|e| e["logid"] == id).cloned().unwrap_or_else(|| panic!("no entry {id}"));
    // The first page creation, an upload, a move and a protection's null revision.
    assert_eq!(by_id(1)["revid"], 1);
    assert_eq!(by_id(51)["revid"], 32);
    assert_eq!(by_id(206)["revid"], 276);
    assert_eq!(by_id(216)["revid"], 289);
    for e in &all {
        match e["type"].as_str() {
            Some("create") => assert!(e["revid"].is_i64(), "a create entry without revid: {e}"),
            Some("rights" | "block" | "newusers" | "managetags" | "patrol") => {
                assert!(e.get("revid").is_none(), "{e}")
            }
            _ => {}
        }
    }
    // Only with ids.
    let (_, body) = fixture_api("action=query&list=logevents&lelimit=3&leprop=title&format=json&formatversion=2");
    assert!(entries(&body).iter().all(|e| e.get("revid").is_none()));
}

#[test]
fn an_entry_with_two_recorded_revisions_is_listed_once_and_pages_whole() {
    // MediaWiki records one revision an entry created; a second `associated_rev_id` row for the
    // upload entry 51 (whose revision is 32) must neither double it nor shorten a page, and the
    // entry names the lowest.
    let config = altered_fixture_config(
        "fixture-two-revisions.sqlite",
        "INSERT INTO log_search (ls_field, ls_value, ls_log_id) VALUES ('associated_rev_id', '999', 51);",
    );
    let base = "action=query&list=logevents&format=json&formatversion=2&leprop=ids|type|timestamp";
    let read = |query: &str| {
        let (_, body) = api_with(&config, query);
        assert!(body.get("error").is_none(), "{body}");
        body
    };
    let whole = entries(&read(&format!("{base}&lelimit=5000")));
    let (_, original) = fixture_api(&format!("{base}&lelimit=5000"));
    assert_eq!(whole.len(), entries(&original).len());
    assert_eq!(whole.iter().filter(|e| e["logid"] == 51).count(), 1);
    assert_eq!(entry(&whole, 51)["revid"], 32, "the lowest recorded revision");
    // Pages ending on the entry: each has its full size, and together they are the whole log.
    let position = whole.iter().position(|e| e["logid"] == 51).expect("entry 51");
    for limit in ["1", "2", "7"] {
        assert_eq!(paged_with(&config, base, limit), whole, "lelimit={limit}");
    }
    // A page that ends exactly on the entry still says where to go on.
    let body = read(&format!("{base}&lelimit={}", position + 1));
    assert_eq!(entries(&body).len(), position + 1);
    assert!(body.get("continue").is_some(), "{body}");
}

#[test]
fn invalid_input_gets_mediawikis_error_codes() {
    let cases = [
        ("leaction=foo/bar", "unknown_leaction"),
        ("leaction=block/nonsense", "unknown_leaction"),
        ("letype=nonsense", "badvalue"),
        ("lelimit=abc", "badinteger"),
        ("lecontinue=garbage", "badcontinue"),
        ("lecontinue=20261121233230|x", "badcontinue"),
        ("letitle=a[b", "invalidtitle"),
        ("letitle=Cat&leprefix=C", "invalidparammix"),
        ("leuser=a|b", "baduser"),
    ];
    for (params, code) in cases {
        let (_, body) = fixture_api(&format!("action=query&list=logevents&{params}&format=json&formatversion=2"));
        assert_eq!(body["error"]["code"], code, "{params}: {body}");
    }
    let (_, over) = fixture_api("action=query&list=logevents&lelimit=501&leprop=ids&format=json&formatversion=2");
    assert!(over.get("error").is_none(), "{over}");
    assert_eq!(entries(&over).len(), 260);
    assert!(over["warnings"]["logevents"]["warnings"].as_str().is_some_and(|w| w.contains("lelimit")), "{over}");
}

/// The spec's extra log type is accepted (MediaWiki 1.39 has no such type and refuses it).
#[test]
fn the_ext_log_type_is_accepted() {
    let (_, body) = fixture_api("action=query&list=logevents&letype=ext&format=json&formatversion=2");
    assert_eq!(body["query"]["logevents"], json!([]), "{body}");
}

/// Runs the module directly for a caller with `rights`.
fn run_with(rights: &[&str], log_type: Option<&str>) -> Vec<Value> {
    wikiquery_modules::link();
    let config = fixture_config();
    let module = LogEvents {
        prop: vec![
            LogEventProp::Ids,
            LogEventProp::Title,
            LogEventProp::Type,
            LogEventProp::User,
            LogEventProp::Comment,
            LogEventProp::Details,
        ],
        log_type: log_type.map(str::to_owned),
        action: None,
        start: None,
        end: None,
        dir: TimeDir::Older,
        user: None,
        title: None,
        namespace: None,
        prefix: None,
        tag: None,
        limit: Limit(5000),
        continue_: None,
    };
    let mut state = RequestState::new(RequestParams::from_pairs(Vec::new()));
    state.rights = Rights::new(rights);
    // The items as a formatversion=2 response carries them.
    let mut result = ApiResult::new(JsonStyle::new(true, false), ErrorFormat::Bc);
    let mut run = QueryRun::default();
    let mut ctx = QueryContext::new(&mut state, &config.services, LogEvents::descriptor(), &mut result, &mut run);
    module.execute(&mut ctx).expect("runs");
    let body = result.into_value();
    body["query"]["logevents"].as_array().cloned().unwrap_or_default()
}

fn entry(all: &[Value], id: i64) -> Value {
    all.iter().find(|e| e["logid"] == id).cloned().unwrap_or_else(|| panic!("no entry {id}"))
}

#[test]
fn rights_reveal_what_they_allow() {
    // Anonymous: the comment of 51 is hidden, 205's performer is suppressed, 6 is suppressed
    // altogether, and the suppression log is not there.
    let anon = run_with(&["read"], None);
    assert_eq!(entry(&anon, 51)["commenthidden"], true);
    assert!(entry(&anon, 51).get("comment").is_none());
    assert!(entry(&anon, 205).get("user").is_none());
    assert_eq!(entry(&anon, 205)["suppressed"], true);
    assert!(entry(&anon, 6).get("title").is_none());
    assert!(anon.iter().all(|e| e["type"] != "suppress"));

    // Administrators see deleted parts, not suppressed ones.
    let admin = run_with(&["read", "deletedhistory"], None);
    assert_eq!(entry(&admin, 51)["comment"], "A red square");
    assert_eq!(entry(&admin, 51)["commenthidden"], true);
    assert!(entry(&admin, 205).get("user").is_none());
    assert!(entry(&admin, 6).get("title").is_none());

    // Oversighters see everything, flags included, and the suppression log.
    let oversight = run_with(&["read", "deletedhistory", "suppressrevision", "suppressionlog"], None);
    assert_eq!(entry(&oversight, 205)["user"], "Alice");
    assert_eq!(entry(&oversight, 205)["userhidden"], true);
    assert_eq!(entry(&oversight, 205)["suppressed"], true);
    assert_eq!(entry(&oversight, 6)["title"], "User:Spammer1");
    assert_eq!(entry(&oversight, 6)["actionhidden"], true);
    let suppressed = run_with(&["read", "suppressionlog"], Some("suppress"));
    assert_eq!(suppressed.len(), 3, "{suppressed:?}");
    let block = entry(&suppressed, 261);
    assert_eq!(block["params"]["flags"], json!(["nocreate", "noautoblock", "nousertalk", "hiddenname"]));
    assert_eq!(block["params"]["duration"], "infinity");
    let revision = entry(&suppressed, 238);
    assert_eq!(revision["params"]["new"]["restricted"], true);
    assert_eq!(revision["params"]["ids"], json!([261, 260]));
    // Without suppressionlog, a suppress entry shows no details even when asked for by type.
    assert!(run_with(&["read"], Some("suppress")).is_empty());
}
