//! `list=usercontribs`: edits of given users.
//!
//! Users are named four ways, and each decides the order and the continue value as in
//! MediaWiki: one user (`<timestamp>|<id>`), several names or ids listed together in actor order
//! (`actor|<actor id>|<timestamp>|<id>`), or users by name prefix or by address range, one after
//! another in name or address order (`name|<name>|<timestamp>|<id>`). One query reads a user's
//! (or the users') revisions with their pages; comments, parents' sizes, tags and patrol marks
//! are read for the batch at once, each only when asked for.

use std::collections::HashMap;

use wikiquery_domain::revision::{Visibility, DELETED_COMMENT, DELETED_RESTRICTED, DELETED_TEXT, DELETED_USER};
use wikiquery_domain::settings::{Patrolling, SiteSettings};
use wikiquery_domain::title::{ip_from_hex, ip_hex, ip_range_hex, push_full_text};
use wikiquery_runtime::{
    query_module, ApiError, Continue, Limit, ModuleSpec, Namespace, ParamValues, Parts, QueryContext, QueryModule,
    Timestamp, UserRef, ValueSet,
};
use wikiquery_store::queries::revisions::contributions::{ContribRow, ContribsContinue, ContribsFilter};
use wikiquery_store::reader::Reader;
use wikiquery_store::site::Site;

use crate::family::changes::patrol_flags_denied;
use crate::family::changes::Show;
use crate::shared::comments::{parsed_comments, CommentOf};
use crate::values::TimeDir;
use crate::wiki::WikiContext;

/// What to return of each contribution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum UserContribProp {
    /// The edit summary.
    Comment,
    /// Whether the edit is minor, created the page, or is the page's latest revision.
    Flags,
    /// The page id, the revision id and the id of the revision before it.
    Ids,
    /// The edit summary rendered as HTML.
    Parsedcomment,
    /// Whether the edit is patrolled or was patrolled automatically. Needs the right to
    /// patrol.
    Patrolled,
    /// The page's size in bytes after the edit.
    Size,
    /// How many bytes the edit added to or removed from the page.
    Sizediff,
    /// The change tags of the edit.
    Tags,
    /// When the edit was made.
    Timestamp,
    /// The title and namespace number of the edited page.
    Title,
}

/// Filters on contributions.
pub const SHOW_UC: &[&str] =
    &["!autopatrolled", "!minor", "!new", "!patrolled", "!top", "autopatrolled", "minor", "new", "patrolled", "top"];

/// Lists the edits made by one or more users, newest first by default.
///
/// The users are given in exactly one way: by name (`ucuser`), by id (`ucuserids`), by the
/// beginning of their names (`ucuserprefix`) or, for anonymous edits, by an IP address range
/// (`uciprange`).
#[query_module(
    name = "usercontribs",
    group = "list",
    cache = "anon-public-user-private",
    prefix = "uc",
    xml = "item",
    xml_nested(tags = "tag"),
    readrights,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Usercontribs",
    exactly_one_of(userprefix, userids, iprange, user),
    example(query = "action=query&list=usercontribs&ucuser=Alice", text = "List the latest edits of Alice."),
    example(
        query = "action=query&list=usercontribs&ucuser=Bob|Carol&ucprop=title|sizediff&ucshow=!minor",
        text = "List the latest edits of Bob and Carol that are not minor, with the size change of each."
    ),
    example(
        query = "action=query&list=usercontribs&uciprange=192.0.2.0/24&uclimit=20",
        text = "List the 20 latest edits made from addresses in the range 192.0.2.0/24."
    )
)]
pub struct UserContribs {
    /// How many edits to return.
    #[param(default = 10)]
    pub limit: Limit,
    /// The time to start listing at; with `ucdir=older`, the most recent time listed.
    pub start: Option<Timestamp>,
    /// The time to stop listing at.
    pub end: Option<Timestamp>,
    /// When more results are available, use this to continue.
    #[param(rename = "continue")]
    pub continue_: Option<Continue<Parts>>,
    /// The users whose edits to list, by name; IP addresses list anonymous edits.
    #[param(subtypes = "name|ip|temp|interwiki")]
    pub user: Vec<UserRef>,
    /// The users whose edits to list, by user id.
    pub userids: Vec<i64>,
    /// List the edits of every user whose name begins with this text.
    pub userprefix: Option<String>,
    /// List the edits made from the IP addresses of this range, written in CIDR notation
    /// (such as `192.0.2.0/24`). The wiki sets how broad a range may be.
    pub iprange: Option<String>,
    /// The direction to list in: `older` lists newest first, `newer` oldest first.
    #[param(default = "older")]
    pub dir: TimeDir,
    /// Only list edits of pages in these namespaces.
    #[param(all)]
    pub namespace: Vec<Namespace>,
    /// Which pieces of information to return for each edit.
    #[param(default = "ids|title|timestamp|comment|size|flags")]
    pub prop: Vec<UserContribProp>,
    /// Only list edits that meet all of these conditions, e.g. `!minor` to leave out minor
    /// edits or `top` for edits that are still their page's latest revision. The conditions
    /// about patrolling need the right to patrol, and a condition and its opposite cannot be
    /// given together.
    #[param(values = SHOW_UC)]
    pub show: Vec<String>,
    /// Only list edits that carry this change tag.
    pub tag: Option<String>,
    /// Only list edits that are still their page's latest revision. Deprecated: use
    /// `ucshow=top` instead.
    #[param(deprecated)]
    pub toponly: bool,
}

