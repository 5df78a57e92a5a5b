//! The settings of a site that its database does not hold (MediaWiki keeps them in
//! `LocalSettings.php`): the software version reported to clients, URLs, uploads, the time
//! zone. Every default is MediaWiki 1.39's; an operator's configuration file changes them.

use crate::change_tags::TagText;
use crate::groups::GroupPermissions;
use crate::rights::Rights;
use crate::user::AutoConfirm;

/// The MediaWiki version a site reports by default (`generator`): clients read it to decide
/// which API features exist.
pub const MEDIAWIKI_VERSION: &str = "1.39.17";

/// Settings of a site beyond its database.
#[derive(Debug, Clone, PartialEq)]
pub struct SiteSettings {
    /// The MediaWiki version reported (`generator` is `MediaWiki <version>`).
    pub mediawiki_version: String,
    /// The wiki's id (`$wgDBname`); `None`: what the database records, else its name.
    pub wiki_id: Option<String>,
    /// The path of the scripts (`$wgScriptPath`, `/w`); `None`: read from the article path
    /// (`/index.php/$1` has the script `/index.php` at the root), else `/w`.
    pub script_path: Option<String>,
    /// The path of pages (`$wgArticlePath`, `/wiki/$1`); `None`: read from the main page's URL.
    pub article_path: Option<String>,
    /// The logo, a path on the server or a URL (`$wgLogos['1x']`).
    pub logo: String,
    /// The favicon, a path on the server or a URL (`$wgFavicon`).
    pub favicon: String,
    /// The time zone (`$wgLocaltimezone`).
    pub time_zone: String,
    /// Its offset from UTC in minutes.
    pub time_offset: i32,
    /// Whether files may be uploaded (`$wgEnableUploads`).
    pub uploads_enabled: bool,
    /// The file extensions uploads may have (`$wgFileExtensions`).
    pub file_extensions: Vec<String>,
    /// The largest upload in bytes (`$wgMaxUploadSize`).
    pub max_upload_size: i64,
    /// The largest page in kibibytes (`$wgMaxArticleSize`).
    pub max_article_size_kib: i64,
    /// Whether expensive queries are limited (`$wgMiserMode`).
    pub miser_mode: bool,
    /// Whether the wiki refuses changes (`$wgReadOnly`).
    pub read_only: bool,
    /// Whether answers may name the database servers (`$wgShowHostnames`): in `maxlag` errors,
    /// `siprop=dbrepllag`, `sishowalldb`.
    pub show_hostnames: bool,
    /// The groups and the rights they grant.
    pub groups: GroupPermissions,
    /// The page that states the content's licence (`$wgRightsUrl`).
    pub rights_url: String,
    /// The licence's name (`$wgRightsText`).
    pub rights_text: String,
    /// When registered users are in `autoconfirmed` (`$wgAutoConfirmAge`, `$wgAutoConfirmCount`).
    pub autoconfirm: AutoConfirm,
    /// Whether an address counts only once confirmed (`$wgEmailAuthentication`).
    pub email_authentication: bool,
    /// How many days back a user's actions make them active (`$wgActiveUserDays`).
    pub active_user_days: i64,
    /// The widest ranges blocks may be listed by: IPv4 and IPv6 prefix lengths
    /// (`$wgBlockCIDRLimit`).
    pub block_cidr_limit: (u32, u32),
    /// The widest ranges contributions may be listed by: IPv4 and IPv6 prefix lengths
    /// (`$wgRangeContributionsCIDRLimit`).
    pub range_contributions_cidr_limit: (u32, u32),
    /// Where uploaded files are served (`$wgUploadPath`); `None`: the script path's `/images`.
    pub upload_path: Option<String>,
    /// The skin pages are shown in (`$wgDefaultSkin`).
    pub default_skin: String,
    /// The skins installed: code and name, with whether each may be chosen.
    pub skins: Vec<Skin>,
    /// The names of temporary accounts, `$1` standing for the varying part (`~$1`); `None`
    /// when the wiki has no temporary accounts.
    pub temp_account_pattern: Option<String>,
    /// Which changes can be patrolled.
    pub patrolling: Patrolling,
    /// Labels and descriptions of change tags, over the software tags' defaults (MediaWiki's
    /// `tag-<name>` and `tag-<name>-description` messages).
    pub tag_texts: std::collections::BTreeMap<String, TagText>,
    /// How often each kind of caller may do each action (`$wgRateLimits`), in order.
    pub rate_limits: Vec<RateLimit>,
    /// Failed logins allowed for a name from an address before it must wait
    /// (`$wgPasswordAttemptThrottle`); none: never throttled.
    pub login_throttle: Vec<crate::accounts::throttle::ThrottleRule>,
    /// Whether bot passwords log in (`$wgEnableBotPasswords`).
    pub bot_passwords: bool,
}

