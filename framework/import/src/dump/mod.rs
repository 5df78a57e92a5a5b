//! MediaWiki XML dumps.
//!
//! [`source`] opens a dump file (plain, gzip or bzip2) with a byte counter for progress;
//! [`reader`] turns the XML into a stream of pages, revisions, uploads and log items.

mod compression;
pub mod reader;
pub mod source;

pub use compression::Compression;
pub use reader::{
    Contributor, DumpError, DumpErrorKind, DumpItem, DumpNamespace, DumpReader, DumpSiteInfo, LogItem, MwTimestamp,
    PageStart, Position, Revision, SlotContent, Upload, UploadContents,
};
pub use source::DumpSource;

/// The site a dump's `<siteinfo>` describes (`language` is the dump's `xml:lang`).
pub fn site_from_dump(info: &DumpSiteInfo, language: Option<&str>) -> wikiquery_store::site::Site {
    use wikiquery_store::site::{NamespaceEntry, SiteFacts};
    let capital_links = info.case.as_deref() != Some("case-sensitive");
    let namespaces = info
        .namespaces
        .iter()
        .map(|n| NamespaceEntry {
            id: n.key,
            name: n.name.clone(),
            first_letter: n.case.as_deref().map_or(capital_links, |c| c != "case-sensitive"),
        })
        .collect();
    wikiquery_store::site::Site::described(SiteFacts {
        sitename: info.sitename.clone(),
        dbname: info.dbname.clone(),
        base: info.base.clone(),
        generator: info.generator.clone(),
        language: language.map(str::to_owned),
        capital_links,
        namespaces,
    })
}

#[cfg(test)]
mod tests {
    use super::{site_from_dump, DumpNamespace, DumpSiteInfo};

    #[test]
    fn a_dumps_siteinfo_gives_the_site() {
        let info = DumpSiteInfo {
            sitename: Some("Fixture Wiki".into()),
            dbname: Some("fixturewiki".into()),
            base: Some("http://127.0.0.1:8081/index.php/Main_Page".into()),
            generator: Some("MediaWiki 1.39.17".into()),
            case: Some("first-letter".into()),
            namespaces: vec![
                DumpNamespace { key: 0, case: Some("first-letter".into()), name: String::new() },
                DumpNamespace { key: 4, case: Some("first-letter".into()), name: "Fixture Wiki".into() },
                DumpNamespace { key: 100, case: Some("case-sensitive".into()), name: "Portal".into() },
            ],
        };
        let site = site_from_dump(&info, Some("en"));
        assert_eq!(site.namespaces().lookup("fixture_wiki"), Some(4));
        assert!(!site.namespaces().is_capitalized(100));
        assert_eq!(site.server.as_deref(), Some("http://127.0.0.1:8081"));
        assert_eq!(site.language.as_deref(), Some("en"));
        assert_eq!(site.main_page, "Main_Page");
    }
}
