//! The XML dump reader: any bytes (compressed or not) give items and then at most one error,
//! never a panic or an endless stream.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wikiquery_import::dump::reader::DumpReader;

fuzz_target!(|data: &[u8]| {
    let reader = DumpReader::new(data);
    let mut errors = 0;
    for (n, item) in reader.enumerate() {
        assert!(n <= data.len() + 2, "more items than bytes");
        if item.is_err() {
            errors += 1;
        }
    }
    assert!(errors <= 1, "the reader went on after an error");
});
