//! Revisions (`revision` with `actor`, the edit summary from `comment` through
//! `revision_comment_temp` or `rev_comment_id`), their slots (`slots`, `slot_roles`,
//! `content`, `content_models`) and the text the slots point at (`text`), their tags
//! (`change_tag`), listed a page's history at a time, by id, or as the pages' latest.

pub mod contributions;
pub mod contributors;

use crate::queries::sql::InListExt;
use std::collections::HashMap;

use diesel::prelude::*;
use diesel::sql_types::Integer;

use super::IN_LIST_MAX;
use super::{group_tags, BitAnd};
use crate::backend::{AsAnyConnection, StoreError};
use crate::reader::Reader;
use crate::schema::{
    actor, archive, change_tag, change_tag_def, comment, content, content_models, page, revision,
    revision_comment_temp, slot_roles, slots, text,
};
use crate::with_conn;

/// One revision with who made it; its fields are the listing's columns, in order.
#[derive(Debug, Clone, PartialEq, Eq, Queryable)]
pub struct RevisionRow {
    /// `rev_id`.
    pub id: i64,
    /// `rev_page`.
    pub page: i64,
    /// `rev_parent_id`.
    pub parent: Option<i64>,
    /// `rev_timestamp`, 14 digits.
    pub timestamp: String,
    /// `rev_minor_edit`.
    pub minor: i32,
    /// `rev_deleted`: which parts are hidden (1 text, 2 comment, 4 user, 8 from admins too).
    pub deleted: i32,
    /// `rev_len`.
    pub len: Option<i64>,
    /// `rev_sha1`, base 36.
    pub sha1: String,
    /// The actor's name.
    pub actor_name: String,
    /// The actor's user id (`None` for addresses and imported names).
    pub actor_user: Option<i64>,
    /// `rev_comment_id` (0 while MediaWiki keeps it in `revision_comment_temp`).
    pub comment_id: i64,
    /// The comment's id in `revision_comment_temp`.
    pub temp_comment_id: Option<i64>,
}

impl RevisionRow {
    /// The id of the revision's comment.
    pub fn comment(&self) -> i64 {
        if self.comment_id != 0 {
            self.comment_id
        } else {
            self.temp_comment_id.unwrap_or(0)
        }
    }
}

/// One slot of a revision: (revision id, role, content model, size, sha1 in base 36, address,
/// origin).
#[derive(Debug, Clone, PartialEq, Eq, Queryable)]
pub struct SlotRow {
    /// The revision.
    pub revision: i64,
    /// The role (`main`).
    pub role: String,
    /// The content model (`wikitext`).
    pub model: String,
    /// The content's size in bytes.
    pub size: i64,
    /// The content's SHA-1, base 36.
    pub sha1: String,
    /// Where the content is (`tt:<text id>`).
    pub address: String,
    /// The revision that first had this content in this slot (`slot_origin`).
    pub origin: i64,
}

/// An edge of a history's range: a timestamp, and with a revision id, the revisions at that
/// timestamp from that id on.
pub type HistoryEdge = (String, Option<i64>);

/// Which revisions [`Reader::revisions`] reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RevisionSelection {
    /// A range of one page's history, or of every page's (`list=allrevisions`).
    History {
        /// The page; `None` for every page.
        page: Option<i64>,
        /// Only pages of these namespaces.
        namespaces: Option<Vec<i32>>,
        /// Oldest first.
        ascending: bool,
        /// Where the range starts, in the direction of listing.
        start: Option<HistoryEdge>,
        /// Where it ends.
        end: Option<HistoryEdge>,
        /// Only (`false`) or all but (`true`) the revisions of this actor name.
        actor: Option<(String, bool)>,
        /// Leave out revisions whose `rev_deleted` has all these bits.
        hidden_bits: i32,
        /// Where a previous batch stopped: this revision (timestamp, id) and those after it.
        continue_from: Option<(String, i64)>,
    },
    /// Revisions by id, in id order, from an id on.
    Ids {
        /// The ids.
        ids: Vec<i64>,
        /// Where a previous batch stopped.
        continue_from: Option<i64>,
    },
    /// The latest revision of each page, by page.
    Latest {
        /// The pages.
        pages: Vec<i64>,
        /// Where a previous batch stopped: this page and revision id on.
        continue_from: Option<(i64, i64)>,
    },
}

/// What [`Reader::revisions`] reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RevisionsFilter {
    /// Which revisions.
    pub selection: RevisionSelection,
    /// Only revisions with this tag (`Some(None)`: a tag that does not exist, so none).
    pub tag: Option<Option<i64>>,
    /// How many rows at most.
    pub limit: i64,
}

