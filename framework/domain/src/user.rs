//! Users as MediaWiki names and groups them: the canonical form of a user name (what
//! `list=users` accepts), which names are IP addresses, and the implicit groups every user is
//! in.

use crate::title::{parse_title, sanitize_ip, SiteNamespaces, NS_USER};

/// The longest user name, in bytes (`$wgMaxNameChars`).
pub const MAX_NAME_BYTES: usize = 255;

/// The canonical form of a user name, as MediaWiki's `UserNameUtils::getCanonical` makes it
/// with its default rigour ("valid"): the first letter upper case, underscores as spaces, an
/// optional `User:` prefix dropped. `None` for what is no valid user name: text with `#`, a
/// title of another namespace or site, an IP address, a `/`, a name too long, or one with the
/// invisible characters MediaWiki refuses.
pub fn canonical_name(name: &str, namespaces: &SiteNamespaces, is_interwiki: &dyn Fn(&str) -> bool) -> Option<String> {
    let name = crate::title::upper_first(name);
    if name.contains('#') {
        return None;
    }
    let title = parse_title(&name, NS_USER, namespaces, is_interwiki).ok()?;
    if title.ns != NS_USER || title.is_external() {
        return None;
    }
    let name = title.text;
    if name.is_empty()
        || is_ip_name(&name)
        || name.contains('/')
        || name.len() > MAX_NAME_BYTES
        || name != crate::title::upper_first(&name)
    {
        return None;
    }
    // The name must read back as itself in the main namespace (no namespace prefix inside it).
    match parse_title(&name, 0, namespaces, is_interwiki) {
        Ok(t) if t.ns == 0 && !t.is_external() && t.text == name => {}
        _ => return None,
    }
    if name.chars().any(is_troublesome) {
        return None;
    }
    Some(name)
}

/// Characters MediaWiki refuses in user names beyond those titles refuse: C1 controls,
/// no-break and other special spaces, bidi and line controls, private-use characters.
fn is_troublesome(c: char) -> bool {
    matches!(c, '\u{80}'..='\u{9f}' | '\u{a0}' | '\u{2000}'..='\u{200f}' | '\u{2028}'..='\u{202f}' | '\u{3000}' | '\u{e000}'..='\u{f8ff}')
}

/// Whether a name is an IP address as MediaWiki's `UserNameUtils::isIP` sees it: a valid IPv4
/// or IPv6 address, or four dot-separated groups of one to three digits (the last may be
/// `xxx`), valid or not.
pub fn is_ip_name(name: &str) -> bool {
    let parts: Vec<&str> = name.split('.').collect();
    let loose_v4 = parts.len() == 4
        && parts[..3].iter().all(|p| (1..=3).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit()))
        && (parts[3] == "xxx" || ((1..=3).contains(&parts[3].len()) && parts[3].bytes().all(|b| b.is_ascii_digit())));
    loose_v4 || (!name.contains('/') && sanitize_ip(name).is_some())
}

/// When a registered user is in the `autoconfirmed` group: at least this old and with at
/// least this many edits (`$wgAutoConfirmAge`, `$wgAutoConfirmCount`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AutoConfirm {
    /// Seconds since registration.
    pub age: i64,
    /// Edits.
    pub edits: i64,
}

impl AutoConfirm {
    /// The implicit groups of a user: `*` for everyone, `user` and (when old enough and with
    /// enough edits) `autoconfirmed` for registered users. `registration` is a 14-digit
    /// timestamp (a user without one counts as old), `now` the current Unix time.
    pub fn implicit_groups(
        &self,
        registered: bool,
        registration: Option<&str>,
        edits: i64,
        now: i64,
    ) -> Vec<&'static str> {
        if !registered {
            return vec!["*"];
        }
        let registered_at =
            registration.and_then(crate::timestamp::Timestamp::parse).map_or(0, crate::timestamp::Timestamp::unix);
        if edits >= self.edits && now - registered_at >= self.age {
            vec!["*", "user", "autoconfirmed"]
        } else {
            vec!["*", "user"]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canonical(name: &str) -> Option<String> {
        let ns = SiteNamespaces::english("Fixture Wiki");
        canonical_name(name, &ns, &|p| p == "wikipedia")
    }

    #[test]
    fn names_take_mediawikis_canonical_form() {
        assert_eq!(canonical("alice").as_deref(), Some("Alice"));
        assert_eq!(canonical("Eve_Example").as_deref(), Some("Eve Example"));
        assert_eq!(canonical("User:Bob").as_deref(), Some("Bob"));
        assert_eq!(canonical("Nobody Here").as_deref(), Some("Nobody Here"));
        for bad in
            ["127.0.0.1", "192.0.2.xxx", "2001:db8::1", "Bad<Name", "#12", "A/B", "Talk:Foo", "", "wikipedia:Foo"]
        {
            assert_eq!(canonical(bad), None, "{bad}");
        }
    }

    #[test]
    fn implicit_groups_follow_age_and_edits() {
        let strict = AutoConfirm { age: 4 * 86400, edits: 10 };
        let reg = "20261121000000";
        let now = crate::timestamp::Timestamp::parse("20261122000000").unwrap().unix();
        assert_eq!(AutoConfirm::default().implicit_groups(true, Some(reg), 0, now), ["*", "user", "autoconfirmed"]);
        assert_eq!(strict.implicit_groups(true, Some(reg), 50, now), ["*", "user"]);
        assert_eq!(strict.implicit_groups(true, None, 50, now), ["*", "user", "autoconfirmed"]);
        assert_eq!(strict.implicit_groups(false, None, 0, now), ["*"]);
    }
}
