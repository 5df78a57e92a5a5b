//! Bad input gets MediaWiki's envelope with MediaWiki's code; unknown parameters and values
//! get warnings. Codes are compared with the answers MediaWiki 1.39 gave to the same requests.

use serde_json::Value;
use wikiquery_tests::api;

fn error_code(body: &Value) -> &str {
    body["error"]["code"].as_str().unwrap_or_else(|| panic!("no error in {body}"))
}

#[test]
fn an_unknown_action_is_badvalue() {
    let (status, body) = api("action=nosuchaction&format=json&formatversion=2");
    assert_eq!(status, 200);
    assert_eq!(error_code(&body), "badvalue");
    assert!(body["error"]["info"].as_str().unwrap_or_default().contains("\"action\""));
    assert!(body["error"]["docref"].is_string(), "formatversion=2 names the reference `docref`");
    assert!(body["servedby"].is_string());
}

#[test]
fn formatversion_1_errors_carry_the_reference_as_star() {
    let (_, body) = api("action=nosuchaction&format=json");
    assert!(body["error"]["*"].is_string());
    assert!(body["error"].get("docref").is_none());
}

#[test]
fn a_value_outside_the_set_is_badvalue() {
    let (_, body) = api("action=query&list=logevents&letype=nosuchtype&format=json");
    assert_eq!(error_code(&body), "badvalue");
    assert_eq!(body["error"]["info"], "Unrecognized value for parameter \"letype\": nosuchtype.");
}

#[test]
fn a_limit_that_is_no_integer_is_badinteger() {
    let (_, body) = api("action=query&list=logevents&lelimit=abc&format=json&formatversion=2");
    assert_eq!(error_code(&body), "badinteger");
}

#[test]
fn a_bad_timestamp_is_badtimestamp() {
    let (_, body) = api("action=query&list=logevents&lestart=notatime&format=json&formatversion=2");
    assert_eq!(error_code(&body), "badtimestamp");
}

#[test]
fn a_namespace_the_site_lacks_is_badvalue() {
    let (_, body) = api("action=query&list=allpages&apnamespace=9999&format=json&formatversion=2");
    assert_eq!(error_code(&body), "badvalue");
}

#[test]
fn more_than_fifty_values_is_toomanyvalues() {
    let many: Vec<String> = (0..51).map(|i| format!("M{i}")).collect();
    let (_, body) = api(&format!("action=paraminfo&modules={}&format=json", many.join("|")));
    assert_eq!(error_code(&body), "toomanyvalues");
}

#[test]
fn a_missing_required_parameter_is_missingparam() {
    let (_, body) = api("action=query&list=querypage&format=json&formatversion=2");
    assert_eq!(error_code(&body), "missingparam");
    assert!(body["error"]["info"].as_str().unwrap_or_default().contains("qppage"));
}

#[test]
fn an_unknown_format_is_badvalue() {
    let (_, body) = api("action=paraminfo&format=yaml");
    assert_eq!(error_code(&body), "badvalue");
}

#[test]
fn an_unknown_parameter_is_warned_about_under_main() {
    let (_, body) = api("action=paraminfo&modules=query%2Blogevents&apnosuchparam=1&format=json");
    assert_eq!(body["warnings"]["main"]["*"], "Unrecognized parameter: apnosuchparam.");
    assert!(body["paraminfo"]["modules"].is_array(), "the request still succeeds");
}

#[test]
fn several_unknown_parameters_are_listed_together() {
    let (_, body) = api("action=paraminfo&apfrom=A&apprefix=&format=json&formatversion=2");
    assert_eq!(body["warnings"]["main"]["warnings"], "Unrecognized parameters: apfrom, apprefix.");
}

#[test]
fn an_unknown_value_of_a_multi_valued_parameter_is_dropped_with_a_warning() {
    let (_, body) = api("action=query&list=nosuchlist&format=json&formatversion=2");
    assert_eq!(body["warnings"]["query"]["warnings"], "Unrecognized value for parameter \"list\": nosuchlist");
    assert_eq!(body["batchcomplete"], true);
}

#[test]
fn an_unknown_module_in_paraminfo_is_warned_about_per_parent() {
    let (_, body) = api("action=paraminfo&modules=query%2Bnosuch|nosuch&format=json&formatversion=2");
    assert_eq!(
        body["warnings"]["paraminfo"]["warnings"],
        "The module \"query\" does not have a submodule \"nosuch\".\nThe module \"main\" does not have a submodule \"nosuch\"."
    );
    assert_eq!(body["paraminfo"], serde_json::json!({"helpformat": "none"}));
}

