//! Many servers, one wiki: three `wikiquery serve` processes behind HAProxy (Debian's, round
//! robin, as an operator would put them), sharing sessions through the session secret alone. A
//! client logs in through one process, reads through another and logs out through a third, and
//! never notices that they are different processes.

mod common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::{free_port, project, spawn_with_env, temp_dir, Server};
use serde_json::Value;

/// HAProxy, stopped when dropped.
struct Balancer(Child);

impl Drop for Balancer {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// HAProxy on `port`, round robin over `backends`; each answer names the backend that served it
/// (`X-Backend`).
fn balancer(dir: &std::path::Path, port: u16, backends: &[u16]) -> Balancer {
    let servers: String = backends.iter().enumerate().map(|(i, p)| format!("  server wq{i} 127.0.0.1:{p}\n")).collect();
    let config = format!(
        "global\n  maxconn 256\ndefaults\n  mode http\n  timeout connect 2s\n  timeout client 30s\n  timeout server 30s\n\
         frontend api\n  bind 127.0.0.1:{port}\n  default_backend wikiquery\n\
         backend wikiquery\n  balance roundrobin\n  http-response set-header X-Backend %s\n{servers}"
    );
    let path = dir.join("haproxy.cfg");
    std::fs::write(&path, config).expect("writing haproxy.cfg");
    let child = Command::new("haproxy")
        .args(["-db", "-f"])
        .arg(&path)
        .stdout(Stdio::null())
        .spawn()
        .expect("HAProxy runs (Debian's haproxy package, which .ci/run installs)");
    let started = Instant::now();
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(started.elapsed() < Duration::from_secs(10), "HAProxy did not listen on {port}");
        std::thread::sleep(Duration::from_millis(50));
    }
    Balancer(child)
}

/// A client with a cookie jar, talking HTTP/1.0 to one address.
struct Client {
    port: u16,
    cookies: Vec<(String, String)>,
}

struct Answer {
    backend: String,
    body: Value,
}

impl Client {
    fn send(&mut self, method: &str, query: &str) -> Answer {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).expect("connect");
        stream.set_read_timeout(Some(Duration::from_secs(30))).expect("timeout");
        let cookie: Vec<String> = self.cookies.iter().map(|(k, v)| format!("{k}={v}")).collect();
        let cookie = if cookie.is_empty() { String::new() } else { format!("Cookie: {}\r\n", cookie.join("; ")) };
        let request = if method == "POST" {
            format!(
                "POST /api.php HTTP/1.0\r\nHost: 127.0.0.1\r\n{cookie}Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\n{query}",
                query.len()
            )
        } else {
            format!("GET /api.php?{query} HTTP/1.0\r\nHost: 127.0.0.1\r\n{cookie}\r\n")
        };
        stream.write_all(request.as_bytes()).expect("request");
        let mut answer = Vec::new();
        stream.read_to_end(&mut answer).expect("answer");
        let answer = String::from_utf8(answer).expect("UTF-8");
        let (head, body) = answer.split_once("\r\n\r\n").expect("headers end");
        assert!(head.contains(" 200 "), "{head}");
        let mut backend = String::new();
        for (name, value) in head.lines().skip(1).filter_map(|l| l.split_once(':')) {
            let value = value.trim();
            if name.eq_ignore_ascii_case("X-Backend") {
                backend = value.to_owned();
            } else if name.eq_ignore_ascii_case("Set-Cookie") {
                let pair = value.split(';').next().unwrap_or_default();
                let (key, val) = pair.split_once('=').unwrap_or((pair, ""));
                self.cookies.retain(|(k, _)| k != key);
                let expired = value.to_ascii_lowercase().contains("max-age=0") || value.contains("1970");
                if !val.is_empty() && val != "deleted" && !expired {
                    self.cookies.push((key.to_owned(), val.to_owned()));
                }
            }
        }
        Answer { backend, body: serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {body}")) }
    }
}

fn encode(pairs: &[(&str, &str)]) -> String {
    form_urlencoded::Serializer::new(String::new()).extend_pairs(pairs).finish()
}

#[test]
fn a_login_on_one_server_holds_on_the_others_behind_a_load_balancer() {
    let dir = temp_dir("farm");
    let db = dir.join("fixturewiki.sqlite");
    std::fs::copy(project("tests/fixtures/mw139/fixturewiki.sqlite"), &db).expect("copying the fixture");
    let config = project("tests/fixtures/mw139/wikiquery.toml");
    let db_url = format!("sqlite:{}", db.display());
    let args = ["--config", config.to_str().unwrap_or_default(), "serve", "--db", &db_url];
    let secret = [("WIKIQUERY_SESSION_SECRET", "one secret for every server of the farm")];
    let servers: Vec<Server> = (0..3).map(|_| spawn_with_env(free_port(), &args, &secret)).collect();
    let port = free_port();
    let _balancer = balancer(&dir, port, &servers.iter().map(|s| s.port).collect::<Vec<_>>());
    let mut client = Client { port, cookies: Vec::new() };
    let mut backends = Vec::new();

    let token = client.send("GET", "action=query&meta=tokens&type=login&format=json");
    backends.push(token.backend.clone());
    let token = token.body["query"]["tokens"]["logintoken"].as_str().expect("a login token").to_owned();
    let login = client.send(
        "POST",
        &encode(&[
            ("action", "clientlogin"),
            ("username", "Alice"),
            ("password", "FixtureUserPass-2024"),
            ("loginreturnurl", "http://127.0.0.1/"),
            ("logintoken", &token),
            ("format", "json"),
        ]),
    );
    assert_eq!(login.body["clientlogin"]["status"], "PASS", "{}", login.body);
    backends.push(login.backend.clone());

    let me = client.send("GET", "action=query&meta=userinfo&format=json&formatversion=2");
    assert_eq!(me.body["query"]["userinfo"]["name"], "Alice", "{}", me.body);
    backends.push(me.backend.clone());
    let csrf = client.send("GET", "action=query&meta=tokens&format=json");
    backends.push(csrf.backend.clone());
    let csrf = csrf.body["query"]["tokens"]["csrftoken"].as_str().expect("a csrf token").to_owned();
    let logout = client.send("POST", &encode(&[("action", "logout"), ("token", &csrf), ("format", "json")]));
    assert!(logout.body.get("error").is_none(), "{}", logout.body);
    backends.push(logout.backend.clone());
    let after = client.send("GET", "action=query&meta=userinfo&format=json&formatversion=2");
    assert_eq!(after.body["query"]["userinfo"]["anon"], true, "{}", after.body);
    backends.push(after.backend);

    // Round robin: the login, the read and the logout were each answered by another process.
    assert_ne!(backends[1], backends[2], "{backends:?}");
    assert_ne!(backends[2], backends[4], "{backends:?}");
    let mut distinct = backends.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 3, "every server answered: {backends:?}");
    drop(servers);
    let _ = std::fs::remove_dir_all(&dir);
}
