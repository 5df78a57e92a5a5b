//! `action=checktoken`: whether a token is the caller's session's token of a type, and
//! whether it is older than an age.

use serde_json::{json, Map};
use wikiquery_domain::accounts::tokens::{self, TokenCheck};
use wikiquery_domain::timestamp::Timestamp;
use wikiquery_runtime::{query_module, ActionContext, ActionModule, ApiError, ValueList};

use crate::meta::tokens::TokenType;

/// Tells whether a token belongs to the caller's session, and whether it is still recent enough.
///
/// The answer's `result` is `valid`, `invalid`, or `expired` for a token that is right but older
/// than `maxtokenage`; `generated` says when the token was made. Tokens come from
/// `action=query&meta=tokens`.
#[query_module(
    name = "checktoken",
    group = "action",
    prefix = "",
    readrights,
    example(
        query = "action=checktoken&type=csrf&token=8a4fd0c3b6e27f15c9d2a7e04b13f6e8",
        text = "Check whether a csrf token is the caller's."
    ),
    example(
        query = "action=checktoken&type=login&token=3e9b1c7a5f20d84e6b1a9c3f7d52e08b&maxtokenage=600",
        text = "Check a login token, counting it as expired if it was made more than ten minutes ago."
    )
)]
pub struct CheckToken {
    /// The kind of token `token` is meant to be, one of those `action=query&meta=tokens` issues.
    #[param(rename = "type")]
    pub type_: TokenType,
    /// The token to check. In a URL, percent-encode the `+` and `\` it ends with.
    #[param(sensitive)]
    pub token: String,
    /// The greatest age, in seconds, the token may have; an older token that is otherwise right is
    /// reported `expired`. When left out, the token's age does not matter.
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