/// The limits on one action (`edit`): for each kind of caller (`ip`, `newbie`, `user`, a
/// group), how many times in how many seconds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RateLimit {
    pub action: String,
    /// (kind of caller, hits, seconds), in order.
    pub limits: Vec<(String, i64, i64)>,
}

/// MediaWiki 1.39's default rate limits.
pub fn default_rate_limits() -> Vec<RateLimit> {
    #[rustfmt::skip]
    let table: &[(&str, &[(&str, i64, i64)])] = &[
        ("edit", &[("ip", 8, 60), ("newbie", 8, 60), ("user", 90, 60)]),
        ("move", &[("newbie", 2, 120), ("user", 8, 60)]),
        ("upload", &[("ip", 8, 60), ("newbie", 8, 60)]),
        ("rollback", &[("user", 10, 60), ("newbie", 5, 120)]),
        ("mailpassword", &[("ip", 5, 3600)]),
        ("emailuser", &[("ip", 5, 86400), ("newbie", 5, 86400), ("user", 20, 86400)]),
        ("changeemail", &[("ip-all", 10, 3600), ("user", 4, 86400)]),
        ("confirmemail", &[("ip-all", 10, 3600), ("user", 4, 86400)]),
        ("purge", &[("ip", 30, 60), ("user", 30, 60)]),
        ("linkpurge", &[("ip", 30, 60), ("user", 30, 60)]),
        ("renderfile", &[("ip", 700, 30), ("user", 700, 30)]),
        ("renderfile-nonstandard", &[("ip", 70, 30), ("user", 70, 30)]),
        ("stashedit", &[("ip", 30, 60), ("newbie", 30, 60)]),
        ("stashbasehtml", &[("ip", 5, 60), ("newbie", 5, 60)]),
        ("changetag", &[("ip", 8, 60), ("newbie", 8, 60)]),
        ("editcontentmodel", &[("newbie", 2, 120), ("user", 8, 60)]),
    ];
    table
        .iter()
        .map(|(action, limits)| RateLimit {
            action: (*action).to_owned(),
            limits: limits.iter().map(|(who, hits, secs)| ((*who).to_owned(), *hits, *secs)).collect(),
        })
        .collect()
}

/// Which changes can be marked as patrolled: every change (`$wgUseRCPatrol`), new pages
/// (`$wgUseNPPatrol`), uploads (`$wgUseFilePatrol`). MediaWiki enables all three by default.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Patrolling {
    /// Every change.
    pub recent_changes: bool,
    /// New pages.
    pub new_pages: bool,
    /// Uploads.
    pub files: bool,
}

impl Default for Patrolling {
    fn default() -> Self {
        Patrolling { recent_changes: true, new_pages: true, files: true }
    }
}

impl Patrolling {
    /// Whether a caller with `rights` patrols every change (MediaWiki's `useRCPatrol`).
    pub fn all_changes(&self, rights: &Rights) -> bool {
        self.recent_changes && may_patrol(rights)
    }

    /// Whether a caller with `rights` patrols new pages (`useNPPatrol`).
    pub fn new_pages(&self, rights: &Rights) -> bool {
        (self.recent_changes || self.new_pages) && may_patrol(rights)
    }

    /// Whether a caller with `rights` patrols uploads (`useFilePatrol`).
    pub fn files(&self, rights: &Rights) -> bool {
        (self.recent_changes || self.files) && may_patrol(rights)
    }

    /// Whether a caller with `rights` sees patrol flags at all.
    pub fn any(&self, rights: &Rights) -> bool {
        self.all_changes(rights) || self.new_pages(rights)
    }

    /// Whether a change (`rc_patrolled`, `rc_type`, `rc_log_type`) shows as unpatrolled to a
    /// caller with `rights` (MediaWiki's `ChangesList::isUnpatrolled`).
    pub fn is_unpatrolled(&self, rights: &Rights, patrolled: i32, change_type: i32, log_type: Option<&str>) -> bool {
        patrolled == 0
            && (self.all_changes(rights)
                || (self.new_pages(rights) && change_type == 1)
                || (self.files(rights) && log_type == Some("upload")))
    }
}

