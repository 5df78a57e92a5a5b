//! How modules reach the database: the store the server provides, and database failures as
//! MediaWiki's error envelope.

use wikiquery_framework::{ApiError, QueryContext};
use wikiquery_store::backend::{PooledConn, StoreError};
use wikiquery_store::store::Store;

/// The store of the request.
pub fn store<'c>(ctx: &'c QueryContext<'_>) -> Result<&'c Store, ApiError> {
    ctx.services.require::<Store>()
}

/// A connection for reading.
pub fn reader(ctx: &QueryContext<'_>) -> Result<PooledConn, ApiError> {
    store(ctx)?.reader().map_err(db_error)
}

/// A database failure as the API reports it: an unreachable or lost database is HTTP 503 (try
/// again later); anything else is an internal error.
pub fn db_error(e: StoreError) -> ApiError {
    if e.is_transient() {
        ApiError::new("internal_api_error_DBConnectionError", format!("The database is unavailable: {e}"))
            .with_status(503)
    } else {
        ApiError::internal("DBQueryError", format!("A database query failed: {e}"))
    }
}
