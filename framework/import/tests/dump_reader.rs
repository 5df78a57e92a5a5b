//! The dump reader against real MediaWiki 1.39 dumps (tests/fixtures/mw139), damaged copies of
//! them, compressed copies, hand-written edge cases and a large synthetic stream.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::collections::{BTreeMap, HashSet};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;

use sha1::{Digest, Sha1};
use wikiquery_import::dump::{
    Compression, Contributor, DumpError, DumpErrorKind, DumpItem, DumpReader, DumpSource, LogItem, PageStart, Revision,
    Upload,
};

// ---------------------------------------------------------------------------------------------
// Allocation tracking for the memory test: per thread, so tests running in parallel do not
// disturb each other.

struct Tracking;

thread_local! {
    static LIVE: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

fn track(delta: isize) {
    let _ = LIVE.try_with(|live| {
        let now = live.get() + delta;
        live.set(now);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(now)));
    });
}

unsafe impl GlobalAlloc for Tracking {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc(layout);
        if !p.is_null() {
            track(layout.size() as isize);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout);
        track(-(layout.size() as isize));
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = System.realloc(ptr, layout, new_size);
        if !p.is_null() {
            track(new_size as isize - layout.size() as isize);
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Tracking = Tracking;

// ---------------------------------------------------------------------------------------------
// Helpers

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/mw139").join(name)
}

fn fixture_bytes(name: &str) -> Vec<u8> {
    std::fs::read(fixture(name)).unwrap_or_else(|e| panic!("{}: {e}", fixture(name).display()))
}

fn stats() -> serde_json::Value {
    serde_json::from_slice(&fixture_bytes("stats.json")).expect("stats.json parses")
}

fn read_all(bytes: &[u8]) -> Vec<DumpItem> {
    DumpReader::new(bytes).collect::<Result<Vec<_>, _>>().unwrap_or_else(|e| panic!("{e}"))
}

/// Reads until the first error, which must come, and returns it with the items before it.
fn read_until_error(bytes: &[u8]) -> (Vec<DumpItem>, DumpError) {
    let mut reader = DumpReader::new(bytes).with_name("dump.xml");
    let mut items = Vec::new();
    for item in reader.by_ref() {
        match item {
            Ok(item) => items.push(item),
            Err(e) => {
                assert!(reader.next().is_none(), "the reader stops after an error");
                return (items, e);
            }
        }
    }
    panic!("expected an error after {} items", items.len());
}

fn revisions(items: &[DumpItem]) -> impl Iterator<Item = &Revision> {
    items.iter().filter_map(|i| match i {
        DumpItem::Revision(r) => Some(r),
        _ => None,
    })
}

fn revision(items: &[DumpItem], id: u64) -> &Revision {
    revisions(items).find(|r| r.id == id).unwrap_or_else(|| panic!("revision {id} is in the dump"))
}

fn pages(items: &[DumpItem]) -> impl Iterator<Item = &PageStart> {
    items.iter().filter_map(|i| match i {
        DumpItem::PageStart(p) => Some(p),
        _ => None,
    })
}

fn logs(items: &[DumpItem]) -> Vec<&LogItem> {
    items
        .iter()
        .filter_map(|i| match i {
            DumpItem::LogItem(l) => Some(l),
            _ => None,
        })
        .collect()
}

/// 1-based line of a byte offset.
fn line_of(bytes: &[u8], offset: usize) -> u64 {
    bytes[..offset].iter().filter(|&&b| b == b'\n').count() as u64 + 1
}

fn find(bytes: &[u8], needle: &str, from: usize) -> usize {
    from + bytes[from..]
        .windows(needle.len())
        .position(|w| w == needle.as_bytes())
        .unwrap_or_else(|| panic!("{needle:?} occurs after byte {from}"))
}

/// SHA-1 in MediaWiki's form: base 36, zero-padded to 31 digits.
fn sha1_base36(data: &[u8]) -> String {
    let mut number = Sha1::digest(data).to_vec();
    let mut digits = Vec::new();
    while number.iter().any(|&b| b != 0) {
        let mut rem = 0u32;
        for byte in number.iter_mut() {
            let cur = (rem << 8) | u32::from(*byte);
            *byte = (cur / 36) as u8;
            rem = cur % 36;
        }
        digits.push(b"0123456789abcdefghijklmnopqrstuvwxyz"[rem as usize]);
    }
    digits.resize(digits.len().max(31), b'0');
    digits.reverse();
    String::from_utf8(digits).expect("ASCII")
}

/// A scratch directory removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("wikiquery-dump-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

// ---------------------------------------------------------------------------------------------
// The full dump

#[test]
fn full_dump_has_every_page_and_live_revision() {
    let bytes = fixture_bytes("dump-full.xml");
    let mut reader = DumpReader::new(&bytes[..]);
    let items = reader.by_ref().collect::<Result<Vec<_>, _>>().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(reader.schema_version(), Some("0.11"));
    assert_eq!(reader.language(), Some("en"));
    let stats = stats();

    let DumpItem::SiteInfo(site) = &items[0] else { panic!("siteinfo comes first, got {:?}", items[0]) };
    assert_eq!(site.sitename.as_deref(), Some("Fixture Wiki"));
    assert_eq!(site.dbname.as_deref(), Some("fixturewiki"));
    assert_eq!(site.generator.as_deref(), Some("MediaWiki 1.39.17"));
    assert_eq!(site.case.as_deref(), Some("first-letter"));
    assert_eq!(site.namespaces.len(), 18);
    let main = site.namespaces.iter().find(|n| n.key == 0).expect("main namespace");
    assert_eq!((main.name.as_str(), main.case.as_deref()), ("", Some("first-letter")));
    let project = site.namespaces.iter().find(|n| n.key == 4).expect("project namespace");
    assert_eq!(project.name, "Fixture Wiki");
    assert!(site.namespaces.iter().any(|n| n.key == -2 && n.name == "Media"));

    // Pages: count, per namespace, redirects, and the PageStart/PageEnd bracketing.
    let page_list: Vec<_> = pages(&items).collect();
    assert_eq!(page_list.len() as u64, stats["pages"].as_u64().unwrap());
    let mut by_ns = BTreeMap::new();
    for p in &page_list {
        *by_ns.entry(p.ns.to_string()).or_insert(0u64) += 1;
    }
    let expected: BTreeMap<String, u64> = stats["pages_by_namespace"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| (k.clone(), v.as_u64().unwrap()))
        .collect();
    assert_eq!(by_ns, expected);
    assert_eq!(page_list.iter().filter(|p| p.redirect).count() as u64, stats["redirect_pages"].as_u64().unwrap());
    assert_eq!(page_list.iter().map(|p| p.id).collect::<HashSet<_>>().len(), page_list.len());
    let mut open = false;
    for item in &items[1..] {
        match item {
            DumpItem::PageStart(_) => {
                assert!(!open, "pages do not nest");
                open = true;
            }
            DumpItem::PageEnd => {
                assert!(open, "PageEnd follows a PageStart");
                open = false;
            }
            DumpItem::Revision(_) | DumpItem::Upload(_) => assert!(open, "revisions and uploads are inside pages"),
            other => panic!("unexpected item in a page dump: {other:?}"),
        }
    }
    assert!(!open);

    // Revisions: the dump has the live ones (deleted revisions are not exported).
    let revs: Vec<_> = revisions(&items).collect();
    assert_eq!(revs.len() as u64, stats["revisions"].as_u64().unwrap());
    assert_eq!(revs.iter().map(|r| r.id).collect::<HashSet<_>>().len(), revs.len());
    assert_eq!(revs.iter().filter(|r| r.minor).count(), 89);
    assert_eq!(revs.iter().filter(|r| r.parent_id.is_some()).count(), 126);
    assert!(revs.iter().all(|r| r.slots.is_empty()));
    // Null revisions (protection, moves) reuse the content of an earlier revision.
    assert_eq!(revs.iter().filter(|r| r.origin == Some(r.id)).count(), 289);
    assert_eq!(revision(&items, 289).origin, Some(31));

    let with_deleted_bits =
        revs.iter().filter(|r| r.contributor.is_deleted() || r.comment_deleted || r.text_deleted).count();
    assert_eq!(with_deleted_bits as u64, stats["revisions_with_deleted_bits"].as_u64().unwrap());

    // Content models: each page's latest revision carries the page's model.
    let mut models = BTreeMap::new();
    let mut last_model = None;
    for item in &items {
        match item {
            DumpItem::Revision(r) => last_model = r.model.clone(),
            DumpItem::PageEnd => *models.entry(last_model.take().expect("a model")).or_insert(0u64) += 1,
            _ => {}
        }
    }
    let expected: BTreeMap<String, u64> =
        stats["content_models"].as_object().unwrap().iter().map(|(k, v)| (k.clone(), v.as_u64().unwrap())).collect();
    assert_eq!(models, expected);

    // Anonymous editors: the dump writes IPs as <ip>, and the imported actor as a name.
    let mut actors: Vec<String> = revs
        .iter()
        .filter_map(|r| match &r.contributor {
            Contributor::Anonymous { ip } => Some(ip.clone()),
            Contributor::Registered { username, id: 0 } => Some(username.clone()),
            _ => None,
        })
        .collect::<HashSet<_>>()
        .into_iter()
        .collect();
    actors.sort();
    let mut expected: Vec<String> =
        stats["anonymous_actors"].as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_owned()).collect();
    expected.sort();
    assert_eq!(actors, expected);
}

