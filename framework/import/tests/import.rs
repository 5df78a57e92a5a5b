//! Dump import tests. The MediaWiki 1.39 fixture's dumps (`dump-full.xml`, `dump-logs.xml`)
//! are imported into fresh SQLite, PostgreSQL and MariaDB databases, and what was written is
//! compared with the rows MediaWiki itself wrote for the same wiki (`fixturewiki.sqlite`,
//! opened read-only): counts, page and revision rows, link tables, uploads, log entries.
//! Also: re-importing changes nothing, a truncated dump stops at its line and keeps the
//! committed batches, and MediaWiki's own database is refused.
//!
//! PostgreSQL and MariaDB tests need the `postgres`/`mysql` features and a server reachable
//! at `WIKIQUERY_TEST_POSTGRES` / `WIKIQUERY_TEST_MYSQL`; they fail when it is not.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use diesel::prelude::*;
use wikiquery_domain::title::full_text;
use wikiquery_import::dump::import::{import_dump, ImportError, ImportOptions, ImportReport, InterwikiSource};
use wikiquery_import::dump::{DumpItem, DumpSource};
use wikiquery_import::wikitext::{extract, LinkContext, PageLinks};
use wikiquery_store::backend::{migrate, AnyConnection, DbUrl, Pool, PoolOptions};
use wikiquery_store::schema::*;
use wikiquery_store::site::SiteInfo;
use wikiquery_store::with_conn;

// ---------------------------------------------------------------------------------------
// Fixture files and databases
// ---------------------------------------------------------------------------------------

fn fixture_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/mw139")
}

fn fixture_file(name: &str) -> PathBuf {
    fixture_dir().join(name)
}

static COUNTER: AtomicUsize = AtomicUsize::new(0);

fn unique_suffix() -> String {
    format!("{}_{}", std::process::id(), COUNTER.fetch_add(1, Ordering::SeqCst))
}

/// A directory under the system temp dir, removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new(label: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("wikiquery-import-{label}-{}", unique_suffix()));
        std::fs::create_dir_all(&dir).expect("creating temp dir");
        TempDir(dir)
    }

    fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn sqlite_url(path: &Path) -> DbUrl {
    DbUrl::parse(&format!("sqlite:{}", path.display())).expect("sqlite URL")
}

/// MediaWiki's own database, read-only.
fn mediawiki_pool() -> Pool {
    let options = PoolOptions { max_size: 1, read_only: true, ..PoolOptions::default() };
    Pool::connect(&sqlite_url(&fixture_file("fixturewiki.sqlite")), options).expect("the fixture database opens")
}

/// A migrated, empty wikiquery database.
fn fresh_pool(url: &DbUrl) -> Pool {
    let pool = Pool::connect(url, PoolOptions { max_size: 2, ..PoolOptions::default() }).expect("connecting");
    migrate(&mut pool.get().expect("a connection")).expect("migrating");
    pool
}

fn options(batch_pages: usize) -> ImportOptions {
    ImportOptions {
        batch_pages,
        progress: false,
        interwiki: Some(InterwikiSource::CopyFrom(sqlite_url(&fixture_file("fixturewiki.sqlite")))),
    }
}

/// Replaces the database name of a server URL.
#[cfg(any(feature = "postgres", feature = "mysql"))]
fn with_database(url: &str, database: &str) -> String {
    let (scheme, rest) = url.split_once("://").expect("server URL has a scheme");
    let (main, query) = match rest.split_once('?') {
        Some((main, query)) => (main, format!("?{query}")),
        None => (rest, String::new()),
    };
    let authority = main.split('/').next().unwrap_or(main);
    format!("{scheme}://{authority}/{database}{query}")
}

/// A uniquely named database on a test server, dropped again at the end of the test.
#[cfg(any(feature = "postgres", feature = "mysql"))]
struct ServerDb {
    admin: AnyConnection,
    name: String,
    url: DbUrl,
}

#[cfg(any(feature = "postgres", feature = "mysql"))]
impl ServerDb {
    fn create(env_var: &str, default: &str) -> ServerDb {
        let admin_url = std::env::var(env_var).unwrap_or_else(|_| default.to_string());
        let parsed = DbUrl::parse(&admin_url).unwrap_or_else(|e| panic!("{env_var}={admin_url}: {e}"));
        let mut admin = AnyConnection::establish(&parsed).unwrap_or_else(|e| {
            panic!("the {} test server is unreachable ({e}); start it or point {env_var} at one", parsed.backend())
        });
        let name = format!("wikiquery_import_{}", unique_suffix());
        admin.batch_execute(&format!("DROP DATABASE IF EXISTS {name}")).expect("dropping a stale test database");
        admin.batch_execute(&format!("CREATE DATABASE {name}")).expect("creating the test database");
        let url = DbUrl::parse(&with_database(&admin_url, &name)).expect("test database URL");
        ServerDb { admin, name, url }
    }
}

#[cfg(any(feature = "postgres", feature = "mysql"))]
impl Drop for ServerDb {
    fn drop(&mut self) {
        let sql = match self.admin.backend() {
            wikiquery_store::backend::Backend::Postgres => {
                format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name)
            }
            _ => format!("DROP DATABASE IF EXISTS {}", self.name),
        };
        if let Err(e) = self.admin.batch_execute(&sql) {
            eprintln!("could not drop test database {}: {e}", self.name);
        }
    }
}

// ---------------------------------------------------------------------------------------
// What the dumps hold
// ---------------------------------------------------------------------------------------

#[derive(Default, Debug)]
struct DumpCounts {
    pages: u64,
    revisions: u64,
    uploads: u64,
    log_items: u64,
    /// Revisions of each page, in dump order.
    revisions_per_page: Vec<u64>,
}

fn count_dump(path: &Path) -> DumpCounts {
    let source = DumpSource::open(path).expect("the dump opens");
    let mut counts = DumpCounts::default();
    for item in source.into_dump_reader() {
        match item.expect("the fixture dump reads") {
            DumpItem::PageStart(_) => {
                counts.pages += 1;
                counts.revisions_per_page.push(0);
            }
            DumpItem::Revision(_) => {
                counts.revisions += 1;
                if let Some(last) = counts.revisions_per_page.last_mut() {
                    *last += 1;
                }
            }
            DumpItem::Upload(_) => counts.uploads += 1,
            DumpItem::LogItem(_) => counts.log_items += 1,
            DumpItem::SiteInfo(_) | DumpItem::PageEnd => {}
        }
    }
    counts
}

