//! MediaWiki 1.39's special pages (the fixture wiki's set, core only) and their English
//! aliases: how `Special:` titles are normalised and how links to them are written.

/// The name links to a special page are written with (its first alias), for any of its names
/// in any case; `None` for a special page that does not exist.
pub fn local_name(name: &str) -> Option<&'static str> {
    static BY_FOLDED_NAME: std::sync::OnceLock<std::collections::HashMap<String, &'static str>> =
        std::sync::OnceLock::new();
    let names = BY_FOLDED_NAME.get_or_init(|| {
        let mut names = std::collections::HashMap::new();
        for (canonical, aliases) in SPECIAL_PAGES.iter().chain(UNLISTED_SPECIAL_PAGES) {
            let Some(local) = aliases.first().copied() else { continue };
            // The first page a name folds to keeps it, as a search in order would.
            for name in std::iter::once(canonical).chain(aliases.iter()) {
                names.entry(name.to_lowercase()).or_insert(local);
            }
        }
        names
    });
    names.get(&name.to_lowercase()).copied()
}

/// The local name of a special page title (`Name` or `Name/sub`), with the subpage kept;
/// `None` for a special page that does not exist.
pub fn normalize(dbkey: &str) -> Option<String> {
    let (name, sub) = match dbkey.split_once('/') {
        Some((n, s)) => (n, Some(s)),
        None => (dbkey, None),
    };
    let local = local_name(name)?;
    Some(match sub {
        Some(sub) => format!("{local}/{sub}"),
        None => local.to_owned(),
    })
}

/// Special pages MediaWiki has but does not list among its aliases (`siteinfo`): (name,
/// English aliases).
pub const UNLISTED_SPECIAL_PAGES: &[(&str, &[&str])] = &[("Badtitle", &["Badtitle"])];

