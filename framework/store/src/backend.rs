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

use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::r2d2::{self, CustomizeConnection, HandleError, ManageConnection, R2D2Connection};
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use diesel::sql_types::{BigInt, Nullable, Text};
use diesel::sqlite::SqliteConnection;

#[cfg(feature = "mysql")]
use diesel::mysql::MysqlConnection;
#[cfg(feature = "postgres")]
use diesel::pg::PgConnection;

use crate::schema::wikiquery_schema;

// ---------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------

/// Everything that can go wrong in the data layer.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database URL could not be understood.
    #[error("invalid database URL: {0}")]
    InvalidUrl(String),
    /// The URL names a backend this binary was compiled without.
    #[error("this wikiquery was built without {backend} support; rebuild with --features {feature}")]
    BackendNotBuilt {
        /// Human name of the backend.
        backend: &'static str,
        /// Cargo feature that enables it.
        feature: &'static str,
    },
    /// A connection could not be established (the URL is shown without its password).
    #[error("could not connect to {url}: {reason}")]
    Connect {
        /// The database URL, password removed.
        url: String,
        /// What the driver said.
        reason: String,
    },
    /// No connection became available in time; the database is down or saturated.
    #[error("database {url} is unavailable: {reason}")]
    Unavailable {
        /// The database URL, password removed.
        url: String,
        /// Why no connection could be handed out.
        reason: String,
    },
    /// The connection broke while a query was running.
    #[error("lost the connection to the database: {reason}")]
    LostConnection {
        /// What the driver said.
        reason: String,
    },
    /// The database is locked by another writer (SQLite) or a deadlock was detected.
    #[error("the database is busy: {reason}")]
    Busy {
        /// What the driver said.
        reason: String,
    },
    /// A write was attempted on a database wikiquery serves read-only.
    #[error("the database is read-only for wikiquery: {reason}")]
    ReadOnly {
        /// What the driver said.
        reason: String,
    },
    /// Any other failed query.
    #[error("database query failed: {0}")]
    Query(#[source] DieselError),
    /// A schema migration statement failed.
    #[error("schema migration {version} failed at `{statement}`: {source}")]
    Migration {
        /// The version being applied.
        version: i32,
        /// The start of the failing statement.
        statement: String,
        /// The underlying error.
        #[source]
        source: Box<StoreError>,
    },
    /// The database was migrated by a newer wikiquery.
    #[error("the database has schema version {found}, but this wikiquery only knows versions up to {supported}")]
    SchemaTooNew {
        /// Version recorded in the database.
        found: i32,
        /// Newest version this build can create.
        supported: i32,
    },
    /// The database has tables, but neither wikiquery's marker nor MediaWiki's core tables.
    #[error("the database is neither empty, nor wikiquery's, nor MediaWiki's (it has tables such as {tables}); refusing to touch it")]
    UnrecognisedDatabase {
        /// A few of the tables found.
        tables: String,
    },
}

impl StoreError {
    /// True for failures that may go away on their own (server down, connection lost, lock
    /// contention): the API answers 503 and the client should retry later.
    pub fn is_transient(&self) -> bool {
        match self {
            StoreError::Unavailable { .. }
            | StoreError::LostConnection { .. }
            | StoreError::Busy { .. }
            | StoreError::Connect { .. } => true,
            StoreError::Migration { source, .. } => source.is_transient(),
            _ => false,
        }
    }
}

impl wikiquery_domain::failure::SourceFailure for StoreError {
    fn is_transient(&self) -> bool {
        StoreError::is_transient(self)
    }
}

impl From<DieselError> for StoreError {
    fn from(error: DieselError) -> Self {
        let message = match &error {
            DieselError::DatabaseError(DatabaseErrorKind::ClosedConnection, info)
            | DieselError::DatabaseError(DatabaseErrorKind::UnableToSendCommand, info) => {
                return StoreError::LostConnection { reason: info.message().trim().to_string() }
            }
            DieselError::DatabaseError(DatabaseErrorKind::ReadOnlyTransaction, info) => {
                return StoreError::ReadOnly { reason: info.message().trim().to_string() }
            }
            DieselError::DatabaseError(_, info) => info.message().trim().to_string(),
            _ => return StoreError::Query(error),
        };
        // Drivers report these through generic error codes; their texts are stable.
        let lower = message.to_ascii_lowercase();
        if lower.contains("readonly database") || lower.contains("read-only") || lower.contains("read only") {
            StoreError::ReadOnly { reason: message }
        } else if lower.contains("gone away")
            || lower.contains("lost connection")
            || lower.contains("server closed the connection")
            || lower.contains("terminating connection")
            || lower.contains("no connection to the server")
            || lower.contains("connection reset")
            || lower.contains("broken pipe")
        {
            StoreError::LostConnection { reason: message }
        } else if lower.contains("database is locked")
            || lower.contains("table is locked")
            || lower.contains("deadlock")
        {
            StoreError::Busy { reason: message }
        } else {
            StoreError::Query(error)
        }
    }
}

// ---------------------------------------------------------------------------------------
// URLs
// ---------------------------------------------------------------------------------------

/// The database engines wikiquery can talk to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Backend {
    /// SQLite (always compiled in).
    Sqlite,
    /// PostgreSQL (cargo feature `postgres`).
    Postgres,
    /// MariaDB or MySQL (cargo feature `mysql`).
    Mysql,
}

impl Backend {
    /// Whether this binary was compiled with support for the backend.
    pub fn is_built(self) -> bool {
        match self {
            Backend::Sqlite => true,
            Backend::Postgres => cfg!(feature = "postgres"),
            Backend::Mysql => cfg!(feature = "mysql"),
        }
    }

    fn not_built_error(self) -> StoreError {
        match self {
            Backend::Sqlite => StoreError::InvalidUrl("SQLite is always available".into()),
            Backend::Postgres => StoreError::BackendNotBuilt { backend: "PostgreSQL", feature: "postgres" },
            Backend::Mysql => StoreError::BackendNotBuilt { backend: "MariaDB/MySQL", feature: "mysql" },
        }
    }
}