// ---------------------------------------------------------------------------------------
// Reading rows from either database
// ---------------------------------------------------------------------------------------

macro_rules! count_rows {
    ($conn:expr, $table:ident) => {
        with_conn!($conn, |c| $table::table.count().get_result::<i64>(c))
            .expect(concat!("counting ", stringify!($table)))
    };
}

/// Row counts of every table an import writes.
fn table_counts(conn: &mut AnyConnection) -> BTreeMap<&'static str, i64> {
    let mut counts = BTreeMap::new();
    macro_rules! add {
        ($($table:ident),*) => { $( counts.insert(stringify!($table), count_rows!(&mut *conn, $table)); )* };
    }
    add!(
        page,
        revision,
        slots,
        slot_roles,
        content,
        content_models,
        text,
        comment,
        actor,
        user,
        logging,
        log_search,
        categorylinks,
        category,
        pagelinks,
        templatelinks,
        linktarget,
        imagelinks,
        externallinks,
        langlinks,
        iwlinks,
        redirect,
        image,
        oldimage,
        site_stats,
        interwiki,
        revision_comment_temp,
        ip_changes
    );
    counts
}

type PageRowTuple = (i64, i32, String, i32, i32, f64, String, Option<String>, i64, i64, Option<String>, Option<String>);

fn page_rows(conn: &mut AnyConnection) -> Vec<PageRowTuple> {
    with_conn!(conn, |c| page::table
        .select((
            page::page_id,
            page::page_namespace,
            page::page_title,
            page::page_is_redirect,
            page::page_is_new,
            page::page_random,
            page::page_touched,
            page::page_links_updated,
            page::page_latest,
            page::page_len,
            page::page_content_model,
            page::page_lang
        ))
        .order(page::page_id)
        .load(c))
    .expect("page rows")
}

/// The link tables as `page id → rows`, each row spelt as text with the columns both
/// databases should agree on. The first `|`-separated field names the link itself.
fn link_rows(conn: &mut AnyConnection) -> BTreeMap<&'static str, BTreeMap<i64, BTreeSet<String>>> {
    let mut tables: BTreeMap<&'static str, BTreeMap<i64, BTreeSet<String>>> = BTreeMap::new();
    let mut add = |table: &'static str, from: i64, row: String| {
        tables.entry(table).or_default().entry(from).or_default().insert(row);
    };
    let rows: Vec<(i64, i32, String, i32)> = with_conn!(&mut *conn, |c| pagelinks::table
        .select((pagelinks::pl_from, pagelinks::pl_namespace, pagelinks::pl_title, pagelinks::pl_from_namespace))
        .load(c))
    .expect("pagelinks");
    for (from, ns, title, from_ns) in rows {
        add("pagelinks", from, format!("{ns}:{title}|from_ns={from_ns}"));
    }
    let rows: Vec<(i64, i32, i32, String)> = with_conn!(&mut *conn, |c| templatelinks::table
        .inner_join(linktarget::table)
        .select((
            templatelinks::tl_from,
            templatelinks::tl_from_namespace,
            linktarget::lt_namespace,
            linktarget::lt_title
        ))
        .load(c))
    .expect("templatelinks");
    for (from, from_ns, ns, title) in rows {
        add("templatelinks", from, format!("{ns}:{title}|from_ns={from_ns}"));
    }
    let rows: Vec<(i64, String, String, String, String, String)> = with_conn!(&mut *conn, |c| categorylinks::table
        .select((
            categorylinks::cl_from,
            categorylinks::cl_to,
            categorylinks::cl_sortkey_prefix,
            categorylinks::cl_sortkey,
            categorylinks::cl_collation,
            categorylinks::cl_type
        ))
        .load(c))
    .expect("categorylinks");
    for (from, to, prefix, sortkey, collation, kind) in rows {
        add("categorylinks", from, format!("{to}|prefix={prefix}|sortkey={sortkey:?}|{collation}|{kind}"));
    }
    let rows: Vec<(i64, String, i32)> = with_conn!(&mut *conn, |c| imagelinks::table
        .select((imagelinks::il_from, imagelinks::il_to, imagelinks::il_from_namespace))
        .load(c))
    .expect("imagelinks");
    for (from, to, from_ns) in rows {
        add("imagelinks", from, format!("{to}|from_ns={from_ns}"));
    }
    let rows: Vec<(i64, String, String, String)> = with_conn!(&mut *conn, |c| externallinks::table
        .select((externallinks::el_from, externallinks::el_to, externallinks::el_index, externallinks::el_index_60))
        .load(c))
    .expect("externallinks");
    for (from, to, index, index_60) in rows {
        add("externallinks", from, format!("{to}|{index}|{index_60}"));
    }
    let rows: Vec<(i64, String, String)> = with_conn!(&mut *conn, |c| langlinks::table
        .select((langlinks::ll_from, langlinks::ll_lang, langlinks::ll_title))
        .load(c))
    .expect("langlinks");
    for (from, lang, title) in rows {
        add("langlinks", from, format!("{lang}:{title}"));
    }
    let rows: Vec<(i64, String, String)> = with_conn!(&mut *conn, |c| iwlinks::table
        .select((iwlinks::iwl_from, iwlinks::iwl_prefix, iwlinks::iwl_title))
        .load(c))
    .expect("iwlinks");
    for (from, prefix, title) in rows {
        add("iwlinks", from, format!("{prefix}:{title}"));
    }
    let rows: Vec<RedirectTuple> = with_conn!(&mut *conn, |c| redirect::table
        .select((
            redirect::rd_from,
            redirect::rd_namespace,
            redirect::rd_title,
            redirect::rd_interwiki,
            redirect::rd_fragment
        ))
        .load(c))
    .expect("redirect");
    for (from, ns, title, interwiki, fragment) in rows {
        add(
            "redirect",
            from,
            format!("{ns}:{title}|iw={}|fragment={}", interwiki.unwrap_or_default(), fragment.unwrap_or_default()),
        );
    }
    tables
}

type RedirectTuple = (i64, i32, String, Option<String>, Option<String>);

/// The part of a row that names the link (what template-borne rows are matched on).
fn identity(row: &str) -> &str {
    row.split('|').next().unwrap_or(row)
}

