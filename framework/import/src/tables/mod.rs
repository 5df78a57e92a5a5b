//! MediaWiki's tables, written as MediaWiki 1.39 lays them out, so that the same read code
//! serves an imported database and MediaWiki's own: `wikiquery import` streams a MediaWiki XML
//! dump into a database wikiquery created ([`import_dump`]); `wikiquery refresh-links` computes
//! every page's link tables again from its current text ([`refresh_links`]); `wikiquery reindex`
//! and every import make the search index anew ([`rebuild_search`]).
//!
//! # What is written
//!
//! * Pages, revisions (summaries through `revision_comment_temp`, as 1.39 still does), slots,
//!   content, `text` rows (`tt:` addresses), comments, actors, users, `ip_changes`.
//! * The link tables of each page's latest main slot when it is wikitext (through
//!   [`crate::wikitext::extract`]), `redirect`, and afterwards `category` counts.
//! * Uploads (`image` for the newest version of a file, `oldimage` for the others).
//! * Log items (`logging` and the `log_search` rows MediaWiki writes that a dump allows to
//!   derive).
//! * `site_stats`, the dump's `<siteinfo>` in wikiquery's `wikiquery_site`, and the interwiki
//!   map from the caller (dumps do not carry it).
//!
//! # Batches, errors and re-imports
//!
//! Pages are written in transactions of [`ImportOptions::batch_pages`] pages (log items in
//! transactions of ten times as many). When the dump turns out malformed or truncated, the
//! batch in progress is rolled back and the error names the line; earlier batches stay, and
//! the derived rows (category counts, statistics) are brought up to date for them.
//!
//! Revisions and log items whose id exists are skipped; the derived rows of every page the
//! dump names are recomputed and changed only where they differ, so importing the same dump
//! twice changes nothing.
//!
//! # Templates that come later
//!
//! A page's links depend on its templates (whether they exist, which arguments they show).
//! A template page later in the dump than a page using it is not known when that page is
//! read; such pages are read again once the whole dump is in.

mod actors;
mod encoding;
mod finalize;
mod importer;
mod interwiki_map;
mod links;
mod logs;
mod page_props;
mod pages;
mod pending;
mod progress;
mod refresh;
mod rows;
mod uploads;

use std::fmt;
use std::path::Path;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use wikiquery_store::backend::{inspect, AnyConnection, DatabaseKind, DbUrl, Pool, PoolOptions, StoreError};
use wikiquery_store::queries::search::rebuild_search_index;
use wikiquery_store::site::{self, InterwikiRow};

use crate::dump::{DumpError, DumpItem, DumpSource};
pub use interwiki_map::{default_interwiki_map, parse_interwiki_map};
pub use refresh::{refresh_links, RefreshOptions, RefreshReport};

use importer::Importer;
use progress::Progress;

// ---------------------------------------------------------------------------------------
// Options, report and errors
// ---------------------------------------------------------------------------------------

/// Where the interwiki map comes from; dumps do not carry it, yet link extraction needs it to
/// tell `[[de:Hund]]` (a language link) from `[[De:Hund]]` (a page of this wiki).
#[derive(Clone, Debug)]
pub enum InterwikiSource {
    /// These rows are written to the `interwiki` table.
    Config(Vec<InterwikiRow>),
    /// The `interwiki` table of another database (typically the MediaWiki database the dump
    /// was made from) is copied; that database is opened read-only.
    CopyFrom(DbUrl),
}

/// How to import.
#[derive(Clone, Debug)]
pub struct ImportOptions {
    /// Pages per transaction (log items: ten times as many). At least 1.
    pub batch_pages: usize,
    /// Show a progress bar on standard error when it is a terminal.
    pub progress: bool,
    /// The interwiki map; `None` keeps the database's `interwiki` table as it is, or, when it
    /// is empty, writes the map a new MediaWiki installation starts with.
    pub interwiki: Option<InterwikiSource>,
}

