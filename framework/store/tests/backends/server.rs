//! What the PostgreSQL and MariaDB tests share: a database of their own on the test server,
//! and the suite both run on it.

use diesel::prelude::*;
use wikiquery_store::backend::{
    is_ours, latest_schema_version, migrate, schema_version, AnyConnection, Backend, DatabaseKind, DbUrl,
    MigrationOutcome, Pool,
};
use wikiquery_store::schema;
use wikiquery_store::with_conn;

use super::activity::assert_same_activity_listings;
use super::catalogue::{marker_rows, schema_snapshot};
use super::checks::{
    assert_fixture_copies, assert_same_keys_as_mediawiki, assert_search_finds, assert_snapshot_holds, expect_read_only,
    insert_page, round_trip,
};
use super::listings::{assert_same_link_listings, assert_same_reports};
use super::sqlite::{assert_same_log_listing, check_associated_revisions};
use super::support::{fixture_copy, options, read_only_options, sqlite_url, unique_suffix, TempDir};

/// Replaces the database name of a server URL.
fn with_database(url: &str, database: &str) -> String {
    let (scheme, rest) = url.split_once("://").expect("server URL has a scheme");
    let (main, query) = match rest.split_once('?') {
        Some((main, query)) => (main, format!("?{query}")),
        None => (rest, String::new()),
    };
    let authority = main.split('/').next().unwrap_or(main);
    format!("{scheme}://{authority}/{database}{query}")
}

/// A uniquely named database on a test server, dropped again at the end of the test.
pub(super) struct ServerDb {
    pub(super) admin: AnyConnection,
    name: String,
    pub(super) url: DbUrl,
}

impl ServerDb {
    pub(super) fn create(env_var: &str, default: &str) -> ServerDb {
        let admin_url = std::env::var(env_var).unwrap_or_else(|_| default.to_string());
        let parsed = DbUrl::parse(&admin_url).unwrap_or_else(|e| panic!("{env_var}={admin_url}: {e}"));
        let mut admin = AnyConnection::establish(&parsed).unwrap_or_else(|e| {
            panic!("the {} test server is unreachable ({e}); start it or point {env_var} at one", parsed.backend())
        });
        let name = format!("wikiquery_test_{}", unique_suffix());
        admin.batch_execute(&format!("DROP DATABASE IF EXISTS {name}")).expect("dropping a stale test database");
        admin.batch_execute(&format!("CREATE DATABASE {name}")).expect("creating the test database");
        let url = DbUrl::parse(&with_database(&admin_url, &name)).expect("test database URL");
        ServerDb { admin, name, url }
    }
}

impl Drop for ServerDb {
    fn drop(&mut self) {
        let sql = match self.admin.backend() {
            Backend::Postgres => format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name),
            _ => format!("DROP DATABASE IF EXISTS {}", self.name),
        };
        if let Err(e) = self.admin.batch_execute(&sql) {
            eprintln!("could not drop test database {}: {e}", self.name);
        }
    }
}

/// Migration, keys, round trip and fixture copy on a fresh server database.
pub(super) fn server_suite(db: &ServerDb) {
    let pool = Pool::connect(&db.url, options()).expect("connecting to the test database");
    assert_eq!(pool.kind(), DatabaseKind::Empty);
    assert!(!pool.is_read_only());
    let mut conn = pool.get().expect("pooled connection");
    // The server's own version, as siteinfo reports it: digits first.
    let version = wikiquery_store::reader::Reader::new(&mut *conn).database_version().expect("the version");
    assert!(version.starts_with(|c: char| c.is_ascii_digit()), "{version}");
    assert!(!is_ours(&mut conn));
    let latest = latest_schema_version();
    assert_eq!(migrate(&mut conn).expect("first migration"), MigrationOutcome::Created { version: latest });
    assert!(is_ours(&mut conn));
    assert_eq!(schema_version(&mut conn).expect("version"), Some(latest));
    let before = schema_snapshot(&mut conn);
    let markers = marker_rows(&mut conn);
    assert_eq!(migrate(&mut conn).expect("second migration"), MigrationOutcome::UpToDate { version: latest });
    assert_eq!(schema_snapshot(&mut conn), before, "a second migration changed the schema");
    assert_eq!(marker_rows(&mut conn), markers);
    assert_eq!(markers.len(), latest as usize);

    let dir = TempDir::new("fixture");
    let fixture_pool = Pool::connect(&sqlite_url(&fixture_copy(&dir)), options()).expect("opening the fixture");
    let mut fixture = fixture_pool.get().expect("fixture connection");
    assert_same_keys_as_mediawiki(&mut conn, &mut fixture);
    round_trip(&mut conn).expect("round trip through schema.rs");
    assert_fixture_copies(&mut fixture, &mut conn);

    assert_same_log_listing(&mut fixture, &mut conn);
    assert_same_link_listings(&mut fixture, &mut conn);
    assert_same_reports(&mut fixture, &mut conn);
    assert_search_finds(&mut conn);
    assert_same_activity_listings(&mut fixture, &mut conn);
    check_associated_revisions(&mut conn);

    // After rows arrived with explicit ids, new rows still get fresh ids.
    wikiquery_store::backend::sync_id_sequences(&mut conn).expect("syncing id generators");
    assert_snapshot_holds(&pool);
    // (On PostgreSQL the generators still point at ids the fixture uses until synced.)
    round_trip(&mut conn).expect("round trip after the copy");

    // A read-only pool on the same database refuses writes but reads.
    let ro = Pool::connect(&db.url, read_only_options()).expect("read-only pool");
    assert_eq!(ro.kind(), DatabaseKind::Ours);
    let mut ro_conn = ro.get().expect("read-only connection");
    let pages: i64 = with_conn!(&mut ro_conn, |c| schema::page::table.count().get_result(c)).expect("count");
    assert_eq!(pages, 181);
    expect_read_only(insert_page(&mut ro_conn));
}

/// A MediaWiki database on the server (the fixture copied into the schema, without wikiquery's
/// own tables), and wikiquery's search index kept beside its tables.
pub(super) fn mediawiki_side_index_suite(db: &ServerDb) {
    let pool = Pool::connect(&db.url, options()).expect("connecting to the test database");
    let mut conn = pool.get().expect("pooled connection");
    migrate(&mut conn).expect("migration");
    let dir = TempDir::new("fixture");
    let fixture_pool = Pool::connect(&sqlite_url(&fixture_copy(&dir)), options()).expect("opening the fixture");
    let mut fixture = fixture_pool.get().expect("fixture connection");
    assert_fixture_copies(&mut fixture, &mut conn);
    for table in wikiquery_store::backend::table_names(&mut conn).expect("tables") {
        if table.starts_with("wikiquery_") {
            conn.batch_execute(&format!("DROP TABLE {table}")).expect("dropping wikiquery's table");
        }
    }
    drop((conn, pool));
    super::checks::assert_side_index_beside_mediawiki(&db.url);
}
