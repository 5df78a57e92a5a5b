//! `action=paraminfo` against MediaWiki 1.39's answers on the fixture
//! (`fixtures/oracle/paraminfo/`): the modules asked for, in the order asked, each with
//! MediaWiki's parameters, of MediaWiki's types, limits and defaults; unknown modules warned
//! of. Texts are this project's own and are not compared; where the spec's
//! catalogue describes a parameter otherwise than MediaWiki 1.39 (it is newer), the spec is
//! followed, and `catalogue.rs` holds it to that.

use serde_json::Value;
use wikiquery_tests::{captures, fixture_api, fixture_json, replay};

/// Parameters the spec's catalogue describes otherwise than MediaWiki 1.39 (compared in
/// formatversion 1, the catalogue's shape): `(module, parameter)`.
fn spec_differs() -> Vec<(String, String)> {
    let catalogue = fixture_json("spec/catalogue.json");
    let mediawiki = fixture_json("oracle/paraminfo/paraminfo.json");
    let mut out = Vec::new();
    for module in mediawiki.pointer("/response/paraminfo/modules").and_then(Value::as_array).into_iter().flatten() {
        let name = module["name"].as_str().unwrap_or_default();
        let spec = catalogue["modules"].as_array().and_then(|ms| ms.iter().find(|m| m["name"] == name));
        for p in module["parameters"].as_array().into_iter().flatten() {
            let pname = p["name"].as_str().unwrap_or_default();
            let mut theirs = p.clone();
            theirs.as_object_mut().map(|o| (o.remove("description"), o.remove("index")));
            let spec_param = spec
                .and_then(|m| m["parameters"].as_array())
                .and_then(|ps| ps.iter().find(|q| q["name"] == pname))
                .cloned()
                .map(|mut q| {
                    q.as_object_mut().map(|o| (o.remove("description"), o.remove("index")));
                    q
                });
            if spec_param.as_ref() != Some(&theirs) {
                out.push((name.to_owned(), pname.to_owned()));
            }
        }
    }
    out
}

/// Sets aside what is not compared: texts (descriptions, examples, help URLs, MediaWiki's
/// class and licence names), the parameters the spec describes otherwise or adds (and so the
/// parameters' `index` and order, which the catalogue fixes).
fn set_aside(_: &str, expected: &mut Value, got: &mut Value) {
    let differs = spec_differs();
    let known: Vec<(String, String)> = expected
        .pointer("/paraminfo/modules")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .flat_map(|m| {
            let name = m["name"].as_str().unwrap_or_default().to_owned();
            m["parameters"]
                .as_array()
                .into_iter()
                .flatten()
                .map(move |p| (name.clone(), p["name"].as_str().unwrap_or_default().to_owned()))
        })
        .collect();
    let mediawiki = expected.clone();
    let known_templated = |name: &str| -> usize {
        let modules = mediawiki.pointer("/paraminfo/modules").and_then(Value::as_array);
        let module = modules.and_then(|ms| ms.iter().find(|m| m["name"] == name));
        module.and_then(|m| m["templatedparameters"].as_array()).map_or(0, Vec::len)
    };
    let catalogue = fixture_json("spec/catalogue.json");
    let spec_templated = |name: &str| -> usize {
        let module = catalogue["modules"].as_array().and_then(|ms| ms.iter().find(|m| m["name"] == name));
        module.and_then(|m| m["templatedparameters"].as_array()).map_or(0, Vec::len)
    };
    for answer in [&mut *expected, &mut *got] {
        for module in answer.pointer_mut("/paraminfo/modules").and_then(Value::as_array_mut).into_iter().flatten() {
            let name = module["name"].as_str().unwrap_or_default().to_owned();
            if let Some(m) = module.as_object_mut() {
                for key in ["description", "examples", "helpurls", "classname", "source", "sourcename", "licenselink"] {
                    m.remove(key);
                }
                // Templated parameters the spec adds (`rvcontentformat-{slot}`, newer than 1.39).
                if known_templated(&name) != spec_templated(&name) {
                    m.remove("templatedparameters");
                }
                if let Some(Value::Array(params)) = m.get_mut("parameters") {
                    let compared = |p: &Value| {
                        let pname = p["name"].as_str().unwrap_or_default();
                        known.iter().any(|(m, q)| *m == name && q == pname)
                            && !differs.iter().any(|(m, q)| *m == name && q == pname)
                    };
                    params.retain(compared);
                    // The spec's catalogue orders some modules' parameters otherwise.
                    params.sort_by(|a, b| a["name"].as_str().cmp(&b["name"].as_str()));
                    for p in params.iter_mut() {
                        p.as_object_mut().map(|p| (p.remove("description"), p.remove("index")));
                    }
                }
            }
        }
    }
}

#[test]
fn paraminfo_answers_as_mediawiki_does() {
    // The set-aside parameters are a few, not the whole: the comparison holds something.
    let differs = spec_differs();
    assert!(differs.len() < 10, "{differs:?}");
    let names = captures("paraminfo", |n| n.starts_with("paraminfo.") || n.starts_with("paraminfo-bad-module"));
    assert!(names.len() >= 3, "{names:?}");
    let failures = replay("paraminfo", &names, &|_, q| fixture_api(q), &set_aside);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
