//! `prop=extlinks`: the external URLs linked from the given pages.

use wikiquery_framework::{query_module, Limit, QueryModule};

use crate::values::PROTO;

/// Lists the external links of pages.
#[query_module(
    name = "extlinks",
    group = "prop",
    prefix = "el",
    readrights,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Extlinks"
)]
pub struct ExtLinks {
    #[param(default = 10)]
    pub limit: Limit,
    #[param(rename = "continue")]
    pub continue_: Option<String>,
    /// Only links of this protocol; the empty string means protocol-relative (with `query`) or any.
    #[param(values = PROTO, default = "")]
    pub protocol: String,
    /// Search string without protocol.
    pub query: Option<String>,
    #[param(deprecated)]
    pub expandurl: bool,
}

impl QueryModule for ExtLinks {}
