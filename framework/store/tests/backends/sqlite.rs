//! SQLite.

use std::path::Path;
use std::time::Duration;

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};
use wikiquery_store::backend::{
    inspect, is_ours, latest_schema_version, migrate, schema_version, table_names, AnyConnection, DatabaseKind, DbUrl,
    MigrationOutcome, Pool, PoolOptions, Replicas, StoreError,
};
use wikiquery_store::queries::logging::LogEventsFilter;
use wikiquery_store::reader::Reader;
use wikiquery_store::schema;
use wikiquery_store::with_conn;

use super::catalogue::{marker_rows, schema_snapshot};
use super::checks::{
    assert_fixture_copies, assert_fixture_joins, assert_same_keys_as_mediawiki, assert_search_finds,
    assert_snapshot_holds, expect_read_only, insert_page, round_trip,
};
use super::support::{fixture_copy, options, read_only_options, sqlite_url, TempDir};
use super::tables::dump;

#[test]
fn sqlite_fresh_database_is_created_migrated_once_and_round_trips() {
    let dir = TempDir::new("fresh");
    let url = sqlite_url(&dir.path("wiki.sqlite"));
    let pool = Pool::connect(&url, options()).expect("creating the database");
    assert_eq!(pool.kind(), DatabaseKind::Empty);
    assert!(!pool.is_read_only());
    let mut conn = pool.get().expect("connection");
    let latest = latest_schema_version();
    assert_eq!(migrate(&mut conn).expect("migration"), MigrationOutcome::Created { version: latest });
    assert_eq!(inspect(&mut conn).expect("inspect"), DatabaseKind::Ours);

    #[derive(QueryableByName)]
    struct Mode {
        #[diesel(sql_type = Text)]
        journal_mode: String,
    }
    let mode = with_conn!(&mut conn, |c| diesel::sql_query("PRAGMA journal_mode").get_result::<Mode>(c)).expect("mode");
    assert_eq!(mode.journal_mode, "wal");

    let before = schema_snapshot(&mut conn);
    let markers = marker_rows(&mut conn);
    assert_eq!(markers.len(), latest as usize);
    assert!(markers.iter().all(|(_, at)| at.len() == 14 && at.bytes().all(|b| b.is_ascii_digit())));
    assert_eq!(migrate(&mut conn).expect("second migration"), MigrationOutcome::UpToDate { version: latest });
    assert_eq!(schema_snapshot(&mut conn), before, "a second migration changed the schema");
    assert_eq!(marker_rows(&mut conn), markers);
    drop(conn);
    drop(pool);

    // Reopened, the database is recognised as ours and stays writable.
    let pool = Pool::connect(&url, options()).expect("reopening");
    assert_eq!(pool.kind(), DatabaseKind::Ours);
    assert!(!pool.is_read_only());
    let mut conn = pool.get().expect("connection");
    round_trip(&mut conn).expect("round trip through schema.rs");

    let fixture_dir = TempDir::new("fixture");
    let fixture_pool = Pool::connect(&sqlite_url(&fixture_copy(&fixture_dir)), options()).expect("fixture");
    let mut fixture = fixture_pool.get().expect("fixture connection");
    assert_same_keys_as_mediawiki(&mut conn, &mut fixture);
    assert_fixture_copies(&mut fixture, &mut conn);
    assert_same_log_listing(&mut fixture, &mut conn);
    check_associated_revisions(&mut conn);
    assert_search_finds(&mut conn);
}

/// The whole log, and the revisions its entries created, read the same from both databases.
pub(super) fn assert_same_log_listing(fixture: &mut AnyConnection, copy: &mut AnyConnection) {
    let filter = LogEventsFilter { limit: 5000, ..LogEventsFilter::default() };
    let expected = Reader::new(&mut *fixture).log_events(&filter).expect("listing the fixture's log");
    assert!(expected.len() > 250);
    assert_eq!(Reader::new(&mut *copy).log_events(&filter).expect("listing the copy's log"), expected);
    let ids: Vec<i64> = expected.iter().map(|r| r.id).collect();
    let revisions = Reader::new(&mut *fixture).associated_revisions(&ids).expect("the fixture's revisions");
    assert!(revisions.len() > 100, "{} revisions", revisions.len());
    assert_eq!(Reader::new(&mut *copy).associated_revisions(&ids).expect("the copy's revisions"), revisions);
}

