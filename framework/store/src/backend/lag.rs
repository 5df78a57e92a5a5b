//! How far a replica is behind its primary, read from the database engine itself.
//!
//! - MariaDB/MySQL, `replica-status` (the default, as MediaWiki's): `SHOW SLAVE STATUS`'s
//!   `Seconds_Behind_Master` plus `SQL_Remaining_Delay` of delayed replication. A server that
//!   does not replicate (no row, or the SQL thread stopped: the column is NULL) has no lag to
//!   read, which the caller treats as "not replicating". Needs the `REPLICA MONITOR` (or
//!   `SLAVE MONITOR`) privilege.
//! - MariaDB/MySQL, `pt-heartbeat`: the age of the newest row of `heartbeat.heartbeat`, the
//!   table Percona's `pt-heartbeat` (or any writer of the same shape) refreshes on the primary
//!   every second. It keeps counting when the SQL thread is stopped, and needs only `SELECT`.
//! - PostgreSQL: nothing when the standby has replayed all the WAL it received; else the age of
//!   the last transaction it replayed (`pg_last_xact_replay_timestamp()`), unknown when it has
//!   replayed none since it started. A server not in recovery is a primary: no lag.
//! - SQLite: a file has no replication to be behind in: always none.

use diesel::prelude::*;
use diesel::sql_types::{Double, Nullable};

use super::connection::AnyConnection;
use super::error::StoreError;
use super::url::Backend;

/// How a MariaDB/MySQL replica's lag is read (PostgreSQL and SQLite have one way each).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LagMethod {
    /// `SHOW SLAVE STATUS` (MediaWiki's default).
    #[default]
    ReplicaStatus,
    /// The age of the newest row of `heartbeat.heartbeat` (MediaWiki's `pt-heartbeat`).
    PtHeartbeat,
}

impl LagMethod {
    /// The method a setting names: `replica-status` or `pt-heartbeat`.
    pub fn from_name(name: &str) -> Option<LagMethod> {
        match name {
            "replica-status" | "slave-status" => Some(LagMethod::ReplicaStatus),
            "pt-heartbeat" => Some(LagMethod::PtHeartbeat),
            _ => None,
        }
    }
}

#[derive(QueryableByName)]
struct Seconds {
    #[diesel(sql_type = Nullable<Double>)]
    lag: Option<f64>,
}

/// The replica's lag in seconds; `None` when it does not replicate (or says nothing).
pub(super) fn read_lag(conn: &mut AnyConnection, method: LagMethod) -> Result<Option<f64>, StoreError> {
    match conn.backend() {
        Backend::Sqlite => Ok(Some(0.0)),
        Backend::Postgres => postgres_lag(conn),
        Backend::Mysql => match method {
            LagMethod::ReplicaStatus => replica_status_lag(conn),
            LagMethod::PtHeartbeat => heartbeat_lag(conn),
        },
    }
}

fn postgres_lag(conn: &mut AnyConnection) -> Result<Option<f64>, StoreError> {
    // Caught up with what it received: no lag, however old the last transaction is (a quiet
    // primary writes nothing to replay). Behind, with no transaction replayed since it started:
    // how far is unknown, which is no lag to report (out of rotation, as a replica that does not
    // replicate), never 0.
    const SQL: &str = "SELECT CAST(CASE \
        WHEN NOT pg_is_in_recovery() THEN 0 \
        WHEN pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() THEN 0 \
        WHEN pg_last_xact_replay_timestamp() IS NULL THEN NULL \
        ELSE GREATEST(0, EXTRACT(EPOCH FROM (clock_timestamp() - pg_last_xact_replay_timestamp()))) \
        END AS DOUBLE PRECISION) AS lag";
    seconds(conn, SQL)
}

fn heartbeat_lag(conn: &mut AnyConnection) -> Result<Option<f64>, StoreError> {
    // The database server's own clock on both sides: neither this machine's clock nor the
    // query's round trip counts.
    const SQL: &str = "SELECT CAST(TIMESTAMPDIFF(MICROSECOND, ts, UTC_TIMESTAMP(6)) AS DOUBLE) / 1e6 AS lag \
        FROM heartbeat.heartbeat ORDER BY ts DESC LIMIT 1";
    seconds(conn, SQL)
}

#[cfg(feature = "mysql")]
fn replica_status_lag(conn: &mut AnyConnection) -> Result<Option<f64>, StoreError> {
    use diesel::sql_types::{BigInt, Text};

    #[derive(QueryableByName)]
    struct Status {
        #[diesel(sql_type = Nullable<BigInt>, column_name = Seconds_Behind_Master)]
        behind: Option<i64>,
        #[diesel(sql_type = Nullable<BigInt>, column_name = SQL_Remaining_Delay)]
        remaining_delay: Option<i64>,
        #[diesel(sql_type = Nullable<Text>, column_name = Slave_SQL_Running)]
        sql_running: Option<String>,
    }
    let AnyConnection::Mysql(c) = conn else { return Ok(None) };
    let rows: Vec<Status> = diesel::sql_query("SHOW SLAVE STATUS").load(c)?;
    Ok(rows.into_iter().next().and_then(|row| {
        let running = row.sql_running.as_deref() == Some("Yes");
        let behind = row.behind.filter(|_| running)?;
        // Delayed replication: the delay still to wait counts as lag, as MediaWiki counts it.
        Some((behind + row.remaining_delay.unwrap_or(0)) as f64)
    }))
}

#[cfg(not(feature = "mysql"))]
fn replica_status_lag(_conn: &mut AnyConnection) -> Result<Option<f64>, StoreError> {
    Ok(None)
}

fn seconds(conn: &mut AnyConnection, sql: &'static str) -> Result<Option<f64>, StoreError> {
    let rows: Vec<Seconds> = crate::with_conn!(conn, |c| diesel::sql_query(sql).load(c))?;
    Ok(rows.into_iter().next().and_then(|row| row.lag))
}
