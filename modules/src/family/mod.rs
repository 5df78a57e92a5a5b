//! What several modules share, one home per family as MediaWiki writes one class per family
//! (`ApiQueryBacklinks`, `ApiQueryRevisionsBase`, ...): the family's parameter group and, as
//! the family comes to execute, its one `execute` and store query. Each module keeps its own
//! file and `#[query_module]` struct, because each has its own name, prefix and help.

pub mod alllinks;
pub mod backlinks;
pub mod backlinksprop;
pub mod changes;
pub mod extlinks;
pub mod foreign_links;
pub mod links;
pub mod revisions;
