//! `list=search` on MediaWiki's own database searches MediaWiki's own index (its SQLite
//! `searchindex`) as MediaWiki 1.39 does: by title unless `srwhat=text`, in title order,
//! unstemmed. The result sets and their order equal MediaWiki's answers on the fixture
//! (`fixtures/oracle/search/`); snippets are compared by what they mark.

use serde_json::Value;
use wikiquery_tests::{captures, fixture_api, replay};

/// The words a snippet marks, in order, lower case.
fn marked(snippet: &str) -> Vec<String> {
    snippet
        .split("<span class='searchmatch'>")
        .skip(1)
        .filter_map(|s| s.split("</span>").next())
        .map(str::to_lowercase)
        .collect()
}

fn set_aside(_: &str, expected: &mut Value, got: &mut Value) {
    for answer in [expected, got] {
        for hit in answer.pointer_mut("/query/search").and_then(Value::as_array_mut).into_iter().flatten() {
            if let Some(snippet) = hit.get("snippet").and_then(Value::as_str).map(str::to_owned) {
                hit["snippet"] = serde_json::json!(!marked(&snippet).is_empty());
            }
        }
    }
}

#[test]
fn mediawikis_index_is_searched_as_mediawiki_searches_it() {
    let names = captures("search", |_| true);
    assert!(names.len() >= 20, "{}", names.len());
    let failures = replay("search", &names, &|_, q| fixture_api(q), &set_aside);
    assert!(failures.is_empty(), "{} differ:\n{}", failures.len(), failures.join("\n"));
}

/// A MediaWiki database without an index this server reads is not searched, and says so.
#[test]
fn without_an_index_search_is_disabled() {
    let config = wikiquery_tests::altered_fixture_config("no-searchindex.sqlite", "DROP TABLE searchindex;");
    let (_, body) =
        wikiquery_tests::api_with(&config, "action=query&list=search&srsearch=cat&format=json&formatversion=2");
    assert_eq!(body["error"]["code"], "searchdisabled", "{body}");
    // The near match needs no index.
    let (_, body) = wikiquery_tests::api_with(
        &config,
        "action=query&list=search&srsearch=cat&srwhat=nearmatch&format=json&formatversion=2",
    );
    assert_eq!(body["query"]["search"][0]["title"], "Cat", "{body}");
}
