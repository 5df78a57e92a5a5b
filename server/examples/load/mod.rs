//! What the load generators share: reading an HTTP/1.1 response off a kept-alive connection,
//! and percentiles of latencies.

use tokio::io::{AsyncBufReadExt, AsyncReadExt, BufReader};
use tokio::net::TcpStream;

/// Reads one response: its status line (lower-cased), its body (by `Content-Length`), and
/// whether the server keeps the connection.
pub async fn read_response(reader: &mut BufReader<TcpStream>) -> std::io::Result<(String, Vec<u8>, bool)> {
    let mut line = String::new();
    let mut status = String::new();
    let (mut length, mut keep) = (0usize, true);
    loop {
        line.clear();
        if reader.read_line(&mut line).await? == 0 {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        let lower = line.trim_end().to_ascii_lowercase();
        if status.is_empty() {
            status = lower;
            continue;
        }
        if lower.is_empty() {
            break;
        }
        if let Some(v) = lower.strip_prefix("content-length:") {
            length = v.trim().parse().unwrap_or(0);
        }
        if lower == "connection: close" {
            keep = false;
        }
    }
    let mut body = vec![0u8; length];
    reader.read_exact(&mut body).await?;
    Ok((status, body, keep))
}

/// The `p` quantile of sorted latencies in microseconds, in milliseconds.
pub fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i] as f64 / 1000.0
}
