//! Every module of the spec is described exactly as the spec says: the expectation is
//! `fixtures/spec/catalogue.json`, written from the spec's text by `tools/spec_catalogue.py`,
//! never from this code's output.

use serde_json::{Map, Value};
use wikiquery_runtime::format::{to_json_text, JsonStyle};
use wikiquery_runtime::Registry;
use wikiquery_tests::{api, fixture_json};

/// Parameters whose value lists the spec leaves unordered: compared as sets.
const UNORDERED: &[(&str, &str)] = &[("logevents", "type"), ("logevents", "action")];

/// The members the spec fixes; the others (classname, source, licence link, help URLs) it omits.
const COMPARED: &[&str] = &[
    "name",
    "path",
    "group",
    "prefix",
    "licensetag",
    "readrights",
    "generator",
    "deprecated",
    "parameters",
    "templatedparameters",
];

fn expected_modules() -> Vec<Value> {
    fixture_json("spec/catalogue.json")["modules"].as_array().expect("modules array").clone()
}

fn normalise(module: &str, mut params: Value) -> Value {
    for p in params.as_array_mut().into_iter().flatten() {
        let name = p["name"].as_str().unwrap_or_default().to_owned();
        if UNORDERED.contains(&(module, name.as_str())) {
            if let Some(Value::Array(values)) = p.get_mut("type") {
                values.sort_by(|a, b| a.as_str().cmp(&b.as_str()));
            }
        }
    }
    params
}

fn compare(expected: &Value, actual: &Value) -> Vec<String> {
    let name = expected["name"].as_str().unwrap_or_default();
    let mut problems = Vec::new();
    for key in COMPARED {
        let (mut e, mut a) = (expected.get(*key).cloned(), actual.get(*key).cloned());
        if matches!(*key, "parameters" | "templatedparameters") {
            e = e.map(|v| normalise(name, v));
            a = a.map(|v| normalise(name, v));
        }
        if e != a {
            problems.push(format!(
                "{name}.{key}:\n  spec: {}\n  ours: {}",
                e.map(|v| v.to_string()).unwrap_or("(absent)".into()),
                a.map(|v| v.to_string()).unwrap_or("(absent)".into())
            ));
        }
    }
    for key in ["classname", "source", "sourcename", "licenselink"] {
        if !actual.get(key).is_some_and(Value::is_string) {
            problems.push(format!("{name}.{key} should be a string"));
        }
    }
    if !actual.get("helpurls").is_some_and(Value::is_array) {
        problems.push(format!("{name}.helpurls should be an array"));
    }
    problems
}

fn ours_v1(name: &str) -> Option<Value> {
    wikiquery_modules::link();
    let registry = Registry::global().expect("registry builds");
    let entry = registry.query_module(name)?;
    // As a formatversion=1 response writes it.
    let text = to_json_text(&(entry.descriptor)().to_json(false, None), JsonStyle::new(false, false));
    Some(serde_json::from_str(&text).expect("our JSON reads back"))
}

#[test]
fn every_module_of_the_spec_is_described_as_the_spec_says() {
    let mut problems = Vec::new();
    for expected in expected_modules() {
        let name = expected["name"].as_str().expect("name");
        match ours_v1(name) {
            Some(actual) => problems.extend(compare(&expected, &actual)),
            None => problems.push(format!("{name}: not registered")),
        }
    }
    assert!(problems.is_empty(), "{} differences from the spec:\n{}", problems.len(), problems.join("\n"));
}

#[test]
fn no_module_beyond_the_spec_is_registered() {
    wikiquery_modules::link();
    let expected: Vec<String> =
        expected_modules().iter().map(|m| m["name"].as_str().unwrap_or_default().to_owned()).collect();
    let registry = Registry::global().expect("registry builds");
    let extra: Vec<&str> =
        registry.query_modules(None).map(|e| e.name).filter(|n| !expected.iter().any(|e| e == n)).collect();
    assert!(extra.is_empty(), "modules the spec does not list: {extra:?}");
}

#[test]
fn paraminfo_over_http_serves_the_catalogue_in_formatversion_1() {
    let (status, body) = api("action=paraminfo&modules=query%2B*&format=json");
    assert_eq!(status, 200);
    let modules = body["paraminfo"]["modules"].as_array().expect("modules");
    let expected = expected_modules();
    assert_eq!(modules.len(), expected.len());
    let mut problems = Vec::new();
    for e in &expected {
        let actual = modules.iter().find(|m| m["name"] == e["name"]).cloned().unwrap_or(Value::Null);
        problems.extend(compare(e, &actual));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn formatversion_2_has_booleans_and_required_and_multi_on_every_parameter() {
    let (_, body) = api("action=paraminfo&modules=query%2B*&format=json&formatversion=2");
    for m in body["paraminfo"]["modules"].as_array().expect("modules") {
        let flags: Map<String, Value> = m.as_object().expect("object").clone();
        if let Some(r) = flags.get("readrights") {
            assert_eq!(r, &Value::Bool(true), "{}", m["name"]);
        }
        for p in m["parameters"].as_array().expect("parameters") {
            assert!(p["required"].is_boolean(), "{} {}", m["name"], p["name"]);
            assert!(p["multi"].is_boolean(), "{} {}", m["name"], p["name"]);
        }
    }
}

/// `action=query` is described as MediaWiki 1.39 describes it (its answer on the fixture is
/// stored): every parameter with its type, the module names `prop`, `list`, `meta` and
/// `generator` take (deprecated ones last, and marked), and the module each one selects.
#[test]
fn the_query_action_is_described_as_mediawiki_describes_it() {
    let capture = fixture_json("oracle/paraminfo/paraminfo-query-main.json");
    let expected = capture["response"]["paraminfo"]["modules"]
        .as_array()
        .and_then(|m| m.iter().find(|m| m["name"] == "query"))
        .expect("the stored answer describes query")
        .clone();
    let (status, body) = api("action=paraminfo&modules=query&format=json&formatversion=2");
    assert_eq!(status, 200);
    let got = &body["paraminfo"]["modules"][0];
    for key in ["name", "path", "group", "prefix", "readrights", "generator", "helpurls"] {
        assert_eq!(got[key], expected[key], "query's `{key}`");
    }
    let names = |m: &Value| -> Vec<Value> {
        m["parameters"].as_array().into_iter().flatten().map(|p| p["name"].clone()).collect()
    };
    assert_eq!(names(got), names(&expected));
    for (g, e) in
        got["parameters"].as_array().into_iter().flatten().zip(expected["parameters"].as_array().into_iter().flatten())
    {
        let mut e = e.clone();
        if let Some(o) = e.as_object_mut() {
            o.remove("description");
        }
        assert_eq!(g, &e, "parameter {}", e["name"]);
    }
}
