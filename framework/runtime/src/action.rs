//! [`ActionContext`]: what an action module (`action=...`) sees of the request it runs in.

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