impl Default for ImportOptions {
    fn default() -> Self {
        ImportOptions { batch_pages: 100, progress: true, interwiki: None }
    }
}

/// The database to import into: a pool (one connection is taken for the whole import) or a
/// connection.
pub enum ImportTarget<'a> {
    /// Take a connection from this pool.
    Pool(&'a Pool),
    /// Use this connection.
    Connection(&'a mut AnyConnection),
}

impl<'a> From<&'a Pool> for ImportTarget<'a> {
    fn from(pool: &'a Pool) -> Self {
        ImportTarget::Pool(pool)
    }
}

impl<'a> From<&'a mut AnyConnection> for ImportTarget<'a> {
    fn from(conn: &'a mut AnyConnection) -> Self {
        ImportTarget::Connection(conn)
    }
}

/// Rows per link table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LinkRows {
    /// `pagelinks` rows.
    pub pagelinks: u64,
    /// `templatelinks` rows.
    pub templatelinks: u64,
    /// `categorylinks` rows.
    pub categorylinks: u64,
    /// `imagelinks` rows.
    pub imagelinks: u64,
    /// `externallinks` rows.
    pub externallinks: u64,
    /// `langlinks` rows.
    pub langlinks: u64,
    /// `iwlinks` rows.
    pub iwlinks: u64,
    /// `redirect` rows.
    pub redirect: u64,
}

impl LinkRows {
    /// `(table, rows)` for every table, in a fixed order.
    pub fn tables(&self) -> [(&'static str, u64); 8] {
        [
            ("pagelinks", self.pagelinks),
            ("templatelinks", self.templatelinks),
            ("categorylinks", self.categorylinks),
            ("imagelinks", self.imagelinks),
            ("externallinks", self.externallinks),
            ("langlinks", self.langlinks),
            ("iwlinks", self.iwlinks),
            ("redirect", self.redirect),
        ]
    }

    /// All rows together.
    pub fn total(&self) -> u64 {
        self.tables().iter().map(|(_, n)| n).sum()
    }
}

/// `pagelinks 3, templatelinks 1, …`: every table, in a fixed order.
impl fmt::Display for LinkRows {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tables: Vec<String> = self.tables().iter().map(|(t, n)| format!("{t} {n}")).collect();
        f.write_str(&tables.join(", "))
    }
}

/// The line naming the pages whose expansion needed stand-ins, if there were any.
fn write_expansion_warnings(f: &mut fmt::Formatter<'_>, pages: u64, named: &[String]) -> fmt::Result {
    if pages == 0 {
        return Ok(());
    }
    writeln!(f, "{pages} pages expanded with stand-ins for what could not be expanded (first: {})", named.join("; "))
}

/// What an import did, for the command line to print.
#[derive(Clone, Debug, Default)]
pub struct ImportReport {
    /// Pages read from the dump and written (created or brought up to date).
    pub pages: u64,
    /// Of those, pages that did not exist before.
    pub pages_created: u64,
    /// Revisions written.
    pub revisions: u64,
    /// Revisions skipped because their id existed.
    pub revisions_skipped: u64,
    /// File versions written (`image` and `oldimage` rows).
    pub uploads: u64,
    /// Log items written.
    pub log_items: u64,
    /// Log items skipped because their id existed.
    pub log_items_skipped: u64,
    /// Log items whose page (`log_page`) was found by title.
    pub log_pages_found: u64,
    /// `log_search` rows written.
    pub log_search_rows: u64,
    /// Users created for registered contributors.
    pub users_created: u64,
    /// Actors created.
    pub actors_created: u64,
    /// Comments created.
    pub comments_created: u64,
    /// Link rows added, per table.
    pub links_added: LinkRows,
    /// Link rows removed, per table (re-imports of changed pages).
    pub links_removed: LinkRows,
    /// Pages read a second time because a template they use came later in the dump.
    pub pages_relinked: u64,
    /// Pages whose template expansion met something it could not give exactly (a template
    /// loop, a limit): links around it may be missing.
    pub pages_with_warnings: u64,
    /// The first few of those pages, each with what its expansion met.
    pub warnings: Vec<String>,
    /// Pages in the full-text search index, rebuilt after the import.
    pub pages_indexed: u64,
    /// Bytes read from the dump file (compressed bytes for a compressed dump).
    pub bytes: u64,
    /// Size of the dump file, when known.
    pub input_len: Option<u64>,
    /// Wall-clock time of the import.
    pub elapsed: Duration,
}