#[test]
fn revision_text_is_exact() {
    // Every exported text must hash to the SHA-1 MediaWiki computed: this checks entity decoding
    // and that whitespace (leading, trailing, tabs, blank lines) survives untouched.
    let items = read_all(&fixture_bytes("dump-full.xml"));
    let mut checked = 0;
    for r in revisions(&items) {
        let Some(text) = &r.text else {
            assert!(r.text_deleted, "revision {} has text unless it was deleted", r.id);
            continue;
        };
        assert_eq!(Some(text.len() as u64), r.text_bytes, "size of revision {}", r.id);
        let sha1 = sha1_base36(text.as_bytes());
        assert_eq!(Some(&sha1), r.text_sha1.as_ref(), "text sha1 of revision {}", r.id);
        assert_eq!(Some(&sha1), r.sha1.as_ref(), "revision sha1 of revision {}", r.id);
        checked += 1;
    }
    assert_eq!(checked, 305);

    let main_page = revision(&items, 1);
    let text = main_page.text.as_deref().unwrap();
    assert!(text.starts_with("<strong>MediaWiki has been installed.</strong>\n\nConsult the [https://"), "{text}");
    assert_eq!(main_page.timestamp.as_str(), "20261121233151");
    assert_eq!(main_page.contributor, Contributor::Registered { username: "MediaWiki default".into(), id: 2 });

    let json = revision(&items, 255);
    assert_eq!(
        json.text.as_deref(),
        Some("{\n\t\"name\": \"fixture\",\n\t\"values\": [\n\t\t1,\n\t\t2,\n\t\t3\n\t]\n}")
    );
}

