//! Pools of connections, with the session options every new connection gets.

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

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

/// What identifies an SQLite file's state: device, inode, length and modification time.
type FileStamp = (u64, u64, u64, std::time::SystemTime);

fn stamp(path: &std::path::Path) -> Option<FileStamp> {
    use std::os::unix::fs::MetadataExt;
    let m = std::fs::metadata(path).ok()?;
    Some((m.dev(), m.ino(), m.len(), m.modified().ok()?))
}

/// A pooled connection with what its SQLite file looked like when last known good.
pub(super) struct Tracked {
    conn: AnyConnection,
    file: Option<FileStamp>,
}

impl ManageConnection for Manager {
    type Connection = Tracked;
    type Error = StoreError;

    fn connect(&self) -> Result<Tracked, StoreError> {
        let file = self.target.file.as_deref().and_then(stamp);
        Ok(Tracked { conn: self.target.establish()?, file })
    }

    /// Checked as a connection leaves the pool: a ping for a server's, whether its file is
    /// still the one it opened for SQLite's (a `stat`, and a query only when the file changed).
    fn is_valid(&self, conn: &mut Tracked) -> Result<(), StoreError> {
        if self.target.file.is_some() {
            return if self.file_unchanged(conn) {
                Ok(())
            } else {
                Err(self.target.connect_error("the database file changed under the connection"))
            };
        }
        crate::with_conn!(&mut conn.conn, |c| R2D2Connection::ping(c)).map_err(StoreError::from)
    }

    /// Checked as a connection returns to the pool.
    fn has_broken(&self, conn: &mut Tracked) -> bool {
        crate::with_conn!(&mut conn.conn, |c| R2D2Connection::is_broken(c)) || !self.file_unchanged(conn)
    }
}

impl Manager {
    /// Whether an SQLite connection still reads the file at its path as it is: not when the
    /// path names another file now (replaced), nor when the file changed so that the
    /// connection's cached schema no longer matches it (truncated and written back). A
    /// connection that fails is dropped, and the next one opens the file as it is.
    fn file_unchanged(&self, conn: &mut Tracked) -> bool {
        let Some(path) = self.target.file.as_deref() else { return true };
        let now = stamp(path);
        if now == conn.file {
            return true;
        }
        let same_file = matches!((now, conn.file), (Some(a), Some(b)) if (a.0, a.1) == (b.0, b.1));
        // Written since (by this server, or anyone): still good if it reads the wiki's pages.
        if same_file && conn.conn.batch_execute("SELECT 1 FROM page LIMIT 0").is_ok() {
            conn.file = now;
            return true;
        }
        tracing::warn!(database = %self.target.display, "the database file changed under a connection: reopening");
        false
    }
}

/// The connection customizer: applies the target's session options to every new connection.
#[derive(Debug)]
struct SessionSetup {
    target: Arc<Target>,
}

impl CustomizeConnection<Tracked, StoreError> for SessionSetup {
    fn on_acquire(&self, conn: &mut Tracked) -> Result<(), StoreError> {
        self.target.prepare(&mut conn.conn)
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

/// How every pool is built: its size, how long a checkout waits, the target's session options
/// on each new connection, failures to the log (connections are checked on checkout).
fn builder(target: &Arc<Target>, options: &PoolOptions) -> r2d2::Builder<Manager> {
    r2d2::Pool::builder()
        .max_size(options.max_size.max(1))
        .min_idle(Some(1))
        .connection_timeout(options.connection_timeout)
        .test_on_check_out(true)
        .connection_customizer(Box::new(SessionSetup { target: Arc::clone(target) }))
        .error_handler(Box::new(LogErrors { url: target.display.clone() }))
}

/// A pool of connections to one database.
#[derive(Clone)]
pub struct Pool {
    inner: r2d2::Pool<Manager>,
    target: Arc<Target>,
    kind: DatabaseKind,
    waits: Arc<Waits>,
    name: Arc<str>,
}

/// How long requests waited for connections, counted as they check them out.
#[derive(Debug, Default)]
struct Waits {
    checkouts: AtomicU64,
    micros: AtomicU64,
    failures: AtomicU64,
}

/// What a pool holds and how it has served, for monitoring.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PoolState {
    /// Connections open, in use or idle.
    pub connections: u32,
    /// Of those, idle ones.
    pub idle: u32,
    /// The most connections the pool opens.
    pub max_size: u32,
    /// Connections handed out since the pool opened.
    pub checkouts: u64,
    /// Time spent waiting for them, in microseconds.
    pub wait_micros: u64,
    /// Checkouts that failed (no connection within the timeout, or the database refused).
    pub failures: u64,
}

/// A pooled connection; dereferences to [`AnyConnection`] and returns to the pool on drop.
pub struct PooledConn(pub(super) r2d2::PooledConnection<Manager>);

impl AsAnyConnection for PooledConn {
    fn as_any_connection(&mut self) -> &mut AnyConnection {
        &mut self.0.conn
    }
}

impl std::ops::Deref for PooledConn {
    type Target = AnyConnection;

