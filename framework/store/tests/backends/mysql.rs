//! MariaDB / MySQL.

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Integer};
use wikiquery_store::backend::{
    migrate, table_names, AnyConnection, DatabaseKind, DbUrl, MigrationOutcome, Pool, PoolOptions, StoreError,
};
use wikiquery_store::schema;
use wikiquery_store::with_conn;

use super::checks::{expect_read_only, insert_page};
use super::server::{mediawiki_side_index_suite, server_suite, ServerDb};
use super::support::options;

const MYSQL_ENV: &str = "WIKIQUERY_TEST_MYSQL";
const MYSQL_DEFAULT: &str = "mysql://root@127.0.0.1:3306/test";

#[test]
fn mysql_schema_migrations_and_round_trips() {
    let db = ServerDb::create(MYSQL_ENV, MYSQL_DEFAULT);
    server_suite(&db);
}

/// Tables typed the way MediaWiki's own MySQL schema types them (INT UNSIGNED, TINYINT,
/// BINARY(14), BLOB, DOUBLE UNSIGNED, FLOAT, TIMESTAMP, ENUM) read with schema.rs's types, and
/// such a database is recognised as MediaWiki's and not written.
#[test]
fn mysql_mediawiki_column_types_read_with_schema_types() {
    use schema::{actor, categorylinks, logging, page_props};
    let db = ServerDb::create(MYSQL_ENV, MYSQL_DEFAULT);
    let mut raw = AnyConnection::establish(&db.url).expect("connecting");
    raw.batch_execute(
        "CREATE TABLE page (
            page_id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
            page_namespace INT NOT NULL,
            page_title VARBINARY(255) NOT NULL,
            page_is_redirect TINYINT UNSIGNED NOT NULL DEFAULT 0,
            page_is_new TINYINT UNSIGNED NOT NULL DEFAULT 0,
            page_random DOUBLE PRECISION UNSIGNED NOT NULL,
            page_touched BINARY(14) NOT NULL,
            page_links_updated VARBINARY(14) DEFAULT NULL,
            page_latest INT UNSIGNED NOT NULL,
            page_len INT UNSIGNED NOT NULL,
            page_content_model VARBINARY(32) DEFAULT NULL,
            page_lang VARBINARY(35) DEFAULT NULL
        ) DEFAULT CHARSET=binary;
        CREATE TABLE actor (
            actor_id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
            actor_user INT UNSIGNED DEFAULT NULL,
            actor_name VARBINARY(255) NOT NULL
        ) DEFAULT CHARSET=binary;
        CREATE TABLE logging (
            log_id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
            log_type VARBINARY(32) NOT NULL DEFAULT '',
            log_action VARBINARY(32) NOT NULL DEFAULT '',
            log_timestamp BINARY(14) NOT NULL DEFAULT '19700101000000',
            log_actor BIGINT UNSIGNED NOT NULL,
            log_namespace INT NOT NULL DEFAULT 0,
            log_title VARBINARY(255) NOT NULL DEFAULT '',
            log_page INT UNSIGNED DEFAULT NULL,
            log_comment_id BIGINT UNSIGNED NOT NULL,
            log_params BLOB NOT NULL,
            log_deleted TINYINT UNSIGNED NOT NULL DEFAULT 0
        ) DEFAULT CHARSET=binary;
        CREATE TABLE categorylinks (
            cl_from INT UNSIGNED NOT NULL DEFAULT 0,
            cl_to VARBINARY(255) NOT NULL DEFAULT '',
            cl_sortkey VARBINARY(230) NOT NULL DEFAULT '',
            cl_sortkey_prefix VARBINARY(255) NOT NULL DEFAULT '',
            cl_timestamp TIMESTAMP NOT NULL,
            cl_collation VARBINARY(32) NOT NULL DEFAULT '',
            cl_type ENUM('page', 'subcat', 'file') NOT NULL DEFAULT 'page',
            PRIMARY KEY (cl_from, cl_to)
        ) DEFAULT CHARSET=binary;
        CREATE TABLE page_props (
            pp_page INT UNSIGNED NOT NULL,
            pp_propname VARBINARY(60) NOT NULL,
            pp_value BLOB NOT NULL,
            pp_sortkey FLOAT DEFAULT NULL,
            PRIMARY KEY (pp_page, pp_propname)
        ) DEFAULT CHARSET=binary;
        INSERT INTO page VALUES (4294967295, 14, 'Ünïcödé', 1, 0, 0.75, '20240102030405', NULL, 4000000000, 3000000000, 'wikitext', NULL);
        INSERT INTO actor VALUES (18446744073709551, 4294967295, 'Alice');
        INSERT INTO logging VALUES (7, 'block', 'block', '20240102030406', 18446744073709551, 2, 'Mallory', NULL, 9, 'a:0:{}', 255);
        INSERT INTO categorylinks VALUES (4294967295, 'Cats', 'ÜNÏCÖDÉ', '', '2024-01-02 03:04:05', 'uppercase', 'subcat');
        INSERT INTO page_props VALUES (4294967295, 'defaultsort', 'X', 1.5);",
    )
    .expect("MediaWiki-typed tables");
    drop(raw);

    let pool = Pool::connect(&db.url, options()).expect("opening");
    assert_eq!(pool.kind(), DatabaseKind::MediaWiki);
    assert!(pool.is_read_only());
    let mut conn = pool.get().expect("connection");
    let tables_before = table_names(&mut conn).expect("tables");
    assert_eq!(migrate(&mut conn).expect("migrate"), MigrationOutcome::ExistingMediaWiki);
    assert_eq!(table_names(&mut conn).expect("tables"), tables_before);

    let pages = load_table!(
        &mut conn,
        page,
        [
            page_id,
            page_namespace,
            page_title,
            page_is_redirect,
            page_is_new,
            page_random,
            page_touched,
            page_links_updated,
            page_latest,
            page_len,
            page_content_model,
            page_lang
        ]
    );
    assert_eq!(
        pages,
        vec![(
            4_294_967_295,
            14,
            "Ünïcödé".to_string(),
            1,
            0,
            0.75,
            "20240102030405".to_string(),
            None,
            4_000_000_000,
            3_000_000_000,
            Some("wikitext".to_string()),
            None
        )]
    );
    let actors = with_conn!(&mut conn, |c| actor::table.load::<(i64, Option<i64>, String)>(c)).expect("actor");
    assert_eq!(actors, vec![(18_446_744_073_709_551, Some(4_294_967_295), "Alice".to_string())]);
    type LogRow = (i64, String, String, String, i64, i32, String, Option<i64>, i64, String, i32);
    let logs = with_conn!(&mut conn, |c| logging::table.load::<LogRow>(c)).expect("logging");
    assert_eq!(
        logs,
        vec![(
            7,
            "block".to_string(),
            "block".to_string(),
            "20240102030406".to_string(),
            18_446_744_073_709_551,
            2,
            "Mallory".to_string(),
            None,
            9,
            "a:0:{}".to_string(),
            255
        )]
    );
    // TIMESTAMP comes back in MySQL's own format, not MediaWiki's 14 digits.
    let cats = with_conn!(&mut conn, |c| categorylinks::table
        .select((categorylinks::cl_sortkey, categorylinks::cl_timestamp, categorylinks::cl_type))
        .load::<(String, String, String)>(c))
    .expect("categorylinks");
    assert_eq!(cats, vec![("ÜNÏCÖDÉ".to_string(), "2024-01-02 03:04:05".to_string(), "subcat".to_string())]);
    let props =
        with_conn!(&mut conn, |c| page_props::table.load::<(i64, String, String, Option<f64>)>(c)).expect("props");
    assert_eq!(props, vec![(4_294_967_295, "defaultsort".to_string(), "X".to_string(), Some(1.5))]);
    expect_read_only(insert_page(&mut conn));
}

