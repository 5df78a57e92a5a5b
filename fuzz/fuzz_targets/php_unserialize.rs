//! PHP's `unserialize()` as the project reads stored blobs (log parameters, file metadata):
//! any text is a value or a `PhpError`, never a panic; what it reads, written again, reads back
//! the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wikiquery_domain::php::{legacy_params, serialize, unserialize};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(value) = unserialize(text) {
        let written = serialize(&value);
        let again = unserialize(&written).unwrap_or_else(|e| panic!("{text:?} re-serialised as {written:?}: {e}"));
        assert_eq!(serialize(&again), written, "{text:?}");
        let _ = value.to_json();
    }
    let _ = legacy_params(text);
});
