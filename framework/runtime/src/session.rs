//! Sessions: who a caller is logged in as, and the secrets its tokens are made from. A
//! session lives whole in one cookie that the server signs (HMAC-SHA256 with a configured
//! secret), so every server process holding the same secret accepts the sessions of the
//! others, and none keeps any state for them. What cannot live in the cookie — that a
//! session was ended by `action=logout` — is the accounts service's to remember
//! ([`crate::accounts`]).

use std::collections::BTreeMap;
use std::sync::Arc;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::Sha256;
use wikiquery_domain::accounts::tokens::{self, TokenCheck};

/// The account a session is logged in as.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SessionUser {
    /// The account's id.
    pub id: i64,
    /// Its name when the session logged in.
    pub name: String,
    /// The bot password the session logged in with (its application id and the password's
    /// token, which changes when the password is reset), if it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot_password: Option<(String, String)>,
}

/// A request's session, as its cookie carried it or new.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Session {
    /// A random name for the session, which a logout revokes.
    pub id: String,
    /// Who is logged in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user: Option<SessionUser>,
    /// Whether it lasts as long as "remember me" sessions do.
    #[serde(default)]
    pub remember: bool,
    /// When its user last gave their password (seconds since 1970; 0: never).
    #[serde(default)]
    pub authenticated_at: i64,
    /// The secrets of its tokens, by key (`default`, `login`, `createaccount`).
    #[serde(default)]
    secrets: BTreeMap<String, String>,
    /// When it ends unless used again (seconds since 1970).
    pub expires: i64,
    /// Whether the client holds it in a cookie (or is to be given one).
    #[serde(skip)]
    persistent: bool,
    /// Whether it changed while the request ran.
    #[serde(skip)]
    changed: bool,
    /// Whether the client's cookie is to be removed.
    #[serde(skip)]
    removed: bool,
}

impl Session {
    /// A new session, not yet held by the client (named when it is first held).
    pub fn new() -> Session {
        Session::default()
    }

    /// Whether the client holds the session in a cookie.
    pub fn is_persistent(&self) -> bool {
        self.persistent
    }

    /// Makes the client hold the session (MediaWiki's `persist`).
    pub fn persist(&mut self) {
        if !self.persistent {
            if self.id.is_empty() {
                self.id = random_hex(16);
            }
            self.persistent = true;
            self.changed = true;
            self.removed = false;
        }
    }

    /// The secret of tokens of `key`, made on first use; and whether it was just made (a
    /// token of it cannot have been issued before).
    pub fn secret(&mut self, key: &str) -> (String, bool) {
        if let Some(s) = self.secrets.get(key) {
            return (s.clone(), false);
        }
        let s = random_hex(16);
        self.secrets.insert(key.to_owned(), s.clone());
        self.changed = true;
        (s, true)
    }

    /// The session's token of `token_type` (a `meta=tokens` type) made at `now`: `+\` for
    /// an action's token when no one is logged in.
    pub fn token(&mut self, token_type: &str, now: i64) -> Option<String> {
        let (salt, key) = tokens::salt_of(token_type)?;
        if key == "default" && self.user.is_none() {
            return Some(tokens::SUFFIX.to_owned());
        }
        if key != "default" {
            // A token for logging in needs the session to be there when it is used.
            self.persist();
        }
        let (secret, _) = self.secret(key);
        Some(tokens::token_at(&secret, salt, now))
    }

    /// Checks a token of `token_type` the caller sent, as MediaWiki checks it; `None` for an
    /// unknown type.
    pub fn check_token(&mut self, token_type: &str, token: &str, max_age: Option<i64>, now: i64) -> Option<TokenCheck> {
        let (salt, key) = tokens::salt_of(token_type)?;
        if key == "default" && self.user.is_none() {
            return Some(tokens::check(None, salt, token, max_age, now));
        }
        if key != "default" {
            self.persist();
        }
        let (secret, _) = self.secret(key);
        Some(tokens::check(Some(&secret), salt, token, max_age, now))
    }