    fn deref(&self) -> &AnyConnection {
        &self.0.conn
    }
}

impl std::ops::DerefMut for PooledConn {
    fn deref_mut(&mut self) -> &mut AnyConnection {
        &mut self.0.conn
    }
}

impl fmt::Debug for PooledConn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PooledConn({})", self.0.conn.backend())
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
                inspect(&mut Target::new(url, true, options.busy_timeout)?.open()?)?
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
            _ => inspect(&mut Target::new(url, options.read_only, options.busy_timeout)?.open()?)?,
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
        let mut builder = builder(&target, &options).test_on_check_out(!memory);
        if memory {
            // Every connection to ":memory:" is a different database: keep exactly one alive.
            builder = builder.max_size(1).idle_timeout(None).max_lifetime(None);
        }
        let inner = builder.build(Manager { target: Arc::clone(&target) }).map_err(|e| target.connect_error(e))?;
        Ok(Pool { inner, target, kind, waits: Arc::default(), name: url.server_name().into() })
    }

    /// A pool for a read replica that does not answer now: read-only, opened without looking at
    /// what it holds, its connections made once it answers (a server must be able to start
    /// while one of its replicas is down, and take it back when it is up).
    pub fn connect_later(url: &DbUrl, options: PoolOptions) -> Result<Pool, StoreError> {
        let target = Arc::new(Target::new(url, true, options.busy_timeout)?);
        let inner = builder(&target, &options).build_unchecked(Manager { target: Arc::clone(&target) });
        Ok(Pool {
            inner,
            target,
            kind: DatabaseKind::Unrecognised,
            waits: Arc::default(),
            name: url.server_name().into(),
        })
    }

    /// A connection from the pool, waiting at most the configured connection timeout.
    pub fn get(&self) -> Result<PooledConn, StoreError> {
        let started = Instant::now();
        let got = self.inner.get();
        self.count(started, got.is_ok());
        got.map(PooledConn).map_err(|e| self.unavailable(e))
    }

    /// An idle connection from the pool, without waiting: `None` when every connection is in
    /// use (or none could be had at once).
    pub fn try_get(&self) -> Option<PooledConn> {
        let got = self.inner.try_get();
        if got.is_some() {
            self.waits.checkouts.fetch_add(1, Ordering::Relaxed);
        }
        got.map(PooledConn)
    }

    /// A connection of its own, outside the pool, with the pool's session settings: for a
    /// watcher that must not wait behind requests for a pooled one.
    pub fn connect_alone(&self) -> Result<AnyConnection, StoreError> {
        self.target.open()
    }

    /// A connection from the pool, waiting at most `timeout`.
    pub fn get_timeout(&self, timeout: Duration) -> Result<PooledConn, StoreError> {
        let started = Instant::now();
        let got = self.inner.get_timeout(timeout);
        self.count(started, got.is_ok());
        got.map(PooledConn).map_err(|e| self.unavailable(e))
    }

    fn count(&self, started: Instant, ok: bool) {
        let waited = u64::try_from(started.elapsed().as_micros()).unwrap_or(u64::MAX);
        self.waits.micros.fetch_add(waited, Ordering::Relaxed);
        let counter = if ok { &self.waits.checkouts } else { &self.waits.failures };
        counter.fetch_add(1, Ordering::Relaxed);
    }

    /// What the pool holds and how it has served.
    pub fn state(&self) -> PoolState {
        let state = self.inner.state();
        PoolState {
            connections: state.connections,
            idle: state.idle_connections,
            max_size: self.inner.max_size(),
            checkouts: self.waits.checkouts.load(Ordering::Relaxed),
            wait_micros: self.waits.micros.load(Ordering::Relaxed),
            failures: self.waits.failures.load(Ordering::Relaxed),
        }
    }

    /// Whether the database answers within `timeout` a query that reads it (its first page
    /// row, from the one table every wiki's schema has).
    pub fn ping(&self, timeout: Duration) -> Result<(), StoreError> {
        self.get_timeout(timeout)?.batch_execute("SELECT page_id FROM page LIMIT 1")
    }

    fn unavailable(&self, error: r2d2::PoolError) -> StoreError {
        StoreError::Unavailable { url: self.target.display.clone(), reason: error.to_string() }
    }

    /// The backend of this pool's database.
    pub fn backend(&self) -> Backend {
        self.target.backend
    }

    /// The database server's name (`host:port` as the URL gives it), as lag reports name it.
    pub fn server_name(&self) -> &str {
        &self.name
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
