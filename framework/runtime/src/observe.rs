//! What the server's monitoring may know of a request: its action and modules by their
//! registered names (never a client's free text, so that metrics stay bounded), and which
//! parameters hold secrets that a log must not show.

use std::collections::HashSet;
use std::sync::OnceLock;

use crate::registry::Registry;

/// A request's action and the query modules it names, as the registry names them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RequestLabels {
    /// The action (`query`, `paraminfo`…); `help` when none is given; `unknown` for a name
    /// no module has.
    pub action: &'static str,
    /// For `action=query`, the `prop`, `list`, `meta` and `generator` modules named that
    /// exist, in the order asked.
    pub modules: Vec<&'static str>,
}

/// The labels of a request with these parameters (the last value of each counts, as for
/// the API).
pub fn labels(params: &[(String, String)]) -> RequestLabels {
    let get = |name: &str| params.iter().rev().find(|(k, _)| k == name).map(|(_, v)| v.as_str());
    let Ok(registry) = Registry::global() else {
        return RequestLabels { action: "unknown", modules: Vec::new() };
    };
    let action = match get("action") {
        None => "help",
        Some(name) => registry.action(name).map_or("unknown", |e| e.name),
    };
    let mut modules = Vec::new();
    if action == "query" {
        for group in ["prop", "list", "meta", "generator"] {
            for name in get(group).unwrap_or_default().split('|') {
                if let Some(entry) = registry.query_module(name) {
                    if !modules.contains(&entry.name) {
                        modules.push(entry.name);
                    }
                }
            }
        }
    }
    RequestLabels { action, modules }
}

/// Whether a parameter (its name on the wire) holds a secret: a password, a token or
/// anything a module marks sensitive, under its module's prefix (and a generator's).
pub fn is_sensitive(name: &str) -> bool {
    static NAMES: OnceLock<HashSet<String>> = OnceLock::new();
    NAMES
        .get_or_init(|| {
            let mut names = HashSet::new();
            let Ok(registry) = Registry::global() else { return names };
            for entry in registry.query_modules(None).chain(registry.actions()) {
                let d = (entry.descriptor)();
                for p in d.params.iter().filter(|p| p.sensitive || p.password || p.token_type.is_some()) {
                    names.insert(format!("{}{}", d.prefix, p.name));
                    if d.generator {
                        names.insert(format!("g{}{}", d.prefix, p.name));
                    }
                }
            }
            names
        })
        .contains(name)
}
