//! `list=watchlist`: the recent changes to the titles on a watchlist, newest first by
//! default, only each page's latest change (and log entries) unless `allrev`. Read as
//! `list=recentchanges` reads the feed, restricted to the watched titles, with the same rules
//! for what hidden parts a caller sees; a log entry's parameters come from the one formatter
//! of `list=logevents`.

use std::collections::HashMap;

use wikiquery_domain::log_params::{self, EntryInfo, TitleContext};
use wikiquery_domain::revision::{Visibility, DELETED_COMMENT, DELETED_RESTRICTED, DELETED_USER};
use wikiquery_domain::settings::{Patrolling, SiteSettings};
use wikiquery_domain::title::{push_full_text, SiteNamespaces};
use wikiquery_framework::format::ItemWriter;
use wikiquery_framework::{
    query_module, ApiError, Limit, ModuleSpec, Namespace, ParamValues, QueryContext, QueryModule, Rights, Timestamp,
    UserRef, ValueSet,
};
use wikiquery_store::queries::recent_changes::{RecentChangeRow, RecentChangesFilter, RC_LOG};

use crate::family::changes::{parse_continue, Show};
use crate::family::comments::{parsed_comments, CommentOf};
use crate::family::users;
use crate::family::watchlists::watchlist_owner;
use crate::list::recentchanges::{change_type_id, change_type_name, patrol_flags_denied};
use crate::storage;
use crate::values::ChangeType;
use crate::values::TimeDir;

/// What to return of each change.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum WatchlistProp {
    Comment,
    Expiry,
    Flags,
    Ids,
    Loginfo,
    Notificationtimestamp,
    Parsedcomment,
    Patrol,
    Sizes,
    Tags,
    Timestamp,
    Title,
    User,
    Userid,
}

/// Filters on watched changes.
pub const SHOW_WL: &[&str] = &[
    "!anon",
    "!autopatrolled",
    "!bot",
    "!minor",
    "!patrolled",
    "!unread",
    "anon",
    "autopatrolled",
    "bot",
    "minor",
    "patrolled",
    "unread",
];

/// Recent changes to the caller's watched pages (or, with `owner` and `token`, another user's).
#[query_module(
    name = "watchlist",
    group = "list",
    prefix = "wl",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Watchlist"
)]
pub struct Watchlist {
    pub allrev: bool,
    pub start: Option<Timestamp>,
    pub end: Option<Timestamp>,
    #[param(all)]
    pub namespace: Vec<Namespace>,
    pub user: Option<UserRef>,
    pub excludeuser: Option<UserRef>,
    #[param(default = "older")]
    pub dir: TimeDir,
    #[param(default = 10)]
    pub limit: Limit,
    #[param(default = "ids|title|flags")]
    pub prop: Vec<WatchlistProp>,
    #[param(values = SHOW_WL)]
    pub show: Vec<String>,
    #[param(rename = "type", default = "edit|new|log|categorize")]
    pub type_: Vec<ChangeType>,
    #[param(subtypes = "name")]
    pub owner: Option<UserRef>,
    #[param(sensitive)]
    pub token: Option<String>,
    #[param(rename = "continue")]
    pub continue_: Option<String>,
}

/// `wlshow` values that contradict each other.
const CONTRADICTIONS: &[(&str, &str)] = &[
    ("minor", "!minor"),
    ("bot", "!bot"),
    ("anon", "!anon"),
    ("patrolled", "!patrolled"),
    ("autopatrolled", "!autopatrolled"),
    ("autopatrolled", "!patrolled"),
    ("unread", "!unread"),
];

/// `wlshow` values that need the right to patrol (those about automatic patrolling are
/// ignored without it, as in MediaWiki).
const PATROL_SHOW: &[&str] = &["patrolled", "!patrolled"];

/// `rc_deleted` of a log entry: its target and parameters are hidden.
const DELETED_ACTION: i32 = 1;

