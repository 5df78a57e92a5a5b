//! `meta=tokens`: tokens for data-modifying actions.

use wikiquery_framework::{query_module, ParamValues, QueryModule};

/// The kinds of action token.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum TokenType {
    Createaccount,
    Csrf,
    Login,
    Patrol,
    Rollback,
    Userrights,
    Watch,
}

/// Issues action tokens; has an empty prefix and needs no read right.
#[query_module(
    name = "tokens",
    group = "meta",
    prefix = "",
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Tokens"
)]
pub struct Tokens {
    #[param(rename = "type", all, default = "csrf")]
    pub type_: Vec<TokenType>,
}

impl QueryModule for Tokens {}
