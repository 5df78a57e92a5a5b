//! `meta=userinfo`: information about the current user.

use wikiquery_framework::{query_module, ParamValues, QueryModule};

/// Which pieces of information about the user to return.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum UserInfoProp {
    Acceptlang,
    Blockinfo,
    Cancreateaccount,
    Centralids,
    Changeablegroups,
    Editcount,
    Email,
    Groupmemberships,
    Groups,
    Hasmsg,
    Implicitgroups,
    Latestcontrib,
    Options,
    Ratelimits,
    Realname,
    Registrationdate,
    Rights,
    Theoreticalratelimits,
    Unreadcount,
}

/// Information about the caller.
#[query_module(
    name = "userinfo",
    group = "meta",
    prefix = "ui",
    readrights,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Userinfo"
)]
pub struct UserInfo {
    #[param(all)]
    pub prop: Vec<UserInfoProp>,
    /// With `centralids`: whether the user is attached to this wiki.
    pub attachedwiki: Option<String>,
}

impl QueryModule for UserInfo {}
