//! `action=checktoken`: whether a token is the caller's session's token of a type, and
//! whether it is older than an age.

use serde_json::{json, Map};
use wikiquery_domain::accounts::tokens::{self, TokenCheck};
use wikiquery_domain::timestamp::Timestamp;
use wikiquery_runtime::{query_module, ActionContext, ActionModule, ApiError, ValueList};

use crate::meta::tokens::TokenType;

/// Checks a token.
#[query_module(name = "checktoken", group = "action", prefix = "", readrights)]
pub struct CheckToken {
    #[param(rename = "type")]
    pub type_: TokenType,
    #[param(sensitive)]
    pub token: String,
    /// The most seconds ago the token may have been made.
    pub maxtokenage: Option<i64>,
}

impl ActionModule for CheckToken {
    fn execute(&self, ctx: &mut ActionContext<'_>) -> Result<(), ApiError> {
        let now = ctx.state.now().unix();
        let kind = self.type_.as_str();
        if self.token.ends_with(" \\") {
            // A `+` sent unencoded arrives as a space.
            ctx.state.warnings.add(
                "checktoken",
                "checktoken-percentencoding",
                "Check that symbols such as \"+\" in the token are properly percent-encoded in the URL.",
            );
        }
        let session = &mut ctx.state.session;
        let result = match session.check_token(kind, &self.token, self.maxtokenage, now) {
            Some(TokenCheck::Valid) => "valid",
            Some(TokenCheck::Expired) => "expired",
            _ if self.maxtokenage.is_some()
                && session.check_token(kind, &self.token, None, now) == Some(TokenCheck::Valid) =>
            {
                "expired"
            }
            _ => "invalid",
        };
        let mut out = Map::new();
        out.insert("result".into(), json!(result));
        if let Some(time) = tokens::token_time(&self.token) {
            out.insert("generated".into(), json!(Timestamp::from_unix(time).to_iso()));
        }
        ctx.result.add("checktoken", out.into());
        Ok(())
    }
}