impl fmt::Display for Backend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Backend::Sqlite => "SQLite",
            Backend::Postgres => "PostgreSQL",
            Backend::Mysql => "MariaDB/MySQL",
        })
    }
}

/// A parsed database location. `Display` and `Debug` never show a password.
#[derive(Clone, PartialEq, Eq)]
pub enum DbUrl {
    /// An SQLite file (`:memory:` for a private in-memory database).
    Sqlite {
        /// Path of the database file.
        path: PathBuf,
    },
    /// A `postgres://` (or `postgresql://`) URL, passed to libpq unchanged.
    Postgres {
        /// The full URL.
        url: String,
    },
    /// A `mysql://` URL (`mariadb://` is rewritten to `mysql://`).
    Mysql {
        /// The full URL.
        url: String,
    },
}

const SQLITE_MEMORY: &str = ":memory:";

impl DbUrl {
    /// Parses `sqlite:PATH`, `sqlite://PATH`, a bare path ending in `.sqlite`, `.sqlite3` or
    /// `.db`, `postgres://…`, `postgresql://…`, `mysql://…` or `mariadb://…`.
    pub fn parse(input: &str) -> Result<DbUrl, StoreError> {
        let s = input.trim();
        if s.is_empty() {
            return Err(StoreError::InvalidUrl("the database URL is empty".into()));
        }
        let lower = s.to_ascii_lowercase();
        let parsed = if let Some(rest) =
            strip_scheme(s, &lower, "sqlite://").or_else(|| strip_scheme(s, &lower, "sqlite:"))
        {
            if rest.is_empty() {
                return Err(StoreError::InvalidUrl(format!("`{s}` names no SQLite file")));
            }
            DbUrl::Sqlite { path: PathBuf::from(rest) }
        } else if lower.starts_with("postgres://") || lower.starts_with("postgresql://") {
            DbUrl::Postgres { url: s.to_string() }
        } else if let Some(rest) = strip_scheme(s, &lower, "mysql://").or_else(|| strip_scheme(s, &lower, "mariadb://"))
        {
            DbUrl::Mysql { url: format!("mysql://{rest}") }
        } else if let Some((scheme, _)) = s.split_once("://") {
            return Err(StoreError::InvalidUrl(format!(
                "unsupported scheme `{scheme}://` in `{}`; use sqlite:PATH, postgres://… or mysql://…",
                redact_url(s)
            )));
        } else if [".sqlite", ".sqlite3", ".db"].iter().any(|ext| lower.ends_with(ext)) {
            DbUrl::Sqlite { path: PathBuf::from(s) }
        } else {
            return Err(StoreError::InvalidUrl(format!(
                "`{s}` is not a database URL; use sqlite:PATH (or a path ending in .sqlite/.db), \
                 postgres://… or mysql://…"
            )));
        };
        if !parsed.backend().is_built() {
            return Err(parsed.backend().not_built_error());
        }
        Ok(parsed)
    }

    /// The backend the URL names.
    pub fn backend(&self) -> Backend {
        match self {
            DbUrl::Sqlite { .. } => Backend::Sqlite,
            DbUrl::Postgres { .. } => Backend::Postgres,
            DbUrl::Mysql { .. } => Backend::Mysql,
        }
    }

    /// The URL with any password replaced by `***`, for messages and logs.
    pub fn redacted(&self) -> String {
        match self {
            DbUrl::Sqlite { path } => format!("sqlite:{}", path.display()),
            DbUrl::Postgres { url } | DbUrl::Mysql { url } => redact_url(url),
        }
    }

    /// Whether this is a private in-memory SQLite database.
    pub fn is_sqlite_memory(&self) -> bool {
        matches!(self, DbUrl::Sqlite { path } if path.as_os_str() == SQLITE_MEMORY)
    }
}

fn strip_scheme<'a>(s: &'a str, lower: &str, scheme: &str) -> Option<&'a str> {
    // Schemes are ASCII, so the lower-cased prefix has the same byte length.
    lower.starts_with(scheme).then(|| &s[scheme.len()..])
}

impl FromStr for DbUrl {
    type Err = StoreError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        DbUrl::parse(s)
    }
}

impl fmt::Display for DbUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.redacted())
    }
}

impl fmt::Debug for DbUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DbUrl({})", self.redacted())
    }
}

/// Removes the password from `scheme://user:password@host/db?password=…`.
fn redact_url(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let split = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(split);
    let authority = match authority.rsplit_once('@') {
        Some((userinfo, host)) => match userinfo.split_once(':') {
            Some((user, _)) => format!("{user}:***@{host}"),
            None => format!("{userinfo}@{host}"),
        },
        None => authority.to_string(),
    };
    let tail = match tail.split_once('?') {
        Some((path, query)) => {
            let params: Vec<String> = query
                .split('&')
                .map(|param| match param.split_once('=') {
                    Some((key, _)) if key.eq_ignore_ascii_case("password") => format!("{key}=***"),
                    _ => param.to_string(),
                })
                .collect();
            format!("{path}?{}", params.join("&"))
        }
        None => tail.to_string(),
    };
    format!("{scheme}://{authority}{tail}")
}

/// Turns a file path into an SQLite URI path, escaping the characters URIs give meaning to.
fn sqlite_uri(path: &Path, read_only: bool) -> String {
    let raw = path.to_string_lossy();
    let mut uri = String::with_capacity(raw.len() + 16);
    uri.push_str("file:");
    for ch in raw.chars() {
        match ch {
            '%' => uri.push_str("%25"),
            '?' => uri.push_str("%3F"),
            '#' => uri.push_str("%23"),
            _ => uri.push(ch),
        }
    }
    if read_only {
        uri.push_str("?mode=ro");
    }
    uri
}

// ---------------------------------------------------------------------------------------
// Connections and the dispatch macro
// ---------------------------------------------------------------------------------------

