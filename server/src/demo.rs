//! The demo wiki: dumps compiled into the binary, loaded into the default database on first
//! start so that a new checkout serves real content at once.

use std::io::Write;
use std::path::Path;

use wikiquery_import::tables::{import_dump, parse_interwiki_map, ImportOptions, InterwikiSource};
use wikiquery_store::site::InterwikiRow;
use wikiquery_store::store::{OpenOptions, Store};

const PAGES: &[u8] = include_bytes!("../demo/demo-pages.xml.gz");
const LOGS: &[u8] = include_bytes!("../demo/demo-logs.xml.gz");
const INTERWIKI: &str = include_str!("../demo/interwiki.toml");

/// The demo wiki's interwiki map.
pub fn interwiki() -> Result<Vec<InterwikiRow>, String> {
    parse_interwiki_map(INTERWIKI).map_err(|e| format!("demo interwiki map: {e}"))
}

/// Creates the database at `path` and loads the demo wiki into it. On failure the half-made
/// file is removed, so the next start tries again.
pub fn create(path: &Path, options: &OpenOptions) -> Result<(), String> {
    tracing::info!(path = %path.display(), "creating the demo wiki");
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let result = load(path, options);
    if result.is_err() {
        let _ = std::fs::remove_file(path);
    }
    result
}

fn load(path: &Path, options: &OpenOptions) -> Result<(), String> {
    let store = Store::open(options).map_err(|e| format!("cannot create {}: {e}", path.display()))?;
    let pool = store.primary_pool().map_err(|e| e.to_string())?;
    // One folder per call: several databases may be created at once in one process.
    static CALLS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("wikiquery-demo-{}-{call}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let mut result = Ok(());
    for (name, bytes) in [("demo-pages.xml.gz", PAGES), ("demo-logs.xml.gz", LOGS)] {
        let file = dir.join(name);
        let written = std::fs::File::create(&file).and_then(|mut f| f.write_all(bytes));
        if let Err(e) = written {
            result = Err(format!("cannot write {}: {e}", file.display()));
            break;
        }
        let import_options = ImportOptions {
            progress: false,
            interwiki: Some(InterwikiSource::Config(interwiki()?)),
            ..Default::default()
        };
        if let Err(e) = import_dump(&file, pool, import_options) {
            result = Err(format!("loading the demo wiki: {e}"));
            break;
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    result
}
