//! What the server needs to know about the wiki it serves: its name, its namespaces (for
//! title parsing) and its interwiki prefixes.
//!
//! A database wikiquery imported a dump into keeps the dump's `<siteinfo>` in its own
//! key/value table `wikiquery_site`; an existing MediaWiki database has no such record, so its
//! namespaces default to MediaWiki's English set with a configurable project name. Interwiki
//! prefixes always come from the database's `interwiki` table, MediaWiki's own layout.

use std::collections::BTreeMap;

use diesel::prelude::*;
use serde_json::{json, Value as Json};
use wikiquery_domain::languages::is_language_code;
use wikiquery_domain::title::{parse_title, InterwikiInfo, InterwikiMap, InvalidTitle, ParsedTitle, SiteNamespaces};
use wikiquery_domain::url::{percent_decode, wf_urlencode};

use crate::backend::{inspect, table_names, AnyConnection, Backend, DatabaseKind, StoreError};
use crate::schema::interwiki;
use crate::with_conn;

diesel::table! {
    /// wikiquery's record of the site a dump came from: one value per name.
    wikiquery_site (name) {
        /// What the value is (`sitename`, `namespaces`, …).
        name -> Text,
        /// The value; `namespaces` is a JSON list.
        value -> Text,
    }
}

/// Name of wikiquery's site table.
pub const SITE_TABLE: &str = "wikiquery_site";

/// The statement that creates the site table on a backend (MariaDB cannot index a TEXT
/// column without a length, hence the per-backend types).
pub fn site_table_ddl(backend: Backend) -> &'static str {
    match backend {
        Backend::Sqlite => {
            "CREATE TABLE IF NOT EXISTS wikiquery_site (name TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL)"
        }
        Backend::Postgres => {
            "CREATE TABLE IF NOT EXISTS wikiquery_site (name TEXT COLLATE \"C\" PRIMARY KEY, value TEXT NOT NULL)"
        }
        Backend::Mysql => {
            "CREATE TABLE IF NOT EXISTS wikiquery_site (name VARBINARY(255) NOT NULL PRIMARY KEY, \
             value MEDIUMBLOB NOT NULL) ENGINE=InnoDB DEFAULT CHARSET=binary"
        }
    }
}

/// Creates the site table when it is missing. DDL commits implicitly on MariaDB, so call it
/// outside a transaction.
pub fn ensure_site_table(conn: &mut AnyConnection) -> Result<(), StoreError> {
    conn.batch_execute(site_table_ddl(conn.backend()))
}

// ---------------------------------------------------------------------------------------
// Interwiki prefixes
// ---------------------------------------------------------------------------------------

/// One row of MediaWiki's `interwiki` table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InterwikiRow {
    /// The prefix as written in links, in lower case.
    pub prefix: String,
    /// URL of a page, with `$1` for the title.
    pub url: String,
    /// URL of the target wiki's api.php, or empty.
    pub api: String,
    /// The target wiki's database name, or empty.
    pub wikiid: String,
    /// `iw_local`: the target is a sister wiki of this farm.
    pub local: bool,
    /// `iw_trans`: templates may be transcluded from it.
    pub trans: bool,
}

/// Reads the database's `interwiki` table, ordered by prefix.
pub fn read_interwiki(conn: &mut AnyConnection) -> Result<Vec<InterwikiRow>, StoreError> {
    let rows: Vec<(String, String, String, String, i32, i32)> = with_conn!(conn, |c| interwiki::table
        .select((
            interwiki::iw_prefix,
            interwiki::iw_url,
            interwiki::iw_api,
            interwiki::iw_wikiid,
            interwiki::iw_local,
            interwiki::iw_trans
        ))
        .order(interwiki::iw_prefix)
        .load(c))?;
    Ok(rows
        .into_iter()
        .map(|(prefix, url, api, wikiid, local, trans)| InterwikiRow {
            prefix,
            url,
            api,
            wikiid,
            local: local != 0,
            trans: trans != 0,
        })
        .collect())
}

