//! `list=logevents`: events from the log, as MediaWiki 1.39 lists them.
//!
//! One query reads a batch of `logging` rows (with actor, comment and the page that has the
//! entry's title now) in `(timestamp, id)` order; the revisions entries created, tags and the
//! pages their comments link to are then read for the batch at once. What a caller sees of an
//! entry depends on its rights (the request's [`Rights`]): entries of restricted log types are left
//! out, and parts hidden by revision deletion (`log_deleted`) are replaced by flags.
//!
//! The `params` member is written per log type by the domain's [`log_params`], and
//! `parsedcomment` by the shared comment formatter (`shared::comments`), which looks up, for
//! the whole batch, the pages and files the comments link to.

use std::collections::HashMap;

use wikiquery_domain::log_params::{self, EntryInfo, TitleContext};
use wikiquery_domain::revision::{Visibility, DELETED_ACTION, DELETED_COMMENT, DELETED_RESTRICTED, DELETED_USER};
use wikiquery_domain::title::{push_full_text, SiteNamespaces};
use wikiquery_runtime::format::ItemWriter;
use wikiquery_runtime::{
    query_module, ApiError, CacheMode, Continue, Limit, ModuleSpec, Namespace, ParamValues, QueryContext, QueryModule,
    RequestState, Rights, Timestamp, UserRef, ValueSet,
};
use wikiquery_store::queries::logging::{self as q, LogEventsFilter, LogRow};
use wikiquery_store::site::Site;

use crate::shared::comments::{parsed_comments, CommentOf};
use crate::shared::users;
use crate::storage;
use crate::values::TimeDir;
use crate::wiki::{Wiki, WikiContext};

/// Log types: the empty string and every type of the Events table. MediaWiki 1.39 accepts
/// the empty string and filters on it like any type, so it lists no entry.
pub const LOG_TYPES: &[&str] = &[
    "",
    "block",
    "contentmodel",
    "create",
    "delete",
    "import",
    "managetags",
    "merge",
    "move",
    "newusers",
    "patrol",
    "protect",
    "renameuser",
    "rights",
    "suppress",
    "tag",
    "upload",
    "ext",
];

/// Every `type/action` pair of the Events table.
pub const LOG_ACTIONS: &[&str] = &[
    "block/block",
    "block/reblock",
    "block/unblock",
    "contentmodel/change",
    "contentmodel/new",
    "create/create",
    "delete/delete",
    "delete/delete_redir",
    "delete/delete_redir2",
    "delete/event",
    "delete/restore",
    "delete/revision",
    "import/interwiki",
    "import/upload",
    "managetags/activate",
    "managetags/create",
    "managetags/deactivate",
    "managetags/delete",
    "merge/merge",
    "move/move",
    "move/move_redir",
    "newusers/autocreate",
    "newusers/byemail",
    "newusers/create",
    "newusers/create2",
    "newusers/newusers",
    "patrol/autopatrol",
    "patrol/patrol",
    "protect/modify",
    "protect/move_prot",
    "protect/protect",
    "protect/unprotect",
    "renameuser/renameuser",
    "rights/autopromote",
    "rights/rights",
    "suppress/block",
    "suppress/delete",
    "suppress/event",
    "suppress/reblock",
    "suppress/revision",
    "tag/update",
    "upload/overwrite",
    "upload/revert",
    "upload/upload",
];

/// What to return of each log entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum LogEventProp {
    /// The comment given with the entry.
    Comment,
    /// Further details of the entry, which depend on its type (such as a move's new title or
    /// a block's expiry).
    Details,
    /// The entry's id, with the ids of the page it concerns and of the revision it made, if any.
    Ids,
    /// The comment rendered as HTML.
    Parsedcomment,
    /// The change tags of the entry.
    Tags,
    /// When the entry was made.
    Timestamp,
    /// The title and namespace number of the page the entry concerns.
    Title,
    /// The entry's log type and action.
    Type,
    /// The name of the user who performed the action.
    User,
    /// The id of the user who performed the action.
    Userid,
}

