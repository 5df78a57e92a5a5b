//! `meta=tokens`: the caller's session's tokens for actions, in MediaWiki's form. A caller
//! who is not logged in gets `+\` for every action; its login and account-creation tokens
//! start a session (a cookie) for the login to come.

use serde_json::{Map, Value};
use wikiquery_runtime::{query_module, ApiError, ParamValues, QueryContext, QueryModule, ValueList};

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
