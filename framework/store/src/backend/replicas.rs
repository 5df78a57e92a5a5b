//! A primary database and its read replicas: which one serves a read, and how far behind each
//! replica is.
//!
//! Reads go to the replicas in turn. A replica is skipped while it is unreachable (for a few
//! seconds after a failure), while it is more than [`ReplicaSettings::max_lag`] behind, and
//! while it does not replicate at all (its lag cannot be read: MediaWiki's "not replicating?").
//! When every replica is skipped, reads go to the primary, or to the least lagged replica that
//! answers ([`LaggedReads`]). When the primary does not answer either, any replica that answers
//! serves (stale data beats no data), and writes fail at once instead of waiting for it.
//!
//! Lag is measured by a background thread ([`Replicas::start_monitor`]) from the engine itself
//! (see [`super::lag`]), never on a request's path: a request reads the last measurement.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Weak};
use std::time::{Duration, Instant};

use super::connection::AnyConnection;
use super::error::StoreError;
use super::lag::{read_lag, LagMethod};
use super::pool::{Pool, PooledConn};
use super::url::Backend;
pub use wikiquery_domain::replication::ServerLag;

/// Where reads go when every replica is lagged or not replicating.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LaggedReads {
    /// To the primary (fresh data; the primary takes the load).
    #[default]
    Primary,
    /// To the least lagged replica that answers (stale data; the primary is spared).
    Replicas,
}

impl LaggedReads {
    /// The choice a setting names: `primary` or `replicas`.
    pub fn from_name(name: &str) -> Option<LaggedReads> {
        match name {
            "primary" => Some(LaggedReads::Primary),
            "replicas" => Some(LaggedReads::Replicas),
            _ => None,
        }
    }
}

/// How replicas are chosen and watched.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ReplicaSettings {
    /// Seconds a replica may be behind and still serve reads (MediaWiki's default is 6).
    pub max_lag: f64,
    /// Where reads go when no replica is within `max_lag`.
    pub lagged_reads: LaggedReads,
    /// How MariaDB/MySQL replicas' lag is read.
    pub method: LagMethod,
    /// How often each replica's lag is read.
    pub poll_interval: Duration,
}

impl Default for ReplicaSettings {
    fn default() -> Self {
        ReplicaSettings {
            max_lag: 6.0,
            lagged_reads: LaggedReads::Primary,
            method: LagMethod::ReplicaStatus,
            poll_interval: Duration::from_secs(1),
        }
    }
}

/// One primary database and any number of read replicas.
#[derive(Debug)]
pub struct Replicas {
    primary: Pool,
    replicas: Vec<Replica>,
    /// Milliseconds since `epoch` before which the primary counts as down (after a failure).
    primary_down_until: AtomicU64,
    next: AtomicUsize,
    checkout_timeout: Duration,
    retry_after: Duration,
    settings: ReplicaSettings,
    epoch: Instant,
}

/// The bits of an `f64` NaN: no lag known.
const NO_LAG: u64 = 0x7ff8_0000_0000_0000;

#[derive(Debug)]
struct Replica {
    pool: Pool,
    /// Milliseconds since `epoch` before which the replica is skipped after a failure.
    down_until: AtomicU64,
    /// The last measured lag in seconds, as `f64` bits; [`NO_LAG`] when it does not replicate.
    /// A replica nobody measures (no monitor running) counts as current.
    lag: AtomicU64,
}

impl Replica {
    fn lag(&self) -> Option<f64> {
        let lag = f64::from_bits(self.lag.load(Ordering::Relaxed));
        (!lag.is_nan()).then_some(lag)
    }

    fn set_lag(&self, lag: Option<f64>) {
        self.lag.store(lag.map_or(NO_LAG, f64::to_bits), Ordering::Relaxed);
    }
}

/// Whether a pool's failure to give a connection is only that all of them are in use: r2d2
/// names the cause when a connection could not be made.
fn is_busy(error: &StoreError) -> bool {
    matches!(error, StoreError::Unavailable { reason, .. } if reason == "timed out waiting for connection")
}

/// The lag monitor's own connections: to the primary and to each replica, `None` until made
/// (again).
#[derive(Default)]
struct Monitor {
    primary: Option<AnyConnection>,
    replicas: Vec<Option<AnyConnection>>,
}

/// Runs `question` on the monitor's connection to `pool`'s database, connecting first when it
/// has none; a failure drops the connection, to be made again next time.
fn ask<T>(
    conn: &mut Option<AnyConnection>,
    pool: &Pool,
    question: impl FnOnce(&mut AnyConnection) -> Result<T, StoreError>,
) -> Result<T, StoreError> {
    if conn.is_none() {
        *conn = Some(pool.connect_alone()?);
    }
    let Some(open) = conn.as_mut() else {
        return Err(StoreError::Unavailable { url: pool.url().to_owned(), reason: "no connection".to_owned() });
    };
    let answer = question(open);
    if answer.is_err() {
        *conn = None;
    }
    answer
}

