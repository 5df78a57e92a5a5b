//! PostgreSQL.

use diesel::prelude::*;
use diesel::sql_types::Integer;
use wikiquery_store::backend::{
    migrate, table_names, AnyConnection, DatabaseKind, DbUrl, MigrationOutcome, Pool, PoolOptions, StoreError,
};
use wikiquery_store::with_conn;

use super::server::{mediawiki_side_index_suite, server_suite, ServerDb};
use super::support::options;

const POSTGRES_ENV: &str = "WIKIQUERY_TEST_POSTGRES";
const POSTGRES_DEFAULT: &str = "postgres://postgres@127.0.0.1:5432/test";

#[test]
fn postgres_schema_migrations_and_round_trips() {
    let db = ServerDb::create(POSTGRES_ENV, POSTGRES_DEFAULT);
    server_suite(&db);
}

#[test]
fn postgres_mediawiki_database_is_not_written() {
    let db = ServerDb::create(POSTGRES_ENV, POSTGRES_DEFAULT);
    let mut raw = AnyConnection::establish(&db.url).expect("connecting");
    raw.batch_execute(
        "CREATE TABLE page (page_id BIGINT PRIMARY KEY, page_namespace INTEGER NOT NULL, page_title TEXT NOT NULL)",
    )
    .expect("a MediaWiki-like table");
    drop(raw);
    let pool = Pool::connect(&db.url, options()).expect("opening");
    assert_eq!(pool.kind(), DatabaseKind::MediaWiki);
    assert!(pool.is_read_only());
    let mut conn = pool.get().expect("connection");
    assert_eq!(migrate(&mut conn).expect("migrate"), MigrationOutcome::ExistingMediaWiki);
    assert_eq!(table_names(&mut conn).expect("tables"), vec!["page".to_string()]);
    let err = conn.batch_execute("CREATE TABLE intruder (x INTEGER)").unwrap_err();
    assert!(matches!(err, StoreError::ReadOnly { .. }), "{err:?}");
}

#[test]
fn postgres_lost_connection_is_reported_and_the_pool_recovers() {
    use diesel::dsl::sql;
    let mut db = ServerDb::create(POSTGRES_ENV, POSTGRES_DEFAULT);
    let pool = Pool::connect(&db.url, PoolOptions { max_size: 1, ..options() }).expect("pool");
    {
        let mut conn = pool.get().expect("connection");
        let pid: i32 = with_conn!(&mut conn, |c| diesel::select(sql::<Integer>("pg_backend_pid()")).get_result(c))
            .expect("backend pid");
        db.admin.batch_execute(&format!("SELECT pg_terminate_backend({pid})")).expect("terminating");
        let err = with_conn!(&mut conn, |c| diesel::select(sql::<Integer>("1")).get_result::<i32>(c))
            .map_err(StoreError::from)
            .unwrap_err();
        assert!(matches!(err, StoreError::LostConnection { .. }), "{err:?}");
        assert!(err.is_transient());
    }
    let mut conn = pool.get().expect("a fresh connection after the loss");
    let one = with_conn!(&mut conn, |c| diesel::select(sql::<Integer>("1")).get_result::<i32>(c)).expect("query");
    assert_eq!(one, 1);
}

#[test]
fn postgres_connect_errors_hide_the_password() {
    let url = DbUrl::parse("postgres://postgres:hunter2@127.0.0.1:1/test").unwrap();
    let err = Pool::connect(&url, options()).unwrap_err();
    let message = err.to_string();
    assert!(matches!(err, StoreError::Connect { .. }), "{err:?}");
    assert!(message.contains("postgres://postgres:***@127.0.0.1:1/test"), "{message}");
    assert!(!message.contains("hunter2"), "{message}");
}

#[test]
fn postgres_mediawiki_database_gets_a_search_index_beside_its_tables() {
    let db = ServerDb::create(POSTGRES_ENV, POSTGRES_DEFAULT);
    mediawiki_side_index_suite(&db);
}