/// `associated_revisions` reads runs of ids as ranges and scattered ids one by one; both give
/// each entry's lowest recorded revision and nothing for entries without one.
pub(super) fn check_associated_revisions(conn: &mut AnyConnection) {
    use schema::log_search::dsl::{log_search, ls_field, ls_log_id, ls_value};
    let base = 1_000_000i64;
    let mut rows: Vec<(String, String, i64)> =
        (0..12).map(|k| ("associated_rev_id".to_owned(), (500 + k).to_string(), base + 1000 * k)).collect();
    rows.push(("associated_rev_id".to_owned(), "499".to_owned(), base));
    rows.push(("ipb_id".to_owned(), "7".to_owned(), base + 1000));
    rows.push(("associated_rev_id".to_owned(), "600".to_owned(), base + 20));
    for (field, value, id) in &rows {
        with_conn!(conn, |c| diesel::insert_into(log_search)
            .values((ls_field.eq(field), ls_value.eq(value), ls_log_id.eq(id)))
            .execute(c))
        .expect("inserting log_search rows");
    }
    // Twelve ids a thousand apart (and one without a row): looked up one by one.
    let mut scattered: Vec<i64> = (0..12).map(|k| base + 1000 * k).collect();
    scattered.push(base + 500);
    let mut expected: Vec<(i64, i64)> = (0..12).map(|k| (base + 1000 * k, 500 + k)).collect();
    expected[0].1 = 499;
    assert_eq!(Reader::new(&mut *conn).associated_revisions(&scattered).expect("scattered ids"), expected);
    // Two runs of near ids, given in any order: read as ranges; ids between them that were not
    // asked for are left out.
    let runs = [base + 1000, base + 20, base + 10, base, base + 1001];
    assert_eq!(
        Reader::new(&mut *conn).associated_revisions(&runs).expect("runs of ids"),
        [(base, 499), (base + 20, 600), (base + 1000, 501)]
    );
    assert_eq!(Reader::new(&mut *conn).associated_revisions(&[base + 10]).expect("one id"), []);
    assert_eq!(Reader::new(&mut *conn).associated_revisions(&[]).expect("no ids"), []);
    with_conn!(conn, |c| diesel::delete(log_search.filter(ls_log_id.ge(base))).execute(c))
        .expect("removing the rows again");
}

#[test]
fn mediawiki_database_is_detected_read_through_schema_and_never_written() {
    let dir = TempDir::new("mediawiki");
    let path = fixture_copy(&dir);
    let original = std::fs::read(&path).expect("reading the fixture copy");
    {
        let pool = Pool::connect(&sqlite_url(&path), options()).expect("opening the MediaWiki database");
        assert_eq!(pool.kind(), DatabaseKind::MediaWiki);
        assert!(pool.is_read_only(), "a MediaWiki database must be served read-only");
        let mut conn = pool.get().expect("connection");
        assert_eq!(migrate(&mut conn).expect("migrate"), MigrationOutcome::ExistingMediaWiki);
        assert!(!is_ours(&mut conn));
        assert_eq!(schema_version(&mut conn).expect("version"), None);

        // Every table reads with schema.rs's types, and complete rows match count(*).
        let content = dump(&mut conn);
        assert_eq!(content.len(), 44);
        for (table, rows) in &content {
            let sql = format!("SELECT COUNT(*) AS n FROM \"{table}\"");
            #[derive(QueryableByName)]
            struct Count {
                #[diesel(sql_type = BigInt)]
                n: i64,
            }
            let count = with_conn!(&mut conn, |c| diesel::sql_query(&sql).get_result::<Count>(c)).expect("count");
            assert_eq!(rows.len() as i64, count.n, "rows of {table}");
        }
        for (table, expected) in [
            ("page", 181),
            ("revision", 307),
            ("archive", 5),
            ("logging", 263),
            ("recentchanges", 344),
            ("ipblocks", 5),
            ("page_restrictions", 9),
            ("protected_titles", 2),
            ("watchlist", 430),
            ("pagelinks", 824),
            ("templatelinks", 147),
            ("categorylinks", 161),
            ("langlinks", 27),
            ("iwlinks", 170),
            ("externallinks", 193),
            ("imagelinks", 41),
            ("image", 5),
            ("user", 10),
            ("change_tag", 52),
        ] {
            assert_eq!(content[table].len(), expected, "rows of {table}");
        }
        let count = with_conn!(&mut conn, |c| schema::page::table.count().get_result::<i64>(c)).expect("count");
        assert_eq!(count, 181);
        assert_fixture_joins(&mut conn);

        // Writes are refused by SQLite itself.
        expect_read_only(insert_page(&mut conn));
    }
    assert_eq!(std::fs::read(&path).expect("rereading"), original, "the MediaWiki database was modified");
    assert_eq!(dir.entries(), vec!["fixturewiki.sqlite".to_string()], "journal or WAL files were created");
}

