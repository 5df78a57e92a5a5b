//! `list=random` reads pages in the order of their random key from a random point, wrapping
//! round to the start of the range: followed to its end from any point, it lists every page
//! of its selection once. Its answers are random, so they are checked by what must hold of
//! them, and its errors by code.

use std::collections::BTreeSet;

use wikiquery_tests::fixture_api;

/// The (namespace, title) of every item of `list` over the pages of `query`, following
/// `continue`.
fn followed(query: &str, list: &str) -> Vec<(i64, String)> {
    let mut items = Vec::new();
    let mut extra = String::new();
    for _ in 0..500 {
        let (status, answer) = fixture_api(&format!("{query}{extra}&format=json&formatversion=2"));
        assert_eq!(status, 200);
        assert!(answer.get("error").is_none(), "{query}{extra}: {answer}");
        let found = match list {
            "pages" => answer["query"]["pages"].as_array().cloned().unwrap_or_default(),
            _ => answer["query"][list].as_array().cloned().unwrap_or_default(),
        };
        items.extend(
            found.iter().map(|p| (p["ns"].as_i64().unwrap_or(-99), p["title"].as_str().unwrap_or("").to_owned())),
        );
        let Some(cont) = answer.get("continue").and_then(|c| c.as_object()) else { return items };
        extra =
            cont.iter().map(|(k, v)| format!("&{k}={}", v.as_str().unwrap_or_default().replace('|', "%7C"))).collect();
    }
    panic!("{query}: more than 500 pages");
}

/// Every page of the selection, from `list=allpages` in each namespace.
fn every_page(namespaces: &[i64], filter: &str) -> BTreeSet<(i64, String)> {
    let mut all = BTreeSet::new();
    for ns in namespaces {
        let query = format!("action=query&list=allpages&aplimit=max&apnamespace={ns}&apfilterredir={filter}");
        all.extend(followed(&query, "allpages"));
    }
    all
}

#[test]
fn followed_to_its_end_the_listing_gives_every_page_of_its_selection_once() {
    let namespaces = [0, 1, 2, 4, 6, 10, 14];
    for (filter, start) in [("nonredirects", "0.5"), ("redirects", "0.01"), ("all", "0.999999")] {
        let ns: Vec<String> = namespaces.iter().map(i64::to_string).collect();
        let base = format!("action=query&list=random&rnnamespace={}&rnfilterredir={filter}", ns.join("%7C"));
        let expected = every_page(&namespaces, filter);
        assert!(!expected.is_empty(), "{filter}");
        for limit in ["1", "7", "max"] {
            let listed = followed(&format!("{base}&rnlimit={limit}&rncontinue={start}%7C{start}%7C0%7C0"), "random");
            let set: BTreeSet<_> = listed.iter().cloned().collect();
            assert_eq!(set.len(), listed.len(), "{filter}, limit {limit}: a page listed twice");
            assert_eq!(set, expected, "{filter}, limit {limit}");
        }
        // As a generator, the same pages.
        let generator = format!(
            "action=query&generator=random&grnnamespace={}&grnfilterredir={filter}&grnlimit=7\
             &grncontinue={start}%7C{start}%7C0%7C0",
            ns.join("%7C")
        );
        let generated = followed(&generator, "pages");
        assert_eq!(generated.iter().cloned().collect::<BTreeSet<_>>(), expected, "{filter} as a generator");
    }
}

#[test]
fn a_fresh_listing_starts_anywhere_and_says_where_it_goes_on() {
    let (status, answer) =
        fixture_api("action=query&list=random&rnlimit=3&rnfilterredir=all&format=json&formatversion=2");
    assert_eq!(status, 200);
    let pages = answer["query"]["random"].as_array().expect("a list");
    assert_eq!(pages.len(), 3);
    for page in pages {
        assert!(page["id"].as_i64().is_some() && page["title"].is_string() && page["redirect"].is_boolean(), "{page}");
    }
    let cont = answer["continue"]["rncontinue"].as_str().expect("a continue value");
    let parts: Vec<&str> = cont.split('|').collect();
    assert_eq!(parts.len(), 4, "{cont}");
    assert!(parts[0].starts_with("0.") && parts[0].len() == 14, "a key of twelve digits: {cont}");
}

