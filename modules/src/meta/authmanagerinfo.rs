//! `meta=authmanagerinfo`: the state of the authentication manager.

use wikiquery_framework::{query_module, ParamValues, QueryModule};

/// The authentication operation to describe the requests of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum RequestsFor {
    Change,
    Create,
    #[value(rename = "create-continue")]
    CreateContinue,
    Link,
    #[value(rename = "link-continue")]
    LinkContinue,
    Login,
    #[value(rename = "login-continue")]
    LoginContinue,
    Remove,
    Unlink,
}

/// The format of messages in the answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum MessageFormat {
    Html,
    None,
    Raw,
    Wikitext,
}

/// Information about the authentication manager; needs no read right.
#[query_module(
    name = "authmanagerinfo",
    group = "meta",
    prefix = "ami",
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Authmanagerinfo"
)]
pub struct AuthManagerInfo {
    /// Whether the caller is authenticated recently enough for this operation.
    pub securitysensitiveoperation: Option<String>,
    pub requestsfor: Option<RequestsFor>,
    pub mergerequestfields: bool,
    #[param(default = "wikitext")]
    pub messageformat: MessageFormat,
}

impl QueryModule for AuthManagerInfo {}
