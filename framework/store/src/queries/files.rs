//! Uploaded files: their current versions (`image`), earlier versions (`oldimage`), each with
//! its uploader's name from `actor`.
//!
//! The current versions are listed in name order (the primary key) or in upload-time order
//! (the `img_timestamp` index); a file's history in upload-time order, newest first (the
//! `oi_name_timestamp` index).

use diesel::prelude::*;

use crate::backend::{AsAnyConnection, StoreError};
use crate::queries::sql::{InListExt, UnindexedExt};
use crate::reader::Reader;
use crate::schema::{actor, image, oldimage, user_groups};
use crate::with_conn;

/// One version of a file: the current one (`archive_name` `None`) or an earlier one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileVersion {
    /// The file's name (its title's database key in the File namespace).
    pub name: String,
    /// The name the earlier version is kept under (`oi_archive_name`); `None` for the current
    /// version.
    pub archive_name: Option<String>,
    pub size: i64,
    pub width: i32,
    pub height: i32,
    pub bits: i32,
    /// MediaWiki's serialised metadata (JSON or PHP), as stored.
    pub metadata: Vec<u8>,
    pub media_type: Option<String>,
    pub major_mime: String,
    pub minor_mime: String,
    /// The upload comment's id in `comment`.
    pub comment_id: i64,
    /// The uploader's name and user id (`None` for an address).
    pub actor_name: String,
    pub actor_user: Option<i64>,
    /// `YYYYMMDDHHMMSS`.
    pub timestamp: String,
    /// The content's SHA-1 in base 36, as stored.
    pub sha1: String,
    /// `oi_deleted` bits (0 for a current version).
    pub deleted: i32,
}

type CurrentRow =
    (String, i64, i32, i32, i32, Vec<u8>, Option<String>, String, String, i64, String, Option<i64>, String, String);

macro_rules! current_columns {
    () => {
        (
            image::img_name,
            image::img_size,
            image::img_width,
            image::img_height,
            image::img_bits,
            image::img_metadata,
            image::img_media_type,
            image::img_major_mime,
            image::img_minor_mime,
            image::img_description_id,
            actor::actor_name,
            actor::actor_user,
            image::img_timestamp,
            image::img_sha1,
        )
    };
}

/// A current version's row as a version.
fn current(row: CurrentRow) -> FileVersion {
    version(row, None, 0)
}

/// A row in the columns of a current version, with an earlier version's archive name and
/// deleted bits, as a version.
fn version(
    (
        name,
        size,
        width,
        height,
        bits,
        metadata,
        media_type,
        major,
        minor,
        comment,
        actor_name,
        actor_user,
        timestamp,
        sha1,
    ): CurrentRow,
    archive_name: Option<String>,
    deleted: i32,
) -> FileVersion {
    FileVersion {
        name,
        archive_name,
        size,
        width,
        height,
        bits,
        metadata,
        media_type,
        major_mime: major,
        minor_mime: minor,
        comment_id: comment,
        actor_name,
        actor_user,
        timestamp,
        sha1,
        deleted,
    }
}

/// The order [`Reader::all_files`] lists in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileOrder {
    /// By name, from `from` to `to` (inclusive, in the direction of listing), from where a
    /// previous batch stopped (`resume`, inclusive).
    Name { from: Option<String>, to: Option<String>, prefix: Option<String>, resume: Option<String> },
    /// By upload time, then name; from `start` to `end` (inclusive), after the
    /// (timestamp, name) a previous batch stopped at.
    Timestamp { start: Option<String>, end: Option<String>, after: Option<(String, String)> },
}

/// What [`Reader::all_files`] selects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AllFilesFilter {
    pub order: FileOrder,
    /// Largest first / newest first.
    pub descending: bool,
    pub min_size: Option<i64>,
    pub max_size: Option<i64>,
    /// Only files of this content hash (base 36).
    pub sha1: Option<String>,
    /// Only files the current version of which this user (a name) uploaded.
    pub uploader: Option<String>,
    /// Only uploads by users who are (`true`) or are not (`false`) members, unexpired at the
    /// time given (`YYYYMMDDHHMMSS`), of one of the groups given (those with the `bot` right).
    pub bots: Option<(bool, Vec<String>, String)>,
    /// Only files of these (major, minor) types.
    pub mimes: Vec<(String, String)>,
    pub limit: i64,
}

