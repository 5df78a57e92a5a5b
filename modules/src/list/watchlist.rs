//! `list=watchlist`: the recent changes to the titles on a watchlist, newest first by
//! default, only each page's latest change (and log entries) unless `allrev`. Read as
//! `list=recentchanges` reads the feed, restricted to the watched titles, with the same rules
//! for what hidden parts a caller sees; a log entry's parameters come from the one formatter
//! of `list=logevents`.

use std::collections::HashMap;

use wikiquery_domain::revision::{Visibility, DELETED_USER};
use wikiquery_domain::settings::Patrolling;
use wikiquery_runtime::format::ItemWriter;
use wikiquery_runtime::{
    query_module, ApiError, Continue, Generated, Limit, Namespace, ParamValues, QueryContext, QueryModule, Timestamp,
    UserRef, ValueSet,
};
use wikiquery_store::queries::recent_changes::{RecentChangeRow, RecentChangesFilter};

use crate::family::changes::{change_type_id, patrol_flags_denied};
use crate::family::changes::{filter_by_performer, hide_hidden_log_entries, Show};
use crate::shared::change_writer::{BatchData, ChangeWriter, Hidden};
use crate::shared::log_display::{interface_language, log_displays, Unregistered};
use crate::shared::watchlists::{owner_rights, watchlist_owner};
use crate::values::ChangeType;
use crate::values::TimeDir;
use crate::wiki::WikiContext;

/// What to return of each change.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum WatchlistProp {
    /// The edit summary or log comment.
    Comment,
    /// When the page's watch ends (`false` when it is watched for good, as on this server
    /// every page is).
    Expiry,
    /// Whether the change is minor, made by a bot or created a page.
    Flags,
    /// The page id and the ids of the new and previous revisions, with the change's id.
    Ids,
    /// For log entries: the log id, type and action, with the entry's details.
    Loginfo,
    /// The time of the first change to the page the watchlist's owner has not seen yet (empty
    /// when they have seen them all).
    Notificationtimestamp,
    /// The edit summary or log comment rendered as HTML.
    Parsedcomment,
    /// Whether the change is patrolled or was patrolled automatically. Needs the right to
    /// patrol.
    Patrol,
    /// The page's size in bytes before and after the change.
    Sizes,
    /// The change tags of the change.
    Tags,
    /// When the change was made.
    Timestamp,
    /// The title and namespace number of the changed page.
    Title,
    /// The name of the user who made the change, and whether it was an anonymous user.
    User,
    /// The id of the user who made the change.
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

/// Lists the recent changes to the pages on the caller's watchlist, newest first by default.
///
/// Only the latest change of each page is listed (log entries are all listed) unless `wlallrev`
/// is given. Another user's watchlist is read with `wlowner` and that user's `wltoken`.
#[query_module(
    name = "watchlist",
    group = "list",
    prefix = "wl",
    readrights,
    xml = "item",
    xml_nested(tags = "tag"),
    xml_lists(logparams = wikiquery_domain::log_params::XML_LISTS),
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Watchlist",
    example(
        query = "action=query&list=watchlist",
        text = "List the latest change to each recently changed page you watch."
    ),
    example(
        query = "action=query&list=watchlist&wlallrev=1&wlprop=ids|title|timestamp|user|comment&wlshow=!bot",
        text = "List every recent change to your watched pages not made by bots, with its author and summary."
    ),
    example(
        query = "action=query&generator=watchlist&gwlnamespace=0&prop=info",
        text = "Get page information about the recently changed articles on your watchlist."
    )
)]
pub struct Watchlist {
    /// List every change to each watched page, not only its latest one. Used as a generator,
    /// gives the revisions of the changes instead of their pages.
    pub allrev: bool,
    /// The time to start listing at; with `wldir=older`, the most recent time listed.
    pub start: Option<Timestamp>,
    /// The time to stop listing at.
    pub end: Option<Timestamp>,
    /// Only list changes to pages in these namespaces.
    #[param(all)]
    pub namespace: Vec<Namespace>,
    /// Only list changes made by this user. Cannot be combined with `wlexcludeuser`.
    pub user: Option<UserRef>,
    /// Leave out the changes made by this user. Cannot be combined with `wluser`.
    pub excludeuser: Option<UserRef>,
    /// The direction to list in: `older` lists newest first, `newer` oldest first.
    #[param(default = "older")]
    pub dir: TimeDir,
    /// How many changes to return.
    #[param(default = 10)]
    pub limit: Limit,
    /// Which pieces of information to return for each change.
    #[param(default = "ids|title|flags")]
    pub prop: Vec<WatchlistProp>,
    /// Only list changes that meet all of these conditions, e.g. `!minor` to leave out minor
    /// edits or `unread` for changes the watchlist's owner has not seen yet. `patrolled` and
    /// `!patrolled` need the right to patrol; a condition and its opposite cannot be given
    /// together.
    #[param(values = SHOW_WL)]
    pub show: Vec<String>,
    /// Which kinds of change to list.
    #[param(rename = "type", default = "edit|new|log|categorize")]
    pub type_: Vec<ChangeType>,
    /// The user whose watchlist to read instead of the caller's; needs `wltoken`.
    #[param(subtypes = "name")]
    pub owner: Option<UserRef>,
    /// The watchlist token of the user named by `wlowner`, as set in that user's preferences.
    #[param(sensitive)]
    pub token: Option<String>,
    /// When more results are available, use this to continue.
    #[param(rename = "continue")]
    pub continue_: Option<Continue<(Timestamp, i64)>>,
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

impl Watchlist {
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
            let (time, id) = cont.read()?;
            filter.continue_from = Some((time.to_mw(), id));
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
        let mut reader = ctx.reader()?;
        filter_by_performer(ctx, &mut reader, self.user.as_ref(), self.excludeuser.as_ref(), &mut filter)?;
        drop(reader);
        // Which hidden log entries are left out is the owner's to see, as in MediaWiki; what
        // the others show is the caller's.
        hide_hidden_log_entries(Visibility::of(&owner_rights(ctx, owner)?), &mut filter);
        Ok(filter)
    }
}