#[test]
fn unrecognised_database_is_left_alone() {
    let dir = TempDir::new("other");
    let path = dir.path("other.db");
    let url = sqlite_url(&path);
    let mut raw = AnyConnection::establish(&url).expect("creating");
    raw.batch_execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY)").expect("other app's table");
    drop(raw);
    let pool = Pool::connect(&url, options()).expect("opening");
    assert_eq!(pool.kind(), DatabaseKind::Unrecognised);
    assert!(pool.is_read_only());
    let mut conn = pool.get().expect("connection");
    match migrate(&mut conn) {
        Err(e @ StoreError::UnrecognisedDatabase { .. }) => assert!(e.to_string().contains("invoices"), "{e}"),
        other => panic!("expected a refusal, got {other:?}"),
    }
    assert_eq!(table_names(&mut conn).expect("tables"), vec!["invoices".to_string()]);
}

#[test]
fn sqlite_open_errors_name_the_problem() {
    let dir = TempDir::new("errors");
    let missing_dir = dir.path("no/such/dir/w.sqlite");
    let err = Pool::connect(&sqlite_url(&missing_dir), options()).unwrap_err();
    assert!(matches!(err, StoreError::Connect { .. }), "{err:?}");
    assert!(err.to_string().contains("does not exist"), "{err}");

    let missing = dir.path("absent.sqlite");
    let err = Pool::connect(&sqlite_url(&missing), read_only_options()).unwrap_err();
    assert!(err.to_string().contains("does not exist"), "{err}");
    assert!(!missing.exists(), "a read-only open created the file");
}

#[test]
fn read_only_pool_on_our_database_refuses_writes() {
    let dir = TempDir::new("ro");
    let url = sqlite_url(&dir.path("wiki.sqlite"));
    {
        let pool = Pool::connect(&url, options()).expect("creating");
        migrate(&mut pool.get().expect("connection")).expect("migration");
    }
    let pool = Pool::connect(&url, read_only_options()).expect("read-only");
    assert_eq!(pool.kind(), DatabaseKind::Ours);
    assert!(pool.is_read_only());
    let mut conn = pool.get().expect("connection");
    expect_read_only(insert_page(&mut conn));
    // Migrating through a read-only connection is refused as well, not half-done.
    let version = schema_version(&mut conn).expect("version");
    assert_eq!(version, Some(latest_schema_version()));
}

#[test]
fn in_memory_database_keeps_its_content_across_checkouts() {
    let pool = Pool::connect(&DbUrl::parse("sqlite::memory:").unwrap(), options()).expect("memory");
    migrate(&mut pool.get().expect("connection")).expect("migration");
    assert!(is_ours(&mut pool.get().expect("second checkout")));
}

#[derive(QueryableByName)]
struct DatabaseFile {
    #[diesel(sql_type = Text)]
    file: String,
}

fn sqlite_file(conn: &mut AnyConnection) -> String {
    let rows = with_conn!(conn, |c| diesel::sql_query("SELECT file FROM pragma_database_list WHERE name = 'main'")
        .load::<DatabaseFile>(c))
    .expect("database list");
    rows.into_iter().next().map(|r| r.file).unwrap_or_default()
}

#[test]
fn replicas_take_turns_and_fall_back_to_the_primary() {
    let dir = TempDir::new("replicas");
    let open = |name: &str, read_only: bool| {
        let url = sqlite_url(&dir.path(name));
        if !read_only {
            let pool = Pool::connect(&url, options()).expect("creating");
            migrate(&mut pool.get().expect("connection")).expect("migration");
            return pool;
        }
        Pool::connect(&url, PoolOptions { max_size: 1, read_only: true, ..PoolOptions::default() }).expect("replica")
    };
    let primary = open("primary.sqlite", false);
    open("r1.sqlite", false);
    open("r2.sqlite", false);
    let r1 = open("r1.sqlite", true);
    let r2 = open("r2.sqlite", true);
    let name_of =
        |file: String| Path::new(&file).file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();

    let replicas = Replicas::new(primary.clone(), vec![r1.clone(), r2.clone()])
        .with_timeouts(Duration::from_millis(50), Duration::from_millis(300));
    assert_eq!(replicas.replica_count(), 2);
    assert_eq!(name_of(sqlite_file(&mut replicas.writer().expect("writer"))), "primary.sqlite");
    let turns: Vec<String> = (0..4).map(|_| name_of(sqlite_file(&mut replicas.reader().expect("reader")))).collect();
    assert_eq!(turns, ["r1.sqlite", "r2.sqlite", "r1.sqlite", "r2.sqlite"]);

    // Both replicas busy: a read waits for one (as it would for a single database's pool)
    // rather than calling them down, and both keep taking turns.
    let held1 = r1.get().expect("hold r1");
    let held2 = r2.get().expect("hold r2");
    let release = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        drop((held1, held2));
    });
    let waited = name_of(sqlite_file(&mut replicas.reader().expect("reader")));
    assert!(waited == "r1.sqlite" || waited == "r2.sqlite", "a busy replica was given up for {waited}");
    release.join().expect("the holder");
    let mut turns: Vec<String> =
        (0..2).map(|_| name_of(sqlite_file(&mut replicas.reader().expect("reader")))).collect();
    turns.sort();
    assert_eq!(turns, ["r1.sqlite", "r2.sqlite"]);

    // A replica whose database is gone is skipped; the other serves every read.
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(dir.path(&format!("r2.sqlite{suffix}")));
    }
    let after: Vec<String> = (0..4).map(|_| name_of(sqlite_file(&mut replicas.reader().expect("reader")))).collect();
    assert_eq!(after, ["r1.sqlite"; 4]);

    // Without replicas, readers use the primary.
    let alone = Replicas::new(primary, Vec::new());
    assert_eq!(name_of(sqlite_file(&mut alone.reader().expect("reader"))), "primary.sqlite");
}