impl QueryModule for UserContribs {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        self.run(ctx)
    }
}

/// How the users of a request are named, which decides the order of contributions and the
/// form of the continue value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// One user: continue `<timestamp>|<id>`.
    Single,
    /// Several users listed together in actor order: `actor|<actor id>|<timestamp>|<id>`.
    Actors,
    /// Users by name prefix or addresses in a range, one after another:
    /// `name|<name>|<timestamp>|<id>`.
    Names,
}

/// Where the users come from.
enum Users {
    /// These actors (id, name), listed together.
    Listed(Vec<(i64, String)>),
    /// Actors whose names start with this prefix.
    Prefix(String),
    /// Addresses that edited, between these two hex forms.
    Range(String, String),
}

/// Users asked for one after another are looked up this many at a time, the last one only
/// saying where the next lookup starts (MediaWiki's batch).
const USER_BATCH: i64 = 501;

/// `show` values that contradict each other.
const CONTRADICTIONS: &[(&str, &str)] = &[
    ("minor", "!minor"),
    ("patrolled", "!patrolled"),
    ("autopatrolled", "!autopatrolled"),
    ("autopatrolled", "!patrolled"),
    ("top", "!top"),
    ("new", "!new"),
];

/// Whether an actor id comes at or after a continue value's key in the direction of listing,
/// compared as the database compares a number column with a text value (numerically when the
/// text is a number; every number sorts before text otherwise).
fn id_at_or_after(id: i64, key: &str, descending: bool) -> bool {
    match key.trim().parse::<f64>() {
        Ok(k) => {
            if descending {
                (id as f64) <= k
            } else {
                (id as f64) >= k
            }
        }
        Err(_) => descending,
    }
}

impl UserContribs {
    fn wire(name: &str) -> String {
        format!("{}{name}", <Self as ModuleSpec>::PREFIX)
    }

    fn param_empty(name: &str) -> ApiError {
        let wire = Self::wire(name);
        ApiError::new(format!("paramempty_{wire}"), format!("The \"{wire}\" parameter may not be empty."))
    }

    /// The continue value's parts when it has the mode's shape (its mode word and count).
    fn continue_parts(&self, words: &[&str]) -> Result<Option<Vec<&str>>, ApiError> {
        let Some(raw) = &self.continue_ else { return Ok(None) };
        let parts = raw.parts(4)?;
        if !words.contains(&parts[0]) {
            return Err(ApiError::bad_continue());
        }
        Ok(Some(parts))
    }

