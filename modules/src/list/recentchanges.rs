//! `list=recentchanges`: the recent-changes feed.
//!
//! One query reads a batch of `recentchanges` rows with their actors in `(timestamp, id)`
//! order; comments, tags, content hashes and whether titles are redirects are then read for
//! the batch at once, each only when asked for. What a caller sees of a change depends on its
//! rights: parts hidden by revision deletion (`rc_deleted`) are replaced by flags, patrol flags
//! need the right to patrol, and a log entry's parameters are formatted by the same formatter
//! as `list=logevents`.

use std::collections::HashMap;

use wikiquery_domain::revision::{sha1_hex, Visibility, DELETED_TEXT, DELETED_USER};
use wikiquery_domain::settings::Patrolling;
use wikiquery_runtime::format::ItemWriter;
use wikiquery_runtime::{
    query_module, ApiError, CacheMode, Continue, Generated, Limit, Namespace, ParamValues, QueryContext, QueryModule,
    RequestState, Timestamp, UserRef, ValueSet,
};
use wikiquery_store::queries::recent_changes::{RecentChangeRow, RecentChangesFilter};
use wikiquery_store::reader::Reader;
use wikiquery_store::site::Site;

use crate::family::changes::{change_type_id, filter_by_performer, hide_hidden_log_entries, patrol_flags_denied, Show};
use crate::shared::change_writer::{BatchData, ChangeWriter, Hidden};
use crate::storage;
use crate::values::{ChangeType, TimeDir, SHOW_RC, SLOTS};
use crate::wiki::WikiContext;

/// What to return of each change.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum RecentChangeProp {
    /// The edit summary or log comment.
    Comment,
    /// Whether the change is minor, made by a bot or created a page.
    Flags,
    /// The change's id, with the page id and the ids of the new and previous revisions.
    Ids,
    /// For log entries: the log id, type and action, with the entry's details.
    Loginfo,
    /// The edit summary or log comment rendered as HTML.
    Parsedcomment,
    /// Whether the change is patrolled or was patrolled automatically. Needs the right to
    /// patrol.
    Patrolled,
    /// Whether the page is a redirect now.
    Redirect,
    /// The SHA-1 hash of the revision's content, in hexadecimal.
    Sha1,
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

/// Lists the recent changes to the wiki: edits, page creations, log entries and category changes.
///
/// Changes are listed by time, newest first unless `rcdir=newer`, and only as far back as the
/// wiki keeps its recent changes. Hidden parts of a change are flagged instead of shown to
/// callers without the rights to see them.
#[query_module(
    name = "recentchanges",
    group = "list",
    cache = "public",
    prefix = "rc",
    xml = "rc",
    xml_nested(tags = "tag"),
    xml_lists(logparams = wikiquery_domain::log_params::XML_LISTS),
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Recentchanges",
    example(query = "action=query&list=recentchanges", text = "List the latest changes."),
    example(
        query = "action=query&list=recentchanges&rcprop=title|timestamp|user|comment|sizes&rcshow=!bot",
        text = "List the latest changes not made by bots, with their authors, summaries and sizes."
    ),
    example(
        query = "action=query&generator=recentchanges&grcnamespace=0&grctoponly=1&prop=info",
        text = "Get page information about the recently changed pages of the main namespace."
    )
)]
pub struct RecentChanges {
    /// The time to start listing at; with `rcdir=older`, the most recent time listed.
    pub start: Option<Timestamp>,
    /// The time to stop listing at.
    pub end: Option<Timestamp>,
    /// The direction to list in: `older` lists newest first, `newer` oldest first.
    #[param(default = "older")]
    pub dir: TimeDir,
    /// Only list changes to pages in these namespaces.
    #[param(all, extra_namespaces)]
    pub namespace: Vec<Namespace>,
    /// Only list changes made by this user. Cannot be combined with `rcexcludeuser`.
    pub user: Option<UserRef>,
    /// Leave out the changes made by this user. Cannot be combined with `rcuser`.
    pub excludeuser: Option<UserRef>,
    /// Only list changes that carry this change tag.
    pub tag: Option<String>,
    /// Which pieces of information to return for each change.
    #[param(default = "title|timestamp|ids")]
    pub prop: Vec<RecentChangeProp>,
    /// Only list changes that meet all of these conditions, e.g. `minor` for minor edits only
    /// or `!bot` to leave out bots' changes. The conditions about patrolling need the right to
    /// patrol, and a condition and its opposite cannot be given together.
    #[param(values = SHOW_RC)]
    pub show: Vec<String>,
    /// How many changes to return.
    #[param(default = 10)]
    pub limit: Limit,
    /// Which kinds of change to list.
    #[param(rename = "type", default = "edit|new|log|categorize")]
    pub type_: Vec<ChangeType>,
    /// Only list the changes that made the latest revision of their page.
    pub toponly: bool,
    /// Only list changes to this page.
    pub title: Option<String>,
    /// When more results are available, use this to continue.
    #[param(rename = "continue")]
    pub continue_: Option<Continue<(Timestamp, i64)>>,
    /// Used as a generator, give the revisions of the changes instead of their pages.
    pub generaterevisions: bool,
    /// Only list changes that touch this slot of the page's revisions, such as `main`. Only
    /// edits and page creations are then listed.
    #[param(values = SLOTS)]
    pub slot: Option<String>,
}