impl ImportReport {
    /// Dump bytes (as stored, i.e. compressed) per second, in megabytes (10^6 bytes).
    pub fn megabytes_per_second(&self) -> f64 {
        self.bytes as f64 / 1e6 / self.elapsed.as_secs_f64().max(1e-9)
    }

    /// Revisions written per second.
    pub fn revisions_per_second(&self) -> f64 {
        self.revisions as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

impl fmt::Display for ImportReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} pages ({} new), {} revisions ({} already present), {} file versions, {} log items ({} already present)",
            self.pages,
            self.pages_created,
            self.revisions,
            self.revisions_skipped,
            self.uploads,
            self.log_items,
            self.log_items_skipped
        )?;
        writeln!(
            f,
            "{} users, {} actors, {} comments created; {} log_search rows; log_page found for {} log items",
            self.users_created, self.actors_created, self.comments_created, self.log_search_rows, self.log_pages_found
        )?;
        writeln!(f, "link rows added: {}", self.links_added)?;
        if self.links_removed.total() > 0 {
            writeln!(f, "link rows removed: {}", self.links_removed)?;
        }
        write_expansion_warnings(f, self.pages_with_warnings, &self.warnings)?;
        writeln!(f, "{} pages in the search index", self.pages_indexed)?;
        write!(
            f,
            "{:.1} MB in {:.1} s: {:.1} MB/s, {:.0} revisions/s",
            self.bytes as f64 / 1e6,
            self.elapsed.as_secs_f64(),
            self.megabytes_per_second(),
            self.revisions_per_second()
        )
    }
}

/// Why an import stopped. Every variant raised after the import started says how much was
/// committed before the error; the batch in progress was rolled back.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// The dump file could not be opened.
    #[error("cannot open the dump: {0}")]
    Open(#[source] std::io::Error),
    /// The database is not one wikiquery created; nothing was written.
    #[error("{url} is {what}, not a database wikiquery created; refusing to import into it")]
    NotOurs {
        /// The database, without password.
        url: String,
        /// What it is instead.
        what: &'static str,
    },
    /// The interwiki source could not be read; nothing was written.
    #[error("cannot read the interwiki table of {url}: {source}")]
    Interwiki {
        /// The source database, without password.
        url: String,
        /// What went wrong.
        #[source]
        source: StoreError,
    },
    /// The dump is malformed or truncated (the error names the line).
    #[error("{source}; {}", committed(.pages, .log_items))]
    Dump {
        /// The reader's error, with line and column.
        #[source]
        source: DumpError,
        /// Pages committed before the error.
        pages: u64,
        /// Log items committed before the error.
        log_items: u64,
    },
    /// The dump holds something the database cannot take (a title that does not parse, a
    /// title that another page id holds).
    #[error("{message}; {}", committed(.pages, .log_items))]
    Data {
        /// What is wrong, naming the page.
        message: String,
        /// Pages committed before the error.
        pages: u64,
        /// Log items committed before the error.
        log_items: u64,
    },
    /// A database operation failed.
    #[error("{source}; {}", committed(.pages, .log_items))]
    Store {
        /// What went wrong.
        #[source]
        source: StoreError,
        /// Pages committed before the error.
        pages: u64,
        /// Log items committed before the error.
        log_items: u64,
    },
}

