//! The rows the importer writes, one type per table, and how many rows go into one statement.

use diesel::prelude::*;
use wikiquery_store::backend::Backend;
use wikiquery_store::schema::{
    actor, category, categorylinks, comment, content, externallinks, image, imagelinks, ip_changes, iwlinks, langlinks,
    linktarget, log_search, logging, oldimage, page, pagelinks, redirect, revision, revision_comment_temp, slots,
    templatelinks, text, user,
};

// Every row type sets `treat_none_as_default_value = false`: with diesel's default each field
// may be DEFAULT, and diesel then inserts a batch on SQLite one row at a time inside a
// transaction of its own, which is slow and cannot nest in the import's transaction.

#[derive(Insertable, Clone, Debug, PartialEq)]
#[diesel(table_name = page, treat_none_as_default_value = false)]
pub(super) struct PageRow {
    pub(super) page_id: i64,
    pub(super) page_namespace: i32,
    pub(super) page_title: String,
    pub(super) page_is_redirect: i32,
    pub(super) page_is_new: i32,
    pub(super) page_random: f64,
    pub(super) page_touched: String,
    pub(super) page_links_updated: Option<String>,
    pub(super) page_latest: i64,
    pub(super) page_len: i64,
    pub(super) page_content_model: Option<String>,
    pub(super) page_lang: Option<String>,
}

pub(super) type PageTuple =
    (i64, i32, String, i32, i32, f64, String, Option<String>, i64, i64, Option<String>, Option<String>);

impl From<PageTuple> for PageRow {
    fn from(t: PageTuple) -> Self {
        PageRow {
            page_id: t.0,
            page_namespace: t.1,
            page_title: t.2,
            page_is_redirect: t.3,
            page_is_new: t.4,
            page_random: t.5,
            page_touched: t.6,
            page_links_updated: t.7,
            page_latest: t.8,
            page_len: t.9,
            page_content_model: t.10,
            page_lang: t.11,
        }
    }
}

#[derive(Insertable)]
#[diesel(table_name = revision, treat_none_as_default_value = false)]
pub(super) struct RevisionRow {
    pub(super) rev_id: i64,
    pub(super) rev_page: i64,
    pub(super) rev_comment_id: i64,
    pub(super) rev_actor: i64,
    pub(super) rev_timestamp: String,
    pub(super) rev_minor_edit: i32,
    pub(super) rev_deleted: i32,
    pub(super) rev_len: Option<i64>,
    pub(super) rev_parent_id: Option<i64>,
    pub(super) rev_sha1: String,
}

#[derive(Insertable)]
#[diesel(table_name = revision_comment_temp, treat_none_as_default_value = false)]
pub(super) struct RevCommentRow {
    pub(super) revcomment_rev: i64,
    pub(super) revcomment_comment_id: i64,
}

#[derive(Insertable)]
#[diesel(table_name = slots, treat_none_as_default_value = false)]
pub(super) struct SlotRow {
    pub(super) slot_revision_id: i64,
    pub(super) slot_role_id: i64,
    pub(super) slot_content_id: i64,
    pub(super) slot_origin: i64,
}

#[derive(Insertable)]
#[diesel(table_name = content, treat_none_as_default_value = false)]
pub(super) struct ContentRow {
    pub(super) content_id: i64,
    pub(super) content_size: i64,
    pub(super) content_sha1: String,
    pub(super) content_model: i64,
    pub(super) content_address: String,
}

#[derive(Insertable)]
#[diesel(table_name = text, treat_none_as_default_value = false)]
pub(super) struct TextRow {
    pub(super) old_id: i64,
    pub(super) old_text: Vec<u8>,
    pub(super) old_flags: String,
}

#[derive(Insertable)]
#[diesel(table_name = ip_changes, treat_none_as_default_value = false)]
pub(super) struct IpChangeRow {
    pub(super) ipc_rev_id: i64,
    pub(super) ipc_rev_timestamp: String,
    pub(super) ipc_hex: String,
}

#[derive(Insertable)]
#[diesel(table_name = comment, treat_none_as_default_value = false)]
pub(super) struct CommentRow {
    pub(super) comment_id: i64,
    pub(super) comment_hash: i32,
    pub(super) comment_text: String,
    pub(super) comment_data: Option<String>,
}