    /// The users of the request and the mode they make, with the continue value's key where
    /// the users' own listing resumes.
    fn users(
        &self,
        ctx: &QueryContext<'_>,
        reader: &mut Reader,
        settings: &SiteSettings,
    ) -> Result<(Mode, Users), ApiError> {
        let descending = self.dir == TimeDir::Older;
        let given = |name: &str| ctx.given(name).is_some();
        if let Some(prefix) = &self.userprefix {
            self.continue_parts(&["name"])?;
            return Ok((Mode::Names, Users::Prefix(prefix.clone())));
        }
        if given("userids") {
            if self.userids.is_empty() {
                return Err(Self::param_empty("userids"));
            }
            if let Some(bad) = self.userids.iter().find(|id| **id <= 0) {
                return Err(ApiError::new("invaliduserid", format!("Invalid user ID {bad}.")));
            }
            let several = self.userids.len() > 1;
            let mut actors = reader.actors_of_users(&self.userids, descending)?;
            if several {
                if let Some(parts) = self.continue_parts(&["id", "actor"])? {
                    let from: i64 = parts[1]
                        .parse()
                        .ok()
                        .filter(|v: &i64| v.to_string() == parts[1])
                        .ok_or_else(ApiError::bad_continue)?;
                    actors.retain(|a| if descending { a.0 <= from } else { a.0 >= from });
                }
            }
            let listed = actors.into_iter().map(|a| (a.0, a.1)).collect();
            return Ok((if several { Mode::Actors } else { Mode::Single }, Users::Listed(listed)));
        }
        if let Some(range) = &self.iprange {
            let invalid = || ApiError::new("invalidiprange", format!("Invalid IP range \"{range}\"."));
            let (mut low, mut high, v6, bits) = ip_range_hex(range).ok_or_else(invalid)?;
            let bits = bits.ok_or_else(invalid)?;
            let (limit, kind) = if v6 {
                (settings.range_contributions_cidr_limit.1, "IPv6")
            } else {
                (settings.range_contributions_cidr_limit.0, "IPv4")
            };
            if bits < limit {
                return Err(ApiError::new(
                    "cidrtoobroad",
                    format!("{kind} CIDR ranges broader than /{limit} are not accepted."),
                ));
            }
            if let Some(parts) = self.continue_parts(&["name"])? {
                let hex = ip_hex(&parts[1]).ok_or_else(ApiError::bad_continue)?;
                if descending {
                    high = hex;
                } else {
                    low = hex;
                }
            }
            return Ok((Mode::Names, Users::Range(low, high)));
        }
        if self.user.is_empty() {
            return Err(Self::param_empty("user"));
        }
        let mut names: Vec<String> = Vec::new();
        for user in &self.user {
            let name = user.text();
            if !names.contains(&name) {
                names.push(name);
            }
        }
        let several = names.len() > 1;
        let mut actors = reader.actors_named(&names, descending)?;
        if several {
            if let Some(parts) = self.continue_parts(&["name", "actor"])? {
                actors.retain(|a| id_at_or_after(a.0, &parts[1], descending));
            }
        }
        let listed = actors.into_iter().map(|a| (a.0, a.1)).collect();
        Ok((if several { Mode::Actors } else { Mode::Single }, Users::Listed(listed)))
    }

