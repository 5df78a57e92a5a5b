//! `meta=userinfo`: information about the caller — the account it is logged in as (its
//! groups and memberships, rights as its session allows them, preferences, counts and dates),
//! or an anonymous caller named by its address, in the implicit group `*`, with the rights the
//! server grants it and the default preferences. A block on the account, or on the address (or
//! a range holding it), is described as `list=users` describes an account's.

use serde_json::{json, Map, Value};
use wikiquery_domain::settings::SiteSettings;
use wikiquery_runtime::result::set_content;
use wikiquery_runtime::{query_module, ApiError, ParamValues, QueryContext, QueryModule, Rights};

use crate::shared::users::{block_details, caller_block, default_preferences, memberships};
use wikiquery_domain::timestamp::Timestamp;

use crate::wiki::{Wiki, WikiContext};

/// Which pieces of information about the user to return.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum UserInfoProp {
    /// The languages the client's `Accept-Language` header asks for, with their weights, the most
    /// wanted first.
    Acceptlang,
    /// Whether the user, or the IP address they use, is blocked, and if so by whom, why and until
    /// when.
    Blockinfo,
    /// Whether the caller may create accounts.
    Cancreateaccount,
    /// The user's ids in the central user systems the wiki uses, and whether the account is
    /// attached to each; here only the wiki's own (`local`).
    Centralids,
    /// The groups the user may add members to and remove members from, including those they may
    /// only add themselves to or remove themselves from.
    Changeablegroups,
    /// How many edits the user has made.
    Editcount,
    /// The user's email address and when it was confirmed.
    Email,
    /// The groups the user was put in explicitly, each with the time the membership ends
    /// (`infinity` for never).
    Groupmemberships,
    /// All the groups the user is a member of, including those every user is in automatically.
    Groups,
    /// Whether there are messages on the user's talk page they have not seen yet.
    Hasmsg,
    /// The groups the user is in automatically, such as `*`, `user` and `autoconfirmed`.
    Implicitgroups,
    /// When the user last edited.
    Latestcontrib,
    /// The user's preferences, with the default value of each one never set.
    Options,
    /// The rate limits that apply to the user: how many actions of each kind they may do in a
    /// given time.
    Ratelimits,
    /// The real name the user gave.
    Realname,
    /// When the account was created.
    Registrationdate,
    /// All the rights the user has.
    Rights,
    /// The rate limits that would apply to the user if their rights did not exempt them.
    Theoreticalratelimits,
    /// How many pages on the user's watchlist have changes the user has not seen; past 1000, the
    /// count is given as `1000+`.
    Unreadcount,
}

/// Tells who the caller is: the account it is logged in as, or its IP address when it is not.
///
/// With `uiprop`, the answer adds the user's groups, rights, blocks, preferences, edit count and
/// other details. A caller who is not logged in is in the group `*` only, with the rights the
/// wiki grants everyone and the default preferences.
#[query_module(
    name = "userinfo",
    group = "meta",
    prefix = "ui",
    xml_nested(
        groups = "g",
        implicitgroups = "g",
        rights = "r",
        groupmemberships = "groupmembership",
        acceptlang = "lang"
    ),
    readrights,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Userinfo",
    example(query = "action=query&meta=userinfo", text = "Get the caller's user name and id."),
    example(
        query = "action=query&meta=userinfo&uiprop=groups|rights|blockinfo",
        text = "Get the caller's groups and rights, and whether it is blocked."
    ),
    example(
        query = "action=query&meta=userinfo&uiprop=editcount|registrationdate|options",
        text = "Get the caller's edit count, registration date and preferences."
    )
)]
pub struct UserInfo {
    /// Which details to return, separated by `|`; `*` returns all of them. When left out, only
    /// the user's id and name are given.
    #[param(all)]
    pub prop: Vec<UserInfoProp>,
    /// With `uiprop=centralids`: the id of a wiki, to be told whether the user's account is
    /// attached to it.
    pub attachedwiki: Option<String>,
}

