//! MediaWiki's session tokens (its `Token` class): 32 hexadecimal digits of an HMAC-MD5 over
//! the time and a salt, keyed by one of the session's secrets, then the time in hexadecimal and
//! the suffix `+\`. A token is checked by recomputing it at the time it carries. A caller who is
//! not logged in gets the suffix alone for every action (MediaWiki's `LoggedOutEditToken`).

use hmac::{Hmac, Mac};
use md5::Md5;

use super::passwords::constant_time_eq;

/// What ends every token (the `+\` a broken proxy would mangle).
pub const SUFFIX: &str = "+\\";

/// The salt and the session secret's key of each token type, as `meta=tokens` names them.
/// `login` and `createaccount` use secrets of their own, kept by a session before login.
pub fn salt_of(token_type: &str) -> Option<(&'static str, &'static str)> {
    Some(match token_type {
        "csrf" => ("", "default"),
        "watch" => ("watch", "default"),
        "patrol" => ("patrol", "default"),
        "rollback" => ("rollback", "default"),
        "userrights" => ("userrights", "default"),
        "login" => ("", "login"),
        "createaccount" => ("", "createaccount"),
        _ => return None,
    })
}

/// Whether a token type is tied to the session even before login (`login`, `createaccount`).
pub fn is_session_type(token_type: &str) -> bool {
    matches!(salt_of(token_type), Some((_, key)) if key != "default")
}

/// The token of `secret` and `salt` made at `time` (seconds since 1970).
pub fn token_at(secret: &str, salt: &str, time: i64) -> String {
    let mut mac = Hmac::<Md5>::new_from_slice(secret.as_bytes()).expect("HMAC takes a key of any length");
    mac.update(time.to_string().as_bytes());
    mac.update(salt.as_bytes());
    let digest = mac.finalize().into_bytes();
    let mut out: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    out.push_str(&format!("{time:x}"));
    out.push_str(SUFFIX);
    out
}

/// The time a token says it was made, when it has the form of one.
pub fn token_time(token: &str) -> Option<i64> {
    if token.len() <= 32 + SUFFIX.len() || !token.ends_with(SUFFIX) {
        return None;
    }
    let hex = token.get(32..token.len() - SUFFIX.len())?;
    // PHP's hexdec skips what is not a hexadecimal digit.
    let digits: String = hex.chars().filter(char::is_ascii_hexdigit).collect();
    if digits.is_empty() {
        return Some(0);
    }
    i64::from_str_radix(&digits, 16).ok()
}

/// How a token compares with the one a session would make.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenCheck {
    /// Made by this session for this use, within the age asked for.
    Valid,
    /// Made by this session for this use, but longer ago than the age asked for.
    Expired,
    /// Not this session's token for this use.
    Invalid,
}

/// Checks `token` against the session secret and salt (`secret` `None`: a caller not logged
/// in, whose only token is the suffix), optionally no older than `max_age` seconds at `now`.
pub fn check(secret: Option<&str>, salt: &str, token: &str, max_age: Option<i64>, now: i64) -> TokenCheck {
    let Some(secret) = secret else {
        return if token == SUFFIX { TokenCheck::Valid } else { TokenCheck::Invalid };
    };
    let Some(time) = token_time(token) else { return TokenCheck::Invalid };
    if !constant_time_eq(token_at(secret, salt, time).as_bytes(), token.as_bytes()) {
        return TokenCheck::Invalid;
    }
    match max_age {
        Some(age) if time < now - age => TokenCheck::Expired,
        _ => TokenCheck::Valid,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_as_mediawiki_makes_them() {
        // PHP: hash_hmac('md5', '1700000000' . 'watch', 'abc') . dechex(1700000000) . '+\\'
        let t = token_at("abc", "watch", 1_700_000_000);
        assert_eq!(t.len(), 32 + 8 + 2);
        assert_eq!(t, "01a4a51c0391435247efb9d739d08d186553f100+\\");
        assert_eq!(token_time(&t), Some(1_700_000_000));
        assert_eq!(check(Some("abc"), "watch", &t, None, 1_800_000_000), TokenCheck::Valid);
        assert_eq!(check(Some("abc"), "watch", &t, Some(60), 1_800_000_000), TokenCheck::Expired);
        assert_eq!(check(Some("abc"), "", &t, None, 1_800_000_000), TokenCheck::Invalid);
        assert_eq!(check(Some("abd"), "watch", &t, None, 1_800_000_000), TokenCheck::Invalid);
        assert_eq!(check(None, "", SUFFIX, None, 0), TokenCheck::Valid);
        assert_eq!(check(None, "", &t, None, 0), TokenCheck::Invalid);
        assert_eq!(token_time(SUFFIX), None);
    }
}