/// `rcshow` values that contradict each other.
const CONTRADICTIONS: &[(&str, &str)] = &[
    ("minor", "!minor"),
    ("bot", "!bot"),
    ("anon", "!anon"),
    ("redirect", "!redirect"),
    ("patrolled", "!patrolled"),
    ("patrolled", "unpatrolled"),
    ("!patrolled", "unpatrolled"),
    ("autopatrolled", "!autopatrolled"),
    ("autopatrolled", "unpatrolled"),
    ("autopatrolled", "!patrolled"),
];

/// `rcshow` values about patrolling, which need the right to patrol.
const PATROL_SHOW: &[&str] = &["patrolled", "!patrolled", "unpatrolled", "autopatrolled", "!autopatrolled"];

/// What a batch's changes are written with, beyond the shared writer.
struct Batch<'a> {
    fields: ValueSet<RecentChangeProp>,
    writer: ChangeWriter<'a>,
    hashes: HashMap<i64, (String, i32)>,
    redirects: HashMap<(i32, String), bool>,
}

impl Batch<'_> {
    /// Writes one change as MediaWiki's feed writes it, members in its order.
    fn write(&mut self, row: &RecentChangeRow, out: &mut ItemWriter<'_>) {
        let f = self.fields;
        let w = &mut self.writer;
        let mut h = Hidden::default();
        w.type_title_ids(row, out, f.has(RecentChangeProp::Title), f.has(RecentChangeProp::Ids), &mut h);
        if f.has(RecentChangeProp::Ids) {
            out.int("rcid", row.id);
        }
        if f.has(RecentChangeProp::User) || f.has(RecentChangeProp::Userid) {
            let (hidden, visible) = w.visibility.check(row.deleted, DELETED_USER);
            if hidden {
                out.flag("userhidden");
                ChangeWriter::hid(&mut h);
            }
            if visible {
                if f.has(RecentChangeProp::User) {
                    out.str("user", &row.actor_name);
                }
                if f.has(RecentChangeProp::Userid) {
                    out.int("userid", row.actor_user.unwrap_or(0));
                }
                if row.actor_user.unwrap_or(0) == 0 {
                    out.flag("anon");
                }
            }
        }
        if f.has(RecentChangeProp::Flags) {
            ChangeWriter::flags(row, out);
        }
        if f.has(RecentChangeProp::Sizes) {
            ChangeWriter::sizes(row, out);
        }
        if f.has(RecentChangeProp::Timestamp) {
            ChangeWriter::timestamp(row, out);
        }
        if f.has(RecentChangeProp::Comment) || f.has(RecentChangeProp::Parsedcomment) {
            w.comment(row, out, f.has(RecentChangeProp::Comment), f.has(RecentChangeProp::Parsedcomment), &mut h);
        }
        if f.has(RecentChangeProp::Redirect) {
            let redirect = self.redirects.get(&(row.namespace, row.title.clone())).copied().unwrap_or(false);
            out.bool("redirect", redirect);
        }
        if f.has(RecentChangeProp::Patrolled) {
            w.patrol(row, out);
        }
        if f.has(RecentChangeProp::Loginfo) {
            w.loginfo(row, out, &mut h);
        }
        if f.has(RecentChangeProp::Tags) {
            w.tags(row, out);
        }
        if f.has(RecentChangeProp::Sha1) {
            if let Some((sha1, rev_deleted)) = self.hashes.get(&row.this_oldid) {
                let (hidden, visible) = w.visibility.check(*rev_deleted, DELETED_TEXT);
                if hidden {
                    out.flag("sha1hidden");
                    ChangeWriter::hid(&mut h);
                }
                if visible {
                    if sha1.is_empty() {
                        out.str("sha1", "");
                    } else {
                        out.str("sha1", &sha1_hex(sha1));
                    }
                }
            }
        }
        ChangeWriter::suppressed(row, out, &h);
    }
}