/// A connection to whichever backend the database URL named.
pub enum AnyConnection {
    /// An SQLite connection.
    Sqlite(SqliteConnection),
    /// A PostgreSQL connection.
    #[cfg(feature = "postgres")]
    Pg(PgConnection),
    /// A MariaDB/MySQL connection.
    #[cfg(feature = "mysql")]
    Mysql(MysqlConnection),
}

impl AnyConnection {
    /// Opens a single, unpooled read-write connection (for tools and administrative tasks;
    /// the server uses [`Pool`]).
    pub fn establish(url: &DbUrl) -> Result<AnyConnection, StoreError> {
        let target = Target::new(url, false, PoolOptions::default().busy_timeout)?;
        let mut conn = target.establish()?;
        target.prepare(&mut conn)?;
        Ok(conn)
    }

    /// The backend this connection talks to.
    pub fn backend(&self) -> Backend {
        match self {
            AnyConnection::Sqlite(_) => Backend::Sqlite,
            #[cfg(feature = "postgres")]
            AnyConnection::Pg(_) => Backend::Postgres,
            #[cfg(feature = "mysql")]
            AnyConnection::Mysql(_) => Backend::Mysql,
        }
    }

    /// Runs SQL text that returns no rows (one or more statements).
    pub fn batch_execute(&mut self, sql: &str) -> Result<(), StoreError> {
        crate::with_conn!(self, |c| c.batch_execute(sql)).map_err(StoreError::from)
    }
}

impl fmt::Debug for AnyConnection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "AnyConnection({})", self.backend())
    }
}

/// Gives [`with_conn!`](crate::with_conn) the [`AnyConnection`] behind a plain or pooled
/// connection.
pub trait AsAnyConnection {
    /// The connection to dispatch on.
    fn as_any_connection(&mut self) -> &mut AnyConnection;
}

impl AsAnyConnection for AnyConnection {
    fn as_any_connection(&mut self) -> &mut AnyConnection {
        self
    }
}

impl AsAnyConnection for PooledConn {
    fn as_any_connection(&mut self) -> &mut AnyConnection {
        &mut self.0
    }
}

impl<T: AsAnyConnection + ?Sized> AsAnyConnection for &mut T {
    fn as_any_connection(&mut self) -> &mut AnyConnection {
        (**self).as_any_connection()
    }
}

/// Runs one query body on whichever backend a connection uses:
/// `with_conn!(&mut conn, |c| page::table.count().get_result::<i64>(c))`. `conn` may be a
/// `&mut AnyConnection` or `&mut PooledConn`; `c` is the concrete diesel connection.
#[macro_export]
macro_rules! with_conn {
    ($conn:expr, |$c:ident| $body:expr) => {
        $crate::__with_conn_dispatch!($crate::backend::AsAnyConnection::as_any_connection($conn), $c, $body)
    };
}

/// Dispatch for a build with PostgreSQL and MariaDB/MySQL.
#[cfg(all(feature = "postgres", feature = "mysql"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __with_conn_dispatch {
    ($conn:expr, $c:ident, $body:expr) => {
        match $conn {
            $crate::backend::AnyConnection::Sqlite($c) => $body,
            $crate::backend::AnyConnection::Pg($c) => $body,
            $crate::backend::AnyConnection::Mysql($c) => $body,
        }
    };
}

/// Dispatch for a build with PostgreSQL only.
#[cfg(all(feature = "postgres", not(feature = "mysql")))]
#[doc(hidden)]
#[macro_export]
macro_rules! __with_conn_dispatch {
    ($conn:expr, $c:ident, $body:expr) => {
        match $conn {
            $crate::backend::AnyConnection::Sqlite($c) => $body,
            $crate::backend::AnyConnection::Pg($c) => $body,
        }
    };
}

/// Dispatch for a build with MariaDB/MySQL only.
#[cfg(all(not(feature = "postgres"), feature = "mysql"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __with_conn_dispatch {
    ($conn:expr, $c:ident, $body:expr) => {
        match $conn {
            $crate::backend::AnyConnection::Sqlite($c) => $body,
            $crate::backend::AnyConnection::Mysql($c) => $body,
        }
    };
}

/// Dispatch for an SQLite-only build.
#[cfg(all(not(feature = "postgres"), not(feature = "mysql")))]
#[doc(hidden)]
#[macro_export]
macro_rules! __with_conn_dispatch {
    ($conn:expr, $c:ident, $body:expr) => {
        match $conn {
            $crate::backend::AnyConnection::Sqlite($c) => $body,
        }
    };
}

/// How to reach one database, and which session options its connections get.
#[derive(Debug)]
struct Target {
    backend: Backend,
    /// What is handed to diesel's `establish` (may contain a password).
    connect: String,
    /// The URL for messages.
    display: String,
    read_only: bool,
    busy_timeout: Duration,
}

impl Target {
    fn new(url: &DbUrl, read_only: bool, busy_timeout: Duration) -> Result<Target, StoreError> {
        if !url.backend().is_built() {
            return Err(url.backend().not_built_error());
        }
        let connect = match url {
            DbUrl::Sqlite { path } if url.is_sqlite_memory() => path.to_string_lossy().into_owned(),
            DbUrl::Sqlite { path } => sqlite_uri(path, read_only),
            DbUrl::Postgres { url } | DbUrl::Mysql { url } => url.clone(),
        };
        Ok(Target { backend: url.backend(), connect, display: url.redacted(), read_only, busy_timeout })
    }

    fn connect_error(&self, reason: impl fmt::Display) -> StoreError {
        StoreError::Connect { url: self.display.clone(), reason: reason.to_string().trim().to_string() }
    }

    fn establish(&self) -> Result<AnyConnection, StoreError> {
        match self.backend {
            Backend::Sqlite => {
                configure_sqlite_library();
                SqliteConnection::establish(&self.connect).map(AnyConnection::Sqlite).map_err(|e| self.connect_error(e))
            }
            #[cfg(feature = "postgres")]
            Backend::Postgres => {
                PgConnection::establish(&self.connect).map(AnyConnection::Pg).map_err(|e| self.connect_error(e))
            }
            #[cfg(feature = "mysql")]
            Backend::Mysql => {
                MysqlConnection::establish(&self.connect).map(AnyConnection::Mysql).map_err(|e| self.connect_error(e))
            }
            #[allow(unreachable_patterns)]
            other => Err(other.not_built_error()),
        }
    }

