//! `prop=extlinks`: the external URLs linked from the given pages.

use serde_json::{Map, Value};
use wikiquery_domain::ext_links::{protocol_prefix, search_prefix};
use wikiquery_domain::settings::SiteSettings;
use wikiquery_framework::result::set_content;
use wikiquery_framework::{query_module, ApiError, Limit, QueryContext, QueryModule};
use wikiquery_store::queries::extlinks::{ExtLinksFilter, INDEX_60};

use crate::storage;
use crate::values::PROTO;

/// Lists the external links of pages.
#[query_module(
    name = "extlinks",
    group = "prop",
    prefix = "el",
    readrights,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Extlinks"
)]
pub struct ExtLinks {
    #[param(default = 10)]
    pub limit: Limit,
    #[param(rename = "continue")]
    pub continue_: Option<String>,
    /// Only links of this protocol; the empty string means protocol-relative (with `query`) or any.
    #[param(values = PROTO, default = "")]
    pub protocol: String,
    /// Search string without protocol.
    pub query: Option<String>,
    #[param(deprecated)]
    pub expandurl: bool,
}

impl QueryModule for ExtLinks {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let Some(pageset) = ctx.page_set() else { return Ok(()) };
        let from: Vec<i64> = pageset.good.iter().map(|p| p.id).collect();
        if from.is_empty() {
            return Ok(());
        }
        let by_page = from.len() != 1;
        let protocol = protocol_prefix(&self.protocol);
        let (index_prefix, by_index, once_per_link) = match self.query.as_deref().filter(|q| !q.is_empty()) {
            Some(query) => {
                let prefix = search_prefix(protocol.unwrap_or("http://"), query)
                    .ok_or_else(|| ApiError::new("badquery", "Invalid query."))?;
                // A prefix as long as the short index is compared whole, not ordered by.
                let by_index = prefix.len() < INDEX_60;
                (Some(prefix), by_index, false)
            }
            None => (protocol.map(str::to_owned), true, protocol.is_none()),
        };
        let continue_from = match self.continue_.as_deref() {
            None => None,
            Some(raw) => {
                // `<page>|<index>|<id>`, each part the order holds, `%` and `|` escaped.
                let parts: Vec<String> = raw.split('|').map(raw_url_decode).collect();
                if parts.len() != usize::from(by_page) + usize::from(by_index) + 1 {
                    return Err(ApiError::bad_continue());
                }
                let mut parts = parts.into_iter();
                let page = if by_page { parts.next().unwrap_or_default() } else { String::new() };
                let index = if by_index { parts.next().unwrap_or_default() } else { String::new() };
                let id = parts.next().unwrap_or_default();
                // A part that is not a number matches no row, as the database compares it.
                let (Ok(page), Ok(id)) = (if by_page { page.parse() } else { Ok(0) }, id.parse()) else {
                    return Ok(());
                };
                Some((page, index, id))
            }
        };
        let filter = ExtLinksFilter {
            from,
            index_prefix,
            once_per_link,
            by_page,
            by_index,
            continue_from,
            limit: self.limit.fetch(),
        };
        let (rows, next) = self.limit.split(storage::reader(ctx)?.external_links(&filter)?);
        let server = if self.expandurl {
            let settings = ctx.services.require::<SiteSettings>()?;
            storage::site_paths(storage::store(ctx)?.site(), settings).server
        } else {
            String::new()
        };
        for row in rows {
            let mut item = Map::new();
            let url = if self.expandurl && row.to.starts_with("//") {
                format!("{}{}", canonical_protocol(&server), row.to)
            } else {
                row.to
            };
            set_content(&mut item, "url", url);
            ctx.push_page_item(row.from, "extlinks", Value::Object(item));
        }
        if let Some(row) = next {
            let mut parts = Vec::new();
            if by_page {
                parts.push(row.from.to_string());
            }
            if by_index {
                parts.push(continue_escape(&row.index_60));
            }
            parts.push(row.id.to_string());
            ctx.set_continue(parts.join("|"));
        }
        Ok(())
    }
}

/// A continue part as MediaWiki writes it: `%` and `|` percent-encoded.
fn continue_escape(text: &str) -> String {
    text.replace('%', "%25").replace('|', "%7C")
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
