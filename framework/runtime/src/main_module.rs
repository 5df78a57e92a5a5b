//! The main module (`api.php` itself, MediaWiki's ApiMain) and the page set (ApiPageSet) as
//! `action=paraminfo` describes them: `modules=main`, `mainmodule`, `pagesetmodule`.

use std::sync::OnceLock;

use serde_json::Value;

use crate::descriptor::{Group, ModuleDescriptor};
use crate::format::Format;
use crate::module::ModuleSpec;
use crate::param::{ComputedValues, ParamGroup, UserRef};
use crate::registry::Registry;
use wikiquery_macros::query_module;

/// The values of `errorformat`, in MediaWiki's order.
pub const ERROR_FORMATS: &[&str] = &["bc", "html", "none", "plaintext", "raw", "wikitext"];
/// The values of `assert`.
pub const ASSERT_VALUES: &[&str] = &["anon", "bot", "user"];
/// The action answered when `action` is not given: the help page.
pub const HELP_ACTION: &str = "help";

/// The action names `action=` accepts: every registered action module, sorted.
pub fn action_names(registry: &Registry) -> Vec<&'static str> {
    registry.actions().map(|e| e.name).collect()
}

fn submodules(names: &[&'static str], path: impl Fn(&str) -> String) -> Option<Vec<(String, String)>> {
    Some(names.iter().map(|n| ((*n).to_owned(), path(n))).collect())
}

/// The values of `action`: every registered action, each selecting itself.
fn actions() -> ComputedValues {
    let names = Registry::global().map(action_names).unwrap_or_else(|_| vec![HELP_ACTION]);
    ComputedValues { submodules: submodules(&names, str::to_owned), values: names, ..ComputedValues::default() }
}

/// The values of `format`: every output format, each selecting itself.
fn formats() -> ComputedValues {
    let names = Format::NAMES.to_vec();
    ComputedValues { submodules: submodules(&names, str::to_owned), values: names, ..ComputedValues::default() }
}

// The main module's parameters (MediaWiki's ApiMain), in its order. The main loop reads what
// decides the output before anything is validated (`format`, `errorformat`, the languages),
// then validates them all through this struct.
/// The entry point of the API: every request names an `action`, and may choose the output
/// `format` and how errors, languages and caching are handled.
///
/// Answers are JSON unless another `format` is asked for. Errors and warnings come in the
/// shape `errorformat` selects.
#[query_module(
    name = "main",
    group = "main",
    prefix = "",
    example(query = "action=help", text = "Show the help of the main module."),
    example(query = "action=help&recursivesubmodules=1", text = "Show the help of every module on one page.")
)]
pub struct Main {
    /// The action to perform.
    #[param(values_from = actions, default = "help")]
    pub action: String,
    /// The format of the answer.
    #[param(values_from = formats, default = "jsonfm")]
    pub format: String,
    /// The most replication lag, in seconds, the caller accepts (polite bots send `maxlag=5`):
    /// while the most lagged replica is further behind, the request fails with `maxlag` and a
    /// `Retry-After`. Without replicas there is no lag, and every `maxlag` of 0 or more is met.
    pub maxlag: Option<i64>,
    /// How many seconds a shared cache may keep the answer (`s-maxage`), for answers that may
    /// be shared.
    #[param(default = 0)]
    pub smaxage: i64,
    /// How many seconds the caller's own cache may keep the answer (`max-age`).
    #[param(default = 0)]
    pub maxage: i64,
    /// Fail unless the caller is anonymous (`anon`), logged in (`user`) or a bot (`bot`).
    #[param(values = ASSERT_VALUES)]
    pub assert: Option<String>,
    /// Fail unless the caller is logged in as this user.
    #[param(subtypes = "name")]
    pub assertuser: Option<UserRef>,
    /// Any value: it is repeated in the answer, to match answers to requests.
    pub requestid: Option<String>,
    /// Name the host that served the request in the answer.
    pub servedby: bool,
    /// Give the current time in the answer.
    pub curtimestamp: bool,
    /// Give the languages `uselang` and `errorlang` resolved to in the answer.
    pub responselanginfo: bool,
    /// For requests from a web page on another site (CORS): the page's origin, exactly as the
    /// browser's `Origin` header gives it, or `*` for an anonymous request from anywhere.
    pub origin: Option<String>,
    /// The language of messages in the answer; `user` takes the caller's preference, `content`
    /// the wiki's language.
    #[param(default = "user")]
    pub uselang: String,
    /// The variant of the language to answer in, for languages with variants; accepted, with no
    /// effect on a wiki whose language has none.
    pub variant: Option<String>,
    /// The shape of errors and warnings: `bc` is the legacy shape; the others give codes with
    /// texts as `html`, `wikitext`, `plaintext`, `raw` (message keys) or `none`.
    #[param(values = ERROR_FORMATS, default = "bc")]
    pub errorformat: String,
    /// The language of errors and warnings: `uselang` follows `uselang`, `content` is the
    /// wiki's language, or a language code.
    #[param(default = "uselang")]
    pub errorlang: String,
    /// Use the wiki's own versions of messages where it has changed them; accepted, with no
    /// effect on the texts of errors and warnings here.
    pub errorsuselocal: bool,
}