/// Latest main-slot text of every page: `(ns, dbkey) → (page id, model, text)`.
fn page_texts(conn: &mut AnyConnection) -> HashMap<(i32, String), (i64, String, String)> {
    let rows: Vec<(i64, i32, String, Option<String>, String)> = with_conn!(&mut *conn, |c| page::table
        .inner_join(slots::table.on(slots::slot_revision_id.eq(page::page_latest)))
        .inner_join(slot_roles::table.on(slot_roles::role_id.eq(slots::slot_role_id)))
        .inner_join(content::table.on(content::content_id.eq(slots::slot_content_id)))
        .filter(slot_roles::role_name.eq("main"))
        .select((
            page::page_id,
            page::page_namespace,
            page::page_title,
            page::page_content_model,
            content::content_address
        ))
        .load(c))
    .expect("pages with their content");
    let texts: Vec<(i64, Vec<u8>)> =
        with_conn!(&mut *conn, |c| text::table.select((text::old_id, text::old_text)).load(c)).expect("texts");
    let texts: HashMap<i64, Vec<u8>> = texts.into_iter().collect();
    rows.into_iter()
        .map(|(id, ns, title, model, address)| {
            let old_id: i64 = address.trim_start_matches("tt:").parse().expect("a tt: address");
            let text = String::from_utf8_lossy(texts.get(&old_id).map(Vec::as_slice).unwrap_or_default()).into_owned();
            ((ns, title), (id, model.unwrap_or_else(|| "wikitext".to_owned()), text))
        })
        .collect()
}

// ---------------------------------------------------------------------------------------
// Known differences from MediaWiki's link tables
// ---------------------------------------------------------------------------------------

/// Whether a difference is a row MediaWiki has and we lack, or the other way round.
#[derive(PartialEq)]
enum Side {
    Missing,
    Extra,
}

const BROKEN_FILE: &str = "tracking category MediaWiki adds for a link to a missing file";
const SIG_ARGUMENT: &str = "links inside {{Sig|Admin}} depend on the template's argument (template expansion)";
const MERGE_BUG: &str = "MediaWiki 1.39's history merge left the redirect's link under the destination page id";

/// The rows that the page's own wikitext cannot give, as the extractor's fixture test in
/// wikitext.rs lists them (rows that transcluded templates give are recognised separately).
const KNOWN_DIFFERENCES: &[(&str, &str, &str, Side, &str)] = &[
    ("0:Goat", "categorylinks", "Pages_with_broken_file_links", Side::Missing, BROKEN_FILE),
    ("0:Whale", "categorylinks", "Pages_with_broken_file_links", Side::Missing, BROKEN_FILE),
    ("0:Ant", "categorylinks", "Pages_with_broken_file_links", Side::Missing, BROKEN_FILE),
    ("0:Rabbit", "categorylinks", "Pages_with_broken_file_links", Side::Missing, BROKEN_FILE),
    ("0:Tulip", "categorylinks", "Pages_with_broken_file_links", Side::Missing, BROKEN_FILE),
    ("0:Potato", "categorylinks", "Pages_with_broken_file_links", Side::Missing, BROKEN_FILE),
    ("0:Rome", "categorylinks", "Pages_with_broken_file_links", Side::Missing, BROKEN_FILE),
    ("0:Lima", "categorylinks", "Pages_with_broken_file_links", Side::Missing, BROKEN_FILE),
    ("0:History", "categorylinks", "Pages_with_broken_file_links", Side::Missing, BROKEN_FILE),
    ("0:São_Paulo", "categorylinks", "Pages_with_broken_file_links", Side::Missing, BROKEN_FILE),
    ("14:Hidden_maintenance", "categorylinks", "Hidden_categories", Side::Missing, "__HIDDENCAT__ tracking category"),
    ("10:Welcome", "pagelinks", "2:Admin", Side::Missing, SIG_ARGUMENT),
    ("10:Welcome", "pagelinks", "3:Admin", Side::Missing, SIG_ARGUMENT),
    ("3:Alice", "pagelinks", "2:Admin", Side::Missing, SIG_ARGUMENT),
    ("3:Alice", "pagelinks", "3:Admin", Side::Missing, SIG_ARGUMENT),
    ("3:Bob", "pagelinks", "2:Admin", Side::Missing, SIG_ARGUMENT),
    ("3:Bob", "pagelinks", "3:Admin", Side::Missing, SIG_ARGUMENT),
    ("3:Carol", "pagelinks", "2:Admin", Side::Missing, SIG_ARGUMENT),
    ("3:Carol", "pagelinks", "3:Admin", Side::Missing, SIG_ARGUMENT),
    ("3:FixtureBot", "pagelinks", "2:Admin", Side::Missing, SIG_ARGUMENT),
    ("3:FixtureBot", "pagelinks", "3:Admin", Side::Missing, SIG_ARGUMENT),
    ("3:Dave", "pagelinks", "2:Admin", Side::Missing, SIG_ARGUMENT),
    ("3:Dave", "pagelinks", "3:Admin", Side::Missing, SIG_ARGUMENT),
    ("0:Merge_target", "pagelinks", "0:Merge_target", Side::Missing, MERGE_BUG),
    ("0:Merge_source", "pagelinks", "0:Merge_target", Side::Extra, MERGE_BUG),
];

fn is_known(page: &str, table: &str, row: &str, side: Side) -> bool {
    KNOWN_DIFFERENCES.iter().any(|(p, t, r, s, _)| *p == page && *t == table && *r == identity(row) && *s == side)
}

/// Rows the templates a page transcludes (as MediaWiki's templatelinks list them) give,
/// by table, spelt by identity: MediaWiki records them, the extractor does not expand
/// templates.
fn template_rows(
    mediawiki: &BTreeMap<&'static str, BTreeMap<i64, BTreeSet<String>>>,
    texts: &HashMap<(i32, String), (i64, String, String)>,
    site: &SiteInfo,
    page: (i32, &str, i64),
) -> HashMap<&'static str, HashSet<String>> {
    let exists = |ns: i32, key: &str| texts.contains_key(&(ns, key.to_owned()));
    let mut ctx = LinkContext::new(site.namespaces(), site.interwikis(), Some((page.0, page.1.to_owned())));
    ctx.page_exists = Some(&exists);
    ctx.transcluded = true;
    let mut out: HashMap<&'static str, HashSet<String>> = HashMap::new();
    for row in mediawiki.get("templatelinks").and_then(|t| t.get(&page.2)).into_iter().flatten() {
        let (ns, title) = identity(row).split_once(':').expect("ns:title");
        let key = (ns.parse::<i32>().expect("a namespace"), title.to_owned());
        let Some((_, _, text)) = texts.get(&key) else { continue };
        let links = extract(text, &ctx);
        for (table, rows) in identities(&links) {
            out.entry(table).or_default().extend(rows);
        }
    }
    out
}