impl Watchlist {
    /// The wire name of one of the module's parameters (`wluser`, or `gwluser` as a
    /// generator).
    fn wire(ctx: &QueryContext<'_>, name: &str) -> String {
        format!("{}{}{name}", if ctx.is_generator() { "g" } else { "" }, <Self as ModuleSpec>::PREFIX)
    }

    fn filter(
        &self,
        ctx: &QueryContext<'_>,
        owner: i64,
        patrolling: Patrolling,
    ) -> Result<RecentChangesFilter, ApiError> {
        let rights = &ctx.state.rights;
        let mut filter = RecentChangesFilter {
            ascending: self.dir == TimeDir::Newer,
            start: self.start.map(Timestamp::to_mw),
            end: self.end.map(Timestamp::to_mw),
            latest_or_log: !self.allrev,
            limit: i64::try_from(self.limit.get()).unwrap_or(i64::MAX).saturating_add(1),
            ..RecentChangesFilter::default()
        };
        if let Some(cont) = &self.continue_ {
            filter.continue_from = Some(parse_continue(cont)?);
        }
        if !self.namespace.is_empty() {
            filter.namespaces = Some(self.namespace.iter().map(|n| n.0).collect());
        }
        let show = Show::checked(self.show.iter().map(String::as_str), CONTRADICTIONS)?;
        if PATROL_SHOW.iter().any(|v| show.has(v)) && !patrolling.any(rights) {
            return Err(patrol_flags_denied());
        }
        filter.minor = show.condition("minor", "!minor");
        filter.bot = show.condition("bot", "!bot");
        filter.anon = show.condition("anon", "!anon");
        if patrolling.any(rights) {
            filter.patrolled = show.condition("patrolled", "!patrolled");
            filter.autopatrolled = show.condition("autopatrolled", "!autopatrolled");
        }
        filter.watched_by = Some((owner, show.condition("unread", "!unread")));
        if !self.type_.is_empty() {
            filter.types = Some(self.type_.iter().map(|t| change_type_id(*t)).collect());
        }
        if self.user.is_some() && self.excludeuser.is_some() {
            return Err(ApiError::invalid_param_mix(&[&Self::wire(ctx, "user"), &Self::wire(ctx, "excludeuser")]));
        }
        let visibility = Visibility::of(rights);
        let mut reader = storage::reader(ctx)?;
        if let Some(user) = &self.user {
            filter.actor = Some((users::name_of(&mut reader, user)?, false));
        } else if let Some(user) = &self.excludeuser {
            filter.actor = Some((users::name_of(&mut reader, user)?, true));
        }
        if filter.actor.is_some() {
            // Hidden performers cannot be searched for.
            let bits = visibility.hidden_user_bits();
            if bits != 0 {
                filter.exclude_deleted.push(bits);
            }
        }
        // Log entries whose target the caller may not see are left out.
        let bits = if !visibility.history {
            DELETED_ACTION
        } else if !visibility.suppressed {
            DELETED_ACTION | DELETED_RESTRICTED
        } else {
            0
        };
        if bits != 0 {
            filter.exclude_deleted_log = Some(bits);
        }
        Ok(filter)
    }
}

impl QueryModule for Watchlist {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let owner = watchlist_owner(ctx, self.owner.as_ref(), self.token.as_deref())?;
        let settings = ctx.services.require::<SiteSettings>()?;
        let patrolling = settings.patrolling;
        let generating = ctx.is_generator();
        let fields = ValueSet::of(&self.prop);
        if !generating && fields.has(WatchlistProp::Patrol) && !patrolling.any(&ctx.state.rights) {
            return Err(ApiError::new(
                "patrol",
                "You need the <code>patrol</code> or <code>patrolmarks</code> right to request the patrolled flag.",
            ));
        }
        let filter = self.filter(ctx, owner, patrolling)?;
        let store = storage::store(ctx)?;
        let site = store.site();
        let mut reader = storage::reader(ctx)?;
        if !generating {
            ctx.ensure_list();
        }
        let mut rows = reader.recent_changes(&filter)?;
        let limit = usize::try_from(self.limit.get()).unwrap_or(usize::MAX);
        if rows.len() > limit {
            let next = &rows[limit];
            ctx.set_continue(format!("{}|{}", next.timestamp, next.id));
            rows.truncate(limit);
        }
        if generating {
            for row in &rows {
                if self.allrev {
                    ctx.add_generated_revision_as_is(row.this_oldid);
                } else {
                    ctx.add_generated_page_id(row.page_id);
                }
            }
            if self.allrev && rows.is_empty() {
                ctx.add_generated_revision(0);
            }
            return Ok(());
        }

