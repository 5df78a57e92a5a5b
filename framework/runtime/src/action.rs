//! [`ActionContext`]: what an action module (`action=...`) sees of the request it runs in.

use wikiquery_domain::accounts::tokens::TokenCheck;
use wikiquery_domain::settings::SiteSettings;

use crate::descriptor::ModuleDescriptor;
use crate::error::ApiError;
use crate::param::RequestState;
use crate::result::ApiResult;
use crate::services::Services;

/// The part of a request an action module works in.
pub struct ActionContext<'a> {
    /// The request's shared state.
    pub state: &'a mut RequestState,
    /// What the server provides: the database, the site's configuration.
    pub services: &'a Services,
    /// The result, where the action adds its members.
    pub result: &'a mut ApiResult,
}

impl<'a> ActionContext<'a> {
    /// The site's settings.
    pub fn settings(&self) -> &'a SiteSettings {
        self.services.settings()
    }
}

/// What MediaWiki checks of an action once its parameters are read, in its order: its token
/// (sent in the POST body, and this session's for its type), then the right to write through
/// the API, then the POST itself. The token's errors are the module's; the rest the main
/// module's (`Err((error, from_module))`).
pub fn check_action(state: &mut RequestState, d: &ModuleDescriptor) -> Result<(), (ApiError, bool)> {
    if let Some((name, token_type)) = d.params.iter().find_map(|p| p.token_type.map(|t| (p.name, t))) {
        let wire = format!("{}{name}", d.prefix);
        require_posted(state, &[wire.as_str()]).map_err(|e| (e, true))?;
        let token = state.params.get(&wire).unwrap_or_default().to_owned();
        let now = state.now().unix();
        if state.session.check_token(token_type, &token, None, now) != Some(TokenCheck::Valid) {
            return Err((ApiError::new("badtoken", "Invalid CSRF token."), true));
        }
    }
    if d.writerights && !state.rights.has("writeapi") {
        return Err((ApiError::new("writeapidenied", "You're not allowed to edit this wiki through the API."), false));
    }
    if d.mustbeposted && !state.posted {
        return Err((
            ApiError::new("mustbeposted", format!("The \"{}\" module requires a POST request.", d.name)),
            false,
        ));
    }
    Ok(())
}

/// MediaWiki's `checkReadOnly` for an action that writes (its `isWriteMode`, our `writerights`):
/// refused with `readonly` while the wiki says it refuses changes, or while the primary
/// database, which every write goes to, does not answer (reads go on from the replicas).
pub fn check_read_only(services: &crate::services::Services) -> Result<(), ApiError> {
    let reason = if services.settings().read_only {
        "The wiki is in read-only mode."
    } else if !services.primary_available() {
        "The primary database does not answer; the wiki is read-only until it is back."
    } else {
        return Ok(());
    };
    Err(ApiError::new("readonly", "The wiki is currently in read-only mode.")
        .with_data("readonlyreason", reason.into()))
}

/// MediaWiki's `requirePostedParameters`: these parameters (wire names) may come only in a
/// POST body, never in the query string.
pub fn require_posted(state: &RequestState, wires: &[&str]) -> Result<(), ApiError> {
    let bad: Vec<&str> = wires.iter().copied().filter(|w| state.query_names.contains(*w)).collect();
    if bad.is_empty() {
        return Ok(());
    }
    let what = if bad.len() == 1 { "parameter was" } else { "parameters were" };
    Err(ApiError::new(
        "mustpostparams",
        format!("The following {what} found in the query string, but must be in the POST body: {}.", bad.join(", ")),
    ))
}