    /// Session options every connection of this target gets.
    fn prepare(&self, conn: &mut AnyConnection) -> Result<(), StoreError> {
        let sql = match conn {
            AnyConnection::Sqlite(_) => {
                let mut sql = format!(
                    // LIKE is case-sensitive, as MediaWiki makes it on SQLite.
                    "PRAGMA busy_timeout = {}; PRAGMA foreign_keys = OFF; PRAGMA case_sensitive_like = ON;",
                    self.busy_timeout.as_millis().min(i32::MAX as u128)
                );
                if self.read_only {
                    sql.push_str(" PRAGMA query_only = ON;");
                } else {
                    // Safe with WAL: a power loss can only drop the last commits.
                    sql.push_str(" PRAGMA synchronous = NORMAL;");
                }
                sql
            }
            #[cfg(feature = "postgres")]
            AnyConnection::Pg(_) if self.read_only => "SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY".into(),
            #[cfg(feature = "mysql")]
            AnyConnection::Mysql(_) if self.read_only => "SET SESSION TRANSACTION READ ONLY".into(),
            #[allow(unreachable_patterns)]
            _ => return Ok(()),
        };
        conn.batch_execute(&sql).map_err(|e| self.connect_error(format!("setting up the session failed: {e}")))
    }
}

// ---------------------------------------------------------------------------------------
// Pools
// ---------------------------------------------------------------------------------------

/// Settings for [`Pool::connect`].
#[derive(Clone, Debug)]
pub struct PoolOptions {
    /// Most connections open at once.
    pub max_size: u32,
    /// Never write, even to a database wikiquery created (replicas, read-only serving).
    pub read_only: bool,
    /// How long [`Pool::get`] waits for a connection before reporting the database
    /// unavailable.
    pub connection_timeout: Duration,
    /// How long an SQLite statement waits for another writer's lock.
    pub busy_timeout: Duration,
}

impl Default for PoolOptions {
    fn default() -> Self {
        PoolOptions {
            max_size: 8,
            read_only: false,
            connection_timeout: Duration::from_secs(5),
            busy_timeout: Duration::from_secs(5),
        }
    }
}

/// The r2d2 manager: establishes connections of the backend its target names.
#[derive(Debug)]
struct Manager {
    target: Arc<Target>,
}

impl ManageConnection for Manager {
    type Connection = AnyConnection;
    type Error = StoreError;

    fn connect(&self) -> Result<AnyConnection, StoreError> {
        self.target.establish()
    }

    fn is_valid(&self, conn: &mut AnyConnection) -> Result<(), StoreError> {
        crate::with_conn!(conn, |c| R2D2Connection::ping(c)).map_err(StoreError::from)
    }

    fn has_broken(&self, conn: &mut AnyConnection) -> bool {
        crate::with_conn!(conn, |c| R2D2Connection::is_broken(c))
    }
}

/// The connection customizer: applies the target's session options to every new connection.
#[derive(Debug)]
struct SessionSetup {
    target: Arc<Target>,
}

impl CustomizeConnection<AnyConnection, StoreError> for SessionSetup {
    fn on_acquire(&self, conn: &mut AnyConnection) -> Result<(), StoreError> {
        self.target.prepare(conn)
    }
}

/// Sends r2d2's background connection failures to the log instead of stderr.
#[derive(Debug)]
struct LogErrors {
    url: String,
}

impl HandleError<StoreError> for LogErrors {
    fn handle_error(&self, error: StoreError) {
        tracing::warn!(database = %self.url, "database connection failed: {error}");
    }
}

/// What a database holds, judged by its tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DatabaseKind {
    /// No tables at all: wikiquery may create its schema.
    Empty,
    /// Has wikiquery's `wikiquery_schema` marker.
    Ours,
    /// Has MediaWiki's core tables but no marker: MediaWiki's own database, served read-only.
    MediaWiki,
    /// Has tables that are neither: left alone.
    Unrecognised,
}

/// A pool of connections to one database.
#[derive(Clone)]
pub struct Pool {
    inner: r2d2::Pool<Manager>,
    target: Arc<Target>,
    kind: DatabaseKind,
}

/// A pooled connection; dereferences to [`AnyConnection`] and returns to the pool on drop.
pub struct PooledConn(r2d2::PooledConnection<Manager>);

impl std::ops::Deref for PooledConn {
    type Target = AnyConnection;

    fn deref(&self) -> &AnyConnection {
        &self.0
    }
}

impl std::ops::DerefMut for PooledConn {
    fn deref_mut(&mut self) -> &mut AnyConnection {
        &mut self.0
    }
}

impl fmt::Debug for PooledConn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PooledConn({})", self.0.backend())
    }
}