        let rights = ctx.state.rights.clone();
        let visibility = Visibility::of(&rights);
        let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
        let comments = if fields.any(&[WatchlistProp::Comment, WatchlistProp::Parsedcomment]) {
            let comment_ids: Vec<i64> = rows.iter().map(|r| r.comment_id).collect();
            reader.comments(&comment_ids)?
        } else {
            HashMap::new()
        };
        let parsed = if fields.has(WatchlistProp::Parsedcomment) {
            let visible: Vec<CommentOf<'_, i64>> = rows
                .iter()
                .filter(|r| visibility.check(r.deleted, DELETED_COMMENT).1)
                .map(|r| CommentOf {
                    key: r.id,
                    text: comments.get(&r.comment_id).map_or("", String::as_str),
                    ns: r.namespace,
                    dbkey: &r.title,
                })
                .collect();
            parsed_comments(&mut reader, site, &visible)?
        } else {
            HashMap::new()
        };
        let tags = if fields.has(WatchlistProp::Tags) { reader.change_tags(&ids)? } else { HashMap::new() };
        let notifications = if fields.has(WatchlistProp::Notificationtimestamp) {
            let titles: Vec<(i32, String)> = rows.iter().map(|r| (r.namespace, r.title.clone())).collect();
            reader.watch_notifications(owner, &titles)?
        } else {
            HashMap::new()
        };
        drop(reader);

        let iw = site.interwikis();
        let is_interwiki = |p: &str| iw.is_interwiki(p);
        let mut batch = Batch {
            fields,
            visibility,
            rights: &rights,
            patrolling,
            namespaces: site.namespaces(),
            params_site: TitleContext { namespaces: site.namespaces(), is_interwiki: &is_interwiki },
            comments,
            parsed,
            tags,
            notifications,
            title: String::new(),
        };
        ctx.reserve_written(rows.len() * 300);
        for row in &rows {
            ctx.write_item(|out| batch.write(row, out));
        }
        Ok(())
    }
}

/// What a batch's changes are written with, read for the whole batch.
struct Batch<'a> {
    fields: ValueSet<WatchlistProp>,
    visibility: Visibility,
    rights: &'a Rights,
    patrolling: Patrolling,
    namespaces: &'a SiteNamespaces,
    params_site: TitleContext<'a>,
    comments: HashMap<i64, String>,
    parsed: HashMap<i64, String>,
    tags: HashMap<i64, Vec<String>>,
    notifications: HashMap<(i32, String), Option<String>>,
    /// Room for a change's title text, reused from change to change.
    title: String,
}