impl Replicas {
    /// Groups a primary with its replicas. A replica that cannot hand out a connection within
    /// 250 ms is skipped for 5 s (see [`Replicas::with_timeouts`]).
    pub fn new(primary: Pool, replicas: Vec<Pool>) -> Replicas {
        Replicas {
            primary,
            replicas: replicas
                .into_iter()
                .map(|pool| Replica { pool, down_until: AtomicU64::new(0), lag: AtomicU64::new(0f64.to_bits()) })
                .collect(),
            primary_down_until: AtomicU64::new(0),
            next: AtomicUsize::new(0),
            checkout_timeout: Duration::from_millis(250),
            retry_after: Duration::from_secs(5),
            settings: ReplicaSettings::default(),
            epoch: Instant::now(),
        }
    }

    /// Sets how long to wait for a replica connection and how long to skip a failed replica.
    pub fn with_timeouts(mut self, checkout_timeout: Duration, retry_after: Duration) -> Replicas {
        self.checkout_timeout = checkout_timeout;
        self.retry_after = retry_after;
        self
    }

    /// Sets how replicas are chosen and watched.
    pub fn with_settings(mut self, settings: ReplicaSettings) -> Replicas {
        self.settings = settings;
        self
    }

    /// Measures every replica's lag once, then keeps measuring it on a thread of its own every
    /// `poll_interval` until the last handle to `self` is dropped. Nothing is started when there
    /// are no replicas on a database server (SQLite copies have no lag to measure). The monitor
    /// holds a connection of its own to each database, so that requests using every pooled
    /// connection never make a busy database look down.
    pub fn start_monitor(self: &Arc<Self>) {
        if !self.replicas.iter().any(|r| r.pool.backend() != Backend::Sqlite) {
            return;
        }
        let mut conns = Monitor::default();
        self.measure(&mut conns);
        let weak: Weak<Replicas> = Arc::downgrade(self);
        let interval = self.settings.poll_interval;
        let spawned = std::thread::Builder::new().name("replica-lag".to_owned()).spawn(move || loop {
            std::thread::sleep(interval);
            match weak.upgrade() {
                Some(replicas) => replicas.measure(&mut conns),
                None => return,
            }
        });
        if let Err(error) = spawned {
            tracing::error!("cannot start the replica lag monitor: {error}");
        }
    }

    /// Reads every replica's lag now, and whether the primary answers, on the monitor's own
    /// connections (made again when lost). A database that cannot be reached is skipped for
    /// `retry_after`, so requests stop trying it at once.
    fn measure(&self, conns: &mut Monitor) {
        conns.replicas.resize_with(self.replicas.len(), || None);
        let primary = ask(&mut conns.primary, &self.primary, |conn| conn.batch_execute("SELECT 1"));
        match primary {
            Ok(()) => self.primary_down_until.store(0, Ordering::Relaxed),
            Err(error) => {
                if self.primary_available() {
                    tracing::warn!(primary = %self.primary.server_name(), "the primary does not answer: {error}");
                }
                self.mark_primary_down();
            }
        }
        for (replica, conn) in self.replicas.iter().zip(conns.replicas.iter_mut()) {
            let was = replica.lag();
            match ask(conn, &replica.pool, |conn| read_lag(conn, self.settings.method)) {
                Ok(lag) => {
                    if lag.is_none() && was.is_some() {
                        tracing::warn!(replica = %replica.pool.server_name(), "the replica does not replicate: out of rotation");
                    }
                    replica.set_lag(lag);
                    if replica.down_until.load(Ordering::Relaxed) != 0 {
                        replica.down_until.store(0, Ordering::Relaxed);
                    }
                }
                Err(error) => {
                    if was.is_some() {
                        tracing::warn!(replica = %replica.pool.server_name(), "cannot read the replica's lag: {error}");
                    }
                    replica.set_lag(None);
                    self.mark_down(replica);
                }
            }
        }
    }

    /// Every pool: the primary first, then the replicas in order.
    pub fn pools(&self) -> impl Iterator<Item = &Pool> {
        std::iter::once(&self.primary).chain(self.replicas.iter().map(|r| &r.pool))
    }

    /// A connection for writing: always the primary; at once unavailable while it is known to
    /// be down.
    pub fn writer(&self) -> Result<PooledConn, StoreError> {
        if !self.primary_available() {
            return Err(StoreError::Unavailable {
                url: self.primary.url().to_owned(),
                reason: "the primary database does not answer".to_owned(),
            });
        }
        self.primary.get()
    }

    /// Whether the primary answered when last asked (always, before anything failed).
    pub fn primary_available(&self) -> bool {
        self.primary_down_until.load(Ordering::Relaxed) <= self.millis()
    }

