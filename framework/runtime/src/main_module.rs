//! The main module (`api.php` itself, MediaWiki's ApiMain) and the page set (ApiPageSet) as
//! `action=paraminfo` describes them: `modules=main`, `mainmodule`, `pagesetmodule`.

use std::sync::OnceLock;

use serde_json::Value;

use crate::descriptor::{Group, ModuleDescriptor, ParamDescriptor, ParamKind};
use crate::format::Format;
use crate::param::{ComputedValues, UserRef};
use crate::registry::Registry;
use wikiquery_macros::query_module;

/// The values of `errorformat`, in MediaWiki's order.
pub const ERROR_FORMATS: &[&str] = &["bc", "html", "none", "plaintext", "raw", "wikitext"];
/// The values of `assert`.
pub const ASSERT_VALUES: &[&str] = &["anon", "bot", "user"];
/// The action answered when `action` is not given: the help page.
pub const HELP_ACTION: &str = "help";

fn param(name: &'static str, kind: ParamKind) -> ParamDescriptor {
    let mut d = ParamDescriptor::new(name);
    d.kind = kind;
    d
}

/// The action names `action=` accepts: every registered action module and `help`, sorted.
pub fn action_names(registry: &Registry) -> Vec<&'static str> {
    let mut names: Vec<&'static str> = registry.actions().map(|e| e.name).collect();
    if !names.contains(&HELP_ACTION) {
        names.push(HELP_ACTION);
    }
    names.sort_unstable();
    names
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

/// The main module's parameters (MediaWiki's ApiMain), in its order. The main loop reads what
/// decides the output before anything is validated (`format`, `errorformat`, the languages),
/// then validates them all through this struct.
#[query_module(name = "main", group = "main", prefix = "")]
pub struct Main {
    #[param(values_from = actions, default = "help")]
    pub action: String,
    #[param(values_from = formats, default = "jsonfm")]
    pub format: String,
    /// Every `maxlag` is met: there is no replication lag to wait for.
    pub maxlag: Option<i64>,
    #[param(default = 0)]
    pub smaxage: i64,
    #[param(default = 0)]
    pub maxage: i64,
    #[param(values = ASSERT_VALUES)]
    pub assert: Option<String>,
    #[param(subtypes = "name")]
    pub assertuser: Option<UserRef>,
    pub requestid: Option<String>,
    pub servedby: bool,
    pub curtimestamp: bool,
    pub responselanginfo: bool,
    pub origin: Option<String>,
    #[param(default = "user")]
    pub uselang: String,
    pub variant: Option<String>,
    #[param(values = ERROR_FORMATS, default = "bc")]
    pub errorformat: String,
    #[param(default = "uselang")]
    pub errorlang: String,
    pub errorsuselocal: bool,
}

/// The page set's descriptor (`titles`, `pageids`, `revids`, `generator`, `redirects`,
/// `converttitles`), the generator's values being every query module that can generate.
pub fn pageset_descriptor(registry: &Registry) -> &'static ModuleDescriptor {
    static DESCRIPTOR: OnceLock<ModuleDescriptor> = OnceLock::new();
    DESCRIPTOR.get_or_init(|| {
        let mut generators: Vec<&'static str> =
            registry.query_modules(None).filter(|e| (e.descriptor)().generator).map(|e| e.name).collect();
        generators.sort_unstable();
        let multi = |name, kind| {
            let mut d = param(name, kind);
            d.multi = true;
            d
        };
        let mut generator = param("generator", ParamKind::Values(generators.clone()));
        generator.submodules = submodules(&generators, |n| format!("query+{n}"));
        generator.submodule_param_prefix = Some("g");
        ModuleDescriptor {
            name: "pageset",
            group: Some(Group::Action),
            prefix: "",
            classname: "wikiquery_runtime::query::PageSet",
            readrights: true,
            cache_mode: crate::cache::CacheMode::Public,
            generator: false,
            deprecated: false,
            writerights: false,
            mustbeposted: false,
            dynamic_parameters: false,
            helpurls: Vec::new(),
            xml_tag: None,
            xml_nested: &[],
            params: vec![
                multi("titles", ParamKind::String),
                multi("pageids", ParamKind::Integer { min: None, max: None }),
                multi("revids", ParamKind::Integer { min: None, max: None }),
                generator,
                param("redirects", ParamKind::Boolean),
                param("converttitles", ParamKind::Boolean),
            ],
        }
    })
}

/// The page set as paraminfo's `pagesetmodule` shows it: no name, path or group, as
/// MediaWiki describes ApiPageSet.
pub fn pageset_json(registry: &Registry, high_limits: bool) -> Value {
    let mut value = pageset_descriptor(registry).to_json(high_limits);
    if let Value::Object(o) = &mut value {
        for key in ["name", "path", "group"] {
            o.remove(key);
        }
    }
    value
}
