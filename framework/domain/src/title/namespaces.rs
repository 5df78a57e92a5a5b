//! A site's namespaces: numbers, names, aliases, case and subpages, and the talk/subject pairs.

use std::collections::HashMap;

use super::{
    NS_CATEGORY, NS_FILE, NS_HELP, NS_MAIN, NS_MEDIA, NS_MEDIAWIKI, NS_PROJECT, NS_SPECIAL, NS_TALK, NS_TEMPLATE,
    NS_USER, NS_USER_TALK,
};

/// One namespace of a site.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamespaceInfo {
    /// The namespace number.
    pub id: i32,
    /// The canonical (English, language-independent) name, with spaces; empty for the main namespace.
    pub canonical: String,
    /// The name the site shows, with spaces; empty for the main namespace.
    pub name: String,
    /// Further names that lead to this namespace (`Image` for `File`).
    pub aliases: Vec<String>,
    /// Whether titles here get an upper-case first letter (MediaWiki's `first-letter` case).
    pub capitalized: bool,
    /// Whether `/` makes subpages here.
    pub subpages: bool,
}

/// The namespaces of a site, with the name lookups title parsing needs.
#[derive(Debug, Clone)]
pub struct SiteNamespaces {
    namespaces: Vec<NamespaceInfo>,
    /// Lower-cased names with underscores (canonical, local and aliases) to namespace numbers.
    by_name: HashMap<String, i32>,
    /// Whether namespaces the site does not list capitalise titles.
    capital_links: bool,
    /// Interwiki prefixes that point back at this site and are dropped from titles.
    pub(super) local_interwikis: Vec<String>,
    /// The database key an empty local-interwiki link (`[[thissite:]]`) stands for.
    pub(super) main_page: String,
}

/// The canonical English names of MediaWiki's built-in namespaces; the project pair is
/// named after the site and so has no fixed local name.
const BUILT_IN: &[(i32, &str)] = &[
    (NS_MEDIA, "Media"),
    (NS_SPECIAL, "Special"),
    (NS_MAIN, ""),
    (NS_TALK, "Talk"),
    (NS_USER, "User"),
    (NS_USER_TALK, "User talk"),
    (NS_PROJECT, "Project"),
    (5, "Project talk"),
    (NS_FILE, "File"),
    (7, "File talk"),
    (NS_MEDIAWIKI, "MediaWiki"),
    (9, "MediaWiki talk"),
    (NS_TEMPLATE, "Template"),
    (11, "Template talk"),
    (NS_HELP, "Help"),
    (13, "Help talk"),
    (NS_CATEGORY, "Category"),
    (15, "Category talk"),
];

/// Old names kept as aliases in every language.
const BUILT_IN_ALIASES: &[(&str, i32)] = &[("Image", NS_FILE), ("Image talk", 7)];

/// Namespaces where MediaWiki's default configuration enables subpages.
const SUBPAGE_NAMESPACES: &[i32] = &[1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13, 15];

/// Namespaces whose titles are capitalised whatever the site says.
const ALWAYS_CAPITALIZED: &[i32] = &[NS_SPECIAL, NS_USER, NS_MEDIAWIKI];

/// The lookup form of a namespace name: lower case, underscores for spaces.
fn name_key(name: &str) -> String {
    name.replace(' ', "_").to_lowercase()
}

impl SiteNamespaces {
    /// MediaWiki's default English namespaces -2..15, the project pair named `project_name`
    /// (`Project` when MediaWiki's own default is wanted), every title capitalised.
    pub fn english(project_name: &str) -> SiteNamespaces {
        let namespaces = BUILT_IN
            .iter()
            .map(|&(id, canonical)| {
                let name = match id {
                    NS_PROJECT => project_name.to_owned(),
                    5 => format!("{project_name} talk"),
                    _ => canonical.to_owned(),
                };
                NamespaceInfo {
                    id,
                    canonical: canonical.to_owned(),
                    name,
                    aliases: Vec::new(),
                    capitalized: true,
                    subpages: SUBPAGE_NAMESPACES.contains(&id),
                }
            })
            .collect();
        SiteNamespaces::new(namespaces, true)
    }

