//! What several modules and actions use that is no family of modules: the server's accounts and
//! logins, comments as readers see them, diffs, template expansion, the XML export, file
//! descriptions and thumbnails, upload warnings, users' groups and blocks, watchlists, the
//! writer of change rows, and the completion search. A family of modules (`family/`) is what
//! MediaWiki writes as one base class; these are the services such families and single modules
//! call.

pub mod accounts;
pub mod change_writer;
pub mod comments;
pub mod completion;
pub mod diffs;
pub mod expansion;
pub mod export;
pub mod feeds;
pub mod files;
pub mod log_display;
pub mod logins;
pub mod permissions;
pub mod rendering;
pub mod statistics;
pub mod thumbnails;
pub mod upload_warnings;
pub mod users;
pub mod watchlists;