/// The identities of the rows a page's links give, by table.
fn identities(links: &PageLinks) -> Vec<(&'static str, Vec<String>)> {
    vec![
        ("pagelinks", links.links.iter().map(|(ns, t)| format!("{ns}:{t}")).collect()),
        ("templatelinks", links.templates.iter().map(|(ns, t)| format!("{ns}:{t}")).collect()),
        ("categorylinks", links.categories.iter().map(|(c, _)| c.clone()).collect()),
        ("imagelinks", links.images.clone()),
        ("externallinks", links.external.clone()),
        ("langlinks", links.langlinks.iter().map(|(l, t)| format!("{l}:{t}")).collect()),
        ("iwlinks", links.iwlinks.iter().map(|(p, t)| format!("{p}:{t}")).collect()),
    ]
}

#[derive(Default)]
struct Tally {
    mediawiki: usize,
    ours: usize,
    matching: usize,
    from_templates: usize,
    known_missing: usize,
    known_extra: usize,
    missing: Vec<String>,
    extra: Vec<String>,
}

/// Compares our link tables with MediaWiki's; returns the per-table report and whether
/// every difference is explained.
fn compare_links(ours: &mut AnyConnection, mediawiki: &mut AnyConnection) -> (String, bool) {
    let site = SiteInfo::load(mediawiki, "Fixture Wiki").expect("the fixture's site");
    let theirs_by_table = link_rows(mediawiki);
    let ours_by_table = link_rows(ours);
    let texts = page_texts(mediawiki);
    let pages: BTreeMap<i64, (i32, String, String)> =
        texts.iter().map(|((ns, title), (id, model, _))| (*id, (*ns, title.clone(), model.clone()))).collect();
    let mut tallies: BTreeMap<&str, Tally> = BTreeMap::new();
    let empty = BTreeSet::new();
    let mut all_ids: BTreeSet<i64> = pages.keys().copied().collect();
    for by_page in ours_by_table.values().chain(theirs_by_table.values()) {
        all_ids.extend(by_page.keys());
    }
    for id in all_ids {
        let (ns, title, model) = pages.get(&id).cloned().unwrap_or((0, format!("#{id}"), "wikitext".to_owned()));
        let page_key = format!("{ns}:{title}");
        let from_templates = if model == "wikitext" {
            template_rows(&theirs_by_table, &texts, &site, (ns, &title, id))
        } else {
            HashMap::new()
        };
        for table in [
            "pagelinks",
            "templatelinks",
            "categorylinks",
            "imagelinks",
            "externallinks",
            "langlinks",
            "iwlinks",
            "redirect",
        ] {
            let tally = tallies.entry(table).or_default();
            let theirs = theirs_by_table.get(table).and_then(|t| t.get(&id)).unwrap_or(&empty);
            let ours = ours_by_table.get(table).and_then(|t| t.get(&id)).unwrap_or(&empty);
            tally.mediawiki += theirs.len();
            tally.ours += ours.len();
            for row in theirs {
                if ours.contains(row) {
                    tally.matching += 1;
                } else if from_templates.get(table).is_some_and(|rows| rows.contains(identity(row))) {
                    tally.from_templates += 1;
                } else if is_known(&page_key, table, row, Side::Missing) {
                    tally.known_missing += 1;
                } else {
                    tally.missing.push(format!("{page_key} {row}"));
                }
            }
            for row in ours.difference(theirs) {
                if is_known(&page_key, table, row, Side::Extra) {
                    tally.known_extra += 1;
                } else {
                    tally.extra.push(format!("{page_key} {row}"));
                }
            }
        }
    }
    let mut report = String::new();
    for (table, t) in &tallies {
        report.push_str(&format!(
            "{table:14} mediawiki {:4}  ours {:4}  matching {:4}  from templates {:3}  known missing {:2}  \
             known extra {:2}  unexplained missing {:3}  unexplained extra {:3}\n",
            t.mediawiki,
            t.ours,
            t.matching,
            t.from_templates,
            t.known_missing,
            t.known_extra,
            t.missing.len(),
            t.extra.len()
        ));
        for m in &t.missing {
            report.push_str(&format!("    missing {m}\n"));
        }
        for e in &t.extra {
            report.push_str(&format!("    extra   {e}\n"));
        }
    }
    let clean = tallies.values().all(|t| t.missing.is_empty() && t.extra.is_empty());
    (report, clean)
}

// ---------------------------------------------------------------------------------------
// Row comparisons beyond the link tables
// ---------------------------------------------------------------------------------------

type RevisionFacts = (i64, i64, String, i32, i32, Option<i64>, Option<i64>, String, String, String);

/// Every revision with its summary and author name (through revision_comment_temp and actor).
fn revisions(conn: &mut AnyConnection) -> BTreeMap<i64, RevisionFacts> {
    let rows: Vec<RevisionFacts> = with_conn!(conn, |c| revision::table
        .inner_join(revision_comment_temp::table)
        .inner_join(comment::table.on(comment::comment_id.eq(revision_comment_temp::revcomment_comment_id)))
        .inner_join(actor::table)
        .select((
            revision::rev_id,
            revision::rev_page,
            revision::rev_timestamp,
            revision::rev_minor_edit,
            revision::rev_deleted,
            revision::rev_len,
            revision::rev_parent_id,
            revision::rev_sha1,
            comment::comment_text,
            actor::actor_name
        ))
        .load(c))
    .expect("revisions");
    rows.into_iter().map(|r| (r.0, r)).collect()
}

