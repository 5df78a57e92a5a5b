//! Uploads: `image` for the newest version of a file, `oldimage` for the others.

use std::collections::BTreeMap;

use diesel::prelude::*;
use wikiquery_store::schema::{image, oldimage};
use wikiquery_store::with_conn;

use super::importer::Importer;
use super::pending::ActorKey;
use super::pending::{PageState, PendingUpload};
use super::rows::{insert_rows, ImageRow, OldImageRow, IN_CHUNK};
use super::Fail;
use crate::dump::Upload;

impl<'c> Importer<'c> {
    pub(super) fn queue_uploads(&mut self, page: &PageState) {
        if page.uploads.is_empty() {
            return;
        }
        // The newest version is the current file; the others are archived under the name
        // MediaWiki gives them (`<time it was replaced>!<name>`).
        let mut versions: Vec<&Upload> = page.uploads.iter().collect();
        versions.sort_by_key(|u| u.timestamp);
        let mut by_name: BTreeMap<&str, Vec<&Upload>> = BTreeMap::new();
        for upload in versions {
            by_name.entry(upload.filename.as_str()).or_default().push(upload);
        }
        for (name, versions) in by_name {
            let name = name.replace(' ', "_");
            let newest = versions.len() - 1;
            for (i, upload) in versions.iter().enumerate() {
                let archive_name = if i == newest {
                    None
                } else {
                    Some(
                        upload
                            .archivename
                            .clone()
                            .unwrap_or_else(|| format!("{}!{}", versions[i + 1].timestamp.as_str(), name)),
                    )
                };
                let mut deleted = 0;
                if upload.contributor.is_deleted() {
                    deleted |= 4;
                }
                if archive_name.is_none() {
                    self.page_cache.borrow_mut().files.insert(name.clone(), true);
                }
                self.pending.uploads.push(PendingUpload {
                    name: name.clone(),
                    archive_name,
                    size: i64::try_from(upload.size).unwrap_or(i64::MAX),
                    sha1: upload.sha1base36.clone().unwrap_or_default(),
                    timestamp: upload.timestamp.as_str().to_owned(),
                    actor: ActorKey::of(&upload.contributor),
                    comment: upload.comment.clone().unwrap_or_default(),
                    deleted,
                });
            }
        }
    }

    pub(super) fn write_uploads(&mut self, uploads: Vec<PendingUpload>) -> Result<(), Fail> {
        if uploads.is_empty() {
            return Ok(());
        }
        let mut images = Vec::new();
        let mut old_images = Vec::new();
        for u in uploads {
            let (major, minor, media) = guess_mime(&u.name);
            let actor = self.actor_id(&u.actor)?;
            let description = self.comment_id(&u.comment)?;
            match u.archive_name {
                None => images.push(ImageRow {
                    img_name: u.name,
                    img_size: u.size,
                    img_width: 0,
                    img_height: 0,
                    img_metadata: Vec::new(),
                    img_bits: 0,
                    img_media_type: Some(media.to_owned()),
                    img_major_mime: major.to_owned(),
                    img_minor_mime: minor.to_owned(),
                    img_description_id: description,
                    img_actor: actor,
                    img_timestamp: u.timestamp,
                    img_sha1: u.sha1,
                }),
                Some(archive_name) => old_images.push(OldImageRow {
                    oi_name: u.name,
                    oi_archive_name: archive_name,
                    oi_size: u.size,
                    oi_width: 0,
                    oi_height: 0,
                    oi_bits: 0,
                    oi_description_id: description,
                    oi_actor: actor,
                    oi_timestamp: u.timestamp,
                    oi_metadata: Vec::new(),
                    oi_media_type: Some(media.to_owned()),
                    oi_major_mime: major.to_owned(),
                    oi_minor_mime: minor.to_owned(),
                    oi_deleted: u.deleted,
                    oi_sha1: u.sha1,
                }),
            }
        }
        // Replace the versions the dump describes; other archived versions stay.
        let conn = &mut *self.conn;
        let names: Vec<String> = images.iter().map(|i| i.img_name.clone()).collect();
        for chunk in names.chunks(IN_CHUNK) {
            with_conn!(&mut *conn, |c| diesel::delete(image::table.filter(image::img_name.eq_any(chunk))).execute(c))?;
        }
        for old in &old_images {
            with_conn!(&mut *conn, |c| diesel::delete(
                oldimage::table
                    .filter(oldimage::oi_name.eq(&old.oi_name))
                    .filter(oldimage::oi_archive_name.eq(&old.oi_archive_name))
            )
            .execute(c))?;
        }
        insert_rows!(&mut *conn, image::table, &images, 13);
        insert_rows!(&mut *conn, oldimage::table, &old_images, 15);
        self.report.uploads += (images.len() + old_images.len()) as u64;
        Ok(())
    }
}

/// MIME type and media type of a file, guessed from its extension (a dump carries neither,
/// and the files themselves may be absent).
fn guess_mime(name: &str) -> (&'static str, &'static str, &'static str) {
    let extension = name.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase()).unwrap_or_default();
    match extension.as_str() {
        "png" => ("image", "png", "BITMAP"),
        "jpg" | "jpeg" | "jpe" => ("image", "jpeg", "BITMAP"),
        "gif" => ("image", "gif", "BITMAP"),
        "webp" => ("image", "webp", "BITMAP"),
        "bmp" => ("image", "bmp", "BITMAP"),
        "tif" | "tiff" => ("image", "tiff", "BITMAP"),
        "xcf" => ("image", "x-xcf", "BITMAP"),
        "djvu" | "djv" => ("image", "vnd.djvu", "BITMAP"),
        "svg" => ("image", "svg+xml", "DRAWING"),
        "pdf" => ("application", "pdf", "OFFICE"),
        "txt" => ("text", "plain", "TEXT"),
        "ogg" | "oga" => ("application", "ogg", "AUDIO"),
        "opus" => ("audio", "ogg", "AUDIO"),
        "mp3" => ("audio", "mpeg", "AUDIO"),
        "wav" => ("audio", "wav", "AUDIO"),
        "flac" => ("audio", "flac", "AUDIO"),
        "mid" | "midi" => ("audio", "midi", "AUDIO"),
        "ogv" => ("video", "ogg", "VIDEO"),
        "webm" => ("video", "webm", "VIDEO"),
        "mp4" => ("video", "mp4", "VIDEO"),
        "mpg" | "mpeg" => ("video", "mpeg", "VIDEO"),
        "stl" => ("application", "sla", "DRAWING"),
        _ => ("unknown", "unknown", "UNKNOWN"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mime_types_come_from_extensions() {
        assert_eq!(guess_mime("Example.png"), ("image", "png", "BITMAP"));
        assert_eq!(guess_mime("Diagram.SVG"), ("image", "svg+xml", "DRAWING"));
        assert_eq!(guess_mime("Notes.txt"), ("text", "plain", "TEXT"));
        assert_eq!(guess_mime("README"), ("unknown", "unknown", "UNKNOWN"));
    }
}