/// The modules a path names, as `action=paraminfo` and `action=help` read paths: `main`, an
/// action's name (`parse`), `query+<name>`, and `*`, `main+*` or `query+*` for every submodule of
/// the main module or of the query (a `+` typed into a URL arrives as a space, and is read as
/// one). Else MediaWiki's `badmodule` text.
pub fn resolve_path(registry: &Registry, path: &str) -> Result<Vec<&'static ModuleDescriptor>, String> {
    let (parent, child) = match path.split_once('+').or_else(|| path.split_once(' ')) {
        Some((parent, child)) => (parent, Some(child)),
        None if path == "main" => ("main", None),
        None => ("main", Some(path)),
    };
    let query = <crate::query::Query as ModuleSpec>::NAME;
    let no_submodule =
        |parent: &str, child: &str| format!("The module \"{parent}\" does not have a submodule \"{child}\".");
    match (parent, child) {
        ("main", None) => Ok(vec![<Main as ModuleSpec>::descriptor()]),
        // The main module's submodules: the actions, then the output formats.
        ("main", Some("*" | "**")) => {
            Ok(registry.actions().map(|e| (e.descriptor)()).chain(crate::format::format_descriptors()).collect())
        }
        ("main", Some(name)) => registry
            .action(name)
            .map(|e| (e.descriptor)())
            .or_else(|| crate::format::format_descriptor(name))
            .map(|d| vec![d])
            .ok_or_else(|| no_submodule("main", name)),
        (p, Some("*" | "**")) if p == query => Ok(registry.query_modules(None).map(|e| (e.descriptor)()).collect()),
        (p, Some(name)) if p == query => {
            registry.query_module(name).map(|e| vec![(e.descriptor)()]).ok_or_else(|| no_submodule(query, name))
        }
        (other, child) => match registry.action(other) {
            Some(_) => Err(no_submodule(other, child.unwrap_or(""))),
            None => Err(no_submodule("main", other)),
        },
    }
}

/// The page set's descriptor: its parameters as the query declares them
/// ([`crate::query::PageSetParams`]), the generator's values being every query module that can
/// generate.
pub fn pageset_descriptor() -> &'static ModuleDescriptor {
    static DESCRIPTOR: OnceLock<ModuleDescriptor> = OnceLock::new();
    DESCRIPTOR.get_or_init(|| {
        ModuleDescriptor::described(
            "pageset",
            Group::Action,
            "wikiquery_runtime::query::PageSet",
            "The set of pages a query works on: given by title, page id or revision id, or made by a generator, \
             with redirects followed on request.",
            <crate::query::PageSetParams as ParamGroup>::params(),
        )
    })
}

/// The page set as paraminfo's `pagesetmodule` shows it: no name, path or group, as
/// MediaWiki describes ApiPageSet.
pub fn pageset_json(high_limits: bool, help: Option<&dyn crate::descriptor::HelpText>) -> Value {
    let mut value = pageset_descriptor().to_json(high_limits, help);
    if let Value::Object(o) = &mut value {
        for key in ["name", "path", "group"] {
            o.shift_remove(key);
        }
    }
    value
}
