//! Database connections for every backend wikiquery supports: URL parsing, one connection
//! type for SQLite, PostgreSQL and MariaDB/MySQL, pooling, schema migrations and replicas.
//!
//! # One query text for every backend
//!
//! Diesel type-checks a query against one concrete connection type, so [`AnyConnection`] is
//! an enum with one variant per backend compiled in, and [`with_conn!`](crate::with_conn)
//! expands a query body once per variant:
//!
//! ```ignore
//! let n: i64 = with_conn!(&mut conn, |c| page::table.count().get_result(c))?;
//! ```
//!
//! Each match arm binds `c` to `&mut SqliteConnection`, `&mut PgConnection` or
//! `&mut MysqlConnection` and compiles the same body for that type. The body is inlined into
//! the caller, so `?`, `return` and borrows of local variables work as in ordinary code.
//!
//! The backend variants exist only when this crate's `postgres`/`mysql` features are on,
//! but a `#[cfg(feature = ..)]` written inside a `macro_rules!` expansion would be evaluated
//! against the features of the crate that *calls* the macro. So the arms are not chosen by
//! attributes in the expansion: this crate defines four versions of the hidden helper
//! `__with_conn_dispatch!`, one per combination of its own features, each behind a `#[cfg]`
//! that is evaluated here, when this crate is compiled. Exactly one of them exists, and it
//! lists exactly the variants that exist, so the match is exhaustive without a wildcard arm.
//! `with_conn!` accepts `&mut AnyConnection` and `&mut PooledConn` (through
//! [`AsAnyConnection`]).
//!
//! # Pools
//!
//! [`Pool`] is an r2d2 pool (diesel's re-export) whose manager establishes the connection
//! type the URL names, so a pooled connection dereferences to [`AnyConnection`]. A
//! connection customizer sets session options on every new connection: busy timeout and
//! `foreign_keys = OFF` on SQLite (MediaWiki declares no foreign keys), and a read-only
//! session when the database is served read-only.
//!
//! A database is served read-only when asked to or when it is not wikiquery's own: an
//! existing MediaWiki database is opened `mode=ro` on SQLite and with a read-only session on
//! the servers, so wikiquery can never modify it. Databases wikiquery creates on SQLite use
//! WAL so readers do not block the importer.

mod connection;
mod error;
mod lag;
mod migrations;
mod pool;
mod replicas;
mod url;

pub use connection::{AnyConnection, AsAnyConnection};
pub use error::StoreError;
pub use lag::LagMethod;
pub use migrations::{
    add_search_side_table, inspect, is_ours, latest_schema_version, migrate, schema_version, sync_id_sequences,
    table_names, DatabaseKind, MigrationOutcome, SEARCH_INDEX_TABLE,
};
pub use pool::{Pool, PoolOptions, PoolState, PooledConn};
pub use replicas::{LaggedReads, ReplicaSettings, Replicas, ServerLag};
pub use url::{Backend, DbUrl};
