//! The revision modules (`prop=revisions`, `list=allrevisions`, `prop=deletedrevisions`,
//! `list=alldeletedrevisions`, `list=deletedrevs`) answer as MediaWiki 1.39 does on the fixture
//! (its answers are stored under `fixtures/oracle/<module>/`), in formatversion 1 and 2, for an anonymous caller, an
//! administrator (`.sysop`: Bob, who may see deleted users, comments and text) and a
//! suppressor (`.admin`: Admin, who may also see what is hidden from administrators).

use serde_json::Value;
use wikiquery_tests::{answer_as_named_caller, fixture_api, fixture_api_in_groups, replay_modules};

/// Captures of requests this server answers otherwise on purpose, each with its reason.
const OWN_ANSWERS: &[(&str, &str)] = &[
    // Newer than 1.39, which does not know the parameter and warns.
    ("rev-contentformat-main-", "rvcontentformat-{slot}"),
    // Needs a wikitext parser: `notimplemented` (tested below).
    ("rev-parse-legacy", "parser"),
];

#[test]
fn revisions_answer_as_mediawiki_does() {
    let keep = |n: &str| !OWN_ANSWERS.iter().any(|(prefix, _)| n.starts_with(prefix));
    let modules = ["revisions", "allrevisions", "deletedrevisions", "alldeletedrevisions", "deletedrevs"];
    let (count, failures) = replay_modules(&modules, keep, &answer_as_named_caller, &|_, expected, _| {
        // `list=deletedrevs` gives MediaWiki's session-bound undelete token; a read API issues none.
        for entry in expected.pointer_mut("/query/deletedrevs").and_then(Value::as_array_mut).into_iter().flatten() {
            entry.as_object_mut().map(|e| e.remove("token"));
        }
    });
    assert!(count >= 150, "only {count} captures");
    assert!(failures.is_empty(), "{} of {count} differ:\n{}", failures.len(), failures.join("\n"));
}

/// Follows `rvcontinue` to the end and gives the revisions of every batch, in order.
fn history(query: &str, ask: &dyn Fn(&str) -> Value) -> Vec<Value> {
    let mut out = Vec::new();
    let mut next = query.to_owned();
    for _ in 0..100 {
        let body = ask(&next);
        assert!(body.get("error").is_none(), "{next}: {body}");
        for page in body["query"]["pages"].as_array().into_iter().flatten() {
            out.extend(page["revisions"].as_array().cloned().unwrap_or_default());
        }
        match body["continue"]["rvcontinue"].as_str() {
            Some(c) => next = format!("{query}&rvcontinue={c}"),
            None => return out,
        }
    }
    panic!("{query} does not end");
}

#[test]
fn paging_a_history_gives_what_one_read_gives() {
    let anonymous = |q: &str| fixture_api(q).1;
    let as_admin = |q: &str| fixture_api_in_groups(&["suppress", "sysop", "*", "user", "autoconfirmed"], q).1;
    let callers: [&dyn Fn(&str) -> Value; 2] = [&anonymous, &as_admin];
    for ask in callers {
        for title in ["Dog", "Horse", "Lion"] {
            for dir in ["older", "newer"] {
                let base = format!(
                    "action=query&prop=revisions&titles={title}&rvdir={dir}&rvprop=ids|timestamp|user|comment|size&rvslots=main&format=json&formatversion=2"
                );
                let whole = history(&format!("{base}&rvlimit=max"), ask);
                assert!(whole.len() > 1, "{title}");
                for limit in ["1", "7"] {
                    assert_eq!(history(&format!("{base}&rvlimit={limit}"), ask), whole, "{title} {dir} by {limit}");
                }
            }
        }
    }
}

/// A pre-save transformation that substitutes what the expander does not have says so by name;
/// one that signs writes the caller's signature.
#[test]
fn a_pre_save_transform_that_needs_what_is_not_built_says_so() {
    let extra = "rvdifftotext=%7B%7Bsubst:int:mainpage%7D%7D&rvdifftotextpst=1";
    let (_, body) = fixture_api(&format!("action=query&prop=revisions&titles=Lion&rvprop=content&{extra}&format=json"));
    assert_eq!(body["error"]["code"], "notimplemented", "{extra}: {body}");
    assert!(body["error"]["info"].as_str().unwrap_or_default().contains("rvdifftotextpst"), "{body}");
    let extra = "rvdifftotext=~~~&rvdifftotextpst=1";
    let (_, body) = fixture_api(&format!(
        "action=query&prop=revisions&titles=Lion&rvprop=content&{extra}&format=json&formatversion=2"
    ));
    let diff = body["query"]["pages"][0]["revisions"][0]["diff"]["body"].as_str().unwrap_or_default();
    // The diff marks words: the signature's link is there, the tildes are not.
    assert!(diff.contains("Contributions") && !diff.contains("~~~"), "{body}");
}