/// The special pages of MediaWiki 1.39 as the fixture wiki has them: (name, English aliases).
#[rustfmt::skip]
pub const SPECIAL_PAGES: &[(&str, &[&str])] = &[
    ("BrokenRedirects", &["BrokenRedirects"]),
    ("Deadendpages", &["DeadendPages"]),
    ("DoubleRedirects", &["DoubleRedirects"]),
    ("Longpages", &["LongPages"]),
    ("Ancientpages", &["AncientPages"]),
    ("Lonelypages", &["LonelyPages", "OrphanedPages"]),
    ("Fewestrevisions", &["FewestRevisions"]),
    ("Withoutinterwiki", &["WithoutInterwiki"]),
    ("Protectedpages", &["ProtectedPages"]),
    ("Protectedtitles", &["ProtectedTitles"]),
    ("Shortpages", &["ShortPages"]),
    ("Uncategorizedcategories", &["UncategorizedCategories"]),
    ("Uncategorizedimages", &["UncategorizedFiles", "UncategorizedImages"]),
    ("Uncategorizedpages", &["UncategorizedPages"]),
    ("Uncategorizedtemplates", &["UncategorizedTemplates"]),
    ("Unusedcategories", &["UnusedCategories"]),
    ("Unusedimages", &["UnusedFiles", "UnusedImages"]),
    ("Unusedtemplates", &["UnusedTemplates"]),
    ("Unwatchedpages", &["UnwatchedPages"]),
    ("Wantedcategories", &["WantedCategories"]),
    ("Wantedfiles", &["WantedFiles"]),
    ("Wantedpages", &["WantedPages", "BrokenLinks"]),
    ("Wantedtemplates", &["WantedTemplates"]),
    ("Allpages", &["AllPages"]),
    ("Prefixindex", &["PrefixIndex"]),
    ("Categories", &["Categories"]),
    ("Listredirects", &["ListRedirects"]),
    ("PagesWithProp", &["PagesWithProp", "Pageswithprop", "PagesByProp", "Pagesbyprop"]),
    ("TrackingCategories", &["TrackingCategories"]),
    ("Userlogin", &["UserLogin", "Login"]),
    ("Userlogout", &["UserLogout", "Logout"]),
    ("CreateAccount", &["CreateAccount"]),
    ("LinkAccounts", &["LinkAccounts"]),
    ("UnlinkAccounts", &["UnlinkAccounts"]),
    ("ChangeCredentials", &["ChangeCredentials"]),
    ("RemoveCredentials", &["RemoveCredentials"]),
    ("Activeusers", &["ActiveUsers"]),
    ("Block", &["Block", "BlockIP", "BlockUser"]),
    ("Unblock", &["Unblock"]),
    ("BlockList", &["BlockList", "ListBlocks", "IPBlockList"]),
    ("AutoblockList", &["AutoblockList", "ListAutoblocks"]),
    ("ChangePassword", &["ChangePassword", "ResetPass", "ResetPassword"]),
    ("BotPasswords", &["BotPasswords"]),
    ("PasswordReset", &["PasswordReset"]),
    ("DeletedContributions", &["DeletedContributions"]),
    ("Preferences", &["Preferences"]),
    ("ResetTokens", &["ResetTokens"]),
    ("Contributions", &["Contributions", "Contribs"]),
    ("Listgrouprights", &["ListGroupRights", "UserGroupRights"]),
    ("Listgrants", &["ListGrants"]),
    ("Listusers", &["ListUsers", "UserList", "Users"]),
    ("Listadmins", &["ListAdmins"]),
    ("Listbots", &["ListBots"]),
    ("Userrights", &["UserRights", "MakeSysop", "MakeBot"]),
    ("EditWatchlist", &["EditWatchlist"]),
    ("PasswordPolicies", &["PasswordPolicies"]),
    ("Newimages", &["NewFiles", "NewImages"]),
    ("Log", &["Log", "Logs"]),
    ("Watchlist", &["Watchlist"]),
    ("Newpages", &["NewPages"]),
    ("Recentchanges", &["RecentChanges"]),
    ("Recentchangeslinked", &["RecentChangesLinked", "RelatedChanges"]),
    ("Tags", &["Tags"]),
    ("Listfiles", &["ListFiles", "FileList", "ImageList"]),
    ("Filepath", &["FilePath"]),
    ("MediaStatistics", &["MediaStatistics"]),
    ("MIMEsearch", &["MIMESearch"]),
    ("FileDuplicateSearch", &["FileDuplicateSearch"]),
    ("Upload", &["Upload"]),
    ("UploadStash", &["UploadStash"]),
    ("ListDuplicatedFiles", &["ListDuplicatedFiles", "ListFileDuplicates"]),
    ("ApiSandbox", &["ApiSandbox"]),
    ("Statistics", &["Statistics", "Stats"]),
    ("Allmessages", &["AllMessages"]),
    ("Version", &["Version"]),
    ("Lockdb", &["LockDB"]),
    ("Unlockdb", &["UnlockDB"]),
    ("LinkSearch", &["LinkSearch"]),
    ("Randompage", &["Random", "RandomPage"]),
    ("RandomInCategory", &["RandomInCategory"]),
    ("Randomredirect", &["RandomRedirect"]),
    ("Randomrootpage", &["RandomRootpage"]),
    ("GoToInterwiki", &["GoToInterwiki"]),
    ("Mostlinkedcategories", &["MostLinkedCategories", "MostUsedCategories"]),
    ("Mostimages", &["MostLinkedFiles", "MostFiles", "MostImages"]),
    ("Mostinterwikis", &["MostInterwikis"]),
    ("Mostlinked", &["MostLinkedPages", "MostLinked"]),
    ("Mostlinkedtemplates", &["MostTranscludedPages", "MostLinkedTemplates", "MostUsedTemplates"]),
    ("Mostcategories", &["MostCategories"]),
    ("Mostrevisions", &["MostRevisions"]),
    ("ComparePages", &["ComparePages"]),
    ("Export", &["Export"]),
    ("Import", &["Import"]),
    ("Undelete", &["Undelete"]),
    ("Whatlinkshere", &["WhatLinksHere"]),
    ("MergeHistory", &["MergeHistory"]),
    ("ExpandTemplates", &["ExpandTemplates"]),
    ("ChangeContentModel", &["ChangeContentModel"]),
    ("Booksources", &["BookSources"]),
    ("ApiHelp", &["ApiHelp"]),
    ("Blankpage", &["BlankPage"]),
    ("DeletePage", &["DeletePage", "Delete"]),
    ("Diff", &["Diff"]),
    ("EditPage", &["EditPage", "Edit"]),
    ("EditTags", &["EditTags"]),
    ("Emailuser", &["EmailUser", "Email"]),
    ("Movepage", &["MovePage"]),
    ("Mycontributions", &["MyContributions", "MyContribs"]),
    ("MyLanguage", &["MyLanguage"]),
    ("Mypage", &["MyPage"]),
    ("Mytalk", &["MyTalk"]),
    ("PageHistory", &["PageHistory", "History"]),
    ("PageInfo", &["PageInfo", "Info"]),
    ("ProtectPage", &["ProtectPage", "Protect"]),
    ("Purge", &["Purge"]),
    ("Myuploads", &["MyUploads", "MyFiles"]),
    ("AllMyUploads", &["AllMyUploads", "AllMyFiles"]),
    ("NewSection", &["NewSection", "Newsection"]),
    ("PermanentLink", &["PermanentLink", "PermaLink"]),
    ("Redirect", &["Redirect"]),
    ("Revisiondelete", &["RevisionDelete"]),
    ("RunJobs", &["RunJobs"]),
    ("Specialpages", &["SpecialPages"]),
    ("PageData", &["PageData"]),
    ("Search", &["Search"]),
    ("Renameuser", &["RenameUser"]),
];

#[cfg(test)]
mod tests {
    use super::{local_name, normalize};

    #[test]
    fn any_alias_in_any_case_gives_the_first_alias() {
        assert_eq!(local_name("allpages"), Some("AllPages"));
        assert_eq!(local_name("OrphanedPages"), Some("LonelyPages"));
        assert_eq!(local_name("randompage"), Some("Random"));
        assert_eq!(local_name("NoSuchPage"), None);
    }

    #[test]
    fn subpages_are_kept() {
        assert_eq!(normalize("contribs/Alice").as_deref(), Some("Contributions/Alice"));
        assert_eq!(normalize("Nope/x"), None);
    }
}
