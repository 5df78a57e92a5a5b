//! What wikiquery knows of MediaWiki itself, below both the API runtime and the storage
//! layer: titles and namespaces, timestamps, PHP-serialized values and PHP's array rules, the
//! rights and groups vocabulary, the special pages, HTML and URL escaping, where files live,
//! and two of MediaWiki's formatters: log parameters ([`log_params`], the `params` of a log
//! entry) and comments as HTML ([`comment`], `parsedcomment`). Nothing here knows of requests
//! or databases: the comment formatter lists the pages its links need, and is handed what the
//! database says of them.

pub mod accounts;
pub mod change_tags;
pub mod comment;
pub mod diff;
pub mod ext_links;
pub mod failure;
pub mod files;
pub mod format_date;
pub mod format_num;
pub mod groups;
pub mod html;
mod language_data;
pub mod languages;
pub mod link_urls;
pub mod log_display;
pub mod log_params;
pub mod magic_words;
pub mod messages;
pub mod page;
pub mod permissions;
pub mod php;
pub mod preprocessor;
pub mod quotes;
pub mod redirect;
pub mod replication;
pub mod revision;
pub mod rights;
pub mod sanitizer;
pub mod search;
pub mod settings;
pub mod special_pages;
pub mod timestamp;
pub mod title;
pub mod tracking;
pub mod url;
pub mod user;
pub mod user_options;
