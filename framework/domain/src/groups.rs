//! User groups and the rights they grant, as data: MediaWiki 1.39's defaults
//! (`$wgGroupPermissions`, `$wgAddGroups`, `$wgRemoveGroups`, `$wgImplicitGroups`), which an
//! operator's configuration changes the way `LocalSettings.php` does. One place answers which
//! rights a set of groups has, in MediaWiki's order.

/// The groups every user is in without being added: everyone, registered users, and those
/// old and active enough (`$wgImplicitGroups`).
pub const IMPLICIT_GROUPS: &[&str] = &["*", "user", "autoconfirmed"];

/// MediaWiki 1.39's groups and their rights, in its order.
const DEFAULT_PERMISSIONS: &[(&str, &[&str])] = &[
    (
        "*",
        &[
            "createaccount",
            "read",
            "edit",
            "createpage",
            "createtalk",
            "writeapi",
            "viewmywatchlist",
            "editmywatchlist",
            "viewmyprivateinfo",
            "editmyprivateinfo",
            "editmyoptions",
        ],
    ),
    (
        "user",
        &[
            "move",
            "move-subpages",
            "move-rootuserpages",
            "move-categorypages",
            "movefile",
            "read",
            "edit",
            "createpage",
            "createtalk",
            "writeapi",
            "upload",
            "reupload",
            "reupload-shared",
            "minoredit",
            "editmyusercss",
            "editmyuserjson",
            "editmyuserjs",
            "editmyuserjsredirect",
            "purge",
            "applychangetags",
            "changetags",
            "editcontentmodel",
        ],
    ),
    ("autoconfirmed", &["autoconfirmed", "editsemiprotected"]),
    (
        "bot",
        &[
            "bot",
            "autoconfirmed",
            "editsemiprotected",
            "nominornewtalk",
            "autopatrol",
            "suppressredirect",
            "apihighlimits",
            "writeapi",
        ],
    ),
    (
        "sysop",
        &[
            "block",
            "createaccount",
            "delete",
            "bigdelete",
            "deletedhistory",
            "deletedtext",
            "undelete",
            "editinterface",
            "editsitejson",
            "edituserjson",
            "import",
            "importupload",
            "move",
            "move-subpages",
            "move-rootuserpages",
            "move-categorypages",
            "patrol",
            "autopatrol",
            "protect",
            "editprotected",
            "rollback",
            "upload",
            "reupload",
            "reupload-shared",
            "unwatchedpages",
            "autoconfirmed",
            "editsemiprotected",
            "ipblock-exempt",
            "blockemail",
            "markbotedits",
            "apihighlimits",
            "browsearchive",
            "noratelimit",
            "movefile",
            "unblockself",
            "suppressredirect",
            "mergehistory",
            "managechangetags",
            "deletechangetags",
        ],
    ),
    (
        "interface-admin",
        &["editinterface", "editsitecss", "editsitejson", "editsitejs", "editusercss", "edituserjson", "edituserjs"],
    ),
    ("bureaucrat", &["userrights", "noratelimit"]),
    (
        "suppress",
        &["hideuser", "suppressrevision", "viewsuppressed", "suppressionlog", "deleterevision", "deletelogentry"],
    ),
];

/// Which groups members of a group may add or remove (`$wgAddGroups` and the like).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GroupChanges {
    /// Groups they may add others to.
    pub add: Vec<String>,
    /// Groups they may remove others from.
    pub remove: Vec<String>,
    /// Groups they may add themselves to.
    pub add_self: Vec<String>,
    /// Groups they may remove themselves from.
    pub remove_self: Vec<String>,
}

/// The site's groups: the rights each grants (or explicitly withholds), in order, and the
/// groups each may change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupPermissions {
    groups: Vec<(String, Vec<(String, bool)>)>,
    changes: Vec<(String, GroupChanges)>,
}

impl Default for GroupPermissions {
    fn default() -> Self {
        GroupPermissions {
            groups: DEFAULT_PERMISSIONS
                .iter()
                .map(|(g, rights)| ((*g).to_owned(), rights.iter().map(|r| ((*r).to_owned(), true)).collect()))
                .collect(),
            changes: Vec::new(),
        }
    }
}

impl GroupPermissions {
    /// Grants (`true`) or withholds (`false`) a right to a group, as
    /// `$wgGroupPermissions[group][right] = allowed` does: a right already listed keeps its
    /// place, a new one comes last, a new group after the others.
    pub fn set(&mut self, group: &str, right: &str, allowed: bool) {
        let rights = match self.groups.iter_mut().find(|(g, _)| g == group) {
            Some((_, rights)) => rights,
            None => {
                self.groups.push((group.to_owned(), Vec::new()));
                &mut self.groups.last_mut().expect("just pushed").1
            }
        };
        match rights.iter_mut().find(|(r, _)| r == right) {
            Some((_, a)) => *a = allowed,
            None => rights.push((right.to_owned(), allowed)),
        }
    }

    /// What members of `group` may change of others' and their own groups.
    pub fn set_changes(&mut self, group: &str, changes: GroupChanges) {
        match self.changes.iter_mut().find(|(g, _)| g == group) {
            Some((_, c)) => *c = changes,
            None => self.changes.push((group.to_owned(), changes)),
        }
    }

    /// The groups, in order.
    pub fn groups(&self) -> impl Iterator<Item = &str> {
        self.groups.iter().map(|(g, _)| g.as_str())
    }

    /// The rights a group grants, in order.
    pub fn rights_of(&self, group: &str) -> Vec<&str> {
        self.groups
            .iter()
            .filter(|(g, _)| g == group)
            .flat_map(|(_, rights)| rights.iter().filter(|(_, a)| *a).map(|(r, _)| r.as_str()))
            .collect()
    }

    /// The groups that grant any of `rights`, in the order the groups are listed, each once
    /// (MediaWiki's `getGroupsWithPermission`, implicit groups included).
    pub fn groups_with<'a>(&'a self, rights: &[&str]) -> Vec<&'a str> {
        let mut out: Vec<&str> = Vec::new();
        for right in rights {
            for group in self.groups() {
                if self.rights_of(group).contains(right) && !out.contains(&group) {
                    out.push(group);
                }
            }
        }
        out
    }

    /// The rights of a member of `groups`: each group's in turn, each right once.
    pub fn rights_of_groups<'a>(&'a self, groups: &[&str]) -> Vec<&'a str> {
        let mut out: Vec<&str> = Vec::new();
        for group in groups {
            for right in self.rights_of(group) {
                if !out.contains(&right) {
                    out.push(right);
                }
            }
        }
        out
    }

    /// What members of `group` may change.
    pub fn changes_of(&self, group: &str) -> Option<&GroupChanges> {
        self.changes.iter().find(|(g, _)| g == group).map(|(_, c)| c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_change_the_defaults_as_local_settings_do() {
        let mut p = GroupPermissions::default();
        assert_eq!(p.rights_of("*").last(), Some(&"editmyoptions"));
        p.set("*", "noratelimit", true);
        p.set("*", "edit", false);
        let anon = p.rights_of("*");
        assert_eq!(anon.last(), Some(&"noratelimit"));
        assert!(!anon.contains(&"edit"));
        p.set("reviewer", "patrol", true);
        assert_eq!(p.groups().last(), Some("reviewer"));
        assert_eq!(p.rights_of_groups(&["*", "user"]).iter().filter(|r| **r == "read").count(), 1);
    }
}
