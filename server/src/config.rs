//! Settings from flags, the environment and an optional TOML file, in that order of
//! precedence.

use wikiquery_domain::settings::SiteSettings;
use wikiquery_runtime::cors::CorsConfig;
use wikiquery_store::backend::{LagMethod, LaggedReads, ReplicaSettings};

use crate::access_log::LogFormat;
use crate::proxies::TrustedProxies;

pub use crate::settings_file::FileConfig;

/// The default database: an SQLite file, created and loaded with the demo wiki on first start.
pub const DEFAULT_DB: &str = "sqlite:data/wiki.sqlite";
/// Client connections served at once by default: ten thousand kept-alive clients at once,
/// few enough that the buffers of all of them stay within tens of megabytes.
pub const DEFAULT_MAX_CONNECTIONS: usize = 12_000;
/// The default listen address.
pub const DEFAULT_LISTEN: &str = "127.0.0.1:8080";

/// The settings `serve` runs with.
#[derive(Debug, Clone, PartialEq)]
pub struct ServeConfig {
    /// Address to listen on.
    pub listen: String,
    /// The primary database URL.
    pub db: String,
    /// Read replica URLs.
    pub replicas: Vec<String>,
    /// How replicas are chosen by lag and how their lag is read.
    pub replica_settings: ReplicaSettings,
    /// HTTP worker threads.
    pub workers: usize,
    /// Database connections per pool.
    pub pool_size: u32,
    /// Client connections served at once (more wait to be accepted), which bounds memory.
    pub max_connections: usize,
    /// How long a kept-alive connection may stay idle.
    pub keepalive: std::time::Duration,
    /// How many requests a connection carries before it is closed.
    pub keepalive_requests: u32,
    /// The wiki's name, when the database does not say.
    pub site_name: Option<String>,
    /// The URL of the wiki's main page; `None`: what the database records.
    pub base: Option<String>,
    /// The rights every caller has; `None`: those of MediaWiki's `*` group.
    pub anonymous_rights: Option<Vec<String>>,
    /// The instant every request is answered at; `None`: the system's clock.
    pub now: Option<String>,
    /// The site's settings beyond its database.
    pub settings: SiteSettings,
    /// The upload directory served at the upload URL; `None`: no files served.
    pub uploads: Option<std::path::PathBuf>,
    /// Make a new, empty wiki when the SQLite file does not exist.
    pub create: bool,
    /// The secret session cookies are signed with; `None`: one made up by the process.
    pub session_secret: Option<Secret>,
    /// The session cookie's name is `<prefix>_session`.
    pub cookie_prefix: String,
    /// Which other origins' pages may call the API, and how.
    pub cors: CorsConfig,
    /// The proxies whose `X-Forwarded-For` names the caller.
    pub trusted_proxies: TrustedProxies,
    /// The access log's form and the share of requests logged; `None`: no access log.
    pub access_log: Option<(LogFormat, f64)>,
    /// Where `/metrics` is served.
    pub metrics: MetricsAt,
}

/// Where `/metrics` is served.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MetricsAt {
    /// Nowhere.
    Off,
    /// Beside the API, on its address.
    WithApi,
    /// On an address of its own.
    Apart(String),
}

/// A value never written out (in logs, in `Debug` output).
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(pub String);

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(..)")
    }
}

/// How replicas are chosen and watched: flags, then the file, then the defaults.
fn replica_settings(flags: &crate::cli::ServeArgs, file: &FileConfig) -> Result<ReplicaSettings, String> {
    let defaults = ReplicaSettings::default();
    let max_lag = flags.max_replica_lag.or(file.max_replica_lag).unwrap_or(defaults.max_lag);
    if !max_lag.is_finite() || max_lag < 0.0 {
        return Err(format!("`max_replica_lag` must be a number of seconds, not {max_lag}"));
    }
    let lagged_reads = match flags.lagged_reads.as_deref().or(file.lagged_reads.as_deref()) {
        None => defaults.lagged_reads,
        Some(name) => LaggedReads::from_name(name)
            .ok_or_else(|| format!("`lagged_reads` is `primary` or `replicas`, not `{name}`"))?,
    };
    let method = match flags.replica_lag_method.as_deref().or(file.replica_lag_method.as_deref()) {
        None => defaults.method,
        Some(name) => LagMethod::from_name(name)
            .ok_or_else(|| format!("`replica_lag_method` is `replica-status` or `pt-heartbeat`, not `{name}`"))?,
    };
    let poll_interval =
        file.replica_lag_interval_ms.map_or(defaults.poll_interval, |ms| std::time::Duration::from_millis(ms.max(50)));
    Ok(ReplicaSettings { max_lag, lagged_reads, method, poll_interval })
}

