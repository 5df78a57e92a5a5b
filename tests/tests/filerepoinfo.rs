//! `meta=filerepoinfo` answers as MediaWiki 1.39 does on the fixture (its answers are stored
//! under `fixtures/oracle/meta2/`), in formatversion 1 and 2, for every `friprop`.

use wikiquery_tests::{comparable_member, differences, fixture_api, fixture_json, fixtures, query_of};

#[test]
fn filerepoinfo_answers_as_mediawiki_does() {
    let dir = fixtures().join("oracle/meta2");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
        .filter(|n| n.starts_with("filerepoinfo-") && n.ends_with(".json"))
        .collect();
    names.sort();
    assert!(names.len() >= 20, "only {} captures", names.len());
    let comparable = |v: &serde_json::Value| -> serde_json::Value {
        v.as_object()
            .into_iter()
            .flatten()
            .filter_map(|(k, v)| comparable_member(k, v).map(|v| (k.clone(), v)))
            .collect::<serde_json::Map<_, _>>()
            .into()
    };
    let mut failures = Vec::new();
    for name in &names {
        let capture = fixture_json(&format!("oracle/meta2/{name}"));
        let (status, body) = fixture_api(&query_of(&capture));
        assert_eq!(status, 200, "{name}");
        let mut out = Vec::new();
        differences("", &comparable(&capture["response"]), &comparable(&body), &mut out);
        if !out.is_empty() {
            failures.push(format!("{name}:\n  {}", out.join("\n  ")));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