#[derive(Insertable)]
#[diesel(table_name = actor, treat_none_as_default_value = false)]
pub(super) struct ActorRow {
    pub(super) actor_id: i64,
    pub(super) actor_user: Option<i64>,
    pub(super) actor_name: String,
}

#[derive(Insertable)]
#[diesel(table_name = user, treat_none_as_default_value = false)]
pub(super) struct UserRow {
    pub(super) user_id: i64,
    pub(super) user_name: String,
    pub(super) user_real_name: String,
    pub(super) user_password: String,
    pub(super) user_newpassword: String,
    pub(super) user_newpass_time: Option<String>,
    pub(super) user_email: String,
    pub(super) user_touched: String,
    pub(super) user_token: String,
    pub(super) user_email_authenticated: Option<String>,
    pub(super) user_email_token: Option<String>,
    pub(super) user_email_token_expires: Option<String>,
    pub(super) user_registration: Option<String>,
    pub(super) user_editcount: Option<i64>,
    pub(super) user_password_expires: Option<String>,
}

#[derive(Insertable)]
#[diesel(table_name = logging, treat_none_as_default_value = false)]
pub(super) struct LoggingRow {
    pub(super) log_id: i64,
    pub(super) log_type: String,
    pub(super) log_action: String,
    pub(super) log_timestamp: String,
    pub(super) log_actor: i64,
    pub(super) log_namespace: i32,
    pub(super) log_title: String,
    pub(super) log_page: Option<i64>,
    pub(super) log_comment_id: i64,
    pub(super) log_params: String,
    pub(super) log_deleted: i32,
}

#[derive(Insertable, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[diesel(table_name = log_search, treat_none_as_default_value = false)]
pub(super) struct LogSearchRow {
    pub(super) ls_field: String,
    pub(super) ls_value: String,
    pub(super) ls_log_id: i64,
}

#[derive(Insertable)]
#[diesel(table_name = pagelinks, treat_none_as_default_value = false)]
pub(super) struct PageLinkRow {
    pub(super) pl_from: i64,
    pub(super) pl_namespace: i32,
    pub(super) pl_title: String,
    pub(super) pl_from_namespace: i32,
}

#[derive(Insertable)]
#[diesel(table_name = templatelinks, treat_none_as_default_value = false)]
pub(super) struct TemplateLinkRow {
    pub(super) tl_from: i64,
    pub(super) tl_from_namespace: i32,
    pub(super) tl_target_id: i64,
}

#[derive(Insertable)]
#[diesel(table_name = linktarget, treat_none_as_default_value = false)]
pub(super) struct LinkTargetRow {
    pub(super) lt_id: i64,
    pub(super) lt_namespace: i32,
    pub(super) lt_title: String,
}

#[derive(Insertable, Clone, Debug, PartialEq, Eq)]
#[diesel(table_name = categorylinks, treat_none_as_default_value = false)]
pub(super) struct CategoryLinkRow {
    pub(super) cl_from: i64,
    pub(super) cl_to: String,
    pub(super) cl_sortkey: String,
    pub(super) cl_sortkey_prefix: String,
    pub(super) cl_timestamp: String,
    pub(super) cl_collation: String,
    pub(super) cl_type: String,
}

#[derive(Insertable)]
#[diesel(table_name = imagelinks, treat_none_as_default_value = false)]
pub(super) struct ImageLinkRow {
    pub(super) il_from: i64,
    pub(super) il_from_namespace: i32,
    pub(super) il_to: String,
}

#[derive(Insertable)]
#[diesel(table_name = externallinks, treat_none_as_default_value = false)]
pub(super) struct ExternalLinkRow {
    pub(super) el_id: i64,
    pub(super) el_from: i64,
    pub(super) el_to: String,
    pub(super) el_index: String,
    pub(super) el_index_60: String,
}

#[derive(Insertable)]
#[diesel(table_name = langlinks, treat_none_as_default_value = false)]
pub(super) struct LangLinkRow {
    pub(super) ll_from: i64,
    pub(super) ll_lang: String,
    pub(super) ll_title: String,
}

#[derive(Insertable)]
#[diesel(table_name = iwlinks, treat_none_as_default_value = false)]
pub(super) struct IwLinkRow {
    pub(super) iwl_from: i64,
    pub(super) iwl_prefix: String,
    pub(super) iwl_title: String,
}

