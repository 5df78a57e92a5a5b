//! Typed questions modules ask the database, one file per subject. Each takes a filter struct
//! and returns rows; the SQL (diesel's query builder, one text for every backend through
//! `with_conn!`) lives here and nowhere else.

pub mod allpages;
pub mod logevents;
