//! Action modules (`action=`).
pub mod paraminfo;
pub mod query;
