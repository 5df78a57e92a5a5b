//! The optional TOML settings file: every key of `serve`'s options and of the site's settings.

use std::path::Path;

use serde::Deserialize;

/// The settings file, every key optional.
///
/// ```toml
/// listen = "0.0.0.0:8080"
/// db = "mysql://wiki:secret@db-primary/wikidb"
/// replicas = ["mysql://wiki:secret@db-replica-1/wikidb"]
/// workers = 4
/// pool_size = 16
/// site_name = "My Wiki"
/// ```
#[derive(Debug, Default, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FileConfig {
    /// Address to listen on.
    pub listen: Option<String>,
    /// The primary database URL.
    pub db: Option<String>,
    /// Read replicas; reads go to them, round robin.
    #[serde(default)]
    pub replicas: Vec<String>,
    /// HTTP worker threads.
    pub workers: Option<usize>,
    /// Database connections per pool.
    pub pool_size: Option<u32>,
    /// Client connections served at once.
    pub max_connections: Option<usize>,
    /// Seconds a kept-alive connection may stay idle.
    pub keepalive_timeout: Option<u64>,
    /// Requests a connection carries before it is closed.
    pub keepalive_requests: Option<u32>,
    /// The wiki's name, which is also its project namespace, for a MediaWiki database that
    /// does not record it.
    pub site_name: Option<String>,
    /// The URL of the wiki's main page, from which page URLs are built.
    pub base: Option<String>,
    /// The rights every caller has.
    pub anonymous_rights: Option<Vec<String>>,
    /// The instant every request is answered at, instead of the system's clock.
    pub now: Option<String>,
    /// The MediaWiki version reported to clients (`generator`).
    pub mediawiki_version: Option<String>,
    /// The wiki's id (`$wgDBname`).
    pub wiki_id: Option<String>,
    /// The path of the scripts (`$wgScriptPath`).
    pub script_path: Option<String>,
    /// The path of pages (`$wgArticlePath`).
    pub article_path: Option<String>,
    /// The logo, a path on the server or a URL.
    pub logo: Option<String>,
    /// The favicon, a path on the server or a URL.
    pub favicon: Option<String>,
    /// The time zone.
    pub time_zone: Option<String>,
    /// The page that states the content's licence.
    pub rights_url: Option<String>,
    /// The licence's name.
    pub rights_text: Option<String>,
    /// Whether files may be uploaded.
    pub uploads_enabled: Option<bool>,
    /// Whether every change can be patrolled (`$wgUseRCPatrol`).
    pub use_rc_patrol: Option<bool>,
    /// Whether new pages can be patrolled (`$wgUseNPPatrol`).
    pub use_np_patrol: Option<bool>,
    /// Whether uploads can be patrolled (`$wgUseFilePatrol`).
    pub use_file_patrol: Option<bool>,
    /// The file extensions uploads may have (the whole list).
    pub file_extensions: Option<Vec<String>>,
    /// Whether expensive queries are limited.
    pub miser_mode: Option<bool>,
    /// Whether the wiki says it refuses changes.
    pub read_only: Option<bool>,
    /// Whether answers may name the database servers (`maxlag`, `siprop=dbrepllag`).
    pub show_hostnames: Option<bool>,
    /// Seconds a replica may be behind and still serve reads (default 6).
    pub max_replica_lag: Option<f64>,
    /// Where reads go when every replica is more than `max_replica_lag` behind: `primary`
    /// (the default) or `replicas` (the least lagged one).
    pub lagged_reads: Option<String>,
    /// How MariaDB/MySQL replicas' lag is read: `replica-status` (`SHOW SLAVE STATUS`, the
    /// default) or `pt-heartbeat` (the `heartbeat.heartbeat` table).
    pub replica_lag_method: Option<String>,
    /// Milliseconds between two readings of each replica's lag (default 1000).
    pub replica_lag_interval_ms: Option<u64>,
    /// Seconds a user must have been registered to be autoconfirmed.
    pub autoconfirm_age: Option<i64>,
    /// Edits a user must have made to be autoconfirmed.
    pub autoconfirm_count: Option<i64>,
    /// Whether an e-mail address counts only once confirmed.
    pub email_authentication: Option<bool>,
    /// How many days back a user's actions make them active.
    pub active_user_days: Option<i64>,
    /// The widest IPv4 range (prefix length) blocks may be listed by.
    pub block_cidr_limit_ipv4: Option<u32>,
    /// The widest IPv6 range (prefix length) blocks may be listed by.
    pub block_cidr_limit_ipv6: Option<u32>,
    /// The widest IPv4 range contributions may be listed by (a prefix length).
    pub range_contributions_cidr_limit_ipv4: Option<u32>,
    /// The widest IPv6 range contributions may be listed by.
    pub range_contributions_cidr_limit_ipv6: Option<u32>,
    /// The names of temporary accounts, `$1` for the varying part (`~$1`).
    pub temp_account_pattern: Option<String>,
    /// `[rate_limits.<action>]` tables of `<kind of caller> = [hits, seconds]`; given, they
    /// replace MediaWiki's defaults wholly (`rate_limits = {}`: none).
    pub rate_limits: Option<toml::Table>,
    /// Failed logins allowed for a name from an address, as `[failures, seconds]` pairs
    /// (MediaWiki's `$wgPasswordAttemptThrottle`; `[]`: never throttled).
    pub login_throttle: Option<Vec<[i64; 2]>>,
    /// Whether bot passwords log in (`$wgEnableBotPasswords`, default true).
    pub bot_passwords: Option<bool>,
    /// The secret session cookies are signed with (`WIKIQUERY_SESSION_SECRET`): the same in
    /// every process that serves the wiki, so that each accepts the sessions of the others.
    /// Unset, each process makes up its own, and sessions end with it.
    pub session_secret: Option<String>,
    /// The session cookie is named `<cookie_prefix>_session` (default `wikiquery`).
    pub cookie_prefix: Option<String>,
    /// Write an access log line for each API request.
    pub access_log: Option<bool>,
    /// The access log's form, `text` or `json`.
    pub log_format: Option<crate::access_log::LogFormat>,
    /// The share of requests logged (0 to 1).
    pub access_log_sample: Option<f64>,
    /// Whether `/metrics` is served (default true).
    pub metrics: Option<bool>,
    /// Serve `/metrics` on this address rather than on the API's.
    pub metrics_listen: Option<String>,
    /// Proxies in front of the server whose `X-Forwarded-For` names the caller: addresses and
    /// CIDR ranges (`["10.0.0.0/8"]`; MediaWiki's `$wgCdnServers`).
    pub trusted_proxies: Option<Vec<String>>,
    /// Hosts whose pages may call the API with their visitors' cookies (`origin=`), `*` and
    /// `?` as wildcards (`$wgCrossSiteAJAXdomains`): `["*.example.org"]`.
    pub cross_site_ajax_domains: Option<Vec<String>>,
    /// Hosts taken out of those (`$wgCrossSiteAJAXdomainExceptions`).
    pub cross_site_ajax_domain_exceptions: Option<Vec<String>>,
    /// The request headers a cross-origin page may send (`$wgAllowedCorsHeaders`) [default:
    /// MediaWiki's list].
    pub allowed_cors_headers: Option<Vec<String>>,
    /// Where uploaded files are served (a path on the server or a URL).
    pub upload_path: Option<String>,
    /// The upload directory whose files are served at `upload_path`.
    pub uploads: Option<std::path::PathBuf>,
    /// The skin pages are shown in.
    pub default_skin: Option<String>,
    /// The skins installed (the whole list), each `{ code, name, usable = true }`.
    pub skins: Option<Vec<SkinEntry>>,
    /// `[tags.<name>]` tables of `displayname` and `description`: what change tags are called
    /// (MediaWiki's `tag-<name>` messages).
    pub tags: Option<std::collections::BTreeMap<String, TagEntry>>,
    /// `[group_permissions.<group>]` tables of `<right> = true|false`, over MediaWiki's
    /// defaults (`$wgGroupPermissions`).
    pub group_permissions: Option<toml::Table>,
    /// `<group> = [groups...]`: the groups its members may add others to (`$wgAddGroups`).
    pub add_groups: Option<toml::Table>,
    /// The groups its members may remove others from (`$wgRemoveGroups`).
    pub remove_groups: Option<toml::Table>,
    /// The groups its members may add themselves to (`$wgGroupsAddToSelf`).
    pub groups_add_to_self: Option<toml::Table>,
    /// The groups its members may remove themselves from (`$wgGroupsRemoveFromSelf`).
    pub groups_remove_from_self: Option<toml::Table>,
}

/// A change tag's texts in the settings file.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TagEntry {
    /// Its label.
    pub displayname: Option<String>,
    /// Its description.
    pub description: Option<String>,
}

/// A skin in the settings file.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SkinEntry {
    /// The code preferences and URLs name it by.
    pub code: String,
    /// Its name as readers see it.
    pub name: String,
    /// Whether users may choose it.
    #[serde(default = "usable_by_default")]
    pub usable: bool,
}

fn usable_by_default() -> bool {
    true
}

impl FileConfig {
    /// Reads a settings file.
    pub fn load(path: &Path) -> Result<FileConfig, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        toml::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
    }
}
