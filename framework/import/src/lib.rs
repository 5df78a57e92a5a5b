//! The importer: MediaWiki XML dumps (Special:Export, `dumpBackup.php`) streamed into the
//! store's schema, and the link tables extracted from each page's wikitext. Off the request
//! path: only the `import`, `refresh-links` and `reindex` commands and the demo wiki's first
//! start use it.
//!
//! [`dump`] reads a dump; [`wikitext`] extracts a page's links from its text; [`tables`] writes
//! MediaWiki's tables: from a dump ([`tables::import_dump`]), again from the pages' current
//! texts ([`tables::refresh_links`]), and the search index ([`tables::rebuild_search`]).

pub mod dump;
pub mod tables;
pub mod wikitext;
