//! The revision-query family shared by `alldeletedrevisions`, `allrevisions`,
//! `deletedrevisions` and `revisions`: its parameters, what they ask each revision to show
//! ([`RevisionView`]), the batch's comments, tags, slots and text read at once, and one
//! revision written as MediaWiki writes it, hidden parts shown only to those allowed.

use std::collections::{HashMap, HashSet};

use serde_json::{json, Map, Value};
use wikiquery_domain::preprocessor::{preprocess, Options as PreprocessorOptions};
use wikiquery_domain::revision::{
    default_format, section_of, sha1_hex, Visibility, DELETED_COMMENT, DELETED_RESTRICTED, DELETED_TEXT, DELETED_USER,
};
use wikiquery_domain::timestamp::Timestamp;
use wikiquery_runtime::result::{kvp, php_array, set_content};
use wikiquery_runtime::{
    ApiError, Continue, ContinueValue, Generated, Limit, ParamGroup, Parts, QueryContext, Rights, Templated,
};
use wikiquery_store::queries::archive::{ArchiveContinue, ArchiveOrder, ArchiveRow};
use wikiquery_store::queries::revisions::{RevisionRow, SlotRow};

use crate::shared::comments::{parsed_comments, CommentOf};
use crate::shared::diffs::DiffRequest;
use crate::shared::expansion::{expand_page_text, TemplateCache, WikiAt};
use crate::shared::rendering::render_page;
use crate::values::{bad_format_warning, CONTENTFMT, REVPROP, SLOTS};
use crate::wiki::WikiContext;
use wikiquery_domain::preprocessor::expand::Unsupported;
use wikiquery_render::{wrap, RenderOptions, WRAPPER_CLASS};

/// The family's parameters, in the spec's order; each module includes them first.
#[derive(Debug, Clone, ParamGroup)]
pub struct RevisionFamily {
    /// Which properties to return of each revision: `ids`, `flags` (whether the edit is
    /// minor), `timestamp`, `user`, `userid`, `comment`, `parsedcomment` (the comment as HTML),
    /// `size` (in bytes), `sha1`, `tags`, `roles` (the slots the revision has) and, for each
    /// slot, `content`, `contentmodel`, `slotsize` and `slotsha1`. `parsetree` is deprecated.
    #[param(values = REVPROP, deprecated_values = ["parsetree"], default = "ids|timestamp|flags|comment|user")]
    pub prop: Vec<String>,
    /// Which slots to return the content and slot properties of. When left out, those of the
    /// `main` slot are returned in an older layout, directly on each revision (deprecated).
    #[param(values = SLOTS, all)]
    pub slots: Vec<String>,
    /// The serialization format to return the content of one slot in, the slot being named
    /// in the parameter's name (`contentformat-main` for the `main` slot); used with `slots`.
    #[param(template = "contentformat-{slot}", source = "slots", values = CONTENTFMT)]
    pub contentformat_slot: Templated<String>,
    /// How many revisions to return. When content is asked for, the maximum is lower: 50, or
    /// 500 for clients with high limits.
    pub limit: Option<Limit>,
    /// Deprecated, use `action=expandtemplates`: return the content with its templates
    /// expanded (with `content` in `prop`, wikitext only).
    #[param(deprecated)]
    pub expandtemplates: bool,
    /// Deprecated, use `action=expandtemplates` or `action=parse`: also return the
    /// preprocessor's XML tree of the content (with `content` in `prop`, wikitext only).
    #[param(deprecated)]
    pub generatexml: bool,
    /// Deprecated, use `action=parse`: return the content rendered as HTML (with `content` in
    /// `prop`); only one revision is then returned per request.
    #[param(deprecated)]
    pub parse: bool,
    /// Only return the content of this section of each revision, given by its number (`0`
    /// for the text before the first heading).
    pub section: Option<String>,
    /// Deprecated, use `action=compare`: return a diff of each revision against another
    /// revision, given by its id or as `prev`, `next` or `cur` (the page's latest revision).
    #[param(deprecated)]
    pub diffto: Option<String>,
    /// Deprecated, use `action=compare`: return a diff of each revision against this text;
    /// takes precedence over `diffto`.
    #[param(deprecated)]
    pub difftotext: Option<String>,
    /// Deprecated, use `action=compare`: apply the pre-save transform (signatures,
    /// substitutions) to `difftotext` before comparing.
    #[param(deprecated)]
    pub difftotextpst: bool,
    /// Deprecated, use the per-slot format parameters with `slots`: the serialization format
    /// of `difftotext` and of the content returned.
    #[param(deprecated, values = CONTENTFMT)]
    pub contentformat: Option<String>,
    /// Only list revisions that carry this change tag.
    pub tag: Option<String>,
    // Its form depends on the module and on how it lists.
    /// When more results are available, use this to continue.
    #[param(rename = "continue")]
    pub continue_: Option<Continue<Parts>>,
}