#[test]
fn full_dump_spot_checks() {
    let items = read_all(&fixture_bytes("dump-full.xml"));

    // An IP edit.
    let sheep = revision(&items, 48);
    assert_eq!(sheep.contributor, Contributor::Anonymous { ip: "192.0.2.10".into() });
    assert_eq!(sheep.comment.as_deref(), Some("Create article Sheep"));
    assert_eq!(sheep.parent_id, None);

    // Revision-deleted user, summary and text.
    let hidden = revision(&items, 260);
    assert_eq!(hidden.contributor, Contributor::Deleted);
    assert!(hidden.comment_deleted && hidden.comment.is_none());
    assert!(hidden.text_deleted && hidden.text.is_none());
    assert_eq!(hidden.text_bytes, Some(15));
    assert_eq!(hidden.text_sha1.as_deref(), Some("7m35y8m3ofl71x0txnjbpl4czn3bukt"));
    assert_eq!(hidden.sha1, None);
    assert_eq!(hidden.parent_id, Some(43));

    // Hidden user and summary, visible text.
    let horse = revision(&items, 44);
    assert!(horse.contributor.is_deleted() && horse.comment_deleted && !horse.text_deleted);
    assert!(horse.text.as_deref().is_some_and(|t| t.starts_with("{{Infobox|name=Horse")));

    // Only the summary hidden.
    let carol = revision(&items, 264);
    assert_eq!(carol.contributor, Contributor::Registered { username: "Carol".into(), id: 5 });
    assert!(carol.comment_deleted && !carol.text_deleted);

    // A minor edit blanking the page: empty text is Some(""), not None.
    let blank = revision(&items, 267);
    assert!(blank.minor);
    assert_eq!(blank.comment.as_deref(), Some("blank the page (mw-blank)"));
    assert_eq!(blank.text.as_deref(), Some(""));
    assert_eq!(blank.text_bytes, Some(0));
    assert_eq!(blank.contributor, Contributor::Registered { username: "Bob".into(), id: 4 });

    // The imported actor: a name without a local account.
    let imported = revision(&items, 305);
    assert_eq!(imported.contributor, Contributor::Registered { username: "imported>ExternalUser".into(), id: 0 });
    assert_eq!(imported.timestamp.as_str(), "20100101120000");
    assert_eq!(imported.timestamp.to_iso8601(), "2010-01-01T12:00:00Z");
    assert_eq!(imported.text.as_deref(), Some("First imported revision. [[Cat]]"));

    // Non-wikitext models.
    let css = revision(&items, 237);
    assert_eq!((css.model.as_deref(), css.format.as_deref()), (Some("css"), Some("text/css")));
    assert_eq!(css.text.as_deref(), Some("body { color: #222; }"));
    let js = revision(&items, 238);
    assert_eq!((js.model.as_deref(), js.format.as_deref()), (Some("javascript"), Some("text/javascript")));
    assert_eq!(js.text.as_deref(), Some("console.log(\"hello\");"));
    let json = revision(&items, 255);
    assert_eq!((json.model.as_deref(), json.format.as_deref()), (Some("json"), Some("application/json")));

    // Redirect targets, including an interwiki one.
    let fr_cat = pages(&items).find(|p| p.title == "Fr cat").expect("page Fr cat");
    assert_eq!((fr_cat.id, fr_cat.ns), (160, 0));
    assert!(fr_cat.redirect);
    assert_eq!(fr_cat.redirect_title.as_deref(), Some("fr:Chat"));
    assert_eq!(fr_cat.restrictions, None);
    let main_page = pages(&items).next().expect("a page");
    assert_eq!((main_page.title.as_str(), main_page.id, main_page.redirect), ("Main Page", 1, false));
}

