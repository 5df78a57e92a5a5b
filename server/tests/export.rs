//! The XML export round trip: every page of the fixture exported through the API
//! (`action=query&export&exportnowrap`, a namespace at a time), the exports imported into a
//! fresh database with `wikiquery import`, and the two wikis served side by side answer the
//! same for every page and its current revision: title, namespace, id, redirect, the
//! revision's id, parent, time, user, comment, flags, size, SHA-1 and text.

mod common;

use std::collections::BTreeMap;
use std::process::Command;

use serde_json::Value;

use common::{get, project, serve, temp_dir};

/// The namespaces of the fixture that hold pages.
const NAMESPACES: &[i32] = &[0, 1, 2, 3, 4, 6, 8, 10, 12, 14];

/// What the API says of every page of a namespace and its current revision, text included,
/// by page id (the revisions' contents come fifty pages a request, followed to the end).
fn pages(port: u16, ns: i32) -> BTreeMap<i64, Value> {
    let query = format!(
        "action=query&generator=allpages&gapnamespace={ns}&gaplimit=max&prop=info|revisions\
         &rvprop=ids|timestamp|user|userid|comment|flags|size|sha1|content|contentmodel&rvslots=main\
         &format=json&formatversion=2"
    );
    let mut pages: BTreeMap<i64, Value> = BTreeMap::new();
    let mut continued = String::new();
    loop {
        let answer: Value = serde_json::from_str(&get(port, &format!("{query}{continued}"))).expect("JSON");
        for mut page in answer["query"]["pages"].as_array().cloned().unwrap_or_default() {
            // When the import wrote the page, and whether it has one revision: the export holds
            // only the current one.
            page.as_object_mut().map(|p| (p.remove("touched"), p.remove("new")));
            let id = page["pageid"].as_i64().expect("page id");
            let merged = pages.entry(id).or_insert_with(|| page.clone());
            if page.get("revisions").is_some() {
                merged["revisions"] = page["revisions"].clone();
            }
        }
        let Some(next) = answer["continue"].as_object() else { break };
        continued =
            next.iter().map(|(k, v)| format!("&{k}={}", v.as_str().unwrap_or_default().replace('|', "%7C"))).collect();
    }
    pages
}

#[test]
fn an_exported_wiki_imports_back_equal() {
    let dir = temp_dir("export");
    let fixture = dir.join("fixture.sqlite");
    std::fs::copy(project("tests/fixtures/mw139/fixturewiki.sqlite"), &fixture).expect("copy the fixture");
    let source = serve(&fixture, false);
    let imported = dir.join("imported.sqlite");
    let db = format!("sqlite:{}", imported.display());
    let mut exported = 0;
    for ns in NAMESPACES {
        let xml = get(
            source.port,
            &format!("action=query&generator=allpages&gapnamespace={ns}&gaplimit=max&export&exportnowrap"),
        );
        assert!(xml.starts_with("<mediawiki ") && xml.ends_with("</mediawiki>\n"), "{}", &xml[..200.min(xml.len())]);
        exported += xml.matches("<page>").count();
        let file = dir.join(format!("export-{ns}.xml"));
        std::fs::write(&file, &xml).expect("write the export");
        let out = Command::new(env!("CARGO_BIN_EXE_wikiquery"))
            .args(["import", file.to_str().unwrap_or_default(), "--db", &db])
            .output()
            .expect("wikiquery import runs");
        assert!(out.status.success(), "import of namespace {ns}: {}", String::from_utf8_lossy(&out.stderr));
    }
    assert_eq!(exported, 181, "every page of the fixture is exported");
    let copy = serve(&imported, false);
    for ns in NAMESPACES {
        let (want, got) = (pages(source.port, *ns), pages(copy.port, *ns));
        assert!(!want.is_empty() && want.values().all(|p| p.get("revisions").is_some()), "namespace {ns}: {want:?}");
        for (id, page) in &want {
            assert_eq!(got.get(id), Some(page), "namespace {ns}, page {id}");
        }
        assert_eq!(got.len(), want.len(), "namespace {ns}");
    }
}
