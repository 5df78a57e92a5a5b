//! The main module's parameters (`errorformat`, `formatversion`, `utf8`/`ascii`, `callback`,
//! `origin`, `maxlag`, `smaxage`/`maxage`, `assert`, `requestid`, `uselang`,
//! `responselanginfo`, `format`, a missing `action`) behave as MediaWiki 1.39's ApiMain: every
//! request captured from MediaWiki (tests/fixtures/oracle/main/, by
//! `tools/capture.py basics main`) is replayed in-process against the fixture database.
//!
//! Compared: the HTTP status, the headers that matter (content type, Cache-Control,
//! MediaWiki-API-Error, CORS), and the parsed JSON with `servedby`, `curtimestamp` and the
//! `docref` text left out; errors and warnings by code, module and the members present (the
//! wording, the message parameters and `data` are MediaWiki's own). Answers that are no JSON
//! (the help page, `format=none`, a refused origin, JSONP) are compared by status, type and
//! shape.

use std::collections::BTreeSet;
use std::path::PathBuf;

use serde_json::{json, Map, Value};
use wikiquery_runtime::main_module::Main;
use wikiquery_runtime::ModuleSpec;
use wikiquery_runtime::Registry;
use wikiquery_tests::{fixture_api, fixture_api_raw, fixture_json, fixtures, response_json};

/// Captures left out of the exact replay: they describe modules, and our `action` and `format`
/// values list this server's modules and formats, not MediaWiki's. The main module's descriptor
/// is compared with them member by member in `the_main_module_is_described_as_mediawiki_does`.
const PARAMINFO_CAPTURES: &[&str] =
    &["paraminfo-main-paraminfo.fv2", "paraminfo-main", "paraminfo-mainmodule.fv2", "paraminfo-pagesetmodule.fv2"];

/// Headers compared with MediaWiki's.
const COMPARED_HEADERS: &[&str] = &[
    "content-type",
    "cache-control",
    "mediawiki-api-error",
    "access-control-allow-origin",
    "access-control-allow-credentials",
    "retry-after",
    "x-database-lag",
];

fn captures() -> Vec<(String, Value)> {
    let dir: PathBuf = fixtures().join("oracle/main");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let name = p.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_owned();
            let value = fixture_json(&format!("oracle/main/{name}.json"));
            (name, value)
        })
        .collect()
}

/// One error or warning of a non-`bc` format: code, module and the members present.
fn message_shape(m: &Value) -> Value {
    let mut keys: Vec<&str> = m.as_object().map(|o| o.keys().map(String::as_str).collect()).unwrap_or_default();
    keys.retain(|k| *k != "data");
    keys.sort_unstable();
    json!({ "code": m["code"], "module": m["module"], "members": keys })
}

/// The form of an answer that is compared.
fn comparable(body: &Value) -> Value {
    let Some(o) = body.as_object() else { return body.clone() };
    let mut out = Map::new();
    let has_errors = o.contains_key("errors");
    for (k, v) in o {
        match k.as_str() {
            "servedby" | "curtimestamp" | "docref" => {}
            // formatversion=1's docref next to a non-bc `errors` list.
            "*" if has_errors => {}
            "error" => {
                let mut keys: Vec<&str> =
                    v.as_object().map(|e| e.keys().map(String::as_str).collect()).unwrap_or_default();
                keys.retain(|k| !matches!(*k, "param"));
                keys.sort_unstable();
                out.insert(k.clone(), json!({ "code": v["code"], "members": keys }));
            }
            "errors" => {
                let list: Vec<Value> = v.as_array().into_iter().flatten().map(message_shape).collect();
                out.insert(k.clone(), Value::Array(list));
            }
            "warnings" => {
                let shape = match v {
                    Value::Array(items) => {
                        let set: BTreeSet<String> = items.iter().map(|m| message_shape(m).to_string()).collect();
                        json!(set)
                    }
                    Value::Object(by_module) => json!(by_module.keys().collect::<BTreeSet<_>>()),
                    other => other.clone(),
                };
                out.insert(k.clone(), shape);
            }
            _ => {
                out.insert(k.clone(), v.clone());
            }
        }
    }
    Value::Object(out)
}

fn header<'a>(headers: &'a [(String, String)], name: &str) -> Option<&'a str> {
    headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
}

/// A header value as compared: `charset=UTF-8` and `charset=utf-8` are the same.
fn normalized(name: &str, value: &str) -> String {
    if name == "content-type" {
        value.to_ascii_lowercase()
    } else {
        value.to_owned()
    }
}

