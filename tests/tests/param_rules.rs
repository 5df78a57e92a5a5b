//! Rules over several parameters, declared on a module or a family's parameter group, answer
//! with MediaWiki's codes: the back-link family takes its page by exactly one of `title` and
//! `pageid` (MediaWiki's `requireOnlyOneParameter`), checked after every parameter is read.

use serde_json::Value;
use wikiquery_tests::api;

fn error_code(body: &Value) -> String {
    body["error"]["code"].as_str().unwrap_or_else(|| panic!("no error in {body}")).to_owned()
}

#[test]
fn neither_title_nor_pageid_is_missingparam() {
    for (module, prefix) in [("backlinks", "bl"), ("embeddedin", "ei"), ("imageusage", "iu")] {
        let (_, body) = api(&format!("action=query&list={module}&{prefix}limit=5&format=json"));
        assert_eq!(error_code(&body), "missingparam", "{module}");
        let info = body["error"]["info"].as_str().unwrap_or_default();
        assert!(
            info.contains(&format!("\"{prefix}title\"")) && info.contains(&format!("\"{prefix}pageid\"")),
            "{info}"
        );
    }
}

#[test]
fn both_title_and_pageid_is_invalidparammix() {
    let (_, body) = api("action=query&list=backlinks&bltitle=Cat&blpageid=1&format=json");
    assert_eq!(error_code(&body), "invalidparammix");
}

#[test]
fn an_invalid_parameter_is_reported_before_the_rule() {
    // MediaWiki validates every parameter before it checks the rule.
    let (_, body) = api("action=query&list=backlinks&bllimit=many&format=json");
    assert_eq!(error_code(&body), "badinteger");
}

#[test]
fn one_of_them_passes_the_rule() {
    for query in ["bltitle=Cat", "blpageid=1", "bltitle="] {
        let (_, body) = api(&format!("action=query&list=backlinks&{query}&format=json"));
        // Whatever the answer (the empty title is no title), it is not the rule's.
        let code = body["error"]["code"].as_str().unwrap_or_default();
        assert!(!matches!(code, "missingparam" | "invalidparammix"), "{query}: {body}");
    }
}

/// `list=logevents` takes at most one of `letitle`, `lenamespace` and `leprefix`
/// (MediaWiki's `requireMaxOneParameter`), the ones given named in the order declared.
#[test]
fn logevents_takes_at_most_one_page_filter() {
    let (_, body) = api("action=query&list=logevents&leprefix=Ca&letitle=Cat&format=json");
    assert_eq!(error_code(&body), "invalidparammix");
    assert_eq!(body["error"]["info"], "The parameters \"letitle\" and \"leprefix\" can not be used together.");
    let (_, body) = api("action=query&list=logevents&lenamespace=0&leprefix=Ca&letitle=Cat&format=json");
    assert_eq!(
        body["error"]["info"],
        "The parameters \"letitle\", \"lenamespace\" and \"leprefix\" can not be used together."
    );
    let (_, body) = wikiquery_tests::fixture_api("action=query&list=logevents&leprefix=Ca&lelimit=1&format=json");
    assert!(body.get("error").is_none(), "{body}");
}

/// A required text parameter given empty is missing (MediaWiki's string type refuses the empty
/// string where a value is required); one with a list of values is a bad value instead.
#[test]
fn a_required_text_given_empty_is_missingparam() {
    for (query, wire) in [
        ("list=prefixsearch&pssearch=", "pssearch"),
        ("list=pageswithprop&pwppropname=", "pwppropname"),
        ("generator=prefixsearch&gpssearch=", "gpssearch"),
    ] {
        let (_, body) = wikiquery_tests::fixture_api(&format!("action=query&{query}&format=json"));
        assert_eq!(error_code(&body), "missingparam", "{query}");
        assert!(body["error"]["info"].as_str().unwrap_or_default().contains(wire), "{body}");
    }
    let (_, body) = wikiquery_tests::fixture_api("action=query&list=querypage&qppage=&format=json");
    assert_eq!(error_code(&body), "badvalue");
}

/// A parameter group counts its parameters as it describes them (every query reads the page
/// set's by this count).
#[test]
fn a_group_counts_the_parameters_it_describes() {
    use wikiquery_runtime::param::ParamGroup;
    use wikiquery_runtime::query::PageSetParams;
    assert_eq!(PageSetParams::count(), PageSetParams::params().len());
    assert!(PageSetParams::params().iter().any(|p| p.name == "generator"));
}
