//! What several modules share, one home per family as MediaWiki writes one class per family
//! (`ApiQueryBacklinks`, `ApiQueryRevisionsBase`, ...): the family's parameter group and, as
//! the family comes to execute, its one `execute` and store query. Each module keeps its own
//! file and `#[query_module]` struct, because each has its own name, prefix and help.

pub mod accounts;
pub mod alllinks;
pub mod backlinks;
pub mod backlinksprop;
pub mod change_writer;
pub mod changes;
pub mod comments;
pub mod completion;
pub mod diffs;
pub mod expansion;
pub mod export;
pub mod extlinks;
pub mod files;
pub mod foreign_links;
pub mod links;
pub mod logins;
pub mod revisions;
pub mod thumbnails;
pub mod upload_warnings;
pub mod users;
pub mod watchlists;
