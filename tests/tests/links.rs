//! `prop=links`, `prop=templates`, `prop=images` and `prop=categories` answer as MediaWiki
//! 1.39 does on the fixture (its answers are stored under `fixtures/oracle/links/`), in
//! formatversion 1 and 2: every parameter, several pages, continuation chains, and each module
//! as a generator.

use serde_json::Value;
use wikiquery_tests::{comparable_member, differences, fixture_api, fixture_json, fixtures, query_of};

fn comparable(v: &Value) -> Value {
    v.as_object()
        .into_iter()
        .flatten()
        .filter_map(|(k, v)| comparable_member(k, v).map(|v| (k.clone(), v)))
        .collect::<serde_json::Map<_, _>>()
        .into()
}

#[test]
fn link_modules_answer_as_mediawiki_does() {
    let dir = fixtures().join("oracle/links");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
        .filter(|n| n.ends_with(".json") && !n.starts_with("paraminfo"))
        .collect();
    names.sort();
    assert!(names.len() >= 100, "only {} captures", names.len());
    let mut failures = Vec::new();
    for name in &names {
        let capture = fixture_json(&format!("oracle/links/{name}"));
        let (status, body) = fixture_api(&query_of(&capture));
        assert_eq!(status, 200, "{name}");
        let mut out = Vec::new();
        differences("", &comparable(&capture["response"]), &comparable(&body), &mut out);
        if !out.is_empty() {
            failures.push(format!("{name}:\n  {}", out.join("\n  ")));
        }
    }
    assert!(failures.is_empty(), "{} of {} differ:\n{}", failures.len(), names.len(), failures.join("\n"));
}
