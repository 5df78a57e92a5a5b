//! [`QueryContext`]: what a query submodule (list, prop or meta) sees of the request it runs in.

use serde_json::{Map, Value};
use wikiquery_domain::settings::SiteSettings;

use super::pageset::PageSet;
use super::run::QueryRun;
use crate::descriptor::ModuleDescriptor;
use crate::error::ApiError;
use crate::format::ItemWriter;
use crate::param::{ContinueValue, Limit, RequestState};
use crate::result::ApiResult;
use crate::services::Services;

/// What one row of a module stands for in the page set when the module is the query's
/// generator ([`QueryContext::emit`]).
#[derive(Debug, Clone, PartialEq)]
pub enum Generated {
    /// A page by title; the generator's pages are then sorted as a batch of titles is.
    Title(i32, String),
    /// A page the module read as a row of its own listing (MediaWiki's `processDbRow`, as
    /// `allpages`, the back-link lists and `categorymembers` give pages): such pages keep the
    /// generator's order in `pages`.
    Row(i32, String),
    /// A page by title with members its entry in `pages` shows (`index`).
    TitleWith(i32, String, Map<String, Value>),
    /// A revision: the generator gives revisions (as `revids=` does) rather than pages. An id of
    /// 0 adds nothing, but still makes the output revisions.
    Revision(i64),
    /// A revision id as given, 0 included: MediaWiki's watchlist gives its log entries' 0,
    /// which the page set then reports as a bad id.
    RevisionAsIs(i64),
    /// A page by its id, as given (0 and ids no page has included, which the page set reports
    /// as missing): a generator over rows that name their page by id.
    PageId(i64),
    /// Nothing for this row (a page already given).
    Nothing,
}

/// The part of a request a query submodule works in.
pub struct QueryContext<'a> {
    /// The request's shared state (warnings, limits, the caller's allowances).
    pub state: &'a mut RequestState,
    /// What the server provides: the database, the site's configuration.
    pub services: &'a Services,
    /// The running module (as a generator, with its `g`-prefixed parameters).
    pub module: &'static ModuleDescriptor,
    pub(crate) result: &'a mut ApiResult,
    pub(crate) run: &'a mut QueryRun,
}