#[test]
fn mysql_lost_connection_is_reported_and_the_pool_recovers() {
    use diesel::dsl::sql;
    let mut db = ServerDb::create(MYSQL_ENV, MYSQL_DEFAULT);
    let pool = Pool::connect(&db.url, PoolOptions { max_size: 1, ..options() }).expect("pool");
    {
        let mut conn = pool.get().expect("connection");
        let id: i64 = with_conn!(&mut conn, |c| diesel::select(sql::<BigInt>("CONNECTION_ID()")).get_result(c))
            .expect("connection id");
        db.admin.batch_execute(&format!("KILL {id}")).expect("killing");
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
fn mysql_connect_errors_hide_the_password() {
    let url = DbUrl::parse("mariadb://root:hunter2@127.0.0.1:1/test").unwrap();
    let err = Pool::connect(&url, options()).unwrap_err();
    let message = err.to_string();
    assert!(matches!(err, StoreError::Connect { .. }), "{err:?}");
    assert!(message.contains("mysql://root:***@127.0.0.1:1/test"), "{message}");
    assert!(!message.contains("hunter2"), "{message}");
}

#[test]
fn mysql_mediawiki_database_gets_a_search_index_beside_its_tables() {
    let db = ServerDb::create(MYSQL_ENV, MYSQL_DEFAULT);
    mediawiki_side_index_suite(&db);
}
