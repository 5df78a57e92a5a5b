//! `list=filearchive`: deleted files, from the file archive.

use serde_json::{json, Map, Value};
use wikiquery_domain::revision::{
    sha1_hex, Visibility, DELETED_COMMENT, DELETED_RESTRICTED, DELETED_TEXT, DELETED_USER,
};
use wikiquery_domain::timestamp::Timestamp;
use wikiquery_domain::title::{full_text, NS_FILE};
use wikiquery_runtime::{query_module, ApiError, Limit, ParamValues, QueryContext, QueryModule, ValueSet};
use wikiquery_runtime::{Continue, ExactInt};
use wikiquery_store::queries::files::FileArchiveFilter;

use crate::shared::comments::{parsed_comments, CommentOf};
use crate::shared::files::{metadata, sha1_param};
use crate::storage;

use crate::values::SortDir;
use crate::wiki::WikiContext;

/// What to return of each archived file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum FileArchiveProp {
    /// The storage name of an old version of the file, for versions that were not the latest
    /// when deleted.
    Archivename,
    /// The file's bit depth.
    Bitdepth,
    /// The upload summary of the version. Needs the `deletedhistory` right.
    Description,
    /// The same as `size`.
    Dimensions,
    /// The kind of media, such as `BITMAP` or `DRAWING`.
    Mediatype,
    /// The metadata stored with the file (such as Exif data). Needs the `deletedtext` or
    /// `undelete` right.
    Metadata,
    /// The file's MIME type.
    Mime,
    /// The upload summary rendered as HTML. Needs the `deletedhistory` right.
    Parseddescription,
    /// The SHA-1 hash of the file's content, in hexadecimal.
    Sha1,
    /// The file's size in bytes, with its width and height in pixels.
    Size,
    /// When the version was uploaded.
    Timestamp,
    /// The name and id of the user who uploaded the version.
    User,
}

/// Lists deleted files and deleted versions of files, by file name.
///
/// Parts of a version that were hidden (its content, summary or uploader) are left out for
/// callers without the rights to see them, and flagged instead.
#[query_module(
    name = "filearchive",
    group = "list",
    prefix = "fa",
    xml = "fa",
    readrights,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Filearchive",
    example(query = "action=query&list=filearchive", text = "List the first deleted files."),
    example(
        query = "action=query&list=filearchive&faprop=sha1|size|mime|user|timestamp&falimit=20",
        text = "List up to 20 deleted files with their hash, size, type, uploader and upload time."
    ),
    example(
        query = "action=query&list=filearchive&faprefix=Ob&fadir=descending",
        text = "List the deleted files whose names start with Ob, in reverse name order."
    )
)]
pub struct FileArchive {
    /// The file name to start listing at (without the `File:` prefix).
    pub from: Option<String>,
    /// The file name to stop listing at (without the `File:` prefix).
    pub to: Option<String>,
    /// Only list files whose names begin with this text (without the `File:` prefix).
    pub prefix: Option<String>,
    /// The direction to list in.
    #[param(default = "ascending")]
    pub dir: SortDir,
    /// Only list file versions with this SHA-1 hash, given as 40 hexadecimal digits.
    pub sha1: Option<String>,
    /// Only list file versions with this SHA-1 hash, given in base 36 (31 characters). Ignored
    /// when `fasha1` is given.
    pub sha1base36: Option<String>,
    /// Which pieces of information to return for each file version.
    #[param(default = "timestamp")]
    pub prop: Vec<FileArchiveProp>,
    /// How many file versions to return.
    #[param(default = 10)]
    pub limit: Limit,
    /// When more results are available, use this to continue.
    #[param(rename = "continue")]
    // `<name>|<timestamp>|<id>`.
    pub continue_: Option<Continue<(String, Timestamp, ExactInt)>>,
}

/// A file's own bit of `fa_deleted`: its content is hidden.
const DELETED_FILE: i32 = DELETED_TEXT;

