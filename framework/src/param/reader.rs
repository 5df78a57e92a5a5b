//! The request's parameters and the reader a module's generated parser uses.

use std::collections::{BTreeMap, HashMap, HashSet};

use crate::error::Warnings;
use crate::rights::Rights;

/// The parameters of a request in the order they came; a name given twice keeps its last
/// value, as PHP does.
#[derive(Debug, Clone, Default)]
pub struct RequestParams {
    pairs: Vec<(String, String)>,
    last: HashMap<String, usize>,
}

impl RequestParams {
    /// Builds the parameter map from ordered (name, value) pairs.
    pub fn from_pairs(pairs: Vec<(String, String)>) -> Self {
        let mut last = HashMap::with_capacity(pairs.len());
        for (i, (k, _)) in pairs.iter().enumerate() {
            last.insert(k.clone(), i);
        }
        RequestParams { pairs, last }
    }

    /// The value of a parameter, if given.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.last.get(name).map(|&i| self.pairs[i].1.as_str())
    }

    /// The distinct parameter names, in the order they first came.
    pub fn names(&self) -> Vec<&str> {
        let mut seen = HashSet::new();
        self.pairs.iter().map(|(k, _)| k.as_str()).filter(|k| seen.insert(*k)).collect()
    }
}

/// What one request accumulates while its modules read their parameters: which parameters were
/// used (the rest are "unrecognized"), warnings, and the limits it resolved.
#[derive(Debug, Default)]
pub struct RequestState {
    /// The request's parameters.
    pub params: RequestParams,
    used: HashSet<String>,
    /// Warnings raised so far.
    pub warnings: Warnings,
    /// What the caller may do.
    pub rights: Rights,
    /// The namespaces of the site, for namespace parameters.
    pub namespaces: Vec<i32>,
    /// `limits` member of the response: module name → limit that `max` resolved to.
    pub limits: BTreeMap<String, u64>,
}

/// The namespaces of a MediaWiki site without extra configuration.
pub const DEFAULT_NAMESPACES: &[i32] = &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];

impl RequestState {
    /// The state of a new request.
    pub fn new(params: RequestParams) -> Self {
        RequestState { params, namespaces: DEFAULT_NAMESPACES.to_vec(), ..Default::default() }
    }

    /// A state with no parameters, for reading values that do not come from the request, for
    /// a caller with `rights`.
    pub fn detached(rights: Rights) -> Self {
        RequestState { rights, namespaces: DEFAULT_NAMESPACES.to_vec(), ..Default::default() }
    }

    /// Whether the caller has `apihighlimits` (higher limits, more values a parameter).
    pub fn high_limits(&self) -> bool {
        self.rights.has("apihighlimits")
    }

    /// Marks a parameter as used without reading it through a descriptor.
    pub fn mark_used(&mut self, name: &str) {
        self.used.insert(name.to_owned());
    }

    /// The parameters that no module read, in request order.
    pub fn unused(&self) -> Vec<String> {
        self.params.names().into_iter().filter(|n| !self.used.contains(*n)).map(str::to_owned).collect()
    }
}

/// Reads one module's parameters: joins its prefix to each name, marks what it reads as
/// used, and files warnings under the module's name.
pub struct ParamReader<'a> {
    state: &'a mut RequestState,
    prefix: &'a str,
    module: &'a str,
}

impl<'a> ParamReader<'a> {
    /// A reader for the module `module` with prefix `prefix`.
    pub fn new(state: &'a mut RequestState, prefix: &'a str, module: &'a str) -> Self {
        ParamReader { state, prefix, module }
    }

    /// The wire name of a listed parameter name.
    pub fn wire_name(&self, name: &str) -> String {
        let mut s = String::with_capacity(self.prefix.len() + name.len());
        s.push_str(self.prefix);
        s.push_str(name);
        s
    }

    /// Takes a parameter's value by wire name and marks it used.
    pub fn take(&mut self, wire: &str) -> Option<String> {
        let v = self.state.params.get(wire).map(str::to_owned);
        if v.is_some() {
            self.state.mark_used(wire);
        }
        v
    }

    /// Looks at a parameter's value without marking it used.
    pub fn peek(&self, wire: &str) -> Option<String> {
        self.state.params.get(wire).map(str::to_owned)
    }

    /// Files a warning under this module.
    pub fn warn(&mut self, code: &'static str, text: String) {
        self.state.warnings.add(self.module, code, text);
    }

    /// Whether the caller has `apihighlimits`.
    pub fn high_limits(&self) -> bool {
        self.state.high_limits()
    }

    /// What the caller may do.
    pub fn rights(&self) -> &Rights {
        &self.state.rights
    }

    /// The site's namespaces.
    pub fn namespaces(&self) -> &[i32] {
        &self.state.namespaces
    }

    /// Records that `max` resolved to `limit` for this module.
    pub fn record_limit(&mut self, limit: u64) {
        self.state.limits.insert(self.module.to_owned(), limit);
    }

    /// The module's prefix.
    pub fn prefix(&self) -> &'a str {
        self.prefix
    }

    /// The module's name.
    pub fn module(&self) -> &'a str {
        self.module
    }
}
