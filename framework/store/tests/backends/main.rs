//! Backend tests. On SQLite, PostgreSQL and MariaDB: the schema is created on an empty
//! database, a second migration changes nothing, MediaWiki's own keys and indexes exist,
//! and rows written through schema.rs read back unchanged, including the whole content of the
//! MediaWiki 1.39 fixture wiki. The fixture database itself is recognised as MediaWiki's,
//! read through schema.rs, and never written. Also: URL parsing, read-only serving, error
//! classification and replica selection.
//!
//! PostgreSQL and MariaDB tests need the `postgres`/`mysql` features and a server reachable
//! at `WIKIQUERY_TEST_POSTGRES` / `WIKIQUERY_TEST_MYSQL`; they fail when it is not.

#[macro_use]
mod tables;

#[cfg(any(feature = "postgres", feature = "mysql"))]
mod activity;
mod catalogue;
mod checks;
#[cfg(any(feature = "postgres", feature = "mysql"))]
mod listings;
#[cfg(feature = "mysql")]
mod mysql;
#[cfg(feature = "postgres")]
mod postgres;
#[cfg(any(feature = "postgres", feature = "mysql"))]
mod server;
mod sqlite;
mod support;
mod urls;