impl Pool {
    /// Opens a pool after checking what the database holds. A database that is not
    /// wikiquery's (and not empty) is opened read-only whatever `options.read_only` says; an
    /// SQLite file that does not exist is created unless the pool is read-only.
    pub fn connect(url: &DbUrl, options: PoolOptions) -> Result<Pool, StoreError> {
        let memory = url.is_sqlite_memory();
        let kind = match url {
            DbUrl::Sqlite { .. } if memory => DatabaseKind::Empty,
            DbUrl::Sqlite { path } if path.exists() => {
                // Look before deciding how to open it, without any chance of writing.
                let probe = Target::new(url, true, options.busy_timeout)?;
                let mut conn = probe.establish()?;
                probe.prepare(&mut conn)?;
                inspect(&mut conn)?
            }
            DbUrl::Sqlite { path } => {
                let target = Target::new(url, true, options.busy_timeout)?;
                if options.read_only {
                    return Err(target.connect_error("the file does not exist"));
                }
                if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty() && !d.is_dir()) {
                    return Err(target.connect_error(format!("directory {} does not exist", dir.display())));
                }
                DatabaseKind::Empty
            }
            _ => {
                let probe = Target::new(url, options.read_only, options.busy_timeout)?;
                let mut conn = probe.establish()?;
                probe.prepare(&mut conn)?;
                inspect(&mut conn)?
            }
        };
        let read_only = options.read_only || matches!(kind, DatabaseKind::MediaWiki | DatabaseKind::Unrecognised);
        let target = Arc::new(Target::new(url, read_only, options.busy_timeout)?);
        if target.backend == Backend::Sqlite && !read_only && !memory {
            // Creates the file if needed; WAL is a property of the file, so setting it once
            // here covers every later connection.
            let mut conn = target.establish()?;
            conn.batch_execute("PRAGMA journal_mode = WAL;")
                .map_err(|e| target.connect_error(format!("enabling WAL failed: {e}")))?;
        }
        let mut builder = r2d2::Pool::builder()
            .max_size(options.max_size.max(1))
            .min_idle(Some(1))
            .connection_timeout(options.connection_timeout)
            .test_on_check_out(target.backend != Backend::Sqlite)
            .connection_customizer(Box::new(SessionSetup { target: Arc::clone(&target) }))
            .error_handler(Box::new(LogErrors { url: target.display.clone() }));
        if memory {
            // Every connection to ":memory:" is a different database: keep exactly one alive.
            builder = builder.max_size(1).idle_timeout(None).max_lifetime(None);
        }
        let inner = builder.build(Manager { target: Arc::clone(&target) }).map_err(|e| target.connect_error(e))?;
        Ok(Pool { inner, target, kind })
    }

    /// A connection from the pool, waiting at most the configured connection timeout.
    pub fn get(&self) -> Result<PooledConn, StoreError> {
        self.inner.get().map(PooledConn).map_err(|e| self.unavailable(e))
    }

    /// A connection from the pool, waiting at most `timeout`.
    pub fn get_timeout(&self, timeout: Duration) -> Result<PooledConn, StoreError> {
        self.inner.get_timeout(timeout).map(PooledConn).map_err(|e| self.unavailable(e))
    }

    fn unavailable(&self, error: r2d2::PoolError) -> StoreError {
        StoreError::Unavailable { url: self.target.display.clone(), reason: error.to_string() }
    }

    /// The backend of this pool's database.
    pub fn backend(&self) -> Backend {
        self.target.backend
    }

    /// The database URL without password.
    pub fn url(&self) -> &str {
        &self.target.display
    }

    /// Whether connections refuse writes (asked for, or the database is not wikiquery's).
    pub fn is_read_only(&self) -> bool {
        self.target.read_only
    }

    /// What the database held when the pool was opened.
    pub fn kind(&self) -> DatabaseKind {
        self.kind
    }
}

impl fmt::Debug for Pool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Pool")
            .field("url", &self.target.display)
            .field("read_only", &self.target.read_only)
            .field("kind", &self.kind)
            .finish()
    }
}

// ---------------------------------------------------------------------------------------
// Replicas
// ---------------------------------------------------------------------------------------

/// One primary database and any number of read replicas.
#[derive(Debug)]
pub struct Replicas {
    primary: Pool,
    replicas: Vec<Replica>,
    next: AtomicUsize,
    checkout_timeout: Duration,
    retry_after: Duration,
    epoch: Instant,
}

#[derive(Debug)]
struct Replica {
    pool: Pool,
    /// Milliseconds since `epoch` before which the replica is skipped after a failure.
    down_until: AtomicU64,
}

impl Replicas {
    /// Groups a primary with its replicas. A replica that cannot hand out a connection within
    /// 250 ms is skipped for 5 s (see [`Replicas::with_timeouts`]).
    pub fn new(primary: Pool, replicas: Vec<Pool>) -> Replicas {
        Replicas {
            primary,
            replicas: replicas.into_iter().map(|pool| Replica { pool, down_until: AtomicU64::new(0) }).collect(),
            next: AtomicUsize::new(0),
            checkout_timeout: Duration::from_millis(250),
            retry_after: Duration::from_secs(5),
            epoch: Instant::now(),
        }
    }

    /// Sets how long to wait for a replica connection and how long to skip a failed replica.
    pub fn with_timeouts(mut self, checkout_timeout: Duration, retry_after: Duration) -> Replicas {
        self.checkout_timeout = checkout_timeout;
        self.retry_after = retry_after;
        self
    }

    /// A connection for writing: always the primary.
    pub fn writer(&self) -> Result<PooledConn, StoreError> {
        self.primary.get()
    }

    /// A connection for reading: the replicas in turn, skipping ones that recently failed;
    /// the primary when there are none or none could serve.
    pub fn reader(&self) -> Result<PooledConn, StoreError> {
        let count = self.replicas.len();
        if count > 0 {
            let start = self.next.fetch_add(1, Ordering::Relaxed);
            let now = self.millis();
            for offset in 0..count {
                let replica = &self.replicas[(start + offset) % count];
                if replica.down_until.load(Ordering::Relaxed) > now {
                    continue;
                }
                match replica.pool.get_timeout(self.checkout_timeout) {
                    Ok(conn) => return Ok(conn),
                    Err(error) => {
                        tracing::warn!(replica = %replica.pool.url(), "skipping replica: {error}");
                        let retry = u64::try_from(self.retry_after.as_millis()).unwrap_or(u64::MAX);
                        replica.down_until.store(self.millis().saturating_add(retry), Ordering::Relaxed);
                    }
                }
            }
        }
        self.primary.get()
    }

    /// The primary's pool.
    pub fn primary(&self) -> &Pool {
        &self.primary
    }

    /// Whether every database is a file on this machine (SQLite): reading it is CPU work,
    /// never a wait on the network.
    pub fn is_local(&self) -> bool {
        self.primary.backend() == Backend::Sqlite && self.replicas.iter().all(|r| r.pool.backend() == Backend::Sqlite)
    }

    /// How many replicas are configured.
    pub fn replica_count(&self) -> usize {
        self.replicas.len()
    }

    fn millis(&self) -> u64 {
        u64::try_from(self.epoch.elapsed().as_millis()).unwrap_or(u64::MAX)
    }
}

