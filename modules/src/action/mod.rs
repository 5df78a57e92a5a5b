//! Action modules (`action=`).
pub mod paraminfo;
