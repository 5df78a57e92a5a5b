//! `action=compare`: the difference between two revisions, pages or texts, as MediaWiki's
//! difference engine shows it (the diff table of `domain::diff`), with what the answer says of
//! each side (ids, title, user, comment, size, time, hidden parts).

use serde_json::{json, Map, Value};
use wikiquery_domain::diff::table_diff;
use wikiquery_domain::revision::{
    section_of, Visibility, DELETED_COMMENT, DELETED_RESTRICTED, DELETED_TEXT, DELETED_USER,
};
use wikiquery_domain::timestamp::Timestamp;
use wikiquery_domain::title::full_text;
use wikiquery_runtime::result::set_content;
use wikiquery_runtime::{query_module, ActionContext, ActionModule, ApiError, CacheMode, Templated};
use wikiquery_store::queries::archive::ArchiveFilter;
use wikiquery_store::queries::revisions::RevisionRow;
use wikiquery_store::reader::Reader;
use wikiquery_store::site::Site;

use crate::shared::comments::{parsed_comments, CommentOf};
use crate::shared::diffs::{adjacent, latest, line_label, revision};
use crate::shared::expansion::{saved_text, Saver, WikiAt};
use crate::storage;
use crate::values::{default_model, CONTENTFMT, CONTENTMODELS, SLOTS};
use crate::wiki::WikiContext;
use wikiquery_domain::preprocessor::expand::Unsupported;
use wikiquery_domain::settings::SiteSettings;

/// The values of `prop`.
const PROPS: &[&str] =
    &["comment", "diff", "diffsize", "ids", "parsedcomment", "rel", "size", "timestamp", "title", "user"];
/// The values of `torelative`.
const RELATIVE: &[&str] = &["cur", "next", "prev"];

