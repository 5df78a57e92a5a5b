//! The link extractor of the importer: any wikitext gives its link lists, never a panic, and
//! every title it records is a valid title of the site. The input is a page's text and, after
//! each NUL, the text of a template `Template:T0`, `Template:T1`… that it may call.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wikiquery_domain::title::{full_text, InterwikiInfo, InterwikiMap, SiteNamespaces};
use wikiquery_import::wikitext::{extract, LinkContext};

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else { return };
    let mut pieces = input.split('\0');
    let text = pieces.next().unwrap_or_default();
    let templates: Vec<&str> = pieces.collect();
    let template_text = |ns: i32, key: &str| -> Option<String> {
        let index: usize = key.strip_prefix('T')?.parse().ok()?;
        (ns == 10).then(|| templates.get(index).map(|t| (*t).to_owned())).flatten()
    };
    let site = SiteNamespaces::english("Project");
    let mut interwikis = InterwikiMap::new();
    interwikis.insert("de", InterwikiInfo { language: true, local: false, trans: false });
    interwikis.insert("wikipedia", InterwikiInfo { language: false, local: false, trans: false });
    for transcluded in [false, true] {
        let mut ctx = LinkContext::new(&site, &interwikis, Some((0, "Fuzzed_page".to_owned())));
        ctx.transcluded = transcluded;
        ctx.template_text = Some(&template_text);
        let links = extract(text, &ctx);
        for (ns, key) in links.links.iter().chain(&links.templates) {
            assert!(!key.is_empty() && !key.contains(' '), "bad key {key:?} in namespace {ns}");
            let _ = full_text(*ns, key, &site);
        }
        for (key, _) in &links.categories {
            assert!(!key.is_empty() && !key.contains(' '), "bad category key {key:?}");
        }
    }
});
