//! `action=logout`: ends the caller's session, given its csrf token. The session's cookie is
//! removed, and refused from then on should it be sent again.

use wikiquery_runtime::{query_module, ActionContext, ActionModule, ApiError};

use crate::wiki::Wiki;

/// Ends the caller's session, so that the user is no longer logged in.
///
/// The session's cookie is cleared, and is refused from then on should it be sent again. The
/// request must be sent by POST, with the session's csrf token.
#[query_module(
    name = "logout",
    group = "action",
    prefix = "",
    mustbeposted,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Logout",
    example(
        query = "action=logout&token=1679091c5a880faf6fb5e6087eb1b2dc",
        text = "End the caller's session, given its csrf token."
    )
)]
pub struct Logout {
    /// The session's csrf token, from `action=query&meta=tokens`.
    #[param(sensitive, tokentype = "csrf")]
    pub token: String,
}

impl ActionModule for Logout {
    fn execute(&self, ctx: &mut ActionContext<'_>) -> Result<(), ApiError> {
        let directory = Wiki::of(ctx.services)?.accounts();
        if ctx.state.session.is_persistent() {
            directory.end(ctx.state, &ctx.state.session)?;
        }
        ctx.state.session.end();
        Ok(())
    }
}
