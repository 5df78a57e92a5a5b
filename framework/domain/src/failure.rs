//! What the layers above storage need to know of a failure to read the wiki's data, without
//! knowing where the data lives: whether trying again may help.

/// A failure of the wiki's data source. The storage layer implements it for its errors; the
/// API runtime turns any of them into its error envelope (503 when transient).
pub trait SourceFailure: std::fmt::Display {
    /// Whether the source was unreachable or lost (trying again later may succeed), rather
    /// than a query that failed.
    fn is_transient(&self) -> bool;
}
