//! The main module (`api.php` itself, MediaWiki's ApiMain) and the page set (ApiPageSet) as
//! `action=paraminfo` describes them: `modules=main`, `mainmodule`, `pagesetmodule`.

use std::sync::OnceLock;

use serde_json::Value;

use crate::descriptor::{Group, ModuleDescriptor, ParamDescriptor, ParamKind};
use crate::format::Format;
use crate::registry::Registry;

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

fn with_default(mut d: ParamDescriptor, default: &'static str) -> ParamDescriptor {
    d.default = Some(default);
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

/// The main module's descriptor: its parameters in MediaWiki's order and types.
pub fn main_descriptor(registry: &Registry) -> &'static ModuleDescriptor {
    static DESCRIPTOR: OnceLock<ModuleDescriptor> = OnceLock::new();
    DESCRIPTOR.get_or_init(|| {
        let actions = action_names(registry);
        let mut action = with_default(param("action", ParamKind::Values(actions.clone())), HELP_ACTION);
        action.submodules = submodules(&actions, str::to_owned);
        let mut format = with_default(param("format", ParamKind::Values(Format::NAMES.to_vec())), "jsonfm");
        format.submodules = submodules(Format::NAMES, str::to_owned);
        let integer = || ParamKind::Integer { min: None, max: None };
        ModuleDescriptor {
            name: "main",
            group: None,
            prefix: "",
            classname: "wikiquery_framework::api::Main",
            readrights: false,
            generator: false,
            deprecated: false,
            helpurls: Vec::new(),
            params: vec![
                action,
                format,
                param("maxlag", integer()),
                with_default(param("smaxage", integer()), "0"),
                with_default(param("maxage", integer()), "0"),
                param("assert", ParamKind::Values(ASSERT_VALUES.to_vec())),
                param("assertuser", ParamKind::User { subtypes: vec!["name"] }),
                param("requestid", ParamKind::String),
                param("servedby", ParamKind::Boolean),
                param("curtimestamp", ParamKind::Boolean),
                param("responselanginfo", ParamKind::Boolean),
                param("origin", ParamKind::String),
                with_default(param("uselang", ParamKind::String), "user"),
                param("variant", ParamKind::String),
                with_default(param("errorformat", ParamKind::Values(ERROR_FORMATS.to_vec())), "bc"),
                with_default(param("errorlang", ParamKind::String), "uselang"),
                param("errorsuselocal", ParamKind::Boolean),
            ],
        }
    })
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
            classname: "wikiquery_framework::query::PageSet",
            readrights: true,
            generator: false,
            deprecated: false,
            helpurls: Vec::new(),
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
