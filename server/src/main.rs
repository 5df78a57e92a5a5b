//! `wikiquery`: serves the API, or imports a dump.

use std::process::ExitCode;
use std::sync::Arc;

use actix_web::{web, App, HttpServer};
use clap::Parser;
use wikiquery_framework::api::ApiConfig;
use wikiquery_framework::Registry;
use wikiquery_server::cli::{Cli, Command, ServeArgs};
use wikiquery_server::http::{configure, AppState};

fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()))
        .with_writer(std::io::stderr)
        .init();
    wikiquery_modules::link();
    let cli = Cli::parse();
    match cli.command.unwrap_or(Command::Serve(ServeArgs::default())) {
        Command::Serve(args) => serve(args),
        Command::Import(args) => {
            eprintln!(
                "wikiquery import: loading dumps is not available in this version yet (dump {}, database {})",
                args.dump, args.db
            );
            ExitCode::from(2)
        }
    }
}

fn serve(args: ServeArgs) -> ExitCode {
    let registry = match Registry::global() {
        Ok(r) => r,
        Err(problem) => {
            eprintln!("wikiquery: refusing to start: {problem}");
            return ExitCode::from(1);
        }
    };
    tracing::info!(modules = registry.query_modules(None).count(), "module registry checked");
    let host = std::env::var("HOSTNAME").unwrap_or_else(|_| "wikiquery".to_owned());
    let state = AppState {
        config: Arc::new(ApiConfig { served_by: host, api_url: format!("http://{}/api.php", args.listen) }),
    };
    let workers = args.workers.unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2));
    let run = actix_web::rt::System::new().block_on(async move {
        let server = HttpServer::new(move || App::new().app_data(web::Data::new(state.clone())).configure(configure))
            .workers(workers)
            .bind(&args.listen)?;
        tracing::info!(listen = %args.listen, "serving /api.php");
        server.run().await
    });
    match run {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("wikiquery: {e}");
            ExitCode::from(1)
        }
    }
}
