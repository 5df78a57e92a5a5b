//! The upload stash (`uploadstash`): files a user uploaded but has not published yet, each
//! under a key, listed by the stash's own id (`us_id`).

use diesel::prelude::*;

use crate::backend::StoreError;
use crate::reader::Reader;
use crate::schema::uploadstash;
use crate::with_conn;

/// One stashed file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StashedFile {
    pub id: i64,
    /// Its owner's user id.
    pub user: i64,
    pub key: String,
    /// Where the stash keeps it (a file-backend path).
    pub path: String,
    /// `finished` or the state of a chunked upload.
    pub status: String,
    pub size: i64,
    pub width: Option<i32>,
    pub height: Option<i32>,
    pub bits: Option<i32>,
    pub mime: Option<String>,
    pub media_type: Option<String>,
}

type Row =
    (i64, i64, String, String, String, i64, Option<i32>, Option<i32>, Option<i32>, Option<String>, Option<String>);

macro_rules! columns {
    () => {
        (
            uploadstash::us_id,
            uploadstash::us_user,
            uploadstash::us_key,
            uploadstash::us_path,
            uploadstash::us_status,
            uploadstash::us_size,
            uploadstash::us_image_width,
            uploadstash::us_image_height,
            uploadstash::us_image_bits,
            uploadstash::us_mime,
            uploadstash::us_media_type,
        )
    };
}

fn stashed((id, user, key, path, status, size, width, height, bits, mime, media_type): Row) -> StashedFile {
    StashedFile { id, user, key, path, status, size, width, height, bits, mime, media_type }
}

impl Reader {
    /// A user's stashed files from stash id `from` on (inclusive), in id order, at most
    /// `limit`.
    pub fn stashed_files(&mut self, user: i64, from: Option<i64>, limit: i64) -> Result<Vec<StashedFile>, StoreError> {
        let conn = self.conn();
        let rows = with_conn!(conn, |c| {
            let mut q = uploadstash::table.select(columns!()).filter(uploadstash::us_user.eq(user)).into_boxed();
            if let Some(from) = from {
                q = q.filter(uploadstash::us_id.ge(from));
            }
            q.order(uploadstash::us_id.asc()).limit(limit).load::<Row>(c)
        })?;
        Ok(rows.into_iter().map(stashed).collect())
    }

    /// The stashed file under `key`, whoever owns it.
    pub fn stashed_file(&mut self, key: &str) -> Result<Option<StashedFile>, StoreError> {
        let conn = self.conn();
        let rows = with_conn!(conn, |c| {
            uploadstash::table.select(columns!()).filter(uploadstash::us_key.eq(key)).limit(1).load::<Row>(c)
        })?;
        Ok(rows.into_iter().next().map(stashed))
    }
}