/// Picks the first value given: flag (clap already folds in the environment), then file, then
/// default.
pub fn resolve(flags: &crate::cli::ServeArgs, file: FileConfig) -> Result<ServeConfig, String> {
    let mut settings = crate::site_config::site_settings(&file)?;
    if let Some(url) = &flags.uploads_url {
        settings.upload_path = Some(url.clone());
    }
    let cores = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2);
    let workers = flags.workers.or(file.workers).unwrap_or(cores);
    let replica_settings = replica_settings(flags, &file)?;
    let mut replicas = flags.replica.clone();
    if replicas.is_empty() {
        replicas = file.replicas;
    }
    Ok(ServeConfig {
        replica_settings,
        listen: flags.listen.clone().or(file.listen).unwrap_or_else(|| DEFAULT_LISTEN.to_owned()),
        db: flags.db.clone().or(file.db).unwrap_or_else(|| DEFAULT_DB.to_owned()),
        replicas,
        workers,
        pool_size: flags.pool_size.or(file.pool_size).unwrap_or((workers as u32 * 2).max(4)),
        max_connections: flags.max_connections.or(file.max_connections).unwrap_or(DEFAULT_MAX_CONNECTIONS).max(1),
        keepalive: std::time::Duration::from_secs(
            flags.keepalive_timeout.or(file.keepalive_timeout).unwrap_or(crate::connection::DEFAULT_KEEPALIVE_SECONDS),
        ),
        keepalive_requests: flags
            .keepalive_requests
            .or(file.keepalive_requests)
            .unwrap_or(crate::connection::DEFAULT_KEEPALIVE_REQUESTS)
            .max(1),
        site_name: flags.site_name.clone().or(file.site_name),
        base: flags.base.clone().or(file.base),
        anonymous_rights: flags.anonymous_rights.clone().or(file.anonymous_rights),
        now: flags.now.clone().or(file.now),
        settings,
        uploads: flags.uploads.clone().or(file.uploads),
        create: flags.create,
        // From the environment or the file only: a secret on the command line is visible to
        // every user of the machine.
        session_secret: std::env::var("WIKIQUERY_SESSION_SECRET")
            .ok()
            .filter(|s| !s.is_empty())
            .or(file.session_secret)
            .map(Secret),
        cookie_prefix: file.cookie_prefix.unwrap_or_else(|| "wikiquery".to_owned()),
        trusted_proxies: TrustedProxies::parse(&file.trusted_proxies.unwrap_or_default())?,
        access_log: (flags.access_log || file.access_log.unwrap_or(false)).then(|| {
            let sample = flags.access_log_sample.or(file.access_log_sample).unwrap_or(1.0).clamp(0.0, 1.0);
            (flags.log_format.or(file.log_format).unwrap_or(LogFormat::Text), sample)
        }),
        metrics: match (
            flags.no_metrics || file.metrics == Some(false),
            flags.metrics_listen.clone().or(file.metrics_listen),
        ) {
            (true, _) => MetricsAt::Off,
            (false, None) => MetricsAt::WithApi,
            (false, Some(addr)) => MetricsAt::Apart(addr),
        },
        cors: {
            let default = CorsConfig::default();
            CorsConfig {
                domains: file.cross_site_ajax_domains.unwrap_or(default.domains),
                exceptions: file.cross_site_ajax_domain_exceptions.unwrap_or(default.exceptions),
                allowed_headers: file.allowed_cors_headers.unwrap_or(default.allowed_headers),
            }
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::ServeArgs;

    #[test]
    fn the_clock_is_frozen_by_flag_or_file() {
        let file: FileConfig = toml::from_str("now = \"2026-11-22T00:00:00Z\"").unwrap();
        assert_eq!(resolve(&ServeArgs::default(), file.clone()).unwrap().now.as_deref(), Some("2026-11-22T00:00:00Z"));
        let flags = ServeArgs { now: Some("20261124000000".into()), ..Default::default() };
        assert_eq!(resolve(&flags, file).unwrap().now.as_deref(), Some("20261124000000"));
        let clock = crate::serve::clock(Some("2026-11-22T00:00:00Z")).unwrap();
        assert_eq!(clock.now().to_mw(), "20261122000000");
        assert!(crate::serve::clock(Some("next tuesday")).is_err());
        assert_eq!(crate::serve::clock(None), Ok(wikiquery_runtime::Clock::System));
    }

    #[test]
    fn flags_win_over_the_file_and_the_file_over_defaults() {
        let file: FileConfig =
            toml::from_str("listen = \"0.0.0.0:9\"\ndb = \"sqlite:x.sqlite\"\nreplicas = [\"sqlite:r.sqlite\"]")
                .unwrap();
        let flags = ServeArgs { db: Some("sqlite:flag.sqlite".into()), ..Default::default() };
        let c = resolve(&flags, file).unwrap();
        assert_eq!(c.db, "sqlite:flag.sqlite");
        assert_eq!(c.listen, "0.0.0.0:9");
        assert_eq!(c.replicas, ["sqlite:r.sqlite"]);
        let c = resolve(&ServeArgs::default(), FileConfig::default()).unwrap();
        assert_eq!((c.listen.as_str(), c.db.as_str()), (DEFAULT_LISTEN, DEFAULT_DB));
        assert_eq!(c.max_connections, DEFAULT_MAX_CONNECTIONS);
        let flags = ServeArgs { max_connections: Some(64), ..Default::default() };
        assert_eq!(resolve(&flags, FileConfig::default()).unwrap().max_connections, 64);
        assert_eq!(c.anonymous_rights, None);
        let file: FileConfig = toml::from_str("anonymous_rights = [\"read\", \"apihighlimits\"]").unwrap();
        assert_eq!(resolve(&ServeArgs::default(), file).unwrap().anonymous_rights.unwrap(), ["read", "apihighlimits"]);
    }

    #[test]
    fn the_session_secret_comes_from_the_file_and_is_never_shown() {
        let file: FileConfig = toml::from_str("session_secret = \"farm secret\"\ncookie_prefix = \"mywiki\"").unwrap();
        let c = resolve(&ServeArgs::default(), file).unwrap();
        if std::env::var("WIKIQUERY_SESSION_SECRET").is_err() {
            assert_eq!(c.session_secret, Some(Secret("farm secret".into())));
        }
        assert_eq!(c.cookie_prefix, "mywiki");
        assert!(!format!("{c:?}").contains("farm secret"));
        let c = resolve(&ServeArgs::default(), FileConfig::default()).unwrap();
        assert_eq!(c.cookie_prefix, "wikiquery");
    }

    #[test]
    fn an_unknown_key_in_the_file_is_an_error() {
        assert!(toml::from_str::<FileConfig>("listne = \"x\"").is_err());
    }
}
