//! What wikiquery knows of MediaWiki itself, below both the API runtime and the storage
//! layer: titles and namespaces, timestamps, PHP-serialized values and PHP's array rules, the
//! rights and groups vocabulary, the special pages, HTML and URL escaping, where files live,
//! and MediaWiki's log formatters ([`log_params`], the `params` of a log entry). Nothing here
//! knows of requests or databases.

pub mod failure;
pub mod files;
pub mod html;
pub mod log_params;
pub mod page;
pub mod php;
pub mod rights;
pub mod special_pages;
pub mod timestamp;
pub mod title;
pub mod url;
