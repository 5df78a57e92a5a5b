//! The sandbox page (`/sandbox`) in headless Chromium (Debian's, driven by playwright-core from
//! `tests/clients`): it loads, builds a `list=allpages` request with a namespace and a limit,
//! shows the answer and follows `continue` with one click. The screenshot it takes is kept in
//! the test's output folder (`target/tmp/sandbox.png`). Chromium and the Node packages are
//! installed as `tests/clients/README.md` says (`.ci/run` does it); without them the test fails
//! with that instruction.

mod common;

use std::process::{Command, Stdio};

use common::{get_path, project, serve};

#[test]
fn the_sandbox_builds_a_request_shows_the_answer_and_continues() {
    let dir = common::temp_dir("sandbox");
    let db = dir.join("fixturewiki.sqlite");
    std::fs::copy(project("tests/fixtures/mw139/fixturewiki.sqlite"), &db).expect("copy the fixture");
    let server = serve(&db, true);

    // The page and its files are served, each with its type; the page needs nothing else.
    let (headers, page) = get_path(server.port, "/sandbox");
    assert!(headers.iter().any(|(k, v)| k == "content-type" && v.starts_with("text/html")), "{headers:?}");
    for file in ["sandbox/sandbox.js", "sandbox/sandbox.css"] {
        assert!(page.contains(&format!("\"{file}\"")), "the page loads {file}");
        get_path(server.port, &format!("/{file}"));
    }
    assert!(!page.contains("http://") && !page.contains("https://"), "nothing fetched from elsewhere");

    let shot = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("sandbox.png");
    let out = Command::new("node")
        .arg(project("tests/clients/sandbox_browses.mjs"))
        .arg(format!("http://127.0.0.1:{}", server.port))
        .arg(&shot)
        .stdin(Stdio::null())
        .output()
        .expect("node runs (install it as tests/clients/README.md says)");
    assert!(
        out.status.success(),
        "the sandbox in Chromium (install chromium and the Node packages as tests/clients/README.md says):\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    eprintln!("{} (screenshot: {})", String::from_utf8_lossy(&out.stdout).trim(), shot.display());
    assert!(shot.exists());
}