impl RecentChanges {
    /// The filter this request's parameters make; `None` when nothing can match (an unknown
    /// tag).
    fn filter(
        &self,
        ctx: &QueryContext<'_>,
        reader: &mut Reader,
        site: &Site,
        patrolling: Patrolling,
    ) -> Result<Option<RecentChangesFilter>, ApiError> {
        let rights = &ctx.state.rights;
        let mut filter = RecentChangesFilter {
            ascending: self.dir == TimeDir::Newer,
            start: self.start.map(Timestamp::to_mw),
            end: self.end.map(Timestamp::to_mw),
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
        if !self.type_.is_empty() {
            filter.types = Some(self.type_.iter().map(|t| change_type_id(*t)).collect());
        }
        if let Some(text) = &self.title {
            filter.title = Some(storage::site_title(site, text)?);
        }

        let show = Show::checked(self.show.iter().map(String::as_str), CONTRADICTIONS)?;
        if PATROL_SHOW.iter().any(|v| show.has(v)) && !patrolling.any(rights) {
            return Err(patrol_flags_denied());
        }
        let condition = |yes: &str, no: &str| show.condition(yes, no);
        filter.minor = condition("minor", "!minor");
        filter.bot = condition("bot", "!bot");
        filter.anon = condition("anon", "!anon");
        filter.patrolled = condition("patrolled", "!patrolled");
        filter.autopatrolled = condition("autopatrolled", "!autopatrolled");
        filter.redirect = condition("redirect", "!redirect");
        if show.has("unpatrolled") {
            if patrolling.all_changes(rights) {
                filter.patrolled = Some(false);
            } else if patrolling.new_pages(rights) {
                filter.patrolled = Some(false);
                let types = filter.types.take().unwrap_or_else(|| vec![1]);
                filter.types = Some(types.into_iter().filter(|t| *t == 1).collect());
            }
        }

        if self.user.is_some() && self.excludeuser.is_some() {
            return Err(ApiError::invalid_param_mix(&[&ctx.wire_name("user"), &ctx.wire_name("excludeuser")]));
        }
        if self.prop.contains(&RecentChangeProp::Patrolled) && !patrolling.any(rights) {
            return Err(patrol_flags_denied());
        }
        filter_by_performer(ctx, reader, self.user.as_ref(), self.excludeuser.as_ref(), &mut filter)?;
        // MediaWiki hides log entries whose target is hidden when the request has a parameter
        // named `namespace` (unprefixed, whoever it is meant for).
        if ctx.state.params.get("namespace").is_some() {
            hide_hidden_log_entries(Visibility::of(rights), &mut filter);
        }
        filter.top_only = self.toponly;
        if let Some(tag) = &self.tag {
            match reader.tag_id(tag)? {
                Some(id) => filter.tag_ids = Some(vec![id]),
                None => return Ok(None),
            }
        }
        if let Some(slot) = &self.slot {
            filter.slot = Some(reader.slot_role_id(slot)?);
            // Only edits and new pages touch content.
            let content: Vec<i32> = self
                .type_
                .iter()
                .filter(|t| matches!(t, ChangeType::Edit | ChangeType::New))
                .map(|t| change_type_id(*t))
                .collect();
            filter.types = Some(content);
        }
        Ok(Some(filter))
    }

    fn run(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let site = ctx.site()?;
        let settings = ctx.settings();
        let patrolling = settings.patrolling;
        let mut reader = ctx.reader()?;
        ctx.ensure_list();
        if self.generaterevisions {
            ctx.generates_revisions();
        }
        let Some(filter) = self.filter(ctx, &mut reader, site, patrolling)? else { return Ok(()) };
        let mut rows = reader.recent_changes(&filter)?;
        let limit = usize::try_from(self.limit.get()).unwrap_or(usize::MAX);
        let next = if rows.len() > limit { rows.drain(limit..).next() } else { None };
        if let Some(next) = &next {
            ctx.set_continue((&next.timestamp, next.id));
        }

        // The feed grows at its start: the modules on the generated pages continue with the
        // generator pinned to this batch.
        if let Some(first) = rows.first() {
            ctx.set_generator_restart("continue", (&first.timestamp, first.id));
        }
        ctx.emit(
            rows,
            |row| {
                if self.generaterevisions {
                    Generated::Revision(row.this_oldid)
                } else {
                    Generated::Title(row.namespace, row.title.clone())
                }
            },
            |ctx, rows| {
                let fields = ValueSet::of(&self.prop);
                let rights = ctx.state.rights.clone();
                let visibility = Visibility::of(&rights);
                let wanted = (
                    fields.has(RecentChangeProp::Comment),
                    fields.has(RecentChangeProp::Parsedcomment),
                    fields.has(RecentChangeProp::Tags),
                );
                let data = BatchData::read(&mut reader, site, &rows, visibility, wanted)?;
                let hashes = if fields.has(RecentChangeProp::Sha1) {
                    let revs: Vec<i64> = rows.iter().map(|r| r.this_oldid).filter(|&r| r > 0).collect();
                    reader.revision_hashes(&revs)?
                } else {
                    HashMap::new()
                };
                let redirects = if fields.has(RecentChangeProp::Redirect) {
                    let titles: Vec<(i32, String)> = rows.iter().map(|r| (r.namespace, r.title.clone())).collect();
                    reader.existing_pages(&titles)?
                } else {
                    HashMap::new()
                };
                drop(reader);
                let writer = ChangeWriter::new(&rights, patrolling, site, data);
                let mut batch = Batch { fields, writer, hashes, redirects };
                // A change is up to about 300 bytes of JSON.
                ctx.reserve_written(rows.len() * 300);
                for row in &rows {
                    ctx.write_item(|out| batch.write(row, out));
                }
                Ok(())
            },
        )
    }
}

impl QueryModule for RecentChanges {
    /// Patrol flags and revision-deleted fields depend on the caller's rights; parsed comments
    /// on its language.
    fn cache_mode(&self, state: &RequestState) -> CacheMode {
        if self.show.iter().any(|s| PATROL_SHOW.contains(&s.as_str())) {
            return CacheMode::Private;
        }
        match CacheMode::public_unless_revision_deletion(&state.rights) {
            CacheMode::Public if self.prop.contains(&RecentChangeProp::Parsedcomment) => {
                CacheMode::AnonPublicUserPrivate
            }
            mode => mode,
        }
    }

    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        self.run(ctx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shared::change_writer::change_type_name;
    use wikiquery_runtime::ValueList;

    #[test]
    fn change_types_have_their_numbers_both_ways() {
        for kind in [ChangeType::Edit, ChangeType::New, ChangeType::Log, ChangeType::External, ChangeType::Categorize] {
            let name = change_type_name(change_type_id(kind));
            assert_eq!(ChangeType::from_value(name), Some(kind), "{kind:?}");
        }
        assert_eq!(change_type_name(42), "");
    }

    #[test]
    fn a_prop_set_holds_what_was_asked_and_nothing_else() {
        let props = ValueSet::of(&[RecentChangeProp::Title, RecentChangeProp::Userid, RecentChangeProp::Sha1]);
        for p in [RecentChangeProp::Title, RecentChangeProp::Userid, RecentChangeProp::Sha1] {
            assert!(props.has(p), "{p:?}");
        }
        for p in [RecentChangeProp::User, RecentChangeProp::Comment, RecentChangeProp::Ids, RecentChangeProp::Tags] {
            assert!(!props.has(p), "{p:?}");
        }
        assert!(props.any(&[RecentChangeProp::Ids, RecentChangeProp::Sha1]));
        assert!(!ValueSet::<RecentChangeProp>::of(&[]).any(&[RecentChangeProp::Title]));
    }
}