/// What each revision shows, from the family's parameters.
#[derive(Debug, Clone)]
pub struct RevisionView {
    ids: bool,
    flags: bool,
    timestamp: bool,
    comment: bool,
    parsedcomment: bool,
    size: bool,
    slotsize: bool,
    sha1: bool,
    slotsha1: bool,
    contentmodel: bool,
    userid: bool,
    user: bool,
    tags: bool,
    roles: bool,
    /// The slots asked for; `None` for the legacy shape, without `slots`.
    slots: Option<Vec<String>>,
    /// The format content is serialized in, when asked.
    content_format: Option<String>,
    /// The section of the content, when asked.
    section: Option<String>,
    /// Whether the content itself is shown (`prop=content`).
    content: bool,
    /// Whether the content's preprocessor tree is shown (`prop=parsetree`, or `content` with
    /// `generatexml`).
    parsetree: bool,
    /// What each revision's content is compared with (`diffto`, `difftotext`).
    diff: Option<DiffRequest>,
    /// Whether the content is shown with its templates expanded (`expandtemplates`).
    expand_templates: bool,
    /// Whether the content is shown rendered (`parse`): one revision a request.
    parse: bool,
    /// Whether content is read.
    pub fetch_content: bool,
    /// Whether slots are read.
    need_slots: bool,
    visibility: Visibility,
}

impl RevisionFamily {
    /// What each revision shows, checked as MediaWiki checks the family's parameters: the
    /// deprecated ones mixed with `slots` are an error, the legacy shape is warned about, and
    /// the ones that need a parser or a diff engine answer `notimplemented`.
    pub fn view(&self, ctx: &mut QueryContext<'_>) -> Result<RevisionView, ApiError> {
        let has = |p: &str| self.prop.iter().any(|v| v == p);
        let prefix = ctx.module.prefix;
        let slots_given = ctx.given("slots").is_some();
        if slots_given {
            let mixed = [
                ("prop=parsetree", has("parsetree")),
                ("expandtemplates", self.expandtemplates),
                ("generatexml", self.generatexml),
                ("parse", self.parse),
                ("diffto", self.diffto.is_some()),
                ("difftotext", self.difftotext.is_some()),
                ("difftotextpst", self.difftotextpst),
                ("contentformat", self.contentformat.is_some()),
            ];
            if let Some((name, _)) = mixed.iter().find(|(_, on)| *on) {
                return Err(ApiError::new(
                    "invalidparammix",
                    format!("The parameter \"{prefix}{name}\" cannot be used with \"{prefix}slots\"."),
                ));
            }
        }
        // The tree and the diffs are read from the content, which is then fetched though not
        // shown.
        let visibility = Visibility::of(&ctx.state.rights);
        let diff = DiffRequest::from_params(
            ctx,
            self.diffto.as_deref(),
            self.difftotext.as_deref(),
            self.difftotextpst,
            &visibility,
        )?;
        let content = has("content");
        let parsetree = has("parsetree") || (content && self.generatexml);
        let fetch_content = content || has("parsetree") || diff.is_some();
        let view = RevisionView {
            ids: has("ids"),
            flags: has("flags"),
            timestamp: has("timestamp"),
            comment: has("comment"),
            parsedcomment: has("parsedcomment"),
            size: has("size"),
            slotsize: has("slotsize"),
            sha1: has("sha1"),
            slotsha1: has("slotsha1"),
            contentmodel: has("contentmodel"),
            userid: has("userid"),
            user: has("user"),
            tags: has("tags"),
            roles: has("roles"),
            slots: slots_given.then(|| self.slots.clone()),
            content_format: if slots_given {
                self.contentformat_slot.get("main").cloned()
            } else {
                self.contentformat.clone().filter(|f| !f.is_empty())
            },
            section: if fetch_content { self.section.clone() } else { None },
            content,
            parsetree,
            diff,
            expand_templates: content && self.expandtemplates && !self.parse,
            parse: content && self.parse,
            fetch_content,
            need_slots: fetch_content || has("contentmodel") || has("slotsize") || has("slotsha1"),
            visibility,
        };
        if view.need_slots && !slots_given {
            ctx.warn(
                "deprecation",
                format!(
                    "Because \"{prefix}slots\" was not specified, a legacy format has been used for the output. This format is deprecated, and in the future the new format will always be used."
                ),
            );
        }
        Ok(view)
    }