fn request_headers(capture: &Value) -> Vec<(String, String)> {
    capture
        .get("request_headers")
        .and_then(Value::as_object)
        .map(|o| o.iter().map(|(k, v)| (k.clone(), v.as_str().unwrap_or_default().to_owned())).collect())
        .unwrap_or_default()
}

/// What differs between our answer and MediaWiki's captured one, as readable lines.
fn differences(capture: &Value) -> Vec<String> {
    let query = capture["request"].as_str().unwrap_or_default();
    let sent = request_headers(capture);
    let sent_refs: Vec<(&str, &str)> = sent.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    let res = fixture_api_raw(query, &sent_refs);
    let mut problems = Vec::new();
    if capture["status"].as_u64() != Some(u64::from(res.status)) {
        problems.push(format!("status: MediaWiki {}, we {}", capture["status"], res.status));
    }
    let mut ours = res.headers.clone();
    ours.push(("Content-Type".to_owned(), res.content_type.to_owned()));
    for name in COMPARED_HEADERS {
        let theirs = capture["headers"].get(*name).and_then(Value::as_str).map(|v| normalized(name, v));
        let mine = header(&ours, name).map(|v| normalized(name, v));
        if theirs != mine {
            problems.push(format!("header {name}: MediaWiki {theirs:?}, we {mine:?}"));
        }
    }
    match (capture.get("response"), capture.get("body").and_then(Value::as_str)) {
        (Some(expected), _) => {
            let (expected, actual) = (comparable(expected), comparable(&response_json(&res)));
            if expected != actual {
                problems.push(format!(
                    "body:\n  MediaWiki: {}\n  we:        {}",
                    serde_json::to_string(&expected).unwrap_or_default(),
                    serde_json::to_string(&actual).unwrap_or_default()
                ));
            }
        }
        (None, Some(body)) => {
            if let Some(rest) = body.strip_prefix("/**/") {
                let callback = rest.split('(').next().unwrap_or_default();
                if !res.body.starts_with(&format!("/**/{callback}(")) || !res.body.ends_with(')') {
                    problems.push(format!("JSONP: MediaWiki {body:.60}…, we {:.60}…", res.body));
                }
            } else if body.is_empty() != res.body.is_empty() {
                problems.push(format!("body: MediaWiki {:?}…, we {:?}…", &body[..body.len().min(60)], res.body));
            }
        }
        (None, None) => problems.push("capture without response or body".to_owned()),
    }
    problems
}

#[test]
fn every_captured_main_parameter_answer_matches_mediawiki() {
    let mut failures = Vec::new();
    let mut count = 0;
    for (name, capture) in captures() {
        if PARAMINFO_CAPTURES.contains(&name.as_str()) {
            continue;
        }
        count += 1;
        let problems = differences(&capture);
        if !problems.is_empty() {
            failures.push(format!("{name} ({}):\n  {}", capture["request"], problems.join("\n  ")));
        }
    }
    assert!(count > 50, "the captures of tools/capture.py basics main are missing");
    assert!(failures.is_empty(), "{} of {count} answers differ:\n\n{}", failures.len(), failures.join("\n\n"));
}

#[test]
fn the_main_module_is_described_as_mediawiki_does() {
    wikiquery_modules::link();
    Registry::global().expect("registry");
    let ours = <Main as ModuleSpec>::descriptor().to_json(false, None);
    let capture = fixture_json("oracle/main/paraminfo-main-paraminfo.fv2.json");
    let theirs = &capture["response"]["paraminfo"]["modules"][0];
    assert_eq!(ours["name"], "main");
    assert_eq!(ours["path"], theirs["path"]);
    assert_eq!(ours["prefix"], theirs["prefix"]);
    let strip = |p: &Value| {
        let mut p = p.clone();
        if let Some(o) = p.as_object_mut() {
            // The actions and formats are each server's own; compared below by shape.
            if matches!(o["name"].as_str(), Some("action" | "format")) {
                o.insert("type".into(), json!("values"));
                o.remove("submodules");
                o.remove("internalvalues");
            }
        }
        p
    };
    let ours_params: Vec<Value> = ours["parameters"].as_array().expect("parameters").iter().map(strip).collect();
    let theirs_params: Vec<Value> = theirs["parameters"].as_array().expect("parameters").iter().map(strip).collect();
    assert_eq!(ours_params, theirs_params);
    for p in ours["parameters"].as_array().into_iter().flatten().take(2) {
        let values = p["type"].as_array().expect("a closed set of values");
        let submodules = p["submodules"].as_object().expect("submodules");
        assert_eq!(values.len(), submodules.len(), "{}", p["name"]);
        for v in values {
            let v = v.as_str().unwrap_or_default();
            assert_eq!(submodules.get(v), Some(&json!(v)), "{}: {v}", p["name"]);
        }
    }
    let actions = &ours["parameters"][0]["type"];
    for name in ["query", "paraminfo", "help"] {
        assert!(actions.as_array().is_some_and(|a| a.contains(&json!(name))), "action {name} missing: {actions}");
    }
}

