//! A closed-loop load of many clients, each on its own kept-alive connection, asking the
//! requests of a mix in turn as fast as answers come, through phases of fixed length: for each
//! phase, the answers per second, the latency and every failure. Half the requests carry
//! `maxlag=5`, as bots send it; a `maxlag` answer to those is what they asked for and is
//! counted apart, any other error or a broken connection is a failure. Loopback only, bounded
//! in time; it stops by itself.
//!
//!   cargo run --release -p wikiquery --example mix_load -- --port 8080 --clients 64 \
//!       --phases steady:30,replica-killed:30 --requests FILE
//!
//! `FILE` holds one query string a line (`#` starts a comment). `tools/bench_replication.sh` runs
//! it through HAProxy against several servers over replicated databases.

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::io::{AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

mod load;
use load::{percentile, read_response};

struct Options {
    port: u16,
    clients: usize,
    phases: Vec<(String, Duration)>,
    requests: Vec<String>,
}

fn options() -> Result<Options, String> {
    let mut port = 8080;
    let mut clients = 64;
    let mut phases = vec![("steady".to_owned(), Duration::from_secs(10))];
    let mut requests = Vec::new();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--port" => port = value.parse().map_err(|e| format!("--port {value}: {e}"))?,
            "--clients" => clients = value.parse().map_err(|e| format!("--clients {value}: {e}"))?,
            "--phases" => {
                phases = value
                    .split(',')
                    .map(|p| {
                        let (name, seconds) = p.split_once(':').ok_or_else(|| format!("phase `{p}`: NAME:SECONDS"))?;
                        let seconds: u64 = seconds.parse().map_err(|e| format!("phase `{p}`: {e}"))?;
                        Ok((name.to_owned(), Duration::from_secs(seconds.min(600))))
                    })
                    .collect::<Result<_, String>>()?
            }
            "--requests" => {
                let text = std::fs::read_to_string(value).map_err(|e| format!("{value}: {e}"))?;
                requests = text
                    .lines()
                    .map(str::trim)
                    .filter(|l| !l.is_empty() && !l.starts_with('#'))
                    .map(str::to_owned)
                    .collect();
            }
            other => return Err(format!("unknown option {other}")),
        }
    }
    if requests.is_empty() {
        requests.push("action=query&meta=siteinfo&format=json&formatversion=2".to_owned());
    }
    Ok(Options { port, clients: clients.max(1), phases, requests })
}

/// What the clients saw in one phase.
#[derive(Default)]
struct Phase {
    latencies_us: Vec<u64>,
    maxlag: u64,
    failures: Vec<String>,
}

/// How an answer went.
enum Outcome {
    Answered,
    Maxlag,
    Failed(String),
}

fn classify(status: &str, body: &[u8], asked_maxlag: bool) -> Outcome {
    if !status.starts_with("http/1.1 200") {
        return Outcome::Failed(status.to_owned());
    }
    let head = String::from_utf8_lossy(&body[..body.len().min(120)]);
    if !head.starts_with("{\"error\"") {
        return Outcome::Answered;
    }
    if asked_maxlag && head.starts_with("{\"error\":{\"code\":\"maxlag\"") {
        Outcome::Maxlag
    } else {
        Outcome::Failed(head.into_owned())
    }
}

async fn client(
    index: usize,
    addr: SocketAddr,
    requests: Arc<Vec<String>>,
    started: Instant,
    boundaries: Arc<Vec<Duration>>,
    tally: Arc<Vec<Mutex<Phase>>>,
) {
    let end = *boundaries.last().unwrap_or(&Duration::ZERO);
    let mut conn: Option<BufReader<TcpStream>> = None;
    let mut n = index;
    while started.elapsed() < end {
        let sent = Instant::now();
        let phase = boundaries.iter().position(|b| sent.duration_since(started) < *b).unwrap_or(boundaries.len() - 1);
        let asked_maxlag = n % 2 == 1;
        let query = &requests[n % requests.len()];
        let query = if asked_maxlag { format!("{query}&maxlag=5") } else { query.clone() };
        n += 1;
        let outcome = async {
            if conn.is_none() {
                let stream = TcpStream::connect(addr).await?;
                let _ = stream.set_nodelay(true);
                conn = Some(BufReader::new(stream));
            }
            let reader = conn.as_mut().ok_or(std::io::ErrorKind::NotConnected)?;
            let request = format!("GET /api.php?{query} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
            reader.get_mut().write_all(request.as_bytes()).await?;
            read_response(reader).await
        };
        let outcome = match tokio::time::timeout(Duration::from_secs(30), outcome).await {
            Ok(Ok((status, body, keep))) => {
                if !keep {
                    conn = None;
                }
                classify(&status, &body, asked_maxlag)
            }
            Ok(Err(error)) => {
                conn = None;
                Outcome::Failed(format!("connection: {error}"))
            }
            Err(_) => {
                conn = None;
                Outcome::Failed("no answer within 30 s".to_owned())
            }
        };
        let us = sent.elapsed().as_micros() as u64;
        let mut phase = tally[phase].lock().unwrap_or_else(|e| e.into_inner());
        match outcome {
            Outcome::Answered => phase.latencies_us.push(us),
            Outcome::Maxlag => {
                phase.maxlag += 1;
                phase.latencies_us.push(us);
            }
            Outcome::Failed(why) => phase.failures.push(format!("{query}: {why}")),
        }
    }
}

fn main() -> Result<(), String> {
    let o = options()?;
    let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, o.port));
    let mut boundaries = Vec::new();
    let mut total = Duration::ZERO;
    for (_, length) in &o.phases {
        total += *length;
        boundaries.push(total);
    }
    let boundaries = Arc::new(boundaries);
    let tally: Arc<Vec<Mutex<Phase>>> = Arc::new(o.phases.iter().map(|_| Mutex::default()).collect());
    let requests = Arc::new(o.requests);
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().map_err(|e| e.to_string())?;
    let started = Instant::now();
    runtime.block_on(async {
        let tasks: Vec<_> = (0..o.clients)
            .map(|i| {
                let (requests, boundaries, tally) = (requests.clone(), boundaries.clone(), tally.clone());
                tokio::spawn(client(i, addr, requests, started, boundaries, tally))
            })
            .collect();
        for task in tasks {
            let _ = task.await;
        }
    });
    println!("| phase | seconds | answers | answers/s | p50 ms | p99 ms | maxlag answers | failed |");
    println!("| --- | --- | --- | --- | --- | --- | --- | --- |");
    let mut failed = 0;
    for ((name, length), phase) in o.phases.iter().zip(tally.iter()) {
        let mut phase = phase.lock().unwrap_or_else(|e| e.into_inner());
        phase.latencies_us.sort_unstable();
        let answers = phase.latencies_us.len();
        println!(
            "| {name} | {} | {answers} | {:.0} | {:.2} | {:.2} | {} | {} |",
            length.as_secs(),
            answers as f64 / length.as_secs_f64(),
            percentile(&phase.latencies_us, 0.5),
            percentile(&phase.latencies_us, 0.99),
            phase.maxlag,
            phase.failures.len()
        );
        failed += phase.failures.len();
        for failure in phase.failures.iter().take(5) {
            eprintln!("  {name}: {failure}");
        }
    }
    if failed > 0 {
        return Err(format!("{failed} requests failed"));
    }
    Ok(())
}
