//! `wikiquery update-special-pages --db URL`: computes the special pages' expensive reports
//! and stores their first rows in the report cache, which `list=querypage` reads in miser mode
//! (MediaWiki's `updateSpecialPages.php`).

use wikiquery_store::queries::querycache::recache_report;
use wikiquery_store::queries::querycache::reports::Report;
use wikiquery_store::store::{OpenOptions, Store};

use crate::cli::UpdateSpecialPagesArgs;

/// Recaches every expensive report, saying how many rows each keeps.
pub fn run(args: &UpdateSpecialPagesArgs) -> Result<(), String> {
    let store = Store::open(&OpenOptions { primary: args.db.clone(), ..Default::default() })
        .map_err(|e| format!("cannot open the database: {e}"))?;
    if !store.is_writable() {
        return Err(format!(
            "{} is not a wikiquery database (it has no wikiquery_schema table): it is never written; \
             MediaWiki's own updateSpecialPages.php fills its cache",
            store.url()
        ));
    }
    let pool = store.primary_pool().map_err(|e| e.to_string())?;
    let mut conn = pool.get().map_err(|e| e.to_string())?;
    let now = wikiquery_domain::timestamp::Timestamp::now().to_mw();
    for report in Report::ALL.iter().copied().filter(|r| r.is_expensive()) {
        let started = std::time::Instant::now();
        match recache_report(&mut conn, report, &now).map_err(|e| format!("{}: {e}", report.name()))? {
            Some(rows) => println!("{}: {rows} rows in {:.2} s", report.name(), started.elapsed().as_secs_f64()),
            None => println!("{}: not cacheable", report.name()),
        }
    }
    Ok(())
}
