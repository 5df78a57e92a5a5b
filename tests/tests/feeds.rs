//! The feed actions (`feedcontributions`, `feedrecentchanges`, `feedwatchlist`) against MediaWiki
//! 1.39's answers on the fixture (`fixtures/oracle/feed<name>/`, captured by
//! `tools/capture.py actions`): each feed byte for byte, with its content
//! type, caching and file name; an error by its code, in the page MediaWiki writes errors of
//! feeds in (its default format, whatever `format` says).

use serde_json::Value;
use wikiquery_tests::{captures, fixture_json, query_of, raw_answer_as_named_caller};

fn header<'a>(headers: &'a [(String, String)], name: &str) -> Option<&'a str> {
    headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
}

/// Replays the stored answers of the feed action `action` (its folder); how many there were and
/// the differences found.
fn replay_feeds(action: &str) -> (usize, Vec<String>) {
    let names = captures(action, |_| true);
    let answer = raw_answer_as_named_caller();
    let mut failures = Vec::new();
    for name in &names {
        let capture = fixture_json(&format!("oracle/{action}/{name}"));
        let res = answer(name, &query_of(&capture));
        let text = |key: &str| capture[key].as_str().map(str::to_owned);
        if Some(u64::from(res.status)) != capture["status"].as_u64() {
            failures.push(format!("{name}: status {} for {}", res.status, capture["status"]));
        }
        let error = header(&res.headers, "MediaWiki-API-Error").map(str::to_owned);
        if error != text("mediawiki-api-error") {
            failures.push(format!("{name}: error {error:?} for {:?}", text("mediawiki-api-error")));
            continue;
        }
        let content_type = |t: &str| t.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
        let expected_type = text("content-type").unwrap_or_default();
        if content_type(res.content_type) != content_type(&expected_type) {
            failures.push(format!("{name}: content type {} for {expected_type}", res.content_type));
        }
        if capture["mediawiki-api-error"] != Value::Null {
            // MediaWiki's error page carries the request's id and timing: compared by its code.
            continue;
        }
        if res.content_type != expected_type {
            failures.push(format!("{name}: content type {} for {expected_type}", res.content_type));
        }
        for key in ["cache-control", "content-disposition"] {
            let got = header(&res.headers, key).map(str::to_owned);
            if got != text(key) {
                failures.push(format!("{name}: {key} {got:?} for {:?}", text(key)));
            }
        }
        let expected = text("body").unwrap_or_default();
        if res.body != expected {
            let at = res.body.bytes().zip(expected.bytes()).take_while(|(a, b)| a == b).count();
            let from = at.saturating_sub(80);
            failures.push(format!(
                "{name}: differs at byte {at}:\n  expected …{}\n  got      …{}",
                expected.get(from..(at + 200).min(expected.len())).unwrap_or_default(),
                res.body.get(from..(at + 200).min(res.body.len())).unwrap_or_default()
            ));
        }
    }
    (names.len(), failures)
}

#[test]
fn contributions_feeds_are_mediawikis() {
    let (count, failures) = replay_feeds("feedcontributions");
    assert!(count >= 20, "{count}");
    assert!(failures.is_empty(), "{} of {count} differ:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn watchlist_feeds_are_mediawikis() {
    let (count, failures) = replay_feeds("feedwatchlist");
    assert!(count >= 15, "{count}");
    assert!(failures.is_empty(), "{} of {count} differ:\n{}", failures.len(), failures.join("\n"));
}
