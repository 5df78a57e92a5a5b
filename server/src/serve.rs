//! `wikiquery serve`: opens the database (creating the demo wiki on first start with the
//! default database), checks the module registry, and serves the API.

use std::path::Path;
use std::sync::Arc;

use actix_web::{web, App};
use wikiquery_domain::settings::SiteSettings;
use wikiquery_runtime::api::ApiConfig;
use wikiquery_runtime::{Clock, Registry, Rights, SessionKeys};
use wikiquery_store::backend::DbUrl;
use wikiquery_store::store::{OpenOptions, Store};

use crate::config::{MetricsAt, ServeConfig, DEFAULT_DB};
use crate::http::{configure, AppState};

/// Opens the store the configuration names; with the default database, a missing file is
/// created and loaded with the demo wiki.
pub fn open_store(config: &ServeConfig) -> Result<Store, String> {
    let options = OpenOptions {
        primary: config.db.clone(),
        replicas: config.replicas.clone(),
        pool_size: config.pool_size,
        site_name: config.site_name.clone().unwrap_or_else(|| "Project".to_owned()),
        base: config.base.clone(),
        replica_settings: config.replica_settings,
    };
    if let Ok(DbUrl::Sqlite { path }) = DbUrl::parse(&config.db) {
        if !path.exists() {
            if config.db == DEFAULT_DB {
                crate::demo::create(&path, &options)?;
            } else if !config.create {
                return Err(format!(
                    "the database file {} does not exist (give --create to make a new, empty wiki there)",
                    path.display()
                ));
            }
        }
    }
    Store::open(&options).map_err(|e| format!("cannot open the database: {e}"))
}

/// The API's settings for a store and the site's settings.
pub fn api_config(store: Store, settings: SiteSettings, served_by: String, api_url: String) -> ApiConfig {
    let mut services = wikiquery_modules::services(store);
    // An anonymous caller has the rights of the `*` group.
    let anonymous_rights = Rights::new(settings.groups.rights_of("*"));
    services.set_settings(settings);
    ApiConfig {
        served_by,
        api_url,
        services,
        anonymous_rights,
        clock: Clock::System,
        sessions: SessionKeys::default(),
        cors: Default::default(),
    }
}

/// The rights an operator grants every caller, checked against the permission vocabulary.
pub fn anonymous_rights(names: &[String]) -> Result<Rights, String> {
    let names: Vec<&str> = names.iter().map(|n| n.trim()).filter(|n| !n.is_empty()).collect();
    if let Some(unknown) = names.iter().find(|n| !wikiquery_domain::rights::RIGHTS.contains(n)) {
        return Err(format!("unknown right `{unknown}` in the anonymous rights"));
    }
    Ok(Rights::new(names))
}

/// The clock an operator asks for: frozen at `now`, or the system's.
pub fn clock(now: Option<&str>) -> Result<Clock, String> {
    match now {
        None => Ok(Clock::System),
        Some(text) => Clock::frozen_at(text)
            .ok_or_else(|| format!("`now` is not a timestamp: `{text}` (write e.g. 2026-11-22T00:00:00Z)")),
    }
}