/// The rights that let a caller patrol.
fn may_patrol(rights: &Rights) -> bool {
    rights.has_any(&["patrol", "patrolmarks"])
}

impl Default for SiteSettings {
    fn default() -> Self {
        SiteSettings {
            mediawiki_version: MEDIAWIKI_VERSION.to_owned(),
            wiki_id: None,
            script_path: None,
            article_path: None,
            logo: "/resources/assets/change-your-logo.svg".to_owned(),
            favicon: "/favicon.ico".to_owned(),
            time_zone: "UTC".to_owned(),
            time_offset: 0,
            uploads_enabled: false,
            file_extensions: ["png", "gif", "jpg", "jpeg", "webp"].iter().map(|e| (*e).to_owned()).collect(),
            max_upload_size: 100 * 1024 * 1024,
            max_article_size_kib: 2048,
            miser_mode: false,
            show_hostnames: false,
            read_only: false,
            groups: GroupPermissions::default(),
            rights_url: String::new(),
            rights_text: String::new(),
            autoconfirm: AutoConfirm::default(),
            email_authentication: true,
            active_user_days: 30,
            block_cidr_limit: (16, 19),
            range_contributions_cidr_limit: (16, 32),
            upload_path: None,
            default_skin: "vector".to_owned(),
            skins: vec![Skin { code: "vector".to_owned(), name: "Vector legacy (2010)".to_owned(), usable: true }],
            temp_account_pattern: None,
            patrolling: Patrolling::default(),
            tag_texts: std::collections::BTreeMap::new(),
            rate_limits: default_rate_limits(),
            login_throttle: crate::accounts::throttle::DEFAULT_RULES.to_vec(),
            bot_passwords: true,
        }
    }
}

/// Namespaces whose pages have subpages by default (`$wgNamespacesWithSubpages`): every talk
/// namespace, User, Project, MediaWiki, Template and Help.
pub fn has_subpages_by_default(ns: i32) -> bool {
    (ns > 0 && ns % 2 == 1) || matches!(ns, 2 | 4 | 8 | 10 | 12)
}

/// MediaWiki's namespace aliases in English (`Image` for File).
pub const NAMESPACE_ALIASES: &[(i32, &str)] = &[(6, "Image"), (7, "Image talk")];

/// The characters titles may hold (`$wgLegalTitleChars`), as MediaWiki reports them.
pub const LEGAL_TITLE_CHARS: &str = " %!\"$&'()*,\\-.\\/0-9:;=?@A-Z\\\\^_`a-z~\\x80-\\xFF+";

/// The characters user names may not hold beyond those titles may not (`$wgInvalidUsernameCharacters`).
pub const INVALID_USERNAME_CHARS: &str = "@:>";

/// The thumbnail widths a user may choose (`$wgThumbLimits`).
pub const THUMB_LIMITS: &[i64] = &[120, 150, 180, 200, 250, 300];

/// The image sizes a user may choose (`$wgImageLimits`), width and height.
pub const IMAGE_LIMITS: &[(i64, i64)] = &[(320, 240), (640, 480), (800, 600), (1024, 768), (1280, 1024), (2560, 2048)];

/// The actions pages can be protected from (`$wgRestrictionTypes`).
pub const RESTRICTION_TYPES: &[&str] = &["create", "edit", "move", "upload"];

/// The protection levels (`$wgRestrictionLevels`); the empty one is "not protected".
pub const RESTRICTION_LEVELS: &[&str] = &["", "autoconfirmed", "sysop"];

/// The levels whose protection may cascade (`$wgCascadingRestrictionLevels`).
pub const CASCADING_LEVELS: &[&str] = &["sysop"];

/// The levels that are semi-protection (`$wgSemiprotectedRestrictionLevels`).
pub const SEMIPROTECTED_LEVELS: &[&str] = &["autoconfirmed"];

/// A skin, as `meta=siteinfo&siprop=skins` lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skin {
    /// The code preferences and URLs name it by (`vector`).
    pub code: String,
    /// Its name as readers see it.
    pub name: String,
    /// Whether users may choose it (MediaWiki's internal skins may not).
    pub usable: bool,
}