    /// The filter of the revision queries, with the checks MediaWiki makes when it prepares
    /// its first one (the continue value's timestamp and id, `show`, the right to patrol).
    fn prepare(
        &self,
        ctx: &QueryContext<'_>,
        reader: &mut Reader,
        mode: Mode,
        patrolling: Patrolling,
    ) -> Result<(ContribsFilter, Option<String>), ApiError> {
        let mut filter = ContribsFilter {
            ascending: self.dir == TimeDir::Newer,
            start: self.start.map(Timestamp::to_mw),
            end: self.end.map(Timestamp::to_mw),
            ..ContribsFilter::default()
        };
        let mut name_key = None;
        if let Some(raw) = &self.continue_ {
            // One user's contributions continue by `<timestamp>|<id>`; several users' by
            // `<mode>|<user>|<timestamp>|<id>`.
            let parts = raw.parts(if mode == Mode::Single { 2 } else { 4 })?;
            let rest = match mode {
                Mode::Single => &parts[..],
                Mode::Actors if parts[0] == "actor" => &parts[2..],
                Mode::Names if parts[0] == "name" => &parts[2..],
                _ => return Err(ApiError::bad_continue()),
            };
            let (time, id) = Continue::<(Timestamp, i64)>::parse(&format!("{}|{}", rest[0], rest[1]))?;
            let timestamp = time.to_mw();
            let actor = match mode {
                // The database compares the actor column with the value as text: a value that
                // is no number comes after every actor.
                Mode::Actors => match parts[1].trim().parse::<i64>() {
                    Ok(actor) => Some(actor),
                    Err(_) if self.dir == TimeDir::Older => {
                        filter.continue_from = None;
                        return self.prepare_rest(ctx, reader, filter, patrolling, None);
                    }
                    Err(_) => Some(i64::MAX),
                },
                Mode::Names => {
                    name_key = Some(parts[1].to_owned());
                    None
                }
                Mode::Single => None,
            };
            filter.continue_from = Some(ContribsContinue { actor, timestamp, id });
        }
        self.prepare_rest(ctx, reader, filter, patrolling, name_key)
    }

    /// The rest of [`UserContribs::prepare`], once the continue value is read.
    fn prepare_rest(
        &self,
        ctx: &QueryContext<'_>,
        reader: &mut Reader,
        mut filter: ContribsFilter,
        patrolling: Patrolling,
        name_key: Option<String>,
    ) -> Result<(ContribsFilter, Option<String>), ApiError> {
        let rights = &ctx.state.rights;
        filter.hidden_bits = Visibility::of(rights).hidden_user_bits();
        if !self.namespace.is_empty() {
            filter.namespaces = Some(self.namespace.iter().map(|n| n.0).collect());
        }
        // The deprecated `toponly` is `show=top`.
        let given = self.show.iter().map(String::as_str).chain(self.toponly.then_some("top"));
        let show = Show::checked(given, CONTRADICTIONS)?;
        let condition = |yes: &str, no: &str| show.condition(yes, no);
        filter.minor = condition("minor", "!minor");
        filter.patrolled = condition("patrolled", "!patrolled");
        filter.autopatrolled = condition("autopatrolled", "!autopatrolled");
        filter.top = condition("top", "!top");
        filter.new = condition("new", "!new");
        let patrol_asked = filter.patrolled.is_some() || filter.autopatrolled.is_some();
        if (patrol_asked || self.prop.contains(&UserContribProp::Patrolled)) && !patrolling.any(rights) {
            return Err(patrol_flags_denied());
        }
        if let Some(tag) = &self.tag {
            // A tag that does not exist matches nothing.
            filter.tag_id = Some(reader.tag_id(tag)?.unwrap_or(-1));
        }
        Ok((filter, name_key))
    }

