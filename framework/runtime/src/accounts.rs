//! [`Accounts`]: who a session's user is now, the server's knowledge of accounts that the API
//! main loop asks once a request, provided as a service ([`Services::accounts`]) so that the
//! framework knows no database.

use wikiquery_domain::rights::Rights;
use wikiquery_domain::settings::SiteSettings;

use crate::error::ApiError;
use crate::param::RequestState;
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
        settings: &SiteSettings,
    ) -> Result<Option<(Account, Rights)>, ApiError>;
}
