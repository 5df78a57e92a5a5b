//! What a connection can do to the server: a request head that never ends is cut off, a body
//! that never ends is answered with the error envelope, a request the server cannot read closes
//! its connection cleanly (`Connection: close`), and the server stops within seconds however
//! many connections are left open; connections waiting between requests hold little memory.

mod common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::Command;
use std::time::{Duration, Instant};

use common::Server;

/// Serves a new, empty wiki on a free port.
fn serve(name: &str) -> Server {
    serve_with(name, &[])
}

/// Serves a new, empty wiki on a free port, with more options.
fn serve_with(name: &str, options: &[&str]) -> Server {
    let db = common::temp_dir(&format!("connections-{name}")).join("wiki.sqlite");
    let db = format!("sqlite:{}", db.display());
    let mut args = vec!["serve", "--create", "--workers", "2", "--db", &db];
    args.extend_from_slice(options);
    common::spawn_on(common::free_port(), &args)
}

fn connect(server: &Server) -> TcpStream {
    let stream = TcpStream::connect(("127.0.0.1", server.port)).expect("connects");
    stream.set_read_timeout(Some(Duration::from_secs(20))).expect("a read timeout");
    stream
}

/// Reads one response whose body has a `Content-Length`: its head (lower-cased) and body.
fn read_response(stream: &mut TcpStream) -> (String, Vec<u8>) {
    let mut data = Vec::new();
    let mut byte = [0u8; 1];
    while !data.ends_with(b"\r\n\r\n") {
        match stream.read(&mut byte) {
            Ok(1) => data.push(byte[0]),
            other => panic!("the response head ended early ({other:?}): {}", String::from_utf8_lossy(&data)),
        }
    }
    let head = String::from_utf8_lossy(&data).to_ascii_lowercase();
    let length = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .and_then(|v| v.trim().parse::<usize>().ok())
        .unwrap_or(0);
    let mut body = vec![0u8; length];
    stream.read_exact(&mut body).expect("the body");
    (head, body)
}

/// Whether the server closes the connection (end of stream) within `limit`.
fn closed_within(stream: &mut TcpStream, limit: Duration) -> bool {
    let started = Instant::now();
    let mut buf = [0u8; 4096];
    loop {
        match stream.read(&mut buf) {
            Ok(0) => return started.elapsed() <= limit,
            Ok(_) => continue,
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => return started.elapsed() <= limit,
            Err(_) => return false,
        }
    }
}

/// A connection on which one request was answered and kept alive.
fn kept_alive(server: &Server) -> TcpStream {
    let mut stream = connect(server);
    stream.write_all(QUERY.as_bytes()).expect("writes");
    let (head, _) = read_response(&mut stream);
    assert!(head.starts_with("http/1.1 200"), "{head}");
    assert!(!head.contains("connection: close"), "the first request keeps the connection: {head}");
    stream
}

/// A refusal says that the connection closes, and it does.
fn assert_refused_and_closed(head: &str, stream: &mut TcpStream) {
    assert!(head.contains("connection: close"), "the refusal does not say it closes: {head}");
    assert!(closed_within(stream, Duration::from_secs(5)), "the connection stayed open");
}

const QUERY: &str = "GET /api.php?action=query&meta=siteinfo&format=json HTTP/1.1\r\nHost: localhost\r\n\r\n";

#[test]
fn a_request_head_that_never_ends_is_cut_off() {
    let server = serve("slow-head");
    let mut stream = connect(&server);
    stream.write_all(b"GET /api.php?action=query HTTP/1.1\r\nHost: localhost\r\nX-Slow: ").expect("writes");
    assert!(closed_within(&mut stream, Duration::from_secs(12)), "the connection was held open");
}

#[test]
fn a_request_body_that_never_ends_is_answered_and_its_connection_closed() {
    let server = serve("slow-body");
    let mut stream = connect(&server);
    stream
        .write_all(b"POST /api.php HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\naction=query&format=json&")
        .expect("writes");
    let started = Instant::now();
    let (head, body) = read_response(&mut stream);
    assert!(started.elapsed() < Duration::from_secs(15), "answered after {:?}", started.elapsed());
    assert!(head.contains("connection: close"), "{head}");
    let body: serde_json::Value = serde_json::from_slice(&body).expect("a JSON envelope");
    assert_eq!(body["error"]["code"], "badrequest", "{body}");
    assert!(closed_within(&mut stream, Duration::from_secs(5)), "the connection stayed open");
}

#[test]
fn an_oversized_request_on_a_kept_alive_connection_says_it_closes() {
    let server = serve("oversized");
    let mut stream = kept_alive(&server);
    // The second request's head is larger than any the server reads.
    let big =
        format!("GET /api.php?action=query HTTP/1.1\r\nHost: localhost\r\nX-Big: {}\r\n\r\n", "a".repeat(1 << 20));
    stream.set_write_timeout(Some(Duration::from_secs(5))).expect("a write timeout");
    // The server stops reading once the head is over its bound.
    let _ = stream.write_all(big.as_bytes());
    let (head, _) = read_response(&mut stream);
    assert!(head.starts_with("http/1.1 431"), "{head}");
    assert_refused_and_closed(&head, &mut stream);
}

