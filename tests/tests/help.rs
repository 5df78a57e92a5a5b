//! The API explains itself: every module, parameter and value has help (from the structs' doc
//! comments), `action=paraminfo&helpformat=…` and `action=help` give it in MediaWiki's structure
//! (compared with MediaWiki 1.39's answers by structure in `fixtures/oracle/help/`, since the
//! texts are this project's own), `api.php` shows the help to a browser with the links tools
//! discover the API by, and `action=rsd` answers as MediaWiki's does.

use serde_json::{Map, Value};
use wikiquery_runtime::main_module::{pageset_descriptor, Main};
use wikiquery_runtime::{ModuleDescriptor, ModuleSpec, Registry};
use wikiquery_tests::{captures, fixture_api, fixture_api_raw, fixture_json};

fn every_module() -> Vec<&'static ModuleDescriptor> {
    wikiquery_modules::link();
    let registry = Registry::global().expect("registry");
    let mut all: Vec<&'static ModuleDescriptor> = vec![<Main as ModuleSpec>::descriptor(), pageset_descriptor()];
    all.extend(registry.actions().map(|e| (e.descriptor)()));
    all.extend(registry.query_modules(None).map(|e| (e.descriptor)()));
    all
}

#[test]
fn every_module_parameter_and_value_has_help() {
    let mut missing = Vec::new();
    for d in every_module() {
        let path = d.path();
        if d.description.trim().is_empty() {
            missing.push(format!("{path}: no description"));
        }
        if d.examples.is_empty() && d.name != "pageset" {
            missing.push(format!("{path}: no example"));
        }
        for p in &d.params {
            if p.description.trim().is_empty() {
                missing.push(format!("{path}: parameter {}{} has no help", d.prefix, p.name));
            }
            for (value, doc) in &p.value_docs {
                if doc.trim().is_empty() {
                    missing.push(format!("{path}: value {value} of {}{} has no help", d.prefix, p.name));
                }
            }
        }
    }
    assert!(missing.is_empty(), "{} without help:\n{}", missing.len(), missing.join("\n"));
}

