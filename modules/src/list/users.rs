//! `list=users`: information about given users.
//!
//! Names that are no valid user names (IP addresses among them) come first, marked `invalid`,
//! then the users in the order asked, `missing` where there is no such account. A user hidden
//! by a block is missing for a caller without `hideuser`, and marked `hidden` otherwise.

use std::collections::HashMap;

use serde_json::{json, Map, Value};
use wikiquery_domain::settings::SiteSettings;
use wikiquery_domain::timestamp::{format_expiry, Timestamp};
use wikiquery_domain::user::{canonical_name, is_ip_name};
use wikiquery_runtime::{query_module, ApiError, CacheMode, ParamValues, QueryContext, QueryModule, RequestState};
use wikiquery_store::queries::users::UserRow;

use crate::shared::users;
use crate::storage;
use crate::wiki::{Wiki, WikiContext};

/// What to return of each user.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum UserProp {
    /// If the user is blocked: who blocked them, when, why and until when.
    Blockinfo,
    /// For a name that has no account: whether an account of that name could be created.
    Cancreate,
    /// The user's ids in the central user database, and whether the account is attached to
    /// this wiki (and to the wiki given by `usattachedwiki`).
    Centralids,
    /// How many edits the user has made.
    Editcount,
    /// Whether the user can and wants to receive e-mail from other users.
    Emailable,
    /// The gender the user chose: `male`, `female` or `unknown`.
    Gender,
    /// The groups the user was added to, each with the expiry of the membership.
    Groupmemberships,
    /// Every group the user belongs to, those they were added to and the automatic ones.
    Groups,
    /// The groups the user belongs to automatically, such as `user` or `autoconfirmed`.
    Implicitgroups,
    /// When the account was created.
    Registration,
    /// The rights the user has through their groups.
    Rights,
}

/// Gets information about a list of users, given by name or by id.
///
/// Names that are not valid user names come first, marked `invalid`; then each user in the
/// order given, marked `missing` when there is no such account.
#[query_module(
    name = "users",
    group = "list",
    cache = "public",
    prefix = "us",
    xml = "user",
    xml_nested(groups = "g", implicitgroups = "g", rights = "r", groupmemberships = "groupmembership"),
    readrights,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Users",
    at_most_one_of(userids, users),
    example(
        query = "action=query&list=users&ususers=Alice|Bob&usprop=groups|editcount|registration|gender",
        text = "Get the groups, edit count, registration time and gender of Alice and Bob."
    ),
    example(
        query = "action=query&list=users&ususerids=7&usprop=blockinfo",
        text = "Get the name of user 7 and whether that user is blocked."
    ),
    example(
        query = "action=query&list=users&ususers=Newcomer&usprop=cancreate",
        text = "Check whether an account named Newcomer could be created."
    )
)]
pub struct Users {
    /// Which pieces of information to return for each user; the name and id are always
    /// given.
    pub prop: Vec<UserProp>,
    /// With `usprop=centralids`, also say whether the user is attached to the wiki with this
    /// wiki id.
    pub attachedwiki: Option<String>,
    /// The users to describe, by name. Cannot be combined with `ususerids`.
    pub users: Vec<String>,
    /// The users to describe, by user id. Cannot be combined with `ususers`.
    pub userids: Vec<i64>,
}

impl QueryModule for Users {
    /// A block is described in the caller's terms: public only without `blockinfo`.
    fn cache_mode(&self, _: &RequestState) -> CacheMode {
        if self.prop.contains(&UserProp::Blockinfo) {
            CacheMode::AnonPublicUserPrivate
        } else {
            CacheMode::Public
        }
    }

    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let services = ctx.services;
        let settings = services.settings();
        let store = Wiki::of(services)?.store();
        let site = store.site();
        let has = |p: UserProp| self.prop.contains(&p);
        ctx.ensure_list();

        let by_name = !self.users.is_empty();
        let mut names = Vec::new();
        for raw in &self.users {
            let iw = site.interwikis();
            match canonical_name(raw, site.namespaces(), &|p| iw.is_interwiki(p)) {
                Some(name) => names.push(name),
                None => ctx.push_item(json!({ "name": raw, "invalid": true })),
            }
        }
        let rows = if by_name {
            ctx.reader()?.users_by_names(&names)?
        } else if !self.userids.is_empty() {
            ctx.reader()?.users_by_ids(&self.userids)?
        } else {
            Vec::new()
        };
        // Every account asked for, hidden ones included: a hidden name still cannot be created.
        let existing: std::collections::HashSet<String> = rows.iter().map(|r| r.name.clone()).collect();
        let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
        let blocks = users::account_blocks(ctx, &ids)?;
        let sees_hidden = users::sees_hidden_users(ctx);
        let rows: Vec<UserRow> =
            rows.into_iter().filter(|r| sees_hidden || blocks.get(&r.id).is_none_or(|b| b.deleted == 0)).collect();
        let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
        let memberships = if has(UserProp::Groups) || has(UserProp::Groupmemberships) || has(UserProp::Rights) {
            users::memberships(ctx, &ids)?
        } else {
            HashMap::new()
        };
        let genders: HashMap<i64, String> = if has(UserProp::Gender) {
            ctx.reader()?.user_property(&ids, "gender")?.into_iter().collect()
        } else {
            HashMap::new()
        };
        let no_mail: HashMap<i64, String> = if has(UserProp::Emailable) {
            ctx.reader()?.user_property(&ids, "disablemail")?.into_iter().collect()
        } else {
            HashMap::new()
        };
        let wiki_id = storage::wiki_id(settings, store);
        let now = ctx.state.now();

