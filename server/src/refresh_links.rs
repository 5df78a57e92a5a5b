//! `wikiquery refresh-links --db URL`: computes every page's link tables again from its
//! current text, as MediaWiki's `refreshLinks.php` does: after a change in how links are read,
//! or in the templates many pages use. Each batch of pages is its own transaction; an
//! interrupted run resumes with `--start` at the page id after the last one it reported.

use wikiquery_import::tables::{refresh_links, RefreshOptions};

use crate::cli::RefreshLinksArgs;
use crate::import::open_ours;

/// Refreshes the link tables and says what changed.
pub fn run(args: &RefreshLinksArgs) -> Result<(), String> {
    let store = open_ours(&args.db, "MediaWiki refreshes its own link tables")?;
    let pool = store.primary_pool().map_err(|e| e.to_string())?;
    let mut conn = pool.get().map_err(|e| e.to_string())?;
    let options = RefreshOptions { start: args.start, end: args.end, batch: args.batch, progress: true };
    let report = refresh_links(&mut conn, &options).map_err(|e| e.to_string())?;
    print!("{report}");
    Ok(())
}