/// What stays in the database after a failed import.
fn committed(pages: &u64, log_items: &u64) -> String {
    let what = if *log_items == 0 {
        format!("{pages} pages")
    } else if *pages == 0 {
        format!("{log_items} log items")
    } else {
        format!("{pages} pages and {log_items} log items")
    };
    format!("imported {what} before the error (the batch in progress was rolled back)")
}

impl ImportError {
    /// Pages committed before the error (0 for errors raised before the import started).
    pub fn pages_committed(&self) -> u64 {
        match self {
            ImportError::Dump { pages, .. } | ImportError::Data { pages, .. } | ImportError::Store { pages, .. } => {
                *pages
            }
            _ => 0,
        }
    }

    /// Log items committed before the error.
    pub fn log_items_committed(&self) -> u64 {
        match self {
            ImportError::Dump { log_items, .. }
            | ImportError::Data { log_items, .. }
            | ImportError::Store { log_items, .. } => *log_items,
            _ => 0,
        }
    }
}

/// Internal failure, turned into an [`ImportError`] with the committed counts at the top.
#[derive(Debug)]
enum Fail {
    Dump(DumpError),
    Data(String),
    Store(StoreError),
}

impl Fail {
    /// The error an import or refresh ends with, with what it had committed.
    fn into_import_error(self, pages: u64, log_items: u64) -> ImportError {
        match self {
            Fail::Dump(source) => ImportError::Dump { source, pages, log_items },
            Fail::Data(message) => ImportError::Data { message, pages, log_items },
            Fail::Store(source) => ImportError::Store { source, pages, log_items },
        }
    }
}

/// Refuses a database that is not wikiquery's own (`url` names it in the error).
fn require_ours(conn: &mut AnyConnection, url: String) -> Result<(), ImportError> {
    let what = match inspect(conn).map_err(|source| ImportError::Store { source, pages: 0, log_items: 0 })? {
        DatabaseKind::Ours => return Ok(()),
        DatabaseKind::Empty => "empty (run the migrations first)",
        DatabaseKind::MediaWiki => "an existing MediaWiki database",
        DatabaseKind::Unrecognised => "an unrecognised database",
    };
    Err(ImportError::NotOurs { url, what })
}

impl From<StoreError> for Fail {
    fn from(e: StoreError) -> Self {
        Fail::Store(e)
    }
}

impl From<diesel::result::Error> for Fail {
    fn from(e: diesel::result::Error) -> Self {
        Fail::Store(StoreError::from(e))
    }
}

// ---------------------------------------------------------------------------------------
// Entry points
// ---------------------------------------------------------------------------------------

/// Imports the dump at `path` (plain, gzip or bzip2 XML) into `target`, a database created by
/// wikiquery's migrations.
pub fn import_dump<'a>(
    path: impl AsRef<Path>,
    target: impl Into<ImportTarget<'a>>,
    options: ImportOptions,
) -> Result<ImportReport, ImportError> {
    let source = DumpSource::open(path).map_err(ImportError::Open)?;
    import_source(source, target, options)
}

/// Imports an opened dump (see [`DumpSource::from_read`] for streams that are not files).
pub fn import_source<'a>(
    source: DumpSource,
    target: impl Into<ImportTarget<'a>>,
    options: ImportOptions,
) -> Result<ImportReport, ImportError> {
    match target.into() {
        ImportTarget::Connection(conn) => run(source, conn, None, options),
        ImportTarget::Pool(pool) => {
            let url = pool.url().to_owned();
            if pool.is_read_only() {
                let what = match pool.kind() {
                    DatabaseKind::MediaWiki => "an existing MediaWiki database",
                    DatabaseKind::Unrecognised => "an unrecognised database",
                    _ => "opened read-only",
                };
                return Err(ImportError::NotOurs { url, what });
            }
            let mut conn = pool.get().map_err(|source| ImportError::Store { source, pages: 0, log_items: 0 })?;
            run(source, &mut conn, Some(url), options)
        }
    }
}