impl<'a> QueryContext<'a> {
    /// A context for running `module` outside `action=query` (a test, a tool): its items go
    /// to `result`, its continuation and generated pages to `run`.
    pub fn new(
        state: &'a mut RequestState,
        services: &'a Services,
        module: &'static ModuleDescriptor,
        result: &'a mut ApiResult,
        run: &'a mut QueryRun,
    ) -> Self {
        QueryContext { state, services, module, result, run }
    }
    /// The site's settings.
    pub fn settings(&self) -> &'a SiteSettings {
        self.services.settings()
    }

    /// The request's value of one of the module's own parameters (`name` without its prefix,
    /// `g`-prefixed as a generator), as sent: for the rules that depend on whether a parameter
    /// was given at all, or given empty.
    pub fn given(&self, name: &str) -> Option<&str> {
        self.state.params.get(&self.wire_name(name))
    }

    /// The name one of the module's own parameters has in the request (`rcuser`, `grcuser` as
    /// a generator), as errors and warnings name it.
    pub fn wire_name(&self, name: &str) -> String {
        format!("{}{name}", self.module.prefix)
    }

    /// Appends an item to the module's list in `query` (`query.<name>`). A module that can
    /// generate writes its items in the listing step of [`QueryContext::emit`], which runs only
    /// when it lists.
    pub fn push_item(&mut self, item: Value) {
        debug_assert!(
            !self.run.generating,
            "{} writes items as a generator: give its rows to `emit`",
            self.module.name
        );
        self.result.push_item(self.module.name, item);
    }

    /// Appends an item to the module's list in `query`, written straight as JSON text: for
    /// modules that list many items, this costs a fraction of building a [`Value`] for each.
    /// Items written this way follow those pushed as values.
    pub fn write_item(&mut self, write: impl FnOnce(&mut ItemWriter<'_>)) {
        debug_assert!(
            !self.run.generating,
            "{} writes items as a generator: give its rows to `emit`",
            self.module.name
        );
        self.result.write_item(self.module.name, write);
    }

    /// Makes room for about `bytes` more of items written with [`QueryContext::write_item`],
    /// for a module that knows how much it is about to write: the text is not copied as it
    /// grows.
    pub fn reserve_written(&mut self, bytes: usize) {
        if !self.run.generating {
            self.result.reserve_written(self.module.name, bytes);
        }
    }

    /// Makes sure the module's list exists even when it has no items, as MediaWiki does.
    pub fn ensure_list(&mut self) {
        if !self.run.generating {
            self.result.ensure_list(self.module.name);
        }
    }

    /// Adds a member beside `query` rather than in it, where MediaWiki's module lists its
    /// items so (`watchlistraw`).
    pub fn add_result_member(&mut self, key: &str, value: Value) {
        self.result.add(key, value);
    }

    /// Adds a member to `query` under the module's name: a meta module's answer.
    pub fn set_answer(&mut self, value: Value) {
        self.result.add_query(self.module.name, value);
    }

    /// Adds a member to `query` under a name of its own (siteinfo's `general`, `namespaces`).
    pub fn add_query_member(&mut self, key: &str, value: Value) {
        self.result.add_query(key, value);
    }

    /// The result being built, for what formatversion decides (`content_key`).
    pub fn result(&self) -> &ApiResult {
        self.result
    }

    /// Says where the module continues: sets `<prefix>continue` in the `continue` object to
    /// the value's parts joined with `|`.
    pub fn set_continue(&mut self, value: impl ContinueValue) {
        self.set_continue_named("continue", value);
    }

    /// Says where the module continues through another of its parameters (`allusers`
    /// continues with `aufrom`): sets `<prefix><param>` in the `continue` object.
    pub fn set_continue_named(&mut self, param: &str, value: impl ContinueValue) {
        self.set_continue_value(param, Value::String(value.continue_text()));
    }

    /// As [`QueryContext::set_continue_named`] with a value that is not text: MediaWiki
    /// answers some offsets (`psoffset`, `sroffset`, `qpoffset`) as numbers.
    pub fn set_continue_value(&mut self, param: &str, value: Value) {
        let name = format!("{}{param}", self.module.prefix);
        if self.run.generating {
            self.run.continuation.set_generator(name, value);
        } else {
            self.run.continuation.set(self.module.name, name, value);
        }
    }

    /// Whether the page set the module generates for resolves redirects (`redirects=1`); some
    /// generators refuse that. Never when the module lists.
    pub fn is_resolving_redirects(&self) -> bool {
        self.run.generating && self.run.resolve_redirects
    }

    /// Gives the module's rows, written once whichever way the module runs: as the query's
    /// generator, the page set receives what `page_of` says each row stands for; as a list (or
    /// a prop), `list` writes them, reading then what only the written items need.
    pub fn emit<R>(
        &mut self,
        rows: Vec<R>,
        mut page_of: impl FnMut(&R) -> Generated,
        list: impl FnOnce(&mut Self, Vec<R>) -> Result<(), ApiError>,
    ) -> Result<(), ApiError> {
        if !self.run.generating {
            return list(self, rows);
        }
        for row in &rows {
            match page_of(row) {
                Generated::Title(ns, dbkey) => self.run.generated.push((ns, dbkey)),
                Generated::Row(ns, dbkey) => {
                    self.run.generated_in_order = true;
                    self.run.generated.push((ns, dbkey));
                }
                Generated::TitleWith(ns, dbkey, data) => {
                    self.run.generated_data.push(((ns, dbkey.clone()), data));
                    self.run.generated.push((ns, dbkey));
                }
                Generated::Revision(rev_id) => {
                    let revisions = self.run.generated_revisions.get_or_insert_with(Vec::new);
                    if rev_id > 0 {
                        revisions.push(rev_id);
                    }
                }
                Generated::RevisionAsIs(rev_id) => {
                    self.run.generated_revisions.get_or_insert_with(Vec::new).push(rev_id)
                }
                Generated::PageId(page_id) => self.run.generated_page_ids.get_or_insert_with(Vec::new).push(page_id),
                Generated::Nothing => {}
            }
        }
        Ok(())
    }

    /// Checks the rules between the module's parameters, for a module that checks them itself
    /// where MediaWiki does ([`crate::QueryModule::checks_rules`] false): once, after what it
    /// checks first.
    pub fn check_rules(&mut self) -> Result<(), ApiError> {
        let Some(check) = self.run.pending_rules.take() else { return Ok(()) };
        let path = self.module.path();
        let generating = self.run.generating;
        check(&mut crate::param::ParamReader::new(self.state, self.module.prefix, &path).for_generator(generating))
    }

    /// Runs what only a listing reads and checks before its query (MediaWiki's revision modules
    /// read their content parameters, and refuse mixes of them, only when they list): `None`
    /// when the module generates.
    pub fn when_listing<T>(
        &mut self,
        read: impl FnOnce(&mut Self) -> Result<T, ApiError>,
    ) -> Result<Option<T>, ApiError> {
        if self.run.generating {
            return Ok(None);
        }
        read(self).map(Some)
    }

    /// Says that the module, when it generates, gives revisions rather than pages, even when it
    /// gives none (the page set then reports revisions). Nothing when it lists.
    pub fn generates_revisions(&mut self) {
        if self.run.generating {
            self.run.generated_revisions.get_or_insert_with(Vec::new);
        }
    }

    /// Says where the generator restarts when the modules working on its pages must continue
    /// but the generator itself is finished or moves on: a generator over a list that grows at
    /// its start (recent changes) pins its first item so the next request sees the same pages.
    /// Sets `<prefix><param>` (the generator's prefix, `grn`) among its parameters copied into
    /// `continue`.
    pub fn set_generator_restart(&mut self, param: &str, value: impl ContinueValue) {
        if self.run.generating {
            // The prefix a generator runs with has its `g` already (`grn`).
            let name = format!("{}{param}", self.module.prefix);
            self.run.continuation.set_generator_restart(name, value.continue_text());
        }
    }

    /// The query's page set, for prop modules (`None` when the query has none).
    pub fn page_set(&self) -> Option<&PageSet> {
        self.run.pageset.as_ref()
    }

    /// Adds members to a page of the page set (`query.pages`), by its (possibly negative) id.
    pub fn add_page_values(&mut self, page_id: i64, values: Map<String, Value>) {
        self.run.page_values.entry(page_id).or_default().extend(values);
    }

    /// Appends an item to a list member of a page of the page set (`contributors`,
    /// `revisions`), making the list when the page has none yet.
    pub fn push_page_item(&mut self, page_id: i64, key: &str, item: Value) {
        let members = self.run.page_values.entry(page_id).or_default();
        match members.get_mut(key) {
            Some(Value::Array(list)) => list.push(item),
            _ => {
                members.insert(key.to_owned(), Value::Array(vec![item]));
            }
        }
    }

    /// The module's `limit` against a lower maximum than its parameter declares, as MediaWiki
    /// lowers it when each row costs more (content read, redirects followed): `max`
    /// resolves to the caller's lower maximum (`max`, or `highmax` with `apihighlimits`) and
    /// the response's `limits` says so; a larger number is cut to it with MediaWiki's
    /// `outofrange` warning.
    pub fn lower_limit(&mut self, limit: Limit, max: u64, highmax: u64) -> Limit {
        let cap = if self.state.high_limits() { highmax } else { max };
        let module = self.module.name.to_owned();
        if self.state.limits.contains_key(&module) {
            self.state.limits.insert(module, cap);
            return Limit(cap);
        }
        if limit.get() > cap {
            let wire = format!("{}limit", self.module.prefix);
            let mut data = Map::new();
            data.insert("min".into(), Value::from(1));
            data.insert("curmax".into(), Value::from(cap));
            data.insert("max".into(), Value::from(max));
            data.insert("highmax".into(), Value::from(highmax));
            let text = format!("The value \"{}\" for parameter \"{wire}\" must be between 1 and {cap}.", limit.get());
            self.state.warnings.add_with_data(&self.module.path(), "outofrange", text, Some(data));
            return Limit(cap);
        }
        limit
    }

    /// Files a warning under the running module.
    pub fn warn(&mut self, code: &'static str, text: impl Into<String>) {
        self.state.warnings.add(&self.module.path(), code, text);
    }
}
