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

/// `prop=linkshere`, `transcludedin`, `fileusage`, `redirects` (also as generators),
/// `langlinks`, `iwlinks`, `extlinks`, `pageprops` and `categoryinfo`: MediaWiki's answers in
/// `fixtures/oracle/links2/`.
#[test]
fn backlink_and_other_link_props_answer_as_mediawiki_does() {
    let names = captures("links2", |n| !n.starts_with("paraminfo"));
    assert!(names.len() >= 1000, "only {} captures", names.len());
    // The spec's catalogue, newer than 1.39, marks `elexpandurl` deprecated (it changes
    // nothing since protocol-relative links are stored expanded): its use is warned of.
    let deprecated = |name: &str, _: &mut serde_json::Value, got: &mut serde_json::Value| {
        if name.starts_with("extlinks-expandurl") {
            let warnings = got.as_object_mut().and_then(|o| o.remove("warnings"));
            assert!(warnings.is_some_and(|w| w.to_string().contains("elexpandurl")), "{name}");
        }
    };
    let failures = replay("links2", &names, &|_, q| fixture_api(q), &deprecated);
    assert!(failures.is_empty(), "{} of {} differ:\n{}", failures.len(), names.len(), failures.join("\n"));
}
