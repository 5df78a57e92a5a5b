//! The title parser: any text is a title or an `InvalidTitle`, never a panic; a valid title
//! is a fixed point (its own prefixed text parses back to it, whatever the default namespace
//! it was read with).
#![no_main]

use libfuzzer_sys::fuzz_target;
use wikiquery_domain::title::{parse_title, InterwikiInfo, InterwikiMap, InvalidTitle, SiteNamespaces};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    thread_local! {
        static SITE: (SiteNamespaces, InterwikiMap) = {
            let mut interwikis = InterwikiMap::new();
            interwikis.insert("de", InterwikiInfo { language: true, local: false, trans: false });
            interwikis.insert("wikipedia", InterwikiInfo { language: false, local: false, trans: false });
            (SiteNamespaces::english("Project"), interwikis)
        };
    }
    SITE.with(|(site, interwikis)| {
        let is_interwiki = |p: &str| interwikis.is_interwiki(p);
        for default_ns in [0, 10, 14, -1] {
            if let Ok(title) = parse_title(text, default_ns, site, &is_interwiki) {
                // The bound (512 bytes for special pages, else 255) is checked, as MediaWiki does,
                // before the first letter is upper-cased, which lengthens a few (`ɜ` to `Ɜ`, `ΐ`
                // to `Ϊ́`).
                assert!(title.dbkey.len() <= 512 + 4, "an overlong title was accepted");
                assert!(!title.dbkey.contains(' '), "a database key with a space: {:?}", title.dbkey);
                // (An empty key is a link to a section of the page it stands on, `#…` or `:#`.)
                if title.interwiki.is_empty() && title.fragment.is_empty() && !title.dbkey.is_empty() {
                    // The prefixed text names the namespace, but for the main namespace's.
                    match parse_title(&title.prefixed_text(site), 0, site, &is_interwiki) {
                        Ok(again) => assert_eq!((again.ns, &again.dbkey), (title.ns, &title.dbkey), "{text:?}"),
                        // Over the bound only once upper-cased (above).
                        Err(InvalidTitle::TooLong(_)) if title.dbkey.len() > 255 => {}
                        Err(e) => panic!("{text:?} parsed as {title:?}, whose text does not parse: {e:?}"),
                    }
                }
            }
        }
    });
});
