//! `meta=tokens` answers as MediaWiki 1.39 does on the fixture for an anonymous caller (its
//! answers are stored under `fixtures/oracle/tokens/`), in formatversion 1 and 2: `+\` for
//! actions, and for logging in and creating an account a session's random value followed by
//! the time in hexadecimal (compared by form: 32 hexadecimal digits, then the frozen instant).

use serde_json::Value;
use wikiquery_tests::{comparable_member, differences, fixture_api, fixture_json, fixtures, query_of};

/// The session part of a login or account-creation token replaced, the time kept.
fn normalised(v: &Value) -> Value {
    match v {
        Value::String(s) if s.len() == 42 && s[..32].bytes().all(|b| b.is_ascii_hexdigit()) && s.ends_with("+\\") => {
            Value::String(format!("<session>{}", &s[32..]))
        }
        Value::Object(m) => Value::Object(m.iter().map(|(k, v)| (k.clone(), normalised(v))).collect()),
        other => other.clone(),
    }
}

#[test]
fn tokens_answer_as_mediawiki_does_for_an_anonymous_caller() {
    let dir = fixtures().join("oracle/tokens");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
        .filter(|n| (n.starts_with("tokens-") || n.starts_with("warning-tokens")) && !n.contains(".admin."))
        .collect();
    names.sort();
    assert!(names.len() >= 20, "only {} captures", names.len());
    let mut failures = Vec::new();
    for name in &names {
        let capture = fixture_json(&format!("oracle/tokens/{name}"));
        let (_, body) = fixture_api(&query_of(&capture));
        let comparable = |v: &Value| -> Value {
            v.as_object()
                .into_iter()
                .flatten()
                .filter_map(|(k, v)| comparable_member(k, v).map(|v| (k.clone(), normalised(&v))))
                .collect::<serde_json::Map<_, _>>()
                .into()
        };
        let mut out = Vec::new();
        differences("", &comparable(&capture["response"]), &comparable(&body), &mut out);
        if !out.is_empty() {
            failures.push(format!("{name}:\n  {}", out.join("\n  ")));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn session_tokens_differ_from_request_to_request() {
    let token = || {
        let (_, body) = fixture_api("action=query&meta=tokens&type=login&format=json");
        body["query"]["tokens"]["logintoken"].as_str().unwrap_or_default().to_owned()
    };
    let (a, b) = (token(), token());
    assert!(a.ends_with("6b023080+\\"), "{a}");
    assert_ne!(a, b);
}
