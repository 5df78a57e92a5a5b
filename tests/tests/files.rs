//! The file modules answer as MediaWiki 1.39 does on the fixture (its answers are stored under
//! `fixtures/oracle/<module>/`), in formatversion 1 and 2, for an anonymous caller, an
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
//! answers were captured on, so the texts are not compared). `uploadwarning` gives the
//! warning an upload under the file's name would get, in MediaWiki's markup around prose of
//! this server's own: its answers are compared with the prose left out.

use serde_json::{json, Value};
use wikiquery_tests::{
    altered_fixture_config, answer_as_named_caller, api_with, api_with_cookie, captures, fixture_api, fixture_config,
    log_in, replay, replay_modules,
};

/// Captures of imageinfo requests that ask for upload warnings (every property includes
/// `uploadwarning`).
fn gives_upload_warnings(name: &str) -> bool {
    name.contains("uploadwarning") || (name.starts_with("imageinfo") && name.contains("prop-all"))
}

/// Texts that say things in each server's own words, so that both sides keep only their
/// place: a thumbnail error's text (it names what failed on the server that answered) and the
/// prose of upload warnings (see [`warning_markup`]).
fn own_words_alike(_: &str, expected: &mut Value, got: &mut Value) {
    fn blank(value: &mut Value) {
        match value {
            Value::Object(map) => {
                for (key, member) in map.iter_mut() {
                    match (key.as_str(), &member) {
                        ("thumberror", _) => *member = json!("(an error)"),
                        ("html", Value::String(html)) => *member = json!(warning_markup(html)),
                        _ => blank(member),
                    }
                }
            }
            Value::Array(items) => items.iter_mut().for_each(blank),
            _ => {}
        }
    }
    blank(expected);
    blank(got);
}

/// An upload warning's HTML with its prose left out: each stretch of text that stands in the
/// warning's paragraph itself (not within a link, a `<strong>` or the thumbnail frame) keeps
/// its surrounding white space and becomes `…`; the frame's error text and the tooltip of its
/// magnifying link become `…` too. Every tag, attribute, link text, size and line break is
/// kept, so the markup is compared whole: the paragraph, where the links and names stand in
/// it, the self-link, the frame and the image.
fn warning_markup(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    // Elements open around the text, other than the paragraph.
    let mut depth = 0usize;
    let mut rest = html;
    while !rest.is_empty() {
        if rest.starts_with('<') {
            let end = rest.find('>').map_or(rest.len(), |e| e + 1);
            let tag = &rest[..end];
            out.push_str(tag);
            rest = &rest[end..];
            if tag == "<p>" || tag == "</p>" || tag.ends_with("/>") {
                continue;
            }
            if tag.starts_with("</") {
                depth = depth.saturating_sub(1);
            } else {
                depth += 1;
            }
            if tag.starts_with("<div class=\"MediaTransformError\"") {
                let close = rest.find("</div>").unwrap_or(rest.len());
                out.push('…');
                rest = &rest[close..];
            }
            continue;
        }
        let end = rest.find('<').unwrap_or(rest.len());
        let text = &rest[..end];
        rest = &rest[end..];
        let core = text.trim();
        if depth == 0 && !core.is_empty() {
            let start = text.find(core).unwrap_or(0);
            out.push_str(&text[..start]);
            out.push('…');
            out.push_str(&text[start + core.len()..]);
        } else {
            out.push_str(text);
        }
    }
    const TOOLTIP: &str = "class=\"internal\" title=\"";
    match out.find(TOOLTIP) {
        Some(at) => {
            let from = at + TOOLTIP.len();
            let to = out[from..].find('"').map_or(out.len(), |e| from + e);
            format!("{}…{}", &out[..from], &out[to..])
        }
        None => out,
    }
}

#[test]
fn imageinfo_and_duplicatefiles_answer_as_mediawiki_does() {
    let keep = |n: &str| !gives_upload_warnings(n);
    let (count, failures) =
        replay_modules(&["imageinfo", "duplicatefiles"], keep, &answer_as_named_caller, &own_words_alike);
    assert!(count >= 150, "only {count} captures");
    assert!(failures.is_empty(), "{} of {count} differ:\n{}", failures.len(), failures.join("\n"));
}