fn run(
    source: DumpSource,
    conn: &mut AnyConnection,
    url: Option<String>,
    options: ImportOptions,
) -> Result<ImportReport, ImportError> {
    let started = Instant::now();
    let url = url.unwrap_or_else(|| format!("the {} database", conn.backend()));
    let early = |source: StoreError| ImportError::Store { source, pages: 0, log_items: 0 };
    require_ours(conn, url)?;
    let interwiki = match &options.interwiki {
        None => site::read_interwiki(conn).map_err(early)?.is_empty().then(default_interwiki_map),
        Some(InterwikiSource::Config(rows)) => Some(rows.clone()),
        Some(InterwikiSource::CopyFrom(from)) => Some(copy_interwiki(from)?),
    };
    site::ensure_site_table(conn).map_err(early)?;
    if let Some(rows) = &interwiki {
        site::write_interwiki(conn, rows).map_err(early)?;
    }
    let bytes_read = source.bytes_read();
    let input_len = source.input_len();
    let progress = Progress::new(options.progress, input_len, bytes_read.clone());
    let reader = source.into_dump_reader();
    let mut importer = Importer::new(conn, options.batch_pages.max(1), progress).map_err(early)?;
    // Decompressing and parsing run on their own thread, ahead of the database work.
    let (sender, receiver) = std::sync::mpsc::sync_channel(READ_AHEAD);
    let reading = std::thread::Builder::new()
        .name("dump-reader".to_owned())
        .spawn(move || read_items(reader, sender))
        .map_err(ImportError::Open)?;
    let outcome = importer.import(&receiver);
    // Dropping the receiver stops the reader if the import ended early.
    drop(receiver);
    if reading.join().is_err() {
        tracing::warn!("the dump reader thread panicked");
    }
    let mut report = importer.finish(outcome)?;
    // The wiki's current texts changed: the search index is made anew from them.
    report.pages_indexed = rebuild_search(conn, options.progress).map_err(|source| ImportError::Store {
        source,
        pages: report.pages,
        log_items: report.log_items,
    })?;
    report.bytes = bytes_read.load(Ordering::Relaxed);
    report.input_len = input_len;
    report.elapsed = started.elapsed();
    Ok(report)
}

/// Rebuilds the full-text search index from every page's current text (`wikiquery reindex`
/// and the end of every import), with a bar on the terminal when `progress`. Returns how many
/// pages were indexed.
pub fn rebuild_search(conn: &mut AnyConnection, progress: bool) -> Result<u64, StoreError> {
    let bar = progress::pages_progress(progress, "pages indexed for search");
    let indexed = rebuild_search_index(conn, 500, &mut |done, total| bar.show(done, total))?;
    bar.finish();
    Ok(indexed)
}

/// Items the reader thread may be ahead of the importer.
const READ_AHEAD: usize = 256;

/// One item of the dump, with the dump's language on the site information.
type ReadItem = Result<(DumpItem, Option<String>), DumpError>;

/// Sends every item of the dump (or its error) until the dump ends or the importer hangs up.
fn read_items<R: std::io::Read>(mut reader: crate::dump::DumpReader<R>, sender: std::sync::mpsc::SyncSender<ReadItem>) {
    while let Some(item) = reader.next() {
        let failed = item.is_err();
        let item = item.map(|item| {
            let language =
                matches!(item, DumpItem::SiteInfo(_)).then(|| reader.language().map(str::to_owned)).flatten();
            (item, language)
        });
        if sender.send(item).is_err() || failed {
            return;
        }
    }
}

/// Reads the interwiki table of another database, opened read-only.
fn copy_interwiki(url: &DbUrl) -> Result<Vec<InterwikiRow>, ImportError> {
    let fail = |source: StoreError| ImportError::Interwiki { url: url.redacted(), source };
    let pool =
        Pool::connect(url, PoolOptions { max_size: 1, read_only: true, ..PoolOptions::default() }).map_err(fail)?;
    let mut conn = pool.get().map_err(fail)?;
    site::read_interwiki(&mut conn).map_err(fail)
}
