//! The grants of bot passwords: what each grant lets a session made with a bot password do.
//! A bot password's session has the rights of its user that its grants allow, and `basic`
//! (reading, the API) is always granted. The names and their rights are MediaWiki 1.39's
//! defaults, the vocabulary `bot_passwords.bp_grants` is written in.

/// Each grant and the rights it allows.
pub const GRANTS: &[(&str, &[&str])] = &[
    (
        "basic",
        &[
            "autocreateaccount",
            "autoconfirmed",
            "autopatrol",
            "editsemiprotected",
            "ipblock-exempt",
            "nominornewtalk",
            "patrolmarks",
            "purge",
            "read",
            "writeapi",
            "unwatchedpages",
        ],
    ),
    ("highvolume", &["bot", "apihighlimits", "noratelimit", "markbotedits"]),
    ("import", &["import", "importupload"]),
    ("editpage", &["edit", "minoredit", "applychangetags", "changetags", "editcontentmodel"]),
    ("editprotected", &["edit", "minoredit", "applychangetags", "changetags", "editcontentmodel", "editprotected"]),
    (
        "editmycssjs",
        &[
            "edit",
            "minoredit",
            "applychangetags",
            "changetags",
            "editcontentmodel",
            "editmyusercss",
            "editmyuserjson",
            "editmyuserjs",
        ],
    ),
    ("editmyoptions", &["editmyoptions", "editmyuserjson"]),
    (
        "editinterface",
        &[
            "edit",
            "minoredit",
            "applychangetags",
            "changetags",
            "editcontentmodel",
            "editinterface",
            "edituserjson",
            "editsitejson",
        ],
    ),
    (
        "editsiteconfig",
        &[
            "edit",
            "minoredit",
            "applychangetags",
            "changetags",
            "editcontentmodel",
            "editinterface",
            "edituserjson",
            "editsitejson",
            "editusercss",
            "edituserjs",
            "editsitecss",
            "editsitejs",
        ],
    ),
    (
        "createeditmovepage",
        &[
            "edit",
            "minoredit",
            "applychangetags",
            "changetags",
            "editcontentmodel",
            "createpage",
            "createtalk",
            "delete-redirect",
            "move",
            "move-rootuserpages",
            "move-subpages",
            "move-categorypages",
            "suppressredirect",
        ],
    ),
    ("uploadfile", &["upload", "reupload-own"]),
    (
        "uploadeditmovefile",
        &["upload", "reupload-own", "reupload", "reupload-shared", "upload_by_url", "movefile", "suppressredirect"],
    ),
    ("patrol", &["patrol"]),
    ("rollback", &["rollback"]),
    ("blockusers", &["block", "blockemail"]),
    ("viewdeleted", &["browsearchive", "deletedhistory", "deletedtext"]),
    ("viewrestrictedlogs", &["suppressionlog"]),
    (
        "delete",
        &[
            "edit",
            "minoredit",
            "applychangetags",
            "changetags",
            "editcontentmodel",
            "browsearchive",
            "deletedhistory",
            "deletedtext",
            "delete",
            "bigdelete",
            "deletelogentry",
            "deleterevision",
            "undelete",
        ],
    ),
    ("oversight", &["suppressrevision", "viewsuppressed"]),
    (
        "protect",
        &["edit", "minoredit", "applychangetags", "changetags", "editcontentmodel", "editprotected", "protect"],
    ),
    ("viewmywatchlist", &["viewmywatchlist"]),
    ("editmywatchlist", &["editmywatchlist"]),
    ("sendemail", &["sendemail"]),
    ("createaccount", &["createaccount"]),
    ("privateinfo", &["viewmyprivateinfo"]),
    ("mergehistory", &["mergehistory"]),
    ("additionalProperties", &[]),
];

/// The grant every bot password has whether or not it lists it.
pub const IMPLICIT_GRANT: &str = "basic";

/// The rights `grants` allow (with the implicit `basic`), each once; unknown grants allow
/// nothing.
pub fn rights_of_grants<S: AsRef<str>>(grants: &[S]) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for (grant, rights) in GRANTS {
        if *grant == IMPLICIT_GRANT || grants.iter().any(|g| g.as_ref() == *grant) {
            for r in *rights {
                if !out.contains(r) {
                    out.push(r);
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn basic_is_always_granted() {
        let none: [&str; 0] = [];
        let basic = rights_of_grants(&none);
        assert!(basic.contains(&"read") && basic.contains(&"writeapi"));
        assert!(!basic.contains(&"apihighlimits"));
        let high = rights_of_grants(&["highvolume", "nonsense"]);
        assert!(high.contains(&"apihighlimits") && high.contains(&"bot") && high.contains(&"read"));
        assert!(rights_of_grants(&["viewdeleted"]).contains(&"deletedtext"));
    }
}