/// Compares two revisions, pages or texts and returns the differences between them as a diff table.
///
/// Each side is named by a title or a page id (meaning the page's current revision), by a
/// revision id, or by a text sent in the request (the `from...` and `to...` parameters). The
/// second side may instead be a revision relative to the first (`torelative`). `prop` adds what
/// is known of each side's revision: ids, title, user, comment, size and time.
#[query_module(
    name = "compare",
    group = "action",
    prefix = "",
    readrights,
    cache = "public",
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Compare",
    at_least_one_of(fromtitle, fromid, fromrev, fromtext, fromslots),
    at_least_one_of(totitle, toid, torev, totext, torelative, toslots),
    example(
        query = "action=compare&fromrev=40&torev=41",
        text = "Show what changed from revision 40 to revision 41 of Cat."
    ),
    example(
        query = "action=compare&fromtitle=Cat&totitle=Dog&prop=diff|size|user",
        text = "Compare the current revisions of Cat and Dog, with the size and author of each."
    ),
    example(
        query = "action=compare&fromrev=291&torelative=prev",
        text = "Compare revision 291 with the revision of the same page just before it."
    )
)]
pub struct Compare {
    /// The title of the first page to compare; its current revision is used.
    pub fromtitle: Option<String>,
    /// The id of the first page to compare; its current revision is used.
    pub fromid: Option<i64>,
    /// The id of the first revision to compare.
    pub fromrev: Option<i64>,
    /// The slots whose content, for the first side, is sent in the request instead of taken from
    /// the revision `fromtitle`, `fromid` or `fromrev` names (only `main` exists here). Give each
    /// slot's text in `fromtext-{slot}`, and its model and format in `fromcontentmodel-{slot}` and
    /// `fromcontentformat-{slot}` if needed.
    #[param(values = SLOTS)]
    pub fromslots: Vec<String>,
    /// The text of a slot listed in `fromslots`, such as `fromtext-main`; required for each of
    /// them.
    #[param(template = "fromtext-{slot}", source = "fromslots", text)]
    pub fromtext_slot: Templated<String>,
    /// When `fromtext-{slot}` holds a single section, that section's number, so that it replaces
    /// the section in the first revision as a section edit would. Not yet supported by this
    /// server.
    #[param(template = "fromsection-{slot}", source = "fromslots")]
    pub fromsection_slot: Templated<String>,
    /// The serialization format of `fromtext-{slot}`; only the content model's usual format is
    /// supported here.
    #[param(template = "fromcontentformat-{slot}", source = "fromslots", values = CONTENTFMT)]
    pub fromcontentformat_slot: Templated<String>,
    /// The content model of `fromtext-{slot}`. When left out, it is the model of the first
    /// revision, else the one the title implies, else `wikitext`.
    #[param(template = "fromcontentmodel-{slot}", source = "fromslots", values = CONTENTMODELS)]
    pub fromcontentmodel_slot: Templated<String>,
    /// Applies the pre-save transform to the first text before comparing, as saving it would
    /// (line ends made uniform, trailing white space removed). Texts with signatures, `subst:` or
    /// the pipe trick are not yet supported.
    pub frompst: bool,
    /// Deprecated: use `fromslots=main` and `fromtext-main`. The text of the first side.
    #[param(deprecated, text)]
    pub fromtext: Option<String>,
    /// Deprecated: use `fromslots=main` and `fromcontentformat-main`. The serialization format
    /// of `fromtext`.
    #[param(deprecated, values = CONTENTFMT)]
    pub fromcontentformat: Option<String>,
    /// Deprecated: use `fromslots=main` and `fromcontentmodel-main`. The content model of
    /// `fromtext`.
    #[param(deprecated, values = CONTENTMODELS)]
    pub fromcontentmodel: Option<String>,
    /// Deprecated. Compares only this section, by number, of the first side's content.
    #[param(deprecated)]
    pub fromsection: Option<String>,
    /// The title of the second page to compare; its current revision is used.
    pub totitle: Option<String>,
    /// The id of the second page to compare; its current revision is used.
    pub toid: Option<i64>,
    /// The id of the second revision to compare.
    pub torev: Option<i64>,
    /// Compares the first side's revision with another revision of the same page: `prev` the one
    /// before it, `next` the one after it, or `cur` the page's current revision. The other `to...`
    /// parameters are then ignored.
    #[param(values = RELATIVE)]
    pub torelative: Option<String>,
    /// The slots whose content, for the second side, is sent in the request instead of taken
    /// from the revision `totitle`, `toid` or `torev` names (only `main` exists here). Give each
    /// slot's text in `totext-{slot}`, and its model and format in `tocontentmodel-{slot}` and
    /// `tocontentformat-{slot}` if needed.
    #[param(values = SLOTS)]
    pub toslots: Vec<String>,
    /// The text of a slot listed in `toslots`, such as `totext-main`; required for each of them.
    #[param(template = "totext-{slot}", source = "toslots", text)]
    pub totext_slot: Templated<String>,
    /// When `totext-{slot}` holds a single section, that section's number, so that it replaces
    /// the section in the second revision as a section edit would. Not yet supported by this
    /// server.
    #[param(template = "tosection-{slot}", source = "toslots")]
    pub tosection_slot: Templated<String>,
    /// The serialization format of `totext-{slot}`; only the content model's usual format is
    /// supported here.
    #[param(template = "tocontentformat-{slot}", source = "toslots", values = CONTENTFMT)]
    pub tocontentformat_slot: Templated<String>,
    /// The content model of `totext-{slot}`. When left out, it is the model of the second
    /// revision, else the one the title implies, else `wikitext`.
    #[param(template = "tocontentmodel-{slot}", source = "toslots", values = CONTENTMODELS)]
    pub tocontentmodel_slot: Templated<String>,
    /// Applies the pre-save transform to the second text before comparing, as saving it would
    /// (line ends made uniform, trailing white space removed). Texts with signatures, `subst:` or
    /// the pipe trick are not yet supported.
    pub topst: bool,
    /// Deprecated: use `toslots=main` and `totext-main`. The text of the second side.
    #[param(deprecated, text)]
    pub totext: Option<String>,
    /// Deprecated: use `toslots=main` and `tocontentformat-main`. The serialization format of
    /// `totext`.
    #[param(deprecated, values = CONTENTFMT)]
    pub tocontentformat: Option<String>,
    /// Deprecated: use `toslots=main` and `tocontentmodel-main`. The content model of `totext`.
    #[param(deprecated, values = CONTENTMODELS)]
    pub tocontentmodel: Option<String>,
    /// Deprecated. Compares only this section, by number, of the second side's content.
    #[param(deprecated)]
    pub tosection: Option<String>,
    /// What to return, separated by `|`: the diff table (`diff`) and its length in bytes
    /// (`diffsize`); for each side, its page and revision ids (`ids`), `title`, `user`, `comment`
    /// (`parsedcomment` for it in HTML), `size` in bytes and `timestamp`; and the ids of the
    /// revisions just before the first side and just after the second (`rel`).
    #[param(values = PROPS, default = "diff|ids|title")]
    pub prop: Vec<String>,
    /// Gives a separate diff for each of these slots instead of one diff of all of them; `*`
    /// means every slot. As in MediaWiki 1.39, each slot's diff is then given as `false`.
    #[param(values = SLOTS, all)]
    pub slots: Option<Vec<String>>,
}

