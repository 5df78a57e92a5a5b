//! `parsedcomment` for any listing (log events, revisions, ...): comments formatted as HTML by
//! the domain's formatter, once the pages and files their links point to are looked up
//! together for the whole batch.

use std::collections::HashMap;
use std::hash::Hash;

use wikiquery_domain::comment::{self, LinkStatus, Needed, SelfTitle};
use wikiquery_runtime::ApiError;
use wikiquery_store::reader::Reader;
use wikiquery_store::site::Site;

/// One comment to format: its key in the answer, its text, and the page it belongs to
/// (namespace, database key), where its section links point.
pub struct CommentOf<'a, K> {
    /// What the formatted comment is filed under.
    pub key: K,
    /// The comment's wikitext.
    pub text: &'a str,
    /// The namespace of the page it belongs to.
    pub ns: i32,
    /// The database key of that page.
    pub dbkey: &'a str,
}

/// The comments as HTML, by key.
pub fn parsed_comments<K: Copy + Eq + Hash>(
    reader: &mut Reader,
    site: &Site,
    comments: &[CommentOf<'_, K>],
) -> Result<HashMap<K, String>, ApiError> {
    if comments.is_empty() {
        return Ok(HashMap::new());
    }
    let urls = site.interwiki_urls();
    let csite = comment::CommentSite { namespaces: site.namespaces(), interwiki_urls: &urls };
    let mut needed = Needed::default();
    for c in comments {
        comment::links_needed(c.text, SelfTitle { ns: c.ns, dbkey: c.dbkey }, &csite, &mut needed);
    }
    let status = LinkStatus {
        pages: reader.existing_pages(&needed.pages)?,
        files: reader.existing_files(&needed.files)?.into_iter().collect(),
    };
    Ok(comments
        .iter()
        .map(|c| (c.key, comment::format(c.text, SelfTitle { ns: c.ns, dbkey: c.dbkey }, &csite, &status)))
        .collect())
}
