//! The handle modules read through: a connection whose methods are the typed questions of
//! [`crate::queries`] (`reader.log_events(&filter)`), each answering rows or a
//! [`StoreError`](crate::backend::StoreError).

use crate::backend::{AnyConnection, AsAnyConnection, PooledConn};

/// A connection for reading, with the typed questions as methods: a pooled one as
/// [`Store::reader`](crate::store::Store::reader) gives it, or any borrowed connection.
pub struct Reader<C: AsAnyConnection = PooledConn>(C);

impl<C: AsAnyConnection> Reader<C> {
    /// Reads through this connection.
    pub fn new(conn: C) -> Reader<C> {
        Reader(conn)
    }

    /// The connection, for the queries' own SQL.
    pub(crate) fn conn(&mut self) -> &mut AnyConnection {
        self.0.as_any_connection()
    }
}