#[test]
fn uploads_are_read_in_file_history_order() {
    let items = read_all(&fixture_bytes("dump-full.xml"));
    let uploads: Vec<&Upload> = items
        .iter()
        .filter_map(|i| match i {
            DumpItem::Upload(u) => Some(u),
            _ => None,
        })
        .collect();
    assert_eq!(uploads.len(), 7);
    let example: Vec<_> = uploads.iter().filter(|u| u.filename == "Example.png").collect();
    assert_eq!(example.len(), 3);
    let first = example[0];
    assert_eq!(first.timestamp.as_str(), "20261121233203");
    assert_eq!(first.contributor, Contributor::Registered { username: "Admin".into(), id: 1 });
    assert_eq!(first.comment.as_deref(), Some("A red square"));
    assert!(!first.comment_deleted);
    assert_eq!(first.archivename.as_deref(), Some("20261121233203!Example.png"));
    assert_eq!(first.src, "http://127.0.0.1:8081/images/archive/7/70/20261121233203%21Example.png");
    assert_eq!(first.size, 73);
    assert_eq!(first.sha1base36.as_deref(), Some("5atl66j9oprisa7j6p65vndb8r7bbrf"));
    assert_eq!(first.rel.as_deref(), Some("archive/7/70/20261121233203!Example.png"));
    assert_eq!(first.contents, None);
    let current = example[2];
    assert_eq!(current.archivename, None);
    assert_eq!(current.comment.as_deref(), Some("Revert to red"));
    assert_eq!(current.rel.as_deref(), Some("7/70/Example.png"));

    // Uploads belong to the File: page they follow.
    let mut page = None;
    for item in &items {
        match item {
            DumpItem::PageStart(p) => page = Some(p),
            DumpItem::Upload(u) => {
                let p = page.expect("inside a page");
                assert_eq!(p.ns, 6);
                assert_eq!(p.title.strip_prefix("File:").map(|t| t.replace(' ', "_")), Some(u.filename.clone()));
            }
            _ => {}
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The log dump

#[test]
fn log_dump_has_every_entry_but_the_suppression_log() {
    let items = read_all(&fixture_bytes("dump-logs.xml"));
    assert!(matches!(items[0], DumpItem::SiteInfo(_)));
    let logs = logs(&items);
    assert_eq!(logs.len() + 1, items.len(), "a log dump holds siteinfo and log items only");

    // dumpBackup.php --logs leaves out the suppression log (suppress/*); everything else is there.
    let stats = stats();
    let mut expected: BTreeMap<String, u64> = stats["log_entries_by_type_action"]
        .as_object()
        .unwrap()
        .iter()
        .filter(|(k, _)| !k.starts_with("suppress/"))
        .map(|(k, v)| (k.clone(), v.as_u64().unwrap()))
        .collect();
    let mut found = BTreeMap::new();
    for l in &logs {
        *found.entry(format!("{}/{}", l.log_type, l.action)).or_insert(0u64) += 1;
    }
    assert_eq!(found, expected);
    let suppressed = stats["log_entries"].as_u64().unwrap() - expected.values().sum::<u64>();
    assert_eq!(suppressed, 3);
    assert_eq!(logs.len() as u64, stats["log_entries"].as_u64().unwrap() - suppressed);
    expected.clear();
    assert_eq!(logs.iter().map(|l| l.id).collect::<HashSet<_>>().len(), logs.len());

    let first = logs[0];
    assert_eq!((first.id, first.log_type.as_str(), first.action.as_str()), (1, "create", "create"));
    assert_eq!(first.timestamp.as_str(), "20261121233151");
    assert_eq!(first.logtitle.as_deref(), Some("Main Page"));
    assert_eq!(first.params.as_deref(), Some("a:1:{s:17:\"associated_rev_id\";i:1;}"));
    assert_eq!(first.params_xml_space.as_deref(), Some("preserve"));
    assert_eq!(first.comment, None);
    assert!(!first.action_deleted && !first.user_deleted && !first.comment_deleted);

    // log_deleted = 13: action and performer hidden (and suppressed).
    let hidden = logs.iter().find(|l| l.id == 6).expect("log 6");
    assert!(hidden.action_deleted && hidden.user_deleted && !hidden.comment_deleted);
    assert_eq!(hidden.contributor, Contributor::Deleted);
    assert_eq!((hidden.logtitle.as_ref(), hidden.params.as_ref(), hidden.text.as_ref()), (None, None, None));

    let comment_hidden = logs.iter().find(|l| l.id == 51).expect("log 51");
    assert!(comment_hidden.comment_deleted && comment_hidden.comment.is_none() && !comment_hidden.action_deleted);
    assert_eq!(comment_hidden.logtitle.as_deref(), Some("File:Example.png"));

    let move_hidden_user = logs.iter().find(|l| l.id == 205).expect("log 205");
    assert!(move_hidden_user.user_deleted && !move_hidden_user.comment_deleted);
    assert_eq!(move_hidden_user.comment.as_deref(), Some("Better name"));
    assert_eq!(
        move_hidden_user.params.as_deref(),
        Some("a:3:{s:9:\"4::target\";s:10:\"New name A\";s:10:\"5::noredir\";s:1:\"0\";s:17:\"associated_rev_id\";i:274;}")
    );

    let with_deleted_bits = logs.iter().filter(|l| l.action_deleted || l.user_deleted || l.comment_deleted).count();
    assert_eq!(with_deleted_bits as u64, stats["log_entries_with_deleted_bits"].as_u64().unwrap());
}

// ---------------------------------------------------------------------------------------------
// Damaged dumps

#[test]
fn truncated_inside_a_revision_text_names_the_line() {
    let bytes = fixture_bytes("dump-full.xml");
    let rev = find(&bytes, "<id>48</id>", 0);
    let text = find(&bytes, "<text ", rev);
    let cut = find(&bytes, "Revision marker", text);
    let (items, err) = read_until_error(&bytes[..cut]);
    let DumpErrorKind::Truncated { element, opened_line, path } = err.kind() else { panic!("{err}") };
    assert_eq!(element, "text");
    assert_eq!(*opened_line, line_of(&bytes, text));
    assert!(path.contains("<page>") && path.contains("<revision>"), "{path}");
    assert_eq!(err.line(), line_of(&bytes, cut));
    let message = err.to_string();
    assert!(message.starts_with(&format!("dump.xml line {}, column ", line_of(&bytes, cut))), "{message}");
    assert!(message.contains("truncated"), "{message}");
    // Everything before the damaged revision was delivered.
    assert_eq!(revisions(&items).last().map(|r| r.id), Some(47));
}

#[test]
fn truncated_between_elements_names_the_open_revision() {
    let bytes = fixture_bytes("dump-full.xml");
    let rev = find(&bytes, "<id>48</id>", 0);
    let revision_start = bytes[..rev].windows(10).rposition(|w| w == b"<revision>").expect("revision tag");
    let cut = find(&bytes, "</timestamp>\n", rev) + "</timestamp>\n".len();
    let (_, err) = read_until_error(&bytes[..cut]);
    let DumpErrorKind::Truncated { element, opened_line, .. } = err.kind() else { panic!("{err}") };
    assert_eq!(element, "revision");
    assert_eq!(*opened_line, line_of(&bytes, revision_start));
    assert_eq!(err.line(), line_of(&bytes, cut));
}

#[test]
fn mismatched_tag_names_its_line_and_column() {
    let mut bytes = fixture_bytes("dump-full.xml");
    let at = find(&bytes, "<title>Sheep</title>", 0) + "<title>Sheep".len();
    bytes.splice(at..at + "</title>".len(), b"</titel>".iter().copied());
    let (_, err) = read_until_error(&bytes);
    assert!(matches!(err.kind(), DumpErrorKind::Xml(_)), "{err}");
    assert_eq!(err.line(), line_of(&bytes, at));
    let line_start = bytes[..at].iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
    assert_eq!(err.column(), (at - line_start + 1) as u64, "{err}");
    assert!(err.to_string().starts_with(&format!("dump.xml line {}, ", err.line())), "{err}");
}

#[test]
fn missing_timestamp_names_the_revision() {
    let mut bytes = fixture_bytes("dump-full.xml");
    let rev = find(&bytes, "<id>48</id>", 0);
    let revision_start = bytes[..rev].windows(10).rposition(|w| w == b"<revision>").expect("revision tag");
    let ts = find(&bytes, "      <timestamp>", rev);
    let end = find(&bytes, "\n", ts) + 1;
    bytes.drain(ts..end);
    let (_, err) = read_until_error(&bytes);
    assert!(matches!(err.kind(), DumpErrorKind::Missing(_)), "{err}");
    assert_eq!(err.line(), line_of(&bytes, revision_start));
    assert!(err.to_string().contains("revision 48 of page \"Sheep\" has no <timestamp>"), "{err}");
}

#[test]
fn bad_numbers_and_timestamps_are_errors() {
    let original = fixture_bytes("dump-full.xml");
    let page = find(&original, "<title>Sheep</title>", 0);

    let mut bytes = original.clone();
    let ns = find(&bytes, "<ns>0</ns>", page);
    bytes.splice(ns..ns + "<ns>0</ns>".len(), b"<ns>zero</ns>".iter().copied());
    let (_, err) = read_until_error(&bytes);
    assert!(matches!(err.kind(), DumpErrorKind::BadNumber { value, .. } if value == "zero"), "{err}");
    assert_eq!(err.line(), line_of(&bytes, ns));

    let mut bytes = original.clone();
    let ts = find(&bytes, "2026-11-21T23:32:06Z", page);
    bytes.splice(ts..ts + 10, b"2026-02-30".iter().copied());
    let (_, err) = read_until_error(&bytes);
    assert!(matches!(err.kind(), DumpErrorKind::BadTimestamp { .. }), "{err}");
    assert_eq!(err.line(), line_of(&bytes, ts));
    assert!(err.to_string().contains("revision 48"), "{err}");
}

#[test]
fn crlf_copy_reads_identically() {
    // A dump that went through a Windows tool: XML parsers turn CR LF back into LF.
    let plain = fixture_bytes("dump-logs.xml");
    let mut crlf = Vec::with_capacity(plain.len() * 2);
    for &b in &plain {
        if b == b'\n' {
            crlf.push(b'\r');
        }
        crlf.push(b);
    }
    assert!(read_all(&crlf) == read_all(&plain));
    // Line numbers still count lines.
    let cut = find(&crlf, "<id>6</id>", 0);
    let (_, err) = read_until_error(&crlf[..cut]);
    assert_eq!(err.line(), line_of(&crlf, cut));
}

// ---------------------------------------------------------------------------------------------
// Compression

#[test]
fn compressed_copies_read_identically() {
    let plain = fixture_bytes("dump-full.xml");
    let expected = read_all(&plain);
    let dir = TempDir::new("compressed");

    let gz = {
        let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        e.write_all(&plain).unwrap();
        e.finish().unwrap()
    };
    let bz2 = {
        let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::default());
        e.write_all(&plain).unwrap();
        e.finish().unwrap()
    };
    // Two gzip members back to back, as parallel compressors write them.
    let multi_gz = {
        let half = plain.len() / 2;
        let mut out = Vec::new();
        for part in [&plain[..half], &plain[half..]] {
            let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
            e.write_all(part).unwrap();
            out.extend(e.finish().unwrap());
        }
        out
    };
    let cases: [(&str, &[u8], Compression); 5] = [
        ("dump.xml", &plain, Compression::None),
        ("dump.xml.gz", &gz, Compression::Gzip),
        ("dump.xml.bz2", &bz2, Compression::Bzip2),
        ("multi.xml.gz", &multi_gz, Compression::Gzip),
        // Recognised by content, not by name.
        ("misnamed.xml", &bz2, Compression::Bzip2),
    ];
    for (name, data, compression) in cases {
        let path = dir.0.join(name);
        std::fs::write(&path, data).unwrap();
        let source = DumpSource::open(&path).unwrap();
        assert_eq!(source.compression(), compression, "{name}");
        assert_eq!(source.input_len(), Some(data.len() as u64));
        assert_eq!(source.name(), name);
        let counter = source.bytes_read();
        let items = source.into_dump_reader().collect::<Result<Vec<_>, _>>().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(items.len(), expected.len(), "{name}");
        assert!(items == expected, "{name} reads like the plain dump");
        assert_eq!(counter.load(Ordering::Relaxed), data.len() as u64, "{name}: all input counted");
    }
}

#[test]
fn corrupt_and_unsupported_compression() {
    let plain = fixture_bytes("dump-logs.xml");
    let mut gz = {
        let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        e.write_all(&plain).unwrap();
        e.finish().unwrap()
    };
    // Compressed bytes handed to the parser directly are named, not parsed as garbage.
    let (_, err) = read_until_error(&gz);
    assert!(matches!(err.kind(), DumpErrorKind::NotADump(m) if m.contains("gzip")), "{err}");
    gz.truncate(gz.len() / 2);
    let source = DumpSource::from_read(std::io::Cursor::new(gz), "logs.xml.gz", None).unwrap();
    let (_, err) = {
        let mut items = Vec::new();
        let mut found = None;
        for item in source.into_dump_reader() {
            match item {
                Ok(i) => items.push(i),
                Err(e) => found = Some(e),
            }
        }
        (items, found.expect("a truncated gzip stream is an error"))
    };
    assert!(err.to_string().starts_with("logs.xml.gz line "), "{err}");

    let xz = [0xfd, b'7', b'z', b'X', b'Z', 0x00, 1, 2, 3];
    let err = DumpSource::from_read(std::io::Cursor::new(xz.to_vec()), "dump.xml.xz", None).unwrap_err();
    assert!(err.to_string().contains("xz"), "{err}");

    let dir = TempDir::new("missing");
    let err = DumpSource::open(dir.0.join("nope.xml")).unwrap_err();
    assert!(err.to_string().contains("nope.xml"), "{err}");
}

// ---------------------------------------------------------------------------------------------
// Hand-written cases

const HEAD: &str = r#"<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" version="0.11" xml:lang="en">"#;

fn page(body: &str) -> String {
    format!("{HEAD}\n<page>\n<title>T</title>\n<ns>0</ns>\n<id>1</id>\n{body}\n</page>\n</mediawiki>\n")
}

fn rev(extra: &str) -> String {
    format!(
        "<revision><id>7</id><timestamp>2001-01-15T13:15:00Z</timestamp>\
         <contributor><username>U</username><id>3</id></contributor>{extra}</revision>"
    )
}

fn only_revision(xml: &str) -> Revision {
    let items = read_all(xml.as_bytes());
    let mut revs = revisions(&items);
    let r = revs.next().expect("one revision").clone();
    assert!(revs.next().is_none());
    r
}

#[test]
fn entities_cdata_and_line_ends() {
    let xml = page(&rev("<text xml:space=\"preserve\">  a &lt;b&gt; &amp;amp; &quot;q&quot; &apos;&#233;&#x1F600;\n\
         <![CDATA[<raw> & ]]>end\r\nx\ry \t</text><sha1>s</sha1>"));
    let r = only_revision(&xml);
    assert_eq!(r.text.as_deref(), Some("  a <b> &amp; \"q\" '\u{e9}\u{1F600}\n<raw> & end\nx\ny \t"));
    assert_eq!(r.sha1.as_deref(), Some("s"));
    assert_eq!(r.timestamp.as_str(), "20010115131500");
    assert_eq!(r.model, None);
}

#[test]
fn schema_010_revision_and_unknown_elements() {
    let xml = r#"<?xml version="1.0" encoding="UTF-8"?>
<!-- a comment -->
<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.10/" version="0.10" xml:lang="de">
  <siteinfo><sitename>W</sitename><future>x</future><namespaces/></siteinfo>
  <future-root attr="1"><deep><deeper/></deep></future-root>
  <page>
    <title>A &amp; B</title>
    <ns>0</ns>
    <id>5</id>
    <redirect />
    <restrictions>edit=sysop:move=sysop</restrictions>
    <newheader>ignored</newheader>
    <revision>
      <id>9</id>
      <timestamp>2010-05-01T00:00:00Z</timestamp>
      <contributor><ip>10.0.0.1</ip></contributor>
      <minor></minor>
      <comment>c &gt; d</comment>
      <model>wikitext</model>
      <format>text/x-wiki</format>
      <text xml:space="preserve" bytes="5">hello</text>
      <sha1>abc</sha1>
      <tags><tag>x</tag></tags>
    </revision>
    <discussionthreadinginfo><ThreadSubject>s</ThreadSubject></discussionthreadinginfo>
  </page>
  <page><title>Empty</title><ns>1</ns><id>6</id><redirect title="Q&amp;A &quot;x&quot; &lt;y>"/></page>
</mediawiki>
"#;
    let mut reader = DumpReader::new(xml.as_bytes());
    let items = reader.by_ref().collect::<Result<Vec<_>, _>>().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(reader.schema_version(), Some("0.10"));
    assert_eq!(items.len(), 6);
    let DumpItem::SiteInfo(site) = &items[0] else { panic!() };
    assert_eq!(site.sitename.as_deref(), Some("W"));
    assert!(site.namespaces.is_empty());
    let DumpItem::PageStart(p) = &items[1] else { panic!() };
    assert_eq!(p.title, "A & B");
    assert!(p.redirect);
    assert_eq!(p.redirect_title, None);
    assert_eq!(p.restrictions.as_deref(), Some("edit=sysop:move=sysop"));
    let DumpItem::Revision(r) = &items[2] else { panic!() };
    assert_eq!(r.contributor, Contributor::Anonymous { ip: "10.0.0.1".into() });
    assert!(r.minor);
    assert_eq!(r.comment.as_deref(), Some("c > d"));
    assert_eq!((r.origin, r.text.as_deref(), r.text_bytes), (None, Some("hello"), Some(5)));
    assert_eq!(items[3], DumpItem::PageEnd);
    let DumpItem::PageStart(empty) = &items[4] else { panic!() };
    assert_eq!(empty.redirect_title.as_deref(), Some("Q&A \"x\" <y>"));
    assert_eq!((empty.title.as_str(), empty.ns, empty.id), ("Empty", 1, 6));
    assert_eq!(items[5], DumpItem::PageEnd);
}

#[test]
fn schema_011_extra_slots() {
    let xml = page(&rev(r#"<origin>7</origin><model>wikitext</model><format>text/x-wiki</format>
      <text bytes="4" sha1="m" xml:space="preserve">main</text>
      <content>
        <role>mediainfo</role>
        <origin>6</origin>
        <model>wikibase-mediainfo</model>
        <format>application/json</format>
        <text bytes="2" sha1="j" xml:space="preserve">{}</text>
      </content>
      <content>
        <role>gone</role>
        <origin>5</origin>
        <model>text</model>
        <format>text/plain</format>
        <text bytes="3" sha1="g" deleted="deleted" />
      </content>
      <sha1>combined</sha1>"#));
    let r = only_revision(&xml);
    assert_eq!(r.text.as_deref(), Some("main"));
    assert_eq!(r.slots.len(), 2);
    let info = &r.slots[0];
    assert_eq!(
        (info.role.as_str(), info.origin, info.model.as_deref(), info.format.as_deref()),
        ("mediainfo", Some(6), Some("wikibase-mediainfo"), Some("application/json"))
    );
    assert_eq!((info.text.as_deref(), info.text_bytes, info.text_sha1.as_deref()), (Some("{}"), Some(2), Some("j")));
    assert!(r.slots[1].text_deleted && r.slots[1].text.is_none());
}

#[test]
fn stub_text_is_not_empty_text() {
    let r = only_revision(&page(&rev(r#"<text bytes="123" id="456" /><sha1>x</sha1>"#)));
    assert_eq!((r.text.as_deref(), r.text_bytes, r.text_id.as_deref()), (None, Some(123), Some("456")));
    let r = only_revision(&page(&rev(r#"<text bytes="12" sha1="s" location="tt:99" /><sha1>x</sha1>"#)));
    assert_eq!((r.text.as_deref(), r.text_location.as_deref()), (None, Some("tt:99")));
    let r = only_revision(&page(&rev(r#"<text bytes="0" xml:space="preserve" /><sha1>x</sha1>"#)));
    assert_eq!(r.text.as_deref(), Some(""));
}

#[test]
fn structural_errors() {
    let cases: [(String, &str); 9] = [
        (String::new(), "no <mediawiki> element"),
        ("<html><body/></html>".into(), "the root element is <html>"),
        (page(&rev("<text>a<b/>c</text>")), "element <b> inside <text>"),
        (page(&format!("oops{}", rev("<text>x</text>"))), "unexpected text \"oops\" in <page>"),
        (page(&rev("<text>x</text><text>y</text>")), "<revision> has more than one <text>"),
        (page(&rev("<text>&nbsp;</text>")), "entity reference &nbsp;"),
        (page(&rev("<comment deleted=\"yes\"/><text>x</text>")), "deleted=\"yes\""),
        (page(&rev("")), "revision 7 of page \"T\" has no <text>"),
        (format!("{HEAD}<page><ns>0</ns><id>3</id></page></mediawiki>"), "page 3 has no <title>"),
    ];
    for (xml, expected) in cases {
        let (_, err) = read_until_error(xml.as_bytes());
        assert!(err.to_string().contains(expected), "{expected:?} not in {err}");
    }
    let (_, err) = read_until_error(format!("{HEAD}</mediawiki>\n<extra/>").as_bytes());
    assert!(err.to_string().contains("after </mediawiki>"), "{err}");
    assert_eq!(err.line(), 2);
}

#[test]
fn invalid_utf8_is_located() {
    let mut xml = page(&rev("<text>line one\nline two \u{1}\n</text>")).into_bytes();
    let at = xml.iter().position(|&b| b == 1).unwrap();
    xml[at] = 0xff;
    let (_, err) = read_until_error(&xml);
    assert!(matches!(err.kind(), DumpErrorKind::InvalidUtf8), "{err}");
    assert_eq!(err.line(), line_of(&xml, at));
}

// ---------------------------------------------------------------------------------------------
// Streaming

/// Generates a dump on the fly: `pages` pages of `revs` revisions each, never holding more than
/// one page of XML.
struct SyntheticDump {
    pages: u64,
    revs: u64,
    next_page: u64,
    chunk: Vec<u8>,
    pos: usize,
    done: bool,
    produced: u64,
}

impl SyntheticDump {
    fn new(pages: u64, revs: u64) -> Self {
        let chunk = format!("{HEAD}\n  <siteinfo><sitename>Synthetic</sitename></siteinfo>\n").into_bytes();
        SyntheticDump { pages, revs, next_page: 0, chunk, pos: 0, done: false, produced: 0 }
    }

    fn refill(&mut self) {
        self.chunk.clear();
        self.pos = 0;
        if self.next_page == self.pages {
            self.chunk.extend_from_slice(b"</mediawiki>\n");
            self.done = true;
            return;
        }
        let p = self.next_page;
        self.next_page += 1;
        let out = &mut self.chunk;
        let _ = writeln!(out, "<page><title>Page {p}</title><ns>0</ns><id>{}</id>", p + 1);
        // Few elements and no indentation: in a debug build the cost is per XML event, and the
        // test has to stay quick; the revision text makes up the bulk of the bytes.
        for r in 0..self.revs {
            let id = p * self.revs + r + 1;
            let _ = write!(out, "<revision><id>{id}</id><timestamp>2020-01-01T00:00:00Z</timestamp>");
            if r == 0 {
                let _ = write!(out, "<contributor><ip>10.0.0.{}</ip></contributor>", p % 256);
                let _ = write!(out, "<text xml:space=\"preserve\">&lt;b&gt;{p}");
            } else {
                out.extend_from_slice(b"<contributor deleted=\"deleted\"/><text xml:space=\"preserve\">");
            }
            out.extend_from_slice(FILLER);
            out.extend_from_slice(b"</text></revision>\n");
        }
        out.extend_from_slice(b"</page>\n");
    }
}

/// Revision text padding: wikitext-like lines, so that the dump is large while the number of
/// events stays small.
const FILLER: &[u8] = b"\n== Section ==\n'''Lorem ipsum''' dolor sit amet, [[consectetur]] adipiscing elit, sed do \
eiusmod tempor incididunt ut labore et dolore magna aliqua. {{Template|x=1}}\n* one\n* two\n\
Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo.\n";

impl Read for SyntheticDump {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        if self.pos == self.chunk.len() {
            if self.done {
                return Ok(0);
            }
            self.refill();
        }
        let n = (self.chunk.len() - self.pos).min(out.len());
        out[..n].copy_from_slice(&self.chunk[self.pos..self.pos + n]);
        self.pos += n;
        self.produced += n as u64;
        Ok(n)
    }
}

#[test]
fn streams_a_large_dump_in_constant_memory() {
    const PAGES: u64 = 1_000;
    const REVS: u64 = 100;
    let baseline = LIVE.with(Cell::get);
    PEAK.with(|p| p.set(baseline));
    let mut input = SyntheticDump::new(PAGES, REVS);
    let (mut pages, mut revs, mut text_bytes) = (0u64, 0u64, 0u64);
    for item in DumpReader::new(&mut input) {
        match item.unwrap_or_else(|e| panic!("{e}")) {
            DumpItem::PageStart(_) => pages += 1,
            DumpItem::Revision(r) => {
                revs += 1;
                text_bytes += r.text.map_or(0, |t| t.len() as u64);
            }
            _ => {}
        }
    }
    let peak = PEAK.with(Cell::get) - baseline;
    assert_eq!((pages, revs), (PAGES, PAGES * REVS));
    assert!(text_bytes > 20_000_000, "{text_bytes} bytes of text");
    assert!(input.produced > 35_000_000, "the stream is large: {} bytes", input.produced);
    // Reader buffers plus one page of generator output; nothing proportional to the dump.
    assert!(peak < 4 * 1024 * 1024, "peak heap while streaming: {peak} bytes");
}
