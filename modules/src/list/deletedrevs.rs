//! `list=deletedrevs` (deprecated): deleted revisions in one of three modes — of the page
//! set's titles (1), of one user by time (2), or of every title of a namespace (3) — for
//! callers with `deletedhistory`. Its revisions have a shape of their own (`len` as text,
//! `text` for the content); the undelete token is not issued by a read API.

use std::collections::HashMap;

use serde_json::{json, Map, Value};
use wikiquery_domain::revision::{
    sha1_hex, Visibility, DELETED_COMMENT, DELETED_RESTRICTED, DELETED_TEXT, DELETED_USER,
};
use wikiquery_domain::title::full_text;
use wikiquery_runtime::result::set_content;
use wikiquery_runtime::{
    query_module, ApiError, Continue, Limit, Namespace, ParamValues, Parts, QueryContext, QueryModule, Timestamp,
    UserRef,
};
use wikiquery_store::queries::archive::{ArchiveFilter, ArchiveOrder, ArchiveRow};
use wikiquery_store::queries::revisions::RevisionRow;

use crate::family::revisions::{archive_continue, archive_continue_value, batch_size};
use crate::shared::comments::{parsed_comments, CommentOf};
use crate::storage;
use crate::values::TimeDir;
use crate::wiki::WikiContext;

/// What to return of each deleted revision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum DeletedRevsProp {
    /// The edit summary.
    Comment,
    /// The text of the revision. Needs the `deletedtext` or the `undelete` right.
    Content,
    /// The size of the revision in bytes.
    Len,
    /// Whether the edit was marked as minor.
    Minor,
    /// The id of the page's revision before this one.
    Parentid,
    /// The edit summary, rendered as HTML.
    Parsedcomment,
    /// The id of the revision.
    Revid,
    /// The SHA-1 hash of the revision's text, in hexadecimal.
    Sha1,
    /// The change tags of the revision.
    Tags,
    /// The name of the user who made the revision.
    User,
    /// The user id of the user who made the revision.
    Userid,
    /// Formerly a token for restoring the revisions; accepted, but no token is returned.
    #[value(deprecated)]
    Token,
}

// `modes` annotations say which parameters apply to which mode.
/// Lists deleted revisions of given pages, of one user, or of all pages of a namespace.
///
/// Deprecated: use `prop=deletedrevisions` or `list=alldeletedrevisions` instead.
///
/// It works in one of three modes. Mode 1: when the query names pages (with `titles`, for
/// instance), the deleted revisions of those pages. Mode 2: otherwise, with `druser`, the
/// deleted revisions made by that user, by time. Mode 3: otherwise, the deleted revisions of
/// all pages in `drnamespace`, by title. Parameters that belong to another mode are refused or
/// have no effect. Reading deleted revisions needs the `deletedhistory` right.
#[query_module(
    name = "deletedrevs",
    group = "list",
    prefix = "dr",
    readrights,
    xml = "page",
    xml_nested(revisions = "rev"),
    deprecated,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Deletedrevs",
    example(
        query = "action=query&list=deletedrevs&titles=Moss&drprop=user|comment|content",
        text = "List the deleted revisions of Moss with their authors, summaries and text (mode 1)."
    ),
    example(
        query = "action=query&list=deletedrevs&druser=Alice&drlimit=50",
        text = "List up to 50 deleted revisions made by Alice, newest first (mode 2)."
    ),
    example(
        query = "action=query&list=deletedrevs&drnamespace=0&drunique=1",
        text = "List one deleted revision of each main namespace page that has some (mode 3)."
    )
)]
pub struct DeletedRevs {
    /// The timestamp to start listing from.
    #[param(info(modes(1, 2)))]
    pub start: Option<Timestamp>,
    /// The timestamp to stop listing at.
    #[param(info(modes(1, 2)))]
    pub end: Option<Timestamp>,
    /// The direction: `newer` lists from the oldest revision on (in mode 3, from the first
    /// title), `older` the other way round.
    #[param(default = "older", info(modes(1, 3)))]
    pub dir: TimeDir,
    /// The page title to start listing at.
    #[param(info(modes(3)))]
    pub from: Option<String>,
    /// The page title to stop listing at.
    #[param(info(modes(3)))]
    pub to: Option<String>,
    /// Only list revisions of pages whose titles begin with this text.
    #[param(info(modes(3)))]
    pub prefix: Option<String>,
    /// List only one revision of each page.
    #[param(info(modes(3)))]
    pub unique: bool,
    /// The namespace whose pages to list.
    #[param(default = 0, info(modes(3)))]
    pub namespace: Namespace,
    /// Only list revisions that have this change tag.
    pub tag: Option<String>,
    /// Only list revisions made by this user.
    pub user: Option<UserRef>,
    /// Leave out the revisions made by this user.
    pub excludeuser: Option<UserRef>,
    /// What to return for each revision.
    #[param(default = "user|comment")]
    pub prop: Vec<DeletedRevsProp>,
    /// How many revisions to return.
    #[param(default = 10)]
    pub limit: Limit,
    /// When more results are available, use this to continue.
    #[param(rename = "continue")]
    pub continue_: Option<Continue<Parts>>,
}

