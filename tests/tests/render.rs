//! The renderer against MediaWiki 1.39: `action=parse` of the inputs of MediaWiki's own parser
//! tests and of every wikitext page of the fixture, compared with MediaWiki's answers
//! (`fixtures/oracle/render/`, captured with `tools/capture.py renders`).

use serde_json::Value;
use wikiquery_tests::{fixture_api, fixture_json, wording_aside};

fn encode(text: &str) -> String {
    form_urlencoded::byte_serialize(text.as_bytes()).collect()
}

/// The members a page's parse answer is compared in (all it holds with these props but the
/// limit report).
const PAGE_MEMBERS: [&str; 18] = [
    "title",
    "pageid",
    "revid",
    "text",
    "langlinks",
    "categories",
    "categorieshtml",
    "links",
    "templates",
    "images",
    "externallinks",
    "sections",
    "showtoc",
    "displaytitle",
    "iwlinks",
    "wikitext",
    "properties",
    "parsewarnings",
];

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

/// The text without MediaWiki's limit report and parser-cache comments, which say what the
/// parse cost and where its output was kept.
fn without_limit_report(text: &str) -> String {
    let mut out = text.to_owned();
    for (start, end) in [
        ("\n<!-- \nNewPP limit report", "-->\n"),
        ("<!--\nTransclusion expansion time report", "-->\n"),
        ("\n<!-- Saved in parser cache", "-->\n"),
    ] {
        if let Some(at) = out.find(start) {
            if let Some(stop) = out[at + 1..].find(end).map(|e| at + 1 + e + end.len()) {
                out.replace_range(at..stop, "");
            }
        }
    }
    out
}

