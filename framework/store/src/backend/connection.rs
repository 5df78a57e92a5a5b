//! One connection type for every backend, the dispatch macro that runs a query body on it,
//! and how a connection is established.

use std::fmt;
use std::time::Duration;

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::sqlite::SqliteConnection;

#[cfg(feature = "mysql")]
use diesel::mysql::MysqlConnection;
#[cfg(feature = "postgres")]
use diesel::pg::PgConnection;

use super::error::StoreError;
use super::url::{sqlite_uri, Backend, DbUrl};

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

/// How long a connection waits for a locked SQLite database before giving up.
pub(super) const DEFAULT_BUSY_TIMEOUT: Duration = Duration::from_secs(5);

impl AnyConnection {
    /// Opens a single, unpooled read-write connection (for tools and administrative tasks;
    /// the server uses [`Pool`](super::Pool)).
    pub fn establish(url: &DbUrl) -> Result<AnyConnection, StoreError> {
        Target::new(url, false, DEFAULT_BUSY_TIMEOUT)?.open()
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
pub(super) struct Target {
    pub(super) backend: Backend,
    /// What is handed to diesel's `establish` (may contain a password).
    connect: String,
    /// The URL for messages.
    pub(super) display: String,
    pub(super) read_only: bool,
    busy_timeout: Duration,
    /// The SQLite file, watched for being replaced under open connections.
    pub(super) file: Option<std::path::PathBuf>,
}

impl Target {
    pub(super) fn new(url: &DbUrl, read_only: bool, busy_timeout: Duration) -> Result<Target, StoreError> {
        if !url.backend().is_built() {
            return Err(url.backend().not_built_error());
        }
        let connect = match url {
            DbUrl::Sqlite { path } if url.is_sqlite_memory() => path.to_string_lossy().into_owned(),
            DbUrl::Sqlite { path } => sqlite_uri(path, read_only),
            DbUrl::Postgres { url } | DbUrl::Mysql { url } => url.clone(),
        };
        let file = match url {
            DbUrl::Sqlite { path } if !url.is_sqlite_memory() => Some(path.clone()),
            _ => None,
        };
        Ok(Target { backend: url.backend(), connect, display: url.redacted(), read_only, busy_timeout, file })
    }

    pub(super) fn connect_error(&self, reason: impl fmt::Display) -> StoreError {
        StoreError::Connect { url: self.display.clone(), reason: reason.to_string().trim().to_string() }
    }

    pub(super) fn establish(&self) -> Result<AnyConnection, StoreError> {
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

    /// A connection with the target's session options set: what every connection made outside
    /// a pool (a probe, a tool's, a watcher's) is.
    pub(super) fn open(&self) -> Result<AnyConnection, StoreError> {
        let mut conn = self.establish()?;
        self.prepare(&mut conn)?;
        Ok(conn)
    }

    /// Session options every connection of this target gets.
    pub(super) fn prepare(&self, conn: &mut AnyConnection) -> Result<(), StoreError> {
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
