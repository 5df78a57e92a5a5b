//! What the caller of a request may do, as a set of MediaWiki rights (`read`,
//! `apihighlimits`, `deletedhistory`, ...). The server has no logins: every caller has the
//! rights the operator grants anonymous callers, MediaWiki's `*` group by default.

use std::collections::BTreeSet;
use std::sync::Arc;

/// The rights of MediaWiki's `*` group (everyone, logged in or not) by default, in the
/// spec's vocabulary (which has no `writeapi`).
pub const ANONYMOUS_RIGHTS: &[&str] = &[
    "createaccount",
    "read",
    "edit",
    "createpage",
    "createtalk",
    "viewmywatchlist",
    "editmywatchlist",
    "viewmyprivateinfo",
    "editmyprivateinfo",
    "editmyoptions",
];

/// A set of rights; cheap to clone (shared).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rights(Arc<BTreeSet<String>>);

impl Rights {
    /// Exactly these rights.
    pub fn new<S: AsRef<str>>(rights: impl IntoIterator<Item = S>) -> Self {
        Rights(Arc::new(rights.into_iter().map(|r| r.as_ref().to_owned()).collect()))
    }

    /// The rights of an anonymous caller on a MediaWiki site without extra configuration.
    pub fn anonymous() -> Self {
        Self::new(ANONYMOUS_RIGHTS)
    }

    /// Whether a right is in the set.
    pub fn has(&self, right: &str) -> bool {
        self.0.contains(right)
    }

    /// Whether any of these rights is in the set.
    pub fn has_any(&self, rights: &[&str]) -> bool {
        rights.iter().any(|r| self.has(r))
    }

    /// The rights, in alphabetical order.
    pub fn iter(&self) -> impl Iterator<Item = &str> {
        self.0.iter().map(String::as_str)
    }
}

impl Default for Rights {
    fn default() -> Self {
        Self::anonymous()
    }
}

#[cfg(test)]
mod tests {
    use super::Rights;

    #[test]
    fn anonymous_callers_read_without_high_limits() {
        let anon = Rights::default();
        assert!(anon.has("read"));
        assert!(!anon.has("apihighlimits"));
        assert!(anon.has_any(&["deletedhistory", "read"]));
        assert!(!anon.has_any(&["deletedhistory", "suppressionlog"]));
    }

    #[test]
    fn sets_are_exactly_what_was_granted() {
        let rights = Rights::new(["apihighlimits", "read", "read"]);
        assert_eq!(rights.iter().collect::<Vec<_>>(), ["apihighlimits", "read"]);
        assert!(!Rights::new::<&str>([]).has("read"));
    }
}