    /// The number of revisions a batch holds ([`batch_size`] with this family's `limit`).
    /// As a generator (no view) the content asked for changes nothing.
    pub fn batch_size(&self, ctx: &mut QueryContext<'_>, view: Option<&RevisionView>, enumerating: bool) -> Limit {
        let Some(view) = view else {
            return batch_size(ctx, self.limit, false, enumerating);
        };
        if view.parse {
            // A parse is one revision a request.
            let limit = if enumerating { self.limit.or(Some(Limit(1))) } else { Some(Limit(1)) };
            return ctx.lower_limit(limit.unwrap_or(Limit(1)), 1, 1);
        }
        batch_size(ctx, self.limit, view.fetch_content, enumerating)
    }
}

/// The number of revisions a batch holds: `limit` (10 when not given; the maximum when the
/// module lists one revision a page, `enumerating` false), against a lower maximum when content
/// is read (50, or 500 with `apihighlimits`), with MediaWiki's warning when clamped; `max`
/// resolves to it.
pub fn batch_size(ctx: &mut QueryContext<'_>, limit: Option<Limit>, fetch_content: bool, enumerating: bool) -> Limit {
    let (max, highmax) = if fetch_content { (50, 500) } else { (500, 5000) };
    let Some(limit) = limit.filter(|_| enumerating) else {
        if !enumerating {
            // One revision a page: as many as the pages, no `limits` member.
            ctx.state.limits.remove(ctx.module.name);
            return Limit(if ctx.state.high_limits() { highmax } else { max });
        }
        return Limit(10);
    };
    ctx.lower_limit(limit, max, highmax)
}

impl RevisionView {
    /// Whether the caller may read what is asked of deleted revisions (of deleted pages):
    /// their comments need `deletedhistory`, their content `deletedtext` or `undelete`.
    pub fn check_archive_access(&self, rights: &Rights) -> Result<(), ApiError> {
        if (self.comment || self.parsedcomment) && !rights.has("deletedhistory") {
            return Err(ApiError::new("permissiondenied", "You don't have permission to view deleted comments."));
        }
        if self.fetch_content && !rights.has_any(&["deletedtext", "undelete"]) {
            return Err(ApiError::new(
                "permissiondenied",
                "You don't have permission to view content of deleted revisions.",
            ));
        }
        Ok(())
    }
}

