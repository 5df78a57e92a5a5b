//! `action=query`, the core every query module runs inside: it reads `list`, `prop`, `meta`
//! (whose values are the registered modules' names, so its descriptor is built from the
//! registry rather than generated from a struct), runs each module with its parameters, and
//! collects continuation.

mod continuation;

pub use continuation::{bad_continue, Continuation};

use std::sync::OnceLock;

use serde_json::{json, Map, Value};
use crate::descriptor::{Group, ModuleDescriptor, ParamDescriptor, ParamKind};
use crate::error::ApiError;
use crate::module::{ActionContext, ActionModule, ModuleSpec, QueryContext};
use crate::param::{ParamReader, ParamType};
use crate::registry::{ModuleEntry, Runner};

/// The query action's parameters.
pub struct Query {
    prop: Vec<String>,
    list: Vec<String>,
    meta: Vec<String>,
    titles: Vec<String>,
    pageids: Vec<i64>,
    revids: Vec<i64>,
    generator: Option<String>,
    continue_: Option<String>,
    rawcontinue: bool,
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
        // The other parameters are read (and so recognised) even though page sets do not
        // execute yet.
        for flag in ["indexpageids", "export", "exportnowrap", "iwurl", "redirects", "converttitles"] {
            <bool as ParamType>::extract(get(flag)?, r)?;
        }
        <Option<String> as ParamType>::extract(get("exportschema")?, r)?;
        Ok(Query {
            prop: <Vec<String> as ParamType>::extract(get("prop")?, r)?,
            list: <Vec<String> as ParamType>::extract(get("list")?, r)?,
            meta: <Vec<String> as ParamType>::extract(get("meta")?, r)?,
            titles: <Vec<String> as ParamType>::extract(get("titles")?, r)?,
            pageids: <Vec<i64> as ParamType>::extract(get("pageids")?, r)?,
            revids: <Vec<i64> as ParamType>::extract(get("revids")?, r)?,
            generator: <Option<String> as ParamType>::extract(get("generator")?, r)?,
            continue_: <Option<String> as ParamType>::extract(get("continue")?, r)?,
            rawcontinue: <bool as ParamType>::extract(get("rawcontinue")?, r)?,
        })
    }
}

impl ActionModule for Query {
    fn execute(&self, ctx: &mut ActionContext<'_>) -> Result<Map<String, Value>, ApiError> {
        let has_pages = !self.titles.is_empty() || !self.pageids.is_empty() || !self.revids.is_empty();
        if has_pages || self.generator.is_some() || !self.prop.is_empty() {
            return Err(ApiError::not_implemented("query page sets (titles, pageids, revids, generator, prop)"));
        }
        let names: Vec<String> = self.meta.iter().chain(self.list.iter()).cloned().collect();
        let mut continuation = Continuation::from_request(self.continue_.as_deref(), names.clone())?;
        let mut query = Map::new();
        for name in &names {
            let Some(entry) = ctx.registry.query_module(name) else { continue };
            if continuation.is_done(name) {
                // Read its parameters anyway, so they are not reported as unrecognized.
                let d = (entry.descriptor)();
                let _ = (entry.parse_only)(&mut ParamReader::new(ctx.state, d.prefix, d.name));
                continue;
            }
            if let Runner::Query(run) = entry.runner {
                run(&mut QueryContext {
                    state: ctx.state,
                    services: ctx.services,
                    query: &mut query,
                    continuation: &mut continuation,
                    module: (entry.descriptor)(),
                })?;
            }
        }
        let mut out = Map::new();
        if self.rawcontinue {
            if let Some(raw) = continuation.raw_result() {
                out.insert("query-continue".into(), Value::Object(raw));
            }
        } else {
            let (data, complete) = continuation.result();
            if complete {
                out.insert("batchcomplete".into(), json!(true));
            }
            if let Some(data) = data {
                out.insert("continue".into(), Value::Object(data));
            }
        }
        if !query.is_empty() {
            out.insert("query".into(), Value::Object(query));
        }
        Ok(out)
    }
}

::inventory::submit! { ModuleEntry::action::<Query>() }
