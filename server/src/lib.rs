//! The HTTP side of wikiquery: routes, request decoding, and the command line.

pub mod cli;
pub mod http;