#[test]
fn a_malformed_request_on_a_kept_alive_connection_says_it_closes() {
    let server = serve("malformed");
    let mut stream = kept_alive(&server);
    stream.write_all(b"GET /api.php HTTP/1.1\r\nHost: localhost\r\nBad Header Line\r\n\r\n").expect("writes");
    let (head, _) = read_response(&mut stream);
    assert!(head.starts_with("http/1.1 400"), "{head}");
    assert_refused_and_closed(&head, &mut stream);
}

#[test]
fn the_server_stops_within_seconds_with_connections_left_open() {
    let mut server = serve("shutdown");
    // An idle kept-alive connection, a head that never ends and a body that never comes.
    let idle = kept_alive(&server);
    let mut slow_head = connect(&server);
    slow_head.write_all(b"GET /api.php HTTP/1.1\r\nHost: local").expect("writes");
    let mut slow_body = connect(&server);
    slow_body
        .write_all(b"POST /api.php HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\naction=query&")
        .expect("writes");
    std::thread::sleep(Duration::from_millis(300));
    let stopped = Command::new("kill").args(["-TERM", &server.child.id().to_string()]).status().expect("kill runs");
    assert!(stopped.success());
    let started = Instant::now();
    loop {
        if let Some(status) = server.child.try_wait().expect("waits") {
            assert!(status.success() || status.code().is_none(), "{status:?}");
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(8), "the server was still running 8 s after SIGTERM");
        std::thread::sleep(Duration::from_millis(50));
    }
    drop((idle, slow_head, slow_body));
}

/// A connection carries as many requests as the server allows, the last answered with
/// `Connection: close` and then closed, so that kept-alive clients take turns; an idle one is
/// closed after the keep-alive time.
#[test]
fn kept_alive_connections_are_bounded_by_requests_and_idle_time() {
    let server = serve_with("keepalive", &["--keepalive-requests", "3", "--keepalive-timeout", "1"]);
    let mut stream = connect(&server);
    let request = b"GET /api.php?action=query&format=json HTTP/1.1\r\nHost: x\r\n\r\n";
    for n in 1..=3 {
        stream.write_all(request).expect("sends");
        let (head, _) = read_response(&mut stream);
        assert!(head.starts_with("http/1.1 200"), "{head}");
        assert_eq!(head.contains("connection: close"), n == 3, "request {n}: {head}");
    }
    assert!(closed_within(&mut stream, Duration::from_secs(5)), "closed after its last request");
    let mut idle = connect(&server);
    idle.write_all(request).expect("sends");
    let (head, _) = read_response(&mut idle);
    assert!(!head.contains("connection: close"), "{head}");
    assert!(closed_within(&mut idle, Duration::from_secs(5)), "closed once idle");
}

/// Resident memory of a process, in KiB.
fn resident_kib(pid: u32) -> u64 {
    wikiquery_server::process::resident_kib(pid).expect("the server's resident memory")
}

/// A kept-alive connection waiting for its next request holds little memory: the HTTP layer
/// gives its read and write buffers back while it waits (16 KiB a connection before, of which
/// about 12 were resident once used), so that many clients fit in a small server.
#[test]
fn idle_kept_alive_connections_hold_little_memory() {
    const CONNECTIONS: u64 = 1_000;
    let server = serve_with("idle-memory", &["--keepalive-timeout", "120"]);
    // What is filled once (the registry, the store's statements, the allocator's first pages)
    // is filled before measuring.
    for _ in 0..3 {
        let warm: Vec<TcpStream> = (0..50).map(|_| kept_alive(&server)).collect();
        drop(warm);
    }
    std::thread::sleep(Duration::from_millis(300));
    let before = resident_kib(server.child.id());
    let open: Vec<TcpStream> = (0..CONNECTIONS).map(|_| kept_alive(&server)).collect();
    std::thread::sleep(Duration::from_millis(300));
    let after = resident_kib(server.child.id());
    let per_connection = after.saturating_sub(before) as f64 / CONNECTIONS as f64;
    assert!(
        per_connection < 6.0,
        "{per_connection:.1} KiB resident for each idle kept-alive connection ({before} KiB before, {after} KiB after)"
    );
    // They are still served.
    for mut stream in open.into_iter().step_by(100) {
        stream.write_all(QUERY.as_bytes()).expect("writes");
        let (head, body) = read_response(&mut stream);
        assert!(head.starts_with("http/1.1 200"), "{head}");
        assert!(String::from_utf8_lossy(&body).contains("\"general\""), "an answer");
    }
}
