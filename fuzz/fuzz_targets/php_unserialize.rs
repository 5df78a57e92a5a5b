//! PHP's `unserialize()` as the project reads stored blobs (log parameters, file metadata):
//! any text is a value or a `PhpError`, never a panic; what it reads, written again, reads back
//! the same. The same text, as a log entry's stored parameters, is written out by the log
//! formatter (`logdisplay`, the recent-changes feed) and formatted for the API for each kind
//! of entry whose formatter reads its parameters, without a panic and in bounded time.
#![no_main]

use std::collections::HashMap;

use libfuzzer_sys::fuzz_target;
use wikiquery_domain::log_display::{format, DisplaySite, Known, LogLine};
use wikiquery_domain::log_params::{format_params, EntryInfo, TitleContext};
use wikiquery_domain::php::{legacy_params, serialize, unserialize};
use wikiquery_domain::title::SiteNamespaces;

/// The kinds of entry whose formatters read their parameters beyond naming them.
const KINDS: &[(&str, &str)] = &[
    ("block", "block"),
    ("block", "reblock"),
    ("suppress", "block"),
    ("contentmodel", "change"),
    ("delete", "restore"),
    ("delete", "revision"),
    ("delete", "event"),
    ("import", "interwiki"),
    ("managetags", "delete"),
    ("merge", "merge"),
    ("move", "move"),
    ("newusers", "create2"),
    ("patrol", "patrol"),
    ("protect", "protect"),
    ("protect", "move_prot"),
    ("rights", "rights"),
    ("tag", "update"),
    ("renameuser", "renameuser"),
];

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(value) = unserialize(text) {
        let written = serialize(&value);
        let again = unserialize(&written).unwrap_or_else(|e| panic!("{text:?} re-serialised as {written:?}: {e}"));
        assert_eq!(serialize(&again), written, "{text:?}");
        let _ = value.to_json();
    }
    let _ = legacy_params(text);

    let namespaces = SiteNamespaces::english("Fuzz Wiki");
    let urls = HashMap::new();
    let site = DisplaySite {
        namespaces: &namespaces,
        interwiki_urls: &urls,
        lang: "en",
        site_name: "Fuzz Wiki",
        may_read_suppression_log: true,
    };
    let titles = TitleContext { namespaces: &namespaces, is_interwiki: &|_| false };
    for &(log_type, action) in KINDS {
        let line = LogLine {
            log_type,
            action,
            params: text,
            ns: 2,
            dbkey: "Someone",
            performer_id: 1,
            performer_name: "Admin",
            deleted: 0,
            timestamp: "20261121233230",
        };
        let _ = format(&line, &site, &Known::default());
        let info = EntryInfo { log_type, action, timestamp: "20261121233230", params: text };
        let _ = format_params(&info, &titles);
    }
});
