//! What the server's tests share: the project's files, a server run as operators run it, and
//! plain HTTP requests to it.

#![allow(dead_code)] // each test uses its part

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::time::{Duration, Instant};

/// A file or folder of the project.
pub fn project(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..").join(path)
}

/// A fresh folder of the test's own.
pub fn temp_dir(label: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("wikiquery-{label}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// A server, stopped when dropped.
pub struct Server {
    /// The process.
    pub child: Child,
    /// The port it listens on (loopback).
    pub port: u16,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A free loopback port, never the same twice in one test process. Ports the kernel hands out
/// for `bind(0)` are free again the moment they are released, so two tests asking at once could
/// be given the same one, and one test would then talk to the other's server; these are taken
/// in turn from a range below the kernel's ephemeral ports instead, each checked free.
pub fn free_port() -> u16 {
    use std::sync::atomic::{AtomicU32, Ordering};
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let base = 20_000 + (std::process::id() % 500) * 20;
    loop {
        let port = base + NEXT.fetch_add(1, Ordering::Relaxed) % 10_000;
        let port = u16::try_from(port).expect("a port number");
        if TcpListener::bind(("127.0.0.1", port)).is_ok() {
            return port;
        }
    }
}

/// Runs `wikiquery` with `args` (a command and its options), listening on loopback port
/// `port`; waits until it listens.
pub fn spawn_on(port: u16, args: &[&str]) -> Server {
    spawn_with_env(port, args, &[])
}

/// As [`spawn_on`], with these environment variables set for the server.
pub fn spawn_with_env(port: u16, args: &[&str], env: &[(&str, &str)]) -> Server {
    let child = Command::new(env!("CARGO_BIN_EXE_wikiquery"))
        .args(args)
        .args(["--listen", &format!("127.0.0.1:{port}")])
        .env("RUST_LOG", "warn")
        .envs(env.iter().copied())
        .spawn()
        .expect("the server starts");
    let mut server = Server { child, port };
    let started = Instant::now();
    loop {
        // A server that could not start (its port taken) must not pass for one that did.
        if let Ok(Some(status)) = server.child.try_wait() {
            panic!("the server on port {port} exited at once: {status}");
        }
        if TcpStream::connect(("127.0.0.1", port)).is_ok() {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(30), "the server did not listen on {port}");
        std::thread::sleep(Duration::from_millis(50));
    }
    server
}

/// Serves the SQLite database `db` with the fixture's settings on a free port (its URLs those
/// of that port when `own_base`, else the fixture's).
pub fn serve(db: &Path, own_base: bool) -> Server {
    let port = free_port();
    let config = project("tests/fixtures/mw139/wikiquery.toml");
    let db = format!("sqlite:{}", db.display());
    let base = format!("http://127.0.0.1:{port}/index.php/Main_Page");
    let mut args = vec!["--config", config.to_str().unwrap_or_default(), "serve", "--db", &db];
    if own_base {
        args.extend(["--base", base.as_str()]);
    }
    spawn_on(port, &args)
}

/// The body of `GET /api.php?query` (HTTP/1.0, so that the server closes the connection).
pub fn get(port: u16, query: &str) -> String {
    get_path(port, &format!("/api.php?{query}")).1
}

/// The headers (lower-cased names) and body of `GET path`, which must answer 200.
pub fn get_path(port: u16, path: &str) -> (Vec<(String, String)>, String) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connect");
    stream.set_read_timeout(Some(Duration::from_secs(60))).expect("timeout");
    write!(stream, "GET {path} HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n").expect("request");
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).expect("answer");
    let answer = String::from_utf8(answer).expect("UTF-8");
    let (head, body) = answer.split_once("\r\n\r\n").expect("headers end");
    assert!(head.starts_with("HTTP/1.") && head.contains(" 200 "), "{head}");
    let headers = head
        .lines()
        .skip(1)
        .filter_map(|line| line.split_once(':'))
        .map(|(k, v)| (k.trim().to_lowercase(), v.trim().to_owned()))
        .collect();
    (headers, body.to_owned())
}
