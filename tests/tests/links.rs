//! `prop=links`, `prop=templates`, `prop=images` and `prop=categories` answer as MediaWiki
//! 1.39 does on the fixture (its answers are stored under `fixtures/oracle/links/`), in
//! formatversion 1 and 2: every parameter, several pages, continuation chains, and each module
//! as a generator.

use wikiquery_tests::{captures, fixture_api, replay};

#[test]
fn link_modules_answer_as_mediawiki_does() {
    let names = captures("links", |n| !n.starts_with("paraminfo"));
    assert!(names.len() >= 100, "only {} captures", names.len());
    let failures = replay("links", &names, &|_, q| fixture_api(q), &|_, _, _| {});
    assert!(failures.is_empty(), "{} of {} differ:\n{}", failures.len(), names.len(), failures.join("\n"));
}
