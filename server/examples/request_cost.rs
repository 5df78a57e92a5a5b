//! The CPU cost of answering one request, without HTTP: opens a database as `serve` does and
//! answers the same request many times on one thread, then prints the time per request.
//!
//!   cargo run --release -p wikiquery --example request_cost -- sqlite:wiki.sqlite \
//!       'action=query&list=logevents&lelimit=max&format=json' [ITERATIONS]
//!
//! Steadier than a load generator for comparing two builds; `tools/bench_logevents.sh`
//! measures the served figures.

use std::time::Instant;

use wikiquery_runtime::api::{self, ApiRequest};
use wikiquery_server::cli::ServeArgs;
use wikiquery_server::config::{resolve, FileConfig};
use wikiquery_server::serve::{api_config, open_store};

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [db, query, rest @ ..] = args.as_slice() else {
        return Err("usage: request_cost DB QUERY [ITERATIONS]".to_owned());
    };
    let iterations: u32 = rest.first().map(|n| n.parse().map_err(|e| format!("{n}: {e}"))).transpose()?.unwrap_or(2000);
    wikiquery_modules::link();
    let flags = ServeArgs { db: Some(db.clone()), workers: Some(1), pool_size: Some(1), ..ServeArgs::default() };
    let config = resolve(&flags, FileConfig::default())?;
    let config = api_config(open_store(&config)?, config.settings.clone(), "bench".to_owned(), "/api.php".to_owned());
    let params: Vec<(String, String)> = form_urlencoded::parse(query.as_bytes()).into_owned().collect();
    let request = || ApiRequest {
        params: params.clone(),
        posted: false,
        headers: Vec::new(),
        client: None,
        query_names: Vec::new(),
        uri: format!("/api.php?{query}"),
    };
    let first = api::handle(request(), &config);
    for _ in 0..iterations / 10 {
        api::handle(request(), &config);
    }
    let start = Instant::now();
    for _ in 0..iterations {
        api::handle(request(), &config);
    }
    let per = start.elapsed() / iterations;
    println!("{} bytes, {per:?} per request ({:.0} requests/s on one core)", first.body.len(), 1.0 / per.as_secs_f64());
    Ok(())
}
