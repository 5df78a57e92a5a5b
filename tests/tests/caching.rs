//! Who may share an answer: the caching headers MediaWiki 1.39 sent on the fixture
//! (`fixtures/oracle/caching/headers.json`, captured with `tools/capture.py headers`) replayed
//! for the same callers — anonymous, a plain user, an administrator who may see deleted
//! revisions, an anonymous caller holding a session — with every module's cache mode, the
//! `smaxage`/`maxage` lifetimes, `uselang`, formats, JSONP, CORS and errors.

use std::collections::HashMap;

use serde_json::Value;
use wikiquery_domain::timestamp::Timestamp;
use wikiquery_runtime::api::{ApiConfig, ApiResponse};
use wikiquery_runtime::Registry;
use wikiquery_tests::{fixture_config, fixture_json, log_in, request, FIXTURE_NOW};

/// Actions MediaWiki has that this server does not build yet: their captured answers wait.
const ACTIONS_NOT_BUILT: &[&str] = &[];

/// The headers compared (the capture keeps only these; a cookie by its name).
const COMPARED: &[&str] = &[
    "cache-control",
    "vary",
    "mediawiki-api-error",
    "mediawiki-login-suppressed",
    "x-frame-options",
    "x-content-type-options",
    "access-control-allow-origin",
    "access-control-allow-credentials",
];

fn header<'a>(res: &'a ApiResponse, name: &str) -> Option<&'a str> {
    res.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
}

/// The session cookie of a fresh login token: an anonymous caller holding a session.
fn anonymous_session(config: &ApiConfig) -> String {
    let res = request(config, "action=query&meta=tokens&type=login&format=json", false, &[]);
    header(&res, "Set-Cookie").and_then(|c| c.split(';').next()).expect("a login token starts a session").to_owned()
}

/// Why a captured answer is not replayed, if it is not.
fn waits(case: &Value) -> Option<&'static str> {
    let query = case["request"].as_str().unwrap_or_default();
    let action = form_urlencoded::parse(query.as_bytes()).find(|(k, _)| k == "action").map(|(_, v)| v.into_owned());
    if action.as_deref().is_some_and(|a| ACTIONS_NOT_BUILT.contains(&a)) {
        return Some("action not built");
    }
    if query.contains("***") {
        return Some("a token or password the capture does not keep");
    }
    if case["method"] == "OPTIONS" {
        return Some("CORS preflight not routed");
    }
    if case["request_headers"].get("If-None-Match").is_some() {
        return Some("conditional requests not answered with 304");
    }
    if case["caller"].as_str().unwrap_or_default().ends_with("(logging in)") {
        return Some("a login's own answers are tested with the accounts");
    }
    None
}

#[test]
fn caching_headers_equal_mediawikis() {
    let config = fixture_config();
    let cases = fixture_json("oracle/caching/headers.json");
    let cases = cases.as_array().expect("a list of answers");
    let registry = Registry::global().expect("registry");
    for action in ACTIONS_NOT_BUILT {
        assert!(registry.action(action).is_none(), "`{action}` is built: take its captured answers in");
    }
    let mut cookies: HashMap<&str, Option<String>> = HashMap::new();
    let now = Timestamp::parse(FIXTURE_NOW).expect("now").unix();
    let (mut replayed, mut problems) = (0, Vec::new());
    for case in cases {
        if waits(case).is_some() {
            continue;
        }
        let caller = case["caller"].as_str().expect("caller");
        let cookie = cookies
            .entry(caller)
            .or_insert_with(|| match caller {
                // A caller who logged out holds no cookie, as an anonymous one.
                "anon" | "Alice+logged-out" => None,
                "anon+session" => Some(anonymous_session(config)),
                "anon+bogus-session" => Some(format!("{}=a0b1c2d3e4f5", config.sessions.cookie_name)),
                user => Some(log_in(config, user)),
            })
            .clone();
        let query = case["request"].as_str().expect("request");
        let mut headers: Vec<(&str, &str)> = case["request_headers"]
            .as_object()
            .map(|o| o.iter().filter_map(|(k, v)| Some((k.as_str(), v.as_str()?))).collect())
            .unwrap_or_default();
        if let Some(cookie) = &cookie {
            headers.push(("Cookie", cookie));
        }
        let res = request(config, query, case["method"] == "POST", &headers);
        replayed += 1;
        let label = format!("{caller} {} {query}", case["method"].as_str().unwrap_or_default());
        let want = &case["headers"];
        if res.status != case["status"].as_u64().unwrap_or_default() as u16 {
            problems.push(format!("{label}: status {} for {}", res.status, case["status"]));
        }
        for name in COMPARED {
            let expected = want.get(*name).and_then(Value::as_str);
            let got = header(&res, name);
            if expected != got {
                problems.push(format!("{label}: {name} {got:?}, MediaWiki {expected:?}"));
            }
        }
        // A lifetime is counted from the answer's instant; the first instant of 1970 says
        // "already expired".
        let expected = want.get("expires").and_then(Value::as_str);
        let got = header(&res, "expires");
        let agrees = match (expected, got) {
            (None, None) => true,
            (Some(e), Some(g)) if e.contains("1970") => e == g,
            (Some(_), Some(g)) => {
                let at = Timestamp::parse(g).map(|t| t.unix() - now);
                at.is_some() && at == case["expires_minus_date"].as_i64()
            }
            _ => false,
        };
        if !agrees {
            problems.push(format!("{label}: expires {got:?}, MediaWiki {expected:?}"));
        }
    }
    assert!(replayed > 600, "only {replayed} answers replayed");
    assert!(problems.is_empty(), "{} of {replayed} answers differ:\n{}", problems.len(), problems.join("\n"));
}

