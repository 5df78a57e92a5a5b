//! The error and warning model: one error type carrying MediaWiki's error codes, and the
//! warnings a request collects on its way.

use std::borrow::Cow;
use std::fmt;

/// An error that ends a request. It becomes MediaWiki's error envelope in one place (the API
/// main loop), nowhere else.
#[derive(Debug, Clone, PartialEq)]
pub struct ApiError {
    /// MediaWiki's machine-readable code, e.g. `badvalue`.
    pub code: Cow<'static, str>,
    /// A human-readable message in English.
    pub info: String,
    /// The HTTP status to answer with (MediaWiki answers most errors with 200).
    pub status: u16,
    /// Extra members of the `error` object, as MediaWiki adds for some codes.
    pub data: Option<Box<serde_json::Map<String, serde_json::Value>>>,
    /// The path of the module that raised it (`query+allpages`, `paraminfo`); `None` is the
    /// main module. Reported as `module` by the non-`bc` error formats.
    pub module: Option<Box<str>>,
}

/// A failure of the data source as the API reports it: an unreachable or lost database is
/// HTTP 503 (try again later); anything else is an internal error. The one place where
/// storage failures become API errors, so that modules write `?`.
impl<E: wikiquery_domain::failure::SourceFailure> From<E> for ApiError {
    fn from(e: E) -> Self {
        if e.is_transient() {
            ApiError::new("internal_api_error_DBConnectionError", format!("The database is unavailable: {e}"))
                .with_status(503)
        } else {
            ApiError::internal("DBQueryError", format!("A database query failed: {e}"))
        }
    }
}

impl ApiError {
    /// An error with a code and an English message, answered with HTTP 200 as MediaWiki does.
    pub fn new(code: impl Into<Cow<'static, str>>, info: impl Into<String>) -> Self {
        ApiError { code: code.into(), info: info.into(), status: 200, data: None, module: None }
    }

    /// The same error, answered with another HTTP status.
    pub fn with_status(mut self, status: u16) -> Self {
        self.status = status;
        self
    }

    /// `badvalue`: a value outside the allowed set of a parameter.
    pub fn bad_value(param: &str, value: &str) -> Self {
        Self::new("badvalue", format!("Unrecognized value for parameter \"{param}\": {value}."))
    }

    /// `invalidparammix`: parameters (wire names) that may not be given together.
    pub fn invalid_param_mix(wires: &[&str]) -> Self {
        ApiError::new("invalidparammix", format!("The parameters {} can not be used together.", listed(wires)))
    }

    /// `show`: a `show` parameter with values that contradict each other (`minor|!minor`).
    pub fn show_conflict() -> Self {
        Self::new("show", "Incorrect parameter - mutually exclusive values may not be supplied.")
    }

    /// `badcontinue`: a continue value the server did not hand out.
    pub fn bad_continue() -> Self {
        Self::new(
            "badcontinue",
            "Invalid continue param. You should pass the original value returned by the previous query.",
        )
    }

    /// `missingparam`: a required parameter was not given.
    pub fn missing_param(param: &str) -> Self {
        Self::new("missingparam", format!("The \"{param}\" parameter must be set."))
    }

    /// `missingparam`: none of parameters that need one of them given (wire names).
    pub fn missing_one_of(params: &[&str]) -> Self {
        Self::new("missingparam", format!("At least one of the parameters {} is required.", listed(params)))
    }

    /// `badinteger`: a value that is not an integer.
    pub fn bad_integer(param: &str, value: &str) -> Self {
        Self::new("badinteger", format!("Invalid value \"{value}\" for integer parameter \"{param}\"."))
    }

    /// `badtimestamp`: a value that is no timestamp MediaWiki accepts.
    pub fn bad_timestamp(param: &str, value: &str) -> Self {
        Self::new("badtimestamp", format!("Invalid value \"{value}\" for timestamp parameter \"{param}\"."))
    }

    /// `toomanyvalues`: more values than a multi-valued parameter takes (`limit`, the
    /// caller's), with MediaWiki's data: the limit and both limits there are.
    pub fn too_many_values(param: &str, limit: usize) -> Self {
        let mut err = Self::new(
            "toomanyvalues",
            format!("Too many values supplied for parameter \"{param}\". The limit is {limit}."),
        );
        let mut data = serde_json::Map::new();
        data.insert("limit".into(), limit.into());
        data.insert("lowlimit".into(), crate::descriptor::MULTI_LIMIT_LOW.into());
        data.insert("highlimit".into(), crate::descriptor::MULTI_LIMIT_HIGH.into());
        err.data = Some(Box::new(data));
        err
    }

