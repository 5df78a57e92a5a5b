//! Any request, however malformed, gets a well-formed answer: run in-process against the
//! MediaWiki 1.39 fixture as the HTTP layer hands it over, each generated request is answered
//! with a JSON object — an error envelope with a code when it fails — and never a panic or a
//! failure of the server. The requests are built from the registered modules' descriptors
//! (their names, parameters and allowed values) mixed with hostile values, so that they reach
//! deep into each module rather than stopping at the first unknown name.

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use serde_json::Value;
use wikiquery_runtime::descriptor::{Group, ParamKind};
use wikiquery_runtime::Registry;
use wikiquery_tests::{fixture_api, fixture_api_as};

/// A parameter of a module as requests spell it, with values it takes (hostile ones are
/// [`HOSTILE`]).
#[derive(Debug, Clone)]
struct Param {
    name: String,
    values: Vec<String>,
}

/// A query module as a request names it.
#[derive(Debug, Clone)]
struct Module {
    group: &'static str,
    name: &'static str,
    generator: bool,
    params: Vec<Param>,
}

/// Values that every kind of parameter is tried with.
const HOSTILE: &[&str] = &[
    "",
    "max",
    "-1",
    "0",
    "1",
    "7",
    "9223372036854775808",
    "-9223372036854775809",
    "1e308",
    "NaN",
    "2026-11-22T00:00:00Z",
    "20010115000000",
    "now",
    "infinity",
    "0000-00-00T00:00:00Z",
    "*",
    "|",
    "||||",
    "\u{1f}",
    "\u{7f}|a",
    "a\u{0}b",
    "Main Page|Cat|Dog",
    "Talk:Main_Page",
    "Special:AllPages",
    "File:Example.png",
    "Category:Animals",
    "Admin|Alice|127.0.0.1",
    "127.0.0.0/16",
    "::/0",
    "#1",
    "de:Berlin",
    "%",
    "\u{feff}x",
    "' OR 1=1 --",
    "\"; DROP TABLE page; --",
    "20260101000000|1",
    "1|1|1|1",
    "Main_Page|0",
    "\u{fffd}\u{fffd}",
    "ü",
    "\u{1F600}",
];

fn catalogue() -> Vec<Module> {
    wikiquery_modules::link();
    let registry = Registry::global().expect("the registry");
    registry
        .query_modules(None)
        .map(|entry| {
            let d = (entry.descriptor)();
            let params = d
                .params
                .iter()
                .map(|p| {
                    // Values the parameter takes, then hostile ones (chosen a third of the time).
                    let mut values: Vec<String> = match &p.kind {
                        ParamKind::Values(values) => values.iter().map(|v| (*v).to_owned()).collect(),
                        ParamKind::Boolean => vec!["1".into()],
                        ParamKind::Limit { max, highmax, .. } => {
                            vec!["max".into(), "1".into(), "7".into(), max.to_string(), (highmax + 1).to_string()]
                        }
                        ParamKind::Integer { .. } => vec!["1".into(), "3".into(), "100".into()],
                        ParamKind::Timestamp => {
                            vec!["2026-01-01T00:00:00Z".into(), "20240101000000".into(), "now".into()]
                        }
                        ParamKind::Namespace { .. } => vec!["0".into(), "1".into(), "14".into(), "*".into()],
                        ParamKind::User { .. } => vec!["Alice".into(), "Admin".into(), "127.0.0.1".into()],
                        ParamKind::Title => vec!["Cat".into(), "Category:Animals".into(), "Main Page".into()],
                        ParamKind::String => vec!["Cat".into(), "a".into()],
                    };
                    if p.multi {
                        if let ParamKind::Values(all) = &p.kind {
                            values.push(all.join("|"));
                        }
                    }
                    let name = p.name.replace("{slot}", "main");
                    Param { name: format!("{}{name}", d.prefix), values }
                })
                .collect();
            Module { group: d.group.map(Group::as_str).unwrap_or("list"), name: d.name, generator: d.generator, params }
        })
        .collect()
}

