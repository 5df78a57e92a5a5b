//! The command line: `wikiquery serve [--listen ADDR] [--db URL]` (the default),
//! `wikiquery import DUMP --db URL`, `wikiquery reindex --db URL`,
//! `wikiquery refresh-links --db URL` and `wikiquery update-special-pages --db URL`.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

/// A fast, MediaWiki-compatible read API server.
#[derive(Debug, Parser)]
#[command(name = "wikiquery", version, about)]
pub struct Cli {
    /// Settings file (TOML); flags and environment variables override it.
    #[arg(long, global = true, env = "WIKIQUERY_CONFIG")]
    pub config: Option<PathBuf>,
    /// The options of `serve`, which is what runs without a command.
    #[command(flatten)]
    pub serve: ServeArgs,
    #[command(subcommand)]
    pub command: Option<Command>,
}

impl Cli {
    /// Reads the command line; the options of `serve` given before another command are
    /// refused, as clap refuses an option a command does not take.
    pub fn parse_checked() -> Cli {
        use clap::{CommandFactory, FromArgMatches};
        let mut command = Cli::command();
        let matches = command.get_matches_mut();
        let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.format(&mut command).exit());
        if let Some((name, _)) = matches.subcommand() {
            let serve_only = ServeArgs::command_ids();
            if let Some(id) =
                serve_only.iter().find(|id| matches.value_source(id) == Some(clap::parser::ValueSource::CommandLine))
            {
                let message = format!("`--{}` is an option of `serve`, not of `{name}`", id.replace('_', "-"));
                command.error(clap::error::ErrorKind::ArgumentConflict, message).exit();
            }
        }
        cli
    }
}

impl ServeArgs {
    /// The ids of `serve`'s options.
    fn command_ids() -> Vec<String> {
        use clap::Args;
        ServeArgs::augment_args(clap::Command::new("serve")).get_arguments().map(|a| a.get_id().to_string()).collect()
    }
}

/// What to do.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve the API over HTTP (the default).
    Serve(ServeArgs),
    /// Load a MediaWiki XML dump (.xml, .xml.gz, .xml.bz2) into a database.
    Import(ImportArgs),
    /// Rebuild the full-text search index from every page's current text.
    Reindex(ReindexArgs),
    /// Compute every page's link tables again from its current text (MediaWiki's
    /// refreshLinks), in batches that a run given `--start` resumes.
    RefreshLinks(RefreshLinksArgs),
    /// Compute the special pages' expensive reports into the cache served in miser mode.
    UpdateSpecialPages(UpdateSpecialPagesArgs),
}