/// Lists entries of the wiki's logs: blocks, deletions, moves, uploads, user creations and more.
///
/// Entries are listed by time, newest first unless `ledir=newer`. Entries of logs the caller
/// may not read are left out, and hidden parts of an entry are flagged instead of shown.
#[query_module(
    name = "logevents",
    group = "list",
    cache = "public",
    prefix = "le",
    xml = "item",
    xml_nested(tags = "tag"),
    xml_lists(params = wikiquery_domain::log_params::XML_LISTS),
    readrights,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Logevents",
    at_most_one_of(title, namespace, prefix),
    example(query = "action=query&list=logevents", text = "List the latest log entries."),
    example(
        query = "action=query&list=logevents&letype=upload&leprop=title|user|timestamp|comment&lelimit=20",
        text = "List the 20 latest uploads with the file, uploader, time and comment of each."
    ),
    example(
        query = "action=query&list=logevents&leaction=move/move&leuser=Alice&ledir=newer",
        text = "List the page moves made by Alice, oldest first."
    )
)]
pub struct LogEvents {
    /// Which pieces of information to return for each entry.
    #[param(default = "ids|title|type|user|timestamp|comment|details")]
    pub prop: Vec<LogEventProp>,
    /// Only list entries of this log type, such as `delete` or `upload`.
    #[param(rename = "type", values = LOG_TYPES)]
    pub log_type: Option<String>,
    /// Only list entries of this type and action, written `type/action`, such as
    /// `delete/restore`. Takes the place of `letype` when both are given.
    // MediaWiki checks a request's value itself, answering `unknown_leaction`.
    #[param(values = LOG_ACTIONS, module_checks_values)]
    pub action: Option<String>,
    /// The time to start listing at; with `ledir=older`, the most recent time listed.
    pub start: Option<Timestamp>,
    /// The time to stop listing at.
    pub end: Option<Timestamp>,
    /// The direction to list in: `older` lists newest first, `newer` oldest first.
    #[param(default = "older")]
    pub dir: TimeDir,
    /// Only list entries of actions performed by this user.
    pub user: Option<UserRef>,
    /// Only list entries about this page. Cannot be combined with `lenamespace` or `leprefix`.
    pub title: Option<String>,
    /// Only list entries about pages in this namespace. Cannot be combined with `letitle` or
    /// `leprefix`.
    #[param(extra_namespaces)]
    pub namespace: Option<Namespace>,
    /// Only list entries about pages whose titles begin with this text (the namespace is read
    /// from it). Cannot be combined with `letitle` or `lenamespace`.
    pub prefix: Option<String>,
    /// Only list entries that carry this change tag.
    pub tag: Option<String>,
    /// How many entries to return.
    #[param(default = 10)]
    pub limit: Limit,
    /// When more results are available, use this to continue.
    #[param(rename = "continue")]
    pub continue_: Option<Continue<(Timestamp, i64)>>,
}

/// Log types only some callers may read, with the right they need (`$wgLogRestrictions`).
pub const LOG_RESTRICTIONS: &[(&str, &str)] = &[("suppress", "suppressionlog")];

/// The log types the caller may not read.
pub fn hidden_log_types(rights: &Rights) -> Vec<String> {
    LOG_RESTRICTIONS.iter().filter(|(_, right)| !rights.has(right)).map(|(t, _)| (*t).to_owned()).collect()
}

/// Whether the caller may read entries of a log type.
pub fn can_view_log_type(rights: &Rights, log_type: &str) -> bool {
    LOG_RESTRICTIONS.iter().all(|(t, right)| *t != log_type || rights.has(right))
}

/// Whether the caller may see a part (`field`, one of the `DELETED_*` bits) of an entry whose
/// `log_deleted` is `deleted`: hidden parts need `deletedhistory`, suppressed ones
/// `suppressrevision` or `viewsuppressed`.
pub fn can_see(rights: &Rights, deleted: i32, field: i32) -> bool {
    Visibility::of(rights).check_log(deleted, field).1
}