impl<C: AsAnyConnection> Reader<C> {
    /// The revisions a filter selects, in its order.
    pub fn revisions(&mut self, filter: &RevisionsFilter) -> Result<Vec<RevisionRow>, StoreError> {
        let conn = self.conn();
        if filter.tag == Some(None) {
            return Ok(Vec::new());
        }
        let rows: Vec<RevisionRow> = with_conn!(conn, |c| {
            let mut query = revision::table
                .inner_join(actor::table)
                .left_join(revision_comment_temp::table)
                .select(revision_row_columns!())
                .into_boxed();
            if let Some(Some(tag)) = filter.tag {
                let tagged = change_tag::table.select(change_tag::ct_rev_id).filter(change_tag::ct_tag_id.eq(tag));
                query = query.filter(revision::rev_id.nullable().eq_any(tagged));
            }
            match &filter.selection {
                RevisionSelection::History {
                    page: which,
                    namespaces,
                    ascending,
                    start,
                    end,
                    actor: who,
                    hidden_bits,
                    continue_from,
                } => {
                    if let Some(which) = which {
                        query = query.filter(revision::rev_page.eq(*which));
                    }
                    if let Some(namespaces) = namespaces {
                        let in_namespaces =
                            page::table.select(page::page_id).filter(page::page_namespace.in_list(namespaces.clone()));
                        query = query.filter(revision::rev_page.eq_any(in_namespaces));
                    }
                    // Start and end as bounds in the direction of listing.
                    let edges = [(start, *ascending), (end, !*ascending)];
                    for (edge, lower) in edges {
                        let Some((ts, id)) = edge else { continue };
                        query = match (lower, id) {
                            (true, None) => query.filter(revision::rev_timestamp.ge(ts.clone())),
                            (false, None) => query.filter(revision::rev_timestamp.le(ts.clone())),
                            (lower, Some(id)) => query
                                .filter(keyset!(lower; revision::rev_timestamp => ts.clone(), revision::rev_id => *id)),
                        };
                    }
                    if let Some((ts, id)) = continue_from {
                        query = query.filter(
                            keyset!(*ascending; revision::rev_timestamp => ts.clone(), revision::rev_id => *id),
                        );
                    }
                    if let Some((name, exclude)) = who {
                        query = if *exclude {
                            query.filter(actor::actor_name.ne(name.clone()))
                        } else {
                            query.filter(actor::actor_name.eq(name.clone()))
                        };
                    }
                    if *hidden_bits != 0 {
                        query = query.filter(
                            BitAnd::new(revision::rev_deleted, hidden_bits.into_sql::<Integer>()).ne(*hidden_bits),
                        );
                    }
                    query = if *ascending {
                        query.order((revision::rev_timestamp.asc(), revision::rev_id.asc()))
                    } else {
                        query.order((revision::rev_timestamp.desc(), revision::rev_id.desc()))
                    };
                }
                RevisionSelection::Ids { ids, continue_from } => {
                    query = query.filter(revision::rev_id.in_list(ids.clone()));
                    if let Some(id) = continue_from {
                        query = query.filter(keyset!(true; revision::rev_id => *id));
                    }
                    query = query.order(revision::rev_id.asc());
                }
                RevisionSelection::Latest { pages, continue_from } => {
                    let latest = page::table.select(page::page_latest).filter(page::page_id.in_list(pages.clone()));
                    query = query.filter(revision::rev_id.eq_any(latest));
                    if let Some((page, id)) = continue_from {
                        query = query.filter(keyset!(true; revision::rev_page => *page, revision::rev_id => *id));
                    }
                    query = query.order((revision::rev_page.asc(), revision::rev_id.asc()));
                }
            }
            query.limit(filter.limit).load(c)
        })?;
        Ok(rows)
    }

    /// The timestamps of these revision ids, live or deleted.
    pub fn revision_timestamps(&mut self, ids: &[i64]) -> Result<HashMap<i64, String>, StoreError> {
        let conn = self.conn();
        let live: Vec<(i64, String)> = with_conn!(conn, |c| revision::table
            .select((revision::rev_id, revision::rev_timestamp))
            .filter(revision::rev_id.in_list(ids))
            .load(c))?;
        let deleted: Vec<(Option<i64>, String)> = with_conn!(conn, |c| archive::table
            .select((archive::ar_rev_id.nullable(), archive::ar_timestamp))
            .filter(archive::ar_rev_id.in_list(ids))
            .load(c))?;
        let mut out: HashMap<i64, String> = deleted.into_iter().filter_map(|(id, ts)| id.map(|id| (id, ts))).collect();
        out.extend(live);
        Ok(out)
    }

