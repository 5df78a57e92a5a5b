//! `list=allusers`: every registered user, in name order.

use std::collections::HashMap;

use serde_json::{json, Map};
use wikiquery_domain::timestamp::Timestamp;
use wikiquery_domain::title::upper_first;
use wikiquery_runtime::{query_module, ApiError, Limit, ParamValues, QueryContext, QueryModule};
use wikiquery_store::queries::users::AllUsersFilter;

use crate::shared::users;
use crate::storage;
use crate::values::SortDir;
use crate::wiki::{Wiki, WikiContext};
use wikiquery_domain::rights::{GROUPS, RIGHTS};

/// What to return of each user besides the name and id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum AllUsersProp {
    /// The details of a block in force on the user, if there is one.
    Blockinfo,
    /// The user's ids in the central account systems, and with `auattachedwiki` whether the
    /// account is attached to that wiki.
    Centralids,
    /// How many edits the user has made.
    Editcount,
    /// The groups the user belongs to, the automatic ones included.
    Groups,
    /// Only the groups the user belongs to automatically, such as `user` or `autoconfirmed`.
    Implicitgroups,
    /// When the account was created; empty when that is not known.
    Registration,
    /// Every right the user holds through their groups.
    Rights,
}

/// Lists the registered user accounts in name order.
///
/// Accounts can be selected by group, by right, by whether they have edited or were recently
/// active, and by whether they are temporary.
#[query_module(
    name = "allusers",
    group = "list",
    cache = "anon-public-user-private",
    prefix = "au",
    xml = "u",
    xml_nested(groups = "g", implicitgroups = "g", rights = "r"),
    readrights,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allusers",
    example(
        query = "action=query&list=allusers&aufrom=B&auprop=groups|editcount",
        text = "List the users from B on, with their groups and edit counts."
    ),
    example(query = "action=query&list=allusers&augroup=sysop", text = "List the administrators."),
    example(
        query = "action=query&list=allusers&auwitheditsonly=1&auactiveusers=1&aulimit=50",
        text = "List up to 50 users who have edited and were active recently."
    )
)]
pub struct AllUsers {
    /// The user name to start listing at.
    pub from: Option<String>,
    /// The user name to stop listing at.
    pub to: Option<String>,
    /// Only list users whose names begin with this text.
    pub prefix: Option<String>,
    /// The order to list the names in.
    #[param(default = "ascending")]
    pub dir: SortDir,
    /// Only list members of these groups.
    #[param(values = GROUPS)]
    pub group: Vec<String>,
    /// Leave out the members of these groups. Not together with `augroup` or `aurights`.
    #[param(values = GROUPS)]
    pub excludegroup: Vec<String>,
    /// Only list users who hold these rights through a group they were added to. Groups that
    /// users belong to automatically (such as `*`, `user` or `autoconfirmed`) are not
    /// considered.
    #[param(values = RIGHTS)]
    pub rights: Vec<String>,
    /// What to return for each user besides the name and id.
    pub prop: Vec<AllUsersProp>,
    /// How many users to return.
    #[param(default = 10)]
    pub limit: Limit,
    /// Only list users who have made at least one edit.
    pub witheditsonly: bool,
    /// Only list users who did something in the recent days the wiki counts (30 by default),
    /// and return the number of their recent actions.
    pub activeusers: bool,
    /// With `auprop=centralids`, the id of a wiki: each user is also marked as attached to
    /// that wiki or not.
    pub attachedwiki: Option<String>,
    /// Leave out named (not temporary) accounts. Has an effect only on wikis that have
    /// temporary accounts.
    pub excludenamed: bool,
    /// Leave out temporary accounts. Has an effect only on wikis that have them.
    pub excludetemp: bool,
}

impl QueryModule for AllUsers {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let services = ctx.services;
        let settings = services.settings();
        let store = Wiki::of(services)?.store();
        let has = |p: AllUsersProp| self.prop.contains(&p);
        let name_key = |n: &String| upper_first(n).replace('_', " ");