/// Sets SQLite's process-wide options once, before its first connection opens:
/// - multi-thread mode: a connection is used by one thread at a time (a pooled connection is
///   checked out by one request), so SQLite's per-connection mutexes only cost time;
/// - no memory statistics: keeping them takes a global mutex on every allocation, which every
///   request's threads would contend for;
/// - every connection plans a statement once, whatever values are bound to it (see
///   [`plan_once`]).
///
/// The first two can only be set before SQLite initialises; when something opened a database
/// earlier in the process, SQLite refuses them and keeps its safe defaults.
fn configure_sqlite_library() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        use libsqlite3_sys as ffi;
        // SAFETY: `sqlite3_config` is called before any connection of this process exists
        // (this runs before the first `establish`), with the argument each option takes: none
        // for SQLITE_CONFIG_MULTITHREAD, an int for SQLITE_CONFIG_MEMSTATUS. A refusal
        // (SQLITE_MISUSE, SQLite already initialised) changes nothing. `plan_once` has the
        // signature SQLite calls an extension's entry point with.
        unsafe {
            ffi::sqlite3_config(ffi::SQLITE_CONFIG_MULTITHREAD);
            ffi::sqlite3_config(ffi::SQLITE_CONFIG_MEMSTATUS, 0 as std::os::raw::c_int);
            ffi::sqlite3_auto_extension(Some(plan_once));
        }
    });
}

/// Run by SQLite for every connection it opens: turns on its query planner stability
/// guarantee. Without it a statement whose plan could depend on a bound value (a `LIMIT ?`,
/// which every listing binds) is planned again each time it runs, so the statement cache
/// saves nothing. Our queries never need a bound value to find their index: prefixes are
/// ranges, not LIKE patterns (see `queries::prefix_upper_bound`).
unsafe extern "C" fn plan_once(
    db: *mut libsqlite3_sys::sqlite3,
    _error: *mut *mut std::os::raw::c_char,
    _api: *const libsqlite3_sys::sqlite3_api_routines,
) -> std::os::raw::c_int {
    // SAFETY: SQLite passes the connection it is opening; SQLITE_DBCONFIG_ENABLE_QPSG takes an
    // int (1: on) and an int pointer for the resulting setting (null: not wanted).
    unsafe {
        libsqlite3_sys::sqlite3_db_config(
            db,
            libsqlite3_sys::SQLITE_DBCONFIG_ENABLE_QPSG,
            1 as std::os::raw::c_int,
            std::ptr::null_mut::<std::os::raw::c_int>(),
        );
    }
    libsqlite3_sys::SQLITE_OK
}

// ---------------------------------------------------------------------------------------
// Schema inspection and migrations
// ---------------------------------------------------------------------------------------

const MARKER_TABLE: &str = "wikiquery_schema";
/// Tables whose presence (without the marker) identifies a MediaWiki database.
const MEDIAWIKI_CORE_TABLES: [&str; 4] = ["page", "revision", "logging", "actor"];
const SQLITE_MIGRATIONS: &str = include_str!("migrations/sqlite.sql");
#[cfg(feature = "postgres")]
const POSTGRES_MIGRATIONS: &str = include_str!("migrations/postgres.sql");
#[cfg(feature = "mysql")]
const MYSQL_MIGRATIONS: &str = include_str!("migrations/mysql.sql");
const MIGRATION_MARK: &str = "-- wikiquery migration ";

/// What [`migrate`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MigrationOutcome {
    /// The database was empty; wikiquery's schema was created at this version.
    Created {
        /// The version now recorded.
        version: i32,
    },
    /// Versions after `from` up to `to` were applied.
    Upgraded {
        /// The version found.
        from: i32,
        /// The version now recorded.
        to: i32,
    },
    /// Nothing to do.
    UpToDate {
        /// The version recorded.
        version: i32,
    },
    /// An existing MediaWiki database: nothing was written; serve it read-only.
    ExistingMediaWiki,
}

#[derive(QueryableByName)]
struct TableName {
    #[diesel(sql_type = Text)]
    name: String,
}

#[derive(QueryableByName)]
struct LockResult {
    #[diesel(sql_type = Nullable<BigInt>)]
    got: Option<i64>,
}

/// Names of the tables in the database (current schema on PostgreSQL).
pub fn table_names(conn: &mut AnyConnection) -> Result<Vec<String>, StoreError> {
    let sql = match conn.backend() {
        Backend::Sqlite => {
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
        }
        Backend::Postgres => {
            "SELECT CAST(table_name AS TEXT) AS name FROM information_schema.tables \
             WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'"
        }
        Backend::Mysql => {
            "SELECT CAST(table_name AS CHAR) AS name FROM information_schema.tables \
             WHERE table_schema = DATABASE()"
        }
    };
    let rows = crate::with_conn!(conn, |c| diesel::sql_query(sql).load::<TableName>(c))?;
    Ok(rows.into_iter().map(|row| row.name).collect())
}

/// Judges what the database holds.
pub fn inspect(conn: &mut AnyConnection) -> Result<DatabaseKind, StoreError> {
    Ok(classify(&table_names(conn)?))
}

fn classify(tables: &[String]) -> DatabaseKind {
    if tables.is_empty() {
        DatabaseKind::Empty
    } else if tables.iter().any(|t| t == MARKER_TABLE) {
        DatabaseKind::Ours
    } else if tables.iter().any(|t| MEDIAWIKI_CORE_TABLES.contains(&t.as_str())) {
        DatabaseKind::MediaWiki
    } else {
        DatabaseKind::Unrecognised
    }
}

/// Whether the database carries wikiquery's schema marker.
pub fn is_ours(conn: &mut AnyConnection) -> bool {
    matches!(inspect(conn), Ok(DatabaseKind::Ours))
}

/// The newest schema version recorded in a wikiquery database (`None` when there is no
/// marker table or it is empty).
pub fn schema_version(conn: &mut AnyConnection) -> Result<Option<i32>, StoreError> {
    if !table_names(conn)?.iter().any(|t| t == MARKER_TABLE) {
        return Ok(None);
    }
    let version = crate::with_conn!(conn, |c| wikiquery_schema::table
        .select(diesel::dsl::max(wikiquery_schema::version))
        .first::<Option<i32>>(c))?;
    Ok(version)
}