/// A `redirect` row as selected.
pub(super) type RedirectTuple = (i64, i32, String, Option<String>, Option<String>);

#[derive(Insertable, Clone, Debug, PartialEq, Eq)]
#[diesel(table_name = redirect, treat_none_as_default_value = false)]
pub(super) struct RedirectRow {
    pub(super) rd_from: i64,
    pub(super) rd_namespace: i32,
    pub(super) rd_title: String,
    pub(super) rd_interwiki: Option<String>,
    pub(super) rd_fragment: Option<String>,
}

#[derive(Insertable)]
#[diesel(table_name = category, treat_none_as_default_value = false)]
pub(super) struct CategoryRow {
    pub(super) cat_id: i64,
    pub(super) cat_title: String,
    pub(super) cat_pages: i64,
    pub(super) cat_subcats: i64,
    pub(super) cat_files: i64,
}

#[derive(Insertable)]
#[diesel(table_name = image, treat_none_as_default_value = false)]
pub(super) struct ImageRow {
    pub(super) img_name: String,
    pub(super) img_size: i64,
    pub(super) img_width: i32,
    pub(super) img_height: i32,
    pub(super) img_metadata: Vec<u8>,
    pub(super) img_bits: i32,
    pub(super) img_media_type: Option<String>,
    pub(super) img_major_mime: String,
    pub(super) img_minor_mime: String,
    pub(super) img_description_id: i64,
    pub(super) img_actor: i64,
    pub(super) img_timestamp: String,
    pub(super) img_sha1: String,
}

#[derive(Insertable)]
#[diesel(table_name = oldimage, treat_none_as_default_value = false)]
pub(super) struct OldImageRow {
    pub(super) oi_name: String,
    pub(super) oi_archive_name: String,
    pub(super) oi_size: i64,
    pub(super) oi_width: i32,
    pub(super) oi_height: i32,
    pub(super) oi_bits: i32,
    pub(super) oi_description_id: i64,
    pub(super) oi_actor: i64,
    pub(super) oi_timestamp: String,
    pub(super) oi_metadata: Vec<u8>,
    pub(super) oi_media_type: Option<String>,
    pub(super) oi_major_mime: String,
    pub(super) oi_minor_mime: String,
    pub(super) oi_deleted: i32,
    pub(super) oi_sha1: String,
}

/// Most bound parameters one statement may carry on a backend (SQLite's default limit is
/// 32766, the servers' wire protocols allow 65535), with a margin.
fn max_binds(backend: Backend) -> usize {
    match backend {
        Backend::Sqlite => 32_000,
        Backend::Postgres | Backend::Mysql => 60_000,
    }
}

/// Largest statement we send, in bytes of row data: well under MariaDB's default
/// `max_allowed_packet` (16 MB).
pub(super) const MAX_STATEMENT_BYTES: usize = 4 * 1024 * 1024;

/// Rows per multi-row INSERT for a table of `columns` columns.
pub(super) fn rows_per_statement(backend: Backend, columns: usize) -> usize {
    (max_binds(backend) / columns.max(1)).clamp(1, 5_000)
}

/// Keys per `IN (…)` list.
pub(super) const IN_CHUNK: usize = 5_000;

/// Inserts rows: on the servers in multi-row statements under the bind-parameter limit (one
/// round trip per chunk); on SQLite, which has no round trips, one row at a time through a
/// cached prepared statement, which saves parsing a statement of thousands of placeholders.
macro_rules! insert_rows {
    ($conn:expr, $table:expr, $rows:expr, $columns:expr) => {{
        let conn: &mut wikiquery_store::backend::AnyConnection = $conn;
        let rows = $rows;
        let mut written = 0usize;
        if conn.backend() == wikiquery_store::backend::Backend::Sqlite {
            for row in rows.iter() {
                written +=
                    wikiquery_store::with_conn!(&mut *conn, |c| diesel::insert_into($table).values(row).execute(c))
                        .map_err(wikiquery_store::backend::StoreError::from)?;
            }
        } else {
            for chunk in rows.chunks(crate::tables::rows::rows_per_statement(conn.backend(), $columns)) {
                written +=
                    wikiquery_store::with_conn!(&mut *conn, |c| diesel::insert_into($table).values(chunk).execute(c))
                        .map_err(wikiquery_store::backend::StoreError::from)?;
            }
        }
        written
    }};
}
pub(super) use insert_rows;
