//! Value sets shared by several modules, defined once, and the small value enums many modules
//! use.

use wikiquery_framework::ParamValues;

/// Revision properties (REVPROP); `parsetree` is deprecated.
pub const REVPROP: &[&str] = &[
    "comment",
    "content",
    "contentmodel",
    "flags",
    "ids",
    "parsedcomment",
    "roles",
    "sha1",
    "size",
    "slotsha1",
    "slotsize",
    "tags",
    "timestamp",
    "user",
    "userid",
    "parsetree",
];

/// Content formats (CONTENTFMT).
pub const CONTENTFMT: &[&str] = &[
    "application/json",
    "application/octet-stream",
    "application/unknown",
    "application/x-binary",
    "text/css",
    "text/javascript",
    "text/plain",
    "text/unknown",
    "text/x-wiki",
    "unknown/unknown",
];

/// The slot roles of this wiki.
pub const SLOTS: &[&str] = &["main"];

/// URL protocols of external links (PROTO); the empty string means protocol-relative.
pub const PROTO: &[&str] = &[
    "",
    "bitcoin",
    "ftp",
    "ftps",
    "geo",
    "git",
    "gopher",
    "http",
    "https",
    "irc",
    "ircs",
    "magnet",
    "mailto",
    "matrix",
    "mms",
    "news",
    "nntp",
    "redis",
    "sftp",
    "sip",
    "sips",
    "sms",
    "ssh",
    "svn",
    "tel",
    "telnet",
    "urn",
    "worldwind",
    "xmpp",
];

/// User groups (GROUPS).
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

/// The permission vocabulary (RIGHTS_A).
pub const RIGHTS_A: &[&str] = &[
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

/// RIGHTS_A without the nine rights that page contributors are not filtered by (RIGHTS_B).
pub const RIGHTS_B: &[&str] = &[
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
    "changetags",
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
    "read",
    "renameuser",
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

/// Recent-changes filters (SHOW_RC).
pub const SHOW_RC: &[&str] = &[
    "!anon",
    "!autopatrolled",
    "!bot",
    "!minor",
    "!patrolled",
    "!redirect",
    "anon",
    "autopatrolled",
    "bot",
    "minor",
    "patrolled",
    "redirect",
    "unpatrolled",
];

/// Properties of back-link modules (BACKLINK_PROP).
pub const BACKLINK_PROP: &[&str] = &["pageid", "redirect", "title"];

/// Direction through time: `newer` (oldest first) or `older` (newest first).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum TimeDir {
    /// Oldest first.
    Newer,
    /// Newest first.
    Older,
}

/// Direction through a sorted list of names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum SortDir {
    /// A to Z.
    Ascending,
    /// Z to A.
    Descending,
}

/// Which pages by redirect status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum FilterRedir {
    /// Every page.
    All,
    /// Pages that are not redirects.
    Nonredirects,
    /// Redirects only.
    Redirects,
}

/// Which linking pages by redirect status: `!redirect` (non-redirects only) or `redirect`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum BacklinkShow {
    #[value(rename = "!redirect")]
    NotRedirect,
    Redirect,
}

/// Kinds of change in the recent-changes feed (also used by `list=watchlist`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum ChangeType {
    Categorize,
    Edit,
    External,
    Log,
    New,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn anonymous_rights_are_in_the_vocabulary() {
        for right in wikiquery_framework::rights::ANONYMOUS_RIGHTS {
            assert!(RIGHTS_A.contains(right), "{right}");
        }
    }

    #[test]
    fn rights_b_is_rights_a_without_nine() {
        let removed = [
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
        let expected: Vec<&str> = RIGHTS_A.iter().copied().filter(|r| !removed.contains(r)).collect();
        assert_eq!(RIGHTS_B, expected.as_slice());
    }
}