/// The modes of the module.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// The page set's titles.
    Titles,
    /// One user's, by time.
    User,
    /// Every title of a namespace.
    All,
}

impl QueryModule for DeletedRevs {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let rights = ctx.state.rights.clone();
        if !rights.has("deletedhistory") {
            return Err(ApiError::new(
                "permissiondenied",
                "You don't have permission to view a page's deleted history.",
            ));
        }
        ctx.warn(
            "deprecation",
            "\"list=deletedrevs\" has been deprecated. Please use \"prop=deletedrevisions\" or \"list=alldeletedrevisions\" instead.",
        );
        let has = |p: DeletedRevsProp| self.prop.contains(&p);
        let titles: Vec<(i32, String)> = ctx
            .page_set()
            .map(|s| {
                let good = s.good.iter().map(|p| (p.ns, p.dbkey.clone()));
                good.chain(s.missing.iter().map(|p| (p.ns, p.dbkey.clone()))).collect()
            })
            .unwrap_or_default();
        let mode = if !titles.is_empty() {
            Mode::Titles
        } else if self.user.is_some() {
            Mode::User
        } else {
            Mode::All
        };
        let misplaced: &[(&str, bool)] = if mode == Mode::All {
            &[("start", self.start.is_some()), ("end", self.end.is_some())]
        } else {
            &[("from", self.from.is_some()), ("to", self.to.is_some()), ("prefix", self.prefix.is_some())]
        };
        if let Some((name, _)) = misplaced.iter().find(|(_, given)| *given) {
            let modes = if mode == Mode::All { "mode 3" } else { "modes 1 or 2" };
            return Err(ApiError::new("badparams", format!("The \"{name}\" parameter cannot be used in {modes}.")));
        }
        if self.user.is_some() && self.excludeuser.is_some() {
            return Err(ApiError::new("badparams", "user and excludeuser cannot be used together"));
        }
        let fetch_content = has(DeletedRevsProp::Content);
        if fetch_content && !rights.has_any(&["deletedtext", "undelete"]) {
            return Err(ApiError::new(
                "permissiondenied",
                "You don't have permission to view content of deleted revisions.",
            ));
        }
        let limit = batch_size(ctx, Some(self.limit), fetch_content, true);
        let site = ctx.site()?;
        let order = match mode {
            Mode::User => ArchiveOrder::Time,
            _ => ArchiveOrder::Title,
        };
        let continue_from = self.continue_.as_ref().map(|cont| archive_continue(cont, order)).transpose()?;
        let ns = self.namespace.0;
        let key = |part: &Option<String>| storage::title_part(site, part.as_deref(), ns);
        let actor = match (&self.user, &self.excludeuser) {
            (Some(u), _) => Some((u.text(), false)),
            (None, Some(u)) => Some((u.text(), true)),
            (None, None) => None,
        };
        let visibility = Visibility::of(&rights);
        let hidden_bits = if actor.is_some() { visibility.hidden_user_bits() } else { 0 };
        let mut reader = ctx.reader()?;
        let tag = match &self.tag {
            Some(name) => Some(reader.tag_id(name)?),
            None => None,
        };
        let all = mode == Mode::All;
        let filter = ArchiveFilter {
            titles: (mode == Mode::Titles).then(|| titles.clone()),
            namespaces: all.then(|| vec![ns]),
            from: if all { key(&self.from)? } else { None },
            to: if all { key(&self.to)? } else { None },
            prefix: if all { key(&self.prefix)? } else { None },
            order,
            ascending: self.dir == TimeDir::Newer,
            start: if all { None } else { self.start.map(Timestamp::to_mw) },
            end: if all { None } else { self.end.map(Timestamp::to_mw) },
            actor,
            hidden_bits,
            continue_from,
            tag,
            limit: limit.fetch(),
            ..ArchiveFilter::default()
        };
        let rows = reader.archived_revisions(&filter)?;
        let (mut rows, next) = limit.split(rows);
        if all && self.unique {
            // One revision a title, the first in the order of listing.
            let mut seen: Vec<String> = Vec::new();
            rows.retain(|r| {
                let first = !seen.contains(&r.title);
                if first {
                    seen.push(r.title.clone());
                }
                first
            });
        }