/// Whether a `type/action` value is one MediaWiki accepts for `leaction` (a listed pair, or
/// a type listed with the wildcard action).
pub fn is_known_action(value: &str) -> bool {
    match value.split_once('/') {
        Some((log_type, _)) => {
            LOG_ACTIONS.contains(&value) || LOG_ACTIONS.iter().any(|a| a.strip_suffix("/*") == Some(log_type))
        }
        None => false,
    }
}

/// The entries' members, for one batch.
struct Batch<'a> {
    fields: ValueSet<LogEventProp>,
    rights: &'a Rights,
    /// What of a hidden entry the caller may see (read from `rights` once).
    visibility: Visibility,
    namespaces: &'a SiteNamespaces,
    params_site: TitleContext<'a>,
    tags: HashMap<i64, Vec<String>>,
    /// The revisions entries created, as `associated_revisions` gives them.
    revisions: Vec<(i64, i64)>,
    comments: HashMap<i64, String>,
    /// Room for an entry's title text, reused from entry to entry.
    title: String,
}

impl Batch<'_> {
    /// Writes one entry as MediaWiki writes it, members in its order.
    fn write(&mut self, row: &LogRow, out: &mut ItemWriter<'_>) {
        let f = self.fields;
        let mut any_hidden = false;
        let deleted = row.deleted;
        let type_visible = can_view_log_type(self.rights, &row.log_type);
        let visibility = self.visibility;
        let can = |field: i32| visibility.check_log(deleted, field).1 && type_visible;
        if f.has(LogEventProp::Ids) {
            out.int("logid", row.id);
        }
        if f.has(LogEventProp::Title)
            || f.has(LogEventProp::Ids)
            || (f.has(LogEventProp::Details) && !row.params.is_empty())
        {
            if deleted & DELETED_ACTION == DELETED_ACTION {
                out.flag("actionhidden");
                any_hidden = true;
            }
            if can(DELETED_ACTION) {
                if f.has(LogEventProp::Title) {
                    out.int("ns", row.namespace.into());
                    self.title.clear();
                    push_full_text(&mut self.title, row.namespace, &row.title, self.namespaces);
                    out.str("title", &self.title);
                }
                if f.has(LogEventProp::Ids) {
                    out.int("pageid", row.page_id.unwrap_or(0));
                    out.int("logpage", row.log_page.unwrap_or(0));
                    if let Some(rev) =
                        q::revision_of(&self.revisions, row.id).or_else(|| log_params::associated_rev_id(&row.params))
                    {
                        out.int("revid", rev);
                    }
                }
                if f.has(LogEventProp::Details) {
                    let info = EntryInfo {
                        log_type: &row.log_type,
                        action: &row.action,
                        timestamp: &row.timestamp,
                        params: &row.params,
                    };
                    out.object("params", log_params::format_params(&info, &self.params_site).iter());
                }
            }
        }
        if f.has(LogEventProp::Type) {
            out.str("type", &row.log_type);
            out.str("action", &row.action);
        }
        if f.has(LogEventProp::User) || f.has(LogEventProp::Userid) {
            if deleted & DELETED_USER == DELETED_USER {
                out.flag("userhidden");
                any_hidden = true;
            }
            if can(DELETED_USER) {
                if f.has(LogEventProp::User) {
                    out.str("user", &row.actor_name);
                }
                if f.has(LogEventProp::Userid) {
                    out.int("userid", row.actor_user.unwrap_or(0));
                }
                if row.actor_user.unwrap_or(0) == 0 {
                    out.flag("anon");
                }
            }
        }
        if f.has(LogEventProp::Timestamp) {
            match Timestamp::iso_of_stored(&row.timestamp) {
                Some(iso) => out.str("timestamp", &iso),
                None => out.bool("timestamp", false),
            };
        }
        if f.has(LogEventProp::Comment) || f.has(LogEventProp::Parsedcomment) {
            if deleted & DELETED_COMMENT == DELETED_COMMENT {
                out.flag("commenthidden");
                any_hidden = true;
            }
            if can(DELETED_COMMENT) {
                if f.has(LogEventProp::Comment) {
                    out.str("comment", &row.comment);
                }
                if f.has(LogEventProp::Parsedcomment) {
                    out.str("parsedcomment", self.comments.get(&row.id).map_or("", String::as_str));
                }
            }
        }
        if f.has(LogEventProp::Tags) {
            out.strings("tags", self.tags.get(&row.id).map_or(&[], Vec::as_slice));
        }
        if any_hidden && deleted & DELETED_RESTRICTED == DELETED_RESTRICTED {
            out.flag("suppressed");
        }
    }
}