        let mut found: HashMap<String, Value> = HashMap::new();
        for row in &rows {
            let mut o = Map::new();
            o.insert("userid".into(), json!(row.id));
            o.insert("name".into(), json!(row.name));
            if has(UserProp::Editcount) {
                o.insert("editcount".into(), json!(row.edit_count.unwrap_or(0)));
            }
            if has(UserProp::Registration) {
                o.insert(
                    "registration".into(),
                    row.registration.as_deref().map_or(Value::Null, |r| json!(Timestamp::iso_text(r))),
                );
            }
            let explicit: Vec<&str> =
                memberships.get(&row.id).map(|m| m.iter().map(|(g, _)| g.as_str()).collect()).unwrap_or_default();
            let implicit = crate::shared::accounts::implicit_groups(settings, row, now);
            let mut groups = explicit.clone();
            for g in &implicit {
                if !groups.contains(g) {
                    groups.push(g);
                }
            }
            if has(UserProp::Groups) {
                o.insert("groups".into(), json!(groups));
            }
            if has(UserProp::Groupmemberships) {
                let list: Vec<Value> = memberships
                    .get(&row.id)
                    .into_iter()
                    .flatten()
                    .map(|(g, e)| json!({ "group": g, "expiry": format_expiry(e.as_deref().unwrap_or("infinity"), "infinity") }))
                    .collect();
                o.insert("groupmemberships".into(), Value::Array(list));
            }
            if has(UserProp::Implicitgroups) {
                o.insert("implicitgroups".into(), json!(implicit));
            }
            if has(UserProp::Rights) {
                o.insert("rights".into(), users::rights_of(settings, &groups));
            }
            let block = blocks.get(&row.id);
            let hidden = block.is_some_and(|b| b.deleted != 0);
            if hidden {
                o.insert("hidden".into(), json!(true));
            }
            if has(UserProp::Blockinfo) {
                if let Some(block) = block {
                    o.extend(users::block_details(block, settings));
                }
            }
            if has(UserProp::Emailable) {
                let emailable =
                    can_receive_email(settings, row) && no_mail.get(&row.id).is_none_or(|v| v.is_empty() || v == "0");
                o.insert("emailable".into(), json!(emailable));
            }
            if has(UserProp::Gender) {
                let gender = genders.get(&row.id).filter(|g| matches!(g.as_str(), "male" | "female"));
                o.insert("gender".into(), json!(gender.map_or("unknown", String::as_str)));
            }
            if has(UserProp::Centralids) {
                users::central_ids(&mut o, row.id, hidden, self.attachedwiki.as_deref(), &wiki_id);
            }
            let key = if by_name { row.name.clone() } else { row.id.to_string() };
            found.insert(key, Value::Object(o));
        }

        if by_name {
            for name in &names {
                let item = match found.get(name) {
                    Some(item) => item.clone(),
                    None => {
                        let mut o = Map::new();
                        o.insert("name".into(), json!(name));
                        o.insert("missing".into(), json!(true));
                        if has(UserProp::Cancreate) {
                            let error = if existing.contains(name) {
                                Some("userexists")
                            } else if !is_creatable(name) {
                                Some("noname")
                            } else {
                                None
                            };
                            o.insert("cancreate".into(), json!(error.is_none()));
                            if let Some(code) = error {
                                o.insert(
                                    "cancreateerror".into(),
                                    json!([{ "message": code, "params": [], "code": code, "type": "error" }]),
                                );
                            }
                        }
                        Value::Object(o)
                    }
                };
                ctx.push_item(item);
            }
        } else {
            for id in &self.userids {
                let item =
                    found.get(&id.to_string()).cloned().unwrap_or_else(|| json!({ "userid": id, "missing": true }));
                ctx.push_item(item);
            }
        }
        Ok(())
    }
}

/// Whether a user's address may receive mail: it looks like an address and (where the wiki
/// asks for it) was confirmed.
fn can_receive_email(settings: &SiteSettings, user: &UserRow) -> bool {
    let valid = user.email.split_once('@').is_some_and(|(local, domain)| !local.is_empty() && !domain.is_empty());
    valid && (!settings.email_authentication || user.email_authenticated.as_deref().is_some_and(|t| !t.is_empty()))
}

/// Whether an account of this (valid) name could be created: not an IP address and none of
/// the characters MediaWiki refuses in new names (`@`, `:`, `>`, `=`).
fn is_creatable(name: &str) -> bool {
    !is_ip_name(name) && !name.contains(['@', ':', '>', '='])
}