/// Where a listing of deleted revisions continues, as MediaWiki writes it for its order: by
/// title (`ns|title|timestamp|ar_id`), by time (`timestamp|ar_id`) or by revision
/// (`rev_id|ar_id`); `Err` for anything else, as `badcontinue`.
pub fn archive_continue(cont: &Continue<Parts>, order: ArchiveOrder) -> Result<ArchiveContinue, ApiError> {
    Ok(match order {
        ArchiveOrder::Revision => {
            let (rev, id) = cont.read_as::<(i64, i64)>()?;
            ArchiveContinue::Revision(rev, id)
        }
        ArchiveOrder::Title => {
            let (ns, title, time, id) = cont.read_as::<(i32, String, Timestamp, i64)>()?;
            ArchiveContinue::Title(ns, title, time.to_mw(), id)
        }
        ArchiveOrder::Time => {
            let (time, id) = cont.read_as::<(Timestamp, i64)>()?;
            ArchiveContinue::Time(time.to_mw(), id)
        }
    })
}

impl RevisionData {
    /// A slot's text: moved out for its last use in the batch, copied for the others.
    fn take_text(&mut self, address: &str) -> Option<String> {
        let uses = self.text_uses.get_mut(address)?;
        *uses = uses.saturating_sub(1);
        if *uses == 0 {
            self.texts.remove(address)
        } else {
            self.texts.get(address).cloned()
        }
    }
}

/// What a revision module gives as the query's generator: the page of each revision of the
/// batch, each page once (`title_of` says a revision's page, `None` for one it cannot name).
pub fn each_page_once<R>(title_of: impl Fn(&R) -> Option<(i32, String)>) -> impl FnMut(&R) -> Generated {
    let mut seen = HashSet::new();
    move |row| match title_of(row) {
        Some(page) if seen.insert(page.clone()) => Generated::Title(page.0, page.1),
        _ => Generated::Nothing,
    }
}

/// Marks a revision that formatversion 1 would leave with no member (every member a `false`,
/// as `rvprop=flags` gives for a minor-less edit), which MediaWiki writes as `[]` there.
pub fn mark_empty(revision: &mut Map<String, Value>) {
    if revision.values().all(|v| *v == Value::Bool(false)) {
        php_array(revision);
    }
}

/// The value a listing of deleted revisions continues from, for its order.
pub fn archive_continue_value(row: &ArchiveRow, order: ArchiveOrder) -> String {
    match order {
        ArchiveOrder::Title => (row.namespace, &row.title, &row.revision.timestamp, row.ar_id).continue_text(),
        ArchiveOrder::Time => (&row.revision.timestamp, row.ar_id).continue_text(),
        ArchiveOrder::Revision => (row.revision.id, row.ar_id).continue_text(),
    }
}

/// What the revisions of a batch need besides their rows: comments, tags, slots and text.
#[derive(Debug, Default)]
pub struct RevisionData {
    comments: HashMap<i64, String>,
    parsed: HashMap<i64, String>,
    tags: HashMap<i64, Vec<String>>,
    slots: HashMap<i64, Vec<SlotRow>>,
    texts: HashMap<String, String>,
    /// How many slots of the batch still show each text: the last one takes it, so that a
    /// text is never copied (a large page is read once and written once).
    text_uses: HashMap<String, usize>,
    /// How many diffs the batch has computed.
    uncached_diffs: usize,
    /// The revisions' pages (namespace, database key), where templates are expanded.
    titles: HashMap<i64, (i32, String)>,
    /// The templates the batch's expansions have read.
    templates: TemplateCache,
}

