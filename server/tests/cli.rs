//! The command line as operators script it: `wikiquery import` and `wikiquery serve` failures.

use std::path::PathBuf;
use std::process::Command;

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/mw139").join(name)
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("wikiquery-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn wikiquery(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_wikiquery")).args(args).env("RUST_LOG", "warn").output().expect("runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn import_loads_a_dump_and_a_second_import_changes_nothing() {
    let dir = temp_dir("import");
    let db = format!("sqlite:{}", dir.join("wiki.sqlite").display());
    let dump = fixture("dump-full.xml");
    let (ok, out, err) = wikiquery(&["import", dump.to_str().unwrap_or_default(), "--db", &db]);
    assert!(ok, "{err}");
    assert!(out.contains("181 pages"), "the report counts the pages: {out}");
    assert!(out.contains("307 revisions"), "and the revisions: {out}");
    let (ok, again, err) = wikiquery(&["import", dump.to_str().unwrap_or_default(), "--db", &db]);
    assert!(ok, "{err}");
    assert!(again.contains("0 revisions") || again.contains("skipped"), "nothing new the second time: {again}");
    assert!(out.contains("181 pages in the search index"), "the import builds the search index: {out}");
    let (ok, reindexed, err) = wikiquery(&["reindex", "--db", &db]);
    assert!(ok, "{err}");
    assert_eq!(reindexed.trim(), "181 pages in the search index");
    let (ok, cached, err) = wikiquery(&["update-special-pages", "--db", &db]);
    assert!(ok, "{err}");
    assert!(cached.lines().any(|l| l.starts_with("Wantedpages: ") && l.contains(" rows")), "{cached}");
    assert!(!cached.contains("Shortpages"), "a cheap report is not cached: {cached}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn reindex_keeps_its_index_beside_a_mediawiki_database_and_refuses_other_databases() {
    let dir = temp_dir("reindex-mediawiki");
    let copy = dir.join("fixturewiki.sqlite");
    std::fs::copy(fixture("fixturewiki.sqlite"), &copy).expect("copy");
    let db = format!("sqlite:{}", copy.display());
    let (ok, out, err) = wikiquery(&["reindex", "--db", &db]);
    assert!(ok, "{err}");
    assert!(out.contains("181 pages in the search index"), "{out}");
    assert!(err.contains("beside MediaWiki's tables"), "{err}");
    // Still a MediaWiki database, served read-only, whose search reads the new index.
    let store = wikiquery_store::store::Store::open(&wikiquery_store::store::OpenOptions {
        primary: db.clone(),
        ..Default::default()
    })
    .expect("opens");
    assert!(!store.is_writable());
    let mut reader = store.reader().expect("reader");
    assert_eq!(reader.search_index().expect("index"), wikiquery_store::queries::search::SearchIndex::Ours);
    drop((reader, store));
    // A second run rebuilds the same index.
    let (ok, out, err) = wikiquery(&["reindex", "--db", &db]);
    assert!(ok && out.contains("181 pages"), "{out} {err}");
    assert!(!err.contains("added"), "{err}");

    // A database of something else is not touched.
    let other = dir.join("other.sqlite");
    let status = Command::new("python3")
        .args(["-c", "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute('CREATE TABLE t (x)'); c.commit()"])
        .arg(&other)
        .status()
        .expect("python3 runs");
    assert!(status.success());
    let before = std::fs::read(&other).expect("read");
    let (ok, _, err) = wikiquery(&["reindex", "--db", &format!("sqlite:{}", other.display())]);
    assert!(!ok);
    assert!(err.contains("refusing to touch it"), "{err}");
    assert!(before == std::fs::read(&other).expect("read"), "not written");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn import_refuses_a_database_wikiquery_did_not_create() {
    let dir = temp_dir("refuse");
    let copy = dir.join("fixturewiki.sqlite");
    std::fs::copy(fixture("fixturewiki.sqlite"), &copy).expect("copy");
    let before = std::fs::read(&copy).expect("read");
    let db = format!("sqlite:{}", copy.display());
    let (ok, _, err) = wikiquery(&["import", fixture("dump-logs.xml").to_str().unwrap_or_default(), "--db", &db]);
    assert!(!ok);
    assert!(err.contains("not a wikiquery database"), "{err}");
    assert!(before == std::fs::read(&copy).expect("read"), "not written");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_truncated_dump_names_the_line() {
    let dir = temp_dir("truncated");
    let text = std::fs::read_to_string(fixture("dump-full.xml")).expect("dump");
    let cut = dir.join("cut.xml");
    std::fs::write(&cut, &text[..text.len() / 2]).expect("write");
    let db = format!("sqlite:{}", dir.join("wiki.sqlite").display());
    let (ok, _, err) = wikiquery(&["import", cut.to_str().unwrap_or_default(), "--db", &db]);
    assert!(!ok);
    assert!(err.contains("line "), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn serve_says_why_it_cannot_start() {
    let (ok, _, err) =
        wikiquery(&["serve", "--listen", "127.0.0.1:0", "--db", "sqlite:/proc/no-such-dir/x.sqlite", "--create"]);
    assert!(!ok);
    assert!(err.contains("cannot open the database"), "{err}");
    let (ok, _, err) = wikiquery(&["--config", "/proc/no-such-file.toml", "serve"]);
    assert!(!ok);
    assert!(err.contains("no-such-file.toml"), "{err}");
}

#[test]
fn serve_refuses_rights_outside_the_vocabulary() {
    let dir = temp_dir("rights");
    let db = format!("sqlite:{}", dir.join("never-created.sqlite").display());
    let (ok, _, err) = wikiquery(&["serve", "--listen", "127.0.0.1:0", "--db", &db, "--anonymous-rights", "read,fly"]);
    assert!(!ok);
    assert!(err.contains("unknown right `fly`"), "{err}");
    assert!(!dir.join("never-created.sqlite").exists(), "nothing is opened before the settings are checked");
}

#[test]
fn a_database_path_that_does_not_exist_is_refused_unless_asked_to_create_it() {
    let dir = temp_dir("typo");
    let typo = dir.join("wikki.sqlite");
    let db = format!("sqlite:{}", typo.display());
    let (ok, _, err) = wikiquery(&["serve", "--listen", "127.0.0.1:0", "--db", &db]);
    assert!(!ok);
    assert!(err.contains("wikki.sqlite") && err.contains("--create"), "{err}");
    assert!(!typo.exists(), "nothing is created");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_options_of_serve_work_without_the_word() {
    let dir = temp_dir("no-word");
    let typo = dir.join("wikki.sqlite");
    let db = format!("sqlite:{}", typo.display());
    let (ok, _, err) = wikiquery(&["--listen", "127.0.0.1:0", "--db", &db]);
    assert!(!ok);
    assert!(err.contains("wikki.sqlite") && err.contains("--create"), "the options were read: {err}");
    // Without a command the environment's settings are read as `serve` reads them.
    let out = Command::new(env!("CARGO_BIN_EXE_wikiquery"))
        .env("WIKIQUERY_DB", &db)
        .env("WIKIQUERY_LISTEN", "127.0.0.1:0")
        .env("RUST_LOG", "warn")
        .output()
        .expect("runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && err.contains("wikki.sqlite"), "{err}");
    // The environment does not stand in the way of another command.
    let (ok, _, err) = wikiquery(&["--listen", "127.0.0.1:0", "reindex", "--db", &db]);
    assert!(!ok && err.contains("reindex"), "serve's options and another command: {err}");
    assert!(!typo.exists(), "nothing is created");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_version_is_printed() {
    let (ok, out, _) = wikiquery(&["--version"]);
    assert!(ok);
    assert_eq!(out.trim(), format!("wikiquery {}", env!("CARGO_PKG_VERSION")));
}