    /// A site from a dump's `<siteinfo><namespaces>` list: (number, name as listed, whether
    /// its case is `first-letter`). Built-in namespaces keep their canonical names and aliases.
    pub fn from_siteinfo<'a>(entries: impl IntoIterator<Item = (i32, &'a str, bool)>) -> SiteNamespaces {
        let namespaces: Vec<NamespaceInfo> = entries
            .into_iter()
            .map(|(id, name, first_letter)| {
                let name = name.replace('_', " ");
                let canonical = BUILT_IN.iter().find(|(i, _)| *i == id).map_or(name.clone(), |(_, c)| (*c).to_owned());
                NamespaceInfo {
                    id,
                    canonical,
                    name,
                    aliases: Vec::new(),
                    capitalized: first_letter,
                    subpages: SUBPAGE_NAMESPACES.contains(&id),
                }
            })
            .collect();
        let capital_links = namespaces.iter().filter(|n| n.id == NS_MAIN).all(|n| n.capitalized);
        SiteNamespaces::new(namespaces, capital_links)
    }

    /// A site from its namespace list; `capital_links` is the case of namespaces it does not list.
    pub fn new(mut namespaces: Vec<NamespaceInfo>, capital_links: bool) -> SiteNamespaces {
        namespaces.sort_by_key(|n| n.id);
        let mut by_name = HashMap::new();
        // Aliases first, so that a namespace's own names win over an alias spelt the same.
        for &(alias, id) in BUILT_IN_ALIASES {
            if namespaces.iter().any(|n| n.id == id) {
                by_name.insert(name_key(alias), id);
            }
        }
        for ns in &namespaces {
            for alias in &ns.aliases {
                by_name.insert(name_key(alias), ns.id);
            }
        }
        for ns in &namespaces {
            if ns.id != NS_MAIN {
                by_name.insert(name_key(&ns.name), ns.id);
            }
        }
        // Canonical names are looked up before local ones in MediaWiki.
        for ns in &namespaces {
            if ns.id != NS_MAIN && !ns.canonical.is_empty() {
                by_name.insert(name_key(&ns.canonical), ns.id);
            }
        }
        SiteNamespaces {
            namespaces,
            by_name,
            capital_links,
            local_interwikis: Vec::new(),
            main_page: "Main_Page".to_owned(),
        }
    }

    /// Adds a further name for a namespace (MediaWiki's `$wgNamespaceAliases`).
    pub fn add_alias(&mut self, alias: &str, id: i32) {
        self.by_name.insert(name_key(alias), id);
        if let Some(ns) = self.namespaces.iter_mut().find(|n| n.id == id) {
            ns.aliases.push(alias.replace('_', " "));
        }
    }

    /// Declares interwiki prefixes that point at this site itself (`$wgLocalInterwikis`), and
    /// the title (database key) of its main page, where an empty such link leads.
    pub fn set_local_interwikis(&mut self, prefixes: &[&str], main_page: &str) {
        self.local_interwikis = prefixes.iter().map(|p| p.to_lowercase()).collect();
        self.main_page = main_page.replace(' ', "_");
    }

    /// All namespaces, by number.
    pub fn all(&self) -> &[NamespaceInfo] {
        &self.namespaces
    }

    /// The namespace with this number.
    pub fn get(&self, id: i32) -> Option<&NamespaceInfo> {
        self.namespaces.iter().find(|n| n.id == id)
    }

    /// The number of the namespace a name (canonical, local or alias) stands for, ignoring case
    /// and treating spaces and underscores alike.
    pub fn lookup(&self, name: &str) -> Option<i32> {
        self.by_name.get(&name_key(name)).copied()
    }

    /// The name the site shows for a namespace, with spaces (empty for the main namespace).
    pub fn name(&self, id: i32) -> Option<&str> {
        self.get(id).map(|n| n.name.as_str())
    }

    /// Whether titles in a namespace get an upper-case first letter; media follows files and
    /// talk namespaces their subject, as in MediaWiki.
    pub fn is_capitalized(&self, id: i32) -> bool {
        let id = if id == NS_MEDIA { NS_FILE } else { subject(id) };
        if ALWAYS_CAPITALIZED.contains(&id) {
            return true;
        }
        self.get(id).map_or(self.capital_links, |n| n.capitalized)
    }

    /// Whether `/` makes subpages in a namespace.
    pub fn has_subpages(&self, id: i32) -> bool {
        self.get(id).is_some_and(|n| n.subpages)
    }

    /// The talk namespace of a namespace (itself for a talk namespace); none for -1 and -2.
    pub fn talk(&self, id: i32) -> Option<i32> {
        talk(id)
    }

    /// The subject namespace of a namespace (itself for a subject namespace).
    pub fn subject(&self, id: i32) -> i32 {
        subject(id)
    }
}

/// The talk namespace paired with a namespace; none for the virtual namespaces -1 and -2.
pub fn talk(id: i32) -> Option<i32> {
    (id >= 0).then_some(id | 1)
}

/// The subject namespace paired with a namespace.
pub fn subject(id: i32) -> i32 {
    if id >= 0 {
        id & !1
    } else {
        id
    }
}

/// Whether a namespace is a talk namespace.
pub fn is_talk(id: i32) -> bool {
    id >= 0 && id & 1 == 1
}
