//! User references: a name, an IP address or range, an interwiki name, `#id`, or a temporary
//! account, each accepted only where the parameter's subtypes allow it.

use super::types::scalar_param_type;
use super::types::{Hints, MultiValue, ScalarParam, ValueContext};
use crate::descriptor::ParamKind;
use crate::error::ApiError;
use crate::param::SiteTitles;
use wikiquery_domain::title::NS_USER;

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

    /// Classifies and normalises a raw value with MediaWiki's default namespaces; `None` when
    /// it is no user reference at all.
    pub fn classify(raw: &str) -> Option<UserRef> {
        UserRef::classify_on(raw, &SiteTitles::default())
    }

    /// Classifies and normalises a raw value as MediaWiki's user parameters do on a site with
    /// `site`'s title rules: `#id`; `prefix>Name`; a valid user name, read as a title in the
    /// User namespace (`user:alice` is Alice); else an address or range, with or without the
    /// namespace.
    pub fn classify_on(raw: &str, site: &SiteTitles) -> Option<UserRef> {
        if let Some(id) = raw.strip_prefix('#') {
            if !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()) {
                return id.parse().ok().map(UserRef::Id);
            }
            return None;
        }
        if raw.contains('>') {
            return Some(UserRef::Interwiki(raw.to_owned()));
        }
        if let Some(name) = site.user_name(raw) {
            return Some(if name.starts_with('~') { UserRef::Temp(name) } else { UserRef::Name(name) });
        }
        if raw.contains('#') {
            return None;
        }
        let in_user_ns = |text: &str| site.parse(text, NS_USER).ok().filter(|t| t.ns == NS_USER && !t.is_external());
        let title = in_user_ns(raw).or_else(|| in_user_ns(&format!("User:{raw}")))?;
        let text = title.text;
        if let Some(ip) = wikiquery_domain::title::sanitize_ip(&text) {
            return Some(if ip.contains('/') { UserRef::Cidr(ip) } else { UserRef::Ip(ip) });
        }
        is_hidden_ipv4(&text).then_some(UserRef::Ip(text))
    }
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
        match UserRef::classify_on(raw, ctx.reader.site()) {
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
        // Read as a title in the User namespace, as MediaWiki reads user parameters.
        assert_eq!(UserRef::classify("user:alice"), Some(UserRef::Name("Alice".into())));
        assert_eq!(UserRef::classify("User:192.0.2.7"), Some(UserRef::Ip("192.0.2.7".into())));
        assert_eq!(UserRef::classify("Alice@legacy"), Some(UserRef::Name("Alice@legacy".into())));
        assert_eq!(UserRef::classify("Foo:Bar"), Some(UserRef::Name("Foo:Bar".into())));
        assert_eq!(UserRef::classify("Talk:Alice"), None);
        assert_eq!(UserRef::classify("A/B"), None);
        assert_eq!(UserRef::classify("1.2.3.4/33"), None);
        assert_eq!(UserRef::classify("#bad"), None);
    }
}