        let comments: HashMap<i64, String> = if has(DeletedRevsProp::Comment) || has(DeletedRevsProp::Parsedcomment) {
            let ids: Vec<i64> = rows.iter().map(|r| r.revision.comment()).collect();
            reader.comments(&ids)?
        } else {
            HashMap::new()
        };
        let parsed: HashMap<i64, String> = if has(DeletedRevsProp::Parsedcomment) {
            let items: Vec<CommentOf<'_, i64>> = rows
                .iter()
                .filter(|r| visibility.check(r.revision.deleted, DELETED_COMMENT).1)
                .filter_map(|r| {
                    let text = comments.get(&r.revision.comment())?;
                    Some(CommentOf { key: r.ar_id, text, ns: r.namespace, dbkey: &r.title })
                })
                .collect();
            parsed_comments(&mut reader, site, &items)?
        } else {
            HashMap::new()
        };
        let mut texts: HashMap<i64, String> = HashMap::new();
        if fetch_content {
            let ids: Vec<i64> = rows.iter().map(|r| r.revision.id).collect();
            let slots = reader.revision_slots(&ids)?;
            let main: Vec<(i64, &str)> =
                slots.iter().filter(|s| s.role == "main").map(|s| (s.revision, s.address.as_str())).collect();
            let addresses: Vec<&str> = main.iter().map(|(_, a)| *a).collect();
            let by_address = reader.texts(&addresses)?;
            for (rev, address) in main {
                if let Some(text) = by_address.get(address) {
                    texts.insert(rev, text.clone());
                }
            }
        }
        let tags = if has(DeletedRevsProp::Tags) {
            reader.revision_tags(&rows.iter().map(|r| r.revision.id).collect::<Vec<_>>())?
        } else {
            HashMap::new()
        };
        drop(reader);

        let mut entries: Vec<((i32, String), Vec<Value>)> = Vec::new();
        for row in &rows {
            let rev = self.revision(row, visibility, &comments, &parsed, &mut texts, &tags);
            let key = (row.namespace, row.title.clone());
            match entries.iter_mut().find(|(k, _)| *k == key) {
                Some((_, list)) => list.push(Value::Object(rev)),
                None => entries.push((key, vec![Value::Object(rev)])),
            }
        }
        ctx.ensure_list();
        for ((ns, title), revisions) in entries {
            let mut o = Map::new();
            o.insert("revisions".into(), Value::Array(revisions));
            o.insert("ns".into(), json!(ns));
            o.insert("title".into(), json!(full_text(ns, &title, site.namespaces())));
            ctx.push_item(Value::Object(o));
        }
        if let Some(next) = next {
            ctx.set_continue(archive_continue_value(&next, order));
        }
        Ok(())
    }
}