impl LogEvents {
    /// The filter this request's parameters make, for a caller with `rights`; `None` when
    /// nothing can match (an unknown tag).
    fn filter(
        &self,
        conn: &mut wikiquery_store::reader::Reader,
        site: &Site,
        rights: &Rights,
    ) -> Result<Option<LogEventsFilter>, ApiError> {
        let mut filter = LogEventsFilter {
            ascending: self.dir == TimeDir::Newer,
            hidden_types: hidden_log_types(rights),
            limit: self.limit.get() as i64 + 1,
            ..Default::default()
        };
        let mut matches_nothing = false;

        if let Some(tag) = &self.tag {
            match conn.tag_id(tag)? {
                Some(id) => filter.tag_id = Some(id),
                None => matches_nothing = true,
            }
        }

        if let Some(action) = &self.action {
            if !is_known_action(action) {
                // MediaWiki's code names the parameter: `unknown_leaction`.
                let wire = format!("{}action", <Self as ModuleSpec>::PREFIX);
                return Err(ApiError::new(
                    format!("unknown_{wire}"),
                    format!("Unrecognized value for parameter \"{wire}\": {action}."),
                ));
            }
            let (t, a) = action.split_once('/').unwrap_or((action, ""));
            filter.log_type = Some(t.to_owned());
            filter.action = Some(a.to_owned());
        } else if let Some(t) = &self.log_type {
            filter.log_type = Some(t.clone());
        }

        filter.start = self.start.map(Timestamp::to_mw);
        filter.end = self.end.map(Timestamp::to_mw);

        if let Some(cont) = &self.continue_ {
            let (time, id) = cont.read()?;
            filter.continue_from = Some((time.to_mw(), id));
        }

        if let Some(user) = &self.user {
            filter.actor_name = Some(users::name_of(conn, user)?);
        }

        if let Some(text) = &self.title {
            let (ns, dbkey) = storage::site_title(site, text)?;
            filter.namespace = Some(ns);
            filter.title = Some(dbkey);
        }
        if let Some(ns) = self.namespace {
            filter.namespace = Some(ns.0);
        }
        if let Some(text) = &self.prefix {
            let (ns, dbkey) = storage::site_title(site, text)?;
            filter.namespace = Some(ns);
            filter.title_prefix = Some(dbkey);
        }

        // Hidden targets and performers cannot be searched for (MediaWiki's T19342).
        let by_title = self.namespace.is_some() || self.title.is_some() || self.prefix.is_some();
        if by_title || self.user.is_some() {
            let (title_bits, user_bits) = if !rights.has("deletedhistory") {
                (DELETED_ACTION, DELETED_USER)
            } else if !rights.has_any(&["suppressrevision", "viewsuppressed"]) {
                (DELETED_ACTION | DELETED_RESTRICTED, DELETED_USER | DELETED_RESTRICTED)
            } else {
                (0, 0)
            };
            if by_title && title_bits != 0 {
                filter.exclude_deleted.push(title_bits);
            }
            if self.user.is_some() && user_bits != 0 {
                filter.exclude_deleted.push(user_bits);
            }
        }
        Ok(if matches_nothing { None } else { Some(filter) })
    }

