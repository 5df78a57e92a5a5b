//! `meta=tokens`: the caller's session's tokens for actions, in MediaWiki's form. A caller
//! who is not logged in gets `+\` for every action; its login and account-creation tokens
//! start a session (a cookie) for the login to come.

use serde_json::{Map, Value};
use wikiquery_runtime::{query_module, ApiError, ParamValues, QueryContext, QueryModule, ValueList};

/// The kinds of action token.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum TokenType {
    /// For creating an account.
    Createaccount,
    /// The general token of actions that change the wiki or the session, such as `action=logout`.
    Csrf,
    /// For logging in with `action=login` or `action=clientlogin`.
    Login,
    /// For marking changes as patrolled.
    Patrol,
    /// For reverting the latest edits of a user to a page with rollback.
    Rollback,
    /// For changing the groups users are members of.
    Userrights,
    /// For adding pages to the watchlist or removing them from it.
    Watch,
}

/// Issues the caller's session tokens, which actions that change something must send back.
///
/// A caller who is not logged in gets `+\` for every kind but `login` and `createaccount`;
/// asking for one of those starts a session (a cookie) for the login or account creation to come.
/// No read right is needed.
#[query_module(
    name = "tokens",
    group = "meta",
    prefix = "",
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Tokens",
    example(query = "action=query&meta=tokens", text = "Get the caller's csrf token."),
    example(
        query = "action=query&meta=tokens&type=login",
        text = "Get a login token to send with action=login or action=clientlogin."
    ),
    example(
        query = "action=query&meta=tokens&type=csrf|watch|patrol",
        text = "Get the csrf, watch and patrol tokens in one request."
    )
)]
pub struct Tokens {
    /// The kinds of token to get, separated by `|`; `*` gets every kind. Only the `csrf` token
    /// when left out.
    #[param(rename = "type", all, default = "csrf")]
    pub type_: Vec<TokenType>,
}

impl QueryModule for Tokens {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        if ctx.state.lacks_same_origin_security() {
            ctx.warn("tokens-origin", "Tokens may not be obtained when the same-origin policy is not applied.");
            return Ok(());
        }
        let now = ctx.state.now().unix();
        let mut tokens = Map::new();
        for t in &self.type_ {
            let token = ctx.state.session.token(t.as_str(), now).unwrap_or_default();
            tokens.insert(format!("{}token", t.as_str()), Value::String(token));
        }
        ctx.set_answer(Value::Object(tokens));
        Ok(())
    }
}
