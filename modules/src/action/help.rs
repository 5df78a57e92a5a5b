//! `action=help`: the API's help page, made from the modules' own descriptions; what a browser
//! opening `api.php` sees.

use serde_json::{json, Map};
use wikiquery_runtime::help::page::{page, sections, PageSite};
use wikiquery_runtime::{
    main_module, query_module, ActionContext, ActionModule, ApiError, Format, ModuleDescriptor, Printer, Registry,
    RequestState,
};

use crate::storage::{absolute, api_path, site_paths};
use crate::wiki::WikiContext;

/// The page's file name, in the answer's headers.
const FILE_NAME: &str = "api-help.html";
/// The rights that change what the API allows, as the help lists them.
const PERMISSIONS: &[(&str, &str)] = &[
    ("writeapi", "Use the API's actions that change the wiki (none on a read-only server)."),
    ("apihighlimits", "Higher limits: 5,000 results where others get 500, and 500 values in multi-valued parameters."),
];
/// Where the sandbox page is served.
pub const SANDBOX_PATH: &str = "/sandbox";

/// Shows the help of the modules asked for, as an HTML page.
///
/// Each module's section gives its description, flags, parameters (with their types, defaults,
/// limits and values) and example requests. The page is the answer itself, whatever `format`
/// says, unless `wrap` asks for it inside an ordinary answer.
#[query_module(
    name = "help",
    group = "action",
    prefix = "",
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Main_page",
    example(query = "action=help", text = "Show the help of the main module."),
    example(query = "action=help&modules=query&submodules=1", text = "Show the help of the query and its modules."),
    example(query = "action=help&recursivesubmodules=1&toc=1", text = "Show every module's help, with contents."),
    example(query = "action=help&modules=query+info|query+categorymembers", text = "Show the help of two modules.")
)]
pub struct HelpAction {
    /// The modules to describe, by path: an action's name (`parse`), `query+` and a query module's
    /// name (`query+allpages`), or `main`; `query+*` stands for every query module, `*` for every
    /// action.
    #[param(default = "main")]
    pub modules: Vec<String>,
    /// Also describe each named module's submodules (the main module's actions, the query's
    /// `prop`, `list` and `meta` modules).
    pub submodules: bool,
    /// Also describe the submodules' submodules, all the way down.
    pub recursivesubmodules: bool,
    /// Give the page inside an ordinary answer, as its `help` member, in the `format` asked for.
    pub wrap: bool,
    /// Begin the page with a table of contents.
    pub toc: bool,
}

impl ActionModule for HelpAction {
    // The help reads no database: nothing to wait for.
    const CHECKS_MAXLAG: bool = false;

    fn printer(&self, state: &RequestState) -> Option<Printer> {
        // The page alone; errors in the format asked for (the main module's default, `jsonfm`,
        // a page a browser shows).
        let format = state.params.get("format").and_then(Format::from_name).unwrap_or(Format::JsonFm);
        (!self.wrap).then(|| Printer::raw(format, "api", "text/html; charset=utf-8", FILE_NAME))
    }

    fn execute(&self, ctx: &mut ActionContext<'_>) -> Result<(), ApiError> {
        // Sent as MediaWiki's skin sends a page: never kept by a cache, varying by cookie.
        ctx.state.sends_page = true;
        let registry = Registry::for_request()?;
        let mut modules: Vec<&'static ModuleDescriptor> = Vec::new();
        for path in &self.modules {
            modules.extend(main_module::resolve_path(registry, path).map_err(|text| ApiError::new("badmodule", text))?);
        }
        // Without a database (an API answering paraminfo and logins alone) the page names no
        // wiki and takes the settings' paths.
        let site = ctx.site().ok();
        let settings = ctx.services.settings();
        let api = api_path(site, settings);
        let api_url = match site {
            Some(site) => absolute(&site_paths(site, settings).server, &api),
            None => api.clone(),
        };
        let generator = format!("MediaWiki {}", settings.mediawiki_version);
        let page_site = PageSite {
            sitename: site.map_or("the wiki", |s| s.sitename.as_str()),
            language: site.map_or("en", |s| s.language_code()),
            generator: &generator,
            api_path: &api,
            api_url: &api_url,
            sandbox_path: SANDBOX_PATH,
            permissions: PERMISSIONS
                .iter()
                .map(|(right, text)| {
                    let groups: Vec<&str> =
                        settings.groups.groups().filter(|g| settings.groups.rights_of(g).contains(right)).collect();
                    (*right, *text, groups)
                })
                .collect(),
        };
        let list = sections(registry, &modules, self.submodules, self.recursivesubmodules);
        let html = page(&page_site, &list, self.toc);
        if self.wrap {
            let mut data = Map::new();
            data.insert("mime".into(), json!("text/html"));
            data.insert("filename".into(), json!(FILE_NAME));
            data.insert("help".into(), json!(html));
            ctx.result.add("help", data.into());
        } else {
            ctx.result.add("text", html.into());
            ctx.result.add("mime", json!("text/html"));
            ctx.result.add("filename", json!(FILE_NAME));
        }
        Ok(())
    }
}
