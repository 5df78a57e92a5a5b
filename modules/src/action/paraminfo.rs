//! `action=paraminfo`: the descriptors of modules.

use serde_json::{json, Map, Value};
use wikiquery_runtime::{
    main_module, query_module, ActionContext, ActionModule, ApiError, ModuleDescriptor, ModuleSpec, Registry,
};

/// The help formats paraminfo accepts; this server has no help texts, so all render as `none`.
pub const HELP_FORMATS: &[&str] = &["html", "none", "raw", "wikitext"];

/// Describes modules: their group, prefix, flags and every parameter.
#[query_module(
    name = "paraminfo",
    group = "action",
    prefix = "",
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Parameter_information"
)]
pub struct ParamInfo {
    /// Module paths: `query+logevents`, `paraminfo`, `query+*` for every query submodule.
    pub modules: Vec<String>,
    #[param(values = HELP_FORMATS, default = "none")]
    pub helpformat: String,
    /// Old form of `modules=query+...`.
    #[param(deprecated)]
    pub querymodules: Vec<String>,
    #[param(deprecated)]
    pub mainmodule: bool,
    #[param(deprecated)]
    pub pagesetmodule: bool,
    #[param(deprecated)]
    pub formatmodules: Vec<String>,
}

/// Resolves one requested path to descriptors, or the warning explaining why it names nothing.
fn resolve(registry: &Registry, path: &str) -> Result<Vec<&'static ModuleDescriptor>, String> {
    let (parent, child) = match path.split_once('+') {
        Some((parent, child)) => (parent, Some(child)),
        None if path == "main" => ("main", None),
        None => ("main", Some(path)),
    };
    match (parent, child) {
        ("query", Some("*" | "**")) => Ok(registry.query_modules(None).map(|e| (e.descriptor)()).collect()),
        ("query", Some(name)) => registry
            .query_module(name)
            .map(|e| vec![(e.descriptor)()])
            .ok_or_else(|| format!("The module \"query\" does not have a submodule \"{name}\".")),
        ("main", None) => Ok(vec![<main_module::Main as ModuleSpec>::descriptor()]),
        ("main", Some("*")) => Ok(registry.actions().map(|e| (e.descriptor)()).collect()),
        ("main", Some(name)) => registry
            .action(name)
            .map(|e| vec![(e.descriptor)()])
            .ok_or_else(|| format!("The module \"main\" does not have a submodule \"{name}\".")),
        (other, _) => match registry.action(other) {
            Some(_) => Err(format!("The module \"{other}\" does not have a submodule \"{}\".", child.unwrap_or(""))),
            None => Err(format!("The module \"main\" does not have a submodule \"{other}\".")),
        },
    }
}

impl ActionModule for ParamInfo {
    fn execute(&self, ctx: &mut ActionContext<'_>) -> Result<(), ApiError> {
        let registry = Registry::global().map_err(|e| ApiError::internal("registry", e))?;
        let mut paths: Vec<String> = self.modules.clone();
        paths.extend(self.querymodules.iter().map(|m| format!("query+{m}")));
        let mut modules = Vec::new();
        for path in &paths {
            match resolve(registry, path) {
                Ok(found) => modules.extend(found.into_iter().map(|d| d.to_json(ctx.state.high_limits()))),
                Err(text) => ctx.state.warnings.add("paraminfo", "badmodule", text),
            }
        }
        for format in &self.formatmodules {
            ctx.state.warnings.add(
                "paraminfo",
                "badmodule",
                format!("The module \"main\" does not have a submodule \"{format}\"."),
            );
        }
        if self.mainmodule || self.pagesetmodule {
            let which = if self.mainmodule { "main" } else { "pageset" };
            ctx.state.warnings.add(
                "paraminfo",
                "notimplemented",
                format!("The \"{which}\" module is not described by this server yet."),
            );
        }
        let mut info = Map::new();
        info.insert("helpformat".into(), json!(self.helpformat));
        if !modules.is_empty() {
            info.insert("modules".into(), Value::Array(modules));
        }
        ctx.result.add("paraminfo", Value::Object(info));
        Ok(())
    }
}