impl QueryModule for FileArchive {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let set = ValueSet::of(&self.prop);
        let has = |p: FileArchiveProp| set.has(p);
        let rights = ctx.state.rights.clone();
        let description = has(FileArchiveProp::Description) || has(FileArchiveProp::Parseddescription);
        if description && !rights.has("deletedhistory") {
            return Err(ApiError::new(
                "permissiondenied",
                "You don't have permission to view descriptions of deleted files.",
            ));
        }
        if has(FileArchiveProp::Metadata) && !rights.has_any(&["deletedtext", "undelete"]) {
            return Err(ApiError::new(
                "permissiondenied",
                "You don't have permission to view metadata of deleted files.",
            ));
        }
        let after = match &self.continue_ {
            Some(cont) => {
                let (name, time, ExactInt(id)) = cont.read()?;
                Some((name, time.to_mw(), id))
            }
            None => None,
        };
        let site = ctx.site()?;
        let sha1 = sha1_param(self.sha1.as_deref(), self.sha1base36.as_deref())?.map(|sha1| {
            // Versions whose content the caller may not see are not found by their hash.
            let mask = if !rights.has("deletedtext") {
                DELETED_FILE
            } else if !rights.has_any(&["suppressrevision", "viewsuppressed"]) {
                DELETED_FILE | DELETED_RESTRICTED
            } else {
                0
            };
            (sha1, mask)
        });
        let limit = self.limit.get() as usize;
        let filter = FileArchiveFilter {
            descending: self.dir == SortDir::Descending,
            from: storage::title_part(site, self.from.as_deref(), NS_FILE)?,
            to: storage::title_part(site, self.to.as_deref(), NS_FILE)?,
            prefix: storage::title_part(site, self.prefix.as_deref(), NS_FILE)?,
            after,
            sha1,
            limit: limit as i64 + 1,
        };
        let mut reader = ctx.reader()?;
        let mut rows = reader.file_archive(&filter)?;
        let next = if rows.len() > limit { rows.drain(limit..).next() } else { None };
        let mut comment_ids: Vec<i64> =
            if description { rows.iter().map(|r| r.comment_id).collect() } else { Vec::new() };
        comment_ids.sort_unstable();
        comment_ids.dedup();
        let comments = if comment_ids.is_empty() { Default::default() } else { reader.comments(&comment_ids)? };
        let parsed = if has(FileArchiveProp::Parseddescription) {
            let of: Vec<CommentOf<'_, i64>> = rows
                .iter()
                .filter_map(|r| {
                    comments.get(&r.comment_id).map(|text| CommentOf { key: r.id, text, ns: NS_FILE, dbkey: &r.name })
                })
                .collect();
            parsed_comments(&mut reader, site, &of)?
        } else {
            Default::default()
        };
        drop(reader);
        let visibility = Visibility::of(&rights);
        let can = |deleted: i32, field: i32| visibility.check(deleted, field).1;
        // MediaWiki hands these columns on as the database gave them: text.
        let text = |v: Option<String>| v.map_or(Value::Null, Value::String);
        let number = |v: Option<i64>| v.map_or(Value::Null, |n| json!(n.to_string()));
        ctx.ensure_list();
        for row in &rows {
            let can_view_file = can(row.deleted, DELETED_FILE);
            let mut file = Map::new();
            file.insert("id".into(), json!(row.id));
            file.insert("name".into(), json!(row.name));
            file.insert("ns".into(), json!(NS_FILE));
            file.insert("title".into(), json!(full_text(NS_FILE, &row.name, site.namespaces())));
            if description && can(row.deleted, DELETED_COMMENT) {
                let text = comments.get(&row.comment_id).cloned().unwrap_or_default();
                if has(FileArchiveProp::Parseddescription) {
                    file.insert("parseddescription".into(), json!(parsed.get(&row.id).cloned().unwrap_or_default()));
                }
                file.insert("description".into(), json!(text));
            }
            if has(FileArchiveProp::User) && can(row.deleted, DELETED_USER) {
                file.insert("userid".into(), json!(row.actor_user.unwrap_or(0)));
                file.insert("user".into(), json!(row.actor_name));
            }
            if has(FileArchiveProp::Sha1) && can_view_file {
                file.insert("sha1".into(), json!(sha1_hex(&row.sha1)));
            }
            if has(FileArchiveProp::Timestamp) {
                let iso = row.timestamp.as_deref().and_then(Timestamp::iso_of_stored).map(|t| t.as_str().to_owned());
                file.insert("timestamp".into(), json!(iso));
            }
            if (has(FileArchiveProp::Size) || has(FileArchiveProp::Dimensions)) && can_view_file {
                file.insert("size".into(), number(row.size));
                file.insert("height".into(), number(row.height.map(i64::from)));
                file.insert("width".into(), number(row.width.map(i64::from)));
            }
            if has(FileArchiveProp::Mediatype) && can_view_file {
                file.insert("mediatype".into(), text(row.media_type.clone()));
            }
            if has(FileArchiveProp::Metadata) && can_view_file {
                let stored = row.metadata.as_deref().unwrap_or_default();
                file.insert("metadata".into(), if stored.is_empty() { Value::Null } else { metadata(stored) });
            }
            if has(FileArchiveProp::Bitdepth) && can_view_file {
                file.insert("bitdepth".into(), number(row.bits.map(i64::from)));
            }
            if has(FileArchiveProp::Mime) && can_view_file {
                let mime = format!(
                    "{}/{}",
                    row.major_mime.as_deref().unwrap_or_default(),
                    row.minor_mime.as_deref().unwrap_or_default()
                );
                file.insert("mime".into(), json!(mime));
            }
            if has(FileArchiveProp::Archivename) {
                if let Some(archive) = &row.archive_name {
                    file.insert("archivename".into(), json!(archive));
                }
            }
            for (bit, key) in [
                (DELETED_FILE, "filehidden"),
                (DELETED_COMMENT, "commenthidden"),
                (DELETED_USER, "userhidden"),
                (DELETED_RESTRICTED, "suppressed"),
            ] {
                if row.deleted & bit != 0 {
                    file.insert(key.into(), json!(true));
                }
            }
            ctx.push_item(Value::Object(file));
        }
        if let Some(next) = next {
            ctx.set_continue((&next.name, next.timestamp.unwrap_or_default(), &next.id));
        }
        Ok(())
    }
}
