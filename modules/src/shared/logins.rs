//! What `action=login` and `action=clientlogin` share: the reasons a login fails, worded
//! for each of the formats a client asks them in; which logins a page of another origin may
//! not attempt; and how MediaWiki tells a bot password's login from a main account's.

use serde_json::{json, Value};
use wikiquery_runtime::ApiResult;

/// Why a login did not succeed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    /// The request may be made by a page of another origin.
    SameOrigin,
    /// The login token came with a session that never had one (it ended, or never began).
    SessionLost,
    /// No user by that name, or the wrong password.
    WrongPassword,
    /// The name is no user name.
    NoProvider,
    /// No password given.
    EmptyPassword,
    /// Too many failures lately: seconds to wait.
    Throttled(i64),
}

impl Reason {
    /// MediaWiki's message key.
    pub fn code(self) -> &'static str {
        match self {
            Reason::SameOrigin => "api-login-fail-sameorigin",
            Reason::SessionLost => "authpage-cannot-login-continue",
            Reason::WrongPassword => "wrongpassword",
            Reason::NoProvider => "authmanager-authn-no-primary",
            Reason::EmptyPassword => "wrongpasswordempty",
            Reason::Throttled(_) => "login-throttled",
        }
    }

    /// The text, its sentences on lines of their own where MediaWiki's are.
    pub fn text(self) -> String {
        match self {
            Reason::SameOrigin => "Cannot log in when the same-origin policy is not applied.".to_owned(),
            Reason::SessionLost => "Unable to continue login. Your session most likely timed out.".to_owned(),
            Reason::WrongPassword => "Incorrect username or password entered.\nPlease try again.".to_owned(),
            Reason::NoProvider => "The supplied credentials could not be authenticated.".to_owned(),
            Reason::EmptyPassword => "Password entered was blank.\nPlease try again.".to_owned(),
            Reason::Throttled(wait) => {
                format!(
                    "You have made too many recent login attempts.\nPlease wait {} before trying again.",
                    duration(wait)
                )
            }
        }
    }
}

/// A wait in words, as MediaWiki's duration parameters read: `5 minutes`, `1 hour`.
fn duration(seconds: i64) -> String {
    let (n, unit) = if seconds >= 86400 && seconds % 86400 == 0 {
        (seconds / 86400, "day")
    } else if seconds >= 3600 && seconds % 3600 == 0 {
        (seconds / 3600, "hour")
    } else if seconds >= 60 && seconds % 60 == 0 {
        (seconds / 60, "minute")
    } else {
        (seconds, "second")
    };
    format!("{n} {unit}{}", if n == 1 { "" } else { "s" })
}

/// The reason as `action=login` gives it: plain text on one line in the `bc` error format,
/// else a message in the request's error format.
pub fn reason(result: &ApiResult, reason: Reason) -> Value {
    result.format_message(reason.code(), &reason.text().replace('\n', " "))
}

/// The message of a failed `clientlogin` in its `loginmessageformat`: `message` (none for
/// `none`) and `messagecode`.
pub fn client_message(format: &str, code: &str, text: &str) -> (Option<Value>, Value) {
    let message = match format {
        "none" => None,
        "raw" => Some(json!({ "key": code, "params": [] })),
        "html" => Some(json!(wikiquery_domain::html::escape_text(text))),
        _ => Some(json!(text)),
    };
    (message, json!(code))
}

/// MediaWiki's `BotPassword::canonicalizeLoginData`: the login name (`User@app`) and the
/// password when `name` and `password` are a bot password's — `User@app` with a generated
/// password (32 or more of `0-9a-w`), or `User` with `app@password`.
pub fn bot_login_data(name: &str, password: &str) -> Option<(String, String)> {
    let generated = |p: &str| p.len() >= 32 && p.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'w'));
    if password.len() >= 32 && name.contains('@') {
        return generated(password).then(|| (name.to_owned(), password.to_owned()));
    }
    if password.len() > 32 && password.contains('@') {
        let (app, secret) = password.rsplit_once('@')?;
        return generated(secret).then(|| (format!("{name}@{app}"), secret.to_owned()));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bot_password_spellings() {
        let pw = "mva1a23lpllec7ai0kkc0raq16uh981t";
        assert_eq!(bot_login_data("Admin@wqfull", pw), Some(("Admin@wqfull".into(), pw.into())));
        assert_eq!(bot_login_data("Admin", &format!("wqfull@{pw}")), Some(("Admin@wqfull".into(), pw.into())));
        assert_eq!(bot_login_data("Admin@wqfull", &pw[..31]), None, "too short");
        assert_eq!(bot_login_data("Admin@wqfull", "xyzxyzxyzxyzxyzxyzxyzxyzxyzxyzxy"), None, "not generated");
        assert_eq!(bot_login_data("Admin", pw), None, "no application");
        assert_eq!(duration(300), "5 minutes");
        assert_eq!(duration(3600), "1 hour");
        assert_eq!(duration(61), "61 seconds");
    }
}