#[derive(QueryableByName)]
struct IdentityColumn {
    #[diesel(sql_type = Text)]
    table_name: String,
    #[diesel(sql_type = Text)]
    column_name: String,
}

/// Moves PostgreSQL's id generators past the largest id in each table. Needed after rows were
/// inserted with explicit ids (an import keeps MediaWiki's ids), because PostgreSQL, unlike
/// SQLite and MariaDB, does not advance them by itself. Does nothing on other backends.
pub fn sync_id_sequences(conn: &mut AnyConnection) -> Result<(), StoreError> {
    if conn.backend() != Backend::Postgres {
        return Ok(());
    }
    let columns = crate::with_conn!(conn, |c| diesel::sql_query(
        "SELECT CAST(table_name AS TEXT) AS table_name, CAST(column_name AS TEXT) AS column_name \
         FROM information_schema.columns WHERE table_schema = current_schema() AND is_identity = 'YES'"
    )
    .load::<IdentityColumn>(c))?;
    for IdentityColumn { table_name, column_name } in columns {
        // Names come from the catalogue, not from input; quoting keeps "user" and "text" valid.
        let table = format!("\"{}\"", table_name.replace('"', "\"\""));
        let column = format!("\"{}\"", column_name.replace('"', "\"\""));
        let literal = |s: &str| format!("'{}'", s.replace('\'', "''"));
        conn.batch_execute(&format!(
            "SELECT setval(pg_get_serial_sequence({}, {}), COALESCE((SELECT MAX({column}) FROM {table}), 0) + 1, false)",
            literal(&table),
            literal(&column_name),
        ))?;
    }
    Ok(())
}

/// The schema version this build creates.
pub fn latest_schema_version() -> i32 {
    parse_migrations(SQLITE_MIGRATIONS).last().map_or(0, |m| m.version)
}

/// One version's statements.
#[derive(Debug)]
struct MigrationStep {
    version: i32,
    statements: Vec<String>,
}

/// Splits a migration script into versions and statements. The scripts are compiled in, and
/// a unit test checks they parse into consecutive versions.
fn parse_migrations(script: &str) -> Vec<MigrationStep> {
    let mut steps: Vec<MigrationStep> = Vec::new();
    let mut body = String::new();
    let mut current: Option<i32> = None;
    let flush = |version: Option<i32>, body: &mut String, steps: &mut Vec<MigrationStep>| {
        if let Some(version) = version {
            steps.push(MigrationStep { version, statements: split_statements(body) });
        }
        body.clear();
    };
    for line in script.lines() {
        if let Some(rest) = line.strip_prefix(MIGRATION_MARK) {
            flush(current, &mut body, &mut steps);
            let number = rest.split(|c: char| !c.is_ascii_digit()).next().unwrap_or("");
            current = number.parse().ok();
        } else if !line.trim_start().starts_with("--") {
            body.push_str(line);
            body.push('\n');
        }
    }
    flush(current, &mut body, &mut steps);
    steps
}

/// Splits SQL on semicolons that are outside quotes.
fn split_statements(sql: &str) -> Vec<String> {
    let mut statements = Vec::new();
    let mut current = String::new();
    let mut quote: Option<char> = None;
    for ch in sql.chars() {
        match quote {
            Some(q) if ch == q => quote = None,
            Some(_) => {}
            None if matches!(ch, '\'' | '"' | '`') => quote = Some(ch),
            None if ch == ';' => {
                if !current.trim().is_empty() {
                    statements.push(current.trim().to_string());
                }
                current.clear();
                continue;
            }
            None => {}
        }
        current.push(ch);
    }
    if !current.trim().is_empty() {
        statements.push(current.trim().to_string());
    }
    statements
}

fn migration_script(backend: Backend) -> Result<&'static str, StoreError> {
    match backend {
        Backend::Sqlite => Ok(SQLITE_MIGRATIONS),
        #[cfg(feature = "postgres")]
        Backend::Postgres => Ok(POSTGRES_MIGRATIONS),
        #[cfg(feature = "mysql")]
        Backend::Mysql => Ok(MYSQL_MIGRATIONS),
        #[allow(unreachable_patterns)]
        other => Err(other.not_built_error()),
    }
}

/// Brings a database to the current schema. An empty database gets wikiquery's schema and
/// marker; a wikiquery database gets the versions it lacks; an existing MediaWiki database
/// is left untouched ([`MigrationOutcome::ExistingMediaWiki`]). Safe to run from several
/// processes at once: the work happens under a database-wide lock.
pub fn migrate(conn: &mut AnyConnection) -> Result<MigrationOutcome, StoreError> {
    // Decide before taking a lock, since locking would itself write to a MediaWiki database.
    match inspect(conn)? {
        DatabaseKind::MediaWiki => return Ok(MigrationOutcome::ExistingMediaWiki),
        DatabaseKind::Unrecognised => return Err(unrecognised(&table_names(conn)?)),
        DatabaseKind::Empty | DatabaseKind::Ours => {}
    }
    let script = migration_script(conn.backend())?;
    lock_for_migration(conn)?;
    let result = apply_migrations(conn, script);
    let released = unlock_after_migration(conn, result.is_ok());
    let outcome = result?;
    released?;
    Ok(outcome)
}

fn unrecognised(tables: &[String]) -> StoreError {
    let mut shown: Vec<&str> = tables.iter().map(String::as_str).take(5).collect();
    if tables.len() > shown.len() {
        shown.push("…");
    }
    StoreError::UnrecognisedDatabase { tables: shown.join(", ") }
}

