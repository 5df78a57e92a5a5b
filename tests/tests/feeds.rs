//! The feed actions (`feedcontributions`, `feedrecentchanges`, `feedwatchlist`) against MediaWiki
//! 1.39's answers on the fixture (`fixtures/oracle/feed<name>/`, captured by
//! `tools/capture.py actions`): each feed byte for byte, with its content
//! type, caching and file name; an error by its code, in the page MediaWiki writes errors of
//! feeds in (its default format, whatever `format` says).
//!
//! The recent-changes feed carries interface messages in this project's own wording (its
//! description, a log entry's action, a diff's header row, "New page"): those parts are
//! compared by their elements, attributes and linked text ([`wording_aside`]), the rest of the
//! feed byte for byte.

use serde_json::Value;
use wikiquery_tests::{captures, fixture_json, query_of, raw_answer_as_named_caller, wording_aside};

fn header<'a>(headers: &'a [(String, String)], name: &str) -> Option<&'a str> {
    headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
}

/// Replays the stored answers of the feed action `action` (its folder); how many there were and
/// the differences found.
fn replay_feeds(action: &str) -> (usize, Vec<String>) {
    replay_feeds_with(action, &|body| body.to_owned())
}

/// [`replay_feeds`], each body put through `normalize` before it is compared.
fn replay_feeds_with(action: &str, normalize: &dyn Fn(&str) -> String) -> (usize, Vec<String>) {
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
        let expected = normalize(&text("body").unwrap_or_default());
        let got = normalize(&res.body);
        if got != expected {
            let at = got.bytes().zip(expected.bytes()).take_while(|(a, b)| a == b).count();
            let from = floor_char(&expected, at.saturating_sub(120));
            failures.push(format!(
                "{name}: differs at byte {at}:\n  expected …{}\n  got      …{}",
                expected.get(from..ceil_char(&expected, at + 300)).unwrap_or_default(),
                got.get(floor_char(&got, from)..ceil_char(&got, at + 300)).unwrap_or_default()
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

fn floor_char(s: &str, mut i: usize) -> usize {
    i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fn ceil_char(s: &str, mut i: usize) -> usize {
    i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i += 1;
    }
    i
}

/// A recent-changes feed with its wording set aside: the channel's description, and in each
/// item's description the log entry's action (the first paragraph, when it names its
/// performer), the diff's header cells, the new page's heading and a paragraph that stands
/// for a diff that could not be made.
fn recent_changes_wording_aside(body: &str) -> String {
    let mut out = String::with_capacity(body.len());
    let mut rest = body;
    let mut first = true;
    while let Some(start) = rest.find("<description>") {
        let open = start + "<description>".len();
        let Some(len) = rest[open..].find("</description>") else { break };
        out.push_str(&rest[..open]);
        let html = xml_unescape(&rest[open..open + len]);
        if first {
            out.push('…');
            first = false;
        } else {
            out.push_str(&description_wording_aside(&html));
        }
        rest = &rest[open + len..];
    }
    out.push_str(rest);
    // The channel's title names the feed in words: the site and language stay.
    if let (Some(a), Some(b)) = (out.find("  - "), out.find(" [en]</title>")) {
        if a < b {
            out = format!("{}  - …{}", &out[..a], &out[b..]);
        }
    }
    // Atom writes the description as `summary`.
    if out.contains("<feed ") {
        return atom_wording_aside(&out);
    }
    out
}

fn atom_wording_aside(body: &str) -> String {
    let mut out = String::with_capacity(body.len());
    let mut rest = body;
    while let Some(start) = rest.find("<summary type=\"html\">") {
        let open = start + "<summary type=\"html\">".len();
        let Some(len) = rest[open..].find("</summary>") else { break };
        out.push_str(&rest[..open]);
        out.push_str(&description_wording_aside(&xml_unescape(&rest[open..open + len])));
        rest = &rest[open + len..];
    }
    out.push_str(rest);
    match (out.find("<subtitle>"), out.find("</subtitle>")) {
        (Some(a), Some(b)) if a < b => format!("{}<subtitle>…{}", &out[..a], &out[b..]),
        _ => out,
    }
}

fn description_wording_aside(html: &str) -> String {
    let mut html = html.to_owned();
    // The first paragraph: a log entry's action, then the summary.
    if let (true, Some(end)) = (html.starts_with("<p>"), html.find("</p>")) {
        let paragraph = &html[3..end];
        if paragraph.contains("mw-userlink") || paragraph.contains("history-deleted") {
            html = format!("<p>{}{}", wording_aside(paragraph), &html[end..]);
        }
    }
    for (open, close) in [
        ("text-align: center;\">", "</td>"),
        ("<p><b>", "</b></p>"),
        ("<div class=\"mw-diff-empty\">", "</div>"),
        ("</p>\n<p>", "</p>"),
        ("</p>\n<a href=", "</a>"),
    ] {
        html = set_between(&html, open, close);
    }
    html
}

/// The text between each `open` and the next `close` replaced by `…`.
fn set_between(html: &str, open: &str, close: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(at) = rest.find(open) {
        let from = at + open.len();
        let Some(len) = rest[from..].find(close) else { break };
        out.push_str(&rest[..from]);
        if open.ends_with("href=") {
            // Keep the link's address, set its text aside.
            let text_at = rest[from..from + len].find('>').map_or(0, |i| i + 1);
            out.push_str(&rest[from..from + text_at]);
        }
        out.push('…');
        rest = &rest[from + len..];
    }
    out.push_str(rest);
    out
}

fn xml_unescape(text: &str) -> String {
    text.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&amp;", "&")
}

#[test]
fn recent_changes_feeds_are_mediawikis() {
    let (count, failures) = replay_feeds_with("feedrecentchanges", &recent_changes_wording_aside);
    assert!(count >= 40, "{count}");
    assert!(failures.is_empty(), "{} of {count} differ:\n{}", failures.len(), failures.join("\n"));
}