    /// Comment texts by id.
    pub fn comments(&mut self, ids: &[i64]) -> Result<HashMap<i64, String>, StoreError> {
        let conn = self.conn();
        let select = (comment::comment_id, comment::comment_text);
        let rows: Vec<(i64, String)> = rows_by_ids!(
            ids,
            |row: &(i64, String)| row.0,
            |low, high| with_conn!(conn, |c| comment::table
                .select(select)
                .filter(comment::comment_id.between(low, high))
                .load(c))?,
            |chunk| with_conn!(conn, |c| comment::table
                .select(select)
                .filter(comment::comment_id.in_list(chunk))
                .load(c))?
        );
        Ok(rows.into_iter().collect())
    }

    /// The tags of these revisions, each revision's in the order they were added.
    pub fn revision_tags(&mut self, rev_ids: &[i64]) -> Result<HashMap<i64, Vec<String>>, StoreError> {
        let conn = self.conn();
        let select = (change_tag::ct_rev_id, change_tag::ct_id, change_tag_def::ctd_name);
        let mut rows: Vec<(Option<i64>, i64, String)> = rows_by_ids!(
            rev_ids,
            |row: &(Option<i64>, i64, String)| row.0.unwrap_or(0),
            |low, high| with_conn!(conn, |c| change_tag::table
                .inner_join(change_tag_def::table)
                .select(select)
                .filter(change_tag::ct_rev_id.between(low, high))
                .load(c))?,
            |chunk| with_conn!(conn, |c| change_tag::table
                .inner_join(change_tag_def::table)
                .select(select)
                .filter(change_tag::ct_rev_id.in_list(chunk))
                .load(c))?
        );
        rows.sort_by_key(|row| (row.0, row.1));
        Ok(group_tags(rows.into_iter().map(|(id, _, name)| (id, name))))
    }

    /// The slots of these revisions, by revision and role id.
    pub fn revision_slots(&mut self, rev_ids: &[i64]) -> Result<Vec<SlotRow>, StoreError> {
        let conn = self.conn();
        let mut out = Vec::new();
        for chunk in rev_ids.chunks(IN_LIST_MAX) {
            let rows: Vec<SlotRow> = with_conn!(conn, |c| slots::table
                .inner_join(slot_roles::table)
                .inner_join(content::table.inner_join(content_models::table))
                .select((
                    slots::slot_revision_id,
                    slot_roles::role_name,
                    content_models::model_name,
                    content::content_size,
                    content::content_sha1,
                    content::content_address,
                    slots::slot_origin,
                ))
                .filter(slots::slot_revision_id.in_list(chunk))
                .order((slots::slot_revision_id, slots::slot_role_id))
                .load(c))?;
            out.extend(rows);
        }
        Ok(out)
    }

    /// The text of content addresses (`tt:<id>`), decoded as MediaWiki stored it (`utf-8`,
    /// `gzip`: raw deflate), by address; an address of another kind, without a row, or stored
    /// in a way this server does not read (external storage, serialized objects) is left out.
    pub fn texts(&mut self, addresses: &[&str]) -> Result<HashMap<String, String>, StoreError> {
        let conn = self.conn();
        let ids: Vec<i64> = addresses.iter().filter_map(|a| a.strip_prefix("tt:")?.parse().ok()).collect();
        let mut out = HashMap::new();
        for chunk in ids.chunks(IN_LIST_MAX) {
            let rows: Vec<(i64, String, Vec<u8>)> = with_conn!(conn, |c| text::table
                .select((text::old_id, text::old_flags, text::old_text))
                .filter(text::old_id.in_list(chunk))
                .load(c))?;
            for (id, flags, bytes) in rows {
                if let Some(text) = decode_text(&flags, bytes) {
                    out.insert(format!("tt:{id}"), text);
                }
            }
        }
        Ok(out)
    }
}

/// A `text` row's bytes as text, by its flags; `None` for a form this server does not read.
fn decode_text(flags: &str, bytes: Vec<u8>) -> Option<String> {
    let flags: Vec<&str> = flags.split(',').map(str::trim).filter(|f| !f.is_empty()).collect();
    if flags.iter().any(|f| !matches!(*f, "utf-8" | "gzip")) {
        return None;
    }
    let bytes = if flags.contains(&"gzip") {
        let mut out = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::DeflateDecoder::new(bytes.as_slice()), &mut out).ok()?;
        out
    } else {
        bytes
    };
    Some(String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()))
}

#[cfg(test)]
mod tests {
    use super::decode_text;

    #[test]
    fn text_rows_decode_by_their_flags() {
        assert_eq!(decode_text("utf-8", b"abc".to_vec()).as_deref(), Some("abc"));
        let mut packed = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::default());
        std::io::Write::write_all(&mut packed, "Größe".as_bytes()).unwrap();
        assert_eq!(decode_text("utf-8,gzip", packed.finish().unwrap()).as_deref(), Some("Größe"));
        assert_eq!(decode_text("external,utf-8", b"DB://x/1".to_vec()), None);
    }
}
