//! What the modules about users share (`list=users`, `list=allusers`, `prop=contributors`,
//! and `meta=userinfo` once callers log in): a user's groups and rights as the site's group
//! settings make them, the details of a block on an account, central ids, and who may see
//! users hidden by a block.

use std::collections::HashMap;

use serde_json::{json, Map, Value};
use wikiquery_domain::settings::SiteSettings;
use wikiquery_domain::timestamp::{format_expiry, time_and_date, Timestamp};
use wikiquery_domain::title::ip_hex;
use wikiquery_domain::user_options::default_options;
use wikiquery_runtime::result::keep_bools;
use wikiquery_runtime::{ApiError, QueryContext, Rights, UserRef};
use wikiquery_store::queries::blocks::{BlockRow, BlocksFilter};
use wikiquery_store::reader::Reader;
use wikiquery_store::site::Site;

use crate::wiki::WikiContext;

/// The name MediaWiki gives a user id that belongs to no one.
pub const UNKNOWN_USER: &str = "Unknown user";

/// The name a user parameter stands for, as MediaWiki's user parameters give it to modules
/// that filter by name: `#id` is the name of the user with that id (`Unknown user` when none
/// has it), every other form its normalised text.
pub fn name_of(reader: &mut Reader, user: &UserRef) -> Result<String, ApiError> {
    Ok(match user {
        UserRef::Id(0) => UNKNOWN_USER.to_owned(),
        UserRef::Id(id) => {
            let id = i64::try_from(*id).unwrap_or(i64::MAX);
            reader.user_name(id)?.unwrap_or_else(|| UNKNOWN_USER.to_owned())
        }
        other => other.text(),
    })
}

/// Whether the caller may see users hidden by a block (the `hideuser` right).
pub fn sees_hidden_users(ctx: &QueryContext<'_>) -> bool {
    ctx.state.rights.has("hideuser")
}

/// The explicit group memberships of users in force now: group and expiry (`None` for none),
/// by group name, for each user id.
pub fn memberships(
    ctx: &QueryContext<'_>,
    user_ids: &[i64],
) -> Result<HashMap<i64, Vec<(String, Option<String>)>>, ApiError> {
    let now = ctx.state.now().to_mw();
    let mut out: HashMap<i64, Vec<(String, Option<String>)>> = HashMap::new();
    for (user, group, expiry) in ctx.reader()?.group_memberships(user_ids, &now)? {
        out.entry(user).or_default().push((group, expiry));
    }
    Ok(out)
}

/// The rights members of `groups` have: each group's in turn, each right once.
pub fn rights_of(settings: &SiteSettings, groups: &[&str]) -> Value {
    json!(settings.groups.rights_of_groups(groups))
}

/// The groups that grant any of `rights`, in the order the settings list groups, each once
/// (MediaWiki's `getGroupsWithPermission`, implicit groups included).
pub fn groups_with_rights(settings: &SiteSettings, rights: &[String]) -> Vec<String> {
    let rights: Vec<&str> = rights.iter().map(String::as_str).collect();
    settings.groups.groups_with(&rights).into_iter().map(str::to_owned).collect()
}