impl QueryModule for Watchlist {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let owner = watchlist_owner(ctx.state, &mut *ctx.reader()?, self.owner.as_ref(), self.token.as_deref())?;
        let settings = ctx.settings();
        let patrolling = settings.patrolling;
        let fields = ValueSet::of(&self.prop);
        let filter = self.filter(ctx, owner, patrolling)?;
        let site = ctx.site()?;
        let mut reader = ctx.reader()?;
        ctx.ensure_list();
        if self.allrev {
            ctx.generates_revisions();
        }
        let mut rows = reader.recent_changes(&filter)?;
        let limit = usize::try_from(self.limit.get()).unwrap_or(usize::MAX);
        if rows.len() > limit {
            let next = &rows[limit];
            ctx.set_continue((&next.timestamp, next.id));
            rows.truncate(limit);
        }
        ctx.emit(
            rows,
            |row| {
                if self.allrev {
                    Generated::RevisionAsIs(row.this_oldid)
                } else {
                    Generated::PageId(row.page_id)
                }
            },
            |ctx, rows| {
                // Only listed changes say whether they are patrolled (the generator's pages do not).
                if fields.has(WatchlistProp::Patrol) && !patrolling.any(&ctx.state.rights) {
                    return Err(ApiError::new(
                    "patrol",
                    "You need the <code>patrol</code> or <code>patrolmarks</code> right to request the patrolled flag.",
                ));
                }
                let rights = ctx.state.rights.clone();
                let wanted = (
                    fields.has(WatchlistProp::Comment),
                    fields.has(WatchlistProp::Parsedcomment),
                    fields.has(WatchlistProp::Tags),
                );
                let mut data = BatchData::read(&mut reader, site, &rows, Visibility::of(&rights), wanted)?;
                if fields.has(WatchlistProp::Loginfo) {
                    let lang = interface_language(ctx.state.params.get("uselang"), site);
                    data.displays =
                        log_displays(&mut reader, site, &rows, &rights, &lang, Unregistered::AsUnknownUser)?;
                }
                let notifications = if fields.has(WatchlistProp::Notificationtimestamp) {
                    let titles: Vec<(i32, String)> = rows.iter().map(|r| (r.namespace, r.title.clone())).collect();
                    reader.watch_notifications(owner, &titles)?
                } else {
                    HashMap::new()
                };
                drop(reader);
                let writer = ChangeWriter::new(&rights, patrolling, site, data);
                let mut batch = Batch { fields, writer, notifications };
                ctx.reserve_written(rows.len() * 300);
                for row in &rows {
                    ctx.write_item(|out| batch.write(row, out));
                }
                Ok(())
            },
        )
    }
}

/// What a batch's changes are written with, beyond the shared writer.
struct Batch<'a> {
    fields: ValueSet<WatchlistProp>,
    writer: ChangeWriter<'a>,
    notifications: HashMap<(i32, String), Option<String>>,
}

impl Batch<'_> {
    /// Writes one change as MediaWiki's watchlist writes it, members in its order.
    fn write(&mut self, row: &RecentChangeRow, out: &mut ItemWriter<'_>) {
        let f = self.fields;
        let w = &mut self.writer;
        let mut h = Hidden::default();
        w.type_title_ids(row, out, f.has(WatchlistProp::Title), f.has(WatchlistProp::Ids), &mut h);
        if f.any(&[WatchlistProp::User, WatchlistProp::Userid]) {
            let (hidden, visible) = w.visibility.check(row.deleted, DELETED_USER);
            if hidden {
                out.flag("userhidden");
                ChangeWriter::hid(&mut h);
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
            ChangeWriter::flags(row, out);
        }
        if f.has(WatchlistProp::Sizes) {
            ChangeWriter::sizes(row, out);
        }
        if f.has(WatchlistProp::Timestamp) {
            ChangeWriter::timestamp(row, out);
        }
        if f.has(WatchlistProp::Notificationtimestamp) {
            let stored = self.notifications.get(&(row.namespace, row.title.clone())).cloned().flatten();
            match stored.as_deref().and_then(Timestamp::iso_of_stored) {
                Some(iso) => out.str("notificationtimestamp", &iso),
                None => out.str("notificationtimestamp", ""),
            };
        }
        if f.any(&[WatchlistProp::Comment, WatchlistProp::Parsedcomment]) {
            w.comment(row, out, f.has(WatchlistProp::Comment), f.has(WatchlistProp::Parsedcomment), &mut h);
        }
        if f.has(WatchlistProp::Patrol) {
            w.patrol(row, out);
        }
        if f.has(WatchlistProp::Loginfo) {
            w.loginfo(row, out, &mut h);
        }
        if f.has(WatchlistProp::Tags) {
            w.tags(row, out);
        }
        if f.has(WatchlistProp::Expiry) {
            // Temporary watching is off (MediaWiki's default): no title's watch expires.
            out.bool("expiry", false);
        }
        ChangeWriter::suppressed(row, out, &h);
    }
}