/// Serves until stopped.
pub fn run(config: ServeConfig) -> Result<(), String> {
    let registry = Registry::global().map_err(|p| format!("refusing to start: {p}"))?;
    let granted = config.anonymous_rights.as_deref().map(anonymous_rights).transpose()?;
    let clock = clock(config.now.as_deref())?;
    tracing::info!(modules = registry.query_modules(None).count(), "module registry checked");
    let store = open_store(&config)?;
    tracing::info!(
        db = store.url(),
        writable = store.is_writable(),
        site = %store.site().sitename,
        "database open"
    );
    let uploads = match &config.uploads {
        Some(dir) => {
            let paths = wikiquery_modules::storage::site_paths(store.site(), &config.settings);
            let url = config.settings.upload_path.clone().unwrap_or_else(|| format!("{}/images", paths.script_path));
            let uploads = crate::uploads::Uploads::new(dir, &url)?;
            tracing::info!(dir = %dir.display(), at = uploads.prefix(), "serving the upload directory");
            Some(Arc::new(uploads))
        }
        None => None,
    };
    let host = std::env::var("HOSTNAME").unwrap_or_else(|_| "wikiquery".to_owned());
    // A local SQLite file is read without waiting (WAL readers take no locks), so requests are
    // answered on the worker that received them; a database over the network gets the
    // blocking pool.
    let inline = store.is_local();
    let observer = Arc::new(crate::ops::Observer {
        metrics: (config.metrics != MetricsAt::Off).then(crate::metrics::Metrics::new),
        access_log: config.access_log.map(|(format, sample)| crate::access_log::AccessLog::new(format, sample)),
        store: Some(store.clone()),
    });
    let mut api = api_config(store, config.settings.clone(), host, format!("http://{}/api.php", config.listen));
    if let Some(rights) = granted {
        api.anonymous_rights = rights;
    }
    api.clock = clock;
    api.cors = config.cors.clone();
    api.sessions = SessionKeys::new(config.session_secret.as_ref().map(|s| s.0.as_str()), &config.cookie_prefix);
    if config.session_secret.is_none() {
        tracing::info!("no session secret configured: sessions last as long as this process");
    }
    if let Clock::Frozen(at) = clock {
        tracing::info!(now = %at.to_iso(), "the clock is frozen");
    }
    tracing::info!(rights = ?api.anonymous_rights.iter().collect::<Vec<_>>(), "every caller's rights");
    if !config.trusted_proxies.is_empty() {
        tracing::info!("callers named by X-Forwarded-For through the trusted proxies");
    }
    let state = AppState::new(Arc::new(api))
        .inline(inline)
        .trusting(config.trusted_proxies.clone())
        .observed_by(Arc::clone(&observer));
    let listen = crate::connection::Listen {
        addr: &config.listen,
        workers: config.workers,
        max_connections: config.max_connections,
        keepalive: config.keepalive,
        keepalive_requests: config.keepalive_requests,
    };
    let open_files = crate::connection::raise_open_files(config.max_connections);
    if open_files < config.max_connections as u64 {
        tracing::warn!(
            open_files,
            max_connections = config.max_connections,
            "the open-file limit is below the connections allowed"
        );
    }
    // `/metrics` beside the API, unless it has an address of its own.
    let metrics_here = config.metrics == MetricsAt::WithApi;
    let metrics_apart = match &config.metrics {
        MetricsAt::Apart(addr) => Some(addr.clone()),
        _ => None,
    };
    actix_web::rt::System::new()
        .block_on(async move {
            let api_observer = Arc::clone(&observer);
            let server = crate::connection::serve(&listen, move || {
                let uploads = uploads.clone();
                let observer = Arc::clone(&api_observer);
                App::new()
                    .app_data(web::Data::new(state.clone()))
                    .wrap(actix_web::middleware::from_fn(crate::connection::close_after_limit))
                    .configure(configure)
                    .configure(move |cfg| crate::ops::configure(cfg, observer, metrics_here))
                    .configure(move |cfg| {
                        if let Some(uploads) = uploads {
                            crate::uploads::configure(cfg, uploads);
                        }
                    })
            })?;
            tracing::info!(listen = %listen.addr, "serving /api.php");
            let Some(addr) = metrics_apart else { return server.await };
            let metrics = actix_web::HttpServer::new(move || {
                let observer = Arc::clone(&observer);
                App::new().configure(move |cfg| crate::ops::configure(cfg, observer, true))
            })
            .workers(1)
            .bind(&addr)?
            .run();
            tracing::info!(listen = %addr, "serving /metrics");
            let (api, metrics) = futures_util::future::join(server, metrics).await;
            api.and(metrics)
        })
        .map_err(|e| format!("{e}"))
}

/// Whether a path is the default database's (for messages).
pub fn is_default(path: &Path) -> bool {
    DbUrl::parse(DEFAULT_DB).ok().is_some_and(|u| matches!(u, DbUrl::Sqlite { path: p } if p == path))
}