impl<C: AsAnyConnection> Reader<C> {
    /// The current versions of the files among `names`, in name order.
    pub fn current_files(&mut self, names: &[String]) -> Result<Vec<FileVersion>, StoreError> {
        let conn = self.conn();
        let mut out = Vec::new();
        for chunk in names.chunks(crate::queries::IN_LIST_MAX) {
            let rows: Vec<CurrentRow> = with_conn!(conn, |c| image::table
                .inner_join(actor::table)
                .select(current_columns!())
                .filter(image::img_name.in_list(chunk))
                .order(image::img_name)
                .load(c))?;
            out.extend(rows.into_iter().map(current));
        }
        out.sort_by(|a, b| a.name.cmp(&b.name));
        Ok(out)
    }

    /// The current versions of the files whose content has one of these hashes (base 36), in
    /// name order.
    pub fn files_by_sha1(&mut self, sha1s: &[String]) -> Result<Vec<FileVersion>, StoreError> {
        let conn = self.conn();
        let rows: Vec<CurrentRow> = with_conn!(conn, |c| image::table
            .inner_join(actor::table)
            .select(current_columns!())
            .filter(image::img_sha1.in_list(sha1s))
            .order(image::img_name)
            .load(c))?;
        Ok(rows.into_iter().map(current).collect())
    }

    /// The earlier versions of file `name`, newest first, uploaded at or before `start` and at
    /// or after `end` (`YYYYMMDDHHMMSS`), at most `limit`.
    pub fn file_history(
        &mut self,
        name: &str,
        start: Option<&str>,
        end: Option<&str>,
        limit: i64,
    ) -> Result<Vec<FileVersion>, StoreError> {
        let conn = self.conn();
        let rows = with_conn!(conn, |c| {
            let mut q = oldimage::table
                .inner_join(actor::table)
                .select((
                    (
                        oldimage::oi_name,
                        oldimage::oi_size,
                        oldimage::oi_width,
                        oldimage::oi_height,
                        oldimage::oi_bits,
                        oldimage::oi_metadata,
                        oldimage::oi_media_type,
                        oldimage::oi_major_mime,
                        oldimage::oi_minor_mime,
                        oldimage::oi_description_id,
                        actor::actor_name,
                        actor::actor_user,
                        oldimage::oi_timestamp,
                        oldimage::oi_sha1,
                    ),
                    oldimage::oi_archive_name,
                    oldimage::oi_deleted,
                ))
                .filter(oldimage::oi_name.eq(name))
                .into_boxed();
            if let Some(start) = start {
                q = q.filter(oldimage::oi_timestamp.le(start));
            }
            if let Some(end) = end {
                q = q.filter(oldimage::oi_timestamp.ge(end));
            }
            q.order((oldimage::oi_timestamp.desc(), oldimage::oi_archive_name.desc())).limit(limit).load::<(
                CurrentRow,
                String,
                i32,
            )>(c)
        })?;
        Ok(rows.into_iter().map(|(row, archive, deleted)| version(row, Some(archive), deleted)).collect())
    }