impl QueryModule for UserInfo {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let services = ctx.services;
        let settings = services.settings();
        let has = |p: UserInfoProp| self.prop.contains(&p);
        let rights = ctx.state.rights.clone();
        let ip = ctx.state.client_ip.clone();
        let account = ctx.state.user.clone();
        let mut info = Map::new();
        // A logged-in caller's own record, when some property needs it.
        let row = match &account {
            Some(a) => ctx.reader()?.users_by_ids(&[a.id])?.pop(),
            None => None,
        };
        match &account {
            Some(a) => {
                info.insert("id".into(), json!(a.id));
                info.insert("name".into(), json!(a.name));
            }
            None => {
                info.insert("id".into(), json!(0));
                info.insert("name".into(), json!(ip));
                info.insert("anon".into(), json!(true));
            }
        }
        let block = if has(UserInfoProp::Blockinfo) || has(UserInfoProp::Cancreateaccount) {
            caller_block(ctx, account.as_ref().map(|a| a.id), &ip, &rights)?
        } else {
            None
        };
        let blocked = block.is_some();
        if has(UserInfoProp::Blockinfo) {
            if let Some(block) = &block {
                info.extend(block_details(block, settings));
            }
        }
        if has(UserInfoProp::Hasmsg) {
            // An anonymous caller's are by address, which this server does not keep.
            let messages = match &account {
                Some(a) => ctx.reader()?.has_new_messages(a.id)?,
                None => false,
            };
            info.insert("messages".into(), json!(messages));
        }
        let groups: Vec<&str> = match &account {
            Some(a) => a.groups.iter().map(String::as_str).collect(),
            None => vec!["*"],
        };
        let implicit: Vec<&str> =
            groups.iter().copied().filter(|g| wikiquery_domain::groups::IMPLICIT_GROUPS.contains(g)).collect();
        if has(UserInfoProp::Groups) {
            info.insert("groups".into(), json!(groups));
        }
        if has(UserInfoProp::Groupmemberships) {
            let list: Vec<Value> = match &account {
                Some(a) => memberships(ctx, &[a.id])?
                    .remove(&a.id)
                    .unwrap_or_default()
                    .into_iter()
                    .map(|(g, e)| json!({ "group": g, "expiry": expiry_text(e.as_deref()) }))
                    .collect(),
                None => Vec::new(),
            };
            info.insert("groupmemberships".into(), json!(list));
        }
        if has(UserInfoProp::Implicitgroups) {
            info.insert("implicitgroups".into(), json!(implicit));
        }
        if has(UserInfoProp::Rights) {
            // In the order the groups list them, then any the server grants beyond them.
            let mut listed: Vec<&str> = settings.groups.rights_of_groups(&groups);
            listed.retain(|r| rights.has(r));
            for r in rights.iter() {
                if !listed.contains(&r) {
                    listed.push(r);
                }
            }
            info.insert("rights".into(), json!(listed));
        }
        if has(UserInfoProp::Changeablegroups) {
            info.insert("changeablegroups".into(), changeable_groups(settings, &groups, &rights));
        }
        let (real_name, properties) = match &account {
            Some(a) if has(UserInfoProp::Options) || has(UserInfoProp::Realname) => ctx.reader()?.own_details(a.id)?,
            _ => (String::new(), Vec::new()),
        };
        if has(UserInfoProp::Options) {
            // The defaults, under what the user chose.
            let site = Wiki::of(services)?.store().site();
            let mut options = default_preferences(site, settings);
            for (name, value) in properties {
                options.insert(name, json!(value));
            }
            info.insert("options".into(), Value::Object(options));
        }
        if has(UserInfoProp::Editcount) {
            info.insert("editcount".into(), json!(row.as_ref().and_then(|r| r.edit_count).unwrap_or(0)));
        }
        if has(UserInfoProp::Ratelimits) {
            // A caller with `noratelimit` is not limited.
            let limits = if rights.has("noratelimit") { Map::new() } else { rate_limits(settings, &rights, &groups) };
            info.insert("ratelimits".into(), Value::Object(limits));
        }
        if has(UserInfoProp::Theoreticalratelimits) {
            info.insert("theoreticalratelimits".into(), Value::Object(rate_limits(settings, &rights, &groups)));
        }
        if has(UserInfoProp::Realname) {
            info.insert("realname".into(), json!(real_name));
        }
        if has(UserInfoProp::Email) {
            info.insert("email".into(), json!(row.as_ref().map_or("", |r| r.email.as_str())));
            if let Some(at) = row.as_ref().and_then(|r| r.email_authenticated.as_deref()).and_then(Timestamp::parse) {
                info.insert("emailauthenticated".into(), json!(at.to_iso()));
            }
        }
        if has(UserInfoProp::Registrationdate) {
            if let Some(at) = row.as_ref().and_then(|r| r.registration.as_deref()).and_then(Timestamp::parse) {
                info.insert("registrationdate".into(), json!(at.to_iso()));
            }
        }
        if has(UserInfoProp::Acceptlang) {
            info.insert("acceptlang".into(), accept_languages(ctx.state.accept_language.as_deref()));
        }
        if has(UserInfoProp::Unreadcount) {
            let count = match &account {
                Some(a) => ctx.reader()?.unread_watched(a.id, UNREAD_CAP)?,
                None => 0,
            };
            // MediaWiki counts to its cap and then says so.
            let value = if count >= UNREAD_CAP { json!(format!("{UNREAD_CAP}+")) } else { json!(count) };
            info.insert("unreadcount".into(), value);
        }
        if has(UserInfoProp::Centralids) {
            let id = account.as_ref().map_or(0, |a| a.id);
            let wiki_id = crate::storage::wiki_id(ctx.services.settings(), ctx.store()?);
            crate::shared::users::central_ids(&mut info, id, false, self.attachedwiki.as_deref(), &wiki_id);
        }
        if has(UserInfoProp::Latestcontrib) {
            if let Some(a) = &account {
                if let Some(at) = ctx.reader()?.latest_contribution(a.id)?.as_deref().and_then(Timestamp::parse) {
                    info.insert("latestcontrib".into(), json!(at.to_iso()));
                }
            }
        }
        if has(UserInfoProp::Cancreateaccount) {
            info.insert("cancreateaccount".into(), json!(rights.has("createaccount") && !blocked));
        }
        ctx.set_answer(Value::Object(info));
        Ok(())
    }
}