/// Writes interwiki rows, replacing rows with the same prefix and leaving others alone.
/// Returns how many rows were inserted or changed.
pub fn write_interwiki(conn: &mut AnyConnection, rows: &[InterwikiRow]) -> Result<usize, StoreError> {
    let existing: BTreeMap<String, InterwikiRow> =
        read_interwiki(conn)?.into_iter().map(|row| (row.prefix.clone(), row)).collect();
    let mut changed = 0;
    for row in rows {
        let row = InterwikiRow { prefix: row.prefix.to_lowercase(), ..row.clone() };
        if existing.get(&row.prefix) == Some(&row) {
            continue;
        }
        with_conn!(conn, |c| diesel::delete(interwiki::table.filter(interwiki::iw_prefix.eq(&row.prefix))).execute(c))?;
        with_conn!(conn, |c| diesel::insert_into(interwiki::table)
            .values((
                interwiki::iw_prefix.eq(&row.prefix),
                interwiki::iw_url.eq(&row.url),
                interwiki::iw_api.eq(&row.api),
                interwiki::iw_wikiid.eq(&row.wikiid),
                interwiki::iw_local.eq(i32::from(row.local)),
                interwiki::iw_trans.eq(i32::from(row.trans)),
            ))
            .execute(c))?;
        changed += 1;
    }
    Ok(changed)
}

/// The prefixes as title parsing and link extraction know them. A prefix makes
/// interlanguage links when it is local (`iw_local`) and a language code.
pub fn interwiki_map(rows: &[InterwikiRow]) -> InterwikiMap {
    let mut map = InterwikiMap::new();
    for row in rows {
        let info =
            InterwikiInfo { language: row.local && is_language_code(&row.prefix), local: row.local, trans: row.trans };
        map.insert(&row.prefix, info);
        map.set_url(&row.prefix, &row.url);
    }
    map
}

// ---------------------------------------------------------------------------------------
// Site information
// ---------------------------------------------------------------------------------------

/// One namespace as the site lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamespaceEntry {
    /// Namespace number.
    pub id: i32,
    /// The site's name for it, with spaces (empty for the main namespace).
    pub name: String,
    /// Whether titles get an upper-case first letter (`first-letter`, not `case-sensitive`).
    pub first_letter: bool,
}

/// What a source (a dump's `<siteinfo>`) says of a site, from which [`Site::described`]
/// builds one.
#[derive(Clone, Debug, Default)]
pub struct SiteFacts {
    /// The site's name; `Project` when not given.
    pub sitename: Option<String>,
    /// The database name.
    pub dbname: Option<String>,
    /// The URL of the main page.
    pub base: Option<String>,
    /// The software that wrote the source (`MediaWiki 1.39.17`).
    pub generator: Option<String>,
    /// The content language code.
    pub language: Option<String>,
    /// Whether titles get an upper-case first letter unless a namespace says otherwise.
    pub capital_links: bool,
    /// The namespaces.
    pub namespaces: Vec<NamespaceEntry>,
}

/// The wiki a database holds: names, namespaces and interwiki prefixes.
#[derive(Clone, Debug)]
pub struct Site {
    /// The site's name (`$wgSitename`), which also names the project namespace.
    pub sitename: String,
    /// Database name of the source wiki, when known.
    pub dbname: Option<String>,
    /// URL of the source wiki's main page (`<base>`), when known.
    pub base: Option<String>,
    /// The source wiki's server (`$wgServer`, `https://host[:port]`), from `base`.
    pub server: Option<String>,
    /// Database key of the main page, from `base` (`Main_Page` when unknown).
    pub main_page: String,
    /// The software that wrote the dump (`MediaWiki 1.39.17`), when known.
    pub generator: Option<String>,
    /// The content language code (`xml:lang` of the dump), when known.
    pub language: Option<String>,
    /// Whether titles get an upper-case first letter unless a namespace says otherwise.
    pub capital_links: bool,
    /// The namespaces as listed.
    pub namespace_list: Vec<NamespaceEntry>,
    /// The interwiki table.
    pub interwiki: Vec<InterwikiRow>,
    namespaces: SiteNamespaces,
    interwikis: InterwikiMap,
}

impl Site {
    /// Builds the derived lookups from the listed facts.
    fn assemble(mut self) -> Site {
        self.namespaces = if self.namespace_list.is_empty() {
            SiteNamespaces::english(&self.sitename)
        } else {
            SiteNamespaces::from_siteinfo(self.namespace_list.iter().map(|n| (n.id, n.name.as_str(), n.first_letter)))
        };
        self.interwikis = interwiki_map(&self.interwiki);
        self
    }