    /// The current versions of files a filter selects, in its order, at most `filter.limit`.
    pub fn all_files(&mut self, filter: &AllFilesFilter) -> Result<Vec<FileVersion>, StoreError> {
        let conn = self.conn();
        let rows: Vec<CurrentRow> = with_conn!(conn, |c| {
            let mut q = image::table.inner_join(actor::table).select(current_columns!()).into_boxed();
            let desc = filter.descending;
            match &filter.order {
                FileOrder::Name { from, to, prefix, resume } => {
                    if let Some(resume) = resume {
                        q = if desc {
                            q.filter(image::img_name.le(resume))
                        } else {
                            q.filter(image::img_name.ge(resume))
                        };
                    }
                    if let Some(from) = from {
                        q = if desc { q.filter(image::img_name.le(from)) } else { q.filter(image::img_name.ge(from)) };
                    }
                    if let Some(to) = to {
                        q = if desc { q.filter(image::img_name.ge(to)) } else { q.filter(image::img_name.le(to)) };
                    }
                    if let Some(prefix) = prefix {
                        q = q.filter(image::img_name.ge(prefix));
                        if let Some(bound) = crate::queries::prefix_upper_bound(prefix) {
                            q = q.filter(image::img_name.lt(bound));
                        }
                    }
                    q = if desc { q.order(image::img_name.desc()) } else { q.order(image::img_name) };
                }
                FileOrder::Timestamp { start, end, after } => {
                    if let Some(start) = start {
                        q = if desc {
                            q.filter(image::img_timestamp.le(start))
                        } else {
                            q.filter(image::img_timestamp.ge(start))
                        };
                    }
                    if let Some(end) = end {
                        q = if desc {
                            q.filter(image::img_timestamp.ge(end))
                        } else {
                            q.filter(image::img_timestamp.le(end))
                        };
                    }
                    if let Some((ts, name)) = after {
                        q = q.filter(keyset!(!desc; image::img_timestamp => ts, image::img_name => name));
                    }
                    q = if desc {
                        q.order((image::img_timestamp.desc(), image::img_name.desc()))
                    } else {
                        q.order((image::img_timestamp, image::img_name))
                    };
                }
            }
            // Sizes are filtered as the files are walked in the listing's order, not read by
            // size and all sorted.
            if let Some(min) = filter.min_size {
                q = q.filter(image::img_size.unindexed().ge(min));
            }
            if let Some(max) = filter.max_size {
                q = q.filter(image::img_size.unindexed().le(max));
            }
            if let Some(sha1) = &filter.sha1 {
                q = q.filter(image::img_sha1.eq(sha1));
            }
            if let Some(name) = &filter.uploader {
                q = q.filter(actor::actor_name.eq(name));
            }
            if let Some((bots, groups, now)) = &filter.bots {
                let bots = *bots;
                let in_bot_group = user_groups::table
                    .select(user_groups::ug_user)
                    .filter(user_groups::ug_group.eq_any(groups.clone()))
                    .filter(user_groups::ug_expiry.is_null().or(user_groups::ug_expiry.ge(now.clone())));
                q = if bots {
                    q.filter(actor::actor_user.assume_not_null().eq_any(in_bot_group))
                } else {
                    q.filter(actor::actor_user.is_null().or(actor::actor_user.assume_not_null().ne_all(in_bot_group)))
                };
            }
            if !filter.mimes.is_empty() {
                let mut any: Option<Box<dyn BoxableExpression<_, _, SqlType = diesel::sql_types::Bool>>> = None;
                for (major, minor) in &filter.mimes {
                    let term: Box<dyn BoxableExpression<_, _, SqlType = diesel::sql_types::Bool>> =
                        Box::new(image::img_major_mime.eq(major.clone()).and(image::img_minor_mime.eq(minor.clone())));
                    any = Some(match any {
                        None => term,
                        Some(before) => Box::new(before.or(term)),
                    });
                }
                if let Some(any) = any {
                    q = q.filter(any);
                }
            }
            q.limit(filter.limit).load(c)
        })?;
        Ok(rows.into_iter().map(current).collect())
    }
}

/// A deleted file version (`filearchive`), with its uploader's name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArchivedFile {
    pub id: i64,
    pub name: String,
    pub archive_name: Option<String>,
    pub size: Option<i64>,
    pub width: Option<i32>,
    pub height: Option<i32>,
    pub metadata: Option<Vec<u8>>,
    pub bits: Option<i32>,
    pub media_type: Option<String>,
    pub major_mime: Option<String>,
    pub minor_mime: Option<String>,
    /// The upload comment's id in `comment`.
    pub comment_id: i64,
    pub actor_name: String,
    pub actor_user: Option<i64>,
    pub timestamp: Option<String>,
    /// `fa_deleted` bits.
    pub deleted: i32,
    /// The content's SHA-1 in base 36.
    pub sha1: String,
}

