//! Failures: a truncated dump, MediaWiki's own database, compressed dumps.

use std::io::Write as _;

use diesel::prelude::*;
use wikiquery_import::tables::{import_dump, ImportError};
use wikiquery_store::backend::{AnyConnection, Pool, PoolOptions};
use wikiquery_store::schema::*;
use wikiquery_store::with_conn;

use super::dumps::count_dump;
use super::rows::table_counts;
use super::support::{fixture_file, fresh_pool, options, sqlite_url, TempDir};

#[test]
fn a_truncated_dump_keeps_the_committed_batches() {
    let dir = TempDir::new("truncated");
    let full = std::fs::read(fixture_file("dump-full.xml")).expect("reading the dump");
    // Cut after a line break, so that no character is split.
    let cut = full[..full.len() * 3 / 5].iter().rposition(|&b| b == b'\n').expect("a line break") + 1;
    let truncated = dir.path("truncated.xml");
    std::fs::write(&truncated, &full[..cut]).expect("writing the truncated dump");
    let lines = full[..cut].iter().filter(|&&b| b == b'\n').count() as u64 + 1;
    let per_page = count_dump(&fixture_file("dump-full.xml")).revisions_per_page;

    let pool = fresh_pool(&sqlite_url(&dir.path("wiki.sqlite")));
    let error = import_dump(&truncated, &pool, options(10)).expect_err("a truncated dump fails");
    let message = error.to_string();
    eprintln!("{message}");
    let ImportError::Dump { source, pages, .. } = &error else { panic!("not a dump error: {message}") };
    assert_eq!(source.line(), lines, "the error names the last line");
    assert!(message.contains(&format!("line {lines}")), "{message}");
    assert!(message.contains(&format!("imported {pages} pages before the error")), "{message}");
    assert!(*pages > 0 && pages % 10 == 0, "whole batches of 10 pages are kept, got {pages}");
    assert!((*pages as usize) < per_page.len());

    let mut conn = pool.get().expect("a connection");
    let counts = table_counts(&mut conn);
    let revisions: u64 = per_page[..*pages as usize].iter().sum();
    assert_eq!(counts["page"] as u64, *pages);
    assert_eq!(counts["revision"] as u64, revisions, "the revisions of the committed pages, no more");
    assert_eq!(counts["revision_comment_temp"] as u64, revisions);
    assert_eq!(counts["slots"] as u64, revisions);
    let pages_with_links: i64 = with_conn!(&mut conn, |c| pagelinks::table
        .select(diesel::dsl::count(pagelinks::pl_from).aggregate_distinct())
        .first(c))
    .expect("pagelinks");
    assert!(pages_with_links > 0, "the committed pages have their links");
    assert_eq!(counts["site_stats"], 1, "statistics describe the committed pages");
    let total: Option<i64> =
        with_conn!(&mut conn, |c| site_stats::table.select(site_stats::ss_total_pages).first(c)).expect("stats");
    assert_eq!(total, Some(*pages as i64));

    // Importing the whole dump afterwards completes the database.
    drop(conn);
    let report = import_dump(fixture_file("dump-full.xml"), &pool, options(10)).expect("the whole dump imports");
    assert_eq!(report.revisions_skipped, revisions);
    let mut conn = pool.get().expect("a connection");
    assert_eq!(count_rows!(&mut conn, page) as usize, per_page.len());
}

#[test]
fn mediawikis_own_database_is_refused_and_untouched() {
    let dir = TempDir::new("refuse");
    let copy = dir.path("fixturewiki.sqlite");
    std::fs::copy(fixture_file("fixturewiki.sqlite"), &copy).expect("copying the fixture");
    let original = std::fs::read(&copy).expect("reading the copy");
    let url = sqlite_url(&copy);

    let pool = Pool::connect(&url, PoolOptions::default()).expect("opening MediaWiki's database");
    let error = import_dump(fixture_file("dump-full.xml"), &pool, options(10)).expect_err("refused");
    assert!(matches!(error, ImportError::NotOurs { .. }), "{error}");
    assert!(error.to_string().contains("MediaWiki"), "{error}");
    drop(pool);

    let mut conn = AnyConnection::establish(&url).expect("a read-write connection");
    let error = import_dump(fixture_file("dump-full.xml"), &mut conn, options(10)).expect_err("refused");
    assert!(matches!(error, ImportError::NotOurs { .. }), "{error}");
    drop(conn);
    assert!(std::fs::read(&copy).expect("reading the copy") == original, "MediaWiki's database was modified");

    let empty = dir.path("empty.sqlite");
    let pool = Pool::connect(&sqlite_url(&empty), PoolOptions::default()).expect("an empty database");
    let error = import_dump(fixture_file("dump-full.xml"), &pool, options(10)).expect_err("refused");
    assert!(error.to_string().contains("run the migrations"), "{error}");
}

#[test]
fn compressed_dumps_import_like_plain_ones() {
    let dir = TempDir::new("gzip");
    let gz = dir.path("dump-logs.xml.gz");
    let mut encoder = flate2::write::GzEncoder::new(
        std::fs::File::create(&gz).expect("creating the gzip file"),
        flate2::Compression::default(),
    );
    encoder.write_all(&std::fs::read(fixture_file("dump-logs.xml")).expect("reading")).expect("compressing");
    encoder.finish().expect("finishing the gzip file");
    let pool = fresh_pool(&sqlite_url(&dir.path("wiki.sqlite")));
    let report = import_dump(&gz, &pool, options(50)).expect("a gzip dump imports");
    assert_eq!(report.log_items, count_dump(&fixture_file("dump-logs.xml")).log_items);
    assert_eq!(report.bytes, std::fs::metadata(&gz).expect("size").len(), "progress counts compressed bytes");
    // Log entries imported before the pages they name get log_page 0 (the dump carries no
    // page ids for log entries, and a later page import does not revisit them).
    assert_eq!(report.log_pages_found, 0);
    let mut conn = pool.get().expect("a connection");
    assert_eq!(count_rows!(&mut conn, logging) as u64, report.log_items);
}
