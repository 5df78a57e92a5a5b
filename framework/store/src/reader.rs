//! The handle modules read through: a connection whose methods are the typed questions of
//! [`crate::queries`] (`reader.log_events(&filter)`), each answering rows or a
//! [`StoreError`](crate::backend::StoreError).

use diesel::connection::SimpleConnection;

use crate::backend::{AnyConnection, AsAnyConnection, PooledConn, StoreError};

/// A connection for reading, with the typed questions as methods: a pooled one as
/// [`Store::reader`](crate::store::Store::reader) gives it, or any borrowed connection.
pub struct Reader<C: AsAnyConnection = PooledConn>(C);

impl<C: AsAnyConnection> Reader<C> {
    /// Reads through this connection.
    pub fn new(conn: C) -> Reader<C> {
        Reader(conn)
    }

    /// Begins one read transaction: until [`Reader::end_snapshot`], every question sees the
    /// database as it was at the first (a request's answer is read from one state of the
    /// wiki, as MediaWiki reads a web request in one transaction), and SQLite takes its file
    /// lock once instead of once a statement.
    pub fn begin_snapshot(&mut self) -> Result<(), StoreError> {
        let sql = match self.conn() {
            AnyConnection::Sqlite(_) => "BEGIN",
            #[cfg(feature = "postgres")]
            AnyConnection::Pg(_) => "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY",
            #[cfg(feature = "mysql")]
            AnyConnection::Mysql(_) => "START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY",
        };
        crate::with_conn!(self.conn(), |c| c.batch_execute(sql)).map_err(StoreError::from)
    }

    /// Ends the read transaction [`Reader::begin_snapshot`] began.
    pub fn end_snapshot(&mut self) -> Result<(), StoreError> {
        crate::with_conn!(self.conn(), |c| c.batch_execute("COMMIT")).map_err(StoreError::from)
    }

    /// The connection, for the queries' own SQL.
    pub(crate) fn conn(&mut self) -> &mut AnyConnection {
        self.0.as_any_connection()
    }
}
