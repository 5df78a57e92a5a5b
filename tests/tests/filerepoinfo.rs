//! `meta=filerepoinfo` answers as MediaWiki 1.39 does on the fixture (its answers are stored
//! under `fixtures/oracle/filerepoinfo/`), in formatversion 1 and 2, for every `friprop`.

use wikiquery_tests::{captures, fixture_api, replay};

#[test]
fn filerepoinfo_answers_as_mediawiki_does() {
    let names = captures("filerepoinfo", |_| true);
    assert!(names.len() >= 20, "only {} captures", names.len());
    let failures = replay("filerepoinfo", &names, &|_, q| fixture_api(q), &|_, _, _| {});
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
