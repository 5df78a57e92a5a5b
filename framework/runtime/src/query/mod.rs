//! `action=query`, the core every query module runs inside: it reads `list`, `prop`, `meta`
//! (whose values are the registered modules' names, so its descriptor is built from the
//! registry rather than generated from a struct), runs each module with its parameters, and
//! collects continuation.

pub mod context;
mod continuation;
pub mod export;
pub mod pageset;
mod run;

pub use context::{Generated, QueryContext};
pub use continuation::Continuation;
pub use export::PageExport;
pub use pageset::{Lookup, PageLookup, PageRecord, PageSet, PageSource};
pub use run::QueryRun;

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use crate::action::ActionContext;
use crate::descriptor::{Group, ModuleDescriptor};
use crate::error::ApiError;
use crate::format::{Format, Printer};
use crate::module::{ActionModule, ModuleSpec};
use crate::param::{split_values, ComputedValues, ParamReader, RequestState};
use crate::registry::{ModuleEntry, Registry, Runner};
use serde_json::{json, Value};
use wikiquery_macros::query_module;

/// The values `exportschema` accepts.
const EXPORT_SCHEMAS: &[&str] = &["0.10", "0.11"];

/// Fetches data from and about the wiki: runs the `prop`, `list` and `meta` modules named,
/// over the page set given by `titles`, `pageids`, `revids` or a `generator`.
///
/// Answers too long for one request end with a `continue` member: send its values with the
/// same request to get the rest.
#[query_module(
    name = "query",
    group = "action",
    prefix = "",
    readrights,
    // A page set alone is public; the page set's and each module's modes merge into the
    // request's as they run.
    cache = "public",
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Query",
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Meta",
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Properties",
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Lists",
    example(
        query = "action=query&prop=revisions&meta=siteinfo&titles=Main%20Page&rvprop=user|comment&continue=",
        text = "Get the wiki's information and the last revision of the main page."
    ),
    example(
        query = "action=query&generator=allpages&gapprefix=A&prop=info&continue=",
        text = "Get information about the pages whose titles start with A."
    )
)]
pub struct Query {
    /// Which properties of the pages to get.
    #[param(values_from = prop_modules)]
    prop: Vec<String>,
    /// Which lists to get.
    #[param(values_from = list_modules)]
    list: Vec<String>,
    /// Which information about the wiki or the caller to get.
    #[param(values_from = meta_modules)]
    meta: Vec<String>,
    /// Also give the page ids of the answer's pages as a list, in order.
    indexpageids: bool,
    /// The pages' current revisions in MediaWiki's XML export format, in the answer.
    export: bool,
    /// With `export`: the export alone, as the answer.
    exportnowrap: bool,
    /// The version of the export format, with `export`.
    #[param(values = EXPORT_SCHEMAS, default = "0.11")]
    exportschema: String,
    /// Give the full URL of interwiki titles among `titles`.
    iwurl: bool,
    /// When more results are available, send this with the other `continue` values of the
    /// answer to get the next ones.
    #[param(rename = "continue")]
    continue_: Option<String>,
    /// Continue the old way: a `query-continue` member for each module.
    rawcontinue: bool,
    #[param(flatten)]
    pageset: PageSetParams,
}

/// The page set's parameters (MediaWiki's ApiPageSet): the pages a query's `prop` modules
/// read, given by title, page id, revision id or a generator. Declared once: the query reads
/// them and paraminfo's `pagesetmodule` describes them.
#[derive(Debug, Clone, wikiquery_macros::ParamGroup)]
pub struct PageSetParams {
    /// The pages to work on, by title.
    pub titles: Vec<String>,
    /// The pages to work on, by page id.
    pub pageids: Vec<i64>,
    /// The pages to work on, by the ids of their revisions.
    pub revids: Vec<i64>,
    // Checked when the query runs, answering `badgenerator` as MediaWiki does.
    /// A list or prop module whose results become the pages to work on; its parameters take a
    /// `g` before their prefix.
    #[param(values_from = generator_modules, module_checks_values)]
    pub generator: Option<String>,
    /// Follow redirects among the pages to their targets.
    pub redirects: bool,
    // Changes nothing on a site whose language has no variants.
    /// Convert titles to another variant of the site's language where the language has variants.
    #[allow(dead_code)]
    pub converttitles: bool,
}

