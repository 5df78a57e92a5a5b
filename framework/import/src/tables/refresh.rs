//! `refresh_links`: every page's link tables computed again from its current text, as
//! MediaWiki's `refreshLinks.php` does, in batches of pages by id, each batch its own
//! transaction, so that an interrupted run resumes from the page id it reached.

use std::fmt;
use std::time::{Duration, Instant};

use diesel::prelude::*;
use wikiquery_store::backend::{AnyConnection, StoreError};
use wikiquery_store::schema::page;
use wikiquery_store::with_conn;

use super::importer::Importer;
use super::progress::{pages_progress, Progress};
use super::{require_ours, write_expansion_warnings, Fail, ImportError, LinkRows};

/// Category counts are brought up to date every so many batches (and at the end): counting a
/// large category's members after every batch would cost more than the batches.
const CATEGORY_BATCHES: u64 = 100;

/// Which pages to refresh and how.
#[derive(Clone, Debug)]
pub struct RefreshOptions {
    /// The first page id to refresh (to resume an interrupted run).
    pub start: i64,
    /// The last page id to refresh, if not the wiki's last.
    pub end: Option<i64>,
    /// Pages per transaction.
    pub batch: usize,
    /// Show a progress bar on a terminal.
    pub progress: bool,
}

impl Default for RefreshOptions {
    fn default() -> RefreshOptions {
        RefreshOptions { start: 0, end: None, batch: 1000, progress: false }
    }
}

/// What a refresh did.
#[derive(Clone, Debug, Default)]
pub struct RefreshReport {
    /// Pages whose links were computed again.
    pub pages: u64,
    /// The last page id done: a resumed run starts after it.
    pub last_page: Option<i64>,
    /// Link rows added and removed, per table.
    pub links_added: LinkRows,
    pub links_removed: LinkRows,
    /// Pages whose expansion met something it could not give exactly (a template loop, a
    /// limit), with the first few of them named.
    pub pages_with_warnings: u64,
    pub warnings: Vec<String>,
    pub elapsed: Duration,
}

impl RefreshReport {
    /// Pages refreshed per second.
    pub fn pages_per_second(&self) -> f64 {
        self.pages as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

impl fmt::Display for RefreshReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let last = self.last_page.map_or_else(|| "none".to_owned(), |id| id.to_string());
        writeln!(
            f,
            "{} pages refreshed in {:.1} s ({:.0} pages/s), up to page id {last}",
            self.pages,
            self.elapsed.as_secs_f64(),
            self.pages_per_second()
        )?;
        writeln!(f, "link rows added: {}", self.links_added)?;
        writeln!(f, "link rows removed: {}", self.links_removed)?;
        write_expansion_warnings(f, self.pages_with_warnings, &self.warnings)
    }
}

/// Computes again the link tables of the pages of a wikiquery database, from page id
/// `options.start` on.
pub fn refresh_links(conn: &mut AnyConnection, options: &RefreshOptions) -> Result<RefreshReport, ImportError> {
    let started = Instant::now();
    let early = |source: StoreError| ImportError::Store { source, pages: 0, log_items: 0 };
    require_ours(conn, format!("the {} database", conn.backend()))?;
    let batch = options.batch.max(1);
    let end = options.end.unwrap_or(i64::MAX);
    let total: i64 = with_conn!(&mut *conn, |c| page::table
        .filter(page::page_id.ge(options.start))
        .filter(page::page_id.le(end))
        .count()
        .get_result(c))
    .map_err(|e| early(StoreError::from(e)))?;
    let bar = pages_progress(options.progress, "pages' links refreshed");
    let mut importer = Importer::new(conn, batch, Progress::hidden()).map_err(early)?;
    let mut report = RefreshReport::default();
    let mut next = options.start;
    let mut batches = 0u64;
    let outcome = (|| -> Result<(), Fail> {
        loop {
            let ids: Vec<i64> = with_conn!(&mut *importer.conn, |c| page::table
                .filter(page::page_id.ge(next))
                .filter(page::page_id.le(end))
                .order(page::page_id)
                .select(page::page_id)
                .limit(batch as i64)
                .load(c))?;
            let Some(&last) = ids.last() else { break };
            importer.begin()?;
            importer.refresh_pages(&ids)?;
            importer.commit_batch()?;
            batches += 1;
            if batches % CATEGORY_BATCHES == 0 {
                importer.recount_categories()?;
            }
            report.pages += ids.len() as u64;
            report.last_page = Some(last);
            bar.show(report.pages, total as u64);
            if last == i64::MAX {
                break;
            }
            next = last + 1;
        }
        importer.recount_categories()
    })();
    bar.finish();
    let pages = report.pages;
    outcome.map_err(|fail| fail.into_import_error(pages, 0))?;
    report.links_added = importer.report.links_added;
    report.links_removed = importer.report.links_removed;
    report.pages_with_warnings = importer.report.pages_with_warnings;
    report.warnings = std::mem::take(&mut importer.report.warnings);
    report.elapsed = started.elapsed();
    Ok(report)
}