/// Takes the migration lock; on SQLite and PostgreSQL this also opens the transaction the
/// migration runs in.
fn lock_for_migration(conn: &mut AnyConnection) -> Result<(), StoreError> {
    match conn.backend() {
        Backend::Sqlite => conn.batch_execute("BEGIN IMMEDIATE"),
        // An arbitrary constant that names "wikiquery schema migration" among advisory locks.
        Backend::Postgres => conn.batch_execute("BEGIN; SELECT pg_advisory_xact_lock(7346201958361);"),
        Backend::Mysql => {
            // MariaDB/MySQL DDL commits implicitly, so a named lock serialises migrators.
            let rows = crate::with_conn!(conn, |c| diesel::sql_query(
                "SELECT CAST(GET_LOCK('wikiquery_schema_migration', 60) AS SIGNED) AS got"
            )
            .load::<LockResult>(c))?;
            match rows.first().and_then(|row| row.got) {
                Some(1) => Ok(()),
                _ => Err(StoreError::Busy { reason: "another process has been migrating the schema for 60 s".into() }),
            }
        }
    }
}

fn unlock_after_migration(conn: &mut AnyConnection, success: bool) -> Result<(), StoreError> {
    match (conn.backend(), success) {
        (Backend::Sqlite | Backend::Postgres, true) => conn.batch_execute("COMMIT"),
        (Backend::Sqlite | Backend::Postgres, false) => conn.batch_execute("ROLLBACK"),
        (Backend::Mysql, _) => conn.batch_execute("DO RELEASE_LOCK('wikiquery_schema_migration')"),
    }
}

fn apply_migrations(conn: &mut AnyConnection, script: &'static str) -> Result<MigrationOutcome, StoreError> {
    // Someone may have migrated between the first look and the lock.
    let tables = table_names(conn)?;
    match classify(&tables) {
        DatabaseKind::MediaWiki => return Ok(MigrationOutcome::ExistingMediaWiki),
        DatabaseKind::Unrecognised => return Err(unrecognised(&tables)),
        DatabaseKind::Empty | DatabaseKind::Ours => {}
    }
    let found = schema_version(conn)?.unwrap_or(0);
    let steps = parse_migrations(script);
    let latest = steps.last().map_or(0, |step| step.version);
    if found > latest {
        return Err(StoreError::SchemaTooNew { found, supported: latest });
    }
    for step in steps.iter().filter(|step| step.version > found) {
        for statement in &step.statements {
            conn.batch_execute(statement).map_err(|e| StoreError::Migration {
                version: step.version,
                statement: statement.chars().take(80).collect(),
                source: Box::new(e),
            })?;
        }
        let applied_at = mediawiki_timestamp(SystemTime::now());
        crate::with_conn!(conn, |c| diesel::insert_into(wikiquery_schema::table)
            .values((wikiquery_schema::version.eq(step.version), wikiquery_schema::applied_at.eq(&applied_at)))
            .execute(c))?;
    }
    Ok(if found == latest {
        MigrationOutcome::UpToDate { version: latest }
    } else if found == 0 {
        MigrationOutcome::Created { version: latest }
    } else {
        MigrationOutcome::Upgraded { from: found, to: latest }
    })
}

/// Formats a time as MediaWiki's 14-digit UTC timestamp (`YYYYMMDDHHMMSS`).
fn mediawiki_timestamp(time: SystemTime) -> String {
    let secs = time.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let days = i64::try_from(secs / 86_400).unwrap_or(0);
    let rem = secs % 86_400;
    // Civil date from days since 1970-01-01 (proleptic Gregorian calendar).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}{month:02}{day:02}{:02}{:02}{:02}", rem / 3_600, rem % 3_600 / 60, rem % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scripts_have_consecutive_versions_and_agree() {
        let scripts = [
            SQLITE_MIGRATIONS,
            #[cfg(feature = "postgres")]
            POSTGRES_MIGRATIONS,
            #[cfg(feature = "mysql")]
            MYSQL_MIGRATIONS,
        ];
        for script in scripts {
            let steps = parse_migrations(script);
            let versions: Vec<i32> = steps.iter().map(|s| s.version).collect();
            let expected: Vec<i32> = (1..=latest_schema_version()).collect();
            assert_eq!(versions, expected);
            assert!(steps.iter().all(|s| !s.statements.is_empty()));
            // The marker table plus the 44 MediaWiki tables of version 1.
            let creates = steps[0].statements.iter().filter(|s| s.starts_with("CREATE TABLE")).count();
            assert_eq!(creates, 45);
        }
    }

    #[test]
    fn splitting_respects_quotes() {
        let parts = split_statements("INSERT INTO t VALUES ('a;b'); SELECT \"x;\" ;\n\n");
        assert_eq!(parts, vec!["INSERT INTO t VALUES ('a;b')".to_string(), "SELECT \"x;\"".to_string()]);
    }

    #[test]
    fn timestamps_are_mediawiki_format() {
        assert_eq!(mediawiki_timestamp(UNIX_EPOCH), "19700101000000");
        let t = UNIX_EPOCH + Duration::from_secs(1_709_251_199); // 2024-02-29 23:59:59 UTC
        assert_eq!(mediawiki_timestamp(t), "20240229235959");
        let t = UNIX_EPOCH + Duration::from_secs(951_782_400); // 2000-02-29 00:00:00 UTC
        assert_eq!(mediawiki_timestamp(t), "20000229000000");
    }

    #[test]
    fn redaction_hides_passwords() {
        assert_eq!(redact_url("postgres://u:secret@h:5432/db"), "postgres://u:***@h:5432/db");
        assert_eq!(redact_url("mysql://u@h/db"), "mysql://u@h/db");
        assert_eq!(redact_url("postgres://h/db?user=u&password=pw&x=1"), "postgres://h/db?user=u&password=***&x=1");
        assert_eq!(redact_url("postgres://u:p@ss@h/db"), "postgres://u:***@h/db");
    }

    #[test]
    fn sqlite_uris_escape_special_characters() {
        assert_eq!(sqlite_uri(Path::new("/tmp/a?b#c%d.db"), true), "file:/tmp/a%3Fb%23c%25d.db?mode=ro");
        assert_eq!(sqlite_uri(Path::new("rel/w.sqlite"), false), "file:rel/w.sqlite");
    }
}