#[test]
fn assert_user_fails_for_an_anonymous_caller() {
    let (_, body) = fixture_api("action=query&assert=user&format=json");
    assert_eq!(body["error"]["code"], "assertuserfailed");
    let (_, body) = fixture_api("action=query&assert=anon&format=json");
    assert!(body.get("error").is_none(), "{body}");
}

#[test]
fn assert_bot_fails_for_an_anonymous_caller() {
    let (_, body) = fixture_api("action=query&assert=bot&format=json");
    assert_eq!(body["error"]["code"], "assertbotfailed");
}

#[test]
fn assertuser_fails_for_any_name() {
    let (_, body) = fixture_api("action=query&assertuser=Admin&format=json");
    assert_eq!(body["error"]["code"], "assertnameduserfailed");
    let (_, body) = fixture_api("action=query&assertuser=Foo%7CBar&format=json");
    assert_eq!(body["error"]["code"], "baduser");
}

#[test]
fn an_unknown_format_is_badvalue_in_jsonfm() {
    let res = fixture_api_raw("action=query&format=bogus", &[]);
    assert!(res.content_type.starts_with("text/html"), "{}", res.content_type);
    assert_eq!(response_json(&res)["error"]["code"], "badvalue");
    let res = fixture_api_raw("action=query&format=none", &[]);
    assert_eq!(res.body, "");
}

#[test]
fn without_an_action_the_help_page_is_served() {
    let res = fixture_api_raw("format=json", &[]);
    assert_eq!(res.status, 200);
    assert!(res.content_type.starts_with("text/html"), "{}", res.content_type);
    assert!(res.body.contains("<html"), "{}", res.body);
}

#[test]
fn origin_star_answers_anyone_anonymously() {
    let res = fixture_api_raw("action=query&origin=*&format=json", &[("Origin", "https://example.org")]);
    assert_eq!(res.status, 200);
    let get = |n: &str| res.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(n)).map(|(_, v)| v.as_str());
    assert_eq!(get("Access-Control-Allow-Origin"), Some("*"));
    assert_eq!(get("Access-Control-Allow-Credentials"), Some("false"));
}

#[test]
fn another_origin_must_match_the_origin_header() {
    let res = fixture_api_raw("action=query&origin=https://a.example&format=json", &[("Origin", "https://b.example")]);
    assert_eq!(res.status, 403);
    assert!(res.body.contains("'origin' parameter does not match Origin header"));
    let res = fixture_api_raw("action=query&origin=https://a.example&format=json", &[]);
    assert_eq!(res.status, 403);
    let res = fixture_api_raw("action=query&origin=https://a.example&format=json", &[("origin", "https://a.example")]);
    assert_eq!(res.status, 200);
    assert!(res.headers.iter().all(|(k, _)| !k.eq_ignore_ascii_case("Access-Control-Allow-Origin")));
}

#[test]
fn maxlag_without_replicas_is_met_down_to_minus_one_and_must_be_an_integer() {
    // No replicas: the lag is -1, as MediaWiki's load balancer says; only a smaller `maxlag`
    // waits (the stored answers `maxlag-below-lag*` show MediaWiki's error).
    for ok in ["0", "5", "-1"] {
        let (_, body) = fixture_api(&format!("action=query&maxlag={ok}&format=json"));
        assert!(body.get("error").is_none(), "maxlag={ok}: {body}");
    }
    for bad in ["abc", "1.5"] {
        let (_, body) = fixture_api(&format!("action=query&maxlag={bad}&format=json"));
        assert_eq!(body["error"]["code"], "badinteger", "maxlag={bad}");
    }
    let res = fixture_api_raw("action=query&maxlag=-9&format=json", &[]);
    let body: Value = serde_json::from_str(&res.body).expect("JSON");
    assert_eq!(body["error"]["code"], "maxlag");
    assert_eq!(
        (&body["error"]["host"], &body["error"]["lag"], &body["error"]["type"]),
        (&json!(""), &json!(-1), &json!("db"))
    );
    let header = |name: &str| res.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str());
    assert_eq!((header("Retry-After"), header("X-Database-Lag")), (Some("5"), Some("-1")));
}

