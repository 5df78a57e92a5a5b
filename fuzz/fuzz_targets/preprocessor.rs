//! The preprocessor and template expansion: any text gives a tree that writes out as XML, in
//! both readings, and expands without a panic however its templates call each other. The
//! input is a page's text and, after each U+0001, the text of one more template (`T0`, `T1`…).
#![no_main]

use libfuzzer_sys::fuzz_target;
use wikiquery_domain::preprocessor::expand::{expand, TemplateLookup, Unsupported, Wiki};
use wikiquery_domain::preprocessor::{preprocess, Options};

/// Templates from the input; no variables or functions.
struct Templates(Vec<String>);

impl Wiki for Templates {
    fn template(&mut self, name: &str) -> Result<TemplateLookup, Unsupported> {
        let found = name.strip_prefix('T').and_then(|n| n.parse::<usize>().ok()).and_then(|n| self.0.get(n));
        Ok(match found {
            Some(text) => TemplateLookup::Found { title: format!("Template:{name}"), text: text.clone() },
            None => TemplateLookup::Missing { title: format!("Template:{name}") },
        })
    }
    fn variable(&mut self, id: &'static str) -> Result<String, Unsupported> {
        Err(Unsupported(id.into()))
    }
    fn function(&mut self, _: &'static str, args: &[String]) -> Result<Option<String>, Unsupported> {
        Ok(Some(args.join("|")))
    }
}

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