/// Content facts of every main slot: `rev id → (size, sha1, model)`.
fn main_contents(conn: &mut AnyConnection) -> BTreeMap<i64, (i64, String, String)> {
    let rows: Vec<(i64, i64, String, String)> = with_conn!(conn, |c| slots::table
        .inner_join(slot_roles::table)
        .inner_join(content::table)
        .inner_join(content_models::table.on(content_models::model_id.eq(content::content_model)))
        .filter(slot_roles::role_name.eq("main"))
        .select((slots::slot_revision_id, content::content_size, content::content_sha1, content_models::model_name))
        .load(c))
    .expect("main slots");
    rows.into_iter().map(|(rev, size, sha1, model)| (rev, (size, sha1, model))).collect()
}

type LogFacts = (i64, String, String, String, i32, String, Option<i64>, String, i32, String, String);

fn log_entries(conn: &mut AnyConnection) -> BTreeMap<i64, LogFacts> {
    let rows: Vec<LogFacts> = with_conn!(conn, |c| logging::table
        .inner_join(comment::table)
        .inner_join(actor::table)
        .select((
            logging::log_id,
            logging::log_type,
            logging::log_action,
            logging::log_timestamp,
            logging::log_namespace,
            logging::log_title,
            logging::log_page,
            logging::log_params,
            logging::log_deleted,
            comment::comment_text,
            actor::actor_name
        ))
        .load(c))
    .expect("log entries");
    rows.into_iter().map(|r| (r.0, r)).collect()
}

/// `log_search` rows of some fields, with actor ids turned into names (actor ids differ
/// between the databases).
fn log_search_rows(conn: &mut AnyConnection, fields: &[&str]) -> BTreeSet<(String, String, i64)> {
    let rows: Vec<(String, String, i64)> = with_conn!(&mut *conn, |c| log_search::table
        .select((log_search::ls_field, log_search::ls_value, log_search::ls_log_id))
        .load(c))
    .expect("log_search");
    let actors: Vec<(i64, String)> =
        with_conn!(&mut *conn, |c| actor::table.select((actor::actor_id, actor::actor_name)).load(c)).expect("actors");
    let actors: HashMap<String, String> = actors.into_iter().map(|(id, name)| (id.to_string(), name)).collect();
    rows.into_iter()
        .filter(|(field, _, _)| fields.contains(&field.as_str()))
        .map(|(field, value, id)| {
            let value =
                if field == "target_author_actor" { actors.get(&value).cloned().unwrap_or(value) } else { value };
            (field, value, id)
        })
        .collect()
}

type FileFacts = (String, String, i64, String, String, String, String, String, Option<String>);

type CurrentFile = (String, i64, String, String, String, String, String, Option<String>);

/// Current and archived file versions: `(name, archive name or "")` → facts.
fn files(conn: &mut AnyConnection) -> BTreeMap<(String, String), FileFacts> {
    let current: Vec<CurrentFile> = with_conn!(&mut *conn, |c| image::table
        .inner_join(comment::table)
        .inner_join(actor::table)
        .select((
            image::img_name,
            image::img_size,
            image::img_sha1,
            image::img_timestamp,
            comment::comment_text,
            actor::actor_name,
            image::img_major_mime,
            image::img_media_type
        ))
        .load(c))
    .expect("image rows");
    let old: Vec<FileFacts> = with_conn!(&mut *conn, |c| oldimage::table
        .inner_join(comment::table)
        .inner_join(actor::table)
        .select((
            oldimage::oi_name,
            oldimage::oi_archive_name,
            oldimage::oi_size,
            oldimage::oi_sha1,
            oldimage::oi_timestamp,
            comment::comment_text,
            actor::actor_name,
            oldimage::oi_major_mime,
            oldimage::oi_media_type
        ))
        .load(c))
    .expect("oldimage rows");
    let mut out = BTreeMap::new();
    for (name, size, sha1, ts, comment, actor, major, media) in current {
        out.insert((name.clone(), String::new()), (name, String::new(), size, sha1, ts, comment, actor, major, media));
    }
    for (name, archive, size, sha1, ts, comment, actor, major, media) in old {
        out.insert((name.clone(), archive.clone()), (name, archive, size, sha1, ts, comment, actor, major, media));
    }
    out
}

/// Asserts that two maps agree on every key of `keys`, collecting readable differences.
fn differences<K: Ord + std::fmt::Debug, V: PartialEq + std::fmt::Debug>(
    what: &str,
    ours: &BTreeMap<K, V>,
    theirs: &BTreeMap<K, V>,
    skip: impl Fn(&K, &V, &V) -> bool,
) -> Vec<String> {
    let mut out = Vec::new();
    for (key, mine) in ours {
        match theirs.get(key) {
            None => out.push(format!("{what} {key:?}: only ours")),
            Some(other) if other != mine && !skip(key, mine, other) => {
                out.push(format!("{what} {key:?}:\n      ours       {mine:?}\n      mediawiki  {other:?}"))
            }
            Some(_) => {}
        }
    }
    out
}

type Stats = (Option<i64>, Option<i64>, Option<i64>, Option<i64>, Option<i64>);

// ---------------------------------------------------------------------------------------
// The whole check, on any backend
// ---------------------------------------------------------------------------------------

fn import_both(pool: &Pool, batch_pages: usize) -> (ImportReport, ImportReport) {
    let full = import_dump(fixture_file("dump-full.xml"), pool, options(batch_pages)).expect("dump-full.xml imports");
    let logs = import_dump(fixture_file("dump-logs.xml"), pool, options(batch_pages)).expect("dump-logs.xml imports");
    (full, logs)
}