#[test]
fn smaxage_and_maxage_make_the_answer_publicly_cacheable() {
    let res = fixture_api_raw("action=query&smaxage=60&maxage=30&format=json", &[]);
    let cc = res.headers.iter().find(|(k, _)| k == "Cache-Control").map(|(_, v)| v.as_str());
    assert_eq!(cc, Some("s-maxage=60, max-age=30, public"));
    let res = fixture_api_raw("action=query&format=json", &[]);
    let cc = res.headers.iter().find(|(k, _)| k == "Cache-Control").map(|(_, v)| v.as_str());
    assert_eq!(cc, Some("private, must-revalidate, max-age=0"));
}

#[test]
fn formatversion_1_and_2_differ_in_booleans_and_content_keys() {
    let (_, v1) = fixture_api("action=query&list=allpages&aplimit=1&format=json");
    let (_, v2) = fixture_api("action=query&list=allpages&aplimit=1&format=json&formatversion=2");
    let (_, latest) = fixture_api("action=query&list=allpages&aplimit=1&format=json&formatversion=latest");
    assert_eq!(v1["batchcomplete"], "");
    assert_eq!(v2["batchcomplete"], true);
    assert_eq!(latest, v2);
    let (_, e1) = fixture_api("action=foo&format=json&errorformat=plaintext");
    let (_, e2) = fixture_api("action=foo&format=json&formatversion=2&errorformat=plaintext");
    assert!(e1["errors"][0]["*"].is_string(), "{e1}");
    assert!(e2["errors"][0]["text"].is_string(), "{e2}");
}

#[test]
fn utf8_and_ascii_choose_how_non_ascii_is_written() {
    let q = "action=query&list=allpages&apprefix=%C5%82%C3%B3&format=json";
    assert!(fixture_api_raw(q, &[]).body.contains("\\u0141"), "fv1 escapes by default");
    assert!(fixture_api_raw(&format!("{q}&utf8=1"), &[]).body.contains('Ł'), "utf8 writes it raw");
    assert!(fixture_api_raw(&format!("{q}&formatversion=2"), &[]).body.contains('Ł'), "fv2 writes it raw");
    assert!(fixture_api_raw(&format!("{q}&formatversion=2&ascii=1"), &[]).body.contains("\\u0141"));
}

#[test]
fn callback_wraps_the_answer_as_javascript() {
    let res = fixture_api_raw("action=query&format=json&callback=my.cb%3Cscript%3E", &[]);
    assert!(res.content_type.starts_with("text/javascript"), "{}", res.content_type);
    assert!(res.body.starts_with("/**/my.cbscript({"), "{}", res.body);
    assert!(res.body.ends_with("})"), "{}", res.body);
}

#[test]
fn errorformat_shapes_errors_and_warnings() {
    let (_, raw) = fixture_api("action=foo&format=json&formatversion=2&errorformat=raw");
    assert_eq!(raw["errors"][0]["code"], "badvalue");
    assert_eq!(raw["errors"][0]["module"], "main");
    assert!(raw["errors"][0]["key"].is_string() && raw["errors"][0]["params"].is_array(), "{raw}");
    let (_, none) = fixture_api("action=query&list=allpages&aplimit=abc&format=json&formatversion=2&errorformat=none");
    assert_eq!(none["errors"], json!([{"code": "badinteger", "module": "query+allpages"}]));
    let (_, html) =
        fixture_api("action=query&list=allpages&aplimit=1&foo=1&format=json&formatversion=2&errorformat=html");
    assert_eq!(html["warnings"][0]["code"], "unrecognizedparams");
    assert!(html["warnings"][0]["html"].is_string(), "{html}");
}

#[test]
fn responselanginfo_reports_the_languages() {
    let (_, body) =
        fixture_api("action=query&uselang=de&errorformat=plaintext&errorlang=fr&responselanginfo=1&format=json");
    assert_eq!((body["uselang"].as_str(), body["errorlang"].as_str()), (Some("de"), Some("fr")));
    let (_, body) = fixture_api("action=query&uselang=content&responselanginfo=1&format=json");
    assert_eq!((body["uselang"].as_str(), body["errorlang"].as_str()), (Some("en"), Some("en")));
}