/// Where MediaWiki stops counting a watchlist's unread titles.
const UNREAD_CAP: i64 = 1000;

/// A membership's expiry as MediaWiki writes it: `infinity`, or the time.
fn expiry_text(expiry: Option<&str>) -> String {
    expiry.and_then(Timestamp::parse).map_or_else(|| "infinity".to_owned(), Timestamp::to_iso)
}

/// The groups a member of `groups` may add and remove: every explicit group with `userrights`,
/// else what the groups are allowed (`$wgAddGroups` and the like).
fn changeable_groups(settings: &SiteSettings, groups: &[&str], rights: &wikiquery_domain::rights::Rights) -> Value {
    let mut out: [(&str, Vec<String>); 4] =
        [("add", Vec::new()), ("remove", Vec::new()), ("add-self", Vec::new()), ("remove-self", Vec::new())];
    if rights.has("userrights") {
        let explicit: Vec<String> = settings
            .groups
            .groups()
            .filter(|g| !wikiquery_domain::groups::IMPLICIT_GROUPS.contains(g))
            .map(str::to_owned)
            .collect();
        out[0].1 = explicit.clone();
        out[1].1 = explicit;
    }
    for group in groups {
        if let Some(c) = settings.groups.changes_of(group) {
            for (slot, list) in out.iter_mut().zip([&c.add, &c.remove, &c.add_self, &c.remove_self]) {
                for g in list {
                    if !slot.1.contains(g) {
                        slot.1.push(g.clone());
                    }
                }
            }
        }
    }
    Value::Object(out.into_iter().map(|(k, v)| (k.to_owned(), json!(v))).collect())
}

/// The languages of an `Accept-Language` header with their weights, most wanted first.
fn accept_languages(header: Option<&str>) -> Value {
    let mut langs: Vec<(f64, String)> = Vec::new();
    for part in header.unwrap_or("").split(',') {
        let mut pieces = part.trim().split(';');
        let code = pieces.next().unwrap_or("").trim().to_ascii_lowercase();
        if code.is_empty() {
            continue;
        }
        let q =
            pieces.find_map(|p| p.trim().strip_prefix("q=")).and_then(|q| q.trim().parse::<f64>().ok()).unwrap_or(1.0);
        if q > 0.0 {
            langs.push((q, code));
        }
    }
    langs.sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap_or(std::cmp::Ordering::Equal));
    Value::Array(
        langs
            .into_iter()
            .map(|(q, code)| {
                let mut o = Map::new();
                o.insert("q".into(), if q.fract() == 0.0 { json!(q as i64) } else { json!(q) });
                set_content(&mut o, "code", code);
                Value::Object(o)
            })
            .collect(),
    )
}

/// The rate limits that apply to the caller, by action and kind of caller: for an anonymous
/// caller those of `anon`; for an account those of `user` and of each of its groups; and for
/// a newcomer (without `autoconfirmed`) those of `ip`, `subnet` and `newbie`.
fn rate_limits(settings: &SiteSettings, rights: &Rights, groups: &[&str]) -> Map<String, Value> {
    let registered = groups.contains(&"user");
    let mut kinds: Vec<&str> = if registered { vec!["user"] } else { vec!["anon"] };
    if !rights.has("autoconfirmed") {
        kinds.extend(["ip", "subnet"]);
        if registered {
            kinds.push("newbie");
        }
    }
    if registered {
        kinds.extend(groups.iter().copied().filter(|g| !wikiquery_domain::groups::IMPLICIT_GROUPS.contains(g)));
    }
    let mut out = Map::new();
    for limit in &settings.rate_limits {
        let mut by_kind = Map::new();
        for kind in &kinds {
            if let Some((_, hits, seconds)) = limit.limits.iter().find(|(who, _, _)| who == kind) {
                by_kind.insert((*kind).to_owned(), json!({ "hits": hits, "seconds": seconds }));
            }
        }
        if !by_kind.is_empty() {
            out.insert(limit.action.clone(), Value::Object(by_kind));
        }
    }
    out
}
