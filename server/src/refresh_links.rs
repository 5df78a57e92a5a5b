//! `wikiquery refresh-links --db URL`: computes every page's link tables again from its
//! current text, as MediaWiki's `refreshLinks.php` does: after a change in how links are read,
//! or in the templates many pages use. Each batch of pages is its own transaction; an
//! interrupted run resumes with `--start` at the page id after the last one it reported.

use wikiquery_import::dump::import::{refresh_links, RefreshOptions};
use wikiquery_store::store::{OpenOptions, Store};

use crate::cli::RefreshLinksArgs;

/// Refreshes the link tables and says what changed.
pub fn run(args: &RefreshLinksArgs) -> Result<(), String> {
    let store = Store::open(&OpenOptions { primary: args.db.clone(), ..Default::default() })
        .map_err(|e| format!("cannot open the database: {e}"))?;
    if !store.is_writable() {
        return Err(format!(
            "{}: not a wikiquery database; MediaWiki's own link tables are refreshed by MediaWiki",
            store.url()
        ));
    }
    let pool = store.primary_pool().map_err(|e| e.to_string())?;
    let mut conn = pool.get().map_err(|e| e.to_string())?;
    let options = RefreshOptions { start: args.start, end: args.end, batch: args.batch, progress: true };
    let report = refresh_links(&mut conn, &options).map_err(|e| e.to_string())?;
    let added: Vec<String> = report.links_added.tables().iter().map(|(t, n)| format!("{t} {n}")).collect();
    let removed: Vec<String> = report.links_removed.tables().iter().map(|(t, n)| format!("{t} {n}")).collect();
    println!(
        "{} pages refreshed in {:.1} s ({:.0} pages/s), up to page id {}",
        report.pages,
        report.elapsed.as_secs_f64(),
        report.pages_per_second(),
        report.last_page.map_or_else(|| "none".to_owned(), |id| id.to_string())
    );
    println!("link rows added: {}", added.join(", "));
    println!("link rows removed: {}", removed.join(", "));
    if report.pages_with_warnings > 0 {
        println!(
            "{} pages expanded with stand-ins for what could not be expanded (first: {})",
            report.pages_with_warnings,
            report.warnings.join("; ")
        );
    }
    Ok(())
}
