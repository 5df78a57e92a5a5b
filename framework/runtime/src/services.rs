//! What a server provides to modules, resolved when the server starts: the site's settings,
//! the page set's lookups, the export, the accounts, and the host the modules are built on
//! (the store), each a typed member rather than something looked up when a request needs it.
//! The framework knows the host only as a value of some type; the modules that are built on
//! it read it back as that type ([`Services::host`]).

use std::any::Any;
use std::sync::Arc;

use wikiquery_domain::replication::ServerLag;
use wikiquery_domain::settings::SiteSettings;

use crate::accounts::Accounts;
use crate::error::ApiError;
use crate::query::export::PageExport;
use crate::query::pageset::PageLookup;

/// The services of a server.
#[derive(Clone)]
pub struct Services {
    settings: Arc<SiteSettings>,
    pages: Option<Arc<dyn PageLookup>>,
    export: Option<Arc<dyn PageExport>>,
    accounts: Option<Arc<dyn Accounts>>,
    host: Option<Arc<dyn Any + Send + Sync>>,
    namespace_ids: Arc<[i32]>,
    replication: Option<Arc<dyn Replication>>,
}

/// The database servers' replication lag, as the server measures it in the background.
pub trait Replication: Send + Sync {
    /// Every server's lag as last measured, the primary first.
    fn lag_times(&self) -> Vec<ServerLag>;

    /// Whether the primary, which every write goes to, answered when last asked.
    fn primary_available(&self) -> bool;
}

impl Default for Services {
    fn default() -> Self {
        Services {
            settings: Arc::new(SiteSettings::default()),
            pages: None,
            export: None,
            accounts: None,
            host: None,
            namespace_ids: crate::param::DEFAULT_NAMESPACES.into(),
            replication: None,
        }
    }
}

impl Services {
    /// The services of a server built on `host`, whose pages the page set finds through
    /// `pages`, with MediaWiki's default site settings (see [`Services::set_settings`]).
    pub fn new(host: impl Any + Send + Sync, pages: Arc<dyn PageLookup>) -> Self {
        let namespace_ids = pages.namespaces().all().iter().map(|n| n.id).filter(|id| *id >= 0).collect();
        Services { host: Some(Arc::new(host)), pages: Some(pages), namespace_ids, ..Services::default() }
    }

    /// Replaces the site's settings (a configured server's).
    pub fn set_settings(&mut self, settings: SiteSettings) -> &mut Self {
        self.settings = Arc::new(settings);
        self
    }

    /// Provides the export `action=query&export` writes.
    pub fn set_export(&mut self, export: Arc<dyn PageExport>) -> &mut Self {
        self.export = Some(export);
        self
    }

    /// Provides the accounts sessions log in to.
    pub fn set_accounts(&mut self, accounts: Arc<dyn Accounts>) -> &mut Self {
        self.accounts = Some(accounts);
        self
    }

    /// Provides the replication lag of the database servers.
    pub fn set_replication(&mut self, replication: Arc<dyn Replication>) -> &mut Self {
        self.replication = Some(replication);
        self
    }

    /// Every database server's replication lag as last measured, the primary first; nothing
    /// on a server that has no databases.
    pub fn lag_times(&self) -> Vec<ServerLag> {
        self.replication.as_ref().map(|r| r.lag_times()).unwrap_or_default()
    }

    /// The most lagged replica and its lag (see [`wikiquery_domain::replication::max_lag`]), its
    /// name given only where host names may be shown (`show_hostnames`), else "".
    pub fn max_lag(&self) -> (String, f64) {
        let (server, lag) = wikiquery_domain::replication::max_lag(&self.lag_times());
        (if self.settings.show_hostnames { server } else { String::new() }, lag)
    }

    /// Whether writes can reach the database now (the primary answers).
    pub fn primary_available(&self) -> bool {
        self.replication.as_ref().is_none_or(|r| r.primary_available())
    }

    /// The site's settings.
    pub fn settings(&self) -> &SiteSettings {
        &self.settings
    }

    /// The page set's lookups; an internal error on a server that has no pages.
    pub fn pages(&self) -> Result<&Arc<dyn PageLookup>, ApiError> {
        self.pages.as_ref().ok_or_else(|| missing("page lookup"))
    }

    /// The export; an internal error on a server that provides none.
    pub fn export(&self) -> Result<&dyn PageExport, ApiError> {
        self.export.as_deref().ok_or_else(|| missing("export"))
    }

    /// The ids of the namespaces pages can be in (the values namespace parameters accept): the
    /// site's, as its page lookup knows them, else MediaWiki's defaults.
    pub fn namespace_ids(&self) -> &[i32] {
        &self.namespace_ids
    }

    /// The accounts, on a server that has them.
    pub fn accounts(&self) -> Option<&dyn Accounts> {
        self.accounts.as_deref()
    }

    /// The host the server is built on, as the type it was given as; `None` for another type
    /// (or none).
    pub fn host<T: Any>(&self) -> Option<&T> {
        self.host.as_deref().and_then(|h| (h as &dyn Any).downcast_ref::<T>())
    }
}

fn missing(what: &str) -> ApiError {
    ApiError::internal("service", format!("this server provides no {what}"))
}

impl std::fmt::Debug for Services {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Services")
            .field("pages", &self.pages.is_some())
            .field("export", &self.export.is_some())
            .field("accounts", &self.accounts.is_some())
            .field("host", &self.host.is_some())
            .finish_non_exhaustive()
    }
}
