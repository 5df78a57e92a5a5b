//! Helpers shared by the integration tests: an in-process server and the checked-in fixtures.

use std::path::PathBuf;

use serde_json::Value;

/// The folder of checked-in fixtures.
pub fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures")
}

/// Reads a JSON fixture.
pub fn fixture_json(relative: &str) -> Value {
    let path = fixtures().join(relative);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("parsing {}: {e}", path.display()))
}

/// Answers a request given as a query string, in-process, as the HTTP layer would.
pub fn api(query: &str) -> (u16, Value) {
    wikiquery_modules::link();
    let params = query
        .split('&')
        .filter(|s| !s.is_empty())
        .map(|pair| {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            (decode(k), decode(v))
        })
        .collect();
    let res = wikiquery_framework::api::handle(
        wikiquery_framework::api::ApiRequest { params, posted: false },
        &wikiquery_framework::api::ApiConfig::default(),
    );
    let body = serde_json::from_str(&res.body).unwrap_or_else(|e| panic!("response is not JSON ({e}): {}", res.body));
    (res.status, body)
}

fn decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' if i + 2 < bytes.len() => {
                let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).ok().and_then(|h| u8::from_str_radix(h, 16).ok());
                match hex {
                    Some(b) => {
                        out.push(b);
                        i += 3;
                        continue;
                    }
                    None => out.push(b'%'),
                }
            }
            b'+' => out.push(b' '),
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}