/// The upload stash answers as MediaWiki does: anonymous callers get its refusal (after the
/// parameters' warnings); logged-in callers (Bob for `.sysop`, Admin for `.admin`, logged in
/// with their passwords) an empty stash and, for a key, the error of a malformed or unknown
/// one.
#[test]
fn the_upload_stash_answers_as_mediawiki_does() {
    let modules = ["stashimageinfo", "mystashedfiles"];
    let logged_in = modules.iter().flat_map(|m| captures(m, |n| n.contains(".sysop.") || n.contains(".admin.")));
    assert!(logged_in.count() >= 30);
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
    let (count, failures) = replay_modules(&modules, |_| true, &answer, &|_, _, _| {});
    assert!(count >= 40, "only {count} captures");
    assert!(failures.is_empty(), "{} of {count} differ:\n{}", failures.len(), failures.join("\n"));
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

    let (_, all) = api_with_cookie(
        &config,
        "action=query&list=mystashedfiles&msfprop=size|type&format=json&formatversion=2",
        &bob,
    );
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

/// Upload warnings answer as MediaWiki's do, prose aside: the same warning for each file
/// (with the file's thumbnail frame, a drawing's error box, a link for a file no handler
/// reads), the same for every version of a file, and an empty one with `filemissing` for a
/// title without a file; along with every other property, for every caller.
#[test]
fn upload_warnings_answer_as_mediawiki_does_in_our_own_words() {
    let names = captures("imageinfo", gives_upload_warnings);
    assert!(names.len() >= 16, "only {} captures", names.len());
    let failures = replay("imageinfo", &names, &answer_as_named_caller, &own_words_alike);
    assert!(failures.is_empty(), "{} of {} differ:\n{}", failures.len(), names.len(), failures.join("\n"));

    // The prose is there, ours.
    let (_, answer) = fixture_api(
        "action=query&prop=imageinfo&titles=File:Example.png&iiprop=uploadwarning&format=json&formatversion=2",
    );
    let html = answer["query"]["pages"][0]["imageinfo"][0]["html"].as_str().unwrap_or_default().to_owned();
    assert!(
        html.starts_with("<p>A file named <strong><a class=\"mw-selflink selflink\">File:Example.png</a></strong>"),
        "{html}"
    );
}

/// The markup comparison leaves out prose only: a link or name moved, a paragraph or frame
/// changed, a size or a line break lost is still a difference.
#[test]
fn upload_warning_markup_keeps_all_but_the_prose() {
    let frame = "<div class=\"thumb tright\"><div class=\"thumbinner\" style=\"width:6px;\"><a href=\"/f\" \
                 class=\"image\"><img alt=\"A.png\" src=\"/a\" width=\"4\" /></a>  <div class=\"thumbcaption\">\
                 <div class=\"magnify\"><a href=\"/f\" class=\"internal\" title=\"Enlarge\"></a></div></div></div></div>";
    let theirs =
        format!("<p>Some words <strong><a class=\"mw-selflink selflink\">File:A.png</a></strong> more.\n</p>\n{frame}");
    let ours = format!(
        "<p>Other words <strong><a class=\"mw-selflink selflink\">File:A.png</a></strong> and more.\n</p>\n{}",
        frame.replace("Enlarge", "Full size")
    );
    assert_eq!(warning_markup(&theirs), warning_markup(&ours));
    assert!(warning_markup(&theirs).starts_with(
        "<p>… <strong><a class=\"mw-selflink selflink\">File:A.png</a></strong> …\n</p>\n<div class=\"thumb"
    ));
    for wrong in [
        theirs.replace("Some words <strong>", "Some words<strong>"),
        theirs.replace("File:A.png</a>", "File:B.png</a>"),
        theirs.replace(".\n</p>", ".</p>"),
        theirs.replace("width:6px", "width:4px"),
        theirs.replace("<p>", "").replace("\n</p>", ""),
        theirs.replace(" more.", " more <strong>x</strong>."),
    ] {
        assert_ne!(warning_markup(&theirs), warning_markup(&wrong), "{wrong}");
    }
    let error = "<div class=\"MediaTransformError\" style=\"width: 300px; height: 150px;\">Why: this.</div>";
    assert_eq!(
        warning_markup(error),
        "<div class=\"MediaTransformError\" style=\"width: 300px; height: 150px;\">…</div>"
    );
}

#[test]
fn allimages_answers_as_mediawiki_does() {
    let names = captures("allimages", |_| true);
    assert!(names.len() >= 250, "only {} captures", names.len());
    let failures = replay("allimages", &names, &answer_as_named_caller, &|_, _, _| {});
    assert!(failures.is_empty(), "{} of {} differ:\n{}", failures.len(), names.len(), failures.join("\n"));
}

#[test]
fn filearchive_answers_as_mediawiki_does() {
    let names = captures("filearchive", |_| true);
    assert!(names.len() >= 150, "only {} captures", names.len());
    let failures = replay("filearchive", &names, &answer_as_named_caller, &|_, _, _| {});
    assert!(failures.is_empty(), "{} of {} differ:\n{}", failures.len(), names.len(), failures.join("\n"));
}