/// One side's parameters (`from…` or `to…`).
struct SideParams<'a> {
    prefix: &'static str,
    title: Option<&'a str>,
    id: Option<i64>,
    rev: Option<i64>,
    slots: &'a [String],
    /// Whether `slots` was given at all (even with no role MediaWiki knows): the older
    /// parameters exclude it then.
    slots_given: bool,
    text_slot: &'a Templated<String>,
    section_slot: &'a Templated<String>,
    format_slot: &'a Templated<String>,
    model_slot: &'a Templated<String>,
    pst: bool,
    text: Option<&'a str>,
    format: Option<&'a str>,
    model: Option<&'a str>,
    section: Option<&'a str>,
}

/// A revision one side is or names: live, or deleted (in the archive, read by callers who may
/// see deleted text).
#[derive(Clone)]
struct Rev {
    row: RevisionRow,
    /// Its page's title.
    ns: i32,
    dbkey: String,
    /// The id of the page of that title now (0: none).
    page_id: i64,
    archived: bool,
}

impl Rev {
    fn live(reader: &mut Reader, row: RevisionRow) -> Result<Rev, ApiError> {
        let page = reader.pages_by_ids(&[row.page])?.into_iter().next();
        let (ns, dbkey) = page.map(|p| (p.ns, p.dbkey)).unwrap_or_default();
        Ok(Rev { page_id: row.page, row, ns, dbkey, archived: false })
    }
}

/// What one side compares.
struct Side {
    /// The text compared (the main slot's).
    text: Option<String>,
    /// The stored revision the side is (MediaWiki's revision record), when it is one as
    /// stored; `None` for a text given or a revision's section.
    stored: Option<Rev>,
    /// The revision the side names or is based on ("relative" revision).
    relative: Option<Rev>,
    /// The revision the answer describes.
    shown: Option<Rev>,
}

impl Side {
    /// The side that is a stored revision.
    fn stored(rev: Rev) -> Side {
        Side { text: None, stored: Some(rev.clone()), relative: Some(rev.clone()), shown: Some(rev) }
    }

    /// A side of a text alone.
    fn text(text: String) -> Side {
        Side { text: Some(text), stored: None, relative: None, shown: None }
    }
}

impl Compare {
    /// A side's parameters; `slots_given`: whether its `slots` parameter was sent.
    fn side(&self, from: bool, slots_given: bool) -> SideParams<'_> {
        if from {
            SideParams {
                prefix: "from",
                title: self.fromtitle.as_deref(),
                id: self.fromid,
                rev: self.fromrev,
                slots: &self.fromslots,
                slots_given,
                text_slot: &self.fromtext_slot,
                section_slot: &self.fromsection_slot,
                format_slot: &self.fromcontentformat_slot,
                model_slot: &self.fromcontentmodel_slot,
                pst: self.frompst,
                text: self.fromtext.as_deref(),
                format: self.fromcontentformat.as_deref(),
                model: self.fromcontentmodel.as_deref(),
                section: self.fromsection.as_deref(),
            }
        } else {
            SideParams {
                prefix: "to",
                title: self.totitle.as_deref(),
                id: self.toid,
                rev: self.torev,
                slots: &self.toslots,
                slots_given,
                text_slot: &self.totext_slot,
                section_slot: &self.tosection_slot,
                format_slot: &self.tocontentformat_slot,
                model_slot: &self.tocontentmodel_slot,
                pst: self.topst,
                text: self.totext.as_deref(),
                format: self.tocontentformat.as_deref(),
                model: self.tocontentmodel.as_deref(),
                section: self.tosection.as_deref(),
            }
        }
    }

    fn wants(&self, prop: &str) -> bool {
        self.prop.iter().any(|p| p == prop)
    }
}

