//! Value sets shared by several modules, defined once, and the small value enums many modules
//! use.

use wikiquery_runtime::{ParamValues, QueryContext};

/// Revision properties (REVPROP); `parsetree` is deprecated.
pub const REVPROP: &[&str] = &[
    "comment",
    "content",
    "contentmodel",
    "flags",
    "ids",
    "parsedcomment",
    "roles",
    "sha1",
    "size",
    "slotsha1",
    "slotsize",
    "tags",
    "timestamp",
    "user",
    "userid",
    "parsetree",
];

/// Content formats (CONTENTFMT).
pub const CONTENTFMT: &[&str] = &[
    "application/json",
    "application/octet-stream",
    "application/unknown",
    "application/x-binary",
    "text/css",
    "text/javascript",
    "text/plain",
    "text/unknown",
    "text/x-wiki",
    "unknown/unknown",
];

/// Content models (CONTENTMODEL).
pub const CONTENTMODELS: &[&str] = &["css", "javascript", "json", "text", "unknown", "wikitext"];

/// The warning for content asked in a format (one of [`CONTENTFMT`]) its model does not have.
pub(crate) fn bad_format_warning(ctx: &mut QueryContext<'_>, format: &str, model: &str) {
    ctx.warn(
        "badformat",
        format!("The requested format {format} is not supported for content model {model} used by the page."),
    );
}

/// The slot roles of this wiki.
pub const SLOTS: &[&str] = &["main"];

/// URL protocols of external links (PROTO); the empty string means protocol-relative.
pub const PROTO: &[&str] = &[
    "",
    "bitcoin",
    "ftp",
    "ftps",
    "geo",
    "git",
    "gopher",
    "http",
    "https",
    "irc",
    "ircs",
    "magnet",
    "mailto",
    "matrix",
    "mms",
    "news",
    "nntp",
    "redis",
    "sftp",
    "sip",
    "sips",
    "sms",
    "ssh",
    "svn",
    "tel",
    "telnet",
    "urn",
    "worldwind",
    "xmpp",
];

/// Recent-changes filters (SHOW_RC).
pub const SHOW_RC: &[&str] = &[
    "!anon",
    "!autopatrolled",
    "!bot",
    "!minor",
    "!patrolled",
    "!redirect",
    "anon",
    "autopatrolled",
    "bot",
    "minor",
    "patrolled",
    "redirect",
    "unpatrolled",
];

/// Direction through time: `newer` (oldest first) or `older` (newest first).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum TimeDir {
    /// List the oldest first; the start timestamp then has to be earlier than the end one.
    Newer,
    /// List the newest first; the start timestamp then has to be later than the end one.
    Older,
}

/// Direction through a sorted list of names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum SortDir {
    /// In increasing order: A to Z, smallest first.
    Ascending,
    /// In decreasing order: Z to A, largest first.
    Descending,
}

/// Which pages by redirect status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum FilterRedir {
    /// Redirects and other pages alike.
    All,
    /// Only pages that are not redirects.
    Nonredirects,
    /// Only redirects.
    Redirects,
}

/// Kinds of change in the recent-changes feed (also used by `list=watchlist`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum ChangeType {
    /// A page added to or removed from a category.
    Categorize,
    /// An edit of a page that already existed.
    Edit,
    /// A change made outside this wiki and reported to it (e.g. by a linked data repository).
    External,
    /// A log entry: a deletion, move, block, upload, protection and the like.
    Log,
    /// The creation of a page.
    New,
}

/// The content model a page of this title has by default: by its name's ending in the
/// MediaWiki namespace and on users' own pages, else wikitext.
pub fn default_model(ns: i32, dbkey: &str) -> String {
    let by_ending = dbkey.contains('.')
        && (ns == wikiquery_domain::title::NS_MEDIAWIKI
            || (ns == wikiquery_domain::title::NS_USER && dbkey.contains('/')));
    let model = match dbkey.rsplit('.').next() {
        Some("css") if by_ending => "css",
        Some("js") if by_ending => "javascript",
        Some("json") if by_ending => "json",
        _ => "wikitext",
    };
    model.to_owned()
}
