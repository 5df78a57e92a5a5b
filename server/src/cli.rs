//! The command line: `wikiquery serve [--listen ADDR] [--db URL]` (the default) and
//! `wikiquery import DUMP --db URL`.

use clap::{Parser, Subcommand};

/// A fast, MediaWiki-compatible read API server.
#[derive(Debug, Parser)]
#[command(name = "wikiquery", version, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// What to do.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve the API over HTTP (the default).
    Serve(ServeArgs),
    /// Load a MediaWiki XML dump into a database.
    Import(ImportArgs),
}

/// Options of `serve`.
#[derive(Debug, Clone, clap::Args)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, env = "WIKIQUERY_LISTEN", default_value = "127.0.0.1:8080")]
    pub listen: String,
    /// Database URL: `sqlite:PATH`, `postgres://...` or `mysql://...`.
    #[arg(long, env = "WIKIQUERY_DB", default_value = "sqlite:data/wiki.sqlite")]
    pub db: String,
    /// Worker threads (default: one per core).
    #[arg(long, env = "WIKIQUERY_WORKERS")]
    pub workers: Option<usize>,
}

impl Default for ServeArgs {
    fn default() -> Self {
        ServeArgs { listen: "127.0.0.1:8080".into(), db: "sqlite:data/wiki.sqlite".into(), workers: None }
    }
}

/// Options of `import`.
#[derive(Debug, Clone, clap::Args)]
pub struct ImportArgs {
    /// The dump: `.xml`, `.xml.gz` or `.xml.bz2`.
    pub dump: String,
    /// Database URL to load into.
    #[arg(long, env = "WIKIQUERY_DB")]
    pub db: String,
}
