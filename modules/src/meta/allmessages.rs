//! `meta=allmessages`: interface messages of the site.

use wikiquery_framework::{query_module, ParamValues, QueryModule};

/// Extra properties of each message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum AllMessagesProp {
    Default,
}

/// Which messages by customisation status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum Customised {
    All,
    Modified,
    Unmodified,
}

/// Returns messages of the interface, optionally parsed and with arguments substituted.
#[query_module(
    name = "allmessages",
    group = "meta",
    prefix = "am",
    readrights,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allmessages"
)]
pub struct AllMessages {
    /// Which messages; `*` (the default) means all.
    #[param(default = "*")]
    pub messages: Vec<String>,
    pub prop: Vec<AllMessagesProp>,
    pub enableparser: bool,
    pub nocontent: bool,
    pub includelocal: bool,
    /// Arguments substituted into the messages, in order; the same value may repeat.
    #[param(allow_duplicates)]
    pub args: Vec<String>,
    pub filter: Option<String>,
    #[param(default = "all")]
    pub customised: Customised,
    pub lang: Option<String>,
    pub from: Option<String>,
    pub to: Option<String>,
    pub title: Option<String>,
    pub prefix: Option<String>,
}

impl QueryModule for AllMessages {}
