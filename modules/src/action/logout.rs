//! `action=logout`: ends the caller's session, given its csrf token. The session's cookie is
//! removed, and refused from then on should it be sent again.

use wikiquery_runtime::{query_module, ActionContext, ActionModule, ApiError};

use crate::wiki::Wiki;

/// Logs out and ends the session.
#[query_module(
    name = "logout",
    group = "action",
    prefix = "",
    mustbeposted,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Logout"
)]
pub struct Logout {
    /// The session's csrf token.
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
