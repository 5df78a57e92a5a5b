//! The modules of wikiquery: one annotated struct per file, grouped as the API groups them.
//!
//! Every module registers itself; a binary that serves them calls [`link`] so that the linker
//! keeps this crate (registrations of an unreferenced crate can silently vanish).

pub mod action;
pub mod family;
pub mod list;
pub mod meta;
pub mod prop;
pub mod storage;
pub mod values;

/// Keeps this crate's module registrations in the final binary.
pub fn link() {}

/// Everything the modules need of a server built on `store`: the store itself and its page
/// lookups ([`storage::services`]), the accounts that logins and sessions ask
/// ([`family::accounts::AccountDirectory`]) and the XML export of pages
/// ([`family::export::StoreExport`]). The server adds the site's settings.
pub fn services(store: wikiquery_store::store::Store) -> wikiquery_framework::Services {
    let mut services = storage::services(store.clone());
    family::accounts::AccountDirectory::install(&mut services);
    family::export::StoreExport::install(&mut services, store);
    services
}
