//! Revisions of deleted pages (`archive`, with `actor`), listed by title (a page set's titles,
//! or every title of some namespaces in a range) or by user and time, as
//! `prop=deletedrevisions` and `list=alldeletedrevisions` list them. Their slots, text and
//! tags are read as live revisions' are (`queries::revisions`), by revision id.

use crate::queries::sql::InListExt;
use diesel::prelude::*;
use diesel::sql_types::Integer;

use super::BitAnd;
use crate::backend::{AsAnyConnection, StoreError};
use crate::queries::revisions::RevisionRow;
use crate::reader::Reader;
use crate::schema::{actor, archive, change_tag};
use crate::with_conn;

/// One deleted revision: the revision's fields as [`RevisionRow`] has them (its page is the
/// deleted page's old id, 0 when unknown), with its archive id and title.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArchiveRow {
    /// `ar_id`.
    pub ar_id: i64,
    /// `ar_namespace`.
    pub namespace: i32,
    /// `ar_title`, the database key.
    pub title: String,
    /// The revision.
    pub revision: RevisionRow,
}

/// Where a previous batch of deleted revisions stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ArchiveContinue {
    /// By title: (namespace, title, timestamp, archive id) and those after.
    Title(i32, String, String, i64),
    /// By time: (timestamp, archive id) and those after.
    Time(String, i64),
    /// By revision: (revision id, archive id) and those after.
    Revision(i64, i64),
}

/// The order of a listing of deleted revisions.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum ArchiveOrder {
    /// Namespace, title, time, archive id.
    #[default]
    Title,
    /// Time, archive id.
    Time,
    /// Revision id, archive id.
    Revision,
}

/// What [`Reader::archived_revisions`] selects.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ArchiveFilter {
    /// Only these titles (namespace, database key).
    pub titles: Option<Vec<(i32, String)>>,
    /// Only these revision ids.
    pub revisions: Option<Vec<i64>>,
    /// Only these namespaces.
    pub namespaces: Option<Vec<i32>>,
    /// Titles from this one on, in the direction of listing.
    pub from: Option<String>,
    /// Titles up to this one.
    pub to: Option<String>,
    /// Titles starting with this.
    pub prefix: Option<String>,
    /// The order.
    pub order: ArchiveOrder,
    /// Oldest (or first) first.
    pub ascending: bool,
    /// The time range's start, in the direction of listing.
    pub start: Option<String>,
    /// Its end.
    pub end: Option<String>,
    /// Only (`false`) or all but (`true`) this actor's.
    pub actor: Option<(String, bool)>,
    /// Leave out rows whose `ar_deleted` has all these bits.
    pub hidden_bits: i32,
    /// Where a previous batch stopped.
    pub continue_from: Option<ArchiveContinue>,
    /// Only revisions with this tag (`Some(None)`: a tag that does not exist).
    pub tag: Option<Option<i64>>,
    /// How many rows at most.
    pub limit: i64,
}

type ArchiveTuple =
    (i64, i32, String, i64, Option<i64>, Option<i64>, String, i32, i32, Option<i64>, String, String, Option<i64>, i64);