/// A module's requests for the leak test: its defaults, and every multi-valued parameter with
/// closed values given all of them (so that each property that depends on the caller is
/// asked for), both as the module and, for a generator, as the generator of `info`.
fn requests_of(d: &wikiquery_runtime::ModuleDescriptor) -> Vec<String> {
    use wikiquery_runtime::{Group, ParamKind};
    let group = d.group.map(Group::as_str).unwrap_or("list");
    let pages = if group == "prop" { "&titles=Main_Page|Cat|File:Example.png|User:Alice" } else { "" };
    let mut everything = String::new();
    for p in &d.params {
        if let (true, ParamKind::Values(values)) = (p.multi, &p.kind) {
            everything.push_str(&format!("&{}{}={}", d.prefix, p.name.replace("{slot}", "main"), values.join("|")));
        }
    }
    let mut out = Vec::new();
    for extra in ["", everything.as_str()] {
        out.push(format!("action=query&{group}={}{pages}{extra}", d.name));
        if d.generator {
            let extra = extra.replace(&format!("&{}", d.prefix), &format!("&g{}", d.prefix));
            out.push(format!("action=query&generator={}&prop=info{pages}{extra}", d.name));
        }
    }
    out
}

/// Nothing one caller sees is shared with another: for every query module, with the
/// parameters that reveal the most, a logged-in caller's answer is public only when it is the
/// very answer an anonymous caller gets (MediaWiki lets a logged-in caller's answer be public
/// when it depends on nobody, as with `uselang=en`), and never public in the caller's own
/// language (the default).
#[test]
fn a_logged_in_callers_answer_is_public_only_when_it_is_everyones() {
    let config = fixture_config();
    let registry = Registry::global().expect("registry");
    let callers: Vec<(&str, String)> = ["Alice", "Admin"].iter().map(|u| (*u, log_in(config, u))).collect();
    let public = |res: &ApiResponse| header(res, "Cache-Control").is_some_and(|c| c.ends_with("public"));
    let (mut asked, mut shared, mut problems) = (0, 0, Vec::new());
    // Random pages differ from one request to the next, whoever asks.
    for entry in registry.query_modules(None).filter(|e| e.name != "random") {
        for query in requests_of((entry.descriptor)()) {
            for uselang in ["", "&uselang=en"] {
                let query = format!("{query}{uselang}&smaxage=300&maxage=300&format=json&formatversion=2");
                let anonymous = request(config, &query, false, &[]);
                for (user, cookie) in &callers {
                    let res = request(config, &query, false, &[("Cookie", cookie)]);
                    asked += 1;
                    if !public(&res) {
                        continue;
                    }
                    shared += 1;
                    if uselang.is_empty() {
                        problems.push(format!("{user}: {query}: public in the caller's own language"));
                    } else if res.body != anonymous.body {
                        problems.push(format!("{user}: {query}: public, yet not what an anonymous caller gets"));
                    }
                }
            }
        }
    }
    assert!(shared > 50, "only {shared} of {asked} answers were public: the test proves little");
    assert!(problems.is_empty(), "{} answers leak:\n{}", problems.len(), problems.join("\n"));
    eprintln!("{asked} logged-in answers, {shared} of them public and equal to the anonymous one");
}