/// Every module's examples answer without an error or a warning (they are checked against the
/// module's parameters when it compiles; this runs them: an unrecognized parameter is warned of).
#[test]
fn every_example_runs() {
    let mut failures = Vec::new();
    for d in every_module() {
        for e in &d.examples {
            if e.query.starts_with("action=help") || e.query.contains("action=rsd") {
                continue;
            }
            let (_, body) = fixture_api(&format!("{}&format=json&formatversion=2", e.query));
            if let Some(warnings) = body.get("warnings") {
                failures.push(format!("{}: warned {warnings}", e.query));
            }
            if let Some(error) = body.get("error") {
                // Examples that need a logged-in caller or a token answer so anonymously.
                let code = error["code"].as_str().unwrap_or_default();
                if ![
                    "notloggedin",
                    "stashnotloggedin",
                    "permissiondenied",
                    "mustbeposted",
                    "mustpostparams",
                    "badtoken",
                    "readapidenied",
                ]
                .contains(&code)
                {
                    failures.push(format!("{}: {code}", e.query));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The structure of a JSON value as the capture tool writes it: members in order, each
/// value's type.
/// A member `name` keeps its value (the names of modules and parameters).
fn shape(value: &Value) -> Value {
    match value {
        Value::Object(o) => Value::Object(
            o.iter()
                .map(|(k, v)| (k.clone(), if k == "name" && v.is_string() { v.clone() } else { shape(v) }))
                .collect(),
        ),
        Value::Array(a) => Value::Array(a.iter().map(shape).collect()),
        Value::Bool(_) => "bool".into(),
        Value::Number(_) => "number".into(),
        Value::Null => "null".into(),
        Value::String(_) => "string".into(),
    }
}

/// Differences between MediaWiki's structure and ours. Lists of texts (value lists, the
/// modules' example lists, raw descriptions) may differ in length — the catalogue's values are
/// the stored answers' business, the texts ours — so their first items are compared.
fn compare(path: &str, expected: &Value, got: &Value, out: &mut Vec<String>) {
    match (expected, got) {
        (Value::Object(e), Value::Object(g)) => {
            let (ek, gk): (Vec<&String>, Vec<&String>) = (e.keys().collect(), g.keys().collect());
            // MediaWiki's main module lists internal actions this server does not have.
            let ek: Vec<&String> = ek.into_iter().filter(|k| *k != "internalvalues").collect();
            if ek != gk {
                out.push(format!("{path}: members {ek:?}, ours {gk:?}"));
                return;
            }
            for k in ek {
                compare(&format!("{path}/{k}"), &e[k], &g[k], out);
            }
        }
        (Value::Array(e), Value::Array(g)) => {
            let loose = path.ends_with("/examples") || path.ends_with("/description") || path.ends_with("/type");
            if path.ends_with("/params") {
                // A message's parameters are the message's own.
            } else if loose {
                if let (Some(a), Some(b)) = (e.first(), g.first()) {
                    compare(&format!("{path}/0"), a, b, out);
                } else if e.is_empty() != g.is_empty() {
                    out.push(format!("{path}: {} items, ours {}", e.len(), g.len()));
                }
            } else if e.len() != g.len() {
                out.push(format!("{path}: {} items, ours {}", e.len(), g.len()));
            } else {
                for (i, (a, b)) in e.iter().zip(g).enumerate() {
                    compare(&format!("{path}/{i}"), a, b, out);
                }
            }
        }
        (e, g) if e != g => out.push(format!("{path}: {e}, ours {g}")),
        _ => {}
    }
}

/// The shape of our answer to `query`.
fn answer_shape(query: &str) -> Value {
    let (_, body) = fixture_api(query);
    shape(&body)
}

/// A module as paraminfo describes it, compared where help goes: the module's members in order
/// (its description and examples placed as MediaWiki places them), and for each parameter both
/// describe, the members up to its description, the description's shape and its annotations'.
/// The rest of each parameter is the catalogue's, compared by the stored answers of paraminfo.
fn compare_module(path: &str, expected: &Value, got: &Value, out: &mut Vec<String>) {
    let keys = |v: &Value| v.as_object().map(|o| o.keys().cloned().collect::<Vec<_>>()).unwrap_or_default();
    if keys(expected) != keys(got) {
        out.push(format!("{path}: members {:?}, ours {:?}", keys(expected), keys(got)));
    }
    for member in ["description", "examples", "dynamicparameters"] {
        if let (Some(e), Some(g)) = (expected.get(member), got.get(member)) {
            compare(&format!("{path}/{member}"), e, g, out);
        }
    }
    let params = |v: &Value| -> Vec<Value> {
        ["parameters", "templatedparameters"]
            .iter()
            .flat_map(|k| v[*k].as_array().cloned().unwrap_or_default())
            .collect()
    };
    let ours = params(got);
    for e in params(expected) {
        let Some(g) = ours.iter().find(|g| g["name"] == e["name"]) else { continue };
        let name = format!("{path}/{}", e["name"].as_str().unwrap_or_default());
        let (ek, gk) = (keys(&e), keys(g));
        if let Some(at) = ek.iter().position(|k| k == "description") {
            if gk.get(..=at) != ek.get(..=at) {
                out.push(format!("{name}: members {ek:?}, ours {gk:?}"));
            }
            compare(&format!("{name}/description"), &e["description"], &g["description"], out);
        } else if gk.iter().any(|k| k == "description") {
            out.push(format!("{name}: a description MediaWiki does not give"));
        }
        if let (Some(ei), Some(gi)) = (e["info"].get(0), g["info"].get(0)) {
            compare(&format!("{name}/info"), ei, gi, out);
        }
    }
}

#[test]
fn paraminfo_and_wrapped_help_have_mediawikis_structure() {
    let names = captures("help", |n| n.starts_with("paraminfo") || n.starts_with("help-"));
    assert!(names.len() >= 13, "{}", names.len());
    let mut failures = Vec::new();
    for name in &names {
        let capture = fixture_json(&format!("oracle/help/{name}"));
        let query = capture["request"].as_str().unwrap_or_default();
        let expected = capture["shape"].clone();
        let got = answer_shape(query);
        if name.starts_with("paraminfo") {
            let (e, g) = (&expected["paraminfo"], &got["paraminfo"]);
            let modules = |v: &Value| v["modules"].as_array().cloned().unwrap_or_default();
            let (em, gm) = (modules(e), modules(g));
            if em.len() != gm.len() {
                failures.push(format!("{name}: {} modules, ours {}", em.len(), gm.len()));
            }
            for (i, (a, b)) in em.iter().zip(&gm).enumerate() {
                compare_module(&format!("{name}/modules/{i}"), a, b, &mut failures);
            }
            for member in ["mainmodule", "pagesetmodule"] {
                match (e.get(member), g.get(member)) {
                    (Some(a), Some(b)) => compare_module(&format!("{name}/{member}"), a, b, &mut failures),
                    (None, None) => {}
                    _ => failures.push(format!("{name}: {member} given by one side only")),
                }
            }
        } else {
            let strip = |mut v: Value| {
                if let Some(o) = v.as_object_mut() {
                    // Warnings and the host's name are compared elsewhere.
                    o.shift_remove("warnings");
                    o.shift_remove("servedby");
                }
                v
            };
            compare(name, &strip(expected), &strip(got), &mut failures);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The `apihelp-` elements of a page, as the capture tool reads them.
fn skeleton(html: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = html;
    while let Some(start) = rest.find('<') {
        rest = &rest[start + 1..];
        let end = rest.find('>').unwrap_or(rest.len());
        let tag_text = &rest[..end];
        let name: String = tag_text.chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
        if name.is_empty() {
            continue;
        }
        if let Some(at) = tag_text.find(" class=\"") {
            let class = &tag_text[at + 8..];
            let class = &class[..class.find('"').unwrap_or(class.len())];
            if class.contains("apihelp") {
                out.push(format!("{name}.{class}"));
            }
        }
    }
    out
}

/// A page's skeleton without what differs by design: an empty default is marked where one is
/// shown, MediaWiki's internal actions (which this server does not have) are marked as such, and
/// a deprecated value is marked only where values have help of their own (an enum's, not a
/// constant list's such as `rvprop`'s).
fn comparable_skeleton(items: Vec<String>) -> Vec<String> {
    items
        .into_iter()
        .filter(|i| !i.contains("apihelp-empty") && !i.contains("apihelp-internal") && i != "span.apihelp-deprecated")
        .collect()
}

#[test]
fn help_pages_have_mediawikis_structure_and_discovery_links() {
    let names = captures("help", |n| n.starts_with("page-") || n.starts_with("landing"));
    assert!(names.len() >= 7, "{}", names.len());
    let mut failures = Vec::new();
    for name in &names {
        let capture = fixture_json(&format!("oracle/help/{name}"));
        let query = capture["request"].as_str().unwrap_or_default();
        let res = fixture_api_raw(query, &[]);
        if res.status != 200 || !res.content_type.starts_with("text/html") {
            failures.push(format!("{name}: {} {}", res.status, res.content_type));
            continue;
        }
        assert!(res.body.contains("<meta name=\"generator\" content=\"MediaWiki 1.39"), "{name}");
        assert!(
            res.body.contains("<link rel=\"EditURI\" type=\"application/rsd+xml\" href=\"")
                && res.body.contains("api.php?action=rsd\"/>"),
            "{name}"
        );
        let expected: Vec<String> = capture["skeleton"]
            .as_array()
            .map(|a| a.iter().filter_map(|v| v.as_str().map(str::to_owned)).collect())
            .unwrap_or_default();
        let (expected, got) = (comparable_skeleton(expected), comparable_skeleton(skeleton(&res.body)));
        if expected != got {
            failures.push(format!("{name}:\n  MediaWiki {expected:?}\n  ours      {got:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_discovery_document_is_mediawikis() {
    let names = captures("help", |n| n.starts_with("rsd"));
    assert_eq!(names.len(), 3);
    for name in names {
        let capture = fixture_json(&format!("oracle/help/{name}"));
        let res = fixture_api_raw(capture["request"].as_str().unwrap_or_default(), &[]);
        assert_eq!(res.content_type, capture["content_type"].as_str().unwrap_or_default(), "{name}");
        assert_eq!(res.body, capture["body"].as_str().unwrap_or_default(), "{name}");
    }
}

#[test]
fn help_covers_every_module_and_wraps_on_request() {
    let res = fixture_api_raw("action=help&recursivesubmodules=1&toc=1", &[]);
    assert_eq!(res.status, 200);
    for d in every_module().into_iter().filter(|d| d.name != "pageset") {
        let id = format!("id=\"{}\"", d.path());
        assert!(res.body.contains(&id), "{} has no section", d.path());
        assert!(res.body.contains(&format!("href=\"#{}\"", d.path())), "{} is not in the contents", d.path());
    }
    // Each module's own page.
    for d in every_module().into_iter().filter(|d| d.name != "pageset") {
        let res = fixture_api_raw(&format!("action=help&modules={}", d.path().replace('+', "%2B")), &[]);
        assert_eq!(res.status, 200, "{}", d.path());
        for p in &d.params {
            let wire = format!("<span dir=\"ltr\" lang=\"en\">{}{}</span>", d.prefix, p.name);
            assert!(res.body.contains(&wire), "{}: {wire}", d.path());
        }
    }
    let (_, body) = fixture_api("action=help&modules=query%2Ballcategories&wrap=1&format=json&formatversion=2");
    let help: &Map<String, Value> = body["help"].as_object().expect("help member");
    assert_eq!(help["mime"], "text/html");
    assert!(help["help"].as_str().is_some_and(|h| h.contains("id=\"query+allcategories\"")));
    let (_, body) = fixture_api("action=help&modules=query%2Bnosuch&format=json");
    assert_eq!(body["error"]["code"], "badmodule");
    // Links to modules on the same page go to their sections: the query's `list` values.
    let res = fixture_api_raw("action=help&modules=query&submodules=1", &[]);
    assert!(res.body.contains("<a href=\"#query+allpages\">allpages</a>"), "no in-page link to allpages");
    // `query+*`: a section for every query module, none for an action.
    let res = fixture_api_raw("action=help&modules=query%2B*", &[]);
    assert!(res.body.contains("id=\"query+allpages\"") && res.body.contains("id=\"query+siteinfo\""));
    assert!(!res.body.contains("id=\"parse\""));
}

#[test]
fn help_formats_render_the_docs() {
    let (_, body) =
        fixture_api("action=paraminfo&modules=query%2Ballcategories&helpformat=html&format=json&formatversion=2");
    let m = &body["paraminfo"]["modules"][0];
    let prop = m["parameters"].as_array().and_then(|ps| ps.iter().find(|p| p["name"] == "prop")).expect("acprop");
    let html = prop["description"].as_str().unwrap_or_default();
    // The values' help as a definition list after the parameter's own paragraph.
    assert!(
        html.starts_with("<p>") && html.contains("<dl><dt><span dir=\"ltr\" lang=\"en\">hidden</span></dt>"),
        "{html}"
    );
    let (_, body) = fixture_api("action=paraminfo&modules=main&helpformat=wikitext&format=json&formatversion=2");
    let action = &body["paraminfo"]["modules"][0]["parameters"][0];
    let text = action["description"].as_str().unwrap_or_default();
    assert!(text.contains(";<span dir=\"ltr\" lang=\"en\">query</span>:"), "{text}");
    let (_, body) = fixture_api("action=paraminfo&modules=parse&helpformat=raw&format=json&formatversion=2");
    let d = &body["paraminfo"]["modules"][0]["description"][0];
    assert_eq!(d["key"], "apihelp-parse-summary");
}

/// paraminfo writes XML as MediaWiki's: modules (and the old forms' members) as `module`
/// items, parameters as `param`, their values as `t`, help URLs and examples by name, in every
/// help format; the output formats are modules too.
#[test]
fn paraminfo_writes_xml_in_every_help_format() {
    for helpformat in ["none", "html", "wikitext", "raw"] {
        let q = format!(
            "action=paraminfo&modules=query%2Ballpages|parse|json&querymodules=info&formatmodules=xml&mainmodule=1&pagesetmodule=1&helpformat={helpformat}&format=xml"
        );
        let body = fixture_api_raw(&q, &[]).body;
        assert!(!body.contains("notimplemented"), "{helpformat}: {body}");
        for piece in [
            "<module name=\"allpages\"",
            "<module name=\"json\"",
            "<formatmodules><module name=\"xml\"",
            "<querymodules><module name=\"info\"",
            "<param index=\"1\" name=\"from\"",
            "<helpurls><helpurl>",
            "<t>ascending</t>",
            "<mainmodule ",
            "<pagesetmodule ",
        ] {
            assert!(body.contains(piece), "{helpformat}: {piece} not in {body}");
        }
    }
}
