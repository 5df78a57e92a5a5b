//! `wikiquery`: serves the API, imports a dump, or rebuilds the search index or the link tables.

use std::process::ExitCode;

use wikiquery_server::cli::{Cli, Command};
use wikiquery_server::config::{resolve, FileConfig};
use wikiquery_server::{import, refresh_links, reindex, serve, special_pages};

// The API answers each request with many small, short-lived allocations from several
// threads; mimalloc serves those without the lock contention and heap consolidation of
// the system allocator (a third of the serving time in a profile of list=logevents).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Runs before anything allocates: the allocator's options are read when it first reserves
/// memory.
#[used]
#[link_section = ".init_array"]
static COMMIT_MEMORY_LAZILY: extern "C" fn() = wikiquery_server::allocator::commit_memory_lazily;

fn main() -> ExitCode {
    // By default, not the HTTP layer's error line for each malformed request: the client
    // gets its 400 answer, and a flood of bad requests would otherwise flood the log
    // (`RUST_LOG`, when set, replaces this default: `RUST_LOG=info` shows them).
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "info,actix_http::h1::dispatcher=off".into()),
        )
        .with_writer(std::io::stderr)
        .init();
    wikiquery_server::allocator::use_mimalloc();
    wikiquery_modules::link();
    let cli = Cli::parse_checked();
    let file = match &cli.config {
        Some(path) => match FileConfig::load(path) {
            Ok(f) => f,
            Err(e) => {
                eprintln!("wikiquery: {e}");
                return ExitCode::from(2);
            }
        },
        None => FileConfig::default(),
    };
    let result = match cli.command.unwrap_or(Command::Serve(cli.serve)) {
        Command::Serve(args) => resolve(&args, file).and_then(serve::run),
        Command::Import(args) => import::run(&args),
        Command::Reindex(args) => reindex::run(&args),
        Command::RefreshLinks(args) => refresh_links::run(&args),
        Command::UpdateSpecialPages(args) => special_pages::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("wikiquery: {e}");
            ExitCode::from(1)
        }
    }
}
