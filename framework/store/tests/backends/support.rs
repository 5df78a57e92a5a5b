//! Temporary files and databases.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use wikiquery_store::backend::{DbUrl, PoolOptions};

static COUNTER: AtomicUsize = AtomicUsize::new(0);

pub(super) fn unique_suffix() -> String {
    format!("{}_{}", std::process::id(), COUNTER.fetch_add(1, Ordering::SeqCst))
}

/// A directory under the system temp dir, removed on drop.
pub(super) struct TempDir(PathBuf);

impl TempDir {
    pub(super) fn new(label: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("wikiquery-store-{label}-{}", unique_suffix()));
        std::fs::create_dir_all(&dir).expect("creating temp dir");
        TempDir(dir)
    }

    pub(super) fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }

    pub(super) fn entries(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(&self.0)
            .expect("listing temp dir")
            .map(|e| e.expect("dir entry").file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn fixture_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/mw139/fixturewiki.sqlite")
}

/// A private copy of the MediaWiki fixture database.
pub(super) fn fixture_copy(dir: &TempDir) -> PathBuf {
    let copy = dir.path("fixturewiki.sqlite");
    std::fs::copy(fixture_path(), &copy)
        .unwrap_or_else(|e| panic!("copying the fixture {} failed: {e}", fixture_path().display()));
    copy
}

pub(super) fn sqlite_url(path: &Path) -> DbUrl {
    DbUrl::parse(&format!("sqlite:{}", path.display())).expect("sqlite URL")
}

pub(super) fn options() -> PoolOptions {
    PoolOptions { max_size: 4, ..PoolOptions::default() }
}

pub(super) fn read_only_options() -> PoolOptions {
    PoolOptions { max_size: 4, read_only: true, ..PoolOptions::default() }
}
