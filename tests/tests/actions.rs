//! The read actions around the query layer (`action=opensearch`, `action=expandtemplates`,
//! `action=compare`, the XML export of `action=query`) and
//! the output formats other
//! than JSON (`php`, `xml`) against MediaWiki 1.39's answers on the fixture
//! (`fixtures/oracle/<action>/`, and `formats/` for the other formats).
//!
//! JSON answers are compared as every replay test compares them (errors and warnings by code
//! and module). Answers in other formats (`formats/`) are compared as text after reading: PHP's
//! serialization read back into the same tree, XML as written, the wording of an error's
//! `info`, the `docref` and `servedby` set aside.

use serde_json::{Map, Value};
use wikiquery_tests::{
    answer_logged_in_as_named_caller, captures, comparable, differences, fixture_api, fixture_api_raw, fixture_json,
    query_of, raw_answer_as_named_caller, replay,
};

/// Replays the stored answers of `action` (its folder), the `.admin` ones for Admin logged in;
/// an answer that is a list (OpenSearch suggestions) is compared whole. Gives how many there
/// were and the differences.
fn replay_action(action: &str) -> (usize, Vec<String>) {
    let names = captures(action, |_| true);
    let answer = answer_logged_in_as_named_caller();
    let adjust = |_: &str, expected: &mut Value, got: &mut Value| {
        for answer in [expected, got] {
            // Formatversion 1 writes the `docref` of a non-`bc` error as `*`.
            if let Some(o) = answer.as_object_mut().filter(|o| o.contains_key("errors")) {
                o.remove("*");
            }
        }
    };
    let (lists, objects): (Vec<String>, Vec<String>) =
        names.iter().cloned().partition(|n| fixture_json(&format!("oracle/{action}/{n}"))["response"].is_array());
    let mut failures = replay(action, &objects, &answer, &adjust);
    for name in &lists {
        let capture = fixture_json(&format!("oracle/{action}/{name}"));
        let (_, got) = answer(name, &query_of(&capture));
        if got != capture["response"] {
            failures.push(format!("{name}:\n  expected {}\n  got      {got}", capture["response"]));
        }
    }
    (names.len(), failures)
}