    fn run(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let settings = ctx.settings();
        let patrolling = settings.patrolling;
        let site = ctx.site()?;
        let mut reader = ctx.reader()?;
        let descending = self.dir == TimeDir::Older;
        ctx.ensure_list();
        let (mode, users) = self.users(ctx, &mut reader, settings)?;
        let limit = usize::try_from(self.limit.get()).unwrap_or(usize::MAX);
        let mut rows: Vec<ContribRow> = Vec::new();
        let mut prepared: Option<(ContribsFilter, Option<String>)> = None;
        match &users {
            Users::Listed(actors) => {
                if !actors.is_empty() {
                    let (mut filter, _) = self.prepare(ctx, &mut reader, mode, patrolling)?;
                    filter.actors = actors.iter().map(|a| a.0).collect();
                    filter.limit = i64::try_from(limit).unwrap_or(i64::MAX).saturating_add(1);
                    rows = reader.contributions(&filter)?;
                }
            }
            Users::Prefix(_) | Users::Range(..) => {
                let mut from: Option<String> = match &self.continue_ {
                    Some(raw) => raw.parts(4)?.get(1).map(|name| (*name).to_owned()),
                    None => None,
                };
                let mut range = match &users {
                    Users::Range(low, high) => Some((low.clone(), high.clone())),
                    _ => None,
                };
                'users: loop {
                    let batch: Vec<(i64, String)> = match (&users, &mut range) {
                        (Users::Prefix(prefix), _) => reader
                            .actors_with_prefix(prefix, from.as_deref(), descending, USER_BATCH)?
                            .into_iter()
                            .map(|a| (a.0, a.1))
                            .collect(),
                        (_, Some((low, high))) => {
                            let hexes = reader.edit_addresses(low, high, descending, USER_BATCH)?;
                            let names: Vec<String> = hexes.iter().map(|h| ip_from_hex(h)).collect();
                            if hexes.len() as i64 >= USER_BATCH {
                                let last = hexes[hexes.len() - 1].clone();
                                if descending {
                                    *high = last;
                                } else {
                                    *low = last;
                                }
                            }
                            let actors = reader.actors_named(&names, descending)?;
                            names
                                .iter()
                                .map(|n| (actors.iter().find(|a| a.1 == *n).map_or(0, |a| a.0), n.clone()))
                                .collect()
                        }
                        _ => Vec::new(),
                    };
                    let full = batch.len() as i64 >= USER_BATCH;
                    for (i, (actor, name)) in batch.into_iter().enumerate() {
                        if full && i as i64 == USER_BATCH - 1 {
                            from = Some(name);
                            continue 'users;
                        }
                        if prepared.is_none() {
                            prepared = Some(self.prepare(ctx, &mut reader, mode, patrolling)?);
                        }
                        let Some((filter, key)) = prepared.as_mut() else { break 'users };
                        // The continue value's name bounds the users: before it nothing, at it
                        // the rest of its contributions, after it everything.
                        let mut this = filter.clone();
                        if let Some(key) = key.as_deref() {
                            let after = if descending { name.as_str() < key } else { name.as_str() > key };
                            if after {
                                this.continue_from = None;
                            } else if name != key {
                                continue;
                            }
                        }
                        if actor == 0 {
                            continue;
                        }
                        this.actors = vec![actor];
                        this.limit = i64::try_from(limit + 1 - rows.len()).unwrap_or(i64::MAX);
                        rows.extend(reader.contributions(&this)?);
                        if rows.len() > limit {
                            break 'users;
                        }
                    }
                    break;
                }
            }
        }
        if rows.len() > limit {
            if let Some(next) = rows.drain(limit..).next() {
                ctx.set_continue(match mode {
                    Mode::Single => format!("{}|{}", next.rev.timestamp, next.rev.id),
                    Mode::Actors => format!("actor|{}|{}|{}", next.actor, next.rev.timestamp, next.rev.id),
                    Mode::Names => format!("name|{}|{}|{}", next.rev.actor_name, next.rev.timestamp, next.rev.id),
                });
            }
        }
        if rows.is_empty() {
            return Ok(());
        }
        self.write(ctx, &mut reader, site, &rows)
    }

