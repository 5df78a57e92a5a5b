//! What the caller of a request may do, as a set of MediaWiki rights (`read`,
//! `apihighlimits`, `deletedhistory`, ...). The server has no logins: every caller has the
//! rights the operator grants anonymous callers, MediaWiki's `*` group by default.

use std::collections::BTreeSet;
use std::sync::Arc;

use crate::groups::GroupPermissions;

/// A set of rights; cheap to clone (shared).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rights(Arc<BTreeSet<String>>);

impl Rights {
    /// Exactly these rights.
    pub fn new<S: AsRef<str>>(rights: impl IntoIterator<Item = S>) -> Self {
        Rights(Arc::new(rights.into_iter().map(|r| r.as_ref().to_owned()).collect()))
    }

    /// The rights of an anonymous caller on a MediaWiki site without extra configuration:
    /// those of the `*` group.
    pub fn anonymous() -> Self {
        Self::new(GroupPermissions::default().rights_of("*"))
    }

    /// Whether a right is in the set.
    pub fn has(&self, right: &str) -> bool {
        self.0.contains(right)
    }

    /// Whether any of these rights is in the set.
    pub fn has_any(&self, rights: &[&str]) -> bool {
        rights.iter().any(|r| self.has(r))
    }

    /// Whether the caller may see some revision-deleted field (MediaWiki's
    /// `userCanSeeRevDel`): what it is shown of revisions, changes and log entries then
    /// depends on who it is.
    pub fn sees_revision_deletion(&self) -> bool {
        self.has_any(&["deletedhistory", "deletedtext", "deleterevision", "suppressrevision", "viewsuppressed"])
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

/// The user groups of MediaWiki 1.39 core (the spec's GROUPS).
pub const GROUPS: &[&str] = &[
    "administrator",
    "bot",
    "bureaucrat",
    "emailconfirmed",
    "interface-admin",
    "extadministrator",
    "extcurator",
    "exteditor",
    "suppress",
    "sysop",
];

/// The permission vocabulary: every right MediaWiki 1.39 core knows (the spec's RIGHTS_A).
pub const RIGHTS: &[&str] = &[
    "apihighlimits",
    "applychangetags",
    "autoconfirmed",
    "autocreateaccount",
    "autopatrol",
    "bigdelete",
    "block",
    "blockemail",
    "bot",
    "browsearchive",
    "changeemail",
    "changetags",
    "confirmemail",
    "createaccount",
    "createclass",
    "createpage",
    "createtalk",
    "delete",
    "delete-redirect",
    "deletechangetags",
    "deletedhistory",
    "deletedtext",
    "deletelogentry",
    "deleterevision",
    "edit",
    "editcontentmodel",
    "editinterface",
    "editmyoptions",
    "editmyprivateinfo",
    "editmyusercss",
    "editmyuserjs",
    "editmyuserjson",
    "editmyuserjsredirect",
    "editmywatchlist",
    "editprotected",
    "editrestrictedfields",
    "editsemiprotected",
    "editsitecss",
    "editsitejs",
    "editsitejson",
    "editusercss",
    "edituserjs",
    "edituserjson",
    "gtag-exempt",
    "hideuser",
    "import",
    "importupload",
    "ipblock-exempt",
    "linkpurge",
    "mailpassword",
    "managechangetags",
    "markbotedits",
    "mergehistory",
    "minoredit",
    "move",
    "move-categorypages",
    "move-rootuserpages",
    "move-subpages",
    "movefile",
    "multipageedit",
    "nominornewtalk",
    "noratelimit",
    "override-export-depth",
    "pagelang",
    "patrol",
    "patrolmarks",
    "protect",
    "purge",
    "read",
    "renameuser",
    "renderfile",
    "renderfile-nonstandard",
    "replacetext",
    "reupload",
    "reupload-own",
    "reupload-shared",
    "rollback",
    "sendemail",
    "siteadmin",
    "ext-admin",
    "ext-pageedit",
    "ext-patternedit",
    "ext-schemaedit",
    "ext-vieweditpageinfo",
    "ext-viewentityassociatedrevisionmismatch",
    "ext-viewjobqueuewatchlist",
    "stashbasehtml",
    "stashedit",
    "suppressionlog",
    "suppressredirect",
    "suppressrevision",
    "unblockself",
    "undelete",
    "unwatchedpages",
    "upload",
    "upload_by_url",
    "userrights",
    "userrights-interwiki",
    "viewedittab",
    "viewmyprivateinfo",
    "viewmywatchlist",
    "viewsuppressed",
];

/// The rights of [`RIGHTS`] that say nothing of a contributor, which `prop=contributors` does not
/// filter by (the spec's RIGHTS_B is the vocabulary without them).
pub const NOT_CONTRIBUTOR_RIGHTS: &[&str] = &[
    "changeemail",
    "confirmemail",
    "linkpurge",
    "mailpassword",
    "purge",
    "renderfile",
    "renderfile-nonstandard",
    "stashbasehtml",
    "stashedit",
];

/// The rights `prop=contributors` filters by: [`RIGHTS`] without [`NOT_CONTRIBUTOR_RIGHTS`], in
/// the vocabulary's order.
pub fn contributor_rights() -> Vec<&'static str> {
    RIGHTS.iter().copied().filter(|r| !NOT_CONTRIBUTOR_RIGHTS.contains(r)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_groups_grant_rights_of_the_vocabulary() {
        let groups = GroupPermissions::default();
        for group in groups.groups() {
            for right in groups.rights_of(group) {
                // MediaWiki 1.39 still grants `writeapi`, which the spec's vocabulary leaves out.
                assert!(RIGHTS.contains(&right) || right == "writeapi", "{group}: {right}");
            }
        }
        assert!(Rights::anonymous().has("read") && !Rights::anonymous().has("apihighlimits"));
    }

    #[test]
    fn contributor_rights_are_the_vocabulary_without_nine() {
        let rights = contributor_rights();
        assert_eq!(rights.len(), RIGHTS.len() - 9);
        assert!(NOT_CONTRIBUTOR_RIGHTS.iter().all(|r| RIGHTS.contains(r) && !rights.contains(r)));
        assert!(rights.contains(&"apihighlimits") && rights.contains(&"viewsuppressed"));
    }

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
