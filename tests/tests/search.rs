//! The title prefix search and the special pages' reports answer as MediaWiki 1.39 does on
//! the fixture (its answers are stored under `fixtures/oracle/search/`), in formatversion 1
//! and 2: `list=prefixsearch` (prefixes in every namespace, case, redirects and the exact
//! match first, limits and offsets, as a generator with its `index`) and `list=querypage`
//! for each report this server computes (every limit and offset, as a generator). The
//! reports not computed yet answer `notimplemented` naming themselves.

use wikiquery_tests::{answer_as_named_caller, captures, replay};

/// The reports this server computes.
const COMPUTED: &[&str] = &[
    "Ancientpages",
    "BrokenRedirects",
    "Deadendpages",
    "Fewestrevisions",
    "Listredirects",
    "Lonelypages",
    "Longpages",
    "Mostcategories",
    "Mostimages",
    "Mostinterwikis",
    "Mostlinked",
    "Mostlinkedcategories",
    "Mostlinkedtemplates",
    "Mostrevisions",
    "Shortpages",
    "Uncategorizedimages",
    "Uncategorizedpages",
    "Uncategorizedtemplates",
    "Unusedcategories",
    "Unusedtemplates",
    "Wantedcategories",
    "Wantedpages",
    "Wantedtemplates",
    "Withoutinterwiki",
];

/// The report a capture asks for, when it names one (`qppage=` or `gqppage=`).
fn report_of(query: &str) -> Option<String> {
    query
        .split('&')
        .find_map(|kv| kv.strip_prefix("qppage=").or_else(|| kv.strip_prefix("gqppage=")).map(str::to_owned))
}

/// Captures this server answers otherwise, on purpose: special pages' names (this server has
/// no special pages to list: `notimplemented`), and a negative offset, which the spec's
/// newer catalogue gives a minimum of 0 (a warning, and the offset read as 0).
fn answered_otherwise(name: &str) -> bool {
    name.to_lowercase().contains("special") || name.contains("offset-negative")
}

#[test]
fn prefixsearch_answers_as_mediawiki_does() {
    let names = captures("search", |n| n.starts_with("prefixsearch") && !answered_otherwise(n));
    assert!(names.len() >= 280, "only {} captures", names.len());
    let failures = replay("search", &names, &answer_as_named_caller, &|_, _, _| {});
    assert!(failures.is_empty(), "{} of {} differ:\n{}", failures.len(), names.len(), failures.join("\n"));
}

#[test]
fn the_computed_reports_answer_as_mediawiki_does() {
    let names = captures("search", |n| {
        if !n.starts_with("querypage") {
            return false;
        }
        let capture = wikiquery_tests::fixture_json(&format!("oracle/search/{n}"));
        let query = capture["request"].as_str().unwrap_or_default().to_owned();
        match report_of(&query) {
            Some(report) => COMPUTED.contains(&report.as_str()),
            // Bad input: no report, or one that does not exist.
            None => true,
        }
    });
    assert!(names.len() >= 500, "only {} captures", names.len());
    let failures = replay("search", &names, &answer_as_named_caller, &|_, _, _| {});
    assert!(failures.is_empty(), "{} of {} differ:\n{}", failures.len(), names.len(), failures.join("\n"));
}

#[test]
fn the_other_reports_say_they_are_not_implemented() {
    let (status, answer) =
        wikiquery_tests::fixture_api("action=query&list=querypage&qppage=DoubleRedirects&format=json&formatversion=2");
    assert_eq!(status, 200);
    assert_eq!(answer["error"]["code"], "notimplemented", "{answer}");
    assert!(answer["error"]["info"].as_str().unwrap_or_default().contains("DoubleRedirects"), "{answer}");
}