impl ActionModule for Compare {
    fn execute(&self, ctx: &mut ActionContext<'_>) -> Result<(), ApiError> {
        let visibility = Visibility::of(&ctx.state.rights);
        let reads_archive = ctx.state.rights.has_any(&["deletedtext", "undelete"]);
        let (store, mut reader) = (ctx.store()?, ctx.reader()?);
        let site = store.site();
        let guess = self.guessed_title(&mut reader, site, reads_archive)?;
        let saving = Saving { settings: ctx.services.settings(), now: ctx.state.now(), saver: Saver::of(ctx.state) };
        // A side given `slots` (even none MediaWiki knows) is a new revision: the answer does not
        // describe it.
        let slots_given = |name: &str| ctx.state.params.get(name).is_some();
        let from_params = self.side(true, slots_given("fromslots"));
        let mut from = side(&mut reader, site, &from_params, guess.as_ref(), &visibility, reads_archive, &saving)?;
        if from_params.slots_given {
            from.shown = None;
        }
        let mut to = match self.torelative.as_deref() {
            None => {
                let to_params = self.side(false, slots_given("toslots"));
                let mut to = side(&mut reader, site, &to_params, guess.as_ref(), &visibility, reads_archive, &saving)?;
                if to_params.slots_given {
                    to.shown = None;
                }
                to
            }
            Some(relative) => {
                let Some(base) = from.relative.clone() else {
                    return Err(ApiError::new(
                        "compare-relative-to-nothing",
                        "There is no 'from' revision for 'torelative' to be relative to.",
                    ));
                };
                if base.archived && relative != "cur" {
                    return Err(ApiError::new(
                        "compare-relative-to-deleted",
                        format!("Cannot use \"torelative={relative}\" relative to a deleted revision."),
                    ));
                }
                let title = full_text(base.ns, &base.dbkey, site.namespaces());
                match relative {
                    "prev" => {
                        let to = std::mem::replace(&mut from, Side::text(String::new()));
                        match adjacent(&mut reader, &base.row, true)? {
                            Some(prev) => from = Side::stored(Rev::live(&mut reader, prev)?),
                            None => ctx.state.warnings.add(
                                "compare",
                                "compare-no-prev",
                                format!("There is no previous revision before revision {} of {title}.", base.row.id),
                            ),
                        }
                        to
                    }
                    "next" => match adjacent(&mut reader, &base.row, false)? {
                        Some(next) => Side::stored(Rev::live(&mut reader, next)?),
                        None => {
                            ctx.state.warnings.add(
                                "compare",
                                "compare-no-next",
                                format!("There is no next revision after revision {} of {title}.", base.row.id),
                            );
                            // The same content as a new revision of the page.
                            let text = storage::main_texts(&mut reader, &[base.row.id])?.remove(&base.row.id);
                            Side::text(text.unwrap_or_default())
                        }
                    },
                    _ => {
                        let page = reader.pages_by_titles(&[(base.ns, base.dbkey.clone())])?.into_iter().next();
                        let cur = match page {
                            Some(page) => latest(&mut reader, page.id)?,
                            None => None,
                        };
                        match cur {
                            Some(cur) => Side::stored(Rev::live(&mut reader, cur)?),
                            None => {
                                return Err(ApiError::new(
                                    "nosuchrevid",
                                    format!("No current revision of title {title}."),
                                ))
                            }
                        }
                    }
                }
            }
        };
        for side in [&from, &to] {
            if let Some(stored) = &side.stored {
                if !visibility.check(stored.row.deleted, DELETED_TEXT).1 {
                    return Err(ApiError::new(
                        "missingcontent",
                        format!("The content of revision {} is hidden from you.", stored.row.id),
                    ));
                }
            }
        }
        // The texts compared, read together.
        let wanted: Vec<i64> = [&from, &to]
            .iter()
            .filter(|s| s.text.is_none())
            .filter_map(|s| s.stored.as_ref().map(|r| r.row.id))
            .collect();
        let texts = storage::main_texts(&mut reader, &wanted)?;
        for side in [&mut from, &mut to] {
            if side.text.is_none() {
                let id = side.stored.as_ref().map(|r| r.row.id).unwrap_or_default();
                side.text = Some(
                    texts.get(&id).cloned().ok_or_else(|| ApiError::new("baddiff", "The diff cannot be retrieved."))?,
                );
            }
        }
        let difference =
            table_diff(from.text.as_deref().unwrap_or_default(), to.text.as_deref().unwrap_or_default(), &line_label);

        let mut vals = Map::new();
        let mut private = false;
        for (prefix, side) in [("from", &from), ("to", &to)] {
            if let Some(rev) = &side.shown {
                private |= self.describe(&mut vals, prefix, rev, &mut reader, site, &visibility)?;
            }
        }
        if self.wants("rel") {
            if let Some(stored) = from.stored.as_ref().filter(|r| !r.archived) {
                if let Some(prev) = adjacent(&mut reader, &stored.row, true)? {
                    vals.insert("prev".into(), json!(prev.id));
                }
            }
            if let Some(stored) = to.stored.as_ref().filter(|r| !r.archived) {
                if let Some(next) = adjacent(&mut reader, &stored.row, false)? {
                    vals.insert("next".into(), json!(next.id));
                }
            }
        }
        drop(reader);
        // Asked by slot, each role's body: the main slot's table, `false` where it has no
        // difference (or the role no slot); the size counts the bodies given.
        let per_slot = self.slots.as_ref().filter(|s| !s.is_empty());
        let body_of = |role: &str| (role == "main" && !difference.is_empty()).then_some(difference.as_str());
        if self.wants("diffsize") {
            let size = match per_slot {
                Some(roles) => roles.iter().filter_map(|role| body_of(role)).map(str::len).sum(),
                None => difference.len(),
            };
            vals.insert("diffsize".into(), json!(size));
        }
        if self.wants("diff") {
            match per_slot {
                Some(roles) => {
                    let bodies =
                        roles.iter().map(|role| (role.clone(), body_of(role).map_or(json!(false), |b| json!(b))));
                    vals.insert("bodies".into(), Value::Object(bodies.collect()));
                }
                None => set_content(&mut vals, "body", difference),
            }
        }
        if private {
            ctx.state.cache_mode = ctx.state.cache_mode.merge(CacheMode::Private);
        }
        // Nothing to say is an empty list to PHP.
        let vals = if vals.is_empty() { Value::Array(Vec::new()) } else { Value::Object(vals) };
        ctx.result.add("compare", vals);
        Ok(())
    }
}

