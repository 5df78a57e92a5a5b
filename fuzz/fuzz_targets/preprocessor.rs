//! The preprocessor and template expansion: any text gives a tree that writes out as XML, in
//! both readings, and expands without a panic however its templates call each other. The
//! input is a page's text and, after each U+0001, the text of one more template (`T0`, `T1`…).
#![no_main]

use libfuzzer_sys::fuzz_target;
use wikiquery_domain::preprocessor::expand::expand;
use wikiquery_domain::preprocessor::{preprocess, Options};

#[path = "templates.rs"]
mod templates;

use templates::Templates;

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else { return };
    let mut parts = input.split('\u{1}');
    let page = parts.next().unwrap_or_default();
    for for_inclusion in [false, true] {
        let options = Options { for_inclusion, ..Options::with_extension_tags(&["ref".to_owned()]) };
        let xml = preprocess(page, &options).to_xml();
        assert!(xml.starts_with("<root"), "{xml}");
    }
    let mut wiki = Templates(parts.map(str::to_owned).collect());
    let _ = expand(page, &Options::default(), &mut wiki);
});
