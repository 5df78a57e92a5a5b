//! `action=paraminfo`: the descriptors of modules.

use serde_json::{json, Map, Value};
use wikiquery_runtime::format::Format;
use wikiquery_runtime::{
    main_module, query_module, query_module_names, ActionContext, ActionModule, ApiError, Group, Help, HelpFormat,
    HelpText, ModuleSpec, Registry,
};

use crate::wiki::WikiContext;

/// The element names of the items of the lists in the description of a module, written alike
/// for a module, the main module and the page set: (`""` for the description itself; the list;
/// its items).
const MODULE_LISTS: &[(&str, &str, &str)] = &[
    ("", "helpurls", "helpurl"),
    ("", "examples", "example"),
    ("", "parameters", "param"),
    ("", "templatedparameters", "param"),
    ("", "description", "msg"),
    ("", "dynamicparameters", "msg"),
];

/// Describes API modules and their parameters, for programs that build requests.
///
/// For each module named in `modules`, the answer gives its name, group and prefix, its flags
/// (such as whether it must be posted), and every parameter with its type, default, allowed
/// values and limits, along with help texts in the form `helpformat` asks for.
#[query_module(
    name = "paraminfo",
    group = "action",
    prefix = "",
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Parameter_information",
    xml_nested(modules = "module", querymodules = "module", formatmodules = "module"),
    xml_lists(module = MODULE_LISTS, mainmodule = MODULE_LISTS, pagesetmodule = MODULE_LISTS),
    xml_under(
        i(text = "msg", values = "v"),
        param(
            r#type = "t",
            deprecatedvalues = "_v",
            internalvalues = "_v",
            subtypes = "_v",
            info = "i",
            list = "_v",
            extranamespaces = "ns",
            description = "msg"
        ),
        description(params = "param"),
        msg(params = "param"),
        text(params = "param")
    ),
    example(query = "action=paraminfo&modules=query+allpages", text = "Describe the parameters of list=allpages."),
    example(
        query = "action=paraminfo&modules=parse|compare|query+siteinfo&helpformat=wikitext",
        text = "Describe action=parse, action=compare and meta=siteinfo, with help texts in wikitext."
    ),
    example(query = "action=paraminfo&modules=query+*", text = "Describe every submodule of action=query.")
)]
pub struct ParamInfo {
    /// The modules to describe, separated by `|`: an action by its name (`parse`), `main` for the
    /// main module, or a submodule of `action=query` as `query+` and its name (`query+allpages`).
    /// `query+*` stands for every query submodule, and `*` for every action.
    pub modules: Vec<String>,
    /// The form of the help texts in the answer: `wikitext`, `html`, `raw` (message keys and
    /// parameters), or `none` (the default) to leave them out.
    #[param(values = HelpFormat::NAMES, default = "none")]
    pub helpformat: String,
    /// Deprecated: use `modules=query+...`. Submodules of `action=query` to describe, by name.
    #[param(deprecated, values_from = query_module_names)]
    pub querymodules: Vec<String>,
    /// Deprecated: use `modules=main`. Also describes the main module, in a member of its own.
    #[param(deprecated)]
    pub mainmodule: Option<String>,
    /// Deprecated. Also describes the page set: the parameters, such as `titles`, `pageids` and
    /// `revids`, that name the pages `action=query` and some other modules work on.
    #[param(deprecated)]
    pub pagesetmodule: Option<String>,
    /// Deprecated: use `modules`. Output formats to describe, by name, in a member of their own.
    #[param(deprecated, values = Format::NAMES)]
    pub formatmodules: Vec<String>,
}

impl ActionModule for ParamInfo {
    fn execute(&self, ctx: &mut ActionContext<'_>) -> Result<(), ApiError> {
        let registry = Registry::for_request()?;
        let api_path = crate::storage::api_path(ctx.site().ok(), ctx.services.settings());
        let help = Help { format: HelpFormat::from_name(&self.helpformat), api_path: &api_path };
        let high_limits = ctx.state.high_limits();
        let mut paths: Vec<String> = self.modules.clone();
        paths.extend(self.querymodules.iter().map(|m| format!("query+{m}")));
        paths.extend(self.formatmodules.iter().cloned());
        // Each module once; one named by `querymodules` is described under that member, with its
        // group as `querytype`, as the old form of the request had it.
        let (mut modules, mut query_modules, mut format_modules, mut seen) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for path in &paths {
            match main_module::resolve_path(registry, path) {
                Ok(found) => {
                    for d in found {
                        let path = d.path();
                        if seen.contains(&path) {
                            continue;
                        }
                        let mut item = d.to_json(high_limits, Some(&help as &dyn HelpText));
                        let old_form =
                            path.strip_prefix("query+").is_some_and(|n| self.querymodules.iter().any(|m| m == n));
                        seen.push(path);
                        let format = d.group == Some(Group::Format) && self.formatmodules.iter().any(|m| m == d.name);
                        if old_form {
                            item["querytype"] = item["group"].clone();
                            query_modules.push(item);
                        } else if format {
                            format_modules.push(item);
                        } else {
                            modules.push(item);
                        }
                    }
                }
                Err(text) => ctx.state.warnings.add("paraminfo", "badmodule", text),
            }
        }
        let mut info = Map::new();
        info.insert("helpformat".into(), json!(self.helpformat));
        if !modules.is_empty() {
            info.insert("modules".into(), Value::Array(modules));
        }
        if !query_modules.is_empty() {
            info.insert("querymodules".into(), Value::Array(query_modules));
        }
        if !format_modules.is_empty() {
            info.insert("formatmodules".into(), Value::Array(format_modules));
        }
        if self.mainmodule.is_some() {
            let main = <main_module::Main as ModuleSpec>::descriptor();
            info.insert("mainmodule".into(), main.to_json(high_limits, Some(&help as &dyn HelpText)));
        }
        if self.pagesetmodule.is_some() {
            info.insert("pagesetmodule".into(), main_module::pageset_json(high_limits, Some(&help as &dyn HelpText)));
        }
        ctx.result.add("paraminfo", Value::Object(info));
        Ok(())
    }
}
