//! The text diff: any two texts (the input split at its first NUL) give diff rows without a
//! panic, and a text compared with itself gives none.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wikiquery_domain::diff::table_diff;

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else { return };
    let (old, new) = input.split_once('\0').unwrap_or((input, ""));
    let label = |n: usize| format!("Line {n}:");
    let rows = table_diff(old, new, &label);
    assert!(old != new || rows.is_empty(), "{rows}");
});
