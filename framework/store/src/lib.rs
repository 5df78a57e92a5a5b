//! wikiquery's data layer. All SQL lives here: modules ask typed questions and get typed
//! answers. MediaWiki's own table and column names (its 1.39 core schema) let the same code
//! serve a database wikiquery created, one imported from an XML dump, or an existing
//! MediaWiki database.

pub mod backend;
pub mod queries;
pub mod reader;
pub mod schema;
pub mod site;
pub mod store;