impl Compare {
    /// The title MediaWiki guesses for a text given without one: the first side's revision's
    /// page, title or page id.
    fn guessed_title(
        &self,
        reader: &mut Reader,
        site: &Site,
        reads_archive: bool,
    ) -> Result<Option<(i32, String)>, ApiError> {
        for p in [self.side(true, false), self.side(false, false)] {
            if let Some(rev) = p.rev {
                if let Some(found) = find_revision(reader, rev, reads_archive)? {
                    return Ok(Some((found.ns, found.dbkey)));
                }
            }
            if let Some(title) = p.title {
                if let Ok(t) = storage::site_title(site, title) {
                    return Ok(Some(t));
                }
            }
            if let Some(id) = p.id {
                if let Some(page) = reader.pages_by_ids(&[id])?.into_iter().next() {
                    return Ok(Some((page.ns, page.dbkey)));
                }
            }
        }
        Ok(None)
    }

    /// The members of the answer that describe one side's revision (MediaWiki's `setVals`);
    /// whether they show hidden parts (the answer is then private).
    fn describe(
        &self,
        vals: &mut Map<String, Value>,
        prefix: &str,
        shown: &Rev,
        reader: &mut Reader,
        site: &Site,
        visibility: &Visibility,
    ) -> Result<bool, ApiError> {
        let rev = &shown.row;
        let (ns, dbkey) = (shown.ns, shown.dbkey.clone());
        if self.wants("ids") {
            vals.insert(format!("{prefix}id"), json!(shown.page_id));
            vals.insert(format!("{prefix}revid"), json!(rev.id));
        }
        if self.wants("title") {
            vals.insert(format!("{prefix}ns"), json!(ns));
            vals.insert(format!("{prefix}title"), json!(full_text(ns, &dbkey, site.namespaces())));
        }
        if self.wants("size") {
            vals.insert(format!("{prefix}size"), json!(rev.len.unwrap_or(0)));
        }
        if self.wants("timestamp") {
            if let Some(ts) = Timestamp::parse(&rev.timestamp) {
                vals.insert(format!("{prefix}timestamp"), json!(ts.to_iso()));
            }
        }
        let mut hidden = false;
        if rev.deleted & DELETED_TEXT != 0 {
            vals.insert(format!("{prefix}texthidden"), json!(true));
            hidden = true;
        }
        if rev.deleted & DELETED_USER != 0 {
            vals.insert(format!("{prefix}userhidden"), json!(true));
            hidden = true;
        }
        if self.wants("user") && visibility.check(rev.deleted, DELETED_USER).1 {
            vals.insert(format!("{prefix}user"), json!(rev.actor_name));
            vals.insert(format!("{prefix}userid"), json!(rev.actor_user.unwrap_or(0)));
        }
        if rev.deleted & DELETED_COMMENT != 0 {
            vals.insert(format!("{prefix}commenthidden"), json!(true));
            hidden = true;
        }
        if (self.wants("comment") || self.wants("parsedcomment")) && visibility.check(rev.deleted, DELETED_COMMENT).1 {
            let text = reader.comments(&[rev.comment()])?.remove(&rev.comment()).unwrap_or_default();
            if self.wants("comment") {
                vals.insert(format!("{prefix}comment"), json!(text));
            }
            // MediaWiki formats the comment whenever either is asked for.
            let parsed = parsed_comments(reader, site, &[CommentOf { key: 0, text: &text, ns, dbkey: &dbkey }])?;
            vals.insert(format!("{prefix}parsedcomment"), json!(parsed.get(&0).cloned().unwrap_or_default()));
        }
        if hidden && rev.deleted & DELETED_RESTRICTED != 0 {
            vals.insert(format!("{prefix}suppressed"), json!(true));
        }
        if shown.archived {
            vals.insert(format!("{prefix}archive"), json!(true));
        }
        Ok(hidden || shown.archived)
    }
}