    /// A site with MediaWiki's default English namespaces, the project namespace named
    /// `project_name`, and no interwiki prefixes.
    pub fn mediawiki_default(project_name: &str) -> Site {
        let namespace_list = SiteNamespaces::english(project_name)
            .all()
            .iter()
            .map(|n| NamespaceEntry { id: n.id, name: n.name.clone(), first_letter: true })
            .collect();
        Site {
            sitename: project_name.to_owned(),
            dbname: None,
            base: None,
            server: None,
            main_page: "Main_Page".to_owned(),
            generator: None,
            language: None,
            capital_links: true,
            namespace_list,
            interwiki: Vec::new(),
            namespaces: SiteNamespaces::english(project_name),
            interwikis: InterwikiMap::new(),
        }
        .assemble()
    }

    /// A site from the facts a source describes (a dump's `<siteinfo>`): its name, where it
    /// lives, what wrote it, its language and namespaces.
    pub fn described(facts: SiteFacts) -> Site {
        let sitename = facts.sitename.unwrap_or_else(|| "Project".to_owned());
        Site {
            server: facts.base.as_deref().and_then(server_of),
            main_page: facts.base.as_deref().and_then(main_page_of).unwrap_or_else(|| "Main_Page".to_owned()),
            namespaces: SiteNamespaces::english(&sitename),
            sitename,
            dbname: facts.dbname,
            base: facts.base,
            generator: facts.generator,
            language: facts.language,
            capital_links: facts.capital_links,
            namespace_list: facts.namespaces,
            interwiki: Vec::new(),
            interwikis: InterwikiMap::new(),
        }
        .assemble()
    }

    /// The URL of a page on this wiki (`$wgServer` + article path), from its prefixed
    /// database key; `None` when the site's URLs are unknown.
    pub fn page_url(&self, prefixed_dbkey: &str) -> Option<String> {
        let base = self.base.as_deref()?;
        let main = wf_urlencode(&self.main_page);
        let prefix = base.strip_suffix(main.as_str()).or_else(|| base.strip_suffix(self.main_page.as_str()))?;
        Some(format!("{prefix}{}", wf_urlencode(prefixed_dbkey)))
    }

    /// The URL of an action on a page (`index.php?title=…&action=…`); `None` when unknown.
    pub fn action_url(&self, prefixed_dbkey: &str, action: &str) -> Option<String> {
        let article = self.page_url("")?;
        let server = self.server.clone()?;
        // With an article path such as `/index.php/$1` the script is the path before `/$1`;
        // otherwise MediaWiki's default script path is assumed.
        let script = match article.strip_suffix('/') {
            Some(s) if s.ends_with(".php") => s.to_owned(),
            _ => format!("{server}/w/index.php"),
        };
        Some(format!("{script}?title={}&action={action}", wf_urlencode(prefixed_dbkey)))
    }

    /// The site's language code (`en` when the source did not say).
    pub fn language_code(&self) -> &str {
        self.language.as_deref().unwrap_or("en")
    }

    /// The same site at another address: `base` is the URL of its main page (as a dump's
    /// `<base>` and siteinfo's `base` give it), from which page URLs are built.
    pub fn with_base(mut self, base: &str) -> Site {
        self.server = server_of(base);
        if let Some(main_page) = main_page_of(base) {
            self.main_page = main_page;
        }
        self.base = Some(base.to_owned());
        self
    }

    /// The same site with these interwiki prefixes.
    pub fn with_interwiki(mut self, rows: Vec<InterwikiRow>) -> Site {
        self.interwiki = rows;
        self.interwikis = interwiki_map(&self.interwiki);
        self
    }

    /// The namespaces, for title parsing.
    pub fn namespaces(&self) -> &SiteNamespaces {
        &self.namespaces
    }

    /// Each interwiki prefix (in lower case) with its URL (`$1` for the title), for writing
    /// links to other wikis.
    pub fn interwiki_urls(&self) -> std::collections::HashMap<String, String> {
        self.interwiki.iter().map(|row| (row.prefix.to_lowercase(), row.url.clone())).collect()
    }

    /// The interwiki prefixes, for title parsing and link extraction.
    pub fn interwikis(&self) -> &InterwikiMap {
        &self.interwikis
    }

