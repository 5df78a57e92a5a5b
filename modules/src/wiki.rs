//! The wiki the modules are built on, as a server provides it: the host of the server's
//! [`Services`] (the store and its accounts), what a module's context reads of it
//! ([`WikiContext`]), and the services a server built on a store provides ([`services`]).

use std::sync::Arc;

use wikiquery_runtime::query::PageLookup;
use wikiquery_runtime::{ActionContext, ApiError, QueryContext, Services};
use wikiquery_store::site::Site;
use wikiquery_store::store::Store;

use crate::shared::accounts::AccountDirectory;
use crate::shared::export::StoreExport;
use crate::shared::rendering::RenderCache;
use crate::storage::{site_title, ReaderGuard, RequestReader, StorePages};

/// What the modules are built on, the host of the server's [`Services`]: the store and the
/// server's accounts. Built once, by [`services`], when the server starts.
pub struct Wiki {
    store: Store,
    accounts: Arc<AccountDirectory>,
    renders: RenderCache,
}

impl Wiki {
    /// The wiki of a server's services.
    ///
    /// A server runs these modules on the services [`services`] built, whose host is a `Wiki`;
    /// others (a configuration with no wiki, as some tests of the framework's rules use) answer
    /// an internal error rather than a module's.
    pub fn of(services: &Services) -> Result<&Wiki, ApiError> {
        services.host::<Wiki>().ok_or_else(|| ApiError::internal("service", "this server is built on no wiki"))
    }

    /// The renderings of stored revisions kept in memory.
    pub fn renders(&self) -> &RenderCache {
        &self.renders
    }

    /// The store.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The server's accounts.
    pub fn accounts(&self) -> &AccountDirectory {
        &self.accounts
    }
}

/// What a module reads of the wiki it runs on, from its context: the store, the site, and a
/// reader for the request. The references live as long as the services, not the borrow of the
/// context, so a module keeps the site while it writes its items.
pub trait WikiContext<'c> {
    /// The services of the server.
    fn wiki_services(&self) -> &'c Services;

    /// The store.
    fn store(&self) -> Result<&'c Store, ApiError> {
        Ok(Wiki::of(self.wiki_services())?.store())
    }

    /// What the site is: its namespaces, interwikis, URLs.
    fn site(&self) -> Result<&'c Site, ApiError> {
        Ok(self.store()?.site())
    }

    /// The renderings of stored revisions kept in memory.
    fn renders(&self) -> Result<&'c RenderCache, ApiError> {
        Ok(Wiki::of(self.wiki_services())?.renders())
    }

    /// The request's reader (see [`RequestReader`]).
    fn reader(&self) -> Result<ReaderGuard, ApiError>;
}

impl<'c> WikiContext<'c> for QueryContext<'c> {
    fn wiki_services(&self) -> &'c Services {
        self.services
    }

    fn reader(&self) -> Result<ReaderGuard, ApiError> {
        RequestReader::lend(&self.state.scope, self.store()?)
    }
}

impl<'c> WikiContext<'c> for ActionContext<'c> {
    fn wiki_services(&self) -> &'c Services {
        self.services
    }

    fn reader(&self) -> Result<ReaderGuard, ApiError> {
        RequestReader::lend(&self.state.scope, self.store()?)
    }
}

/// What a server built on `store` provides to the API: the store itself, the page set's
/// lookups, the export, the accounts, and MediaWiki's default site settings (which a configured
/// server replaces with [`Services::set_settings`]).
pub fn services(store: Store) -> Services {
    let accounts = Arc::new(AccountDirectory::new(store.clone()));
    let pages: Arc<dyn PageLookup> = Arc::new(StorePages(store.clone()));
    // 64 MB of rendered pages kept.
    let renders = RenderCache::new(64 << 20);
    let mut services = Services::new(Wiki { store: store.clone(), accounts: accounts.clone(), renders }, pages);
    services
        .set_accounts(accounts)
        .set_export(Arc::new(StoreExport(store.clone())))
        .set_replication(Arc::new(StoreLag(store)));
    services
}

/// The store's databases' lag, as its monitor last measured it.
struct StoreLag(Store);

impl wikiquery_runtime::services::Replication for StoreLag {
    fn lag_times(&self) -> Vec<wikiquery_domain::replication::ServerLag> {
        self.0.lag_times()
    }

    fn primary_available(&self) -> bool {
        self.0.primary_available()
    }
}

/// The page a module is about, given by `title` or by `pageid` (one of them, the rules have
/// said so): (namespace, database key). `invalidtitle` for a title that is none of this site,
/// `nosuchpageid` for an id no page has.
pub fn title_or_page_id(
    ctx: &QueryContext<'_>,
    title: Option<&str>,
    pageid: Option<i64>,
) -> Result<(i32, String), ApiError> {
    if let Some(text) = title {
        return site_title(ctx.site()?, text);
    }
    let id = pageid.unwrap_or_default();
    match ctx.reader()?.pages_by_ids(&[id])?.into_iter().next() {
        Some(page) => Ok((page.ns, page.dbkey)),
        None => Err(ApiError::no_such_page_id(id)),
    }
}
