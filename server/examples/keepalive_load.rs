//! Many clients at once, each on its own kept-alive connection, each asking again at an
//! interval: whether every client is answered, how long answers take, and how much memory the
//! server holds meanwhile. Loopback only, bounded in time; it stops by itself.
//!
//!   cargo run --release -p wikiquery --example keepalive_load -- \
//!       --port 8080 --clients 10000 --interval-ms 2000 --seconds 30 [--pid SERVER_PID] \
//!       [--path '/api.php?action=query&meta=siteinfo&format=json']
//!
//! A client whose connection the server closes (`Connection: close`, the keep-alive limits)
//! connects again, as browsers and client libraries do. `tools/bench_keepalive.sh` runs it
//! against a release build.

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::io::{AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

mod load;
use load::{percentile, read_response};

struct Options {
    port: u16,
    clients: usize,
    interval: Duration,
    seconds: u64,
    pid: Option<u32>,
    path: String,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        port: 8080,
        clients: 10_000,
        interval: Duration::from_millis(2000),
        seconds: 30,
        pid: None,
        path: "/api.php?action=query&meta=siteinfo&format=json".to_owned(),
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let number = |v: &str| v.parse::<u64>().map_err(|e| format!("{flag} {v}: {e}"));
        match flag.as_str() {
            "--port" => o.port = number(value)? as u16,
            "--clients" => o.clients = number(value)? as usize,
            "--interval-ms" => o.interval = Duration::from_millis(number(value)?),
            "--seconds" => o.seconds = number(value)?.min(600),
            "--pid" => o.pid = Some(number(value)? as u32),
            "--path" => o.path.clone_from(value),
            other => return Err(format!("unknown option {other}")),
        }
    }
    Ok(o)
}

/// What all clients saw.
#[derive(Default)]
struct Tally {
    answers: AtomicU64,
    failures: AtomicU64,
    reconnects: AtomicU64,
    latencies_us: Mutex<Vec<u64>>,
    answered_clients: AtomicU64,
}

/// One response read: whether the server keeps the connection; an error for any status but 200.
async fn read_ok(reader: &mut BufReader<TcpStream>) -> std::io::Result<bool> {
    let (status, _, keep) = read_response(reader).await?;
    if !status.starts_with("http/1.1 200") {
        return Err(std::io::Error::other(status));
    }
    Ok(keep)
}

async fn client(addr: SocketAddr, request: Arc<Vec<u8>>, interval: Duration, until: Instant, tally: Arc<Tally>) {
    let mut answered = false;
    let mut conn: Option<BufReader<TcpStream>> = None;
    let mut next = Instant::now();
    while Instant::now() < until {
        if conn.is_none() {
            match TcpStream::connect(addr).await {
                Ok(s) => {
                    let _ = s.set_nodelay(true);
                    conn = Some(BufReader::new(s));
                }
                Err(_) => {
                    tally.failures.fetch_add(1, Ordering::Relaxed);
                    tokio::time::sleep(Duration::from_millis(200)).await;
                    continue;
                }
            }
        }
        let Some(reader) = conn.as_mut() else { continue };
        let sent = Instant::now();
        let outcome = async {
            reader.get_mut().write_all(&request).await?;
            read_ok(reader).await
        };
        match tokio::time::timeout(Duration::from_secs(30), outcome).await {
            Ok(Ok(keep)) => {
                let us = sent.elapsed().as_micros() as u64;
                tally.answers.fetch_add(1, Ordering::Relaxed);
                tally.latencies_us.lock().unwrap_or_else(|e| e.into_inner()).push(us);
                if !answered {
                    answered = true;
                    tally.answered_clients.fetch_add(1, Ordering::Relaxed);
                }
                if !keep {
                    conn = None;
                    tally.reconnects.fetch_add(1, Ordering::Relaxed);
                }
            }
            _ => {
                tally.failures.fetch_add(1, Ordering::Relaxed);
                conn = None;
            }
        }
        next += interval;
        let now = Instant::now();
        if next > now {
            tokio::time::sleep(next - now).await;
        } else {
            next = now;
        }
    }
}

fn main() -> Result<(), String> {
    let o = options()?;
    let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, o.port));
    let request =
        Arc::new(format!("GET {} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: gzip\r\n\r\n", o.path).into_bytes());
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().map_err(|e| e.to_string())?;
    let tally = Arc::new(Tally::default());
    let peak_rss = Arc::new(AtomicU64::new(0));
    let started = Instant::now();
    let until = started + Duration::from_secs(o.seconds);
    runtime.block_on(async {
        if let Some(pid) = o.pid {
            let peak = Arc::clone(&peak_rss);
            tokio::spawn(async move {
                while Instant::now() < until {
                    if let Some(kb) = wikiquery_server::process::resident_kib(pid) {
                        peak.fetch_max(kb, Ordering::Relaxed);
                    }
                    tokio::time::sleep(Duration::from_millis(250)).await;
                }
            });
        }
        let mut tasks = Vec::with_capacity(o.clients);
        // Clients arrive over the first interval, as independent clients do.
        let step = o.interval / o.clients.max(1) as u32;
        for i in 0..o.clients {
            tasks.push(tokio::spawn(client(addr, Arc::clone(&request), o.interval, until, Arc::clone(&tally))));
            if i % 100 == 99 {
                tokio::time::sleep(step * 100).await;
            }
        }
        for t in tasks {
            let _ = t.await;
        }
    });
    let mut lat = std::mem::take(&mut *tally.latencies_us.lock().unwrap_or_else(|e| e.into_inner()));
    lat.sort_unstable();
    let seconds = started.elapsed().as_secs_f64();
    println!("clients               {}", o.clients);
    println!("clients answered      {}", tally.answered_clients.load(Ordering::Relaxed));
    println!("answers               {} ({:.0}/s)", tally.answers.load(Ordering::Relaxed), lat.len() as f64 / seconds);
    println!("failures              {}", tally.failures.load(Ordering::Relaxed));
    println!("closed by the server  {}", tally.reconnects.load(Ordering::Relaxed));
    println!(
        "latency ms            p50 {:.2}  p99 {:.2}  p99.9 {:.2}  max {:.2}",
        percentile(&lat, 0.5),
        percentile(&lat, 0.99),
        percentile(&lat, 0.999),
        percentile(&lat, 1.0)
    );
    if o.pid.is_some() {
        println!("server peak RSS       {:.1} MB", peak_rss.load(Ordering::Relaxed) as f64 / 1024.0);
    }
    Ok(())
}
