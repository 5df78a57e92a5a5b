//! `list=logevents`: events from the log.

use wikiquery_framework::{query_module, Limit, Namespace, ParamValues, QueryModule, Timestamp, UserRef};

use crate::values::TimeDir;

/// Log types: the empty string (all types) and every type of the Events table.
pub const LOG_TYPES: &[&str] = &[
    "",
    "block",
    "contentmodel",
    "create",
    "delete",
    "import",
    "managetags",
    "merge",
    "move",
    "newusers",
    "patrol",
    "protect",
    "renameuser",
    "rights",
    "suppress",
    "tag",
    "upload",
    "ext",
];

/// Every `type/action` pair of the Events table.
pub const LOG_ACTIONS: &[&str] = &[
    "block/block",
    "block/reblock",
    "block/unblock",
    "contentmodel/change",
    "contentmodel/new",
    "create/create",
    "delete/delete",
    "delete/delete_redir",
    "delete/delete_redir2",
    "delete/event",
    "delete/restore",
    "delete/revision",
    "import/interwiki",
    "import/upload",
    "managetags/activate",
    "managetags/create",
    "managetags/deactivate",
    "managetags/delete",
    "merge/merge",
    "move/move",
    "move/move_redir",
    "newusers/autocreate",
    "newusers/byemail",
    "newusers/create",
    "newusers/create2",
    "newusers/newusers",
    "patrol/autopatrol",
    "patrol/patrol",
    "protect/modify",
    "protect/move_prot",
    "protect/protect",
    "protect/unprotect",
    "renameuser/renameuser",
    "rights/autopromote",
    "rights/rights",
    "suppress/block",
    "suppress/delete",
    "suppress/event",
    "suppress/reblock",
    "suppress/revision",
    "tag/update",
    "upload/overwrite",
    "upload/revert",
    "upload/upload",
];

/// What to return of each log entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum LogEventProp {
    Comment,
    Details,
    Ids,
    Parsedcomment,
    Tags,
    Timestamp,
    Title,
    Type,
    User,
    Userid,
}

/// Lists log events, newest first by default.
#[query_module(
    name = "logevents",
    group = "list",
    prefix = "le",
    readrights,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Logevents"
)]
pub struct LogEvents {
    #[param(default = "ids|title|type|user|timestamp|comment|details")]
    pub prop: Vec<LogEventProp>,
    #[param(rename = "type", values = LOG_TYPES)]
    pub log_type: Option<String>,
    #[param(values = LOG_ACTIONS)]
    pub action: Option<String>,
    pub start: Option<Timestamp>,
    pub end: Option<Timestamp>,
    #[param(default = "older")]
    pub dir: TimeDir,
    pub user: Option<UserRef>,
    pub title: Option<String>,
    #[param(extra_namespaces)]
    pub namespace: Option<Namespace>,
    pub prefix: Option<String>,
    pub tag: Option<String>,
    #[param(default = 10)]
    pub limit: Limit,
    #[param(rename = "continue")]
    pub continue_: Option<String>,
}

impl QueryModule for LogEvents {}
