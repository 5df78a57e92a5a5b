//! Accounts, for logins and for every request a logged-in caller makes: checking a password
//! or a bot password (MediaWiki's `BotPassword::login` and its local password provider),
//! the throttle on failures, who a session's user is now and what they may do, and the
//! sessions a logout ended.
//!
//! A session lives in its signed cookie (see the framework's `session` module). A logout
//! makes the cookie useless from then on: the session's id is remembered as ended, in
//! wikiquery's own table when the database is one wikiquery may write (so that every process
//! serving it knows), and in this process's memory always.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use serde_json::Value;
use wikiquery_domain::accounts::grants::rights_of_grants;
use wikiquery_domain::accounts::passwords;
use wikiquery_domain::accounts::throttle::LoginThrottle;
use wikiquery_domain::settings::SiteSettings;
use wikiquery_domain::timestamp::Timestamp;
use wikiquery_domain::title::{parse_title, upper_first};
use wikiquery_runtime::param::RequestState;
use wikiquery_runtime::{Account, Accounts, ApiError, Rights, Session, SessionUser};
use wikiquery_store::queries::accounts::end_session;
use wikiquery_store::queries::users::UserRow;
use wikiquery_store::store::Store;

use crate::storage::RequestReader;

/// What checking a password found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LoginOutcome {
    /// The password is right: the session to log in as.
    Pass(SessionUser),
    /// The name is no user name a login can have (MediaWiki: no provider could judge it).
    BadName,
    /// No such user, or the wrong password (never told apart).
    WrongPassword,
    /// Too many failures lately: seconds to wait.
    Throttled(i64),
}

/// The groups a registered user is in now: `explicit` (their memberships in force), then the
/// implicit ones.
pub fn account_groups(settings: &SiteSettings, explicit: Vec<String>, user: &UserRow, now: Timestamp) -> Vec<String> {
    let mut groups = explicit;
    groups.extend(implicit_groups(settings, user, now).into_iter().map(str::to_owned));
    groups
}

/// The implicit groups of a registered user.
pub fn implicit_groups(settings: &SiteSettings, user: &UserRow, now: Timestamp) -> Vec<&'static str> {
    settings.autoconfirm.implicit_groups(true, user.registration.as_deref(), user.edit_count.unwrap_or(0), now.unix())
}

/// The server's accounts: the [`Accounts`] every request asks, and the logins' throttle.
pub struct AccountDirectory {
    store: Store,
    throttle: OnceLock<LoginThrottle>,
    /// Sessions ended in this process, with when they would have ended.
    ended: Mutex<HashMap<String, i64>>,
}

impl AccountDirectory {
    /// The accounts of `store`.
    pub fn new(store: Store) -> Self {
        AccountDirectory { store, throttle: OnceLock::new(), ended: Mutex::default() }
    }

    fn throttle(&self, settings: &SiteSettings) -> &LoginThrottle {
        self.throttle.get_or_init(|| LoginThrottle::new(settings.login_throttle.clone()))
    }

    /// Checks a main account's name and password.
    pub fn check_password(
        &self,
        state: &RequestState,
        settings: &SiteSettings,
        name: &str,
        password: &str,
    ) -> Result<LoginOutcome, ApiError> {
        let store = &self.store;
        let Some(name) = usable_name(store, name) else { return Ok(LoginOutcome::BadName) };
        let now = state.now().unix();
        let address = state.client_ip.as_str();
        let throttle = self.throttle(settings);
        if let Some(wait) = throttle.blocked(&name, address, now) {
            return Ok(LoginOutcome::Throttled(wait));
        }
        let account = RequestReader::lend(&state.scope, store)?.login_account(&name)?;
        match account {
            Some(a) if passwords::verify(&a.password, password) => {
                throttle.succeeded(&name, address);
                Ok(LoginOutcome::Pass(SessionUser { id: a.id, name: a.name, bot_password: None }))
            }
            _ => {
                throttle.failed(&name, address, now);
                Ok(LoginOutcome::WrongPassword)
            }
        }
    }

    /// Checks a bot password: `login_name` is `User@app`. `None` when the name or the
    /// application does not exist, or the password was never set: MediaWiki then tries the
    /// name as a main account's.
    pub fn check_bot_password(
        &self,
        state: &RequestState,
        settings: &SiteSettings,
        login_name: &str,
        password: &str,
    ) -> Result<Option<LoginOutcome>, ApiError> {
        let store = &self.store;
        let Some((user, app)) = login_name.split_once('@') else { return Ok(None) };
        let Some(name) = usable_name(store, user) else { return Ok(None) };
        let now = state.now().unix();
        let address = state.client_ip.as_str();
        let throttle = self.throttle(settings);
        // Throttled by the whole login name, as MediaWiki counts bot passwords.
        if let Some(wait) = throttle.blocked(login_name, address, now) {
            return Ok(Some(LoginOutcome::Throttled(wait)));
        }
        let mut reader = RequestReader::lend(&state.scope, store)?;
        let Some(account) = reader.login_account(&name)? else { return Ok(None) };
        throttle.failed(login_name, address, now);
        let Some(bp) = reader.bot_password(account.id, app)? else { return Ok(None) };
        if !bp_allows_address(&bp.restrictions, address) || !passwords::verify(&bp.password, password) {
            return Ok(None);
        }
        throttle.succeeded(login_name, address);
        Ok(Some(LoginOutcome::Pass(SessionUser {
            id: account.id,
            name: account.name,
            bot_password: Some((app.to_owned(), bp.token)),
        })))
    }

