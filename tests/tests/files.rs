//! The file modules answer as MediaWiki 1.39 does on the fixture (its answers are stored under
//! `fixtures/oracle/files/`), in formatversion 1 and 2, for an anonymous caller, an
//! administrator (`.sysop`: Bob) and a suppressor (`.admin`): `prop=imageinfo` (every
//! property but those that need a media handler, file history and its ranges, both
//! continuations), `list=allimages` (both orders, every filter, paging chains with limits 1
//! and 7 and the maximum in both directions, also as a generator), `prop=duplicatefiles` (also
//! as a generator) and the upload stash's answers to anonymous callers.
//!
//! `extmetadata` is what MediaWiki's core gives every file (its upload time and name);
//! thumbnails are what MediaWiki gives without an image scaler (a bitmap is its own thumbnail,
//! a file no handler reads gets its type's icon, an SVG drawing a `thumberror`, whose text
//! says why on each server: MediaWiki's named the stand-in `convert` of the machine the
//! answers were captured on, so the texts are not compared). `uploadwarning`, which needs the
//! upload form's texts, answers `notimplemented`, checked here too.

use wikiquery_tests::{answer_as_named_caller, captures, replay};

/// Captures of requests that need what this server does not have yet: the upload form's texts.
fn needs_media_handler(name: &str) -> bool {
    name.contains("uploadwarning")
        // imageinfo's every property includes `uploadwarning`.
        || (name.starts_with("imageinfo") && name.contains("prop-all"))
}

/// A thumbnail error's text names what failed on the server that answered; both sides keep
/// only that there was one.
fn thumbnail_errors_alike(_: &str, expected: &mut serde_json::Value, got: &mut serde_json::Value) {
    fn blank(value: &mut serde_json::Value) {
        match value {
            serde_json::Value::Object(map) => {
                for (key, member) in map.iter_mut() {
                    if key == "thumberror" {
                        *member = serde_json::json!("(an error)");
                    } else {
                        blank(member);
                    }
                }
            }
            serde_json::Value::Array(items) => items.iter_mut().for_each(blank),
            _ => {}
        }
    }
    blank(expected);
    blank(got);
}

#[test]
fn imageinfo_and_duplicatefiles_answer_as_mediawiki_does() {
    let names = captures("files", |n| {
        (n.starts_with("imageinfo") || n.starts_with("duplicatefiles")) && !needs_media_handler(n)
    });
    assert!(names.len() >= 150, "only {} captures", names.len());
    let failures = replay("files", &names, &answer_as_named_caller, &thumbnail_errors_alike);
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
    for query in ["action=query&prop=imageinfo&titles=File:Example.png&iiprop=uploadwarning"] {
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