/// The members of two `parse` answers that differ (the text first).
fn differing(expected: &Value, got: &Value, members: &[&str]) -> Vec<String> {
    let comparable = |answer: &Value, member: &str| match answer.get(member) {
        Some(Value::String(text)) if member == "text" => {
            Some(Value::String(without_limit_report(&without_scaler_messages(text))))
        }
        Some(Value::Object(text)) if member == "text" => {
            Some(Value::String(without_limit_report(&without_scaler_messages(text["*"].as_str().unwrap_or("")))))
        }
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
    let members =
        ["text", "links", "categories", "templates", "images", "externallinks", "sections", "langlinks", "iwlinks"];
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
            report.push_str(&format!(
                "== {} (unsupported)\n{}\n",
                case["name"].as_str().unwrap_or(""),
                answer["errors"]
            ));
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
    println!(
        "{equal} of {total} equal in every member, {text_equal} in their text, {unsupported} answered notimplemented"
    );
    assert!(total >= 1000, "only {total} cases");
    // Measured when the renderer last changed; the README lists what the others need.
    assert!(equal >= 1318, "{equal} of {total} equal (1,318 before)");
}

/// Each case of `file` (this project's inputs rendered by MediaWiki with `props`) parsed here
/// with the same props: equal in every member of `members`.
fn own_inputs_render_as_mediawiki(file: &str, props: &str, members: &[&str]) {
    let cases = fixture_json(file);
    let cases = cases.as_array().expect("a list of cases");
    assert!(cases.len() >= 4, "only {} cases", cases.len());
    for case in cases {
        let query = format!(
            "action=parse&format=json&formatversion=2&contentmodel=wikitext&disablelimitreport=1&prop={props}&title=Parser_test&text={}",
            encode(case["text"].as_str().unwrap_or_default())
        );
        let (_, answer) = fixture_api(&query);
        let diff = differing(&case["answer"]["parse"], &answer["parse"], members);
        assert!(
            diff.is_empty(),
            "{}: {diff:?} differ\n--- expected\n{}\n--- got\n{}",
            case["name"],
            case["answer"]["parse"],
            answer
        );
    }
}

/// Galleries of files the wiki does not have, in every mode and with their attributes
/// (`render/galleries.json`): the modules a mode loads included.
#[test]
fn galleries_render_as_mediawiki_renders_them() {
    own_inputs_render_as_mediawiki(
        "oracle/render/galleries.json",
        "text|links|templates|images|externallinks|sections|categories|modules|jsconfigvars",
        &[
            "text",
            "links",
            "categories",
            "templates",
            "images",
            "externallinks",
            "sections",
            "modules",
            "modulescripts",
            "modulestyles",
            "jsconfigvars",
        ],
    );
}

/// Page status indicators (`render/indicators.json`): the text without them, each
/// indicator's HTML under its name, a name given again in its first place.
#[test]
fn indicators_render_as_mediawiki_renders_them() {
    own_inputs_render_as_mediawiki(
        "oracle/render/indicators.json",
        "text|links|templates|images|externallinks|sections|categories|indicators",
        &["text", "links", "categories", "templates", "images", "externallinks", "sections", "indicators"],
    );
}

/// What a parse warns about (`render/warnings.json`): a template given an argument twice, a
/// display title that does not name the page, each once and in order. The warnings are in
/// this project's own words: compared by the links they name (`parsewarnings`, wikitext) and
/// by their elements and linked text (`parsewarningshtml`); the rest of the answer exactly.
#[test]
fn parse_warnings_are_mediawikis() {
    fn links(text: &str) -> Vec<&str> {
        text.match_indices("[[")
            .filter_map(|(at, _)| text[at..].find("]]").map(|end| &text[at..at + end + 2]))
            .collect()
    }
    fn comparable(parse: &Value) -> Value {
        let mut parse = parse.clone();
        let texts: Vec<Value> = parse["parsewarnings"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|w| serde_json::json!(links(w.as_str().unwrap_or_default())))
            .collect();
        let html: Vec<Value> = parse["parsewarningshtml"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|w| Value::from(wording_aside(w.as_str().unwrap_or_default())))
            .collect();
        parse["parsewarnings"] = Value::Array(texts);
        parse["parsewarningshtml"] = Value::Array(html);
        parse
    }
    let cases = fixture_json("oracle/render/warnings.json");
    let cases = cases.as_array().expect("a list of cases");
    assert!(cases.len() >= 8, "only {} cases", cases.len());
    let members = [
        "text",
        "links",
        "templates",
        "categories",
        "displaytitle",
        "properties",
        "parsewarnings",
        "parsewarningshtml",
    ];
    for case in cases {
        let query = format!(
            "action=parse&format=json&formatversion=2&contentmodel=wikitext&disablelimitreport=1&prop={}&title=Parser_test&text={}",
            "text|links|templates|categories|displaytitle|properties|parsewarnings|parsewarningshtml",
            encode(case["text"].as_str().unwrap_or_default())
        );
        let (_, answer) = fixture_api(&query);
        let (expected, got) = (comparable(&case["answer"]["parse"]), comparable(&answer["parse"]));
        let diff = differing(&expected, &got, &members);
        assert!(diff.is_empty(), "{}: {diff:?} differ\n--- expected\n{expected}\n--- got\n{got}", case["name"]);
    }
}

/// A gallery of a file the wiki has needs the thumbnail sizes MediaWiki's thumbnailer gives,
/// which this renderer does not compute yet: it answers `notimplemented` rather than a guess.
#[test]
fn a_gallery_of_an_existing_file_is_not_guessed() {
    let text = encode("<gallery>\nFile:Example.png|Caption\n</gallery>");
    let (_, answer) =
        fixture_api(&format!("action=parse&format=json&contentmodel=wikitext&title=Parser_test&text={text}"));
    assert_eq!(answer["error"]["code"], "notimplemented", "{answer}");
}

/// Every wikitext page of the fixture parsed by name, compared with MediaWiki's answer in
/// every member but the limit report (a report of the differing pages goes where
/// `RENDER_PAGES_REPORT` says).
#[test]
fn fixture_pages_render_as_mediawiki_renders_them() {
    let pages = fixture_json("oracle/render/pages.json");
    let pages = pages.as_array().expect("a list of pages");
    let members = PAGE_MEMBERS;
    let (mut equal, mut unsupported) = (0, 0);
    let mut report = String::new();
    for page in pages {
        let title = page["title"].as_str().unwrap_or_default();
        let expected = &page["fv2_nolimitreport"]["parse"];
        let query = format!(
            "action=parse&format=json&formatversion=2&errorformat=plaintext&disablelimitreport=1&prop=text|langlinks|categories|categorieshtml|links|templates|images|externallinks|sections|revid|displaytitle|iwlinks|wikitext|properties|parsewarnings&page={}",
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
            report.push_str(&format!(
                "== {title} ({})\n--- expected\n{}\n--- got\n{}\n",
                diff.join(", "),
                show(expected),
                show(got)
            ));
        }
    }
    if let Ok(path) = std::env::var("RENDER_PAGES_REPORT") {
        std::fs::write(path, &report).expect("writing the report");
    }
    let total = pages.len();
    println!("{equal} of {total} pages equal, {unsupported} answered notimplemented");
    assert!(total >= 170, "only {total} pages");
    assert_eq!(equal, total, "{report}");
}

/// The fixture's pages with MediaWiki's default props and its limit report, in both format
/// versions: every member equal but the limit report's numbers, the report itself there with
/// MediaWiki's names and limits.
#[test]
fn fixture_pages_parse_with_the_limit_report_in_both_format_versions() {
    let pages = fixture_json("oracle/render/pages.json");
    let pages = pages.as_array().expect("a list of pages");
    let members = PAGE_MEMBERS;
    let mut failures = Vec::new();
    for page in pages.iter().step_by(5) {
        let title = page["title"].as_str().unwrap_or_default();
        for (version, key) in [("1", "fv1"), ("2", "fv2")] {
            let expected = &page[key]["parse"];
            let query = format!(
                "action=parse&format=json&formatversion={version}&prop=text|langlinks|categories|categorieshtml|links|templates|images|externallinks|sections|revid|displaytitle|iwlinks|wikitext|properties|parsewarnings|limitreportdata&page={}",
                encode(title)
            );
            let (_, answer) = fixture_api(&query);
            let got = &answer["parse"];
            let diff = differing(expected, got, &members);
            if !diff.is_empty() {
                failures.push(format!("{title} (formatversion {version}): {}", diff.join(", ")));
                continue;
            }
            let text = match &got["text"] {
                Value::String(t) => t.clone(),
                other => other["*"].as_str().unwrap_or_default().to_owned(),
            };
            assert!(
                text.contains("<!-- \nNewPP limit report\nCached time: 20261122000000\nCache expiry: 86400\n"),
                "{title}: {text}"
            );
            assert!(text.contains("Transclusion expansion time report (%,ms,calls,template)\n"), "{title}");
            // Each member's name and limit; the template profile's templates and calls, whatever
            // their time.
            let names = |v: &Value| -> Vec<(String, Value)> {
                let mut out: Vec<(String, Value)> = Vec::new();
                for e in v.as_array().into_iter().flatten() {
                    let name = e["name"].as_str().unwrap_or("").to_owned();
                    if name == "limitreport-timingprofile" {
                        let mut rows: Vec<String> = e
                            .as_object()
                            .into_iter()
                            .flatten()
                            .filter(|(k, _)| *k != "name")
                            .filter_map(|(_, r)| r.as_str())
                            .map(|r| r.split_whitespace().skip(2).collect::<Vec<_>>().join(" "))
                            .collect();
                        rows.sort();
                        out.push((name, Value::from(rows)));
                    } else {
                        out.push((name, e["1"].clone()));
                    }
                }
                out
            };
            assert_eq!(names(&expected["limitreportdata"]), names(&got["limitreportdata"]), "{title}");
        }
    }
    assert!(failures.is_empty(), "{} differ:\n{}", failures.len(), failures.join("\n"));
}

/// Hostile pages answer as pages: thousands of nested tags, lists and equal headings render
/// (tags past the nesting bound shown as text) rather than hang a worker or fail.
#[test]
fn hostile_pages_render_within_their_bounds() {
    let cases = [
        ("nested tags", format!("{}x{}", "<div>".repeat(20_000), "</div>".repeat(20_000))),
        ("nested lists", format!("{} x", "*".repeat(10_000))),
        ("equal headings", "== h ==\n".repeat(5_000)),
        ("open links", "[[".repeat(50_000)),
        ("open templates", "{{".repeat(50_000)),
    ];
    for (label, text) in cases {
        let query = format!(
            "action=parse&format=json&formatversion=2&title=Hostile&contentmodel=wikitext&prop=text|sections&text={}",
            encode(&text)
        );
        let (status, answer) = fixture_api(&query);
        assert_eq!(status, 200, "{label}");
        let html = answer["parse"]["text"].as_str().unwrap_or_else(|| panic!("{label}: {answer}"));
        assert!(html.starts_with("<div class=\"mw-parser-output\">"), "{label}");
    }
    // Elements HTML closes by themselves are not nesting: a long table of cells and a long
    // list written without end tags render whole, no tag shown as text.
    let cells = format!("<table><tr>{}</table>\n<ul>{}</ul>", "<td>c".repeat(3_000), "<li>i".repeat(3_000));
    let (_, answer) = fixture_api(&format!(
        "action=parse&format=json&formatversion=2&title=Cells&contentmodel=wikitext&prop=text&text={}",
        encode(&cells)
    ));
    let html = answer["parse"]["text"].as_str().unwrap_or_default();
    assert!(!html.contains("&lt;"), "a tag shown as text");
    assert_eq!(html.matches("<td>").count(), 3_000);
    assert_eq!(html.matches("<li>").count(), 3_000);
    // The headings are numbered as MediaWiki numbers equal ones.
    let (_, answer) = fixture_api(&format!(
        "action=parse&format=json&formatversion=2&title=Hostile&contentmodel=wikitext&prop=sections&text={}",
        encode(&"== h ==\n".repeat(5_000))
    ));
    let sections = answer["parse"]["sections"].as_array().expect("sections");
    assert_eq!(sections.len(), 5_000);
    assert_eq!(sections[4_999]["anchor"], "h_5000");
}

/// A page asked for again is not rendered again: its answer is the kept one (the limit report
/// still says the first rendering's time), and a section or a given text is rendered each time.
#[test]
fn a_page_asked_for_again_comes_from_the_kept_rendering() {
    let query = "action=parse&page=Apple&prop=text|limitreportdata&format=json&formatversion=2";
    let (_, first) = fixture_api(query);
    let (_, again) = fixture_api(query);
    assert_eq!(first["parse"]["text"], again["parse"]["text"]);
    assert_eq!(first["parse"]["limitreportdata"], again["parse"]["limitreportdata"]);
    let (_, other_options) = fixture_api(&format!("{query}&disableeditsection=1"));
    let text = other_options["parse"]["text"].as_str().unwrap_or_default();
    assert!(!text.contains("mw-editsection"), "{text}");
    let (_, section) = fixture_api("action=parse&page=Apple&section=1&prop=text&format=json&formatversion=2");
    let text = section["parse"]["text"].as_str().unwrap_or_default();
    assert!(text.contains("id=\"Description\"") && !text.contains("id=\"See_also\""), "{text}");
}

/// MediaWiki's whole answers to the requests of `file` (`request`, `response`), replayed.
fn whole_answers_equal(file: &str, at_least: usize) {
    let cases = fixture_json(file);
    let cases = cases.as_array().expect("a list of answers");
    assert!(cases.len() >= at_least);
    for case in cases {
        let (_, got) = fixture_api(case["request"].as_str().unwrap_or_default());
        assert_eq!(got, case["response"], "{}", case["request"]);
    }
}

/// The box of category links (`categorieshtml`) of texts that are not stored pages: plain text
/// (no categories), a category page's hidden category (shown), and missing, shown and hidden
/// categories together (`render/categorieshtml.json`).
#[test]
fn the_category_box_is_mediawikis() {
    whole_answers_equal("oracle/render/categorieshtml.json", 3);
}

/// The subtitle (`subtitle`): links to a subpage's ancestors that exist, a redirect among them,
/// a missing one carried into the next, none outside namespaces with subpages, for pages and
/// texts of both models, in both format versions (`render/subtitle.json`).
#[test]
fn the_subtitle_is_mediawikis() {
    whole_answers_equal("oracle/render/subtitle.json", 16);
}

/// The editor's limit report (`prop=limitreporthtml`, `fixtures/oracle/limitreport/`): the same
/// table, a row for each count in MediaWiki's order with the same limits, in formatversion 1
/// and 2; empty where nothing was parsed (a JSON page, plain text). The labels are this
/// project's words: compared by their place. What was spent is this renderer's count (the
/// README says where it differs) and the timings are each server's: compared by their form.
#[test]
fn the_limit_report_table_is_mediawikis() {
    /// The report's elements, then each count's numbers.
    fn shape(html: &str) -> (String, Vec<String>) {
        let cells: Vec<String> = html
            .split("<td>")
            .skip(1)
            .filter_map(|cell| cell.split("</td>").next())
            .map(|cell| {
                let numbers: String =
                    cell.chars().filter(|c| c.is_ascii_digit() || *c == '/' || *c == ',' || *c == '.').collect();
                // The limit as written; what was spent by its form.
                match numbers.split_once('/') {
                    Some((_, limit)) => format!("n/{limit}"),
                    None => numbers.chars().map(|c| if c.is_ascii_digit() { 'd' } else { c }).collect(),
                }
            })
            .collect();
        (wording_aside(html), cells)
    }
    let names = wikiquery_tests::captures("limitreport", |_| true);
    assert!(names.len() >= 12, "{}", names.len());
    let answer = wikiquery_tests::answer_logged_in_as_named_caller();
    for name in &names {
        let capture = fixture_json(&format!("oracle/limitreport/{name}"));
        let (status, got) = answer(name, &wikiquery_tests::query_of(&capture));
        assert_eq!(status, 200, "{name}");
        let html = |answer: &Value| match &answer["parse"]["limitreporthtml"] {
            Value::String(s) => s.clone(),
            other => other["*"].as_str().map(str::to_owned).unwrap_or_else(|| panic!("{name}: {answer}")),
        };
        let expected = &capture["response"];
        assert_eq!(shape(&html(expected)), shape(&html(&got)), "{name}");
        assert_eq!(expected["parse"]["title"], got["parse"]["title"], "{name}");
        let listed = |a: &Value| a["parse"]["limitreportdata"].as_array().map(Vec::len);
        assert_eq!(listed(expected), listed(&got), "{name}");
    }
}

/// A stored page of a content model whose own rendering is not built (JSON here) answers
/// `notimplemented`, by page and by revision, rather than being rendered as wikitext.
#[test]
fn a_stored_json_page_is_not_rendered_as_wikitext() {
    for query in ["page=Fixture_data", "oldid=255", "page=Fixture_data&prop=limitreporthtml"] {
        let (_, answer) = fixture_api(&format!("action=parse&format=json&formatversion=2&{query}"));
        assert_eq!(answer["error"]["code"], "notimplemented", "{query}: {answer}");
    }
    // Plain text is shown as it is, by page too, with nothing to report.
    let (_, answer) =
        fixture_api("action=parse&format=json&formatversion=2&page=Plain_notes&prop=text|limitreporthtml");
    assert!(answer["parse"]["text"].as_str().is_some_and(|t| t.contains("plain notes with a [[Cat]]")), "{answer}");
    assert_eq!(answer["parse"]["limitreporthtml"], "", "{answer}");
}
