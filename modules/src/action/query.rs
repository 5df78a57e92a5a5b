//! `action=query`: runs list, prop and meta modules. Its `list`, `prop`, `meta` and
//! `generator` parameters take the names of the registered query modules, so its descriptor is
//! written by hand here rather than generated from a struct.

use std::sync::OnceLock;

use serde_json::{json, Map, Value};
use wikiquery_framework::__private::{ParamReader, ParamType};
use wikiquery_framework::registry::Runner;
use wikiquery_framework::{
    ActionContext, ActionModule, ApiError, Group, ModuleDescriptor, ModuleEntry, ModuleSpec, ParamDescriptor,
    ParamKind, QueryContext,
};

/// The query action's parameters.
pub struct Query {
    prop: Vec<String>,
    list: Vec<String>,
    meta: Vec<String>,
    titles: Vec<String>,
    pageids: Vec<i64>,
    revids: Vec<i64>,
    generator: Option<String>,
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
                classname: "wikiquery_modules::action::query::Query",
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
        for flag in ["indexpageids", "export", "exportnowrap", "iwurl", "rawcontinue", "redirects", "converttitles"] {
            <bool as ParamType>::extract(get(flag)?, r)?;
        }
        <Option<String> as ParamType>::extract(get("exportschema")?, r)?;
        <Option<String> as ParamType>::extract(get("continue")?, r)?;
        Ok(Query {
            prop: <Vec<String> as ParamType>::extract(get("prop")?, r)?,
            list: <Vec<String> as ParamType>::extract(get("list")?, r)?,
            meta: <Vec<String> as ParamType>::extract(get("meta")?, r)?,
            titles: <Vec<String> as ParamType>::extract(get("titles")?, r)?,
            pageids: <Vec<i64> as ParamType>::extract(get("pageids")?, r)?,
            revids: <Vec<i64> as ParamType>::extract(get("revids")?, r)?,
            generator: <Option<String> as ParamType>::extract(get("generator")?, r)?,
        })
    }
}

impl ActionModule for Query {
    fn execute(&self, ctx: &mut ActionContext<'_>) -> Result<Map<String, Value>, ApiError> {
        let has_pages = !self.titles.is_empty() || !self.pageids.is_empty() || !self.revids.is_empty();
        if has_pages || self.generator.is_some() || !self.prop.is_empty() {
            return Err(ApiError::not_implemented("query page sets (titles, pageids, revids, generator, prop)"));
        }
        let mut query = Map::new();
        for name in self.meta.iter().chain(self.list.iter()) {
            let Some(entry) = ctx.registry.query_module(name) else {
                continue;
            };
            if let Runner::Query(run) = entry.runner {
                run(&mut QueryContext { state: ctx.state, query: &mut query })?;
            }
        }
        let mut out = Map::new();
        out.insert("batchcomplete".into(), json!(true));
        if !query.is_empty() {
            out.insert("query".into(), Value::Object(query));
        }
        Ok(out)
    }
}

inventory::submit! { ModuleEntry::action::<Query>() }