impl DeletedRevs {
    /// One deleted revision in this module's shape.
    fn revision(
        &self,
        row: &ArchiveRow,
        visibility: Visibility,
        comments: &HashMap<i64, String>,
        parsed: &HashMap<i64, String>,
        texts: &mut HashMap<i64, String>,
        tags: &HashMap<i64, Vec<String>>,
    ) -> Map<String, Value> {
        let has = |p: DeletedRevsProp| self.prop.contains(&p);
        let rev: &RevisionRow = &row.revision;
        let mut o = Map::new();
        let mut any_hidden = false;
        o.insert("timestamp".into(), json!(wikiquery_domain::timestamp::format_expiry(&rev.timestamp, "infinity")));
        if has(DeletedRevsProp::Revid) {
            o.insert("revid".into(), json!(rev.id));
        }
        if has(DeletedRevsProp::Parentid) {
            if let Some(parent) = rev.parent {
                o.insert("parentid".into(), json!(parent));
            }
        }
        if has(DeletedRevsProp::User) || has(DeletedRevsProp::Userid) {
            let (hidden, visible) = visibility.check(rev.deleted, DELETED_USER);
            if hidden {
                o.insert("userhidden".into(), json!(true));
                any_hidden = true;
            }
            if visible {
                if has(DeletedRevsProp::User) {
                    o.insert("user".into(), json!(rev.actor_name));
                }
                if has(DeletedRevsProp::Userid) {
                    o.insert("userid".into(), json!(rev.actor_user.unwrap_or(0)));
                }
            }
        }
        if has(DeletedRevsProp::Comment) || has(DeletedRevsProp::Parsedcomment) {
            let (hidden, visible) = visibility.check(rev.deleted, DELETED_COMMENT);
            if hidden {
                o.insert("commenthidden".into(), json!(true));
                any_hidden = true;
            }
            if visible {
                if has(DeletedRevsProp::Comment) {
                    o.insert("comment".into(), json!(comments.get(&rev.comment()).map_or("", String::as_str)));
                }
                if has(DeletedRevsProp::Parsedcomment) {
                    o.insert("parsedcomment".into(), json!(parsed.get(&row.ar_id).map_or("", String::as_str)));
                }
            }
        }
        if has(DeletedRevsProp::Minor) {
            o.insert("minor".into(), json!(rev.minor == 1));
        }
        if has(DeletedRevsProp::Len) {
            // MediaWiki writes the stored length as it reads it, as text.
            o.insert("len".into(), rev.len.map_or(Value::Null, |l| json!(l.to_string())));
        }
        let (text_hidden, text_visible) = visibility.check(rev.deleted, DELETED_TEXT);
        if has(DeletedRevsProp::Sha1) {
            if text_hidden {
                o.insert("sha1hidden".into(), json!(true));
                any_hidden = true;
            }
            if text_visible {
                o.insert("sha1".into(), json!(sha1_hex(&rev.sha1)));
            }
        }
        if has(DeletedRevsProp::Content) {
            if text_hidden {
                o.insert("texthidden".into(), json!(true));
                any_hidden = true;
            }
            if text_visible {
                set_content(&mut o, "text", texts.remove(&rev.id).unwrap_or_default());
            }
        }
        if has(DeletedRevsProp::Tags) {
            o.insert("tags".into(), json!(tags.get(&rev.id).cloned().unwrap_or_default()));
        }
        if any_hidden && rev.deleted & DELETED_RESTRICTED != 0 {
            o.insert("suppressed".into(), json!(true));
        }
        o
    }
}
