//! Real API clients connect to `wikiquery serve` on the fixture database, served with the
//! fixture's settings: mwclient and pywikibot (Python) and mwn (JavaScript) read the site's
//! name, version, namespaces and the caller's rights, as every bot does first, log in, and
//! read pages, histories, categories, logs, changes, contributions and searches as their
//! users do; mwapi follows continuation over long lists; pywikibot's `generate_family_file`
//! finds the API from its landing page and writes a family file that works. `tests/clients/run-against.sh` runs
//! the same scripts against MediaWiki 1.39 serving the fixture. The clients are
//! installed as `tests/clients/README.md` says (`.ci/run` does it); a missing client fails the
//! test with that instruction rather than skipping it.

mod common;

use std::process::{Command, Stdio};

use common::{project, serve, Server};

/// Serves a copy of the fixture database, with the bot passwords the clients log in with, on a
/// free port, with the URLs of that port.
fn serve_fixture() -> Server {
    let dir = common::temp_dir("clients");
    let db = dir.join("fixturewiki.sqlite");
    std::fs::copy(project("tests/fixtures/mw139/fixturewiki.sqlite"), &db).expect("copy the fixture");
    add_bot_passwords(&db);
    serve(&db, true)
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
    let server = serve_fixture();
    let port = server.port;
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
        client("python3", "pywikibot_generates_family.py", &format!("http://127.0.0.1:{port}/api.php")),
        client("python3", "feedparser_reads.py", &format!("http://127.0.0.1:{port}/api.php")),
    ]
    .into_iter()
    .flatten()
    .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