/// Revisions rendered (`rvparse`) as MediaWiki renders them, one a request (stored answers:
/// pages, a section, a revision by id, a redirect, the limit, two pages continued, the legacy
/// shape, the mix with `rvslots`, `list=allrevisions`).
#[test]
fn revisions_render_as_mediawiki_renders_them() {
    let names = wikiquery_tests::captures("revisions/rvparse", |_| true);
    assert!(names.len() >= 12, "{}", names.len());
    let failures = wikiquery_tests::replay("revisions/rvparse", &names, &|_, q| fixture_api(q), &|_, _, _| {});
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// As a generator, `revisions` gives the pages its revisions belong to.
#[test]
fn revisions_generate_their_pages() {
    let (_, body) =
        fixture_api("action=query&generator=revisions&titles=Dog|Lion&prop=info&format=json&formatversion=2");
    let titles: Vec<&str> =
        body["query"]["pages"].as_array().unwrap().iter().map(|p| p["title"].as_str().unwrap()).collect();
    assert_eq!(titles, ["Dog", "Lion"], "{body}");
}

/// Follows `arvcontinue` to the end and gives the revisions of every batch, in order, each
/// with its page.
fn all_revisions(query: &str, newest_first: bool, ask: &dyn Fn(&str) -> Value) -> Vec<(Value, Value)> {
    let mut out = Vec::new();
    let mut next = query.to_owned();
    for _ in 0..1000 {
        let body = ask(&next);
        assert!(body.get("error").is_none(), "{next}: {body}");
        // Within a batch, revisions are grouped by page; their order is that of their ids' times.
        let mut batch: Vec<(Value, Value)> = Vec::new();
        for page in body["query"]["allrevisions"].as_array().into_iter().flatten() {
            for rev in page["revisions"].as_array().into_iter().flatten() {
                batch.push((page["title"].clone(), rev.clone()));
            }
        }
        batch.sort_by_key(|(_, rev)| (rev["timestamp"].as_str().unwrap_or("").to_owned(), rev["revid"].as_i64()));
        if newest_first {
            batch.reverse();
        }
        out.extend(batch);
        match body["continue"]["arvcontinue"].as_str() {
            Some(c) => next = format!("{query}&arvcontinue={c}"),
            None => return out,
        }
    }
    panic!("{query} does not end");
}

#[test]
fn paging_every_revision_gives_what_one_read_gives() {
    let anonymous = |q: &str| fixture_api(q).1;
    let as_admin = |q: &str| fixture_api_in_groups(&["suppress", "sysop", "*", "user", "autoconfirmed"], q).1;
    let callers: [&dyn Fn(&str) -> Value; 2] = [&anonymous, &as_admin];
    for ask in callers {
        for dir in ["older", "newer"] {
            let base = format!(
                "action=query&list=allrevisions&arvdir={dir}&arvprop=ids|timestamp|user|comment&format=json&formatversion=2"
            );
            let newest_first = dir == "older";
            let whole = all_revisions(&format!("{base}&arvlimit=max"), newest_first, ask);
            assert!(whole.len() > 300, "{}", whole.len());
            for limit in ["1", "7"] {
                let paged = all_revisions(&format!("{base}&arvlimit={limit}"), newest_first, ask);
                assert_eq!(paged.len(), whole.len(), "{dir} by {limit}");
                assert!(paged == whole, "{dir} by {limit}");
            }
        }
    }
}

/// Template expansion of hand-made texts (every construct: templates by name, namespace and
/// redirect, named and numbered arguments and their defaults, `subst:` and its kin, variables
/// and parser functions of the page's name, comments, inclusion and extension tags, a call
/// that starts a table) equals MediaWiki's on the fixture (`fixtures/oracle/expand`, captured
/// with `tools/capture.py expansions`).
#[test]
fn templates_expand_as_mediawiki_expands_them() {
    use wikiquery_modules::shared::expansion::{expand_page_text, WikiAt};

    let cases = wikiquery_tests::fixture_json("oracle/expand/cases.json");
    let cases = cases.as_array().expect("a list of cases");
    let store = wikiquery_modules::wiki::Wiki::of(&wikiquery_tests::fixture_config().services)
        .expect("the fixture's wiki")
        .store();
    let site = store.site();
    let mut reader = store.reader().expect("a reader");
    let mut failures = Vec::new();
    let mut compared = 0;
    for case in cases {
        let (title, text) = (case["title"].as_str().unwrap_or_default(), case["text"].as_str().unwrap_or_default());
        let Some(expected) = case["expanded"].as_str() else { continue };
        let page = site.parse_title(title, 0).expect("a title");
        compared += 1;
        let settings = wikiquery_tests::fixture_config().services.settings();
        let now = wikiquery_tests::fixture_config().clock.now();
        let mut at = WikiAt { reader: &mut reader, site, settings, now };
        match expand_page_text(&mut at, (page.ns, &page.dbkey), text, &mut Default::default()) {
            Ok(got) if got == expected => {}
            got => failures.push(format!("{title}: {text:?}\n  expected {expected:?}\n  got      {got:?}")),
        }
    }
    assert!(compared >= 80, "only {compared} cases");
    assert!(failures.is_empty(), "{} of {compared} differ:\n{}", failures.len(), failures.join("\n"));
}
