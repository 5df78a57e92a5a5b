//! `wikiquery serve --uploads DIR`: every URL the file modules give for the fixture's files is
//! served with the file's bytes (MediaWiki's upload directory, from `images.tar.gz`), and no
//! path reaches outside the directory.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::time::{Duration, Instant};

use sha1::{Digest, Sha1};

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

/// Status, `Content-Type` and body of a GET (HTTP/1.0: the body ends with the connection).
fn get(port: u16, path: &str) -> (u16, String, Vec<u8>) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("connects");
    write!(stream, "GET {path} HTTP/1.0\r\nHost: 127.0.0.1:{port}\r\n\r\n").expect("sends");
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).expect("reads");
    let split = answer.windows(4).position(|w| w == b"\r\n\r\n").expect("headers end");
    let head = String::from_utf8_lossy(&answer[..split]).into_owned();
    let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).expect("a status");
    let content_type = head
        .lines()
        .find_map(|l| l.to_ascii_lowercase().strip_prefix("content-type:").map(|v| v.trim().to_owned()))
        .unwrap_or_default();
    (status, content_type, answer[split + 4..].to_vec())
}

/// The fixture's upload directory, unpacked under `dir` (its `images/`).
fn unpack(dir: &Path) -> PathBuf {
    let archive = std::fs::File::open(project("tests/fixtures/mw139/images.tar.gz")).expect("images.tar.gz");
    tar::Archive::new(flate2::read::GzDecoder::new(archive)).unpack(dir).expect("unpacks");
    dir.join("images")
}

#[test]
fn every_file_url_is_served_with_the_files_bytes_and_nothing_outside_the_directory() {
    let dir = std::env::temp_dir().join(format!("wikiquery-uploads-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let images = unpack(&dir);
    std::fs::write(dir.join("secret.txt"), b"not a file of the wiki").expect("a file beside the uploads");
    let db = dir.join("fixturewiki.sqlite");
    std::fs::copy(project("tests/fixtures/mw139/fixturewiki.sqlite"), &db).expect("copy the fixture");
    let port = TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("a free port").port();
    let config = project("tests/fixtures/mw139/wikiquery.toml");
    let child = Command::new(env!("CARGO_BIN_EXE_wikiquery"))
        .args(["--config", config.to_str().unwrap_or_default(), "serve"])
        .args(["--listen", &format!("127.0.0.1:{port}")])
        .args(["--db", &format!("sqlite:{}", db.display())])
        .args(["--base", &format!("http://127.0.0.1:{port}/index.php/Main_Page")])
        .args(["--uploads", images.to_str().unwrap_or_default()])
        .env("RUST_LOG", "warn")
        .spawn()
        .expect("the server starts");
    let _server = Server(child);
    let started = Instant::now();
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(started.elapsed() < Duration::from_secs(30), "the server did not listen on {port}");
        std::thread::sleep(Duration::from_millis(50));
    }

    // Every version of every file, current and earlier, with its URL, hash and size.
    let query = "/api.php?action=query&generator=allimages&gailimit=max&prop=imageinfo&iilimit=max\
                 &iiprop=url|sha1|size|mime|archivename&format=json&formatversion=2";
    let (status, _, body) = get(port, query);
    assert_eq!(status, 200);
    let answer: serde_json::Value = serde_json::from_slice(&body).expect("JSON");
    let pages = answer["query"]["pages"].as_array().expect("pages");
    let mut served = 0;
    for page in pages {
        for version in page["imageinfo"].as_array().expect("imageinfo") {
            let url = version["url"].as_str().expect("a url");
            let prefix = format!("http://127.0.0.1:{port}/images/");
            let path = url.strip_prefix(&prefix).unwrap_or_else(|| panic!("{url} is not under {prefix}"));
            let (status, content_type, bytes) = get(port, &format!("/images/{path}"));
            assert_eq!(status, 200, "{url}");
            assert_eq!(bytes.len() as u64, version["size"].as_u64().expect("size"), "{url}");
            assert_eq!(format!("{:x}", Sha1::digest(&bytes)), version["sha1"].as_str().expect("sha1"), "{url}");
            let mime = version["mime"].as_str().expect("mime");
            assert!(content_type.starts_with(mime), "{url}: {content_type}, the file is {mime}");
            served += 1;
        }
    }
    assert_eq!(served, 7, "five files and two earlier versions");
    assert!(images.join("archive").is_dir());

    for path in [
        "/images/../secret.txt",
        "/images/%2e%2e/secret.txt",
        "/images/%2E%2E%2Fsecret.txt",
        "/images/..%2fsecret.txt",
        "/images/7/70/../../../secret.txt",
        "/images/7/70/%2e%2e/%2e%2e/%2e%2e/secret.txt",
        "/images/..%5csecret.txt",
        "/images//etc/passwd",
        "/images/%2Fetc%2Fpasswd",
        "/images/7/70",
        "/images/",
        "/images/7/70/Example.png%00.txt",
    ] {
        let (status, _, body) = get(port, path);
        assert_eq!(status, 404, "{path}");
        assert!(!String::from_utf8_lossy(&body).contains("not a file of the wiki"), "{path}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
