//! URLs.

use std::path::PathBuf;

#[cfg(feature = "postgres")]
use wikiquery_store::backend::Backend;
use wikiquery_store::backend::{DbUrl, StoreError};

#[test]
fn sqlite_urls_parse_in_every_spelling() {
    let path = |s: &str| {
        DbUrl::parse(s).map(|u| match u {
            DbUrl::Sqlite { path } => path,
            other => panic!("{s} parsed as {other:?}"),
        })
    };
    assert_eq!(path("sqlite:/var/lib/w.sqlite").unwrap(), PathBuf::from("/var/lib/w.sqlite"));
    assert_eq!(path("sqlite:///var/lib/w.sqlite").unwrap(), PathBuf::from("/var/lib/w.sqlite"));
    assert_eq!(path("sqlite://data/w.db").unwrap(), PathBuf::from("data/w.db"));
    assert_eq!(path("SQLite:w").unwrap(), PathBuf::from("w"));
    assert_eq!(path("  wiki.sqlite ").unwrap(), PathBuf::from("wiki.sqlite"));
    assert_eq!(path("/srv/wiki.DB").unwrap(), PathBuf::from("/srv/wiki.DB"));
    assert_eq!(path("my.sqlite3").unwrap(), PathBuf::from("my.sqlite3"));
    assert!(DbUrl::parse("sqlite::memory:").unwrap().is_sqlite_memory());
}

#[test]
fn bad_urls_are_refused_with_a_reason() {
    for (input, needle) in [
        ("", "empty"),
        ("sqlite:", "names no SQLite file"),
        ("redis://localhost/0", "unsupported scheme `redis://`"),
        ("wiki.txt", "not a database URL"),
    ] {
        match DbUrl::parse(input) {
            Err(StoreError::InvalidUrl(message)) => assert!(message.contains(needle), "{input}: {message}"),
            other => panic!("{input:?} gave {other:?}"),
        }
    }
    // A refused URL never echoes its password.
    let message = DbUrl::parse("ftp://u:hunter2@h/x").unwrap_err().to_string();
    assert!(!message.contains("hunter2"), "{message}");
}

#[cfg(feature = "postgres")]
#[test]
fn postgres_urls_parse_and_hide_passwords() {
    let url = DbUrl::parse("postgresql://wiki:s3cret@db.example:5433/wiki?sslmode=disable").unwrap();
    assert_eq!(url.backend(), Backend::Postgres);
    assert_eq!(url.to_string(), "postgresql://wiki:***@db.example:5433/wiki?sslmode=disable");
    assert!(!format!("{url:?}").contains("s3cret"));
    assert_eq!(DbUrl::parse("postgres://h/db").unwrap().backend(), Backend::Postgres);
}

#[cfg(not(feature = "postgres"))]
#[test]
fn postgres_urls_need_the_feature() {
    let message = DbUrl::parse("postgres://h/db").unwrap_err().to_string();
    assert_eq!(message, "this wikiquery was built without PostgreSQL support; rebuild with --features postgres");
}

#[cfg(feature = "mysql")]
#[test]
fn mysql_urls_parse_and_mariadb_is_normalised() {
    assert_eq!(
        DbUrl::parse("mariadb://root:pw@127.0.0.1:3306/wiki").unwrap(),
        DbUrl::Mysql { url: "mysql://root:pw@127.0.0.1:3306/wiki".into() }
    );
    let url = DbUrl::parse("mysql://root:pw@127.0.0.1/wiki").unwrap();
    assert_eq!(url.redacted(), "mysql://root:***@127.0.0.1/wiki");
}

#[cfg(not(feature = "mysql"))]
#[test]
fn mysql_urls_need_the_feature() {
    let message = DbUrl::parse("mariadb://h/db").unwrap_err().to_string();
    assert_eq!(message, "this wikiquery was built without MariaDB/MySQL support; rebuild with --features mysql");
}