    /// Ends a session for good: its cookie is refused from now on.
    pub fn end(&self, state: &RequestState, session: &Session) -> Result<(), ApiError> {
        if session.id.is_empty() {
            return Ok(());
        }
        let now = state.now().unix();
        {
            let mut ended = self.ended.lock().unwrap_or_else(|e| e.into_inner());
            ended.retain(|_, expires| *expires > now);
            ended.insert(session.id.clone(), session.expires);
        }
        let store = &self.store;
        if store.is_writable() {
            let mut conn = store.writer()?;
            end_session(&mut conn, &session.id, session.expires, now)?;
        }
        Ok(())
    }

    fn is_ended(&self, state: &RequestState, store: &Store, id: &str) -> Result<bool, ApiError> {
        if self.ended.lock().unwrap_or_else(|e| e.into_inner()).contains_key(id) {
            return Ok(true);
        }
        if store.is_writable() {
            return Ok(RequestReader::lend(&state.scope, store)?.session_ended(id)?);
        }
        Ok(false)
    }
}

impl Accounts for AccountDirectory {
    fn caller(
        &self,
        session: &Session,
        state: &mut RequestState,
        settings: &SiteSettings,
    ) -> Result<Option<(Account, Rights)>, ApiError> {
        let Some(user) = &session.user else { return Ok(None) };
        let store = &self.store;
        if self.is_ended(state, store, &session.id)? {
            return Ok(None);
        }
        let mut reader = RequestReader::lend(&state.scope, store)?;
        let Some(row) = reader.users_by_ids(&[user.id])?.pop() else { return Ok(None) };
        let grants = match &user.bot_password {
            None => None,
            Some((app, token)) => match reader.bot_password(user.id, app)? {
                // A reset password ends the sessions made with the old one.
                Some(bp) if &bp.token == token => Some(grant_list(&bp.grants)),
                _ => return Ok(None),
            },
        };
        let now = state.now();
        let explicit = reader.group_memberships(&[user.id], &now.to_mw())?.into_iter().map(|(_, group, _)| group);
        let groups = account_groups(settings, explicit.collect(), &row, now);
        let group_refs: Vec<&str> = groups.iter().map(String::as_str).collect();
        let mut rights = settings.groups.rights_of_groups(&group_refs);
        if let Some(grants) = &grants {
            let allowed = rights_of_grants(grants);
            rights.retain(|r| allowed.contains(r));
        }
        let rights = Rights::new(rights);
        let account = Account {
            id: row.id,
            name: row.name,
            groups,
            bot_password: user.bot_password.as_ref().map(|(app, _)| app.clone()),
        };
        Ok(Some((account, rights)))
    }
}

/// The name a login may use (MediaWiki's "usable" rigour): a valid user name, first letter
/// upper case; not an address.
fn usable_name(store: &Store, name: &str) -> Option<String> {
    let site = store.site();
    let name = upper_first(name.trim()).replace('_', " ");
    if name.is_empty() || wikiquery_domain::user::is_ip_name(&name) {
        return None;
    }
    let is_interwiki = |p: &str| site.interwikis().is_interwiki(p);
    let title = parse_title(&name, 2, site.namespaces(), &is_interwiki).ok()?;
    (title.ns == 2 && !title.is_external() && !title.text.contains('/') && title.text == name).then_some(name)
}

/// The grants of a bot password (`bp_grants`, a JSON list).
fn grant_list(json: &str) -> Vec<String> {
    match serde_json::from_str::<Value>(json) {
        Ok(Value::Array(items)) => items.into_iter().filter_map(|v| v.as_str().map(str::to_owned)).collect(),
        _ => Vec::new(),
    }
}

/// Whether a bot password's restrictions (`bp_restrictions`, JSON with `IPAddresses`) let
/// `address` use it.
fn bp_allows_address(restrictions: &str, address: &str) -> bool {
    let Ok(Value::Object(r)) = serde_json::from_str::<Value>(restrictions) else { return true };
    let Some(Value::Array(ranges)) = r.get("IPAddresses") else { return true };
    let Some(hex) = wikiquery_domain::title::ip_hex(address) else { return false };
    ranges.iter().filter_map(Value::as_str).any(|range| {
        wikiquery_domain::title::ip_range_hex(range).is_some_and(|(start, end, _, _)| {
            hex.len() == start.len() && start.as_str() <= hex.as_str() && hex.as_str() <= end.as_str()
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn restrictions_by_address() {
        let any = r#"{"IPAddresses":["0.0.0.0/0","::/0"]}"#;
        assert!(bp_allows_address(any, "127.0.0.1"));
        assert!(bp_allows_address(any, "2001:db8::1"));
        let lan = r#"{"IPAddresses":["10.0.0.0/8"]}"#;
        assert!(bp_allows_address(lan, "10.1.2.3"));
        assert!(!bp_allows_address(lan, "192.168.0.1"));
        assert!(bp_allows_address("{}", "192.168.0.1"));
        assert_eq!(grant_list(r#"["basic","highvolume"]"#), ["basic", "highvolume"]);
        assert!(grant_list("nonsense").is_empty());
    }
}
