//! `wikiquery reindex --db URL`: rebuilds the full-text search index of a wikiquery database
//! from every page's current text (imports do it themselves; this is for a database changed
//! otherwise, or made before search existed).

use wikiquery_import::dump::import::rebuild_search;
use wikiquery_store::store::{OpenOptions, Store};

use crate::cli::ReindexArgs;

/// Rebuilds the index and says how many pages it holds.
pub fn run(args: &ReindexArgs) -> Result<(), String> {
    let store = Store::open(&OpenOptions { primary: args.db.clone(), ..Default::default() })
        .map_err(|e| format!("cannot open the database: {e}"))?;
    if !store.is_writable() {
        return Err(format!(
            "{} is not a wikiquery database (it has no wikiquery_schema table): it is never written; \
             a MediaWiki database is searched through its own index",
            store.url()
        ));
    }
    let pool = store.primary_pool().map_err(|e| e.to_string())?;
    let mut conn = pool.get().map_err(|e| e.to_string())?;
    let indexed = rebuild_search(&mut conn, true).map_err(|e| e.to_string())?;
    println!("{indexed} pages in the search index");
    Ok(())
}
