//! The modules of wikiquery: one annotated struct per file, grouped as the API groups them.
//!
//! Every module registers itself; a binary that serves them calls [`link`] so that the linker
//! keeps this crate (registrations of an unreferenced crate can silently vanish).

pub mod action;
pub mod family;
pub mod list;
pub mod meta;
pub mod prop;
pub mod shared;
pub mod storage;
pub mod values;
pub mod wiki;

/// Keeps this crate's module registrations in the final binary.
pub fn link() {}

pub use wiki::services;