    /// `text` read as a title of this site (in namespace `default_ns` unless it names one),
    /// its interwiki prefix recognised.
    pub fn parse_title(&self, text: &str, default_ns: i32) -> Result<ParsedTitle, InvalidTitle> {
        parse_title(text, default_ns, &self.namespaces, &|p| self.interwikis.is_interwiki(p))
    }

    /// What a database says about its site: wikiquery's own record (`wikiquery_site`) in a
    /// database wikiquery imported into, MediaWiki's English defaults (project namespace named
    /// `project_name`) otherwise; interwiki prefixes from the `interwiki` table either way.
    pub fn load(conn: &mut AnyConnection, project_name: &str) -> Result<Site, StoreError> {
        let kind = inspect(conn)?;
        let tables = table_names(conn)?;
        let mut site = None;
        if kind == DatabaseKind::Ours && tables.iter().any(|t| t == SITE_TABLE) {
            let values: BTreeMap<String, String> = with_conn!(conn, |c| wikiquery_site::table
                .select((wikiquery_site::name, wikiquery_site::value))
                .load::<(String, String)>(c))?
            .into_iter()
            .collect();
            site = Site::from_values(&values);
        }
        let site = site.unwrap_or_else(|| Site::mediawiki_default(project_name));
        let interwiki = if tables.iter().any(|t| t == "interwiki") { read_interwiki(conn)? } else { Vec::new() };
        Ok(site.with_interwiki(interwiki))
    }

    /// The site as stored in `wikiquery_site`; `None` when nothing was stored.
    fn from_values(values: &BTreeMap<String, String>) -> Option<Site> {
        let sitename = values.get("sitename")?.clone();
        let namespace_list = values
            .get("namespaces")
            .and_then(|text| serde_json::from_str::<Json>(text).ok())
            .and_then(|json| json.as_array().cloned())
            .map(|entries| {
                entries
                    .iter()
                    .filter_map(|e| {
                        Some(NamespaceEntry {
                            id: i32::try_from(e.get("id")?.as_i64()?).ok()?,
                            name: e.get("name")?.as_str()?.to_owned(),
                            first_letter: e.get("case").and_then(Json::as_str) != Some("case-sensitive"),
                        })
                    })
                    .collect()
            })
            .unwrap_or_default();
        Some(
            Site {
                sitename: sitename.clone(),
                dbname: values.get("dbname").cloned(),
                base: values.get("base").cloned(),
                server: values.get("server").cloned(),
                main_page: values.get("main_page").cloned().unwrap_or_else(|| "Main_Page".to_owned()),
                generator: values.get("generator").cloned(),
                language: values.get("language").cloned(),
                capital_links: values.get("case").map(String::as_str) != Some("case-sensitive"),
                namespace_list,
                interwiki: Vec::new(),
                namespaces: SiteNamespaces::english(&sitename),
                interwikis: InterwikiMap::new(),
            }
            .assemble(),
        )
    }

    /// The `wikiquery_site` rows for this site.
    pub fn values(&self) -> BTreeMap<&'static str, String> {
        let mut values = BTreeMap::new();
        values.insert("sitename", self.sitename.clone());
        values.insert("case", if self.capital_links { "first-letter" } else { "case-sensitive" }.to_owned());
        values.insert("main_page", self.main_page.clone());
        let namespaces: Vec<Json> = self
            .namespace_list
            .iter()
            .map(|n| {
                json!({
                    "id": n.id,
                    "name": n.name,
                    "case": if n.first_letter { "first-letter" } else { "case-sensitive" },
                })
            })
            .collect();
        values.insert("namespaces", Json::Array(namespaces).to_string());
        for (name, value) in [
            ("dbname", &self.dbname),
            ("base", &self.base),
            ("server", &self.server),
            ("generator", &self.generator),
            ("language", &self.language),
        ] {
            if let Some(value) = value {
                values.insert(name, value.clone());
            }
        }
        values
    }

    /// Writes the site into `wikiquery_site` (which [`ensure_site_table`] creates), replacing
    /// the values it has and keeping any others.
    pub fn save(&self, conn: &mut AnyConnection) -> Result<(), StoreError> {
        for (name, value) in self.values() {
            with_conn!(conn, |c| diesel::delete(wikiquery_site::table.filter(wikiquery_site::name.eq(name)))
                .execute(c))?;
            with_conn!(conn, |c| diesel::insert_into(wikiquery_site::table)
                .values((wikiquery_site::name.eq(name), wikiquery_site::value.eq(&value)))
                .execute(c))?;
        }
        Ok(())
    }
}

