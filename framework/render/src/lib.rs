//! MediaWiki's parser: a page's wikitext rendered to the HTML MediaWiki 1.39's core parser
//! gives (without extensions), with what the page links to, its sections and its categories.
//!
//! The passes follow MediaWiki's in its order: templates expanded by the domain's
//! preprocessor (extension tags rendered and kept behind markers), the sanitizer, tables,
//! rules, behaviour switches, headings, internal links, bold and italics, external and free
//! links, the headings' anchors and table of contents; then paragraphs and lists, the links'
//! colours from one lookup, and the tidying (an HTML5 tree builder, html5ever).

mod block;
mod external;
mod files;
mod gallery;
mod headings;
mod links;
mod parser;
mod state;
pub mod strip;
mod tables;
mod tidy;

pub use parser::{render, strip_outer_paragraph};
pub use state::{
    wrap, FileInfo, Limits, LinkEntry, Lookup, Output, PageInfo, PageRef, RenderOptions, RenderSite, Rendered, Section,
    Sources, WRAPPER_CLASS,
};
pub use wikiquery_domain::preprocessor::expand::Unsupported;
