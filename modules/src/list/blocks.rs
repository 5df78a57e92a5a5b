//! `list=blocks`: the blocks in force on users, IP addresses and ranges, newest first.
//!
//! Automatic blocks (of an address a blocked user used) show without their target. Blocks that
//! hide the user's name show only to callers with `hideuser`.

use std::collections::HashMap;

use serde_json::{json, Map, Value};
use wikiquery_domain::timestamp::format_expiry;
use wikiquery_domain::title::{full_text, ip_from_hex, ip_range_hex};
use wikiquery_runtime::{
    query_module, ApiError, Continue, Limit, ParamValues, QueryContext, QueryModule, ReadContinue, Timestamp, UserRef,
};
use wikiquery_store::queries::blocks::{BlockKinds, BlocksFilter};

use crate::shared::users::sees_hidden_users;
use crate::values::TimeDir;
use crate::wiki::{Wiki, WikiContext};

/// What to return of each block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum BlockProp {
    /// The name of the user who made the block.
    By,
    /// The user id of the user who made the block.
    Byid,
    /// When the block ends; `infinity` for a block without an end.
    Expiry,
    /// The block's options as true or false: whether it was made automatically, spares
    /// logged-in users, stops account creation, blocks the addresses the user edits from,
    /// stops sending email, hides the user's name, lets the user edit their own talk page, and
    /// applies only to some pages, namespaces or actions.
    Flags,
    /// The block's id.
    Id,
    /// The first and last IP address the block covers; not given for automatic blocks.
    Range,
    /// The reason given for the block.
    Reason,
    /// For a partial block, the pages, namespaces and actions it applies to.
    Restrictions,
    /// When the block was made.
    Timestamp,
    /// The blocked user name, IP address or range; not given for automatic blocks.
    User,
    /// The user id of the blocked account (0 for an IP address or range); not given for
    /// automatic blocks.
    Userid,
}

/// Which blocks by their target's kind; `!x` excludes kind `x`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum BlockShow {
    /// Leave out blocks on registered accounts.
    #[value(rename = "!account")]
    NotAccount,
    /// Leave out blocks on single IP addresses.
    #[value(rename = "!ip")]
    NotIp,
    /// Leave out blocks on IP ranges.
    #[value(rename = "!range")]
    NotRange,
    /// Leave out blocks that end at a set time, keeping those without an end.
    #[value(rename = "!temp")]
    NotTemp,
    /// Only blocks on registered accounts.
    Account,
    /// Only blocks on single IP addresses.
    Ip,
    /// Only blocks on IP ranges.
    Range,
    /// Only blocks that end at a set time.
    Temp,
}

/// Lists the blocks in force on user accounts, IP addresses and IP ranges, newest first.
///
/// Automatic blocks (on an address a blocked user edited from) are listed without their
/// target. Blocks that hide the user's name are listed only to users allowed to see hidden
/// users.
#[query_module(
    name = "blocks",
    group = "list",
    prefix = "bk",
    xml = "block",
    readrights,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Blocks",
    example(query = "action=query&list=blocks", text = "List the blocks in force, newest first."),
    example(
        query = "action=query&list=blocks&bkusers=Mallory&bkprop=user|by|expiry|reason",
        text = "Show who blocked Mallory, until when and for what reason."
    ),
    example(
        query = "action=query&list=blocks&bkip=198.51.100.7",
        text = "List the blocks that apply to the address 198.51.100.7, blocks of ranges including it too."
    ),
    at_most_one_of(users, ip)
)]
pub struct Blocks {
    /// The timestamp to start listing from.
    pub start: Option<Timestamp>,
    /// The timestamp to stop listing at.
    pub end: Option<Timestamp>,
    /// The direction in time: `older` lists the newest blocks first, `newer` the oldest.
    #[param(default = "older")]
    pub dir: TimeDir,
    /// Only list the blocks with these ids.
    pub ids: Vec<i64>,
    /// Only list the blocks on these user names, IP addresses or ranges (each block on exactly
    /// that target).
    #[param(subtypes = "name|ip|temp|cidr")]
    pub users: Vec<UserRef>,
    /// List the blocks that affect this IP address or CIDR range: those on it and those on the
    /// ranges that contain it. Ranges wider than the wiki accepts (by default /16 for IPv4 and
    /// /19 for IPv6) are refused.
    pub ip: Option<String>,
    /// How many blocks to return.
    #[param(default = 10)]
    pub limit: Limit,
    /// What to return for each block.
    #[param(default = "id|user|by|timestamp|expiry|reason|flags")]
    pub prop: Vec<BlockProp>,
    /// Only list blocks of these kinds; a value starting with `!` leaves its kind out. For
    /// example, `bkshow=account|temp` lists the blocks on accounts that will end.
    pub show: Vec<BlockShow>,
    /// When more results are available, use this to continue.
    #[param(rename = "continue")]
    pub continue_: Option<Continue<(Timestamp, i64)>>,
}

/// Restriction types as `ipblocks_restrictions` numbers them, with the member each fills.
const RESTRICTION_KEYS: [(i32, &str, &str); 3] =
    [(1, "pages", "page"), (2, "namespaces", "ns"), (3, "actions", "action")];

impl QueryModule for Blocks {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let services = ctx.services;
        let settings = services.settings();
        let has = |p: BlockProp| self.prop.contains(&p);
        let ascending = self.dir == TimeDir::Newer;
        // The continue value first, then the address, then the kinds, as MediaWiki reads them.
        let continue_from = self.continue_.read()?.map(|(ts, id)| (ts.to_mw(), id));