/// Every query module executes; a part of one that does not yet (a pre-save transform that
/// substitutes an interface message in MediaWiki's words) says so, naming itself.
#[test]
fn a_part_that_does_not_execute_yet_says_so_by_name() {
    let (status, body) = wikiquery_tests::fixture_api(
        "action=query&prop=revisions&titles=Cat&rvprop=content&rvdifftotext=%7B%7Bsubst:int:mainpage%7D%7D&rvdifftotextpst=1&format=json",
    );
    assert_eq!(status, 200);
    assert_eq!(error_code(&body), "notimplemented");
    assert!(body["error"]["info"].as_str().unwrap_or_default().contains("query+revisions (rvdifftotextpst"), "{body}");
}

#[test]
fn parameters_are_still_validated_before_that() {
    let (_, body) = wikiquery_tests::fixture_api(
        "action=query&prop=revisions&titles=Cat&rvprop=content|bogus&rvdifftotext=%7B%7Bsubst:int:mainpage%7D%7D&rvdifftotextpst=1&format=json&formatversion=2",
    );
    let warnings = body["warnings"]["revisions"]["warnings"].as_str().unwrap_or_default();
    assert!(warnings.contains("Unrecognized value for parameter \"rvprop\": bogus"), "{body}");
    assert_eq!(error_code(&body), "notimplemented");
}

#[test]
fn a_deprecated_parameter_is_warned_about() {
    let (_, body) = api("action=paraminfo&querymodules=logevents&format=json&formatversion=2");
    let text = body["warnings"]["paraminfo"]["warnings"].as_str().unwrap_or_default();
    assert!(text.contains("\"querymodules\" has been deprecated"), "{body}");
    // Described under the old request's own member, with its group as `querytype`.
    assert_eq!(body["paraminfo"]["querymodules"][0]["name"], "logevents");
    assert_eq!(body["paraminfo"]["querymodules"][0]["querytype"], "list");
}

#[test]
fn the_u001f_separator_form_is_accepted() {
    let (_, body) = api("action=paraminfo&modules=%1Fquery%2Blogevents%1Fquery%2Ballpages&format=json");
    let names: Vec<&str> =
        body["paraminfo"]["modules"].as_array().expect("modules").iter().filter_map(|m| m["name"].as_str()).collect();
    assert_eq!(names, ["logevents", "allpages"]);
}

#[test]
fn requestid_and_curtimestamp_are_echoed() {
    let (_, body) = api("action=paraminfo&requestid=abc&curtimestamp=1&format=json");
    assert_eq!(body["requestid"], "abc");
    let ts = body["curtimestamp"].as_str().expect("curtimestamp");
    assert_eq!(ts.len(), 20);
    assert!(ts.ends_with('Z'));
}

#[test]
fn random_parameter_strings_never_break_the_envelope() {
    // A deterministic generator: no dependency, the same strings every run.
    let alphabet: Vec<char> = "ab|*%1F&=+-_.0123456789lexqupt#<>[]{}\u{1f}é ".chars().collect();
    let names = [
        "action",
        "format",
        "formatversion",
        "modules",
        "list",
        "leprop",
        "lelimit",
        "lestart",
        "letype",
        "leuser",
        "lenamespace",
        "apnamespace",
        "meta",
        "rvslots",
        "rvcontentformat-main",
        "querymodules",
    ];
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for _ in 0..2000 {
        let mut query = String::from("format=json");
        for _ in 0..(next() % 5 + 1) {
            let name = names[(next() % names.len() as u64) as usize];
            let len = next() % 12;
            let value: String = (0..len).map(|_| alphabet[(next() % alphabet.len() as u64) as usize]).collect();
            let value: String = value.replace('&', "%26").replace('=', "%3D");
            query.push_str(&format!("&{name}={value}"));
        }
        let res = wikiquery_tests::api_raw(&query);
        assert!(res.status == 200 || res.status == 503, "{query}: status {}", res.status);
        // The body as written: JSON, or (a `format` the generator changed) the pretty page
        // around JSON, which the helper reads out, else wrapping the raw body in a
        // `content_type` member that no answer has.
        if !query.contains("&action=") && res.body.starts_with("<!DOCTYPE html>") {
            // No action: the help page, as MediaWiki shows it (unless a main parameter is bad).
            continue;
        }
        let body: Value = if res.content_type.starts_with("application/json") {
            serde_json::from_str(&res.body).unwrap_or_else(|e| panic!("{query}: {e}: {}", res.body))
        } else {
            wikiquery_tests::response_json(&res)
        };
        assert!(body.is_object() && body.get("content_type").is_none(), "{query}: {body}");
        if let Some(e) = body.get("error") {
            assert!(e["code"].is_string() && e["info"].is_string(), "{query}: {body}");
        }
    }
}