#[test]
fn expandtemplates_answers_as_mediawiki_does() {
    let (count, failures) = replay_action("expandtemplates");
    assert!(count >= 120, "{count}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// What the expander cannot give exactly (an interface message in MediaWiki's words) is
/// `notimplemented`, never a guess.
#[test]
fn expandtemplates_answers_notimplemented_where_it_cannot_be_exact() {
    for text in ["{{int:mainpage}}", "{{int:pagecategories|2}}"] {
        let q = format!("action=expandtemplates&title=Lion&prop=wikitext&format=json&text={text}");
        let (_, body) = fixture_api(&q);
        assert_eq!(body["error"]["code"], "notimplemented", "{text}: {body}");
    }
}

/// The clock's variables read the server's clock (frozen at the fixture's instant, a Sunday),
/// as MediaWiki 1.39 gives them on the fixture.
#[test]
fn expandtemplates_reads_the_clock() {
    let text = "{{CURRENTYEAR}}-{{CURRENTMONTH}}-{{CURRENTDAY2}} {{CURRENTDAYNAME}} {{CURRENTTIME}} {{CURRENTWEEK}} {{LOCALMONTHNAME}}";
    let q = format!("action=expandtemplates&title=Lion&prop=wikitext&format=json&formatversion=2&text={text}");
    let (_, body) = fixture_api(&q);
    assert_eq!(body["expandtemplates"]["wikitext"], "2026-11-22 Sunday 00:00 47 November", "{body}");
}

/// Display titles with markup are sanitized as MediaWiki sanitizes a heading: one that names
/// the page sets the property, one that does not is ignored and tracked (MediaWiki 1.39's
/// answers on the fixture).
#[test]
fn expandtemplates_reads_display_titles_with_markup() {
    let q = "action=expandtemplates&title=Lion&format=json&formatversion=2";
    let (_, body) =
        fixture_api(&format!("{q}&prop=wikitext&text={{{{DISPLAYTITLE:%3Ci%3ELion%3C/i%3E}}}}{{{{DISPLAYTITLE:X}}}}"));
    assert_eq!(body, serde_json::json!({"expandtemplates": {"wikitext": ""}}));
    let (_, body) = fixture_api(&format!(
        "{q}&prop=properties|categories&text={{{{DISPLAYTITLE:%3Ci%3ELion%3C/i%3E}}}}{{{{DISPLAYTITLE:X}}}}"
    ));
    assert_eq!(
        body,
        serde_json::json!({"expandtemplates": {"categories": [{"sortkey": "", "category": "Pages_with_ignored_display_titles"}], "properties": {"displaytitle": "<i>Lion</i>"}}})
    );
    let (_, body) = fixture_api(&format!(
        "{q}&prop=wikitext|properties&text={{{{DISPLAYTITLE:%3Ci%3ELion%3C/i%3E}}}}{{{{DISPLAYTITLE:''Lion''}}}}"
    ));
    assert_eq!(
        body,
        serde_json::json!({"expandtemplates": {"properties": {"displaytitle": "<i>Lion</i>"}, "wikitext": ""}})
    );
}

#[test]
fn compare_answers_as_mediawiki_does() {
    let (count, failures) = replay_action("compare");
    assert!(count >= 160, "{count}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A comparison is public unless a side shows a hidden part (MediaWiki's `setVals`).
#[test]
fn compare_is_private_where_a_side_hides_something() {
    let cache = |q: &str| {
        let res = fixture_api_raw(&format!("action=compare&{q}&prop=ids&smaxage=60&maxage=60&format=json"), &[]);
        res.headers.iter().find(|(k, _)| k == "Cache-Control").map(|(_, v)| v.clone()).unwrap_or_default()
    };
    assert_eq!(cache("fromrev=43&torev=294"), "s-maxage=60, max-age=60, public");
    // Revision 264 hides its comment.
    assert_eq!(cache("fromrev=264&torelative=prev"), "private, must-revalidate, max-age=60");
}

/// What compare cannot give exactly (a pre-save transform that needs the parser) is
/// `notimplemented`, never a guess.
#[test]
fn compare_answers_notimplemented_where_it_cannot_be_exact() {
    let q = "action=compare&fromtitle=Cat&fromtext=a%20%7B%7Bsubst:int:mainpage%7D%7D&frompst=1&totext=b&format=json";
    let (_, body) = fixture_api(q);
    assert_eq!(body["error"]["code"], "notimplemented", "{body}");
    let q = "action=compare&fromrev=43&fromslots=main&fromtext-main=x&fromsection-main=1&torev=294&format=json";
    let (_, body) = fixture_api(q);
    assert_eq!(body["error"]["code"], "notimplemented", "{body}");
}

/// A pre-save transform signs as the caller, at the server's clock.
#[test]
fn compare_saves_a_text_as_mediawiki_would() {
    let q = "action=compare&fromtitle=Cat&fromtext=a%20~~~~&frompst=1&totext=b&format=json&formatversion=2";
    let (_, body) = fixture_api(q);
    let diff = body["compare"]["body"].as_str().unwrap_or_default();
    assert!(diff.contains("Special:Contributions/127.0.0.1"), "{body}");
    assert!(diff.contains("00:00, 22 November 2026 (UTC)"), "{body}");
}

#[test]
fn exports_are_mediawikis() {
    let (count, failures) = replay_action("export");
    assert!(count >= 16, "{count}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn opensearch_answers_as_mediawiki_does() {
    let (count, failures) = replay_action("opensearch");
    assert!(count >= 70, "{count}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// PHP's `unserialize()` of a text this server or MediaWiki wrote: arrays as objects (their
/// keys as text), as the JSON printer would have written them.
fn unserialize(text: &str) -> Value {
    fn value(s: &[u8], at: &mut usize) -> Value {
        let kind = s[*at];
        *at += 2; // the type and ':' (or ';' of `N;`)
        let until = |at: &mut usize, end: u8| {
            let start = *at;
            while s[*at] != end {
                *at += 1;
            }
            let part = std::str::from_utf8(&s[start..*at]).unwrap().to_owned();
            *at += 1;
            part
        };
        match kind {
            b'N' => Value::Null,
            b'b' => Value::Bool(until(at, b';') == "1"),
            b'i' => Value::from(until(at, b';').parse::<i64>().unwrap()),
            b'd' => Value::from(until(at, b';').parse::<f64>().unwrap()),
            b's' => {
                let len: usize = until(at, b':').parse().unwrap();
                let text = std::str::from_utf8(&s[*at + 1..*at + 1 + len]).unwrap().to_owned();
                *at += len + 3; // the quotes and ';'
                Value::String(text)
            }
            b'a' => {
                let count: usize = until(at, b':').parse().unwrap();
                *at += 1; // '{'
                let mut members = Map::new();
                for _ in 0..count {
                    let key = match value(s, at) {
                        Value::String(k) => k,
                        other => other.to_string(),
                    };
                    members.insert(key, value(s, at));
                }
                *at += 1; // '}'
                Value::Object(members)
            }
            other => panic!("unexpected type {:?} at {at} in {}", other as char, String::from_utf8_lossy(s)),
        }
    }
    let mut at = 0;
    let v = value(text.as_bytes(), &mut at);
    assert_eq!(at, text.len(), "trailing text in {text}");
    v
}

/// An XML answer with what the replay tests set aside removed: who served it, an error's
/// wording and the `docref`.
fn comparable_xml(text: &str) -> String {
    let mut out = text.to_owned();
    // Set aside as the JSON replays set them aside: the host, an error's wording, and in
    // `siteinfo`'s `general` the moment of the capture, PHP's and the database's versions, and
    // this server's own version.
    let aside =
        [" servedby=\"", " info=\"", " time=\"", " phpversion=\"", " phpsapi=\"", " dbversion=\"", " wikiquery=\""];
    for (start, end) in aside.map(|start| (start, "\"")) {
        while let Some(i) = out.find(start) {
            let j = out[i + start.len()..].find(end).map(|j| i + start.len() + j + end.len()).unwrap_or(out.len());
            out.replace_range(i..j, "");
        }
    }
    // The docref: the text of an `error` element, or the `docref` element.
    for (start, end) in [("xml:space=\"preserve\">See ", "</error>"), ("<docref xml:space=\"preserve\">", "</docref>")]
    {
        if let Some(i) = out.find(start) {
            if let Some(j) = out[i..].find(end) {
                out.replace_range(i + start.len()..i + j, "");
            }
        }
    }
    out
}

#[test]
fn answers_in_php_and_xml_are_mediawikis() {
    let names = captures("formats", |_| true);
    assert!(names.len() >= 30, "{}", names.len());
    // Answers named for a logged-in caller are asked with that caller's session.
    let answer = raw_answer_as_named_caller();
    let mut failures = Vec::new();
    for name in &names {
        let capture = fixture_json(&format!("oracle/formats/{name}"));
        let res = answer(name, &query_of(&capture));
        let content_type = |t: &str| t.split(';').next().unwrap_or_default().to_owned();
        if content_type(res.content_type) != content_type(capture["content-type"].as_str().unwrap_or_default()) {
            failures.push(format!("{name}: content type {} for {}", res.content_type, capture["content-type"]));
        }
        let error = res.headers.iter().find(|(k, _)| k == "MediaWiki-API-Error").map(|(_, v)| v.as_str());
        if error != capture["mediawiki-api-error"].as_str() {
            failures.push(format!("{name}: error {error:?} for {}", capture["mediawiki-api-error"]));
        }
        let expected = capture["body"].as_str().unwrap_or_default();
        let tree = match content_type(res.content_type).as_str() {
            "application/vnd.php.serialized" => Some((unserialize(expected), unserialize(&res.body))),
            "application/json" => Some((
                serde_json::from_str(expected).unwrap_or_default(),
                serde_json::from_str(&res.body).unwrap_or_default(),
            )),
            _ => None,
        };
        if let Some((expected, got)) = tree {
            let mut out = Vec::new();
            differences("", &comparable(&expected), &comparable(&got), &mut out);
            if !out.is_empty() {
                failures.push(format!("{name}:\n  {}", out.join("\n  ")));
            }
        } else if comparable_xml(expected) != comparable_xml(&res.body) {
            failures.push(format!("{name}:\n  expected {expected}\n  got      {}", res.body));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The pages for people show each format's text escaped inside the page.
#[test]
fn pages_for_people_show_the_text_of_their_format() {
    let res = fixture_api_raw("action=query&meta=userinfo&format=phpfm", &[]);
    assert_eq!(res.content_type, "text/html; charset=utf-8");
    assert!(res.body.contains("<pre class=\"api-pretty-content\">a:2:{s:13:\"batchcomplete\";"), "{}", res.body);
    let res = fixture_api_raw("action=opensearch&search=Kitt&format=xmlfm", &[]);
    assert_eq!(res.content_type, "text/html; charset=utf-8");
    assert!(res.body.contains("&lt;SearchSuggestion version=\"2.0\""), "{}", res.body);
    assert!(res.body.contains("\n  &lt;Query xml:space=\"preserve\"&gt;Kitt&lt;/Query&gt;"), "{}", res.body);
    let res = fixture_api_raw("action=query&meta=userinfo&format=rawfm", &[]);
    assert!(res.body.contains("notimplemented"), "{}", res.body);
}

/// A page for people can come wrapped in JSON (`wrappedhtml`, what an API sandbox shows): the
/// page's content with the response's status, the styles it needs and the answer's
/// continuation. A format that writes no page does not read the parameter.
#[test]
fn a_page_for_people_comes_wrapped_in_json_when_asked() {
    let res = fixture_api_raw("action=query&list=allpages&aplimit=1&format=jsonfm&wrappedhtml=1", &[]);
    assert_eq!(res.content_type, "text/mediawiki-api-prettyprint-wrapped; charset=utf-8");
    let wrapped: serde_json::Value = serde_json::from_str(&res.body).expect("the wrapped page is JSON");
    assert_eq!(wrapped["status"], 200);
    assert_eq!(wrapped["statustext"], "OK");
    assert_eq!(wrapped["modules"], serde_json::json!(["mediawiki.apipretty"]));
    assert_eq!(wrapped["continue"]["continue"], "-||", "{wrapped}");
    assert!(wrapped["time"].is_u64(), "{wrapped}");
    let html = wrapped["html"].as_str().unwrap_or_default();
    assert!(html.starts_with("<pre class=\"api-pretty-content\">{"), "{html}");
    assert!(html.contains("\"allpages\": ["), "{html}");
    assert!(!html.contains("wrappedhtml"), "the parameter is read: {html}");
    let res = fixture_api_raw("action=query&list=allpages&aplimit=1&format=json&wrappedhtml=1", &[]);
    assert_eq!(res.content_type, "application/json; charset=utf-8");
    assert!(res.body.contains("Unrecognized parameter: wrappedhtml."), "{}", res.body);
}

/// Suggestions may be kept by any cache for twenty minutes, whatever the caller asked.
#[test]
fn suggestions_are_cached_publicly_for_twenty_minutes() {
    let res = fixture_api_raw("action=opensearch&search=Ma&smaxage=5&maxage=5", &[]);
    let cache = res.headers.iter().find(|(k, _)| k == "Cache-Control").map(|(_, v)| v.as_str());
    assert_eq!(cache, Some("max-age=1200, s-maxage=1200, public"));
    // A warning made an error is private, and keeps the lifetime the action set.
    let res = fixture_api_raw("action=opensearch&search=Ma&bogus=1&warningsaserror=1", &[]);
    let cache = res.headers.iter().find(|(k, _)| k == "Cache-Control").map(|(_, v)| v.as_str());
    assert_eq!(cache, Some("private, must-revalidate, max-age=1200"));
}