        // Groups with the rights asked for join the groups asked for; no such group, no user.
        let mut groups = self.group.clone();
        if !self.rights.is_empty() {
            let with_rights = users::groups_with_rights(settings, &self.rights);
            if with_rights.is_empty() {
                ctx.ensure_list();
                return Ok(());
            }
            for g in with_rights {
                if !groups.contains(&g) {
                    groups.push(g);
                }
            }
        }
        // Both given is the fault, even when neither names a group there is (MediaWiki checks
        // whether each was given, not what is left of it).
        let group_given = !groups.is_empty() || ctx.given("group").is_some();
        if group_given && ctx.given("excludegroup").is_some() {
            let p = ctx.module.prefix;
            return Err(ApiError::invalid_param_mix(&[&format!("{p}group"), &format!("{p}excludegroup")]));
        }

        let now = ctx.state.now();
        let active_since =
            self.activeusers.then(|| Timestamp::from_unix(now.unix() - settings.active_user_days * 86400).to_mw());
        // Temporary accounts are told apart only where the wiki has them.
        let name_pattern = settings.temp_account_pattern.as_ref().and_then(|pattern| {
            if self.excludetemp {
                Some((pattern.clone(), false))
            } else if self.excludenamed {
                Some((pattern.clone(), true))
            } else {
                None
            }
        });
        let filter = AllUsersFilter {
            from: self.from.as_ref().map(name_key),
            to: self.to.as_ref().map(name_key),
            prefix: self.prefix.as_ref().map(name_key),
            descending: self.dir == SortDir::Descending,
            groups,
            exclude_groups: self.excludegroup.clone(),
            with_edits: self.witheditsonly,
            active_since: active_since.clone(),
            exclude_hidden: !users::sees_hidden_users(ctx),
            name_pattern,
            now: now.to_mw(),
            limit: self.limit.fetch(),
        };
        let (rows, next) = self.limit.split(ctx.reader()?.all_users(&filter)?);
        let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
        let blocks = users::account_blocks(ctx, &ids)?;
        let memberships = if has(AllUsersProp::Groups) || has(AllUsersProp::Rights) {
            users::memberships(ctx, &ids)?
        } else {
            HashMap::new()
        };
        let recent: HashMap<i64, i64> = match &active_since {
            Some(since) => ctx.reader()?.recent_actions(&ids, since)?.into_iter().collect(),
            None => HashMap::new(),
        };
        let wiki_id = storage::wiki_id(settings, store);

        ctx.ensure_list();
        for row in &rows {
            let mut o = Map::new();
            o.insert("userid".into(), json!(row.id));
            o.insert("name".into(), json!(row.name));
            let block = blocks.get(&row.id);
            let hidden = block.is_some_and(|b| b.deleted != 0);
            if has(AllUsersProp::Centralids) {
                users::central_ids(&mut o, row.id, hidden, self.attachedwiki.as_deref(), &wiki_id);
            }
            if has(AllUsersProp::Blockinfo) {
                if let Some(block) = block {
                    o.extend(users::block_details(block, settings));
                }
            }
            if hidden {
                o.insert("hidden".into(), json!(true));
            }
            if has(AllUsersProp::Editcount) {
                o.insert("editcount".into(), json!(row.edit_count.unwrap_or(0)));
            }
            if self.activeusers {
                o.insert("recentactions".into(), json!(recent.get(&row.id).copied().unwrap_or(0)));
            }
            if has(AllUsersProp::Registration) {
                let registration = row.registration.as_deref().and_then(Timestamp::iso_of_stored);
                o.insert("registration".into(), json!(registration.as_ref().map_or("", |t| t.as_str())));
            }
            if has(AllUsersProp::Implicitgroups) || has(AllUsersProp::Groups) || has(AllUsersProp::Rights) {
                let implicit = crate::shared::accounts::implicit_groups(settings, row, now);
                // Here implicit groups come first, then the explicit ones.
                let mut groups: Vec<&str> = implicit.clone();
                groups.extend(memberships.get(&row.id).into_iter().flatten().map(|(g, _)| g.as_str()));
                if has(AllUsersProp::Groups) {
                    o.insert("groups".into(), json!(groups));
                }
                if has(AllUsersProp::Implicitgroups) {
                    o.insert("implicitgroups".into(), json!(implicit));
                }
                if has(AllUsersProp::Rights) {
                    o.insert("rights".into(), users::rights_of(settings, &groups));
                }
            }
            ctx.push_item(serde_json::Value::Object(o));
        }
        if let Some(next) = next {
            ctx.set_continue_named("from", next.name);
        }
        Ok(())
    }
}
