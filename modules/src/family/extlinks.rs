//! External links (MediaWiki's `ApiQueryExternalLinks` and `ApiQueryExtLinksUsage`):
//! `prop=extlinks` lists those of the page set's pages, `list=exturlusage` the pages with
//! links to a URL. One [`run`] reads them: by protocol, or by a search (`query`) turned into
//! an index prefix; in ([page,] index, id) order; with the continue value holding the parts
//! of the order, each escaped (`%` and `|`).

use wikiquery_domain::ext_links::{protocol_prefix, search_prefix};
use wikiquery_domain::url::normalize_link_url;
use wikiquery_runtime::{ApiError, Continue, Limit, Parts, QueryContext};
pub use wikiquery_store::queries::links::external::ExtLinkRow;
use wikiquery_store::queries::links::external::{ExtLinksFilter, INDEX_60};

use crate::storage;
use crate::wiki::WikiContext;

/// One listing of the family.
pub struct UrlListing<'a> {
    /// Only the links of these pages (a page set's); none: of every page.
    pub pages: Option<Vec<i64>>,
    /// Only the links of pages in these namespaces.
    pub namespaces: Option<Vec<i32>>,
    /// The protocol by name (`https`, `mailto`); empty: every protocol (`http` with a query).
    pub protocol: &'a str,
    /// The URL searched for, without protocol; `*.` before the host for any subdomain.
    pub query: Option<&'a str>,
    /// Where to continue.
    pub continue_: Option<&'a Continue<Parts>>,
    /// Write protocol-relative URLs with the site's protocol.
    pub expand: bool,
    /// The batch's size.
    pub limit: Limit,
}

/// Reads the links of a batch, each with its URL as it is written, and says where the next
/// batch starts.
pub fn run(ctx: &mut QueryContext<'_>, listing: UrlListing<'_>) -> Result<Vec<(ExtLinkRow, String)>, ApiError> {
    let by_page = listing.pages.as_ref().is_some_and(|p| p.len() != 1);
    let protocol = protocol_prefix(listing.protocol);
    let (index_prefix, by_index, once_per_link) = match listing.query.filter(|q| !q.is_empty()) {
        Some(query) => {
            // Written as links are stored (escapes made and undone as MediaWiki's parser does).
            let url = normalize_link_url(&format!("{}{query}", protocol.unwrap_or("http://")));
            let prefix = search_prefix("", &url).ok_or_else(|| ApiError::new("badquery", "Invalid query."))?;
            // A prefix as long as the short index is compared whole, not ordered by.
            let by_index = prefix.len() < INDEX_60;
            (Some(prefix), by_index, false)
        }
        None => (protocol.map(str::to_owned), true, protocol.is_none()),
    };
    let continue_from = match listing.continue_ {
        None => None,
        Some(raw) => {
            let count = usize::from(by_page) + usize::from(by_index) + 1;
            let mut parts = raw.parts(count)?.into_iter().map(raw_url_decode);
            let page = if by_page { parts.next().unwrap_or_default() } else { "0".to_owned() };
            let index = if by_index { parts.next().unwrap_or_default() } else { String::new() };
            let id = parts.next().unwrap_or_default();
            // A part that is not a number is above every number, as SQLite (MediaWiki's database
            // here) compares text with numbers: a page so given matches no row, an id only ends
            // the rows of its index.
            let Ok(page) = page.parse() else { return Ok(Vec::new()) };
            Some((page, index, id.parse().unwrap_or(i64::MAX)))
        }
    };
    let filter = ExtLinksFilter {
        from: listing.pages,
        namespaces: listing.namespaces,
        index_prefix,
        once_per_link,
        by_page,
        by_index,
        continue_from,
        limit: listing.limit.fetch(),
    };
    let (rows, next) = listing.limit.split(ctx.reader()?.external_links(&filter)?);
    let server = if listing.expand {
        let settings = ctx.settings();
        storage::site_paths(ctx.site()?, settings).server
    } else {
        String::new()
    };
    if let Some(row) = next {
        let mut parts = Vec::new();
        if by_page {
            parts.push(row.from.to_string());
        }
        if by_index {
            parts.push(row.index_60.replace('%', "%25").replace('|', "%7C"));
        }
        parts.push(row.id.to_string());
        ctx.set_continue(parts.join("|"));
    }
    Ok(rows
        .into_iter()
        .map(|row| {
            let url = if listing.expand && row.to.starts_with("//") {
                format!("{}{}", canonical_protocol(&server), row.to)
            } else {
                row.to.clone()
            };
            (row, url)
        })
        .collect())
}

/// PHP's `rawurldecode`: every `%XX` decoded.
fn raw_url_decode(text: &str) -> String {
    String::from_utf8_lossy(&wikiquery_domain::url::percent_decode(text)).into_owned()
}

/// The protocol of the site's canonical server (`https:`), for protocol-relative links.
fn canonical_protocol(server: &str) -> &str {
    match server.find("//") {
        Some(0) | None => "http:",
        Some(i) => &server[..i],
    }
}