#[test]
fn errors_are_classified_for_retrying() {
    let lost = StoreError::from(diesel::result::Error::DatabaseError(
        diesel::result::DatabaseErrorKind::Unknown,
        Box::new("MySQL server has gone away".to_string()),
    ));
    assert!(matches!(lost, StoreError::LostConnection { .. }) && lost.is_transient(), "{lost:?}");
    let busy = StoreError::from(diesel::result::Error::DatabaseError(
        diesel::result::DatabaseErrorKind::Unknown,
        Box::new("database is locked".to_string()),
    ));
    assert!(matches!(busy, StoreError::Busy { .. }) && busy.is_transient(), "{busy:?}");
    let not_found = StoreError::from(diesel::result::Error::NotFound);
    assert!(matches!(not_found, StoreError::Query(_)) && !not_found.is_transient());
}

#[test]
fn sqlite_a_snapshot_reads_one_state_of_the_database() {
    let dir = TempDir::new("snapshot");
    let pool = Pool::connect(&sqlite_url(&dir.path("wiki.sqlite")), options()).expect("creating the database");
    migrate(&mut pool.get().expect("connection")).expect("migration");
    assert_snapshot_holds(&pool);
}

/// A page's title by id, through a pooled connection (a request's way).
fn title_of(pool: &Pool, id: i64) -> Result<String, StoreError> {
    let mut conn = pool.get()?;
    let title: String = with_conn!(&mut conn, |c| schema::page::table
        .select(schema::page::page_title)
        .filter(schema::page::page_id.eq(id))
        .first(c))?;
    Ok(title)
}

#[test]
fn sqlite_connections_recover_when_the_file_changes_under_them() {
    let dir = TempDir::new("fault");
    let path = fixture_copy(&dir);
    let original = std::fs::read(&path).expect("the fixture");
    let pool = Pool::connect(&sqlite_url(&path), PoolOptions { max_size: 2, ..read_only_options() }).expect("open");
    let before = title_of(&pool, 121).expect("a page");
    // Truncated: the schema is gone, which is a database to retry later (503), not a bug.
    std::fs::write(&path, b"").expect("truncate");
    let err = title_of(&pool, 121).expect_err("no tables in an empty file");
    assert!(err.is_transient(), "{err:?}");
    // Written back: every request finds it again, without a restart.
    std::fs::write(&path, &original).expect("write back");
    for _ in 0..4 {
        assert_eq!(title_of(&pool, 121).expect("the page again"), before);
    }
    // Another file put at the path (a new copy moved over it) is the one read from then on.
    let next = dir.path("next.sqlite");
    std::fs::write(&next, &original).expect("a copy");
    let mut conn = diesel::sqlite::SqliteConnection::establish(&next.display().to_string()).expect("open the copy");
    diesel::sql_query("UPDATE page SET page_title = 'Replaced' WHERE page_id = 121")
        .execute(&mut conn)
        .expect("change");
    drop(conn);
    std::fs::rename(&next, &path).expect("move it over");
    for _ in 0..4 {
        assert_eq!(title_of(&pool, 121).expect("the new file's page"), "Replaced");
    }
}

#[test]
fn sqlite_mediawiki_database_gets_a_search_index_beside_its_tables() {
    let dir = TempDir::new("side-index");
    let path = fixture_copy(&dir);
    super::checks::assert_side_index_beside_mediawiki(&sqlite_url(&path));
}