impl RevisionView {
    /// Reads what the rows need, for the whole batch at once; `title_of` gives the page a
    /// revision belongs to (namespace, database key), where its comment's links point.
    pub fn load(
        &self,
        ctx: &QueryContext<'_>,
        rows: &[RevisionRow],
        title_of: &dyn Fn(&RevisionRow) -> Option<(i32, String)>,
    ) -> Result<RevisionData, ApiError> {
        let mut reader = ctx.reader()?;
        let mut data = RevisionData::default();
        if self.comment || self.parsedcomment {
            let ids: Vec<i64> = rows.iter().map(RevisionRow::comment).collect();
            data.comments = reader.comments(&ids)?;
            if self.parsedcomment {
                let titles: Vec<(i64, i32, String)> = rows
                    .iter()
                    .filter(|r| self.visibility.check(r.deleted, DELETED_COMMENT).1)
                    .filter_map(|r| title_of(r).map(|(ns, key)| (r.id, ns, key)))
                    .collect();
                let items: Vec<CommentOf<'_, i64>> = titles
                    .iter()
                    .filter_map(|(id, ns, key)| {
                        let row = rows.iter().find(|r| r.id == *id)?;
                        let text = data.comments.get(&row.comment())?;
                        Some(CommentOf { key: *id, text, ns: *ns, dbkey: key })
                    })
                    .collect();
                let site = ctx.site()?;
                data.parsed = parsed_comments(&mut reader, site, &items)?;
            }
        }
        if self.expand_templates || self.parse {
            data.titles = rows.iter().filter_map(|r| Some((r.id, title_of(r)?))).collect();
        }
        let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
        if self.tags {
            data.tags = reader.revision_tags(&ids)?;
        }
        if self.need_slots || self.roles {
            for slot in reader.revision_slots(&ids)? {
                data.slots.entry(slot.revision).or_default().push(slot);
            }
        }
        if self.fetch_content {
            let addresses: Vec<&str> = rows
                .iter()
                .filter(|r| self.visibility.check(r.deleted, DELETED_TEXT).1)
                .flat_map(|r| data.slots.get(&r.id).into_iter().flatten())
                .filter(|s| self.slots.as_ref().is_none_or(|wanted| wanted.contains(&s.role)) || s.role == "main")
                .map(|s| s.address.as_str())
                .collect();
            for address in &addresses {
                *data.text_uses.entry((*address).to_owned()).or_default() += 1;
            }
            data.texts = reader.texts(&addresses)?;
        }
        Ok(data)
    }