    /// Logs the session in as `user` at `now`: a new session id and new secrets, as MediaWiki
    /// renews a session when its user changes.
    pub fn log_in(&mut self, user: SessionUser, remember: bool, now: i64) {
        *self = Session { id: random_hex(16), user: Some(user), remember, authenticated_at: now, ..Session::new() };
        // The secret of its tokens is made now, so that the cookie of the login carries it and
        // never changes while the session is used (any process makes the same tokens).
        self.secret("default");
        self.persistent = true;
        self.changed = true;
    }

    /// Ends the session: no one logged in, no secrets, and the client's cookie removed.
    pub fn end(&mut self) {
        *self = Session { removed: true, ..Session::new() };
    }

    /// Forgets a login that no longer holds (the account gone, the session revoked).
    pub fn drop_user(&mut self) {
        if self.user.is_some() {
            self.end();
        }
    }
}

/// How the server signs and reads session cookies.
#[derive(Clone)]
pub struct SessionKeys {
    secret: Arc<Vec<u8>>,
    /// The cookie's name.
    pub cookie_name: String,
    /// How long a session lasts unused, in seconds.
    pub lifetime: i64,
    /// How long a "remember me" session lasts unused, in seconds.
    pub remember_lifetime: i64,
}

impl std::fmt::Debug for SessionKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never the secret.
        f.debug_struct("SessionKeys").field("cookie_name", &self.cookie_name).finish_non_exhaustive()
    }
}

impl Default for SessionKeys {
    fn default() -> Self {
        SessionKeys::new(None, "wikiquery")
    }
}

/// MediaWiki's session lifetime (`$wgObjectCacheSessionExpiry`).
pub const SESSION_LIFETIME: i64 = 3600;
/// MediaWiki's "remember me" lifetime (`$wgExtendedLoginCookieExpiration`).
pub const REMEMBER_LIFETIME: i64 = 180 * 86400;

impl SessionKeys {
    /// Keys from a configured secret, or a random one (sessions then last as long as the
    /// process); the cookie is named `<prefix>_session`.
    pub fn new(secret: Option<&str>, prefix: &str) -> Self {
        let secret = match secret {
            Some(s) => s.as_bytes().to_vec(),
            None => random_bytes(32),
        };
        SessionKeys {
            secret: Arc::new(secret),
            cookie_name: format!("{prefix}_session"),
            lifetime: SESSION_LIFETIME,
            remember_lifetime: REMEMBER_LIFETIME,
        }
    }

    fn mac(&self) -> Hmac<Sha256> {
        Hmac::<Sha256>::new_from_slice(&self.secret).expect("HMAC takes a key of any length")
    }

    /// The cookie's value for a session.
    pub fn seal(&self, session: &Session) -> String {
        let payload = URL_SAFE_NO_PAD.encode(serde_json::to_vec(session).unwrap_or_default());
        let mut mac = self.mac();
        mac.update(payload.as_bytes());
        format!("{payload}.{}", URL_SAFE_NO_PAD.encode(mac.finalize().into_bytes()))
    }

    /// The session a cookie's value holds, when this server signed it and it has not ended
    /// by `now`.
    pub fn open(&self, value: &str, now: i64) -> Option<Session> {
        let (payload, signature) = value.split_once('.')?;
        let signature = URL_SAFE_NO_PAD.decode(signature).ok()?;
        let mut mac = self.mac();
        mac.update(payload.as_bytes());
        mac.verify_slice(&signature).ok()?;
        let mut session: Session = serde_json::from_slice(&URL_SAFE_NO_PAD.decode(payload).ok()?).ok()?;
        if session.expires <= now || session.id.is_empty() {
            return None;
        }
        session.persistent = true;
        Some(session)
    }

