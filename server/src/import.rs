//! `wikiquery import DUMP --db URL`: loads a MediaWiki XML dump into a database.

use wikiquery_import::tables::{import_dump, parse_interwiki_map, ImportOptions, InterwikiSource};
use wikiquery_store::backend::DbUrl;
use wikiquery_store::store::{OpenOptions, Store};

use crate::cli::ImportArgs;

/// Opens a wikiquery database to write to; any other database is refused, with `advice`.
pub(crate) fn open_ours(db: &str, advice: &str) -> Result<Store, String> {
    let store = Store::open(&OpenOptions { primary: db.to_owned(), ..Default::default() })
        .map_err(|e| format!("cannot open the database: {e}"))?;
    if !store.is_writable() {
        return Err(format!(
            "{} is not a wikiquery database (it has no wikiquery_schema table): it is never written; {advice}",
            store.url()
        ));
    }
    Ok(store)
}

/// Runs an import and prints its report.
pub fn run(args: &ImportArgs) -> Result<(), String> {
    let store = open_ours(&args.db, "import into an empty database instead")?;
    let interwiki = match (&args.interwiki_from, &args.interwiki) {
        (Some(url), _) => Some(InterwikiSource::CopyFrom(DbUrl::parse(url).map_err(|e| e.to_string())?)),
        (None, Some(path)) => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
            Some(InterwikiSource::Config(parse_interwiki_map(&text).map_err(|e| format!("{}: {e}", path.display()))?))
        }
        (None, None) => None,
    };
    let options = ImportOptions { batch_pages: args.batch.max(1), progress: true, interwiki };
    let pool = store.primary_pool().map_err(|e| e.to_string())?;
    let report = import_dump(&args.dump, pool, options).map_err(|e| e.to_string())?;
    println!("{report}");
    Ok(())
}