impl Query {
    /// The export of the pages `ids`, in the schema asked for.
    fn export_pages(&self, ctx: &ActionContext<'_>, ids: &[i64]) -> Result<String, ApiError> {
        ctx.services.export()?.export(&ctx.state.scope, ctx.services.settings(), ids, &self.exportschema)
    }
}

/// Whether a query reads the wiki's content, needing the `read` right (MediaWiki's
/// `ApiQuery::isReadMode`): every query does, but one that asks only for `meta` modules that
/// need no read right (`tokens`, `authmanagerinfo`), with no page set and no other
/// parameter of the query's own but `rawcontinue` and `indexpageids` — so that a wiki
/// readers must log in to can still give out login tokens.
pub fn is_read_mode(state: &RequestState, registry: &Registry) -> bool {
    const ALLOWED: &[&str] = &["rawcontinue", "indexpageids"];
    let own = <Query as ModuleSpec>::descriptor().params.iter().map(|p| p.name);
    for name in own.chain(["generator", "redirects", "converttitles"]) {
        let needed = name == "meta";
        if !ALLOWED.contains(&name) && state.params.get(name).is_some() != needed {
            return true;
        }
    }
    let meta = state.params.get("meta").unwrap_or_default();
    meta.split('|')
        .filter_map(|name| registry.query_module(name))
        .filter(|entry| entry.group == Some(Group::Meta))
        .any(|entry| (entry.descriptor)().readrights)
}