    /// One revision as MediaWiki shows it: its members in MediaWiki's order, hidden parts
    /// marked and shown only to those allowed, content in `slots` (or, in the legacy shape, on
    /// the revision itself).
    pub fn revision(
        &self,
        ctx: &mut QueryContext<'_>,
        row: &RevisionRow,
        data: &mut RevisionData,
    ) -> Result<Map<String, Value>, ApiError> {
        let vis = self.visibility;
        let mut o = Map::new();
        let mut any_hidden = false;
        if self.ids {
            o.insert("revid".into(), json!(row.id));
            if let Some(parent) = row.parent {
                o.insert("parentid".into(), json!(parent));
            }
        }
        if self.flags {
            o.insert("minor".into(), json!(row.minor != 0));
        }
        if self.user || self.userid {
            let (hidden, visible) = vis.check(row.deleted, DELETED_USER);
            if hidden {
                o.insert("userhidden".into(), json!(true));
                any_hidden = true;
            }
            if visible {
                if self.user {
                    o.insert("user".into(), json!(row.actor_name));
                }
                let registered = row.actor_user.is_some_and(|u| u != 0);
                if !registered {
                    o.insert("anon".into(), json!(true));
                }
                if self.userid {
                    o.insert("userid".into(), json!(row.actor_user.unwrap_or(0)));
                }
            }
        }
        if self.timestamp {
            o.insert("timestamp".into(), json!(Timestamp::iso_text(&row.timestamp)));
        }
        if self.size {
            o.insert("size".into(), json!(row.len.unwrap_or(0)));
        }
        if self.sha1 {
            let (hidden, visible) = vis.check(row.deleted, DELETED_TEXT);
            if hidden {
                o.insert("sha1hidden".into(), json!(true));
                any_hidden = true;
            }
            if visible {
                o.insert("sha1".into(), json!(sha1_hex(&row.sha1)));
            }
        }
        let slots = data.slots.remove(&row.id).unwrap_or_default();
        if self.roles {
            o.insert("roles".into(), json!(slots.iter().map(|s| s.role.as_str()).collect::<Vec<_>>()));
        }
        if self.need_slots {
            let text_state = vis.check(row.deleted, DELETED_TEXT);
            if (self.slotsha1 || self.fetch_content) && text_state.0 {
                any_hidden = true;
            }
            match &self.slots {
                None => {
                    // The legacy shape: the main slot's members on the revision, those already
                    // there kept.
                    match slots.iter().find(|s| s.role == "main") {
                        None => {
                            o.insert("textmissing".into(), json!(true));
                        }
                        Some(slot) => {
                            let (info, text) = self.slot_info(slot, text_state, data)?;
                            if info.contains_key("nosuchsection") {
                                let section = self.section.clone().unwrap_or_default();
                                return Err(ApiError::new(
                                    "nosuchsection",
                                    format!("There is no section {section} in revision {}.", row.id),
                                ));
                            }
                            for (k, v) in info {
                                o.entry(k).or_insert(v);
                            }
                            if let Some(text) = text {
                                self.legacy_content(ctx, &mut o, (row, slot), text, data)?;
                            }
                        }
                    }
                }
                Some(wanted) => {
                    let mut by_role = Map::new();
                    for slot in slots.iter().filter(|s| wanted.contains(&s.role)) {
                        let (mut info, text) = self.slot_info(slot, text_state, data)?;
                        if let Some(text) = text {
                            info.insert("contentmodel".into(), json!(slot.model));
                            match &self.content_format {
                                Some(format) if format != default_format(&slot.model) => {
                                    info.insert("badcontentformat".into(), json!(true));
                                    bad_format_warning(ctx, format, &slot.model);
                                }
                                _ => {
                                    info.insert("contentformat".into(), json!(default_format(&slot.model)));
                                    set_content(&mut info, "content", text);
                                }
                            }
                        }
                        by_role.insert(slot.role.clone(), Value::Object(info));
                    }
                    kvp(&mut by_role, "role");
                    o.insert("slots".into(), Value::Object(by_role));
                }
            }
        }
        if self.comment || self.parsedcomment {
            let (hidden, visible) = vis.check(row.deleted, DELETED_COMMENT);
            if hidden {
                o.insert("commenthidden".into(), json!(true));
                any_hidden = true;
            }
            if visible {
                if self.comment {
                    o.insert("comment".into(), json!(data.comments.get(&row.comment()).map_or("", String::as_str)));
                }
                if self.parsedcomment {
                    o.insert("parsedcomment".into(), json!(data.parsed.remove(&row.id).unwrap_or_default()));
                }
            }
        }
        if self.tags {
            o.insert("tags".into(), json!(data.tags.remove(&row.id).unwrap_or_default()));
        }
        if any_hidden && row.deleted & DELETED_RESTRICTED != 0 {
            o.insert("suppressed".into(), json!(true));
        }
        Ok(o)
    }

    /// A slot's own members (size, sha1, model, hidden text) and its text when it is shown
    /// (the asked section of it).
    fn slot_info(
        &self,
        slot: &SlotRow,
        (hidden, visible): (bool, bool),
        data: &mut RevisionData,
    ) -> Result<(Map<String, Value>, Option<String>), ApiError> {
        let mut info = Map::new();
        if self.slotsize {
            info.insert("size".into(), json!(slot.size));
        }
        if self.slotsha1 {
            if hidden {
                info.insert("sha1hidden".into(), json!(true));
            }
            if visible {
                info.insert("sha1".into(), json!(sha1_hex(&slot.sha1)));
            }
        }
        if self.contentmodel {
            info.insert("contentmodel".into(), json!(slot.model));
        }
        let mut text = None;
        if self.fetch_content {
            if hidden {
                info.insert("texthidden".into(), json!(true));
            }
            if visible {
                match data.take_text(&slot.address) {
                    None => {
                        info.insert("textmissing".into(), json!(true));
                    }
                    Some(full) => match &self.section {
                        None => text = Some(full),
                        Some(section) => match section_of(&slot.model, &full, section) {
                            Some(part) => text = Some(part),
                            None => {
                                info.insert("nosuchsection".into(), json!(true));
                            }
                        },
                    },
                }
            }
        }
        Ok((info, text))
    }

