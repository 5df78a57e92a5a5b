//! The handle a server keeps: the database (one primary, any number of replicas), whether it
//! may be written, and the site it holds. Reads go to replicas; blocking work stays on the
//! caller's thread, which the server keeps off its async workers.

use std::sync::Arc;
use std::time::Duration;

use crate::backend::{
    migrate, Backend, DbUrl, MigrationOutcome, Pool, PoolOptions, PoolState, PooledConn, ReplicaSettings, Replicas,
    ServerLag, StoreError,
};
use crate::reader::Reader;
use crate::site::Site;

/// How to open a store.
#[derive(Debug, Clone)]
pub struct OpenOptions {
    /// The primary database.
    pub primary: String,
    /// Read replicas.
    pub replicas: Vec<String>,
    /// Connections per pool.
    pub pool_size: u32,
    /// The project namespace's name for a MediaWiki database that does not record it.
    pub site_name: String,
    /// The URL of the wiki's main page, when the database does not record it (a MediaWiki
    /// database) or the wiki now lives elsewhere: page URLs are built from it.
    pub base: Option<String>,
    /// How replicas are chosen by lag, and how their lag is read.
    pub replica_settings: ReplicaSettings,
}

impl Default for OpenOptions {
    fn default() -> Self {
        OpenOptions {
            primary: String::new(),
            replicas: Vec::new(),
            pool_size: 8,
            site_name: "Project".to_owned(),
            base: None,
            replica_settings: ReplicaSettings::default(),
        }
    }
}

/// An open database and the site it holds.
#[derive(Clone)]
pub struct Store {
    db: Arc<Replicas>,
    site: Arc<Site>,
    writable: bool,
    outcome: MigrationOutcome,
}

impl Store {
    /// Connects, creates or upgrades wikiquery's schema where the database is empty or ours,
    /// and leaves an existing MediaWiki database untouched (served read-only).
    pub fn open(options: &OpenOptions) -> Result<Store, StoreError> {
        let url = DbUrl::parse(&options.primary)?;
        let pool_options = PoolOptions {
            max_size: options.pool_size.max(1),
            connection_timeout: Duration::from_secs(5),
            ..Default::default()
        };
        let primary = Pool::connect(&url, pool_options.clone())?;
        let outcome = if primary.is_read_only() {
            MigrationOutcome::ExistingMediaWiki
        } else {
            let mut conn = primary.get()?;
            migrate(&mut conn)?
        };
        let writable = !primary.is_read_only() && outcome != MigrationOutcome::ExistingMediaWiki;
        let mut replicas = Vec::new();
        for r in &options.replicas {
            let url = DbUrl::parse(r)?;
            let replica_options = PoolOptions { read_only: true, ..pool_options.clone() };
            let pool = match Pool::connect(&url, replica_options.clone()) {
                Ok(pool) => pool,
                // A replica server that does not answer yet: served once it does (the lag
                // monitor finds it back). A replica file that is missing is a mistake.
                Err(error) if error.is_transient() && url.backend() != Backend::Sqlite => {
                    tracing::warn!(replica = %url.redacted(), "the replica does not answer; out of rotation until it does: {error}");
                    Pool::connect_later(&url, replica_options)?
                }
                Err(error) => return Err(error),
            };
            replicas.push(pool);
        }
        let site = {
            let mut conn = primary.get()?;
            let site = Site::load(&mut conn, &options.site_name)?;
            match &options.base {
                Some(base) => site.with_base(base),
                None => site,
            }
        };
        let db = Arc::new(Replicas::new(primary, replicas).with_settings(options.replica_settings));
        db.start_monitor();
        Ok(Store { db, site: Arc::new(site), writable, outcome })
    }

    /// A connection for reading (a replica when there are any), with the typed questions as
    /// methods.
    pub fn reader(&self) -> Result<Reader, StoreError> {
        Ok(Reader::new(self.db.reader()?))
    }

    /// A connection to the primary, for writing.
    pub fn writer(&self) -> Result<PooledConn, StoreError> {
        if !self.writable {
            return Err(StoreError::ReadOnly { reason: "this database is served read-only".to_owned() });
        }
        self.db.writer()
    }

    /// The primary's pool, for long writes such as an import (refused when not writable).
    pub fn primary_pool(&self) -> Result<&Pool, StoreError> {
        if !self.writable {
            return Err(StoreError::ReadOnly { reason: "this database is served read-only".to_owned() });
        }
        Ok(self.db.primary())
    }

    /// Every database's pool, for monitoring: (role, URL without password, state), the
    /// primary first (`primary`, `replica1`, `replica2`, …).
    pub fn pool_states(&self) -> Vec<(String, String, PoolState)> {
        self.db.pools().enumerate().map(|(i, pool)| (role(i), pool.url().to_owned(), pool.state())).collect()
    }

    /// Every database server's replication lag as last measured, the primary first.
    pub fn lag_times(&self) -> Vec<ServerLag> {
        self.db.lag_times()
    }

    /// Whether the primary answered when last asked (writes fail at once while it does not).
    pub fn primary_available(&self) -> bool {
        self.db.primary_available()
    }

    /// Whether every database answers within `timeout`: (role, URL, the failure if any).
    pub fn check_databases(&self, timeout: Duration) -> Vec<(String, String, Option<String>)> {
        self.db
            .pools()
            .enumerate()
            .map(|(i, pool)| (role(i), pool.url().to_owned(), pool.ping(timeout).err().map(|e| e.to_string())))
            .collect()
    }

    /// Whether every database is a local file (SQLite), read without waiting on a network.
    pub fn is_local(&self) -> bool {
        self.db.is_local()
    }

    /// The site the database holds.
    pub fn site(&self) -> &Site {
        &self.site
    }

    /// Whether wikiquery may write to this database (it created it).
    pub fn is_writable(&self) -> bool {
        self.writable
    }

    /// What opening did to the schema.
    pub fn migration(&self) -> &MigrationOutcome {
        &self.outcome
    }

    /// The primary's URL with any password hidden.
    pub fn url(&self) -> &str {
        self.db.primary().url()
    }

    /// Re-reads the site (after an import into this database).
    pub fn reload_site(&mut self, site_name: &str) -> Result<(), StoreError> {
        let mut conn = self.db.writer()?;
        self.site = Arc::new(Site::load(&mut conn, site_name)?);
        Ok(())
    }
}

/// The role of the pool at `index` in [`Replicas::pools`]' order.
fn role(index: usize) -> String {
    if index == 0 {
        "primary".to_owned()
    } else {
        format!("replica{index}")
    }
}
