//! The preprocessor against MediaWiki 1.39's own trees: hand-made cases of every construct
//! and quirk, and every page of the fixture wiki (`tests/fixtures/oracle/parsetree`, captured
//! with `tools/capture.py parsetrees`).

use super::{preprocess, Options};

fn tree(text: &str) -> String {
    preprocess(text, &Options::default()).to_xml()
}

#[test]
fn trees_equal_mediawikis() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/oracle/parsetree/cases.json");
    let cases: Vec<serde_json::Value> =
        serde_json::from_str(&std::fs::read_to_string(path).expect("the stored trees")).expect("JSON");
    assert!(cases.len() >= 200, "only {} cases", cases.len());
    let mut failures = Vec::new();
    for case in &cases {
        let text = case["text"].as_str().expect("a text");
        let expected = case["tree"].as_str().expect("a tree");
        let got = tree(text);
        if got != expected {
            failures.push(format!("{text:?}\n  expected {expected}\n  got      {got}"));
        }
    }
    assert!(failures.is_empty(), "{} of {} differ:\n{}", failures.len(), cases.len(), failures.join("\n"));
}

#[test]
fn an_empty_text_is_an_empty_root() {
    assert_eq!(tree(""), "<root/>");
}

#[test]
fn a_transclusion_reads_the_inclusion_tags_the_other_way() {
    let options = Options { for_inclusion: true, ..Options::default() };
    let read = |text: &str| preprocess(text, &options).to_xml();
    assert_eq!(
        read("<noinclude>a</noinclude><includeonly>{{b}}</includeonly>"),
        "<root><ignore>&lt;noinclude&gt;a&lt;/noinclude&gt;</ignore><ignore>&lt;includeonly&gt;</ignore><template><title>b</title></template><ignore>&lt;/includeonly&gt;</ignore></root>"
    );
    assert_eq!(
        read("x<onlyinclude>{{a}}</onlyinclude>y"),
        "<root><ignore>x&lt;onlyinclude&gt;</ignore><template><title>a</title></template><ignore>&lt;/onlyinclude&gt;y</ignore></root>"
    );
}

#[test]
fn extension_tags_hold_their_text() {
    let options = Options::with_extension_tags(&["ref".to_owned()]);
    assert_eq!(
        preprocess("<ref name=\"a\">{{b}}</ref>", &options).to_xml(),
        "<root><ext><name>ref</name><attr> name=&quot;a&quot;</attr><inner>{{b}}</inner><close>&lt;/ref&gt;</close></ext></root>"
    );
}

/// Deeply nested braces (a hostile page) are read and written out without exhausting the
/// stack, and the tree is dropped without it too.
#[test]
fn deep_nesting_is_read_and_written() {
    let depth = 200_000;
    let text = format!("{}x{}", "{{a|".repeat(depth), "}}".repeat(depth));
    let handle = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(move || {
            let tree = preprocess(&text, &Options::default());
            let xml = tree.to_xml();
            assert!(xml.starts_with("<root><template><title>a</title><part><name index=\"1\"/><value><template>"));
            assert_eq!(xml.matches("<template>").count(), depth);
            drop(tree);
        })
        .expect("a thread");
    handle.join().expect("no stack overflow");
}

/// A wiki with no pages and no variables, for expansions that need none.
struct EmptyWiki;

impl super::expand::Wiki for EmptyWiki {
    fn template(&mut self, name: &str) -> Result<super::expand::TemplateLookup, super::expand::Unsupported> {
        Ok(super::expand::TemplateLookup::Missing { title: format!("Template:{name}") })
    }
    fn variable(&mut self, id: &'static str) -> Result<String, super::expand::Unsupported> {
        Err(super::expand::Unsupported(id.into()))
    }
    fn function(&mut self, id: &'static str, _: &[String]) -> Result<Option<String>, super::expand::Unsupported> {
        Err(super::expand::Unsupported(id.into()))
    }
}

/// Calls nested in each other's names far deeper than any page needs end the expansion as
/// unsupported, within an ordinary thread's stack.
#[test]
fn deep_expansion_is_refused_not_overflowed() {
    let depth = 100_000;
    let text = format!("{}a{}", "{{".repeat(depth), "}}".repeat(depth));
    let handle = std::thread::Builder::new()
        .stack_size(2 * 1024 * 1024)
        .spawn(move || super::expand::expand(&text, &Options::default(), &mut EmptyWiki))
        .expect("a thread");
    let result = handle.join().expect("no stack overflow");
    assert!(result.is_err(), "{result:?}");
    let shallow = super::expand::expand("{{{{a}}}}x{{{1|d}}}", &Options::default(), &mut EmptyWiki);
    assert_eq!(shallow.as_deref(), Ok("{{{{a}}}}xd"));
}

/// A template that calls itself is a loop MediaWiki answers with a message of its own: the
/// expansion says it cannot give that, rather than words of its own.
#[test]
fn a_template_loop_is_unsupported() {
    struct Looping;
    impl super::expand::Wiki for Looping {
        fn template(&mut self, name: &str) -> Result<super::expand::TemplateLookup, super::expand::Unsupported> {
            Ok(super::expand::TemplateLookup::Found { title: format!("Template:{name}"), text: "a{{Me}}".into() })
        }
        fn variable(&mut self, id: &'static str) -> Result<String, super::expand::Unsupported> {
            Err(super::expand::Unsupported(id.into()))
        }
        fn function(&mut self, id: &'static str, _: &[String]) -> Result<Option<String>, super::expand::Unsupported> {
            Err(super::expand::Unsupported(id.into()))
        }
    }
    let result = super::expand::expand("{{Me}}", &Options::default(), &mut Looping);
    assert!(result.is_err_and(|e| e.0.contains("loop")));
}
