//! The file modules answer as MediaWiki 1.39 does on the fixture (its answers are stored under
//! `fixtures/oracle/files/`), in formatversion 1 and 2, for an anonymous caller, an
//! administrator (`.sysop`: Bob) and a suppressor (`.admin`): `prop=imageinfo` (every
//! property but those that need a media handler, file history and its ranges, both
//! continuations), `list=allimages` (both orders, every filter, paging chains with limits 1
//! and 7 and the maximum in both directions, also as a generator), `prop=duplicatefiles` (also
//! as a generator) and the upload stash's answers to anonymous callers.
//!
//! `extmetadata` is what MediaWiki's core gives every file (its upload time and name). What
//! needs a media handler (thumbnails, `uploadwarning`) answers `notimplemented`, checked here
//! too.

use wikiquery_tests::{answer_as_named_caller, captures, replay};

/// Captures of requests that need what this server does not have yet: a media handler.
fn needs_media_handler(name: &str) -> bool {
    ["uploadwarning", "urlwidth", "urlheight", "urlparam"].iter().any(|part| name.contains(part))
        // imageinfo's every property includes `uploadwarning`.
        || (name.starts_with("imageinfo") && name.contains("prop-all"))
}

#[test]
fn imageinfo_and_duplicatefiles_answer_as_mediawiki_does() {
    let names = captures("files", |n| {
        (n.starts_with("imageinfo") || n.starts_with("duplicatefiles")) && !needs_media_handler(n)
    });
    assert!(names.len() >= 150, "only {} captures", names.len());
    let failures = replay("files", &names, &answer_as_named_caller, &|_, _, _| {});
    assert!(failures.is_empty(), "{} of {} differ:\n{}", failures.len(), names.len(), failures.join("\n"));
}

/// The upload stash answers anonymous callers (every caller of this server until it has logins)
/// as MediaWiki does: with its refusal, after the parameters' warnings.
#[test]
fn the_upload_stash_refuses_anonymous_callers_as_mediawiki_does() {
    let names = captures("files", |n| {
        (n.starts_with("stashimageinfo") || n.starts_with("mystashedfiles"))
            && !n.contains(".sysop")
            && !n.contains(".admin")
    });
    assert!(names.len() >= 10, "only {} captures", names.len());
    let failures = replay("files", &names, &answer_as_named_caller, &|_, _, _| {});
    assert!(failures.is_empty(), "{} of {} differ:\n{}", failures.len(), names.len(), failures.join("\n"));
}

#[test]
fn what_needs_a_media_handler_says_it_is_not_implemented() {
    for query in [
        "action=query&prop=imageinfo&titles=File:Example.png&iiprop=url&iiurlwidth=120",
        "action=query&prop=imageinfo&titles=File:Example.png&iiprop=uploadwarning",
    ] {
        let (status, answer) = wikiquery_tests::fixture_api(&format!("{query}&format=json"));
        assert_eq!(status, 200);
        assert_eq!(answer["error"]["code"], "notimplemented", "{query}: {answer}");
    }
}

#[test]
fn allimages_answers_as_mediawiki_does() {
    let names = captures("files", |n| n.starts_with("allimages") && !needs_media_handler(n));
    assert!(names.len() >= 250, "only {} captures", names.len());
    let failures = replay("files", &names, &answer_as_named_caller, &|_, _, _| {});
    assert!(failures.is_empty(), "{} of {} differ:\n{}", failures.len(), names.len(), failures.join("\n"));
}

#[test]
fn filearchive_answers_as_mediawiki_does() {
    let names = captures("files", |n| n.starts_with("filearchive"));
    assert!(names.len() >= 150, "only {} captures", names.len());
    let failures = replay("files", &names, &answer_as_named_caller, &|_, _, _| {});
    assert!(failures.is_empty(), "{} of {} differ:\n{}", failures.len(), names.len(), failures.join("\n"));
}
