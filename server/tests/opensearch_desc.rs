//! The OpenSearch description document browsers discover (`/opensearch_desc.php`): MediaWiki
//! 1.39's, as it served the fixture (`fixtures/oracle/opensearch/description/`), with its
//! content type and its ten minutes of caching.

mod common;

use common::{get_path, project, serve, temp_dir};

#[test]
fn the_opensearch_description_is_mediawikis() {
    let db = temp_dir("opensearch-desc").join("fixture.sqlite");
    std::fs::copy(project("tests/fixtures/mw139/fixturewiki.sqlite"), &db).expect("copy the fixture");
    let server = serve(&db, false);
    for (name, query) in [("opensearch_desc", ""), ("opensearch_desc-xml", "?ctype=application/xml")] {
        let stored = |ext: &str| {
            let path = project(&format!("tests/fixtures/oracle/opensearch/description/{name}.{ext}"));
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        };
        let (headers, body) = get_path(server.port, &format!("/opensearch_desc.php{query}"));
        assert_eq!(body, stored("xml"), "{name}");
        let header = |n: &str| headers.iter().find(|(k, _)| k == n).map(|(_, v)| v.as_str());
        assert_eq!(header("content-type"), Some(stored("content-type").trim()), "{name}");
        assert_eq!(header("cache-control"), Some("max-age=600"), "{name}");
        assert!(header("expires").is_some_and(|e| e.ends_with(" GMT")), "{name}: {headers:?}");
    }
}
