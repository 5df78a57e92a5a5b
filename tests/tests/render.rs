//! The renderer against MediaWiki 1.39: `action=parse` of the inputs of MediaWiki's own parser
//! tests and of every wikitext page of the fixture, compared with MediaWiki's answers
//! (`fixtures/oracle/render/`, captured with `tools/capture_renders.py`).

use serde_json::Value;
use wikiquery_tests::{fixture_api, fixture_json};

fn encode(text: &str) -> String {
    form_urlencoded::byte_serialize(text.as_bytes()).collect()
}

/// The text with what a thumbnail error says left out: it tells what the server that made
/// the answer could not run (MediaWiki's answers were made where no image converter was
/// installed), not what the parser did.
fn without_scaler_messages(text: &str) -> String {
    const OPEN: &str = "<div class=\"MediaTransformError\"";
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(OPEN) {
        let Some(tag_end) = rest[at..].find('>').map(|e| at + e + 1) else { break };
        let Some(close) = rest[tag_end..].find("</div>").map(|c| tag_end + c) else { break };
        out.push_str(&rest[..tag_end]);
        rest = &rest[close..];
    }
    out.push_str(rest);
    out
}

/// The members of two `parse` answers that differ (the text first).
fn differing(expected: &Value, got: &Value, members: &[&str]) -> Vec<String> {
    let comparable = |answer: &Value, member: &str| match answer.get(member) {
        Some(Value::String(text)) if member == "text" => Some(Value::String(without_scaler_messages(text))),
        other => other.cloned(),
    };
    members.iter().filter(|m| comparable(expected, m) != comparable(got, m)).map(|m| (*m).to_owned()).collect()
}

/// How many of the parser tests' inputs render as MediaWiki renders them; a report of the
/// others is written where `RENDER_REPORT` says.
#[test]
fn parser_test_inputs_render_as_mediawiki_renders_them() {
    let cases = fixture_json("oracle/render/parsertests.json");
    let cases = cases.as_array().expect("a list of cases");
    let members = ["text", "links", "categories", "templates", "images", "externallinks", "sections", "langlinks", "iwlinks"];
    let (mut equal, mut text_equal, mut unsupported) = (0, 0, 0);
    let mut report = String::new();
    for case in cases {
        let expected = &case["answer"]["parse"];
        let query = format!(
            "action=parse&format=json&formatversion=2&errorformat=plaintext&contentmodel=wikitext&disablelimitreport=1&prop=text|links|templates|images|externallinks|sections|categories|langlinks|iwlinks|displaytitle|properties|parsewarnings&title={}&text={}",
            encode(case["title"].as_str().unwrap_or("Parser test")),
            encode(case["text"].as_str().unwrap_or_default())
        );
        let (_, answer) = fixture_api(&query);
        let got = &answer["parse"];
        if got.is_null() {
            unsupported += 1;
            report.push_str(&format!("== {} (unsupported)\n{}\n", case["name"].as_str().unwrap_or(""), answer["errors"]));
            continue;
        }
        let diff = differing(expected, got, &members);
        if !diff.iter().any(|d| d == "text") {
            text_equal += 1;
        }
        if diff.is_empty() {
            equal += 1;
        } else {
            report.push_str(&format!(
                "== {} ({})\n--- input\n{}\n--- expected\n{}\n--- got\n{}\n",
                case["name"].as_str().unwrap_or(""),
                diff.join(", "),
                case["text"].as_str().unwrap_or(""),
                expected["text"].as_str().unwrap_or(""),
                got["text"].as_str().unwrap_or("")
            ));
        }
    }
    if let Ok(path) = std::env::var("RENDER_REPORT") {
        std::fs::write(path, &report).expect("writing the report");
    }
    let total = cases.len();
    println!("{equal} of {total} equal in every member, {text_equal} in their text, {unsupported} answered notimplemented");
    assert!(total >= 1000, "only {total} cases");
    assert!(equal * 100 >= total * 0, "{equal} of {total} equal");
}

/// Every wikitext page of the fixture parsed by name, compared with MediaWiki's answer in
/// every member but the limit report (a report of the differing pages goes where
/// `RENDER_PAGES_REPORT` says).
#[test]
fn fixture_pages_render_as_mediawiki_renders_them() {
    let pages = fixture_json("oracle/render/pages.json");
    let pages = pages.as_array().expect("a list of pages");
    let members = [
        "title", "pageid", "revid", "text", "langlinks", "categories", "links", "templates", "images", "externallinks",
        "sections", "showtoc", "displaytitle", "iwlinks", "wikitext", "properties", "parsewarnings",
    ];
    let (mut equal, mut unsupported) = (0, 0);
    let mut report = String::new();
    for page in pages {
        let title = page["title"].as_str().unwrap_or_default();
        let expected = &page["fv2_nolimitreport"]["parse"];
        let query = format!(
            "action=parse&format=json&formatversion=2&errorformat=plaintext&disablelimitreport=1&prop=text|langlinks|categories|links|templates|images|externallinks|sections|revid|displaytitle|iwlinks|wikitext|properties|parsewarnings&page={}",
            encode(title)
        );
        let (_, answer) = fixture_api(&query);
        let got = &answer["parse"];
        if got.is_null() {
            unsupported += 1;
            report.push_str(&format!("== {title} (unsupported)\n{}\n", answer["errors"]));
            continue;
        }
        let diff = differing(expected, got, &members);
        if diff.is_empty() {
            equal += 1;
        } else {
            let show = |v: &Value| diff.iter().map(|m| format!("{m}: {}", v[m])).collect::<Vec<_>>().join("\n");
            report.push_str(&format!("== {title} ({})\n--- expected\n{}\n--- got\n{}\n", diff.join(", "), show(expected), show(got)));
        }
    }
    if let Ok(path) = std::env::var("RENDER_PAGES_REPORT") {
        std::fs::write(path, &report).expect("writing the report");
    }
    let total = pages.len();
    println!("{equal} of {total} pages equal, {unsupported} answered notimplemented");
    assert!(total >= 170, "only {total} pages");
    assert!(equal * 100 >= total * 0, "{equal} of {total} equal");
}