/// The descriptor a module runs with as a generator: its prefix gets a `g` in front.
fn generator_descriptor(d: &'static ModuleDescriptor) -> &'static ModuleDescriptor {
    static CACHE: OnceLock<Mutex<HashMap<&'static str, &'static ModuleDescriptor>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    let mut cache = cache.lock().unwrap_or_else(|e| e.into_inner());
    cache.entry(d.name).or_insert_with(|| {
        let mut g = d.clone();
        g.prefix = Box::leak(format!("g{}", d.prefix).into_boxed_str());
        Box::leak(Box::new(g))
    })
}

/// The query modules `keep` selects, as values of a parameter that names them: sorted, the
/// deprecated ones last (as MediaWiki lists them), each selecting `query+<name>`.
fn query_modules(keep: impl Fn(&ModuleEntry) -> bool, param_prefix: Option<&'static str>) -> ComputedValues {
    let mut entries: Vec<(bool, &'static str)> = inventory::iter::<ModuleEntry>
        .into_iter()
        .filter(|e| e.group.is_some_and(|g| g.is_query()) && keep(e))
        .map(|e| ((e.descriptor)().deprecated, e.name))
        .collect();
    entries.sort_unstable();
    let values: Vec<&'static str> = entries.iter().map(|(_, name)| *name).collect();
    ComputedValues {
        deprecated: entries.iter().filter(|(deprecated, _)| *deprecated).map(|(_, name)| *name).collect(),
        submodules: Some(values.iter().map(|name| ((*name).to_owned(), format!("query+{name}"))).collect()),
        submodule_param_prefix: param_prefix,
        values,
    }
}

/// The values of a parameter naming any query submodule by its name alone (`paraminfo`'s
/// `querymodules`): every registered one, in alphabetical order, none selecting a module.
/// Read from what is registered, not from the registry, which computes these values as it is
/// built.
pub fn query_module_names() -> ComputedValues {
    // The same modules as `prop`, `list` and `meta` together, without their deprecated ones
    // put last and without selecting modules.
    let mut names = query_modules(|_| true, None).values;
    names.sort_unstable();
    names.into()
}

/// The values of `prop`: every registered prop module.
fn prop_modules() -> ComputedValues {
    query_modules(|e| e.group == Some(Group::Prop), None)
}

/// The values of `list`: every registered list module.
fn list_modules() -> ComputedValues {
    query_modules(|e| e.group == Some(Group::List), None)
}

/// The values of `meta`: every registered meta module.
fn meta_modules() -> ComputedValues {
    query_modules(|e| e.group == Some(Group::Meta), None)
}

/// The values of `generator`: every query module that can generate pages, whose parameters
/// then take a `g` in front.
fn generator_modules() -> ComputedValues {
    query_modules(|e| (e.descriptor)().generator, Some("g"))
}

impl Query {
    /// The page set's source; two of `titles`, `pageids`, `revids` is `multisource`.
    /// `include_deleted`: whether ids of deleted revisions give their pages (a caller who may
    /// see deleted history).
    fn source<'a>(
        &'a self,
        cleaned: &'a [(String, String)],
        include_deleted: bool,
    ) -> Result<PageSource<'a>, ApiError> {
        let mut given: Vec<(&str, PageSource<'_>)> = Vec::new();
        if !self.pageset.titles.is_empty() {
            given.push(("titles", PageSource::Titles { titles: &self.pageset.titles, cleaned }));
        }
        if !self.pageset.pageids.is_empty() {
            given.push(("pageids", PageSource::PageIds(&self.pageset.pageids)));
        }
        if !self.pageset.revids.is_empty() {
            given.push(("revids", PageSource::RevIds { ids: &self.pageset.revids, include_deleted }));
        }
        if given.len() > 1 {
            return Err(ApiError::new(
                "multisource",
                format!("Cannot use \"{}\" with \"{}\".", given[1].0, given[0].0),
            ));
        }
        Ok(given.pop().map_or(PageSource::None, |(_, s)| s))
    }
}

/// The values of a multi-valued parameter that cleaning changed, pairing the values as sent
/// with the values as cleaned (cleaning keeps the separators).
fn cleaned_values(raw: &str, clean: &str) -> Vec<(String, String)> {
    split_values(raw)
        .into_iter()
        .zip(split_values(clean))
        .filter(|(r, c)| r != c)
        .map(|(r, c)| (r.to_owned(), c.to_owned()))
        .collect()
}

impl ActionModule for Query {
    fn is_read_mode(state: &RequestState) -> bool {
        // Without the registry every module is there to read: read mode, as a query is.
        Registry::global().map_or(true, |registry| is_read_mode(state, registry))
    }

    /// With `export` and `exportnowrap`, the export itself is the answer (MediaWiki's raw
    /// printer, its errors in XML).
    fn printer(&self, _state: &RequestState) -> Option<Printer> {
        (self.export && self.exportnowrap)
            .then(|| Printer::raw(Format::Xml, "api", "text/xml; charset=utf-8", "export.xml"))
    }

    fn execute(&self, ctx: &mut ActionContext<'_>) -> Result<(), ApiError> {
        let registry = Registry::for_request()?;
        // The generator's module, checked before anything runs, as MediaWiki checks it.
        let generator = match &self.pageset.generator {
            Some(name) => Some(
                registry
                    .query_module(name)
                    .filter(|e| (e.descriptor)().generator)
                    .map(|entry| (name, entry))
                    .ok_or_else(|| ApiError::new("badgenerator", format!("Unknown generator \"{name}\".")))?,
            ),
            None => None,
        };
        // Titles that cleaning changed: (as sent, as cleaned).
        let params = &ctx.state.params;
        let titles_cleaned =
            params.raw("titles").map(|raw| cleaned_values(raw, params.get("titles").unwrap_or(""))).unwrap_or_default();
        let props: Vec<String> = self.prop.clone();
        let names: Vec<String> = props.iter().chain(self.list.iter()).chain(self.meta.iter()).cloned().collect();
        let params = &ctx.state.params;
        let lookup_param = |name: &str| params.get(name).map(str::to_owned);
        let mut run = QueryRun::new(Continuation::with_generator(
            self.continue_.as_deref(),
            names.clone(),
            props.clone(),
            &lookup_param,
        )?);
        let has_source =
            !self.pageset.titles.is_empty() || !self.pageset.pageids.is_empty() || !self.pageset.revids.is_empty();
        let wants_pages = has_source || self.pageset.generator.is_some() || !props.is_empty();
        let mut pages: Option<Vec<(i64, Value)>> = None;
        let mut export: Option<String> = None;

        if wants_pages {
            let lookup = ctx.services.pages()?.clone();
            let sees_deleted = ctx.state.rights.has("deletedhistory");
            let generated_revisions: Vec<i64>;
            let generated_page_ids: Vec<i64>;
            let mut source = self.source(&titles_cleaned, sees_deleted)?;
            if !self.pageset.revids.is_empty() && self.pageset.redirects {
                ctx.state.warnings.add(
                    "query",
                    "redirectsandrevids",
                    "Redirect resolution cannot be used together with the \"revids\" parameter.",
                );
            }
            if let Some((generator, entry)) = generator {
                let descriptor = generator_descriptor((entry.descriptor)());
                if run.continuation.is_generator_done() {
                    let path = descriptor.path();
                    let _ = (entry.parse_only)(
                        &mut ParamReader::new(ctx.state, descriptor.prefix, &path).for_generator(true),
                    );
                } else if let Runner::Query(module) = entry.runner {
                    // A prop module generates from the pages it is given (`titles=` and the
                    // like), as it reads them otherwise.
                    if descriptor.group == Some(Group::Prop) {
                        run.pageset = Some(PageSet::build(
                            Lookup { pages: lookup.as_ref(), scope: &ctx.state.scope },
                            source.clone(),
                            self.pageset.redirects,
                        )?);
                    }
                    run.generator = Some(generator.clone());
                    run.generating = true;
                    run.resolve_redirects = self.pageset.redirects;
                    let outcome = module(&mut QueryContext {
                        state: ctx.state,
                        services: ctx.services,
                        module: descriptor,
                        result: ctx.result,
                        run: &mut run,
                    });
                    run.generating = false;
                    run.pageset = None;
                    outcome?;
                    source = match (run.generated_revisions.take(), run.generated_page_ids.take()) {
                        (Some(revisions), _) => {
                            generated_revisions = revisions;
                            PageSource::RevIds { ids: &generated_revisions, include_deleted: sees_deleted }
                        }
                        (None, Some(ids)) => {
                            generated_page_ids = ids;
                            PageSource::PageIds(&generated_page_ids)
                        }
                        (None, None) => PageSource::Generated {
                            titles: std::mem::take(&mut run.generated),
                            in_order: run.generated_in_order,
                        },
                    };
                }
            }
            if !run.continuation.is_generator_done() {
                let mut set = PageSet::build(
                    Lookup { pages: lookup.as_ref(), scope: &ctx.state.scope },
                    source,
                    self.pageset.redirects,
                )?;
                set.iwurl = self.iwurl;
                run.file_generated_data(&mut set, lookup.namespaces());
                ctx.state.cache_mode = ctx.state.cache_mode.merge(set.cache_mode());
                let general = set.general_info(ctx.result, lookup.namespaces());
                if self.export {
                    let ids: Vec<i64> = set.good.iter().map(|p| p.id).collect();
                    export = Some(self.export_pages(ctx, &ids)?);
                }
                run.pageset = Some(set);
                pages = Some(general);
            }
        }

        // Without pages, the export holds the site's information alone.
        if self.export && export.is_none() && !run.continuation.is_generator_done() {
            export = Some(self.export_pages(ctx, &[])?);
        }

        for name in &names {
            let Some(entry) = registry.query_module(name) else { continue };
            let descriptor = (entry.descriptor)();
            if run.continuation.is_done(name) {
                // Read its parameters anyway, so they are not reported as unrecognized.
                let path = descriptor.path();
                let _ = (entry.parse_only)(&mut ParamReader::new(ctx.state, descriptor.prefix, &path));
                continue;
            }
            if let Runner::Query(module) = entry.runner {
                module(&mut QueryContext {
                    state: ctx.state,
                    services: ctx.services,
                    module: descriptor,
                    result: ctx.result,
                    run: &mut run,
                })?;
            }
        }

        if let Some(mut pages) = pages.filter(|p| !p.is_empty()) {
            let mut values = std::mem::take(&mut run.page_values);
            for (id, page) in pages.iter_mut() {
                if let (Some(extra), Value::Object(members)) = (values.remove(id), page) {
                    members.extend(extra);
                }
            }
            if self.indexpageids {
                ctx.result.add_query("pageids", pageset::page_ids(&pages));
            }
            ctx.result.add_pages(pages);
        }
        match export {
            Some(xml) if self.exportnowrap => ctx.result.add("text", Value::String(xml)),
            Some(xml) => {
                let text = crate::result::sub_element(ctx.result.style(), xml);
                ctx.result.add_query("export", text);
            }
            None => {}
        }

        if self.rawcontinue {
            if let Some(raw) = run.continuation.raw_result(run.generator.as_deref()) {
                ctx.result.add("query-continue", Value::Object(raw));
            }
        } else {
            let (data, complete) = run.continuation.result();
            if complete {
                ctx.result.add_on_top("batchcomplete", json!(true), !ctx.state.warnings.is_empty());
            }
            if let Some(data) = data {
                ctx.result.add_on_top("continue", Value::Object(data), !ctx.state.warnings.is_empty());
            }
        }
        Ok(())
    }
}
