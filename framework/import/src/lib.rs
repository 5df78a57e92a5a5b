//! The importer: MediaWiki XML dumps (Special:Export, `dumpBackup.php`) streamed into the
//! store's schema, and the link tables extracted from each page's wikitext. Off the request
//! path: only the `import` command and the demo wiki's first start use it.

pub mod dump;
pub mod wikitext;
