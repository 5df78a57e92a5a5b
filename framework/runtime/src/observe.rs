//! What the server's monitoring may know of a request: its action and modules by their
//! registered names (never a client's free text, so that metrics stay bounded), and which
//! parameters hold secrets that a log must not show.

use std::collections::HashSet;
use std::sync::OnceLock;

use crate::param::{split_values, RequestParams};
use crate::registry::Registry;

/// A request's action and the query modules it names, as the registry names them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RequestLabels {
    /// The action (`query`, `paraminfo`…); `help` when none is given; `unknown` for a name
    /// no module has, and for what never reached the API.
    pub action: &'static str,
    /// For `action=query`, the `prop`, `list`, `meta` and `generator` modules named that
    /// exist, in the order asked.
    pub modules: Vec<&'static str>,
}

impl Default for RequestLabels {
    fn default() -> Self {
        RequestLabels { action: "unknown", modules: Vec::new() }
    }
}

/// The labels of a request with these parameters.
pub fn labels(params: &RequestParams) -> RequestLabels {
    let Ok(registry) = Registry::global() else { return RequestLabels::default() };
    let action = match params.get("action") {
        None => "help",
        Some(name) => registry.action(name).map_or("unknown", |e| e.name),
    };
    let mut modules = Vec::new();
    if action == "query" {
        for group in ["prop", "list", "meta", "generator"] {
            for name in split_values(params.get(group).unwrap_or_default()) {
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