#[test]
fn bad_input_gets_mediawikis_codes() {
    for (query, code) in [
        ("list=random&rnredirect=1&rnfilterredir=all", "invalidparammix"),
        ("list=random&rncontinue=abc", "badcontinue"),
        ("list=random&rncontinue=0.5|0.5|0", "badcontinue"),
        ("list=random&rncontinue=1.5|0.5|0|0", "badcontinue"),
        ("list=random&rncontinue=0.5|0.5|01|0", "badcontinue"),
        ("list=random&rncontinue=0.5|0.5|0|2", "badcontinue"),
        ("list=random&rnlimit=many", "badinteger"),
        ("list=random&rnfilterredir=sideways", "badvalue"),
    ] {
        let (status, answer) = fixture_api(&format!("action=query&{query}&format=json&formatversion=2"));
        assert_eq!(status, 200);
        assert_eq!(answer["error"]["code"], code, "{query}: {answer}");
    }
}

/// MediaWiki's answers to requests whose answer does not depend on chance (given continue
/// values, errors), stored under `fixtures/oracle/random/`, replayed.
#[test]
fn hand_made_continue_values_and_errors_answer_as_mediawiki_does() {
    use wikiquery_tests::{answer_as_named_caller, captures, replay};
    let names = captures("random", |n| !n.contains("-run"));
    assert!(names.len() >= 80, "only {} captures", names.len());
    let failures = replay("random", &names, &answer_as_named_caller, &|_, _, _| {});
    assert!(failures.is_empty(), "{} of {} differ:\n{}", failures.len(), names.len(), failures.join("\n"));
}

/// The shape of an answer: what members it has, how many items each list holds (when
/// `counted`) and of what kind each value is, leaving out which pages chance chose: so also
/// the flags a chosen page may or may not have (`redirect`, `new`: formatversion 1's `""`, 2's
/// booleans) and a redirect's fragment.
/// Page ids as keys (formatversion 1's `pages`) count as one key with the number of pages.
fn shape(value: &serde_json::Value, counted: bool) -> serde_json::Value {
    use serde_json::{json, Value};
    let flag = |v: &Value| v == &json!("") || v.is_boolean();
    let len = |n: usize| if counted { json!(n) } else { json!("some") };
    match value {
        Value::Object(members) if !members.is_empty() && members.keys().all(|k| k.parse::<i64>().is_ok()) => {
            json!({ "#ids": len(members.len()), "#each": shape(members.values().next().unwrap_or(&Value::Null), counted) })
        }
        Value::Object(members) => members
            .iter()
            .filter(|(k, v)| !flag(v) && k.as_str() != "tofragment")
            .map(|(k, v)| (k.clone(), shape(v, counted)))
            .collect(),
        Value::Array(items) => json!({ "#len": len(items.len()), "#each": items.first().map(|i| shape(i, counted)) }),
        Value::String(_) => json!("string"),
        Value::Number(_) => json!("number"),
        Value::Bool(b) => json!(b),
        Value::Null => Value::Null,
    }
}

/// MediaWiki's answers to requests answered by chance (`-runN`: the same request asked three
/// times) have the shape ours have: the same members, the same number of pages (unless
/// redirects are resolved: how many of the chosen pages are redirects is chance), the same
/// kinds of values, and a `continue` when MediaWiki gave one.
#[test]
fn random_answers_have_mediawikis_shape() {
    use wikiquery_tests::{captures, comparable, fixture_json, query_of};
    let names = captures("random", |n| n.contains("-run"));
    assert!(names.len() >= 90, "only {} captures", names.len());
    let mut failures = Vec::new();
    for name in &names {
        let capture = fixture_json(&format!("oracle/random/{name}"));
        let (status, got) = fixture_api(&query_of(&capture));
        assert_eq!(status, 200, "{name}");
        let counted = !query_of(&capture).contains("redirects");
        let (mut expected, mut got) =
            (shape(&comparable(&capture["response"]), counted), shape(&comparable(&got), counted));
        if !counted {
            // Where the chosen redirects lead (pages, missing pages, other wikis) is chance too:
            // the pages are there and how to go on.
            for answer in [&mut expected, &mut got] {
                let query = answer["query"].as_object().map(|q| q.contains_key("pages"));
                answer["query"] = serde_json::json!({ "pages": query });
            }
        }
        if expected != got {
            failures.push(format!("{name}:\n  MediaWiki {expected}\n  wikiquery {got}"));
        }
    }
    assert!(failures.is_empty(), "{} of {} differ:\n{}", failures.len(), names.len(), failures.join("\n"));
}
