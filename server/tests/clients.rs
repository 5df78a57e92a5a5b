//! Real API clients connect to `wikiquery serve` on the fixture database, served with the
//! fixture's settings: mwclient and pywikibot (Python) and mwn (JavaScript) read the site's
//! name, version, namespaces and the caller's rights, as every bot does first, log in, and
//! read pages, histories, categories, logs, changes, contributions and searches as their
//! users do; mwapi follows continuation over long lists. `tests/clients/run-against.sh` runs
//! the same scripts against MediaWiki 1.39 serving the fixture. The clients are
//! installed as `tests/clients/README.md` says (`.ci/run` does it); a missing client fails the
//! test with that instruction rather than skipping it.

use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn project(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..").join(path)
}

/// The server, stopped when dropped.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Serves a copy of the fixture database on a free port, as the fixture's file says, with the
/// URLs of that port.
fn serve() -> (Server, u16) {
    let dir = std::env::temp_dir().join(format!("wikiquery-clients-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let db = dir.join("fixturewiki.sqlite");
    std::fs::copy(project("tests/fixtures/mw139/fixturewiki.sqlite"), &db).expect("copy the fixture");
    add_bot_passwords(&db);
    let port = TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("a free port").port();
    let config = project("tests/fixtures/mw139/wikiquery.toml");
    let child = Command::new(env!("CARGO_BIN_EXE_wikiquery"))
        .args(["--config", config.to_str().unwrap_or_default(), "serve"])
        .args(["--listen", &format!("127.0.0.1:{port}")])
        .args(["--db", &format!("sqlite:{}", db.display())])
        .args(["--base", &format!("http://127.0.0.1:{port}/index.php/Main_Page")])
        .env("RUST_LOG", "warn")
        .spawn()
        .expect("the server starts");
    let server = Server(child);
    let started = Instant::now();
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(started.elapsed() < Duration::from_secs(30), "the server did not listen on {port}");
        std::thread::sleep(Duration::from_millis(50));
    }
    (server, port)
}

/// Adds the bot passwords MediaWiki's answers were captured with (the clients log in with
/// them), through Python's SQLite module (the clients need Python anyway).
fn add_bot_passwords(db: &std::path::Path) {
    let sql = project("tests/fixtures/oracle/accounts/bot_passwords.sql");
    let status = Command::new("python3")
        .args(["-c", "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.executescript(open(sys.argv[2]).read()); c.commit()"])
        .arg(db)
        .arg(sql)
        .status()
        .expect("python3 runs");
    assert!(status.success(), "adding the bot passwords to {}", db.display());
}

/// Runs a client script (in a directory of its own: pywikibot leaves its caches where it
/// runs); `None` when it connected, else what it said.
fn client(program: &str, script: &str, arg: &str) -> Option<String> {
    let dir = std::env::temp_dir().join(format!("wikiquery-client-{script}-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let out = Command::new(program)
        .arg(project("tests/clients").join(script))
        .arg(arg)
        .current_dir(&dir)
        .stdin(Stdio::null())
        .output();
    match out {
        Ok(out) if out.status.success() => {
            eprintln!("{}", String::from_utf8_lossy(&out.stdout).trim());
            None
        }
        Ok(out) => Some(format!(
            "{script} failed (install the clients as tests/clients/README.md says):\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )),
        Err(e) => Some(format!("{program} {script}: {e}")),
    }
}

#[test]
fn mwclient_pywikibot_and_mwn_connect_and_log_in() {
    let (_server, port) = serve();
    let failures: Vec<String> = [
        client("python3", "mwclient_connects.py", &format!("127.0.0.1:{port}")),
        client("python3", "pywikibot_connects.py", &format!("http://127.0.0.1:{port}/index.php/Main_Page")),
        client("node", "mwn_connects.mjs", &format!("http://127.0.0.1:{port}/api.php")),
        client("python3", "mwclient_logs_in.py", &format!("127.0.0.1:{port}")),
        client("python3", "mwapi_continues.py", &format!("http://127.0.0.1:{port}")),
        client("python3", "pywikibot_logs_in.py", &format!("http://127.0.0.1:{port}/index.php/Main_Page")),
        client("node", "mwn_logs_in.mjs", &format!("http://127.0.0.1:{port}/api.php")),
        client("python3", "mwclient_reads.py", &format!("127.0.0.1:{port}")),
        client("python3", "pywikibot_reads.py", &format!("http://127.0.0.1:{port}/index.php/Main_Page")),
        client("node", "mwn_reads.mjs", &format!("http://127.0.0.1:{port}/api.php")),
        client("python3", "pymediawiki_searches.py", &format!("http://127.0.0.1:{port}/api.php")),
    ]
    .into_iter()
    .flatten()
    .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