    /// Runs the module for the request's caller.
    fn run(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let rights = &ctx.state.rights.clone();
        let services = ctx.services;
        let store = Wiki::of(services)?.store();
        let site = store.site();
        let mut conn = ctx.reader()?;
        ctx.ensure_list();
        let Some(filter) = self.filter(&mut conn, site, rights)? else { return Ok(()) };
        let mut rows = conn.log_events(&filter)?;
        let limit = self.limit.get() as usize;
        let next = if rows.len() > limit { rows.drain(limit..).next() } else { None };

        let fields = ValueSet::of(&self.prop);
        let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
        let tags = if fields.has(LogEventProp::Tags) { conn.log_tags(&ids)? } else { HashMap::new() };
        let revisions = if fields.has(LogEventProp::Ids) { conn.associated_revisions(&ids)? } else { Vec::new() };
        let comments = if fields.has(LogEventProp::Parsedcomment) {
            let visibility = Visibility::of(rights);
            let visible: Vec<CommentOf<'_, i64>> = rows
                .iter()
                .filter(|r| visibility.check_log(r.deleted, DELETED_COMMENT).1)
                .map(|r| CommentOf { key: r.id, text: &r.comment, ns: r.namespace, dbkey: &r.title })
                .collect();
            parsed_comments(&mut conn, site, &visible)?
        } else {
            HashMap::new()
        };
        drop(conn);

        let iw = site.interwikis();
        let is_interwiki = |p: &str| iw.is_interwiki(p);
        let mut batch = Batch {
            fields,
            rights,
            visibility: Visibility::of(rights),
            namespaces: site.namespaces(),
            params_site: TitleContext { namespaces: site.namespaces(), is_interwiki: &is_interwiki },
            tags,
            revisions,
            comments,
            title: String::new(),
        };
        // An entry is about 250 bytes of JSON.
        ctx.reserve_written(rows.len() * 256);
        for row in &rows {
            ctx.write_item(|out| batch.write(row, out));
        }
        if let Some(next) = next {
            ctx.set_continue((&next.timestamp, next.id));
        }
        Ok(())
    }
}

impl QueryModule for LogEvents {
    /// Revision-deleted fields and restricted logs depend on the caller's rights; parsed
    /// comments on its language.
    fn cache_mode(&self, state: &RequestState) -> CacheMode {
        if state.rights.sees_revision_deletion() {
            CacheMode::Private
        } else if self.prop.contains(&LogEventProp::Parsedcomment)
            || hidden_log_types(&state.rights).len() < LOG_RESTRICTIONS.len()
        {
            CacheMode::AnonPublicUserPrivate
        } else {
            CacheMode::Public
        }
    }

    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        self.run(ctx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_are_checked_against_the_events_table() {
        assert!(is_known_action("block/block"));
        assert!(is_known_action("rights/rights"));
        assert!(!is_known_action("foo/bar"));
        assert!(!is_known_action("block/nonsense"));
        assert!(!is_known_action("block/*"));
        assert!(!is_known_action("block"));
        assert!(!is_known_action(""));
    }

    #[test]
    fn hidden_parts_need_rights() {
        let anon = Rights::anonymous();
        let admin = Rights::new(["read", "deletedhistory"]);
        let oversight = Rights::new(["read", "deletedhistory", "suppressrevision", "suppressionlog"]);
        assert!(can_see(&anon, 0, DELETED_USER));
        assert!(!can_see(&anon, DELETED_USER, DELETED_USER));
        assert!(can_see(&anon, DELETED_USER, DELETED_COMMENT));
        assert!(can_see(&admin, DELETED_USER, DELETED_USER));
        assert!(!can_see(&admin, DELETED_USER | DELETED_RESTRICTED, DELETED_USER));
        assert!(can_see(&oversight, DELETED_USER | DELETED_RESTRICTED, DELETED_USER));
        assert_eq!(hidden_log_types(&anon), vec!["suppress".to_owned()]);
        assert!(hidden_log_types(&oversight).is_empty());
        assert!(!can_view_log_type(&admin, "suppress"));
        assert!(can_view_log_type(&oversight, "suppress"));
    }
}