fn check_fixture_import(url: &DbUrl) {
    let pool = fresh_pool(url);
    let full_counts = count_dump(&fixture_file("dump-full.xml"));
    let log_counts = count_dump(&fixture_file("dump-logs.xml"));
    let (full, logs) = import_both(&pool, 25);
    eprintln!("[{}] dump-full.xml:\n{full}\n[{}] dump-logs.xml:\n{logs}", url.backend(), url.backend());

    // What the dumps hold was written, all of it.
    assert_eq!(full.pages, full_counts.pages);
    assert_eq!(full.revisions, full_counts.revisions);
    assert_eq!(full.uploads, full_counts.uploads);
    assert_eq!(logs.log_items, log_counts.log_items);
    let mut ours = pool.get().expect("a connection");
    let mw_pool = mediawiki_pool();
    let mut mw = mw_pool.get().expect("a fixture connection");
    let counts = table_counts(&mut ours);
    assert_eq!(counts["page"] as u64, full_counts.pages);
    assert_eq!(counts["revision"] as u64, full_counts.revisions);
    assert_eq!(counts["logging"] as u64, log_counts.log_items);
    let main_slots = main_contents(&mut ours);
    assert_eq!(main_slots.len() as u64, full_counts.revisions, "one main slot per revision");

    // … which is the README's content minus what MediaWiki leaves out of dumps: archived
    // (deleted) revisions, and the suppression log.
    let readme: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(fixture_file("stats.json")).expect("stats.json"))
            .expect("stats.json parses");
    let stat = |key: &str| readme[key].as_u64().unwrap_or_else(|| panic!("stats.json has {key}"));
    assert_eq!(full_counts.pages, stat("pages"));
    assert_eq!(full_counts.revisions, stat("revisions"), "live revisions; the archived ones are not dumped");
    let suppressed: u64 = readme["log_entries_by_type_action"]
        .as_object()
        .expect("log entries by type")
        .iter()
        .filter(|(k, _)| k.starts_with("suppress/"))
        .map(|(_, v)| v.as_u64().unwrap_or(0))
        .sum();
    assert_eq!(log_counts.log_items, stat("log_entries") - suppressed, "the suppression log is not dumped");

    // Page rows.
    let our_pages: BTreeMap<i64, PageRowTuple> = page_rows(&mut ours).into_iter().map(|p| (p.0, p)).collect();
    let mw_pages: BTreeMap<i64, PageRowTuple> = page_rows(&mut mw).into_iter().map(|p| (p.0, p)).collect();
    assert_eq!(our_pages.keys().collect::<Vec<_>>(), mw_pages.keys().collect::<Vec<_>>(), "page ids");
    let mut page_is_new_differs = Vec::new();
    for (id, p) in &our_pages {
        let m = &mw_pages[id];
        assert_eq!((p.1, &p.2), (m.1, &m.2), "title of page {id}");
        assert_eq!(p.3, m.3, "page_is_redirect of {}", p.2);
        assert_eq!((p.8, p.9), (m.8, m.9), "page_latest and page_len of {}", p.2);
        assert_eq!(p.10, m.10, "page_content_model of {}", p.2);
        assert_eq!(p.11, None, "page_lang");
        assert!((0.0..1.0).contains(&p.5), "page_random");
        if p.4 != m.4 {
            page_is_new_differs.push(p.2.clone());
        }
    }
    page_is_new_differs.sort();
    eprintln!("page_is_new differs (deleted/restored or merged history, not in a dump): {page_is_new_differs:?}");
    assert_eq!(page_is_new_differs, ["Merge_source", "Merge_target", "Moss", "Rice"]);

    // Revision rows, with summaries and authors; hidden fields cannot come from a dump.
    let our_revs = revisions(&mut ours);
    let mw_revs = revisions(&mut mw);
    let diffs = differences("revision", &our_revs, &mw_revs, |_, ours, theirs| {
        let hidden = theirs.4;
        let same_except_hidden = ours.0 == theirs.0
            && ours.1 == theirs.1
            && ours.2 == theirs.2
            && ours.3 == theirs.3
            && ours.5 == theirs.5
            && ours.6 == theirs.6
            && ours.7 == theirs.7
            && ours.4 == hidden & 7
            && (hidden & 2 != 0 || ours.8 == theirs.8)
            && (hidden & 4 != 0 || ours.9 == theirs.9);
        same_except_hidden && (hidden & 2 == 0 || ours.8.is_empty()) && (hidden & 4 == 0 || ours.9 == "Unknown user")
    });
    assert!(diffs.is_empty(), "revisions differ from MediaWiki's:\n{}", diffs.join("\n"));
    assert_eq!(our_revs.len(), mw_revs.len());
    let mw_contents = main_contents(&mut mw);
    let diffs = differences("main slot", &main_slots, &mw_contents, |_, _, _| false);
    assert!(diffs.is_empty(), "content rows differ:\n{}", diffs.join("\n"));

    // Link tables.
    let (report, clean) = compare_links(&mut ours, &mut mw);
    eprintln!("[{}] link tables compared with MediaWiki's:\n{report}", url.backend());
    assert!(clean, "the imported link tables differ from MediaWiki's:\n{report}");

    // Categories: our counts are those of our categorylinks.
    let cats: Vec<(String, i64, i64, i64)> = with_conn!(&mut ours, |c| category::table
        .select((category::cat_title, category::cat_pages, category::cat_subcats, category::cat_files))
        .load(c))
    .expect("category rows");
    let mw_cats: Vec<(String, i64, i64, i64)> = with_conn!(&mut mw, |c| category::table
        .select((category::cat_title, category::cat_pages, category::cat_subcats, category::cat_files))
        .load(c))
    .expect("fixture category rows");
    let links = link_rows(&mut ours);
    for (title, pages, subcats, files) in &cats {
        let members: Vec<&String> =
            links["categorylinks"].values().flatten().filter(|r| identity(r) == title).collect();
        assert_eq!(*pages, members.len() as i64, "cat_pages of {title}");
        assert_eq!(
            *subcats,
            members.iter().filter(|r| r.ends_with("|subcat")).count() as i64,
            "cat_subcats of {title}"
        );
        assert_eq!(*files, members.iter().filter(|r| r.ends_with("|file")).count() as i64, "cat_files of {title}");
    }
    let ours_cat: BTreeSet<_> = cats.iter().cloned().collect();
    let theirs_cat: BTreeSet<_> = mw_cats.iter().cloned().collect();
    eprintln!(
        "category rows: {} ours, {} MediaWiki's, {} equal; ours only {:?}; MediaWiki's only {:?}",
        ours_cat.len(),
        theirs_cat.len(),
        ours_cat.intersection(&theirs_cat).count(),
        ours_cat.difference(&theirs_cat).collect::<Vec<_>>(),
        theirs_cat.difference(&ours_cat).collect::<Vec<_>>()
    );

    // Uploads.
    let our_files = files(&mut ours);
    let mw_files = files(&mut mw);
    assert_eq!(our_files.len() as u64, full_counts.uploads);
    let diffs = differences("file", &our_files, &mw_files, |_, _, _| false);
    assert!(diffs.is_empty(), "file versions differ:\n{}", diffs.join("\n"));

    // Log entries; log_page is looked up by title as the dump does not carry it.
    let our_logs = log_entries(&mut ours);
    let mw_logs = log_entries(&mut mw);
    let (mut same_page, mut other_page, mut lost_page, mut found_page) = (0, 0, 0, 0);
    for (id, l) in &our_logs {
        let m = &mw_logs[id];
        match (l.6, m.6) {
            (a, b) if a == b => same_page += 1,
            (Some(0), _) => lost_page += 1,
            (_, Some(0)) => found_page += 1,
            _ => other_page += 1,
        }
    }
    eprintln!(
        "log_page of {} log entries: {same_page} equal to MediaWiki's; {other_page} name another page (the title \
         moved or was deleted and recreated since); {lost_page} are 0 where MediaWiki has a page (deleted or moved \
         away since); {found_page} name a page where MediaWiki has 0",
        our_logs.len()
    );
    let diffs = differences("log entry", &our_logs, &mw_logs, |_, ours, theirs| {
        let hidden = theirs.8;
        ours.1 == theirs.1
            && ours.2 == theirs.2
            && ours.3 == theirs.3
            && ours.8 == hidden & 7
            && (hidden & 1 != 0 || (ours.4 == theirs.4 && ours.5 == theirs.5 && ours.7 == theirs.7))
            && (hidden & 2 != 0 || ours.9 == theirs.9)
            && (hidden & 4 != 0 || ours.10 == theirs.10)
    });
    assert!(diffs.is_empty(), "log entries differ:\n{}", diffs.join("\n"));
    let derivable = ["associated_rev_id", "Tag", "rev_id", "log_id", "target_author_actor"];
    let our_search = log_search_rows(&mut ours, &derivable);
    let dumped: HashSet<i64> = our_logs.keys().copied().collect();
    let mw_search: BTreeSet<_> =
        log_search_rows(&mut mw, &derivable).into_iter().filter(|(_, _, id)| dumped.contains(id)).collect();
    let extra: Vec<_> = our_search.difference(&mw_search).collect();
    let missing: Vec<_> = mw_search.difference(&our_search).collect();
    eprintln!(
        "log_search ({}): {} ours, {} MediaWiki's for dumped entries; MediaWiki's we lack: {missing:?}",
        derivable.join(", "),
        our_search.len(),
        mw_search.len()
    );
    assert!(extra.is_empty(), "log_search rows MediaWiki does not have: {extra:?}");
    // Authors of revisions whose user the dump hides cannot be known.
    assert!(missing.iter().all(|(field, _, _)| field == "target_author_actor"), "log_search rows missing: {missing:?}");

    // Users and actors: dump ids and names, a subset of MediaWiki's.
    let users: Vec<(i64, String)> =
        with_conn!(&mut ours, |c| user::table.select((user::user_id, user::user_name)).load(c)).expect("users");
    let mw_users: Vec<(i64, String)> =
        with_conn!(&mut mw, |c| user::table.select((user::user_id, user::user_name)).load(c)).expect("fixture users");
    let mw_users: BTreeSet<_> = mw_users.into_iter().collect();
    assert!(!users.is_empty());
    for u in &users {
        assert!(mw_users.contains(u), "user {u:?} is not MediaWiki's");
    }
    let names: Vec<String> = with_conn!(&mut ours, |c| actor::table.select(actor::actor_name).load(c)).expect("actors");
    let mw_names: BTreeSet<String> = with_conn!(&mut mw, |c| actor::table.select(actor::actor_name).load(c))
        .expect("fixture actors")
        .into_iter()
        .collect();
    for name in &names {
        assert!(mw_names.contains(name) || name == "Unknown user", "actor {name:?} is not MediaWiki's");
    }

    // Site statistics and the site record.
    let stats: Stats = with_conn!(&mut ours, |c| site_stats::table
        .select((
            site_stats::ss_total_edits,
            site_stats::ss_good_articles,
            site_stats::ss_total_pages,
            site_stats::ss_users,
            site_stats::ss_images
        ))
        .first(c))
    .expect("site_stats");
    assert_eq!(stats.0, Some(full_counts.revisions as i64));
    assert_eq!(stats.2, Some(full_counts.pages as i64));
    assert_eq!(stats.3, Some(users.len() as i64));
    assert_eq!(stats.4, Some(5));
    let mw_good: Option<i64> = with_conn!(&mut mw, |c| site_stats::table.select(site_stats::ss_good_articles).first(c))
        .expect("fixture stats");
    // MediaWiki's "link" method: content pages that are no redirect and link somewhere. Pages
    // whose only links come from templates are not counted here.
    let linking: BTreeSet<i64> = links["pagelinks"].keys().copied().collect();
    let articles = our_pages.values().filter(|p| p.1 == 0 && p.3 == 0 && linking.contains(&p.0)).count() as i64;
    eprintln!("ss_good_articles: ours {:?}, MediaWiki {:?}", stats.1, mw_good);
    assert_eq!(stats.1, Some(articles));
    assert!(stats.1 <= mw_good && stats.1 > Some(0));
    let site = SiteInfo::load(&mut ours, "Ignored").expect("the stored site");
    assert_eq!(site.sitename, "Fixture Wiki");
    assert_eq!(site.dbname.as_deref(), Some("fixturewiki"));
    assert_eq!(site.server.as_deref(), Some("http://127.0.0.1:8081"));
    assert_eq!(site.namespaces().lookup("Fixture_Wiki_talk"), Some(5));
    assert!(site.interwikis().is_language("de"));
    assert!(!site.interwikis().is_language("wikipedia"));
    assert_eq!(full_text(4, "About", site.namespaces()), "Fixture Wiki:About");

    // Importing the same dumps again changes nothing.
    let pages_before = page_rows(&mut ours);
    let links_before = link_rows(&mut ours);
    drop(ours);
    let (again_full, again_logs) = import_both(&pool, 25);
    let mut ours = pool.get().expect("a connection");
    assert_eq!(table_counts(&mut ours), counts, "row counts after re-importing");
    assert_eq!(page_rows(&mut ours), pages_before, "page rows after re-importing");
    assert_eq!(link_rows(&mut ours), links_before, "link rows after re-importing");
    assert_eq!((again_full.revisions, again_full.revisions_skipped), (0, full_counts.revisions));
    assert_eq!((again_logs.log_items, again_logs.log_items_skipped), (0, log_counts.log_items));
    assert_eq!(again_full.links_added.total() + again_full.links_removed.total(), 0);
    assert_eq!(again_full.pages_created, 0);
}