/// `scheme://host[:port]` of a URL (MediaWiki's `$wgServer` for a dump's `<base>`).
pub fn server_of(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    let host = rest.split(['/', '?', '#']).next().unwrap_or("");
    (!scheme.is_empty() && !host.is_empty()).then(|| format!("{scheme}://{host}"))
}

/// The page a main-page URL names (`…/index.php/Main_Page` or `…?title=Main_Page`), as a
/// database key.
pub fn main_page_of(url: &str) -> Option<String> {
    let (_, rest) = url.split_once("://")?;
    let (path, query) = rest.split_once('?').unwrap_or((rest, ""));
    let from_query = query.split('&').find_map(|p| p.strip_prefix("title="));
    let raw = match from_query {
        Some(title) => title,
        None => path.split_once('/').map(|(_, p)| p)?.rsplit('/').next()?,
    };
    let decoded = String::from_utf8_lossy(&percent_decode(raw)).into_owned();
    (!decoded.is_empty()).then(|| decoded.replace(' ', "_"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_base_given_later_moves_the_site() {
        let site = Site::mediawiki_default("Wiki").with_base("https://wiki.example.org/wiki/Start");
        assert_eq!(site.server.as_deref(), Some("https://wiki.example.org"));
        assert_eq!(site.main_page, "Start");
        assert_eq!(site.base.as_deref(), Some("https://wiki.example.org/wiki/Start"));
    }

    #[test]
    fn base_urls_give_server_and_main_page() {
        let base = "http://127.0.0.1:8081/index.php/Main_Page";
        assert_eq!(server_of(base).as_deref(), Some("http://127.0.0.1:8081"));
        assert_eq!(main_page_of(base).as_deref(), Some("Main_Page"));
        assert_eq!(main_page_of("https://w.example/w/index.php?title=Hauptseite&x=1").as_deref(), Some("Hauptseite"));
        assert_eq!(main_page_of("https://en.wikipedia.org/wiki/Main%20Page").as_deref(), Some("Main_Page"));
        assert_eq!(server_of("not a url"), None);
    }

    #[test]
    fn only_local_language_prefixes_make_language_links() {
        let row = |prefix: &str, local: bool| InterwikiRow {
            prefix: prefix.to_owned(),
            url: format!("https://{prefix}.example/$1"),
            api: String::new(),
            wikiid: String::new(),
            local,
            trans: false,
        };
        let map = interwiki_map(&[row("de", true), row("fr", false), row("wikipedia", true)]);
        assert!(map.is_language("de"));
        assert!(!map.is_language("fr"));
        assert!(map.is_interwiki("fr"));
        assert!(!map.is_language("wikipedia"));
    }

    #[test]
    fn site_values_round_trip() {
        let entry = |id: i32, name: &str, first_letter: bool| NamespaceEntry { id, name: name.into(), first_letter };
        let site = Site::described(SiteFacts {
            sitename: Some("Fixture Wiki".into()),
            dbname: Some("fixturewiki".into()),
            base: Some("http://127.0.0.1:8081/index.php/Main_Page".into()),
            generator: Some("MediaWiki 1.39.17".into()),
            language: Some("en".into()),
            capital_links: true,
            namespaces: vec![entry(0, "", true), entry(4, "Fixture Wiki", true), entry(100, "Portal", false)],
        });
        assert_eq!(site.namespaces().lookup("fixture_wiki"), Some(4));
        assert_eq!(site.namespaces().lookup("project"), Some(4));
        assert!(!site.namespaces().is_capitalized(100));
        let values: BTreeMap<String, String> = site.values().into_iter().map(|(k, v)| (k.to_owned(), v)).collect();
        let back = Site::from_values(&values).expect("stored values read back");
        assert_eq!(back.namespace_list, site.namespace_list);
        assert_eq!(back.server.as_deref(), Some("http://127.0.0.1:8081"));
        assert_eq!(back.language.as_deref(), Some("en"));
        assert_eq!(back.dbname.as_deref(), Some("fixturewiki"));
    }
}
