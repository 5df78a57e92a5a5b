//! The request's parameters and the reader a module's generated parser uses.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap, HashSet};

use unicode_normalization::{is_nfc_quick, IsNormalized, UnicodeNormalization};

use crate::clock::Clock;
use crate::descriptor::module_name;
use crate::error::Warnings;
use wikiquery_domain::rights::Rights;
use wikiquery_domain::timestamp::Timestamp;

/// The parameters of a request in the order they came; a name given twice keeps its last
/// value, as PHP does. Values are cleaned as MediaWiki cleans request data ([`clean_text`]);
/// what a value was before cleaning changed it is kept ([`RequestParams::raw`]).
#[derive(Debug, Clone, Default)]
pub struct RequestParams {
    pairs: Vec<(String, String)>,
    last: HashMap<String, usize>,
    raw: HashMap<String, String>,
}

impl RequestParams {
    /// Builds the parameter map from ordered (name, value) pairs, cleaning the values.
    pub fn from_pairs(mut pairs: Vec<(String, String)>) -> Self {
        let mut last = HashMap::with_capacity(pairs.len());
        let mut raw = HashMap::new();
        for (i, (k, v)) in pairs.iter_mut().enumerate() {
            last.insert(k.clone(), i);
            match clean_text(v) {
                Cow::Owned(clean) if clean != *v => {
                    raw.insert(k.clone(), std::mem::replace(v, clean));
                }
                _ => {
                    raw.remove(k.as_str());
                }
            }
        }
        RequestParams { pairs, last, raw }
    }

    /// The value of a parameter as sent, when cleaning changed it (it was not NFC, or had
    /// control characters).
    pub fn raw(&self, name: &str) -> Option<&str> {
        self.raw.get(name).map(String::as_str)
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

/// Text as MediaWiki cleans every request value: C0 control characters other than tab, line
/// feed and carriage return become U+FFFD, and the text is put in Unicode normalisation form
/// C. A value starting with U+001F (the other multi-value separator) keeps its separators.
/// Borrowed when nothing changes, which is nearly always.
pub fn clean_text(text: &str) -> Cow<'_, str> {
    let bad_control = |c: char| c < ' ' && !matches!(c, '\t' | '\n' | '\r');
    if let Some(rest) = text.strip_prefix('\u{1f}') {
        if !rest.chars().any(|c| c != '\u{1f}' && bad_control(c)) && is_nfc_quick(rest.chars()) == IsNormalized::Yes {
            return Cow::Borrowed(text);
        }
        let pieces: Vec<Cow<'_, str>> = rest.split('\u{1f}').map(clean_text).collect();
        return Cow::Owned(format!("\u{1f}{}", pieces.join("\u{1f}")));
    }
    if !text.chars().any(bad_control) && is_nfc_quick(text.chars()) == IsNormalized::Yes {
        return Cow::Borrowed(text);
    }
    let replaced = text.chars().map(|c| if bad_control(c) { '\u{fffd}' } else { c });
    let clean: String = replaced.nfc().collect();
    if clean == text {
        Cow::Borrowed(text)
    } else {
        Cow::Owned(clean)
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
    /// Where "now" comes from.
    pub clock: Clock,
    /// The caller's address, which names an anonymous caller (`127.0.0.1` when unknown).
    pub client_ip: String,
    /// The caller's `Accept-Language` header.
    pub accept_language: Option<String>,
    /// What the server keeps for the request while it runs (its database connection).
    pub scope: crate::scope::RequestScope,
    /// The caller's session (new and not held by the client when it sent none).
    pub session: crate::session::Session,
    /// The account the caller is logged in as; `None` for an anonymous caller.
    pub user: Option<crate::session::Account>,
    /// Whether the request came by POST.
    pub posted: bool,
    /// The names of the parameters the query string (rather than a POST body) carried.
    pub query_names: HashSet<String>,
    /// The request's path and query string as they were received.
    pub request_uri: String,
    /// Who may share a cached answer: as the action that ran left it; while a query runs, the
    /// merge of the page set's mode and of each module's that ran.
    pub cache_mode: crate::cache::CacheMode,
    /// A private answer may keep the `maxage` asked for: the action's module is set up (its
    /// parameters read, its token checked) and changes nothing. MediaWiki sends `max-age=0`
    /// for an unknown action, a request refused before its module ran, and a write action.
    pub(crate) keeps_maxage: bool,
    /// How long caches may keep the answer, when the action says (MediaWiki's
    /// `setCacheMaxAge`): both lifetimes, whatever `maxage` and `smaxage` asked.
    pub cache_max_age: Option<i64>,
    /// How long caches may keep the answer when the request asks no `smaxage` (MediaWiki's
    /// `if ( !smaxage ) setCacheMaxAge()`, the recent-changes feed's few seconds).
    pub cache_max_age_unless_asked: Option<i64>,
    /// The answer is a page for people, sent with a page's caching headers whatever the
    /// format (`action=help`, whose page MediaWiki's skin sends).
    pub sends_page: bool,
    /// The printer the action chose instead of the request's `format`, once its parameters
    /// are read.
    pub(crate) printer: Option<crate::format::Printer>,
    /// The request may come from a page of another origin (`origin=*`, JSONP, a proxy's
    /// `Treat-as-Untrusted`): it is answered as if no one were logged in.
    pub(crate) untrusted: bool,
    /// The site's title rules (namespace names, interwiki prefixes), for parameters whose
    /// values are read as titles (user names); MediaWiki's defaults when the server has none.
    pub site: SiteTitles,
}

/// The site's title rules as parameters read them: its page lookup's namespaces and
/// interwiki map, when the server has pages.
#[derive(Clone, Default)]
pub struct SiteTitles(pub Option<std::sync::Arc<dyn crate::query::pageset::PageLookup>>);

impl std::fmt::Debug for SiteTitles {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() { "SiteTitles(site)" } else { "SiteTitles(defaults)" })
    }
}