#[test]
fn sqlite_import_matches_mediawiki() {
    let dir = TempDir::new("sqlite");
    check_fixture_import(&sqlite_url(&dir.path("wiki.sqlite")));
}

#[cfg(feature = "postgres")]
#[test]
fn postgres_import_matches_mediawiki() {
    let db = ServerDb::create("WIKIQUERY_TEST_POSTGRES", "postgres://postgres@127.0.0.1:5432/test");
    check_fixture_import(&db.url);
}

#[cfg(feature = "mysql")]
#[test]
fn mysql_import_matches_mediawiki() {
    let db = ServerDb::create("WIKIQUERY_TEST_MYSQL", "mysql://root@127.0.0.1:3306/test");
    check_fixture_import(&db.url);
}

// ---------------------------------------------------------------------------------------
// Failures
// ---------------------------------------------------------------------------------------

#[test]
fn a_truncated_dump_keeps_the_committed_batches() {
    let dir = TempDir::new("truncated");
    let full = std::fs::read(fixture_file("dump-full.xml")).expect("reading the dump");
    // Cut after a line break, so that no character is split.
    let cut = full[..full.len() * 3 / 5].iter().rposition(|&b| b == b'\n').expect("a line break") + 1;
    let truncated = dir.path("truncated.xml");
    std::fs::write(&truncated, &full[..cut]).expect("writing the truncated dump");
    let lines = full[..cut].iter().filter(|&&b| b == b'\n').count() as u64 + 1;
    let per_page = count_dump(&fixture_file("dump-full.xml")).revisions_per_page;

    let pool = fresh_pool(&sqlite_url(&dir.path("wiki.sqlite")));
    let error = import_dump(&truncated, &pool, options(10)).expect_err("a truncated dump fails");
    let message = error.to_string();
    eprintln!("{message}");
    let ImportError::Dump { source, pages, .. } = &error else { panic!("not a dump error: {message}") };
    assert_eq!(source.line(), lines, "the error names the last line");
    assert!(message.contains(&format!("line {lines}")), "{message}");
    assert!(message.contains(&format!("imported {pages} pages before the error")), "{message}");
    assert!(*pages > 0 && pages % 10 == 0, "whole batches of 10 pages are kept, got {pages}");
    assert!((*pages as usize) < per_page.len());

    let mut conn = pool.get().expect("a connection");
    let counts = table_counts(&mut conn);
    let revisions: u64 = per_page[..*pages as usize].iter().sum();
    assert_eq!(counts["page"] as u64, *pages);
    assert_eq!(counts["revision"] as u64, revisions, "the revisions of the committed pages, no more");
    assert_eq!(counts["revision_comment_temp"] as u64, revisions);
    assert_eq!(counts["slots"] as u64, revisions);
    let pages_with_links: i64 = with_conn!(&mut conn, |c| pagelinks::table
        .select(diesel::dsl::count(pagelinks::pl_from).aggregate_distinct())
        .first(c))
    .expect("pagelinks");
    assert!(pages_with_links > 0, "the committed pages have their links");
    assert_eq!(counts["site_stats"], 1, "statistics describe the committed pages");
    let total: Option<i64> =
        with_conn!(&mut conn, |c| site_stats::table.select(site_stats::ss_total_pages).first(c)).expect("stats");
    assert_eq!(total, Some(*pages as i64));

    // Importing the whole dump afterwards completes the database.
    drop(conn);
    let report = import_dump(fixture_file("dump-full.xml"), &pool, options(10)).expect("the whole dump imports");
    assert_eq!(report.revisions_skipped, revisions);
    let mut conn = pool.get().expect("a connection");
    assert_eq!(count_rows!(&mut conn, page) as usize, per_page.len());
}

