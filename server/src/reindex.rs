//! `wikiquery reindex --db URL`: rebuilds the full-text search index from every page's
//! current text. Imports do it themselves; this is for a wikiquery database changed otherwise
//! (or made before search existed), and for an existing MediaWiki database, beside whose tables
//! it keeps wikiquery's index in one table of its own (`wikiquery_search`), writing nothing of
//! MediaWiki's. Run it again to take in pages edited since.

use wikiquery_import::tables::rebuild_search;
use wikiquery_store::backend::{add_search_side_table, AnyConnection, DbUrl};
use wikiquery_store::store::{OpenOptions, Store};

use crate::cli::ReindexArgs;

/// Rebuilds the index and says how many pages it holds.
pub fn run(args: &ReindexArgs) -> Result<(), String> {
    let store = Store::open(&OpenOptions { primary: args.db.clone(), ..Default::default() })
        .map_err(|e| format!("cannot open the database: {e}"))?;
    let indexed = if store.is_writable() {
        let pool = store.primary_pool().map_err(|e| e.to_string())?;
        let mut conn = pool.get().map_err(|e| e.to_string())?;
        rebuild_search(&mut conn, true).map_err(|e| e.to_string())?
    } else {
        // A MediaWiki database, served read-only: one connection that may write the side table.
        let url = DbUrl::parse(&args.db).map_err(|e| e.to_string())?;
        let mut conn = AnyConnection::establish(&url).map_err(|e| format!("cannot open the database: {e}"))?;
        if add_search_side_table(&mut conn).map_err(|e| format!("{}: {e}", store.url()))? {
            eprintln!("{}: wikiquery's search index added beside MediaWiki's tables (wikiquery_search)", store.url());
        }
        rebuild_search(&mut conn, true).map_err(|e| e.to_string())?
    };
    println!("{indexed} pages in the search index");
    Ok(())
}
