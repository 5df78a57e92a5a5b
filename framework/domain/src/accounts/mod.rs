//! What MediaWiki knows of accounts and sessions, without requests or databases: its stored
//! password hashes ([`passwords`]), its session tokens ([`tokens`]), the grants of bot
//! passwords ([`grants`]) and the throttle on failed logins ([`throttle`]).

pub mod grants;
pub mod passwords;
pub mod throttle;
pub mod tokens;
