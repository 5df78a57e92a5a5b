//! Pools of connections, with the session options every new connection gets.

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use diesel::r2d2::{self, CustomizeConnection, HandleError, ManageConnection, R2D2Connection};

use super::connection::{AnyConnection, AsAnyConnection, Target, DEFAULT_BUSY_TIMEOUT};
use super::error::StoreError;
use super::migrations::{inspect, DatabaseKind};
use super::url::{Backend, DbUrl};

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
            busy_timeout: DEFAULT_BUSY_TIMEOUT,
        }
    }
}

/// The r2d2 manager: establishes connections of the backend its target names.
#[derive(Debug)]
pub(super) struct Manager {
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

/// A pool of connections to one database.
#[derive(Clone)]
pub struct Pool {
    inner: r2d2::Pool<Manager>,
    target: Arc<Target>,
    kind: DatabaseKind,
}

/// A pooled connection; dereferences to [`AnyConnection`] and returns to the pool on drop.
pub struct PooledConn(pub(super) r2d2::PooledConnection<Manager>);

impl AsAnyConnection for PooledConn {
    fn as_any_connection(&mut self) -> &mut AnyConnection {
        &mut self.0
    }
}

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
