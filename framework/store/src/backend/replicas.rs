//! A primary database and its read replicas.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use super::error::StoreError;
use super::pool::{Pool, PooledConn};
use super::url::Backend;

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

    /// Every pool: the primary first, then the replicas in order.
    pub fn pools(&self) -> impl Iterator<Item = &Pool> {
        std::iter::once(&self.primary).chain(self.replicas.iter().map(|r| &r.pool))
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