/// One side as its parameters name it (MediaWiki's `getDiffRevision`).
/// What a side's pre-save transform needs: the site's settings, the time and the caller.
struct Saving<'a> {
    settings: &'a SiteSettings,
    now: Timestamp,
    saver: Saver,
}

#[allow(clippy::too_many_arguments)] // what a side depends on, each needed
fn side(
    reader: &mut Reader,
    site: &Site,
    p: &SideParams<'_>,
    guess: Option<&(i32, String)>,
    visibility: &Visibility,
    reads_archive: bool,
    saving: &Saving<'_>,
) -> Result<Side, ApiError> {
    let prefix = p.prefix;
    // The older parameters of a side and `slots` exclude each other, checked as each side is
    // read (the `from` side's faults come before the `to` side's).
    if p.slots_given {
        for (given, name) in [(p.text.is_some(), "text"), (p.section.is_some(), "section")] {
            if given {
                return Err(ApiError::invalid_param_mix(&[&format!("{prefix}{name}"), &format!("{prefix}slots")]));
            }
        }
    }
    // The main slot's text, model and format as given (`text` stands for `slots=main`).
    let supplied: Option<(Option<&str>, Option<&str>, Option<&str>, Option<&str>)> = match p.text {
        Some(text) => Some((Some(text), None, p.model, p.format)),
        None if !p.slots.is_empty() => Some((
            p.text_slot.get("main").map(String::as_str),
            p.section_slot.get("main").map(String::as_str),
            p.model_slot.get("main").map(String::as_str),
            p.format_slot.get("main").map(String::as_str),
        )),
        None => None,
    };
    let mut title: Option<(i32, String)> = None;
    let mut rev_id = p.rev;
    if rev_id.is_none() && (p.title.is_some() || p.id.is_some()) {
        let page = match (p.title, p.id) {
            (Some(text), _) => {
                let (ns, dbkey) = storage::site_title(site, text)?;
                let found = reader.pages_by_titles(&[(ns, dbkey.clone())])?.into_iter().next();
                title = Some((ns, dbkey));
                found
            }
            (None, Some(id)) => match reader.pages_by_ids(&[id])?.into_iter().next() {
                Some(page) => {
                    title = Some((page.ns, page.dbkey.clone()));
                    Some(page)
                }
                None => return Err(ApiError::no_such_page_id(id)),
            },
            (None, None) => None,
        };
        match page {
            Some(page) => rev_id = Some(page.latest),
            None if supplied.is_none() => {
                let (ns, dbkey) = title.clone().unwrap_or_default();
                return Err(ApiError::new(
                    "missingtitle",
                    format!("The page you specified doesn't exist: {}.", full_text(ns, &dbkey, site.namespaces())),
                ));
            }
            None => {}
        }
    }
    let mut rev: Option<Rev> = None;
    if let Some(id) = rev_id {
        let Some(found) = find_revision(reader, id, reads_archive)? else {
            return Err(ApiError::no_such_revision(id));
        };
        title = Some((found.ns, found.dbkey.clone()));
        if supplied.is_none() {
            if let Some(section) = p.section {
                if !visibility.check(found.row.deleted, DELETED_TEXT).1 {
                    return Err(ApiError::new(
                        "missingcontent",
                        format!("The content of revision {} is hidden from you.", found.row.id),
                    ));
                }
                let text = storage::main_texts(reader, &[found.row.id])?.remove(&found.row.id).unwrap_or_default();
                let model = main_model(reader, found.row.id)?;
                let Some(part) = section_of(&model, &text, section) else {
                    return Err(ApiError::new(
                        format!("nosuch{prefix}section"),
                        format!("There is no section {section} in the '{prefix}' content."),
                    ));
                };
                return Ok(Side { text: Some(part), stored: None, relative: Some(found.clone()), shown: Some(found) });
            }
            return Ok(Side::stored(found));
        }
        rev = Some(found);
    }
    let Some((text, slot_section, model, format)) = supplied else {
        return Err(ApiError::new("baddiff", "The diff cannot be retrieved."));
    };
    let title = title.or_else(|| guess.cloned());
    let Some(text) = text else {
        return Err(ApiError::new(
            "compare-maintextrequired",
            format!("Parameter \"{prefix}text-main\" is required when \"{prefix}slots\" contains \"main\"."),
        ));
    };
    // The text read as its model: the one given, the revision's, the title's, else wikitext.
    let model = match model {
        Some(model) => model.to_owned(),
        None => match &rev {
            Some(r) => main_model(reader, r.row.id)?,
            None => title.as_ref().map_or_else(|| "wikitext".to_owned(), |t| default_model(t.0, &t.1)),
        },
    };
    if let Some(format) = format {
        if format != wikiquery_domain::revision::default_format(&model) {
            return Err(ApiError::not_implemented(&format!("compare (content format {format} for {model})")));
        }
    }
    if !matches!(model.as_str(), "wikitext" | "text" | "css" | "javascript" | "json") {
        return Err(ApiError::not_implemented(&format!("compare (content model {model})")));
    }
    let mut text = text.to_owned();
    if p.pst {
        if title.is_none() {
            return Err(ApiError::new("compare-no-title", "Cannot pre-save transform without a title."));
        }
        let page = title.as_ref().map(|(ns, dbkey)| (*ns, dbkey.as_str())).unwrap_or_default();
        let mut at = WikiAt { reader: &mut *reader, site, settings: saving.settings, now: saving.now };
        text = saved_text(&mut at, &model, page, &text, &saving.saver)
            .map_err(|Unsupported(what)| ApiError::not_implemented(&format!("compare ({prefix}pst: {what})")))?;
    }
    if slot_section.is_some_and(|s| !s.is_empty()) {
        return Err(ApiError::not_implemented(&format!("compare ({prefix}section-main: replacing a section)")));
    }
    if let Some(section) = p.section {
        text = section_of(&model, &text, section).ok_or_else(|| {
            ApiError::new(
                format!("nosuch{prefix}section"),
                format!("There is no section {section} in the '{prefix}' content."),
            )
        })?;
    }
    Ok(Side { text: Some(text), stored: None, relative: rev, shown: None })
}

/// Revision `id`: a live one, else (for a caller who may read deleted text) a deleted one.
fn find_revision(reader: &mut Reader, id: i64, reads_archive: bool) -> Result<Option<Rev>, ApiError> {
    if let Some(row) = revision(reader, id)? {
        return Ok(Some(Rev::live(reader, row)?));
    }
    if !reads_archive {
        return Ok(None);
    }
    let filter = ArchiveFilter { revisions: Some(vec![id]), limit: 1, ..ArchiveFilter::default() };
    let Some(found) = reader.archived_revisions(&filter)?.into_iter().next() else { return Ok(None) };
    let page = reader.pages_by_titles(&[(found.namespace, found.title.clone())])?.into_iter().next();
    Ok(Some(Rev {
        row: found.revision,
        ns: found.namespace,
        dbkey: found.title,
        page_id: page.map_or(0, |p| p.id),
        archived: true,
    }))
}

/// The content model of a revision's main slot.
fn main_model(reader: &mut Reader, rev: i64) -> Result<String, ApiError> {
    let slots = reader.revision_slots(&[rev])?;
    Ok(slots.into_iter().find(|s| s.role == "main").map_or_else(|| "wikitext".to_owned(), |s| s.model))
}
