//! `list=search` over wikiquery's own full-text index, on the fixture wiki imported from its
//! dump (the import builds the index). MediaWiki's SQLite search is no reference for what a
//! reader should find (its index of the fixture is sparse and unstemmed), so these tests say
//! what a reader of the fixture's pages expects: the result sets, stemming, phrases,
//! exclusions, prefixes and titles, the obvious ranking (a title match above a body match),
//! MediaWiki's output shape, continuation and the generator. On MediaWiki's own database the
//! same module searches MediaWiki's index as MediaWiki does (tested in `search_mediawiki`).

use std::collections::BTreeSet;

use serde_json::Value;
use wikiquery_tests::{api_with, imported_fixture_config};

fn search(params: &str) -> Value {
    api_with(imported_fixture_config(), &format!("action=query&list=search&format=json&formatversion=2&{params}")).1
}

fn titles(body: &Value) -> Vec<String> {
    body["query"]["search"]
        .as_array()
        .unwrap_or_else(|| panic!("no results: {body}"))
        .iter()
        .map(|h| h["title"].as_str().unwrap_or_default().to_owned())
        .collect()
}

fn all_titles(params: &str) -> BTreeSet<String> {
    titles(&search(&format!("{params}&srlimit=max&srprop="))).into_iter().collect()
}

#[test]
fn words_are_found_through_their_stems() {
    // The pages say "Animals"; a reader asking for "animal" finds them.
    let animals = all_titles("srsearch=animal");
    for page in ["Cat", "Dog", "Horse", "Bee", "Snake"] {
        assert!(animals.contains(page), "{page} in {animals:?}");
    }
    assert!(!animals.contains("Apple"), "{animals:?}");
    assert_eq!(animals, all_titles("srsearch=ANIMALS"), "case does not matter");
}

#[test]
fn phrases_exclusions_and_prefixes_narrow_the_set() {
    let link = all_titles("srsearch=link");
    let both = all_titles("srsearch=link animal");
    let without = all_titles("srsearch=link -animal");
    assert!(!both.is_empty() && !without.is_empty());
    assert!(both.is_subset(&link) && without.is_subset(&link));
    assert!(both.is_disjoint(&without));
    assert_eq!(both.union(&without).cloned().collect::<BTreeSet<_>>(), link);
    // A phrase needs its words together, in order.
    let phrase = all_titles("srsearch=\"colon-less cat link\"");
    assert!(!phrase.is_empty());
    assert!(all_titles("srsearch=\"link cat colon-less\"").is_empty());
    // A prefix of a word.
    assert!(all_titles("srsearch=anim*").is_superset(&all_titles("srsearch=animal")));
    // Only the only-excluded: nothing.
    assert!(all_titles("srsearch=-cat").is_empty());
}

#[test]
fn titles_rank_above_texts() {
    let body = search("srsearch=cat&srlimit=5&srprop=titlesnippet");
    let first: Vec<String> = titles(&body).into_iter().take(3).collect();
    let first: BTreeSet<String> = first.into_iter().collect();
    assert_eq!(first, ["Cat", "Cat description", "Fr cat"].iter().map(|s| (*s).to_owned()).collect());
    assert_eq!(
        all_titles("srsearch=intitle:cat"),
        ["Cat", "Cat description", "Fr cat"].iter().map(|s| (*s).to_owned()).collect()
    );
    assert_eq!(all_titles("srsearch=cat&srwhat=title"), all_titles("srsearch=intitle:cat"));
    let hit = body["query"]["search"].as_array().and_then(|h| h.iter().find(|h| h["title"] == "Cat")).cloned();
    assert_eq!(hit.map(|h| h["titlesnippet"].clone()), Some("<span class='searchmatch'>Cat</span>".into()));
}

#[test]
fn answers_have_mediawikis_shape() {
    let body = search("srsearch=dog&srlimit=2");
    assert!(body["query"]["searchinfo"]["totalhits"].as_i64().unwrap_or(0) > 2, "{body}");
    assert_eq!(body["continue"]["sroffset"], 2);
    let hit = &body["query"]["search"][0];
    let keys: Vec<&str> = hit.as_object().map(|o| o.keys().map(String::as_str).collect()).unwrap_or_default();
    assert_eq!(keys, ["ns", "title", "pageid", "size", "wordcount", "snippet", "timestamp"]);
    assert_eq!(hit["title"], "Dog");
    assert!(hit["snippet"].as_str().unwrap_or_default().contains("<span class='searchmatch'>Dog</span>"), "{hit}");
    assert_eq!(hit["timestamp"], "2026-11-21T23:32:27Z");
    // Formatversion 1 keeps the shape.
    let (_, v1) = api_with(imported_fixture_config(), "action=query&list=search&srsearch=dog&srlimit=1&format=json");
    assert_eq!(v1["query"]["search"][0]["title"], "Dog");
    // A search of no words finds nothing; a prefix alone lists the titles it begins.
    let (_, none) =
        api_with(imported_fixture_config(), "action=query&list=search&srsearch=%20&format=json&formatversion=2");
    assert_eq!(none["query"]["searchinfo"]["totalhits"], 0, "{none}");
    assert_eq!(none["query"]["search"], serde_json::json!([]));
    let help = all_titles("srsearch=prefix:Help:");
    assert!(help.iter().all(|t| t.starts_with("Help:")) && help.contains("Help:Contents"), "{help:?}");
    // Namespaces.
    let talk = all_titles("srsearch=cat&srnamespace=1");
    assert!(!talk.is_empty() && talk.iter().all(|t| t.starts_with("Talk:")), "{talk:?}");
    // The near match is the page of that title.
    assert_eq!(titles(&search("srsearch=cat&srwhat=nearmatch")), ["Cat"]);
    assert_eq!(titles(&search("srsearch=DOG&srwhat=nearmatch")), ["Dog"]);
}

#[test]
fn paging_by_offset_equals_the_whole_list() {
    let whole = titles(&search("srsearch=link&srlimit=max&srprop="));
    for limit in [1usize, 7] {
        let mut paged = Vec::new();
        let mut offset = 0;
        loop {
            let body = search(&format!("srsearch=link&srlimit={limit}&sroffset={offset}&srprop="));
            paged.extend(titles(&body));
            match body["continue"]["sroffset"].as_i64() {
                Some(next) => offset = next,
                None => break,
            }
        }
        assert_eq!(paged, whole, "limit {limit}");
    }
}

#[test]
fn search_generates_pages_with_their_rank() {
    let (_, body) = api_with(
        imported_fixture_config(),
        "action=query&generator=search&gsrsearch=dog&gsrlimit=3&prop=info&format=json&formatversion=2",
    );
    let pages = body["query"]["pages"].as_array().cloned().unwrap_or_default();
    assert_eq!(pages.len(), 3, "{body}");
    let dog = pages.iter().find(|p| p["title"] == "Dog").expect("Dog");
    assert_eq!(dog["index"], 1);
    assert!(body["query"].get("searchinfo").is_none());
}