/// A request as a list of (name, value) pairs, built from the catalogue.
fn request(modules: Vec<Module>) -> impl Strategy<Value = Vec<(String, String)>> {
    let pick = proptest::collection::vec(0..modules.len(), 1..=3);
    let page_set = prop_oneof![
        4 => Just(None),
        2 => Just(Some(("titles", "Main Page|Cat|Nonexistent|Talk:x|Special:Random"))),
        2 => Just(Some(("titles", "Category:Animals|File:Example.png|Dog"))),
        1 => Just(Some(("pageids", "1|2|3|999999"))),
        1 => Just(Some(("revids", "1|2|100|0"))),
        1 => Just(Some(("pageids", "1|-5|x"))),
        1 => Just(Some(("revids", "abc|7"))),
    ];
    let main = proptest::collection::vec(
        prop_oneof![
            Just(("formatversion", "2")),
            Just(("formatversion", "latest")),
            Just(("continue", "")),
            Just(("continue", "||")),
            Just(("rawcontinue", "1")),
            Just(("redirects", "1")),
            Just(("converttitles", "1")),
            Just(("indexpageids", "1")),
            Just(("export", "1")),
            Just(("errorformat", "html")),
            Just(("errorformat", "raw")),
            Just(("utf8", "1")),
            Just(("ascii", "1")),
            Just(("uselang", "de")),
            Just(("curtimestamp", "1")),
            Just(("assert", "user")),
            Just(("assertuser", "Alice")),
            Just(("maxlag", "-1")),
            Just(("iwurl", "1")),
        ],
        0..4,
    );
    (pick, page_set, main, any::<u64>(), any::<bool>()).prop_map(move |(picked, page_set, main, seed, raw)| {
        let mut seed = seed;
        let mut next = move |n: usize| {
            // A small deterministic generator over the seed, for the choices among values.
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n.max(1) as u64) as usize
        };
        let mut pairs = vec![("action".to_owned(), "query".to_owned()), ("format".to_owned(), "json".to_owned())];
        for (i, index) in picked.iter().enumerate() {
            let module = &modules[*index];
            let as_generator = i == 0 && module.generator && next(3) == 0;
            if as_generator {
                pairs.push(("generator".into(), module.name.into()));
            } else {
                pairs.push((module.group.into(), module.name.into()));
            }
            for _ in 0..next(5) {
                if module.params.is_empty() {
                    break;
                }
                let param = &module.params[next(module.params.len())];
                let value = if next(3) == 0 || param.values.is_empty() {
                    HOSTILE[next(HOSTILE.len())].to_owned()
                } else {
                    param.values[next(param.values.len())].clone()
                };
                let name = if as_generator { format!("g{}", param.name) } else { param.name.clone() };
                pairs.push((name, value));
            }
        }
        if let Some((name, value)) = page_set {
            pairs.push((name.into(), value.into()));
        }
        pairs.extend(main.into_iter().map(|(k, v)| (k.to_owned(), v.to_owned())));
        if raw {
            // Bytes no form encoder writes: invalid UTF-8 and stray escapes.
            pairs.push(("titles".into(), "\u{0}%FF%FE%".into()));
        }
        pairs
    })
}

fn query_string(pairs: &[(String, String)]) -> String {
    let mut out = form_urlencoded::Serializer::new(String::new());
    for (k, v) in pairs {
        out.append_pair(k, v);
    }
    // Percent escapes of invalid UTF-8 survive as the client sent them.
    out.finish().replace("%25FF%25FE%25", "%FF%FE%")
}

fn well_formed(query: &str, status: u16, body: &Value) -> Result<(), TestCaseError> {
    prop_assert!(status < 500, "status {status} for {query}: {body}");
    let object = body.as_object();
    prop_assert!(object.is_some(), "not a JSON object for {query}: {body}");
    if let Some(error) = body.get("error") {
        prop_assert!(error["code"].is_string(), "an error without a code for {query}: {body}");
    }
    prop_assert!(body.get("content_type").is_none(), "not JSON for {query}: {body}");
    Ok(())
}

#[test]
fn any_request_gets_a_well_formed_envelope() {
    let modules = catalogue();
    assert!(modules.len() >= 60, "the catalogue: {}", modules.len());
    let cases = std::env::var("WIKIQUERY_PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(600);
    let mut runner = TestRunner::new(Config { cases, failure_persistence: None, ..Config::default() });
    // How the answers went: results, and errors by code.
    let outcomes = std::cell::RefCell::new(std::collections::BTreeMap::<String, u32>::new());
    runner
        .run(&request(modules), |pairs| {
            let query = query_string(&pairs);
            let (status, body) = fixture_api(&query);
            well_formed(&query, status, &body)?;
            let outcome = body["error"]["code"].as_str().unwrap_or("(a result)").to_owned();
            *outcomes.borrow_mut().entry(outcome).or_default() += 1;
            // The same request by a caller who may see everything hidden.
            let (status, body) = fixture_api_as(
                &[
                    "read",
                    "apihighlimits",
                    "deletedhistory",
                    "deletedtext",
                    "suppressrevision",
                    "viewsuppressed",
                    "hideuser",
                    "patrol",
                    "suppressionlog",
                ],
                &query,
            );
            well_formed(&query, status, &body)
        })
        .unwrap_or_else(|e| panic!("{e}"));
    // The requests reach the modules: many answer with a result, and the errors are many kinds.
    let outcomes = outcomes.into_inner();
    let total: u32 = outcomes.values().sum();
    let results = outcomes.get("(a result)").copied().unwrap_or(0);
    eprintln!("{total} requests: {outcomes:?}");
    // About 40 % answer with a result (230–260 of 600 in runs seen); a quarter leaves room for
    // the draws' chance (a third was once missed by two requests) and still fails if requests
    // stop reaching the modules.
    assert!(results * 4 >= total, "only {results} of {total} requests answered with a result: {outcomes:?}");
    assert!(outcomes.len() >= 10, "few kinds of answer: {outcomes:?}");
}