impl SiteTitles {
    /// Runs `f` with the site's namespaces and its test of interwiki prefixes.
    fn with<T>(&self, f: impl FnOnce(&wikiquery_domain::title::SiteNamespaces, &dyn Fn(&str) -> bool) -> T) -> T {
        use wikiquery_domain::title::SiteNamespaces;
        match &self.0 {
            Some(site) => {
                let iw = site.interwikis();
                f(site.namespaces(), &|p| iw.is_interwiki(p))
            }
            None => {
                static DEFAULT: std::sync::OnceLock<SiteNamespaces> = std::sync::OnceLock::new();
                f(DEFAULT.get_or_init(|| SiteNamespaces::english("Project")), &|_| false)
            }
        }
    }

    /// Parses `text` as a title with `default_ns` as MediaWiki does for this site.
    pub fn parse(
        &self,
        text: &str,
        default_ns: i32,
    ) -> Result<wikiquery_domain::title::ParsedTitle, wikiquery_domain::title::InvalidTitle> {
        self.with(|namespaces, is_interwiki| {
            wikiquery_domain::title::parse_title(text, default_ns, namespaces, is_interwiki)
        })
    }

    /// The canonical form of `text` as a valid user name on this site (see
    /// [`wikiquery_domain::user::canonical_name`]).
    pub fn user_name(&self, text: &str) -> Option<String> {
        self.with(|namespaces, is_interwiki| wikiquery_domain::user::canonical_name(text, namespaces, is_interwiki))
    }
}

/// The address of a caller in this machine's own process.
pub const LOCAL_CLIENT: &str = "127.0.0.1";

/// The namespaces of a MediaWiki site without extra configuration.
pub const DEFAULT_NAMESPACES: &[i32] = &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];

impl RequestState {
    /// The state of a new request.
    pub fn new(params: RequestParams) -> Self {
        RequestState {
            params,
            namespaces: DEFAULT_NAMESPACES.to_vec(),
            client_ip: LOCAL_CLIENT.to_owned(),
            ..Default::default()
        }
    }

    /// A state with no parameters, for reading values that do not come from the request, for
    /// a caller with `rights`.
    pub fn detached(rights: Rights) -> Self {
        RequestState { rights, namespaces: DEFAULT_NAMESPACES.to_vec(), ..Default::default() }
    }

    /// The caller's name: the account's, or the address of an anonymous caller.
    pub fn caller_name(&self) -> &str {
        self.user.as_ref().map_or(self.client_ip.as_str(), |u| u.name.as_str())
    }

    /// Whether the request lacks the browser's same-origin protection (MediaWiki's
    /// `lacksSameOriginSecurity`): a page of any origin may have sent it (`origin=*`, JSONP),
    /// or a proxy says so (`Treat-as-Untrusted`). It gets no session and no tokens.
    pub fn lacks_same_origin_security(&self) -> bool {
        self.untrusted
    }

