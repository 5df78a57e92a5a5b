//! `action=query`, the core every query module runs inside: it reads `list`, `prop`, `meta`
//! (whose values are the registered modules' names, so its descriptor is built from the
//! registry rather than generated from a struct), runs each module with its parameters, and
//! collects continuation.

pub mod context;
mod continuation;
pub mod pageset;
mod run;

pub use context::QueryContext;
pub use continuation::Continuation;
pub use pageset::{PageLookup, PageRecord, PageSet, PageSource};
pub use run::QueryRun;

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use crate::action::ActionContext;
use crate::descriptor::{Group, ModuleDescriptor, ParamDescriptor, ParamKind};
use crate::error::ApiError;
use crate::module::{ActionModule, ModuleSpec};
use crate::param::{split_values, ParamReader, ParamType};
use crate::registry::{ModuleEntry, Registry, Runner};
use serde_json::{json, Value};

/// The query action's parameters.
pub struct Query {
    prop: Vec<String>,
    list: Vec<String>,
    meta: Vec<String>,
    titles: Vec<String>,
    /// Titles that cleaning changed: (as sent, as cleaned).
    titles_cleaned: Vec<(String, String)>,
    pageids: Vec<i64>,
    revids: Vec<i64>,
    generator: Option<String>,
    continue_: Option<String>,
    rawcontinue: bool,
    indexpageids: bool,
    redirects: bool,
    iwurl: bool,
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

fn module_names(keep: impl Fn(&ModuleEntry) -> bool) -> Vec<&'static str> {
    let mut names: Vec<&'static str> = inventory::iter::<ModuleEntry>
        .into_iter()
        .filter(|e| e.group.is_some_and(|g| g.is_query()) && keep(e))
        .map(|e| e.name)
        .collect();
    names.sort_unstable();
    names
}

fn param(name: &'static str, kind: ParamKind, multi: bool) -> ParamDescriptor {
    let mut d = ParamDescriptor::new(name);
    d.kind = kind;
    d.multi = multi;
    d
}

impl ModuleSpec for Query {
    const NAME: &'static str = "query";
    const GROUP: Option<Group> = Some(Group::Action);
    const PREFIX: &'static str = "";

    fn descriptor() -> &'static ModuleDescriptor {
        static DESCRIPTOR: OnceLock<ModuleDescriptor> = OnceLock::new();
        DESCRIPTOR.get_or_init(|| {
            let group = |g: Group| ParamKind::Values(module_names(|e| e.group == Some(g)));
            let generators = ParamKind::Values(module_names(|e| (e.descriptor)().generator));
            let mut export_schema = param("exportschema", ParamKind::Values(vec!["0.10", "0.11"]), false);
            export_schema.default = Some("0.11");
            ModuleDescriptor {
                name: "query",
                group: Some(Group::Action),
                prefix: "",
                classname: "wikiquery_framework::query::Query",
                readrights: true,
                generator: false,
                deprecated: false,
                helpurls: vec![
                    "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Query",
                    "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Meta",
                    "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Properties",
                    "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Lists",
                ],
                params: vec![
                    param("prop", group(Group::Prop), true),
                    param("list", group(Group::List), true),
                    param("meta", group(Group::Meta), true),
                    param("indexpageids", ParamKind::Boolean, false),
                    param("export", ParamKind::Boolean, false),
                    param("exportnowrap", ParamKind::Boolean, false),
                    export_schema,
                    param("iwurl", ParamKind::Boolean, false),
                    param("continue", ParamKind::String, false),
                    param("rawcontinue", ParamKind::Boolean, false),
                    param("titles", ParamKind::String, true),
                    param("pageids", ParamKind::Integer { min: None, max: None }, true),
                    param("revids", ParamKind::Integer { min: None, max: None }, true),
                    param("generator", generators, false),
                    param("redirects", ParamKind::Boolean, false),
                    param("converttitles", ParamKind::Boolean, false),
                ],
            }
        })
    }

    fn parse(r: &mut ParamReader<'_>) -> Result<Self, ApiError> {
        let d = Self::descriptor();
        let get = |name: &str| {
            d.param(name).ok_or_else(|| ApiError::internal("descriptor", format!("query has no `{name}`")))
        };
        // `converttitles` changes nothing on a site whose language has no variants.
        <bool as ParamType>::extract(get("converttitles")?, r)?;
        // The XML export is not built: asking for it is an error rather than an answer
        // without it.
        let export = <bool as ParamType>::extract(get("export")?, r)?;
        let exportnowrap = <bool as ParamType>::extract(get("exportnowrap")?, r)?;
        <Option<String> as ParamType>::extract(get("exportschema")?, r)?;
        if export || exportnowrap {
            return Err(ApiError::new(
                "notimplemented",
                "The XML export of pages (\"export\", \"exportnowrap\") is not available in this server.",
            ));
        }
        Ok(Query {
            prop: <Vec<String> as ParamType>::extract(get("prop")?, r)?,
            list: <Vec<String> as ParamType>::extract(get("list")?, r)?,
            meta: <Vec<String> as ParamType>::extract(get("meta")?, r)?,
            titles: <Vec<String> as ParamType>::extract(get("titles")?, r)?,
            titles_cleaned: r
                .raw("titles")
                .map(|raw| cleaned_values(&raw, r.peek("titles").as_deref().unwrap_or("")))
                .unwrap_or_default(),
            pageids: <Vec<i64> as ParamType>::extract(get("pageids")?, r)?,
            revids: <Vec<i64> as ParamType>::extract(get("revids")?, r)?,
            generator: <Option<String> as ParamType>::extract(get("generator")?, r).map_err(|e| {
                if e.code == "badvalue" {
                    let value = r.peek("generator").unwrap_or_default();
                    ApiError::new("badgenerator", format!("Unknown generator \"{value}\"."))
                } else {
                    e
                }
            })?,
            continue_: <Option<String> as ParamType>::extract(get("continue")?, r)?,
            rawcontinue: <bool as ParamType>::extract(get("rawcontinue")?, r)?,
            iwurl: <bool as ParamType>::extract(get("iwurl")?, r)?,
            indexpageids: <bool as ParamType>::extract(get("indexpageids")?, r)?,
            redirects: <bool as ParamType>::extract(get("redirects")?, r)?,
        })
    }
}