    /// Writes the contributions, reading what they need for all of them at once.
    fn write(
        &self,
        ctx: &mut QueryContext<'_>,
        reader: &mut Reader,
        site: &Site,
        rows: &[ContribRow],
    ) -> Result<(), ApiError> {
        let f = ValueSet::of(&self.prop);
        let visibility = Visibility::of(&ctx.state.rights);
        let comments = if f.has(UserContribProp::Comment) || f.has(UserContribProp::Parsedcomment) {
            let ids: Vec<i64> = rows.iter().map(|r| r.rev.comment()).collect();
            reader.comments(&ids)?
        } else {
            HashMap::new()
        };
        let parsed = if f.has(UserContribProp::Parsedcomment) {
            let visible: Vec<CommentOf<'_, i64>> = rows
                .iter()
                .filter(|r| visibility.check(r.rev.deleted, DELETED_COMMENT).1)
                .map(|r| CommentOf {
                    key: r.rev.id,
                    text: comments.get(&r.rev.comment()).map_or("", String::as_str),
                    ns: r.namespace,
                    dbkey: &r.title,
                })
                .collect();
            parsed_comments(reader, site, &visible)?
        } else {
            HashMap::new()
        };
        let parent_sizes = if f.has(UserContribProp::Sizediff) {
            let parents: Vec<i64> = rows.iter().filter_map(|r| r.rev.parent).filter(|&p| p != 0).collect();
            reader.revision_sizes(&parents)?
        } else {
            HashMap::new()
        };
        let ids: Vec<i64> = rows.iter().map(|r| r.rev.id).collect();
        let tags = if f.has(UserContribProp::Tags) { reader.revision_tags(&ids)? } else { HashMap::new() };
        let marks = if f.has(UserContribProp::Patrolled) { reader.patrol_marks(&ids)? } else { HashMap::new() };
        let namespaces = site.namespaces();
        let mut title = String::new();
        for row in rows {
            let deleted = row.rev.deleted;
            ctx.write_item(|out| {
                let mut any_hidden = false;
                if deleted & DELETED_TEXT != 0 {
                    out.flag("texthidden");
                    any_hidden = true;
                }
                out.int("userid", row.rev.actor_user.unwrap_or(0));
                out.str("user", &row.rev.actor_name);
                if deleted & DELETED_USER != 0 {
                    out.flag("userhidden");
                    any_hidden = true;
                }
                if f.has(UserContribProp::Ids) {
                    out.int("pageid", row.rev.page);
                    out.int("revid", row.rev.id);
                    if let Some(parent) = row.rev.parent {
                        out.int("parentid", parent);
                    }
                }
                if f.has(UserContribProp::Title) {
                    out.int("ns", row.namespace.into());
                    title.clear();
                    push_full_text(&mut title, row.namespace, &row.title, namespaces);
                    out.str("title", &title);
                }
                if f.has(UserContribProp::Timestamp) {
                    match Timestamp::iso_of_stored(&row.rev.timestamp) {
                        Some(iso) => out.str("timestamp", &iso),
                        None => out.bool("timestamp", false),
                    };
                }
                if f.has(UserContribProp::Flags) {
                    out.bool("new", row.rev.parent == Some(0));
                    out.bool("minor", row.rev.minor != 0);
                    out.bool("top", row.page_latest == row.rev.id);
                }
                if f.has(UserContribProp::Comment) || f.has(UserContribProp::Parsedcomment) {
                    let (hidden, visible) = visibility.check(deleted, DELETED_COMMENT);
                    if hidden {
                        out.flag("commenthidden");
                        any_hidden = true;
                    }
                    if visible {
                        if f.has(UserContribProp::Comment) {
                            out.str("comment", comments.get(&row.rev.comment()).map_or("", String::as_str));
                        }
                        if f.has(UserContribProp::Parsedcomment) {
                            out.str("parsedcomment", parsed.get(&row.rev.id).map_or("", String::as_str));
                        }
                    }
                }
                if f.has(UserContribProp::Patrolled) {
                    let mark = marks.get(&row.rev.id).copied();
                    out.bool("patrolled", mark.is_some_and(|m| m != 0));
                    out.bool("autopatrolled", mark == Some(2));
                }
                if f.has(UserContribProp::Size) {
                    if let Some(len) = row.rev.len {
                        out.int("size", len);
                    }
                }
                if f.has(UserContribProp::Sizediff) {
                    if let (Some(len), Some(parent)) = (row.rev.len, row.rev.parent) {
                        let before = parent_sizes.get(&parent).copied().flatten().unwrap_or(0);
                        out.int("sizediff", len - before);
                    }
                }
                if f.has(UserContribProp::Tags) {
                    out.strings("tags", tags.get(&row.rev.id).map_or(&[], Vec::as_slice));
                }
                if any_hidden && deleted & DELETED_RESTRICTED != 0 {
                    out.flag("suppressed");
                }
            });
        }
        Ok(())
    }
}