    /// Whether the caller has `apihighlimits` (higher limits, more values a parameter).
    pub fn high_limits(&self) -> bool {
        self.rights.has("apihighlimits")
    }

    /// The current instant, by the server's clock.
    pub fn now(&self) -> Timestamp {
        self.clock.now()
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
    /// Whether the module runs as a generator (its generator defaults apply).
    generator: bool,
}

impl<'a> ParamReader<'a> {
    /// A reader for the module at path `module` (`query+allpages`) with prefix `prefix`.
    pub fn new(state: &'a mut RequestState, prefix: &'a str, module: &'a str) -> Self {
        ParamReader { state, prefix, module, generator: false }
    }

    /// The same reader for a module that runs as a generator: a parameter left out takes its
    /// generator default where it has one.
    pub fn for_generator(mut self, generator: bool) -> Self {
        self.generator = generator;
        self
    }

    /// The default of a parameter as the module runs.
    pub fn default_of(&self, d: &crate::ParamDescriptor) -> Option<&'static str> {
        if self.generator {
            d.generator_default.or(d.default)
        } else {
            d.default
        }
    }

    /// The site's title rules.
    pub fn site(&self) -> &SiteTitles {
        &self.state.site
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
            if self.state.params.raw(wire).is_some() && !self.state.used.contains(wire) {
                self.warn(
                    "badutf8",
                    format!(
                        "The value passed for \"{wire}\" contains invalid or non-normalized data. Textual data \
                         should be valid, NFC-normalized Unicode without C0 control characters other than HT \
                         (\\t), LF (\\n), and CR (\\r)."
                    ),
                );
            }
            self.state.mark_used(wire);
        }
        v
    }

    /// A parameter's value as sent, when cleaning changed it ([`clean_text`]).
    pub fn raw(&self, wire: &str) -> Option<String> {
        self.state.params.raw(wire).map(str::to_owned)
    }

    /// Looks at a parameter's value without marking it used.
    pub fn peek(&self, wire: &str) -> Option<String> {
        self.state.params.get(wire).map(str::to_owned)
    }

    /// Files a warning under this module.
    pub fn warn(&mut self, code: &'static str, text: String) {
        self.state.warnings.add(self.module, code, text);
    }

    /// Files a warning with MediaWiki's `data` member under this module.
    pub fn warn_with_data(
        &mut self,
        code: &'static str,
        text: String,
        data: serde_json::Map<String, serde_json::Value>,
    ) {
        self.state.warnings.add_with_data(self.module, code, text, Some(data));
    }

    /// Whether the caller has `apihighlimits`.
    pub fn high_limits(&self) -> bool {
        self.state.high_limits()
    }

    /// The current instant, by the server's clock.
    pub fn now(&self) -> Timestamp {
        self.state.now()
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
        // Keyed by the module's name, the last part of its path.
        self.state.limits.insert(module_name(self.module).to_owned(), limit);
    }

    /// The module's prefix.
    pub fn prefix(&self) -> &'a str {
        self.prefix
    }

    /// The module's path.
    pub fn module(&self) -> &'a str {
        self.module
    }
}

#[cfg(test)]
mod tests {
    use super::{clean_text, RequestParams};

    #[test]
    fn clean_text_is_nfc_without_control_characters() {
        assert_eq!(clean_text("Café"), "Café");
        assert!(matches!(clean_text("plain|text\twith\ttabs\n"), std::borrow::Cow::Borrowed(_)));
        assert_eq!(clean_text("Cafe\u{301}"), "Caf\u{e9}");
        assert_eq!(clean_text("A\u{1}B"), "A\u{fffd}B");
        assert_eq!(clean_text("\u{1f}A\u{1}B\u{1f}e\u{301}"), "\u{1f}A\u{fffd}B\u{1f}\u{e9}");
    }

    #[test]
    fn parameters_keep_what_cleaning_changed() {
        let p = RequestParams::from_pairs(vec![
            ("titles".into(), "Cafe\u{301}".into()),
            ("list".into(), "allpages".into()),
            ("titles".into(), "Caf\u{e9}".into()),
            ("x".into(), "e\u{301}".into()),
        ]);
        assert_eq!(p.get("titles"), Some("Caf\u{e9}"));
        assert_eq!(p.raw("titles"), None, "the last value wins and needed no cleaning");
        assert_eq!(p.get("x"), Some("\u{e9}"));
        assert_eq!(p.raw("x"), Some("e\u{301}"));
        assert_eq!(p.raw("list"), None);
    }
}