    /// The session a request's `Cookie` headers carry.
    pub fn from_headers<'a>(&self, cookies: impl Iterator<Item = &'a str>, now: i64) -> Option<Session> {
        cookies
            .flat_map(|header| header.split(';'))
            .filter_map(|pair| pair.trim().split_once('='))
            .filter(|(name, _)| *name == self.cookie_name)
            .find_map(|(_, value)| self.open(value.trim_matches('"'), now))
    }

    /// Whether a request's `Cookie` headers carry a cookie of this name, valid or not.
    pub fn cookie_in<'a>(&self, mut cookies: impl Iterator<Item = &'a str>) -> bool {
        cookies.any(|header| {
            header.split(';').filter_map(|pair| pair.trim().split_once('=')).any(|(name, _)| name == self.cookie_name)
        })
    }

    /// The `Set-Cookie` header the response needs for the session as the request left it:
    /// a new or changed session, one used again after a good part of its lifetime (so that it
    /// lasts while it is used), or a removed cookie.
    pub fn set_cookie(&self, session: &mut Session, now: i64) -> Option<String> {
        if session.removed {
            return Some(format!("{}=deleted; Max-Age=0; Path=/; HttpOnly; SameSite=Lax", self.cookie_name));
        }
        if !session.persistent {
            return None;
        }
        let lifetime = if session.remember { self.remember_lifetime } else { self.lifetime };
        // Renewed at most once a minute, or when it changed.
        if !session.changed && session.expires - now > lifetime - 60 {
            return None;
        }
        session.expires = now + lifetime;
        let max_age = if session.remember { format!("; Max-Age={lifetime}") } else { String::new() };
        Some(format!("{}={}{max_age}; Path=/; HttpOnly; SameSite=Lax", self.cookie_name, self.seal(session)))
    }
}

/// A logged-in caller, as every module sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Account {
    /// The account's id.
    pub id: i64,
    /// Its name.
    pub name: String,
    /// Its groups now (explicit memberships in force, then the implicit ones).
    pub groups: Vec<String>,
    /// The application id of the bot password it logged in with, if it did.
    pub bot_password: Option<String>,
}

/// `n` random bytes from the operating system.
pub fn random_bytes(n: usize) -> Vec<u8> {
    let mut bytes = vec![0u8; n];
    getrandom::getrandom(&mut bytes).expect("the operating system provides random bytes");
    bytes
}

/// `n` random bytes in hexadecimal.
pub fn random_hex(n: usize) -> String {
    random_bytes(n).iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sealed_sessions_open_only_with_the_same_secret_and_in_time() {
        let keys = SessionKeys::new(Some("s3cret"), "wiki");
        let mut s = Session::new();
        s.log_in(SessionUser { id: 3, name: "Alice".into(), bot_password: None }, false, 1000);
        let cookie = keys.set_cookie(&mut s, 1000).expect("a new login sets the cookie");
        let value = cookie.strip_prefix("wiki_session=").unwrap().split(';').next().unwrap();
        let opened = keys.open(value, 1001).expect("opens");
        assert_eq!(opened.user.as_ref().unwrap().name, "Alice");
        assert_eq!(opened.id, s.id);
        assert!(keys.open(value, 1000 + SESSION_LIFETIME).is_none(), "expired");
        assert!(SessionKeys::new(Some("other"), "wiki").open(value, 1001).is_none(), "another secret");
        let mut forged = value.to_owned();
        forged.replace_range(0..1, if forged.starts_with('e') { "f" } else { "e" });
        assert!(keys.open(&forged, 1001).is_none(), "altered payload");
        let header = format!("a=b; wiki_session={value}; c=d");
        assert!(keys.from_headers([header.as_str()].into_iter(), 1001).is_some());
    }

    #[test]
    fn tokens_follow_the_login() {
        let mut s = Session::new();
        assert_eq!(s.token("csrf", 5).unwrap(), "+\\");
        let login = s.token("login", 5).unwrap();
        assert_eq!(s.check_token("login", &login, None, 6), Some(TokenCheck::Valid));
        s.log_in(SessionUser { id: 1, name: "Admin".into(), bot_password: None }, true, 5);
        assert_eq!(s.check_token("login", &login, None, 6), Some(TokenCheck::Invalid), "new secrets at login");
        let csrf = s.token("csrf", 5).unwrap();
        assert_ne!(csrf, "+\\");
        assert_eq!(s.check_token("csrf", &csrf, None, 6), Some(TokenCheck::Valid));
        assert_eq!(s.check_token("watch", &csrf, None, 6), Some(TokenCheck::Invalid));
        s.end();
        assert_eq!(s.check_token("csrf", &csrf, None, 6), Some(TokenCheck::Invalid));
    }
}
