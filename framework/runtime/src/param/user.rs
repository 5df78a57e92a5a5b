//! User references: a name, an IP address or range, an interwiki name, `#id`, or a temporary
//! account, each accepted only where the parameter's subtypes allow it.

use super::types::scalar_param_type;
use super::types::{Hints, MultiValue, ScalarParam, ValueContext};
use crate::descriptor::ParamKind;
use crate::error::ApiError;

/// The subtypes of a user parameter when the module names none (the spec's `user*`).
pub const USER_SUBTYPES_DEFAULT: &[&str] = &["name", "ip", "temp", "interwiki", "id"];

/// A user as a parameter names one, normalised as MediaWiki does.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum UserRef {
    /// A registered user name (first letter upper case, underscores as spaces).
    Name(String),
    /// A temporary account name.
    Temp(String),
    /// An IP address, sanitised (IPv6 upper case and without abbreviation).
    Ip(String),
    /// An IP range in CIDR notation, sanitised.
    Cidr(String),
    /// A user of another wiki, `prefix>Name`.
    Interwiki(String),
    /// A user id, `#123`.
    Id(u64),
}

impl UserRef {
    /// The subtype's name as paraminfo lists it.
    pub fn subtype(&self) -> &'static str {
        match self {
            UserRef::Name(_) => "name",
            UserRef::Temp(_) => "temp",
            UserRef::Ip(_) => "ip",
            UserRef::Cidr(_) => "cidr",
            UserRef::Interwiki(_) => "interwiki",
            UserRef::Id(_) => "id",
        }
    }

    /// The text the reference names its user by (`#12` for an id), as tables store names.
    pub fn text(&self) -> String {
        match self {
            UserRef::Name(t) | UserRef::Temp(t) | UserRef::Ip(t) | UserRef::Cidr(t) | UserRef::Interwiki(t) => {
                t.clone()
            }
            UserRef::Id(id) => format!("#{id}"),
        }
    }

    /// Classifies and normalises a raw value; `None` when it is no user reference at all.
    pub fn classify(raw: &str) -> Option<UserRef> {
        if let Some(id) = raw.strip_prefix('#') {
            if !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()) {
                return id.parse().ok().map(UserRef::Id);
            }
            return None;
        }
        if raw.contains('>') {
            return Some(UserRef::Interwiki(raw.to_owned()));
        }
        let text = normalise_name(raw)?;
        if let Some(ip) = wikiquery_domain::title::sanitize_ip(&text) {
            return Some(if ip.contains('/') { UserRef::Cidr(ip) } else { UserRef::Ip(ip) });
        }
        if is_hidden_ipv4(&text) {
            return Some(UserRef::Ip(text));
        }
        if text.contains(['@', ':', '=', '/']) {
            return None;
        }
        if text.starts_with('~') {
            return Some(UserRef::Temp(text));
        }
        Some(UserRef::Name(text))
    }
}

/// Underscores to spaces, collapsed and trimmed, first letter upper case; `None` for a value
/// that is no valid title text.
fn normalise_name(raw: &str) -> Option<String> {
    let spaced = raw.replace('_', " ");
    let collapsed: Vec<&str> = spaced.split(' ').filter(|s| !s.is_empty()).collect();
    let text = collapsed.join(" ");
    if text.is_empty() || text.len() > 255 || text.contains(['#', '<', '>', '[', ']', '|', '{', '}', '\n', '\t']) {
        return None;
    }
    let mut chars = text.chars();
    let first = chars.next()?;
    Some(first.to_uppercase().chain(chars).collect())
}

/// `1.2.3.xxx`, the old form of a hidden address, which MediaWiki still takes as an IP user.
fn is_hidden_ipv4(text: &str) -> bool {
    let parts: Vec<&str> = text.split('.').collect();
    parts.len() == 4 && parts[3] == "xxx" && parts[..3].iter().all(|p| p.parse::<u8>().is_ok())
}

impl ScalarParam for UserRef {
    fn kind(hints: &Hints) -> ParamKind {
        ParamKind::User { subtypes: hints.subtypes.unwrap_or(USER_SUBTYPES_DEFAULT).to_vec() }
    }

    fn parse(raw: &str, ctx: &mut ValueContext<'_, '_>) -> Result<Self, ApiError> {
        let allowed = match &ctx.descriptor.kind {
            ParamKind::User { subtypes } => subtypes.clone(),
            _ => USER_SUBTYPES_DEFAULT.to_vec(),
        };
        match UserRef::classify(raw) {
            Some(user) if allowed.contains(&user.subtype()) => Ok(user),
            // A temporary-account name is an ordinary name where temp is not listed.
            Some(UserRef::Temp(name)) if allowed.contains(&"name") => Ok(UserRef::Name(name)),
            _ => Err(ApiError::new("baduser", format!("Invalid value \"{raw}\" for user parameter \"{}\".", ctx.wire))),
        }
    }
}
impl MultiValue for UserRef {}

scalar_param_type!(UserRef);

#[cfg(test)]
mod tests {
    use super::UserRef;

    #[test]
    fn classifies_as_mediawiki_does() {
        assert_eq!(UserRef::classify("alice_smith"), Some(UserRef::Name("Alice smith".into())));
        assert_eq!(UserRef::classify("#12"), Some(UserRef::Id(12)));
        assert_eq!(
            UserRef::classify("imported>ExternalUser"),
            Some(UserRef::Interwiki("imported>ExternalUser".into()))
        );
        assert_eq!(UserRef::classify("2001:db8::42"), Some(UserRef::Ip("2001:DB8:0:0:0:0:0:42".into())));
        assert_eq!(UserRef::classify("198.51.100.0/24"), Some(UserRef::Cidr("198.51.100.0/24".into())));
        assert_eq!(UserRef::classify("a|b"), None);
    }
}
