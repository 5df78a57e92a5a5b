//! Interwiki maps written as TOML (`--interwiki FILE`, the demo wiki's, the default one):
//!
//! ```toml
//! [[interwiki]]
//! prefix = "de"
//! url = "https://de.wikipedia.org/wiki/$1"
//! api = "https://de.wikipedia.org/w/api.php"   # optional
//! local = true                                 # a wiki of this family (language links)
//! trans = true                                 # templates may be transcluded from it
//! ```

use serde::Deserialize;
use wikiquery_store::site::InterwikiRow;

/// The map a new MediaWiki installation starts with.
const DEFAULT_MAP: &str = include_str!("../../default-interwiki.toml");

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct InterwikiFile {
    interwiki: Vec<InterwikiEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct InterwikiEntry {
    prefix: String,
    url: String,
    #[serde(default)]
    api: String,
    #[serde(default)]
    wikiid: String,
    #[serde(default)]
    local: bool,
    #[serde(default)]
    trans: bool,
}

/// The rows an interwiki map file gives; prefixes are kept in lower case, as MediaWiki
/// matches them.
pub fn parse_interwiki_map(text: &str) -> Result<Vec<InterwikiRow>, String> {
    let file: InterwikiFile = toml::from_str(text).map_err(|e| e.to_string())?;
    let mut rows = Vec::with_capacity(file.interwiki.len());
    for e in file.interwiki {
        if e.prefix.is_empty() || e.prefix.contains(':') || e.url.is_empty() {
            return Err(format!("interwiki prefix {:?}: a prefix needs a name without ':' and a URL", e.prefix));
        }
        rows.push(InterwikiRow {
            prefix: e.prefix.to_lowercase(),
            url: e.url,
            api: e.api,
            wikiid: e.wikiid,
            local: e.local,
            trans: e.trans,
        });
    }
    Ok(rows)
}

/// The interwiki map a new MediaWiki installation starts with.
pub fn default_interwiki_map() -> Vec<InterwikiRow> {
    parse_interwiki_map(DEFAULT_MAP).expect("the default interwiki map is valid")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_map_names_well_known_wikis_and_no_language() {
        let rows = default_interwiki_map();
        assert_eq!(rows.len(), 64);
        let wikt = rows.iter().find(|r| r.prefix == "wikt").expect("wikt");
        assert_eq!(wikt.url, "https://en.wiktionary.org/wiki/$1");
        assert!(rows.iter().all(|r| !r.local && !r.trans));
        assert!(!rows.iter().any(|r| r.prefix == "en" || r.prefix == "de"));
    }

    #[test]
    fn a_map_file_is_read_and_checked() {
        let rows =
            parse_interwiki_map("[[interwiki]]\nprefix = \"DE\"\nurl = \"https://de.example/$1\"\nlocal = true\n")
                .expect("valid");
        assert_eq!(rows[0].prefix, "de");
        assert!(rows[0].local && !rows[0].trans);
        assert!(parse_interwiki_map("[[interwiki]]\nprefix = \"a:b\"\nurl = \"x$1\"\n").is_err());
        assert!(parse_interwiki_map("[[interwiki]]\nprefix = \"a\"\nurl = \"x$1\"\nlocl = true\n").is_err());
    }
}
