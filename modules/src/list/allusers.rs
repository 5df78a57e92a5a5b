//! `list=allusers`: every registered user, in name order.

use wikiquery_framework::{query_module, Limit, ParamValues, QueryModule};

use crate::values::SortDir;
use wikiquery_domain::rights::{GROUPS, RIGHTS};

/// What to return of each user besides the name and id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum AllUsersProp {
    Blockinfo,
    Centralids,
    Editcount,
    Groups,
    Implicitgroups,
    Registration,
    Rights,
}

/// Enumerates all registered users.
#[query_module(
    name = "allusers",
    group = "list",
    prefix = "au",
    readrights,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allusers"
)]
pub struct AllUsers {
    pub from: Option<String>,
    pub to: Option<String>,
    pub prefix: Option<String>,
    #[param(default = "ascending")]
    pub dir: SortDir,
    #[param(values = GROUPS)]
    pub group: Vec<String>,
    #[param(values = GROUPS)]
    pub excludegroup: Vec<String>,
    #[param(values = RIGHTS)]
    pub rights: Vec<String>,
    pub prop: Vec<AllUsersProp>,
    #[param(default = 10)]
    pub limit: Limit,
    pub witheditsonly: bool,
    pub activeusers: bool,
    pub attachedwiki: Option<String>,
    pub excludenamed: bool,
    pub excludetemp: bool,
}

impl QueryModule for AllUsers {}
