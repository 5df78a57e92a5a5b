//! The file modules answer as MediaWiki 1.39 does on the fixture (its answers are stored under
//! `fixtures/oracle/files/`), in formatversion 1 and 2, for an anonymous caller, an
//! administrator (`.sysop`: Bob) and a suppressor (`.admin`): `prop=imageinfo` (every
//! property but those that need a media handler, file history and its ranges, both
//! continuations), `list=allimages` (both orders, every filter, paging chains with limits 1
//! and 7 and the maximum in both directions, also as a generator), `prop=duplicatefiles` (also
//! as a generator) and the upload stash's answers to anonymous and logged-in callers.
//!
//! `extmetadata` is what MediaWiki's core gives every file (its upload time and name);
//! thumbnails are what MediaWiki gives without an image scaler (a bitmap is its own thumbnail,
//! a file no handler reads gets its type's icon, an SVG drawing a `thumberror`, whose text
//! says why on each server: MediaWiki's named the stand-in `convert` of the machine the
//! answers were captured on, so the texts are not compared). `uploadwarning`, which needs the
//! upload form's texts, answers `notimplemented`, checked here too.

use serde_json::{json, Value};
use wikiquery_tests::{
    altered_fixture_config, answer_as_named_caller, api_with, api_with_cookie, captures, fixture_api, fixture_config,
    log_in, replay,
};

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

/// The upload stash answers as MediaWiki does: anonymous callers get its refusal (after the
/// parameters' warnings); logged-in callers (Bob for `.sysop`, Admin for `.admin`, logged in
/// with their passwords) an empty stash and, for a key, the error of a malformed or unknown
/// one.
#[test]
fn the_upload_stash_answers_as_mediawiki_does() {
    let names = captures("files", |n| n.starts_with("stashimageinfo") || n.starts_with("mystashedfiles"));
    assert!(names.len() >= 40, "only {} captures", names.len());
    assert!(names.iter().filter(|n| n.contains(".sysop.") || n.contains(".admin.")).count() >= 30);
    let config = fixture_config();
    let bob = log_in(config, "Bob");
    let admin = log_in(config, "Admin");
    let answer = |name: &str, query: &str| {
        if name.contains(".sysop.") {
            api_with_cookie(config, query, &bob)
        } else if name.contains(".admin.") {
            api_with_cookie(config, query, &admin)
        } else {
            fixture_api(query)
        }
    };
    let failures = replay("files", &names, &answer, &|_, _, _| {});
    assert!(failures.is_empty(), "{} of {} differ:\n{}", failures.len(), names.len(), failures.join("\n"));
}

/// A stash with files in it (an existing MediaWiki database may have one): a user sees their
/// own files only, in stash order, with the properties asked for, page by page; a key whose
/// row is there but whose file this server does not keep is MediaWiki's missing file.
#[test]
fn a_stash_with_files_lists_the_callers_own() {
    let row = |id: i64, user: i64, key: &str| {
        format!(
            "INSERT INTO uploadstash (us_id, us_user, us_key, us_orig_path, us_path, us_source_type, \
             us_timestamp, us_status, us_size, us_sha1, us_mime, us_media_type, us_image_width, \
             us_image_height, us_image_bits) VALUES ({id}, {user}, '{key}', '/tmp/php{id}', \
             'mwstore://local-backend/local-temp/a/ab/{key}', 'file', '20261121000000', 'finished', \
             {size}, 'abc', 'image/png', 'BITMAP', 64, 32, 8);",
            size = 1000 + id
        )
    };
    // Bob (4) has three files, Alice (3) one.
    let sql = [row(1, 4, "k1a.png"), row(2, 3, "alice.png"), row(3, 4, "k3c.png"), row(7, 4, "k7d.jpg")].concat();
    let config = altered_fixture_config("stash.sqlite", &sql);
    let bob = log_in(&config, "Bob");
    let keys = |answer: &Value| -> Vec<String> {
        answer["query"]["mystashedfiles"]
            .as_array()
            .map(|a| a.iter().map(|f| f["filekey"].as_str().unwrap_or_default().to_owned()).collect())
            .unwrap_or_default()
    };

    let (_, all) = api_with_cookie(&config, "action=query&list=mystashedfiles&msfprop=size|type&format=json&formatversion=2", &bob);
    assert_eq!(keys(&all), ["k1a.png", "k3c.png", "k7d.jpg"], "{all}");
    assert_eq!(
        all["query"]["mystashedfiles"][0],
        json!({"filekey": "k1a.png", "status": "finished", "size": 1001, "width": 64, "height": 32, "bits": 8,
               "mimetype": "image/png", "mediatype": "BITMAP"})
    );

    let mut paged = Vec::new();
    let mut from = String::new();
    loop {
        let query = format!("action=query&list=mystashedfiles&msflimit=1{from}&format=json&formatversion=2");
        let (_, answer) = api_with_cookie(&config, &query, &bob);
        assert_eq!(answer["query"]["mystashedfiles"][0].as_object().map(|o| o.len()), Some(2), "{answer}");
        paged.extend(keys(&answer));
        match answer["continue"]["msfcontinue"].as_str() {
            Some(next) => from = format!("&msfcontinue={next}&continue=-||"),
            None => break,
        }
    }
    assert_eq!(paged, keys(&all));

    let (_, stashed) =
        api_with_cookie(&config, "action=query&prop=stashimageinfo&siifilekey=k1a.png&format=json", &bob);
    assert_eq!(stashed["error"]["code"], "uploadstash-bad-path", "{stashed}");
    let (_, anonymous) = api_with(&config, "action=query&list=mystashedfiles&format=json");
    assert_eq!(anonymous["error"]["code"], "stashnotloggedin", "{anonymous}");
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
