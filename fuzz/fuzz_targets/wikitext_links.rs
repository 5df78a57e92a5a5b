//! The link extractor of the importer: any wikitext gives its link lists, never a panic, and
//! every title it records is a valid title of the site.
#![no_main]

use libfuzzer_sys::fuzz_target;
use wikiquery_domain::title::{full_text, InterwikiInfo, InterwikiMap, SiteNamespaces};
use wikiquery_import::wikitext::{extract, LinkContext};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let site = SiteNamespaces::english("Project");
    let mut interwikis = InterwikiMap::new();
    interwikis.insert("de", InterwikiInfo { language: true, local: false, trans: false });
    interwikis.insert("wikipedia", InterwikiInfo { language: false, local: false, trans: false });
    for transcluded in [false, true] {
        let mut ctx = LinkContext::new(&site, &interwikis, Some((0, "Fuzzed_page".to_owned())));
        ctx.transcluded = transcluded;
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
