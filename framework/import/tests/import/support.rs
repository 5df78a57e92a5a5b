//! Fixture files and databases.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use wikiquery_import::tables::{ImportOptions, InterwikiSource};
#[cfg(any(feature = "postgres", feature = "mysql"))]
use wikiquery_store::backend::AnyConnection;
use wikiquery_store::backend::{migrate, DbUrl, Pool, PoolOptions};

fn fixture_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/mw139")
}

pub(super) fn fixture_file(name: &str) -> PathBuf {
    fixture_dir().join(name)
}

static COUNTER: AtomicUsize = AtomicUsize::new(0);

fn unique_suffix() -> String {
    format!("{}_{}", std::process::id(), COUNTER.fetch_add(1, Ordering::SeqCst))
}

/// A directory under the system temp dir, removed on drop.
pub(super) struct TempDir(PathBuf);

impl TempDir {
    pub(super) fn new(label: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("wikiquery-import-{label}-{}", unique_suffix()));
        std::fs::create_dir_all(&dir).expect("creating temp dir");
        TempDir(dir)
    }

    pub(super) fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

pub(super) fn sqlite_url(path: &Path) -> DbUrl {
    DbUrl::parse(&format!("sqlite:{}", path.display())).expect("sqlite URL")
}

/// MediaWiki's own database, read-only.
pub(super) fn mediawiki_pool() -> Pool {
    let options = PoolOptions { max_size: 1, read_only: true, ..PoolOptions::default() };
    Pool::connect(&sqlite_url(&fixture_file("fixturewiki.sqlite")), options).expect("the fixture database opens")
}

/// A migrated, empty wikiquery database.
pub(super) fn fresh_pool(url: &DbUrl) -> Pool {
    let pool = Pool::connect(url, PoolOptions { max_size: 2, ..PoolOptions::default() }).expect("connecting");
    migrate(&mut pool.get().expect("a connection")).expect("migrating");
    pool
}

pub(super) fn options(batch_pages: usize) -> ImportOptions {
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
pub(super) struct ServerDb {
    admin: AnyConnection,
    name: String,
    pub(super) url: DbUrl,
}

#[cfg(any(feature = "postgres", feature = "mysql"))]
impl ServerDb {
    pub(super) fn create(env_var: &str, default: &str) -> ServerDb {
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