    /// `invalidtitle`: a title part (`from`, `to`, `prefix`) that cannot start a title in the
    /// namespace.
    pub fn invalid_title_part(part: &str, namespace: i32) -> Self {
        Self::new("invalidtitle", format!("\"{part}\" cannot start a title in namespace {namespace}."))
    }

    /// `nosuchrevid`: no revision has the id `id` (as the request wrote it).
    pub fn no_such_revision(id: impl std::fmt::Display) -> Self {
        Self::new("nosuchrevid", format!("There is no revision with ID {id}."))
    }

    /// `nosuchpageid`: no page has the id `id`.
    pub fn no_such_page_id(id: i64) -> Self {
        Self::new("nosuchpageid", format!("There is no page with ID {id}."))
    }

    /// `notimplemented`: a module that is described but does not execute in this server yet.
    pub fn not_implemented(path: &str) -> Self {
        Self::new(
            "notimplemented",
            format!("The module \"{path}\" is described but does not execute in this server yet."),
        )
    }

    /// The error with one more member of its data.
    pub fn with_data(mut self, key: &str, value: serde_json::Value) -> Self {
        self.data.get_or_insert_with(Default::default).insert(key.into(), value);
        self
    }

    /// Names the parameter at fault in the error's data (`param`), as MediaWiki does for
    /// validation failures.
    pub fn with_param_hint(mut self, wire: &str) -> Self {
        self.data.get_or_insert_with(Default::default).insert("param".into(), wire.into());
        self
    }

    /// Names the module that raised the error, unless an inner module already did.
    pub fn in_module(mut self, path: impl Into<Box<str>>) -> Self {
        if self.module.is_none() {
            self.module = Some(path.into());
        }
        self
    }

    /// The path of the module that raised the error (`main` when none was named).
    pub fn module_path(&self) -> &str {
        self.module.as_deref().unwrap_or("main")
    }

    /// `internal_api_error_<kind>`: a failure of the server itself, never of the request.
    pub fn internal(kind: &str, info: impl Into<String>) -> Self {
        Self::new(format!("internal_api_error_{kind}"), info).with_status(500)
    }
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code, self.info)
    }
}

impl std::error::Error for ApiError {}

/// One warning, filed under the path of the module that raised it (`main`, `paraminfo`,
/// `query+logevents`, ...).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Warning {
    /// The module's path; the `bc` format keys warnings by its last part, the module's name.
    pub module: String,
    /// MediaWiki's code for this warning, e.g. `unrecognizedparams`.
    pub code: Cow<'static, str>,
    /// The English text.
    pub text: String,
    /// What MediaWiki adds for machines (`outofrange`: the bounds; `unrecognizedvalues`: the
    /// values), written as `data` in every error format but `bc`.
    pub data: Option<serde_json::Map<String, serde_json::Value>>,
}

/// What MediaWiki adds under `main` to every deprecation warning.
pub const DEPRECATION_HELP: &str = "Subscribe to the mediawiki-api-announce mailing list at <https://lists.wikimedia.org/postorius/lists/mediawiki-api-announce.lists.wikimedia.org/> for notice of API deprecations and breaking changes.";

/// The warnings a request collects, in order.
#[derive(Debug, Default, Clone)]
pub struct Warnings {
    items: Vec<Warning>,
}

impl Warnings {
    /// No warnings.
    pub const fn new() -> Self {
        Warnings { items: Vec::new() }
    }

    /// Files a warning under the module path `module`; the same text twice for one module is
    /// kept once.
    pub fn add(&mut self, module: &str, code: impl Into<Cow<'static, str>>, text: impl Into<String>) {
        self.add_with_data(module, code, text, None);
    }

    /// Files a warning with MediaWiki's `data` for it.
    pub fn add_with_data(
        &mut self,
        module: &str,
        code: impl Into<Cow<'static, str>>,
        text: impl Into<String>,
        data: Option<serde_json::Map<String, serde_json::Value>>,
    ) {
        let text = text.into();
        if self.items.iter().any(|w| w.module == module && w.text == text) {
            return;
        }
        let code = code.into();
        let deprecation = code == "deprecation";
        self.items.push(Warning { module: module.to_owned(), code, text, data });
        if deprecation {
            // As MediaWiki does for every deprecation: where to hear of them, once, under main.
            self.add("main", "deprecation-help", DEPRECATION_HELP);
        }
    }

    /// All warnings in the order they were raised.
    pub fn iter(&self) -> impl Iterator<Item = &Warning> {
        self.items.iter()
    }

    /// Whether no warning was raised.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
}

/// Names as MediaWiki lists them in a message: `"a", "b" and "c"`.
pub fn listed(names: &[&str]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("\"{n}\"")).collect();
    match quoted.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => quoted.join(""),
    }
}