    /// A connection for reading: the replicas in rotation in turn; when none is, or none could
    /// serve, the primary (or first the least lagged replicas, as configured); when the primary
    /// does not answer either, any replica that does.
    pub fn reader(&self) -> Result<PooledConn, StoreError> {
        if self.replicas.is_empty() {
            return self.primary.get();
        }
        let count = self.replicas.len();
        let start = self.next.fetch_add(1, Ordering::Relaxed);
        let rotation: Vec<&Replica> =
            (0..count).map(|offset| &self.replicas[(start + offset) % count]).filter(|r| self.in_rotation(r)).collect();
        // An idle connection of any replica in rotation, in turn.
        if let Some(conn) = rotation.iter().find_map(|r| r.pool.try_get()) {
            return Ok(conn);
        }
        // None idle: a short wait on each; one that cannot give a connection because it does
        // not answer is out until the monitor finds it back, one that is only busy is waited
        // for, as a single database's pool would be.
        let mut busy = None;
        for replica in &rotation {
            match replica.pool.get_timeout(self.checkout_timeout) {
                Ok(conn) => return Ok(conn),
                Err(error) if is_busy(&error) => {
                    busy.get_or_insert(*replica);
                }
                Err(error) => {
                    tracing::warn!(replica = %replica.pool.url(), "skipping replica: {error}");
                    self.mark_down(replica);
                }
            }
        }
        if let Some(conn) = busy.and_then(|replica| replica.pool.get().ok()) {
            return Ok(conn);
        }
        if self.settings.lagged_reads == LaggedReads::Replicas {
            if let Some(conn) = self.any_replica(false) {
                return Ok(conn);
            }
        }
        let primary = if self.primary_available() {
            match self.primary.get_timeout(self.checkout_timeout) {
                Ok(conn) => return Ok(conn),
                Err(error) => {
                    self.mark_primary_down();
                    error
                }
            }
        } else {
            StoreError::Unavailable {
                url: self.primary.url().to_owned(),
                reason: "the primary database does not answer".to_owned(),
            }
        };
        self.any_replica(true).ok_or(primary)
    }

    /// A connection to a replica out of rotation that answers: the least lagged first, then
    /// (with `unmeasured`) those whose lag is unknown.
    fn any_replica(&self, unmeasured: bool) -> Option<PooledConn> {
        let mut candidates: Vec<(&Replica, f64)> = self
            .replicas
            .iter()
            .filter(|r| !self.is_down(r))
            .filter_map(|r| match r.lag() {
                Some(lag) => Some((r, lag)),
                None => unmeasured.then_some((r, f64::INFINITY)),
            })
            .collect();
        candidates.sort_by(|a, b| a.1.total_cmp(&b.1));
        candidates.into_iter().find_map(|(replica, _)| self.try_replica(replica))
    }

    fn try_replica(&self, replica: &Replica) -> Option<PooledConn> {
        match replica.pool.get_timeout(self.checkout_timeout) {
            Ok(conn) => Some(conn),
            Err(error) => {
                if !is_busy(&error) {
                    tracing::warn!(replica = %replica.pool.url(), "skipping replica: {error}");
                    self.mark_down(replica);
                }
                None
            }
        }
    }

    fn mark_down(&self, replica: &Replica) {
        replica.down_until.store(self.retry_at(), Ordering::Relaxed);
    }

    fn mark_primary_down(&self) {
        self.primary_down_until.store(self.retry_at(), Ordering::Relaxed);
    }

    fn retry_at(&self) -> u64 {
        let retry = u64::try_from(self.retry_after.as_millis()).unwrap_or(u64::MAX);
        self.millis().saturating_add(retry)
    }

    fn is_down(&self, replica: &Replica) -> bool {
        replica.down_until.load(Ordering::Relaxed) > self.millis()
    }

    /// Whether reads go to the replica: it answers, it replicates, and it is within `max_lag`.
    fn in_rotation(&self, replica: &Replica) -> bool {
        !self.is_down(replica) && replica.lag().is_some_and(|lag| lag <= self.settings.max_lag)
    }

    /// Every server's lag as last measured: the primary first (never behind), then each
    /// replica.
    pub fn lag_times(&self) -> Vec<ServerLag> {
        let primary = ServerLag {
            server: self.primary.server_name().to_owned(),
            lag: Some(0.0),
            primary: true,
            in_rotation: self.replicas.is_empty(),
        };
        let replicas = self.replicas.iter().map(|r| ServerLag {
            server: r.pool.server_name().to_owned(),
            lag: r.lag(),
            primary: false,
            in_rotation: self.in_rotation(r),
        });
        std::iter::once(primary).chain(replicas).collect()
    }

    /// How replicas are chosen and watched.
    pub fn settings(&self) -> &ReplicaSettings {
        &self.settings
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
