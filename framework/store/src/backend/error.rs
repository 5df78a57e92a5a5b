//! Errors of the data layer, classified for retrying.

use diesel::result::{DatabaseErrorKind, Error as DieselError};

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
            // The database changed under the connection (an SQLite file truncated, replaced
            // or damaged, its tables gone): a new connection may find it whole again.
            || lower.contains("file is not a database")
            || lower.contains("disk image is malformed")
            || lower.contains("disk i/o error")
            || lower.contains("no such table")
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
