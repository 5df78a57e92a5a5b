//! Requests drawn at random by the differential fuzzer (`tools/difffuzz.py --store`), answered
//! as MediaWiki 1.39 answered them on the fixture: each stored request is asked again in-process
//! by the caller it was drawn for (anonymous, or logged in as a fixture account) and compared
//! as the other replay tests compare answers, with the deliberate differences of
//! `fixtures/difffuzz/deliberate.json` set aside — so a change that breaks any of them fails
//! without MediaWiki at hand.

use std::collections::HashMap;

use serde_json::Value;
use wikiquery_tests::{
    api_with_cookie, comparable, deliberate, differences, fixture_api, fixture_config, fixtures, log_in,
};

#[test]
fn randomly_drawn_requests_are_answered_as_mediawiki_answered_them() {
    let rules = deliberate::rules();
    let dir = fixtures().join("difffuzz");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("the fuzzer's stored answers")
        .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
        .filter(|n| n.ends_with(".json") && n != "deliberate.json")
        .collect();
    names.sort();
    assert!(names.len() >= 100, "the fuzzer's stored answers: {} found", names.len());

    let mut sessions: HashMap<String, String> = HashMap::new();
    let mut failures = Vec::new();
    for name in &names {
        let capture: Value = serde_json::from_str(&std::fs::read_to_string(dir.join(name)).unwrap()).unwrap();
        let query = capture["request"].as_str().expect("a stored request");
        let caller = capture["caller"].as_str().expect("a stored caller");
        let (status, got) = if caller == "anon" {
            fixture_api(query)
        } else {
            let cookie = sessions.entry(caller.to_owned()).or_insert_with(|| log_in(fixture_config(), caller));
            api_with_cookie(fixture_config(), query, cookie)
        };
        let (mut expected, mut got) = (comparable(&capture["response"]), comparable(&got));
        deliberate::apply(&rules, query, &mut expected);
        deliberate::apply(&rules, query, &mut got);
        let mut out = Vec::new();
        if status != 200 {
            out.push(format!("status {status}"));
        }
        differences("", &expected, &got, &mut out);
        if !out.is_empty() {
            failures.push(format!("{name} ({caller}) {query}:\n  {}", out.join("\n  ")));
        }
    }
    assert!(failures.is_empty(), "{} of {} differ:\n{}", failures.len(), names.len(), failures.join("\n"));
}
