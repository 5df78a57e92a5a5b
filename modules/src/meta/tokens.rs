//! `meta=tokens`: tokens for data-modifying actions. Every caller is anonymous, and an
//! anonymous caller's tokens for actions are MediaWiki's `+\`; the login and account-creation
//! tokens, which MediaWiki ties to a session, are a fresh random value and the time in
//! hexadecimal, in MediaWiki's form (this server takes no logins, so no token is ever checked).

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};

use serde_json::{Map, Value};
use wikiquery_framework::{query_module, ApiError, ParamValues, QueryContext, QueryModule, ValueList};

/// The token of an anonymous caller for any action.
const ANONYMOUS_TOKEN: &str = "+\\";

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
        let now = ctx.state.now().unix();
        let mut tokens = Map::new();
        for t in &self.type_ {
            let token = match t {
                TokenType::Login | TokenType::Createaccount => format!("{}{now:08x}{ANONYMOUS_TOKEN}", random_hex()),
                _ => ANONYMOUS_TOKEN.to_owned(),
            };
            tokens.insert(format!("{}token", t.as_str()), Value::String(token));
        }
        ctx.set_answer(Value::Object(tokens));
        Ok(())
    }
}

/// 32 random hexadecimal digits.
fn random_hex() -> String {
    (0..2)
        .map(|i| {
            let mut h = RandomState::new().build_hasher();
            h.write_u64(i);
            format!("{:016x}", h.finish())
        })
        .collect()
}