impl<C: AsAnyConnection> Reader<C> {
    /// The deleted revisions a filter selects, in its order.
    pub fn archived_revisions(&mut self, filter: &ArchiveFilter) -> Result<Vec<ArchiveRow>, StoreError> {
        if filter.tag == Some(None)
            || filter.titles.as_ref().is_some_and(Vec::is_empty)
            || filter.revisions.as_ref().is_some_and(Vec::is_empty)
        {
            return Ok(Vec::new());
        }
        let conn = self.conn();
        let prefix_end = filter.prefix.as_deref().and_then(super::prefix_upper_bound);
        let rows: Vec<ArchiveTuple> = with_conn!(conn, |c| {
            let mut query = archive::table
                .inner_join(actor::table)
                .select((
                    archive::ar_id,
                    archive::ar_namespace,
                    archive::ar_title,
                    archive::ar_rev_id,
                    archive::ar_page_id,
                    archive::ar_parent_id,
                    archive::ar_timestamp,
                    archive::ar_minor_edit,
                    archive::ar_deleted,
                    archive::ar_len,
                    archive::ar_sha1,
                    actor::actor_name,
                    actor::actor_user,
                    archive::ar_comment_id,
                ))
                .into_boxed();
            if let Some(titles) = &filter.titles {
                query = query.filter(any_title!(archive::ar_namespace, archive::ar_title, titles));
            }
            if let Some(ids) = &filter.revisions {
                query = query.filter(archive::ar_rev_id.in_list(ids.clone()));
            }
            if let Some(namespaces) = &filter.namespaces {
                query = query.filter(archive::ar_namespace.in_list(namespaces.clone()));
            }
            let (low, high) = if filter.ascending { (&filter.from, &filter.to) } else { (&filter.to, &filter.from) };
            if let Some(low) = low {
                query = query.filter(archive::ar_title.ge(low.clone()));
            }
            if let Some(high) = high {
                query = query.filter(archive::ar_title.le(high.clone()));
            }
            if let Some(prefix) = &filter.prefix {
                query = query.filter(archive::ar_title.ge(prefix.clone()));
                if let Some(end) = &prefix_end {
                    query = query.filter(archive::ar_title.lt(end.clone()));
                }
            }
            let (low, high) =
                if filter.ascending { (&filter.start, &filter.end) } else { (&filter.end, &filter.start) };
            if let Some(low) = low {
                query = query.filter(archive::ar_timestamp.ge(low.clone()));
            }
            if let Some(high) = high {
                query = query.filter(archive::ar_timestamp.le(high.clone()));
            }
            if let Some((name, exclude)) = &filter.actor {
                query = if *exclude {
                    query.filter(actor::actor_name.ne(name.clone()))
                } else {
                    query.filter(actor::actor_name.eq(name.clone()))
                };
            }
            if filter.hidden_bits != 0 {
                let bits = filter.hidden_bits;
                query = query.filter(BitAnd::new(archive::ar_deleted, bits.into_sql::<Integer>()).ne(bits));
            }
            if let Some(Some(tag)) = filter.tag {
                let tagged = change_tag::table.select(change_tag::ct_rev_id).filter(change_tag::ct_tag_id.eq(tag));
                query = query.filter(archive::ar_rev_id.nullable().eq_any(tagged));
            }
            match &filter.continue_from {
                Some(ArchiveContinue::Title(ns, title, ts, id)) => {
                    query = query.filter(keyset!(filter.ascending;
                        archive::ar_namespace => *ns,
                        archive::ar_title => title.clone(),
                        archive::ar_timestamp => ts.clone(),
                        archive::ar_id => *id));
                }
                Some(ArchiveContinue::Time(ts, id)) => {
                    query = query
                        .filter(keyset!(filter.ascending; archive::ar_timestamp => ts.clone(), archive::ar_id => *id));
                }
                Some(ArchiveContinue::Revision(rev, id)) => {
                    query = query.filter(keyset!(filter.ascending; archive::ar_rev_id => *rev, archive::ar_id => *id));
                }
                None => {}
            }
            query = match (filter.order, filter.ascending) {
                (ArchiveOrder::Revision, true) => query.order((archive::ar_rev_id.asc(), archive::ar_id.asc())),
                (ArchiveOrder::Revision, false) => query.order((archive::ar_rev_id.desc(), archive::ar_id.desc())),
                (ArchiveOrder::Title, true) => query.order((
                    archive::ar_namespace.asc(),
                    archive::ar_title.asc(),
                    archive::ar_timestamp.asc(),
                    archive::ar_id.asc(),
                )),
                (ArchiveOrder::Title, false) => query.order((
                    archive::ar_namespace.desc(),
                    archive::ar_title.desc(),
                    archive::ar_timestamp.desc(),
                    archive::ar_id.desc(),
                )),
                (ArchiveOrder::Time, true) => query.order((archive::ar_timestamp.asc(), archive::ar_id.asc())),
                (ArchiveOrder::Time, false) => query.order((archive::ar_timestamp.desc(), archive::ar_id.desc())),
            };
            query.limit(filter.limit).load(c)
        })?;
        Ok(rows
            .into_iter()
            .map(|t| ArchiveRow {
                ar_id: t.0,
                namespace: t.1,
                title: t.2,
                revision: RevisionRow {
                    id: t.3,
                    page: t.4.unwrap_or(0),
                    parent: t.5,
                    timestamp: t.6,
                    minor: t.7,
                    deleted: t.8,
                    len: t.9,
                    sha1: t.10,
                    actor_name: t.11,
                    actor_user: t.12,
                    comment_id: t.13,
                    temp_comment_id: None,
                },
            })
            .collect())
    }
}

impl<C: AsAnyConnection> Reader<C> {
    /// (revision id, namespace, database key) of the deleted revisions among `revids`.
    pub fn deleted_revision_titles(&mut self, revids: &[i64]) -> Result<Vec<(i64, i32, String)>, StoreError> {
        let conn = self.conn();
        let rows: Vec<(i64, i32, String)> = with_conn!(conn, |c| archive::table
            .select((archive::ar_rev_id, archive::ar_namespace, archive::ar_title))
            .filter(archive::ar_rev_id.in_list(revids))
            .load(c))?;
        Ok(rows)
    }
}
