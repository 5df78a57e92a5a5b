//! The registry of modules: every module registers itself (through `#[query_module]`) and the
//! registry is built once, sorted and checked.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use crate::action::ActionContext;
use crate::descriptor::{Group, ModuleDescriptor, ParamKind};
use crate::error::ApiError;
use crate::module::{ActionModule, ModuleSpec, QueryModule};
use crate::param::{ParamReader, RequestState};
use crate::query::context::QueryContext;

/// How the registry runs a module of one kind.
#[derive(Clone, Copy)]
pub enum Runner {
    /// A query submodule.
    Query(fn(&mut QueryContext<'_>) -> Result<(), ApiError>),
    /// An action module, whether a request of it reads the wiki's content (needs `read`),
    /// asked before its parameters are read, and whether it honours `maxlag`.
    Action { run: fn(&mut ActionContext<'_>) -> Result<(), ApiError>, reads: fn(&RequestState) -> bool, maxlag: bool },
}

/// One registered module, as `#[query_module]` submits it.
pub struct ModuleEntry {
    /// The module's name.
    pub name: &'static str,
    /// Its group.
    pub group: Option<Group>,
    /// Its descriptor.
    pub descriptor: fn() -> &'static ModuleDescriptor,
    /// How to run it.
    pub runner: Runner,
    /// Reads and validates its parameters without running it.
    pub parse_only: fn(&mut ParamReader<'_>) -> Result<(), ApiError>,
}

fn parse_only<M: ModuleSpec>(r: &mut ParamReader<'_>) -> Result<(), ApiError> {
    M::parse(r).map(|_| ())
}

/// Parses a module's parameters from the request, then runs it with the same request state.
fn run_query<M: QueryModule>(ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
    let path = M::descriptor().path();
    let tag = |e: ApiError| e.in_module(path.as_str());
    // The running descriptor's prefix: a generator's has a `g` in front.
    let prefix = ctx.module.prefix;
    let generator = prefix != M::descriptor().prefix;
    let mut reader = ParamReader::new(ctx.state, prefix, &path).for_generator(generator);
    let module = M::parse_values(&mut reader).map_err(tag)?;
    if M::checks_rules(ctx.page_set()) {
        M::check_rules(&mut ParamReader::new(ctx.state, prefix, &path).for_generator(generator)).map_err(tag)?;
    } else {
        ctx.run.pending_rules = Some(M::check_rules);
    }
    let ran = module.execute(ctx);
    ctx.run.pending_rules = None;
    ran.map_err(tag)?;
    ctx.state.cache_mode = ctx.state.cache_mode.merge(module.cache_mode(ctx.state));
    Ok(())
}

fn run_action<M: ActionModule>(ctx: &mut ActionContext<'_>) -> Result<(), ApiError> {
    let d = M::descriptor();
    let path = d.path();
    let tag = |e: ApiError| e.in_module(path.as_str());
    let module = M::parse(&mut ParamReader::new(ctx.state, d.prefix, &path)).map_err(tag)?;
    ctx.state.printer = module.printer(ctx.state);
    crate::action::check_action(ctx.state, d).map_err(|(e, own)| if own { tag(e) } else { e })?;
    if d.writerights {
        crate::action::check_read_only(ctx.services)?;
    }
    ctx.state.keeps_maxage = !d.writerights;
    // Shareable until a part of the answer says otherwise: the action's run may make it more
    // private (a page set, a hidden revision), its mode for its parameters too.
    ctx.state.cache_mode = crate::cache::CacheMode::Public;
    module.execute(ctx).map_err(tag)?;
    ctx.state.cache_mode = ctx.state.cache_mode.merge(module.cache_mode(ctx.state));
    Ok(())
}

impl ModuleEntry {
    /// The entry of a query submodule.
    pub const fn query<M: QueryModule>() -> Self {
        ModuleEntry {
            name: M::NAME,
            group: M::GROUP,
            descriptor: M::descriptor,
            runner: Runner::Query(run_query::<M>),
            parse_only: parse_only::<M>,
        }
    }

    /// The entry of an action module.
    pub const fn action<M: ActionModule>() -> Self {
        ModuleEntry {
            name: M::NAME,
            group: M::GROUP,
            descriptor: M::descriptor,
            runner: Runner::Action { run: run_action::<M>, reads: M::is_read_mode, maxlag: M::CHECKS_MAXLAG },
            parse_only: parse_only::<M>,
        }
    }

    /// The module's path (`query+<name>` or the action's name).
    pub fn path(&self) -> String {
        (self.descriptor)().path()
    }
}

inventory::collect!(ModuleEntry);

/// All modules, sorted by group and name.
pub struct Registry {
    actions: BTreeMap<&'static str, &'static ModuleEntry>,
    query: BTreeMap<&'static str, &'static ModuleEntry>,
    /// The tag names of the lists of XML answers: the page set's and each module's that
    /// declares one (a list module's items in `query`, a prop module's in each `page`).
    xml_tags: Vec<(&'static str, &'static str, &'static str)>,
}

static GLOBAL: OnceLock<Result<Registry, String>> = OnceLock::new();

impl Registry {
    /// The registry of every module linked into the program, built and checked once.
    pub fn global() -> Result<&'static Registry, String> {
        GLOBAL
            .get_or_init(|| Registry::build(inventory::iter::<ModuleEntry>.into_iter()))
            .as_ref()
            .map_err(Clone::clone)
    }

    /// [`Registry::global`] for a request: a registry that failed its checks is an internal
    /// error of the request.
    pub fn for_request() -> Result<&'static Registry, ApiError> {
        Registry::global().map_err(|e| ApiError::internal("registry", e))
    }

    /// Builds a registry from entries, refusing an empty set, duplicate names, and
    /// descriptors that break the rules `#[query_module]` checks at compile time.
    pub fn build(entries: impl Iterator<Item = &'static ModuleEntry>) -> Result<Registry, String> {
        let mut reg = Registry { actions: BTreeMap::new(), query: BTreeMap::new(), xml_tags: Vec::new() };
        let mut problems = Vec::new();
        for e in entries {
            let map = match e.group {
                Some(g) if g.is_query() => &mut reg.query,
                _ => &mut reg.actions,
            };
            if map.insert(e.name, e).is_some() {
                problems.push(format!("two modules are named `{}`", e.path()));
            }
            if let Err(p) = check_descriptor((e.descriptor)()) {
                problems.push(p);
            }
        }
        if reg.query.is_empty() {
            problems.push("no query module is registered (is the modules crate linked?)".to_owned());
        }
        reg.xml_tags.extend_from_slice(crate::query::pageset::XML_TAGS);
        for e in reg.query.values() {
            let d = (e.descriptor)();
            let parent = if e.group == Some(Group::Prop) { "page" } else { "query" };
            if let Some(tag) = d.xml_tag {
                reg.xml_tags.push((parent, e.name, tag));
            }
            // The lists inside each item; a module without a list of its own has them in its
            // own element (a meta module's) or in each page (a prop module's).
            let holder = match (d.xml_tag, e.group) {
                (Some(tag), _) => tag,
                (None, Some(Group::Prop)) => "page",
                (None, _) => e.name,
            };
            reg.xml_tags.extend(xml_lists(d, holder));
        }
        // An action's lists are in its own element.
        for e in reg.actions.values() {
            let d = (e.descriptor)();
            reg.xml_tags.extend(xml_lists(d, d.name));
        }
        if problems.is_empty() {
            Ok(reg)
        } else {
            Err(problems.join("; "))
        }
    }

    /// A query submodule by name.
    pub fn query_module(&self, name: &str) -> Option<&'static ModuleEntry> {
        self.query.get(name).copied()
    }

    /// Query submodules of a group, by name.
    pub fn query_modules(&self, group: Option<Group>) -> impl Iterator<Item = &'static ModuleEntry> + '_ {
        self.query.values().copied().filter(move |e| group.is_none() || e.group == group)
    }

    /// An action module by name.
    pub fn action(&self, name: &str) -> Option<&'static ModuleEntry> {
        self.actions.get(name).copied()
    }

    /// The tag names of the lists of XML answers (the page set's and the modules').
    pub fn xml_tags(&'static self) -> &'static [(&'static str, &'static str, &'static str)] {
        &self.xml_tags
    }

    /// Every action module, by name.
    pub fn actions(&self) -> impl Iterator<Item = &'static ModuleEntry> + '_ {
        self.actions.values().copied()
    }
}

/// The run-time twin of the macro's checks: what every descriptor must satisfy.
pub fn check_descriptor(d: &ModuleDescriptor) -> Result<(), String> {
    let path = d.path();
    let mut seen = std::collections::HashSet::new();
    for p in &d.params {
        if !seen.insert(p.name) {
            return Err(format!("`{path}` has two parameters named `{}`", p.name));
        }
        if p.required && p.default.is_some() {
            return Err(format!("`{path}`: required parameter `{}` has a default", p.name));
        }
        if let (Some(values), Some(default)) = (p.values(), p.default) {
            let defaults: Vec<&str> =
                if p.multi { default.split('|').filter(|s| !s.is_empty()).collect() } else { vec![default] };
            if let Some(bad) = defaults.iter().find(|v| !values.contains(v)) {
                return Err(format!("`{path}`: default `{bad}` of `{}` is not an allowed value", p.name));
            }
        }
        if let Some(values) = p.values() {
            if let Some(bad) = p.deprecated_values.iter().find(|v| !values.contains(v)) {
                return Err(format!("`{path}`: deprecated value `{bad}` of `{}` is not an allowed value", p.name));
            }
        }
        if let ParamKind::Integer { min: Some(lo), max: Some(hi) } = p.kind {
            if lo > hi {
                return Err(format!("`{path}`: `{}` has min {lo} above max {hi}", p.name));
            }
        }
        for (_, source) in &p.template_vars {
            match d.param(source) {
                Some(s) if s.multi => {}
                _ => {
                    return Err(format!(
                        "`{path}`: template source `{source}` of `{}` is not a multi-valued parameter",
                        p.name
                    ))
                }
            }
        }
    }
    Ok(())
}

/// The element names a module declares for the items of its lists: (the element holding the
/// list, the list, its items), for its own lists, which are in `holder`, and for those met inside
/// other elements of its answer.
fn xml_lists(
    d: &'static ModuleDescriptor,
    holder: &'static str,
) -> impl Iterator<Item = (&'static str, &'static str, &'static str)> {
    let own = d.xml_nested.iter().map(move |(list, item)| (holder, *list, *item));
    let tables = d.xml_lists.iter().flat_map(|(element, table)| {
        table.iter().map(move |(within, list, item)| (if within.is_empty() { *element } else { *within }, *list, *item))
    });
    // `_any` holds lists in elements of any name (a map's members, named by their keys).
    let under =
        d.xml_under.iter().map(|&(within, list, item)| (if within == ANY_ELEMENT { "" } else { within }, list, item));
    own.chain(under).chain(tables)
}

/// The holder of `xml_under` that stands for any element.
const ANY_ELEMENT: &str = "_any";
