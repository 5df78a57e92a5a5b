//! [`Accounts`]: who a session's user is now, the server's knowledge of accounts that the API
//! main loop asks once a request, provided as a service ([`AccountsService`]) so that the
//! framework knows no database.

use std::sync::Arc;

use wikiquery_domain::rights::Rights;

use crate::error::ApiError;
use crate::param::RequestState;
use crate::services::Services;
use crate::session::{Account, Session};

/// Who a session's user is now.
pub trait Accounts: Send + Sync {
    /// The account a session is logged in as, with its rights now; `None` when the login no
    /// longer holds (the account is gone, the session was ended by a logout, its bot password
    /// was reset).
    fn caller(
        &self,
        session: &Session,
        state: &mut RequestState,
        services: &Services,
    ) -> Result<Option<(Account, Rights)>, ApiError>;
}

/// The [`Accounts`] a server provides.
#[derive(Clone)]
pub struct AccountsService(pub Arc<dyn Accounts>);