    /// The legacy shape's content members: the preprocessor tree when asked (of wikitext
    /// only); when the content is shown, its format and model (those not there yet) and the
    /// text, or `badcontentformat` when the asked format is not the model's; then the diff
    /// when one is asked for.
    fn legacy_content(
        &self,
        ctx: &mut QueryContext<'_>,
        o: &mut Map<String, Value>,
        (row, slot): (&RevisionRow, &SlotRow),
        text: String,
        data: &mut RevisionData,
    ) -> Result<(), ApiError> {
        if self.parsetree {
            if slot.model == "wikitext" {
                let tree = preprocess(&text, &PreprocessorOptions::default());
                o.entry("parsetree").or_insert(json!(tree.to_xml()));
            } else {
                o.entry("badcontentformatforparsetree").or_insert(json!(true));
                ctx.warn(
                    "parsetree-notwikitext",
                    format!("\"prop=parsetree\" reads wikitext only; this page's content model is {}.", slot.model),
                );
            }
        }
        let diff = match &self.diff {
            Some(request) => Some(request.member(
                ctx,
                row,
                slot,
                &text,
                self.content_format.as_deref(),
                &self.visibility,
                &mut data.uncached_diffs,
            )?),
            None => None,
        };
        if self.parse {
            if slot.model != "wikitext" {
                return Err(ApiError::not_implemented(&format!(
                    "{} ({}parse of {} content)",
                    ctx.module.path(),
                    ctx.module.prefix,
                    slot.model
                )));
            }
            let page = data.titles.get(&row.id).cloned().unwrap_or_default();
            let (store, mut reader) = (ctx.store()?, ctx.reader()?);
            let options = RenderOptions::default();
            let mut at =
                WikiAt { reader: &mut reader, site: store.site(), settings: ctx.settings(), now: ctx.state.now() };
            let rendered = render_page(&mut at, (page.0, &page.1), &text, &options, &mut data.templates).map_err(
                |Unsupported(what)| {
                    ApiError::not_implemented(&format!("{} ({}parse: {what})", ctx.module.path(), ctx.module.prefix))
                },
            )?;
            set_content(o, "content", wrap(&rendered.rendered.html, WRAPPER_CLASS, ""));
        } else if self.expand_templates {
            if slot.model == "wikitext" {
                let page = data.titles.get(&row.id).cloned().unwrap_or_default();
                let site = ctx.site()?;
                let mut reader = ctx.reader()?;
                let mut at =
                    WikiAt { reader: &mut reader, site, settings: ctx.services.settings(), now: ctx.state.now() };
                let expanded = expand_page_text(&mut at, (page.0, &page.1), &text, &mut data.templates).map_err(
                    |Unsupported(what)| {
                        ApiError::not_implemented(&format!(
                            "{} ({}expandtemplates: {what})",
                            ctx.module.path(),
                            ctx.module.prefix
                        ))
                    },
                )?;
                set_content(o, "content", expanded);
            } else {
                o.insert("badcontentformat".into(), json!(true));
                ctx.warn(
                    "templateexpansion-notwikitext",
                    format!("Templates are expanded in wikitext only; this page's content model is {}.", slot.model),
                );
            }
        } else if self.content {
            let format = self.content_format.clone().unwrap_or_else(|| default_format(&slot.model).to_owned());
            if format != default_format(&slot.model) {
                o.insert("badcontentformat".into(), json!(true));
                bad_format_warning(ctx, &format, &slot.model);
            } else {
                o.entry("contentformat").or_insert(json!(format));
                o.entry("contentmodel").or_insert(json!(slot.model));
                set_content(o, "content", text);
            }
        }
        if let Some(diff) = diff {
            o.insert("diff".into(), diff);
        }
        Ok(())
    }
}