impl Batch<'_> {
    /// Writes one change as MediaWiki's watchlist writes it, members in its order.
    fn write(&mut self, row: &RecentChangeRow, out: &mut ItemWriter<'_>) {
        let f = self.fields;
        let deleted = row.deleted;
        let is_log = row.change_type == RC_LOG;
        let mut any_hidden = false;
        out.str("type", change_type_name(row.change_type));
        let action_visible = !is_log || self.visibility.check_log(deleted, DELETED_ACTION).1;
        let mut action_hidden_written = false;
        if f.any(&[WatchlistProp::Title, WatchlistProp::Ids]) {
            if is_log && deleted & DELETED_ACTION != 0 {
                out.flag("actionhidden");
                action_hidden_written = true;
                any_hidden = true;
            }
            if action_visible {
                if f.has(WatchlistProp::Title) {
                    out.int("ns", row.namespace.into());
                    self.title.clear();
                    push_full_text(&mut self.title, row.namespace, &row.title, self.namespaces);
                    out.str("title", &self.title);
                }
                if f.has(WatchlistProp::Ids) {
                    out.int("pageid", row.page_id);
                    out.int("revid", row.this_oldid);
                    out.int("old_revid", row.last_oldid);
                }
            }
        }
        if f.any(&[WatchlistProp::User, WatchlistProp::Userid]) {
            let (hidden, visible) = self.visibility.check(deleted, DELETED_USER);
            if hidden {
                out.flag("userhidden");
                any_hidden = true;
            }
            if visible {
                let user_id = row.actor_user.unwrap_or(0);
                if f.has(WatchlistProp::Userid) {
                    out.int("userid", user_id);
                    if !f.has(WatchlistProp::User) {
                        // MediaWiki writes the id as `user` too, when the name is not asked for.
                        out.int("user", user_id);
                    }
                }
                if f.has(WatchlistProp::User) {
                    out.str("user", &row.actor_name);
                }
                out.bool("anon", user_id == 0);
            }
        }
        if f.has(WatchlistProp::Flags) {
            out.bool("bot", row.bot != 0);
            out.bool("new", row.change_type == 1);
            out.bool("minor", row.minor != 0);
        }
        if f.has(WatchlistProp::Sizes) {
            out.int("oldlen", row.old_len.unwrap_or(0));
            out.int("newlen", row.new_len.unwrap_or(0));
        }
        if f.has(WatchlistProp::Timestamp) {
            match Timestamp::iso_of_stored(&row.timestamp) {
                Some(iso) => out.str("timestamp", &iso),
                None => out.bool("timestamp", false),
            };
        }
        if f.has(WatchlistProp::Notificationtimestamp) {
            let stored = self.notifications.get(&(row.namespace, row.title.clone())).cloned().flatten();
            match stored.as_deref().and_then(Timestamp::iso_of_stored) {
                Some(iso) => out.str("notificationtimestamp", &iso),
                None => out.str("notificationtimestamp", ""),
            };
        }
        if f.any(&[WatchlistProp::Comment, WatchlistProp::Parsedcomment]) {
            let (hidden, visible) = self.visibility.check(deleted, DELETED_COMMENT);
            if hidden {
                out.flag("commenthidden");
                any_hidden = true;
            }
            if visible {
                if f.has(WatchlistProp::Comment) {
                    out.str("comment", self.comments.get(&row.comment_id).map_or("", String::as_str));
                }
                if f.has(WatchlistProp::Parsedcomment) {
                    out.str("parsedcomment", self.parsed.get(&row.id).map_or("", String::as_str));
                }
            }
        }
        if f.has(WatchlistProp::Patrol) {
            out.bool("patrolled", row.patrolled != 0);
            let unpatrolled =
                self.patrolling.is_unpatrolled(self.rights, row.patrolled, row.change_type, row.log_type.as_deref());
            out.bool("unpatrolled", unpatrolled);
            out.bool("autopatrolled", row.patrolled == 2);
        }
        if f.has(WatchlistProp::Loginfo) && is_log {
            if deleted & DELETED_ACTION != 0 {
                if !action_hidden_written {
                    out.flag("actionhidden");
                }
                any_hidden = true;
            }
            if action_visible {
                out.int("logid", row.log_id);
                let log_type = row.log_type.as_deref().unwrap_or("");
                let action = row.log_action.as_deref().unwrap_or("");
                out.str("logtype", log_type);
                out.str("logaction", action);
                let info = EntryInfo {
                    log_type,
                    action,
                    timestamp: &row.timestamp,
                    params: row.params.as_deref().unwrap_or(""),
                };
                out.object("logparams", log_params::format_params(&info, &self.params_site).iter());
            }
        }
        if f.has(WatchlistProp::Tags) {
            out.strings("tags", self.tags.get(&row.id).map_or(&[], Vec::as_slice));
        }
        if f.has(WatchlistProp::Expiry) {
            // Temporary watching is off (MediaWiki's default): no title's watch expires.
            out.bool("expiry", false);
        }
        if any_hidden && deleted & DELETED_RESTRICTED != 0 {
            out.flag("suppressed");
        }
    }
}
