//! `prop=links`, `prop=templates`, `prop=images` and `prop=categories` answer as MediaWiki
//! 1.39 does on the fixture (its answers are stored under `fixtures/oracle/<module>/`), in
//! formatversion 1 and 2: every parameter, several pages, continuation chains, and each module
//! as a generator.

use wikiquery_tests::{fixture_api, replay_modules};

#[test]
fn link_modules_answer_as_mediawiki_does() {
    let modules = ["links", "templates", "images", "categories"];
    let (count, failures) = replay_modules(&modules, |_| true, &|_, q| fixture_api(q), &|_, _, _| {});
    assert!(count >= 100, "only {count} captures");
    assert!(failures.is_empty(), "{} of {count} differ:\n{}", failures.len(), failures.join("\n"));
}

/// `prop=linkshere`, `transcludedin`, `fileusage`, `redirects` (also as generators),
/// `langlinks`, `iwlinks`, `extlinks`, `pageprops` and `categoryinfo`: MediaWiki's answers in
/// their modules' folders.
#[test]
fn backlink_and_other_link_props_answer_as_mediawiki_does() {
    let modules = [
        "linkshere",
        "transcludedin",
        "fileusage",
        "redirects",
        "langlinks",
        "iwlinks",
        "extlinks",
        "pageprops",
        "categoryinfo",
    ];
    // The spec's catalogue, newer than 1.39, marks `elexpandurl` deprecated (it changes
    // nothing since protocol-relative links are stored expanded): its use is warned of.
    let deprecated = |name: &str, _: &mut serde_json::Value, got: &mut serde_json::Value| {
        if name.starts_with("extlinks-expandurl") {
            let warnings = got.as_object_mut().and_then(|o| o.remove("warnings"));
            assert!(warnings.is_some_and(|w| w.to_string().contains("elexpandurl")), "{name}");
        }
    };
    let (count, failures) = replay_modules(&modules, |_| true, &|_, q| fixture_api(q), &deprecated);
    assert!(count >= 1000, "only {count} captures");
    assert!(failures.is_empty(), "{} of {count} differ:\n{}", failures.len(), failures.join("\n"));
}
