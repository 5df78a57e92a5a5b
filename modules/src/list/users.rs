//! `list=users`: information about given users.

use wikiquery_framework::{query_module, ParamValues, QueryModule};

/// What to return of each user.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum UserProp {
    Blockinfo,
    Cancreate,
    Centralids,
    Editcount,
    Emailable,
    Gender,
    Groupmemberships,
    Groups,
    Implicitgroups,
    Registration,
    Rights,
}

/// Information about users given by name or id.
#[query_module(
    name = "users",
    group = "list",
    prefix = "us",
    readrights,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Users"
)]
pub struct Users {
    pub prop: Vec<UserProp>,
    pub attachedwiki: Option<String>,
    pub users: Vec<String>,
    pub userids: Vec<i64>,
}

impl QueryModule for Users {}
