//! `list=blocks`: current blocks of users and IP addresses.

use wikiquery_framework::{query_module, Limit, ParamValues, QueryModule, Timestamp, UserRef};

use crate::values::TimeDir;

/// What to return of each block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum BlockProp {
    By,
    Byid,
    Expiry,
    Flags,
    Id,
    Range,
    Reason,
    Restrictions,
    Timestamp,
    User,
    Userid,
}

/// Which blocks by their target's kind; `!x` excludes kind `x`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum BlockShow {
    #[value(rename = "!account")]
    NotAccount,
    #[value(rename = "!ip")]
    NotIp,
    #[value(rename = "!range")]
    NotRange,
    #[value(rename = "!temp")]
    NotTemp,
    Account,
    Ip,
    Range,
    Temp,
}

/// Lists all blocked users and IP addresses.
#[query_module(
    name = "blocks",
    group = "list",
    prefix = "bk",
    readrights,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Blocks"
)]
pub struct Blocks {
    pub start: Option<Timestamp>,
    pub end: Option<Timestamp>,
    #[param(default = "older")]
    pub dir: TimeDir,
    pub ids: Vec<i64>,
    #[param(subtypes = "name|ip|temp|cidr")]
    pub users: Vec<UserRef>,
    /// All blocks that apply to this IP address or range.
    pub ip: Option<String>,
    #[param(default = 10)]
    pub limit: Limit,
    #[param(default = "id|user|by|timestamp|expiry|reason|flags")]
    pub prop: Vec<BlockProp>,
    pub show: Vec<BlockShow>,
    #[param(rename = "continue")]
    pub continue_: Option<String>,
}

impl QueryModule for Blocks {}
