//! The HTTP side of wikiquery: routes, request decoding, and the command line.

pub mod access_log;
pub mod allocator;
pub mod cli;
pub mod compression;
pub mod config;
pub mod connection;
pub mod demo;
pub mod http;
pub mod import;
pub mod metrics;
pub mod ops;
pub mod process;
pub mod proxies;
pub mod refresh_links;
pub mod reindex;
pub mod sandbox;
pub mod serve;
pub mod settings_file;
pub mod site_config;
pub mod special_pages;
pub mod uploads;
