//! The renderer: any text renders without a panic, as a page whose templates are the text's
//! further parts (after each U+0001, the text of `T0`, `T1`…), where pages whose names start
//! with a capital `E` exist (`R…` as redirects) and files named `F…` exist as 4×4 PNGs; the
//! answer holds none of the markers the passes hid their work behind.
#![no_main]

use std::collections::HashMap;

use libfuzzer_sys::fuzz_target;
use wikiquery_domain::preprocessor::expand::{Unsupported, Wiki};
use wikiquery_domain::title::{InterwikiInfo, InterwikiMap, SiteNamespaces};
use wikiquery_render::{render, FileInfo, Lookup, PageInfo, PageRef, RenderOptions, RenderSite, Sources};

#[path = "templates.rs"]
mod templates;

use templates::Templates;

/// The input's templates, and pages and files that exist by their names.
struct Fixture(Templates);

impl Lookup for Fixture {
    fn pages(&mut self, titles: &[(i32, String)]) -> Result<HashMap<(i32, String), PageInfo>, Unsupported> {
        Ok(titles
            .iter()
            .filter(|(_, k)| k.starts_with('E') || k.starts_with('R'))
            .map(|t| (t.clone(), PageInfo { id: 1, redirect: t.1.starts_with('R') }))
            .collect())
    }
    fn files(&mut self, names: &[String]) -> Result<HashMap<String, FileInfo>, Unsupported> {
        Ok(names
            .iter()
            .filter(|n| n.starts_with('F'))
            .map(|n| (n.clone(), FileInfo { width: 4, height: 4, mime: "image/png".into() }))
            .collect())
    }
}

impl Sources for Fixture {
    fn wiki(&mut self) -> &mut dyn Wiki {
        &mut self.0
    }
    fn lookup(&mut self) -> &mut dyn Lookup {
        self
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else { return };
    // The API hands the renderer no control character (MediaWiki's request cleaning).
    let input: String = input.chars().filter(|c| *c != '\u{7f}').collect();
    let mut parts = input.split('\u{1}');
    let page = parts.next().unwrap_or_default();
    let namespaces = SiteNamespaces::english("Fuzz");
    let mut interwikis = InterwikiMap::new();
    interwikis.insert("en", InterwikiInfo { language: true, local: false, trans: false });
    interwikis.insert("wp", InterwikiInfo { language: false, local: false, trans: false });
    interwikis.set_url("wp", "https://wp.example.org/wiki/$1");
    interwikis.set_url("en", "https://en.example.org/wiki/$1");
    let site = RenderSite {
        namespaces: &namespaces,
        interwikis: &interwikis,
        article_path: "/wiki/$1",
        script: "/w/index.php",
        upload_path: "/images",
        extension_tags: &[],
        server: "https://fuzz.example.org",
    };
    let page_ref = PageRef { ns: 0, dbkey: "Fuzz".into(), text: "Fuzz".into(), dbkey_prefixed: "Fuzz".into() };
    let mut fixture = Fixture(Templates(parts.map(str::to_owned).collect()));
    if let Ok(rendered) = render(page, &page_ref, &site, &mut fixture, &RenderOptions::default()) {
        assert!(!rendered.html.contains("\u{7f}'\"`UNIQ-"), "a marker left in {:?}", rendered.html);
    }
});