/// The members `blockinfo` adds for a blocked account, in MediaWiki's order: the block's id,
/// who made it and why, when, until when (`infinite` for ever), whether it is partial, stops
/// account creation, spares logged-in users, and the times written out for a reader.
pub fn block_details(block: &BlockRow, settings: &SiteSettings) -> Map<String, Value> {
    let mut out = Map::new();
    out.insert("blockid".into(), json!(block.id));
    out.insert("blockedby".into(), json!(block.by_name));
    out.insert("blockedbyid".into(), json!(block.by_user.unwrap_or(0)));
    out.insert("blockreason".into(), json!(block.reason));
    out.insert("blockedtimestamp".into(), json!(format_expiry(&block.timestamp, "infinite")));
    let expiry = format_expiry(&block.expiry, "infinite");
    out.insert("blockexpiry".into(), json!(expiry));
    out.insert("blockpartial".into(), json!(block.sitewide == 0));
    out.insert("blocknocreate".into(), json!(block.create_account != 0));
    out.insert("blockanononly".into(), json!(block.anon_only != 0));
    let written = |stored: &str| Timestamp::parse(stored).map(|ts| time_and_date(ts, settings.time_offset));
    if let Some(text) = written(&block.timestamp) {
        out.insert("blockedtimestampformatted".into(), json!(text));
    }
    if expiry != "infinite" {
        if let Some(text) = written(&block.expiry) {
            // An expiry is in the future, which MediaWiki writes out in full both times.
            out.insert("blockexpiryformatted".into(), json!(text));
            out.insert("blockexpiryrelative".into(), json!(text));
        }
    }
    out
}

/// `centralids` and `attachedlocal` (and `attachedwiki` when asked about a wiki) of a user,
/// from the one provider this server has, `local`: the user's id (0 for a user hidden from
/// the public), attached to this wiki only.
pub fn central_ids(
    out: &mut Map<String, Value>,
    user_id: i64,
    hidden: bool,
    attached_wiki: Option<&str>,
    wiki_id: &str,
) {
    out.insert("centralids".into(), json!({ "local": if hidden { 0 } else { user_id } }));
    out.insert("attachedlocal".into(), json!({ "local": user_id != 0 }));
    if let Some(wiki) = attached_wiki.filter(|w| !w.is_empty()) {
        out.insert("attachedwiki".into(), json!({ "local": user_id != 0 && wiki == wiki_id }));
    }
}

/// The blocks in force on these accounts, by account.
pub fn account_blocks(ctx: &QueryContext<'_>, user_ids: &[i64]) -> Result<HashMap<i64, BlockRow>, ApiError> {
    let now = ctx.state.now().to_mw();
    let mut out = HashMap::new();
    for block in ctx.reader()?.account_blocks(user_ids, &now)? {
        out.entry(block.user).or_insert(block);
    }
    Ok(out)
}

/// The preferences every user starts with (an anonymous caller's), each kept as its type in
/// formatversion 1 too (a `true` stays `true`).
pub fn default_preferences(site: &Site, settings: &SiteSettings) -> Map<String, Value> {
    let mut options = default_options(settings, site.language_code(), site.namespaces());
    let keys: Vec<String> = options.keys().cloned().collect();
    keep_bools(&mut options, &keys.iter().map(String::as_str).collect::<Vec<_>>());
    options
}

/// The block on the caller: on its account, or else on its address (or a range holding it),
/// the narrowest when ranges overlap (the lowest id among equals); an account with
/// `ipblock-exempt` is not stopped by blocks on addresses.
pub fn caller_block(
    ctx: &QueryContext<'_>,
    user: Option<i64>,
    ip: &str,
    rights: &Rights,
) -> Result<Option<BlockRow>, ApiError> {
    if let Some(id) = user {
        if let Some(block) = account_blocks(ctx, &[id])?.remove(&id) {
            return Ok(Some(block));
        }
        if rights.has("ipblock-exempt") {
            return Ok(None);
        }
    }
    let Some(hex) = ip_hex(ip) else { return Ok(None) };
    let now = ctx.state.now().to_mw();
    let mut reader = ctx.reader()?;
    let ids = reader.blocks_on_address(&hex, &now)?;
    if ids.is_empty() {
        return Ok(None);
    }
    let filter = BlocksFilter { ids, now, limit: i64::MAX, ascending: true, ..BlocksFilter::default() };
    let width = |b: &BlockRow| {
        let n = |h: &str| u128::from_str_radix(h.trim_start_matches("v6-"), 16).unwrap_or(0);
        n(&b.range_end).saturating_sub(n(&b.range_start))
    };
    Ok(reader.blocks(&filter)?.into_iter().min_by_key(|b| (width(b), b.id)))
}