        let covering = match &self.ip {
            None => None,
            Some(raw) => {
                let (low, high, v6, bits) = ip_range_hex(raw)
                    .ok_or_else(|| ApiError::new("param_ip", "IP address or CIDR range is not valid."))?;
                let (limit, kind, head) = if v6 {
                    (settings.block_cidr_limit.1, "IPv6", 3)
                } else {
                    (settings.block_cidr_limit.0, "IPv4", 0)
                };
                if bits.is_some_and(|b| b < limit) {
                    return Err(ApiError::new(
                        "cidrtoobroad",
                        format!("{kind} CIDR ranges broader than /{limit} are not accepted."),
                    ));
                }
                let prefix: String = low.chars().take(head + usize::try_from(limit / 4).unwrap_or(0)).collect();
                Some((prefix, low, high))
            }
        };

        let show = |s: BlockShow| self.show.contains(&s);
        for (yes, no) in [
            (BlockShow::Account, BlockShow::NotAccount),
            (BlockShow::Ip, BlockShow::NotIp),
            (BlockShow::Range, BlockShow::NotRange),
            (BlockShow::Temp, BlockShow::NotTemp),
        ] {
            if show(yes) && show(no) {
                return Err(ApiError::show_conflict());
            }
        }
        let pick = |yes, no| {
            if show(yes) {
                Some(true)
            } else if show(no) {
                Some(false)
            } else {
                None
            }
        };
        let kinds = BlockKinds {
            account: pick(BlockShow::Account, BlockShow::NotAccount),
            ip: pick(BlockShow::Ip, BlockShow::NotIp),
            range: pick(BlockShow::Range, BlockShow::NotRange),
            temporary: pick(BlockShow::Temp, BlockShow::NotTemp),
        };

        let filter = BlocksFilter {
            ascending,
            start: self.start.map(Timestamp::to_mw),
            end: self.end.map(Timestamp::to_mw),
            continue_from,
            ids: self.ids.clone(),
            addresses: self.users.iter().map(UserRef::text).collect(),
            covering,
            kinds,
            exclude_hidden: !sees_hidden_users(ctx),
            now: ctx.state.now().to_mw(),
            limit: self.limit.fetch(),
        };
        let (rows, next) = self.limit.split(ctx.reader()?.blocks(&filter)?);

        let mut restrictions: HashMap<i64, Map<String, Value>> = HashMap::new();
        if has(BlockProp::Restrictions) {
            let partial: Vec<i64> = rows.iter().filter(|r| r.sitewide == 0).map(|r| r.id).collect();
            if !partial.is_empty() {
                let site = Wiki::of(services)?.store().site();
                for (id, kind, value, page) in ctx.reader()?.block_restrictions(&partial)? {
                    let Some(&(_, key, _)) = RESTRICTION_KEYS.iter().find(|(k, _, _)| *k == kind) else { continue };
                    let item = match (kind, page) {
                        (1, Some((ns, title))) => {
                            json!({ "id": value, "ns": ns, "title": full_text(ns, &title, site.namespaces()) })
                        }
                        (1, None) => json!({ "id": value }),
                        _ => json!(value),
                    };
                    let entry = restrictions.entry(id).or_default().entry(key).or_insert_with(|| json!([]));
                    if let Value::Array(list) = entry {
                        list.push(item);
                    }
                }
            }
        }

        ctx.ensure_list();
        for row in &rows {
            let automatic = row.auto != 0;
            let mut o = Map::new();
            if has(BlockProp::Id) {
                o.insert("id".into(), json!(row.id));
            }
            if has(BlockProp::User) && !automatic {
                o.insert("user".into(), json!(row.address));
            }
            if has(BlockProp::Userid) && !automatic {
                o.insert("userid".into(), json!(row.user));
            }
            if has(BlockProp::By) {
                o.insert("by".into(), json!(row.by_name));
            }
            if has(BlockProp::Byid) {
                o.insert("byid".into(), json!(row.by_user.unwrap_or(0)));
            }
            if has(BlockProp::Timestamp) {
                o.insert("timestamp".into(), json!(format_expiry(&row.timestamp, "infinity")));
            }
            if has(BlockProp::Expiry) {
                o.insert("expiry".into(), json!(format_expiry(&row.expiry, "infinity")));
            }
            if has(BlockProp::Reason) {
                o.insert("reason".into(), json!(row.reason));
            }
            if has(BlockProp::Range) && !automatic {
                o.insert("rangestart".into(), json!(ip_from_hex(&row.range_start)));
                o.insert("rangeend".into(), json!(ip_from_hex(&row.range_end)));
            }
            if has(BlockProp::Flags) {
                for (key, on) in [
                    ("automatic", automatic),
                    ("anononly", row.anon_only != 0),
                    ("nocreate", row.create_account != 0),
                    ("autoblock", row.enable_autoblock != 0),
                    ("noemail", row.block_email != 0),
                    ("hidden", row.deleted != 0),
                    ("allowusertalk", row.allow_usertalk != 0),
                    ("partial", row.sitewide == 0),
                ] {
                    o.insert(key.into(), json!(on));
                }
            }
            if has(BlockProp::Restrictions) {
                let value = match restrictions.remove(&row.id) {
                    Some(map) if row.sitewide == 0 => Value::Object(map),
                    _ => json!([]),
                };
                o.insert("restrictions".into(), value);
            }
            ctx.push_item(Value::Object(o));
        }
        if let Some(next) = next {
            ctx.set_continue((&next.timestamp, &next.id));
        }
        Ok(())
    }
}