/// Options of `serve`.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct ServeArgs {
    /// Address to listen on [default: 127.0.0.1:8080].
    #[arg(long, env = "WIKIQUERY_LISTEN")]
    pub listen: Option<String>,
    /// Database URL: `sqlite:PATH`, `postgres://...` or `mysql://...` [default: sqlite:data/wiki.sqlite].
    #[arg(long, env = "WIKIQUERY_DB")]
    pub db: Option<String>,
    /// A read replica's URL; repeat for several. Reads go to replicas, round robin.
    #[arg(long = "replica", env = "WIKIQUERY_REPLICAS", value_delimiter = ',')]
    pub replica: Vec<String>,
    /// Seconds a replica may be behind and still serve reads [default: 6].
    #[arg(long, env = "WIKIQUERY_MAX_REPLICA_LAG")]
    pub max_replica_lag: Option<f64>,
    /// Where reads go when every replica is lagged: `primary` or `replicas` (the least lagged)
    /// [default: primary].
    #[arg(long, env = "WIKIQUERY_LAGGED_READS")]
    pub lagged_reads: Option<String>,
    /// How MariaDB/MySQL replicas' lag is read: `replica-status` or `pt-heartbeat`
    /// [default: replica-status].
    #[arg(long, env = "WIKIQUERY_REPLICA_LAG_METHOD")]
    pub replica_lag_method: Option<String>,
    /// HTTP worker threads [default: one per core].
    #[arg(long, env = "WIKIQUERY_WORKERS")]
    pub workers: Option<usize>,
    /// Database connections per pool [default: twice the workers].
    #[arg(long, env = "WIKIQUERY_POOL_SIZE")]
    pub pool_size: Option<u32>,
    /// Client connections served at once; more wait to be accepted [default: 12,000].
    #[arg(long, env = "WIKIQUERY_MAX_CONNECTIONS")]
    pub max_connections: Option<usize>,
    /// Seconds a kept-alive connection may stay idle before it is closed [default: 15].
    #[arg(long, env = "WIKIQUERY_KEEPALIVE_TIMEOUT")]
    pub keepalive_timeout: Option<u64>,
    /// Requests a connection carries before it is closed [default: 1000].
    #[arg(long, env = "WIKIQUERY_KEEPALIVE_REQUESTS")]
    pub keepalive_requests: Option<u32>,
    /// The wiki's name (its project namespace) when the database does not record it.
    #[arg(long, env = "WIKIQUERY_SITE_NAME")]
    pub site_name: Option<String>,
    /// The URL of the wiki's main page (`https://example.org/wiki/Main_Page`), from which page
    /// URLs are built (`inprop=url`), for a database that does not record it (a MediaWiki
    /// database) or a wiki that moved [default: what the database records].
    #[arg(long, env = "WIKIQUERY_BASE")]
    pub base: Option<String>,
    /// The rights every caller has, comma-separated (there are no logins) [default: those of
    /// MediaWiki's `*` group]. Without `read` every query answers `readapidenied`;
    /// `apihighlimits` raises limits to 5000; `deletedhistory`, `suppressionlog`... reveal
    /// hidden log entries.
    #[arg(long, env = "WIKIQUERY_ANONYMOUS_RIGHTS", value_delimiter = ',')]
    pub anonymous_rights: Option<Vec<String>>,
    /// Answer every request as if asked at this instant (`2026-11-22T00:00:00Z`): expiries of
    /// blocks, protections and group memberships, `curtimestamp` and `now` are read against
    /// it [default: the system's clock].
    #[arg(long, env = "WIKIQUERY_NOW")]
    pub now: Option<String>,
    /// The wiki's upload directory (MediaWiki's `$wgUploadDirectory`: originals under their
    /// hashed directories, `archive/`, `thumb/`): its files are served at the upload URL
    /// [default: none served].
    #[arg(long, env = "WIKIQUERY_UPLOADS")]
    pub uploads: Option<PathBuf>,
    /// Make a new, empty wiki when the `--db` SQLite file does not exist (without it, a path
    /// that does not exist is refused: a mistyped path serves nothing rather than an empty
    /// wiki). The default database is made on first run either way.
    #[arg(long, env = "WIKIQUERY_CREATE")]
    pub create: bool,
    /// Where uploaded files are served, a path on this server or a URL (`$wgUploadPath`), as
    /// file URLs name it [default: the script path's `/images`].
    #[arg(long, env = "WIKIQUERY_UPLOADS_URL")]
    pub uploads_url: Option<String>,
    /// Write an access log line for each API request on standard output.
    #[arg(long, env = "WIKIQUERY_ACCESS_LOG")]
    pub access_log: bool,
    /// The access log's form: `text` or `json` [default: text].
    #[arg(long, value_enum, env = "WIKIQUERY_LOG_FORMAT")]
    pub log_format: Option<crate::access_log::LogFormat>,
    /// Log this share of the requests, taken evenly (`0.01`: one in a hundred) [default: 1].
    #[arg(long, env = "WIKIQUERY_ACCESS_LOG_SAMPLE")]
    pub access_log_sample: Option<f64>,
    /// Serve `/metrics` on this address rather than on the API's.
    #[arg(long, env = "WIKIQUERY_METRICS_LISTEN")]
    pub metrics_listen: Option<String>,
    /// Serve no `/metrics`.
    #[arg(long, env = "WIKIQUERY_NO_METRICS")]
    pub no_metrics: bool,
}

/// Options of `import`.
#[derive(Debug, Clone, clap::Args)]
pub struct ImportArgs {
    /// The dump: `.xml`, `.xml.gz` or `.xml.bz2`.
    pub dump: PathBuf,
    /// Database URL to load into (created if empty).
    #[arg(long, env = "WIKIQUERY_DB")]
    pub db: String,
    /// Pages per transaction.
    #[arg(long, default_value_t = 100)]
    pub batch: usize,
    /// Copy the interwiki map from this MediaWiki database (dumps do not carry it).
    #[arg(long, conflicts_with = "interwiki")]
    pub interwiki_from: Option<String>,
    /// Write the interwiki map of this TOML file (`[[interwiki]]` tables with `prefix`, `url`,
    /// and optionally `api`, `local`, `trans`) [default: the database's own map, or, when it
    /// has none, the one a new MediaWiki installation starts with].
    #[arg(long)]
    pub interwiki: Option<PathBuf>,
}

/// Options of `reindex`.
#[derive(Debug, Clone, clap::Args)]
pub struct ReindexArgs {
    /// Database URL of the wiki to index.
    #[arg(long, env = "WIKIQUERY_DB")]
    pub db: String,
}

/// Options of `refresh-links`.
#[derive(Debug, Clone, clap::Args)]
pub struct RefreshLinksArgs {
    /// Database URL of the wiki (a wikiquery database).
    #[arg(long, env = "WIKIQUERY_DB")]
    pub db: String,
    /// The first page id to refresh: to resume, the id after the last one a run reported.
    #[arg(long, default_value_t = 0)]
    pub start: i64,
    /// The last page id to refresh [default: the last page].
    #[arg(long)]
    pub end: Option<i64>,
    /// Pages per transaction.
    #[arg(long, default_value_t = 1000)]
    pub batch: usize,
}

/// Options of `update-special-pages`.
#[derive(Debug, Clone, clap::Args)]
pub struct UpdateSpecialPagesArgs {
    /// Database URL of the wiki whose reports to cache.
    #[arg(long, env = "WIKIQUERY_DB")]
    pub db: String,
}