/// The fixture is served with its clock frozen where MediaWiki's was when its answers were
/// captured: `curtimestamp` and a `now` timestamp value are that instant, whatever the day.
#[test]
fn a_frozen_clock_is_every_requests_now() {
    let (_, body) =
        wikiquery_tests::fixture_api("action=query&list=logevents&lestart=now&lelimit=1&curtimestamp=1&format=json");
    assert_eq!(body["curtimestamp"], "2026-11-22T00:00:00Z");
    let (_, body) = wikiquery_tests::fixture_api(
        "action=query&list=logevents&leend=now&ledir=newer&lelimit=max&format=json&formatversion=2",
    );
    let newest = body["query"]["logevents"].as_array().and_then(|e| e.last()).expect("entries")["timestamp"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(newest.as_str() <= "2026-11-22T00:00:00Z", "an entry after the frozen now: {newest}");
}

/// Members come in MediaWiki's order, which follows from when each was added: the requested
/// fields before the action runs, the first warning on top of what the result held then,
/// `batchcomplete` and `continue` on top once the modules have run, and each module's first
/// warning in `bc` on top of the others.
#[test]
fn members_and_warnings_come_in_mediawikis_order() {
    let order = |query: &str| {
        let res = wikiquery_tests::fixture_api_raw(query, &[]);
        let body: serde_json::Map<String, serde_json::Value> = serde_json::from_str(&res.body).expect("json");
        let keys: Vec<String> = body.keys().cloned().collect();
        let warned: Vec<String> =
            body.get("warnings").and_then(|w| w.as_object()).map(|w| w.keys().cloned().collect()).unwrap_or_default();
        (keys, warned)
    };
    // A warning made while the module ran: under `batchcomplete`, above the request id.
    let (keys, _) = order("action=query&meta=languageinfo&licode=xx&requestid=5&format=json");
    assert_eq!(keys, ["batchcomplete", "warnings", "requestid", "query"]);
    // Unknown parameters are found after the action: their warning goes on top.
    let (keys, _) = order("action=query&list=allpages&aplimit=1&foo=1&requestid=1&curtimestamp=1&format=json");
    assert_eq!(keys, ["warnings", "batchcomplete", "continue", "requestid", "curtimestamp", "query"]);
    // Both: the module's warning came first, so `main`'s entry is on top of it.
    let (keys, warned) = order("action=query&meta=languageinfo&licode=xx&foo=1&format=json");
    assert_eq!(keys, ["batchcomplete", "warnings", "query"]);
    assert_eq!(warned, ["main", "languageinfo"]);
    // An error replaces the result: warnings, the error, then the requested fields.
    let (keys, _) = order("action=query&list=allpages&aplimit=x&requestid=7&format=json");
    assert_eq!(keys[..2], ["error", "requestid"]);
}

/// Captures of MediaWiki's write actions, which a read-only server does not have: the spec's
/// `action` takes no such value, so they are `badvalue` here where MediaWiki checks their
/// parameters.
const WRITE_ACTIONS: &[&str] = &["error-missing-required-rollback.json", "error-post-only-get.fv2.json"];

/// Errors MediaWiki 1.39 gave on the fixture to requests of several modules
/// (`fixtures/oracle/errors/`): a missing parameter, a write action, a GET where a POST is
/// needed, an unknown action or module. Compared by code, with the warnings beside them.
#[test]
fn errors_of_the_modules_answer_as_mediawiki_does() {
    let names = wikiquery_tests::captures("errors", |_| true);
    assert!(names.len() >= 6, "{names:?}");
    let write_actions = |name: &str, expected: &mut Value, got: &mut Value| {
        if WRITE_ACTIONS.contains(&name) {
            assert_eq!(got["error"]["code"], "badvalue", "{name}: {got}");
            *expected = got.clone();
        }
    };
    let failures = wikiquery_tests::replay("errors", &names, &|_, q| wikiquery_tests::fixture_api(q), &write_actions);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