impl Query {
    /// The page set's source; two of `titles`, `pageids`, `revids` is `multisource`.
    fn source(&self) -> Result<PageSource<'_>, ApiError> {
        let mut given: Vec<(&str, PageSource<'_>)> = Vec::new();
        if !self.titles.is_empty() {
            given.push(("titles", PageSource::Titles { titles: &self.titles, cleaned: &self.titles_cleaned }));
        }
        if !self.pageids.is_empty() {
            given.push(("pageids", PageSource::PageIds(&self.pageids)));
        }
        if !self.revids.is_empty() {
            given.push(("revids", PageSource::RevIds(&self.revids)));
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
    fn execute(&self, ctx: &mut ActionContext<'_>) -> Result<(), ApiError> {
        let registry = Registry::global().map_err(|e| ApiError::internal("registry", e))?;
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
        let has_source = !self.titles.is_empty() || !self.pageids.is_empty() || !self.revids.is_empty();
        let wants_pages = has_source || self.generator.is_some() || !props.is_empty();
        let mut pages: Option<Vec<(i64, Value)>> = None;

        if wants_pages {
            let lookup = ctx.services.require::<Arc<dyn PageLookup>>()?.clone();
            let mut source = self.source()?;
            if !self.revids.is_empty() && self.redirects {
                ctx.state.warnings.add(
                    "query",
                    "redirectsandrevids",
                    "Redirect resolution cannot be used together with the \"revids\" parameter.",
                );
            }
            if let Some(generator) = &self.generator {
                let entry =
                    registry.query_module(generator).filter(|e| (e.descriptor)().generator).ok_or_else(|| {
                        ApiError::new("badgenerator", format!("Module \"{generator}\" cannot be used as a generator."))
                    })?;
                let descriptor = generator_descriptor((entry.descriptor)());
                if run.continuation.is_generator_done() {
                    let path = descriptor.path();
                    let _ = (entry.parse_only)(&mut ParamReader::new(ctx.state, descriptor.prefix, &path));
                } else if let Runner::Query(module) = entry.runner {
                    run.generator = Some(generator.clone());
                    run.generating = true;
                    run.resolve_redirects = self.redirects;
                    let outcome = module(&mut QueryContext {
                        state: ctx.state,
                        services: ctx.services,
                        module: descriptor,
                        result: ctx.result,
                        run: &mut run,
                    });
                    run.generating = false;
                    outcome?;
                    if run.generator_pushed {
                        return Err(ApiError::not_implemented(&format!("{} as a generator", descriptor.path())));
                    }
                    source = PageSource::Generated(std::mem::take(&mut run.generated));
                }
            }
            if !run.continuation.is_generator_done() {
                let mut set = PageSet::build(lookup.as_ref(), source, self.redirects)?;
                set.iwurl = self.iwurl;
                let general = set.general_info(ctx.result, lookup.namespaces());
                run.pageset = Some(set);
                pages = Some(general);
            }
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

        if self.rawcontinue {
            if let Some(raw) = run.continuation.raw_result(run.generator.as_deref()) {
                ctx.result.add("query-continue", Value::Object(raw));
            }
        } else {
            let (data, complete) = run.continuation.result();
            if complete {
                ctx.result.add("batchcomplete", json!(true));
            }
            if let Some(data) = data {
                ctx.result.add("continue", Value::Object(data));
            }
        }
        Ok(())
    }
}

::inventory::submit! { ModuleEntry::action::<Query>() }
