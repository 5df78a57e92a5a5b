//! The access log: one line a request on standard output — when, who, the request line with
//! its secrets masked, status, bytes, time, and the action and modules it named — as text or
//! JSON, every request or a sample of them.

use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use serde_json::json;
use wikiquery_domain::timestamp::Timestamp;
use wikiquery_runtime::observe::{is_sensitive, RequestLabels};

/// How access log lines are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    /// `2026-11-22T00:00:00Z 192.0.2.7 "GET /api.php?action=query&list=allpages" 200 1234 1.2ms query allpages`
    Text,
    /// One JSON object a line.
    Json,
}

/// One answered request, as the log records it.
pub struct Entry<'a> {
    pub client: &'a str,
    pub method: &'a str,
    pub path: &'a str,
    /// The query string as sent.
    pub query: &'a str,
    pub status: u16,
    pub bytes: usize,
    pub elapsed: Duration,
    pub labels: &'a RequestLabels,
    /// The error code of an error answer.
    pub error: Option<&'a str>,
}

/// Where lines go, and which requests get one.
#[derive(Debug)]
pub struct AccessLog {
    format: LogFormat,
    /// Requests seen, for sampling.
    seen: AtomicU64,
    /// Log one request in `every`.
    every: u64,
}

impl AccessLog {
    /// A log in `format` of a share `sample` (0 to 1) of the requests, taken evenly.
    pub fn new(format: LogFormat, sample: f64) -> AccessLog {
        let every =
            if sample > 0.0 && sample.is_finite() { (1.0 / sample.min(1.0)).round().max(1.0) as u64 } else { u64::MAX };
        AccessLog { format, seen: AtomicU64::new(0), every }
    }

    /// Writes the entry's line, if it falls in the sample.
    pub fn write(&self, entry: &Entry<'_>, now: Timestamp) {
        if !self.seen.fetch_add(1, Ordering::Relaxed).is_multiple_of(self.every) {
            return;
        }
        let line = self.line(entry, now);
        let mut out = std::io::stdout().lock();
        let _ = out.write_all(line.as_bytes());
    }

    /// The entry's line, ending in a newline.
    pub fn line(&self, entry: &Entry<'_>, now: Timestamp) -> String {
        let target = request_target(entry.path, entry.query);
        let millis = entry.elapsed.as_secs_f64() * 1000.0;
        let modules = entry.labels.modules.join("|");
        match self.format {
            LogFormat::Text => format!(
                "{} {} \"{} {}\" {} {} {:.1}ms {} {}{}\n",
                now.to_iso(),
                entry.client,
                entry.method,
                target,
                entry.status,
                entry.bytes,
                millis,
                entry.labels.action,
                if modules.is_empty() { "-" } else { modules.as_str() },
                entry.error.map(|e| format!(" error={e}")).unwrap_or_default(),
            ),
            LogFormat::Json => {
                let mut line = json!({
                    "time": now.to_iso(),
                    "client": entry.client,
                    "method": entry.method,
                    "target": target,
                    "status": entry.status,
                    "bytes": entry.bytes,
                    "ms": (millis * 10.0).round() / 10.0,
                    "action": entry.labels.action,
                    "modules": entry.labels.modules,
                    "error": entry.error,
                })
                .to_string();
                line.push('\n');
                line
            }
        }
    }
}

/// The path and query string, each secret parameter's value masked.
fn request_target(path: &str, query: &str) -> String {
    if query.is_empty() {
        return path.to_owned();
    }
    let mut out = form_urlencoded::Serializer::new(String::new());
    for (name, value) in form_urlencoded::parse(query.as_bytes()) {
        out.append_pair(&name, if is_sensitive(&name) { "***" } else { &value });
    }
    format!("{path}?{}", out.finish())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry<'a>(query: &'a str, labels: &'a RequestLabels) -> Entry<'a> {
        Entry {
            client: "192.0.2.7",
            method: "GET",
            path: "/api.php",
            query,
            status: 200,
            bytes: 1234,
            elapsed: Duration::from_micros(1500),
            labels,
            error: None,
        }
    }

    #[test]
    fn secrets_are_masked_in_both_forms() {
        wikiquery_modules::link();
        let query = "action=login&lgname=Alice&lgpassword=hunter2&lgtoken=abc%2B%5C";
        let labels = RequestLabels { action: "login", modules: Vec::new() };
        let now = Timestamp::from_unix(1_795_305_600);
        let text = AccessLog::new(LogFormat::Text, 1.0).line(&entry(query, &labels), now);
        assert_eq!(
            text,
            "2026-11-22T00:00:00Z 192.0.2.7 \"GET /api.php?action=login&lgname=Alice&lgpassword=***&lgtoken=***\" 200 1234 1.5ms login -\n"
        );
        let json: serde_json::Value =
            serde_json::from_str(&AccessLog::new(LogFormat::Json, 1.0).line(&entry(query, &labels), now))
                .expect("json");
        assert_eq!(json["target"], "/api.php?action=login&lgname=Alice&lgpassword=***&lgtoken=***");
        assert_eq!(json["status"], 200);
        assert!(!json.to_string().contains("hunter2"));
    }

    #[test]
    fn a_sample_takes_requests_evenly() {
        let log = AccessLog::new(LogFormat::Text, 0.25);
        let taken = (0..100).filter(|_| log.seen.fetch_add(1, Ordering::Relaxed).is_multiple_of(log.every)).count();
        assert_eq!(taken, 25);
        assert_eq!(AccessLog::new(LogFormat::Text, 0.0).every, u64::MAX);
    }
}