/// What [`Reader::file_archive`] selects: deleted file versions in (name, timestamp, id)
/// order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FileArchiveFilter {
    pub descending: bool,
    /// Names from, to (inclusive, in the direction of listing), starting with.
    pub from: Option<String>,
    pub to: Option<String>,
    pub prefix: Option<String>,
    /// Where a previous batch stopped: (name, timestamp, id), and after them.
    pub after: Option<(String, String, i64)>,
    /// Only versions of this content hash (base 36) whose `fa_deleted` bits do not include all
    /// of the mask given (the parts the caller may not see).
    pub sha1: Option<(String, i32)>,
    pub limit: i64,
}

impl<C: AsAnyConnection> Reader<C> {
    /// The deleted file versions a filter selects, in its order, at most `filter.limit`.
    pub fn file_archive(&mut self, filter: &FileArchiveFilter) -> Result<Vec<ArchivedFile>, StoreError> {
        use crate::queries::BitAnd;
        use crate::schema::filearchive as fa;
        use diesel::sql_types::Integer;
        let conn = self.conn();
        let rows = with_conn!(conn, |c| {
            let mut q = fa::table
                .inner_join(actor::table.on(actor::actor_id.eq(fa::fa_actor)))
                .select((
                    (fa::fa_id, fa::fa_name, fa::fa_archive_name, fa::fa_size, fa::fa_width, fa::fa_height),
                    (fa::fa_metadata, fa::fa_bits, fa::fa_media_type, fa::fa_major_mime, fa::fa_minor_mime),
                    (fa::fa_description_id, actor::actor_name, actor::actor_user, fa::fa_timestamp, fa::fa_deleted),
                    fa::fa_sha1,
                ))
                .into_boxed();
            let desc = filter.descending;
            if let Some(from) = &filter.from {
                q = if desc { q.filter(fa::fa_name.le(from)) } else { q.filter(fa::fa_name.ge(from)) };
            }
            if let Some(to) = &filter.to {
                q = if desc { q.filter(fa::fa_name.ge(to)) } else { q.filter(fa::fa_name.le(to)) };
            }
            if let Some(prefix) = &filter.prefix {
                q = q.filter(fa::fa_name.ge(prefix));
                if let Some(bound) = crate::queries::prefix_upper_bound(prefix) {
                    q = q.filter(fa::fa_name.lt(bound));
                }
            }
            if let Some((name, ts, id)) = &filter.after {
                // `fa_timestamp` may be NULL, which no key is equal to, before or after: the SQL is the same.
                let stamp = fa::fa_timestamp.assume_not_null();
                q = q.filter(keyset!(!desc; fa::fa_name => name.clone(), stamp => ts.clone(), fa::fa_id => *id));
            }
            if let Some((sha1, mask)) = &filter.sha1 {
                q = q.filter(fa::fa_sha1.eq(sha1.clone()));
                if *mask != 0 {
                    q = q.filter(BitAnd::new(fa::fa_deleted, mask.into_sql::<Integer>()).ne(*mask));
                }
            }
            q = if desc {
                q.order((fa::fa_name.desc(), fa::fa_timestamp.desc(), fa::fa_id.desc()))
            } else {
                q.order((fa::fa_name, fa::fa_timestamp, fa::fa_id))
            };
            #[allow(clippy::type_complexity)]
            let rows: Vec<(
                (i64, String, Option<String>, Option<i64>, Option<i32>, Option<i32>),
                (Option<Vec<u8>>, Option<i32>, Option<String>, Option<String>, Option<String>),
                (i64, String, Option<i64>, Option<String>, i32),
                String,
            )> = q.limit(filter.limit).load(c)?;
            Ok::<_, diesel::result::Error>(rows)
        })?;
        Ok(rows
            .into_iter()
            .map(
                |(
                    (id, name, archive_name, size, width, height),
                    (metadata, bits, media_type, major_mime, minor_mime),
                    (comment_id, actor_name, actor_user, timestamp, deleted),
                    sha1,
                )| ArchivedFile {
                    id,
                    name,
                    archive_name,
                    size,
                    width,
                    height,
                    metadata,
                    bits,
                    media_type,
                    major_mime,
                    minor_mime,
                    comment_id,
                    actor_name,
                    actor_user,
                    timestamp,
                    deleted,
                    sha1,
                },
            )
            .collect())
    }
}