#[test]
fn mediawikis_own_database_is_refused_and_untouched() {
    let dir = TempDir::new("refuse");
    let copy = dir.path("fixturewiki.sqlite");
    std::fs::copy(fixture_file("fixturewiki.sqlite"), &copy).expect("copying the fixture");
    let original = std::fs::read(&copy).expect("reading the copy");
    let url = sqlite_url(&copy);

    let pool = Pool::connect(&url, PoolOptions::default()).expect("opening MediaWiki's database");
    let error = import_dump(fixture_file("dump-full.xml"), &pool, options(10)).expect_err("refused");
    assert!(matches!(error, ImportError::NotOurs { .. }), "{error}");
    assert!(error.to_string().contains("MediaWiki"), "{error}");
    drop(pool);

    let mut conn = AnyConnection::establish(&url).expect("a read-write connection");
    let error = import_dump(fixture_file("dump-full.xml"), &mut conn, options(10)).expect_err("refused");
    assert!(matches!(error, ImportError::NotOurs { .. }), "{error}");
    drop(conn);
    assert!(std::fs::read(&copy).expect("reading the copy") == original, "MediaWiki's database was modified");

    let empty = dir.path("empty.sqlite");
    let pool = Pool::connect(&sqlite_url(&empty), PoolOptions::default()).expect("an empty database");
    let error = import_dump(fixture_file("dump-full.xml"), &pool, options(10)).expect_err("refused");
    assert!(error.to_string().contains("run the migrations"), "{error}");
}

#[test]
fn compressed_dumps_import_like_plain_ones() {
    let dir = TempDir::new("gzip");
    let gz = dir.path("dump-logs.xml.gz");
    let mut encoder = flate2::write::GzEncoder::new(
        std::fs::File::create(&gz).expect("creating the gzip file"),
        flate2::Compression::default(),
    );
    encoder.write_all(&std::fs::read(fixture_file("dump-logs.xml")).expect("reading")).expect("compressing");
    encoder.finish().expect("finishing the gzip file");
    let pool = fresh_pool(&sqlite_url(&dir.path("wiki.sqlite")));
    let report = import_dump(&gz, &pool, options(50)).expect("a gzip dump imports");
    assert_eq!(report.log_items, count_dump(&fixture_file("dump-logs.xml")).log_items);
    assert_eq!(report.bytes, std::fs::metadata(&gz).expect("size").len(), "progress counts compressed bytes");
    // Log entries imported before the pages they name get log_page 0 (the dump carries no
    // page ids for log entries, and a later page import does not revisit them).
    assert_eq!(report.log_pages_found, 0);
    let mut conn = pool.get().expect("a connection");
    assert_eq!(count_rows!(&mut conn, logging) as u64, report.log_items);
}
