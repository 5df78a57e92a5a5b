//! Table lists and generic row handling.

use std::collections::BTreeMap;

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Binary, Double, Integer, Nullable, Text};
use wikiquery_store::backend::{AnyConnection, Backend};
use wikiquery_store::schema;
use wikiquery_store::with_conn;

/// Calls `$m!(args…, table, [columns…])` for every MediaWiki table of schema.rs, with the
/// columns in schema.rs order (checked at compile time by `load_table!`).
macro_rules! for_each_mediawiki_table {
    ($m:ident $(, $arg:expr)*) => {{
            $m!($($arg,)* page, [
                page_id, page_namespace, page_title, page_is_redirect, page_is_new, page_random, page_touched,
                page_links_updated, page_latest, page_len, page_content_model, page_lang
            ]);
            $m!($($arg,)* revision, [
                rev_id, rev_page, rev_comment_id, rev_actor, rev_timestamp, rev_minor_edit, rev_deleted, rev_len,
                rev_parent_id, rev_sha1
            ]);
            $m!($($arg,)* slots, [slot_revision_id, slot_role_id, slot_content_id, slot_origin]);
            $m!($($arg,)* slot_roles, [role_id, role_name]);
            $m!($($arg,)* content, [content_id, content_size, content_sha1, content_model, content_address]);
            $m!($($arg,)* content_models, [model_id, model_name]);
            $m!($($arg,)* text, [old_id, old_text, old_flags]);
            $m!($($arg,)* comment, [comment_id, comment_hash, comment_text, comment_data]);
            $m!($($arg,)* actor, [actor_id, actor_user, actor_name]);
            $m!($($arg,)* user, [
                user_id, user_name, user_real_name, user_password, user_newpassword, user_newpass_time, user_email,
                user_touched, user_token, user_email_authenticated, user_email_token, user_email_token_expires,
                user_registration, user_editcount, user_password_expires
            ]);
            $m!($($arg,)* user_groups, [ug_user, ug_group, ug_expiry]);
            $m!($($arg,)* user_former_groups, [ufg_user, ufg_group]);
            $m!($($arg,)* logging, [
                log_id, log_type, log_action, log_timestamp, log_actor, log_namespace, log_title, log_page,
                log_comment_id, log_params, log_deleted
            ]);
            $m!($($arg,)* log_search, [ls_field, ls_value, ls_log_id]);
            $m!($($arg,)* recentchanges, [
                rc_id, rc_timestamp, rc_actor, rc_namespace, rc_title, rc_comment_id, rc_minor, rc_bot, rc_new,
                rc_cur_id, rc_this_oldid, rc_last_oldid, rc_type, rc_source, rc_patrolled, rc_ip, rc_old_len,
                rc_new_len, rc_deleted, rc_logid, rc_log_type, rc_log_action, rc_params
            ]);
            $m!($($arg,)* categorylinks, [
                cl_from, cl_to, cl_sortkey, cl_sortkey_prefix, cl_timestamp, cl_collation, cl_type
            ]);
            $m!($($arg,)* category, [cat_id, cat_title, cat_pages, cat_subcats, cat_files]);
            $m!($($arg,)* pagelinks, [pl_from, pl_namespace, pl_title, pl_from_namespace]);
            $m!($($arg,)* templatelinks, [tl_from, tl_from_namespace, tl_target_id]);
            $m!($($arg,)* linktarget, [lt_id, lt_namespace, lt_title]);
            $m!($($arg,)* imagelinks, [il_from, il_from_namespace, il_to]);
            $m!($($arg,)* externallinks, [el_id, el_from, el_to, el_index, el_index_60]);
            $m!($($arg,)* langlinks, [ll_from, ll_lang, ll_title]);
            $m!($($arg,)* iwlinks, [iwl_from, iwl_prefix, iwl_title]);
            $m!($($arg,)* redirect, [rd_from, rd_namespace, rd_title, rd_interwiki, rd_fragment]);
            $m!($($arg,)* page_props, [pp_page, pp_propname, pp_value, pp_sortkey]);
            $m!($($arg,)* page_restrictions, [pr_id, pr_page, pr_type, pr_level, pr_cascade, pr_expiry]);
            $m!($($arg,)* protected_titles, [
                pt_namespace, pt_title, pt_user, pt_reason_id, pt_timestamp, pt_expiry, pt_create_perm
            ]);
            $m!($($arg,)* image, [
                img_name, img_size, img_width, img_height, img_metadata, img_bits, img_media_type, img_major_mime,
                img_minor_mime, img_description_id, img_actor, img_timestamp, img_sha1
            ]);
            $m!($($arg,)* oldimage, [
                oi_name, oi_archive_name, oi_size, oi_width, oi_height, oi_bits, oi_description_id, oi_actor,
                oi_timestamp, oi_metadata, oi_media_type, oi_major_mime, oi_minor_mime, oi_deleted, oi_sha1
            ]);
            $m!($($arg,)* filearchive, [
                fa_id, fa_name, fa_archive_name, fa_storage_group, fa_storage_key, fa_deleted_user,
                fa_deleted_timestamp, fa_deleted_reason_id, fa_size, fa_width, fa_height, fa_metadata, fa_bits,
                fa_media_type, fa_major_mime, fa_minor_mime, fa_description_id, fa_actor, fa_timestamp, fa_deleted,
                fa_sha1
            ]);
            $m!($($arg,)* uploadstash, [
                us_id, us_user, us_key, us_orig_path, us_path, us_source_type, us_timestamp, us_status,
                us_chunk_inx, us_props, us_size, us_sha1, us_mime, us_media_type, us_image_width, us_image_height,
                us_image_bits
            ]);
            $m!($($arg,)* archive, [
                ar_id, ar_namespace, ar_title, ar_comment_id, ar_actor, ar_timestamp, ar_minor_edit, ar_rev_id,
                ar_deleted, ar_len, ar_page_id, ar_parent_id, ar_sha1
            ]);
            $m!($($arg,)* ipblocks, [
                ipb_id, ipb_address, ipb_user, ipb_by_actor, ipb_reason_id, ipb_timestamp, ipb_auto, ipb_anon_only,
                ipb_create_account, ipb_enable_autoblock, ipb_expiry, ipb_range_start, ipb_range_end, ipb_deleted,
                ipb_block_email, ipb_allow_usertalk, ipb_parent_block_id, ipb_sitewide
            ]);
            $m!($($arg,)* ipblocks_restrictions, [ir_ipb_id, ir_type, ir_value]);
            $m!($($arg,)* watchlist, [wl_id, wl_user, wl_namespace, wl_title, wl_notificationtimestamp]);
            $m!($($arg,)* watchlist_expiry, [we_item, we_expiry]);
            $m!($($arg,)* change_tag, [ct_id, ct_rc_id, ct_log_id, ct_rev_id, ct_params, ct_tag_id]);
            $m!($($arg,)* change_tag_def, [ctd_id, ctd_name, ctd_user_defined, ctd_count]);
            $m!($($arg,)* site_stats, [
                ss_row_id, ss_total_edits, ss_good_articles, ss_total_pages, ss_users, ss_active_users, ss_images
            ]);
            $m!($($arg,)* interwiki, [iw_prefix, iw_url, iw_api, iw_wikiid, iw_local, iw_trans]);
            $m!($($arg,)* user_properties, [up_user, up_property, up_value]);
            $m!($($arg,)* revision_comment_temp, [revcomment_rev, revcomment_comment_id]);
            $m!($($arg,)* ip_changes, [ipc_rev_id, ipc_rev_timestamp, ipc_hex]);
    }};
}

/// A column value in a backend-neutral form, for comparing rows of any table.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Val {
    Int(i64),
    Float(f64),
    Text(String),
    Bytes(Vec<u8>),
    Null,
}

trait ToVal {
    fn to_val(&self) -> Val;
}

impl ToVal for i64 {
    fn to_val(&self) -> Val {
        Val::Int(*self)
    }
}

impl ToVal for i32 {
    fn to_val(&self) -> Val {
        Val::Int(i64::from(*self))
    }
}

impl ToVal for f64 {
    fn to_val(&self) -> Val {
        Val::Float(*self)
    }
}

impl ToVal for String {
    fn to_val(&self) -> Val {
        Val::Text(self.clone())
    }
}

impl ToVal for Vec<u8> {
    fn to_val(&self) -> Val {
        Val::Bytes(self.clone())
    }
}

impl<T: ToVal> ToVal for Option<T> {
    fn to_val(&self) -> Val {
        self.as_ref().map_or(Val::Null, ToVal::to_val)
    }
}

/// The Rust type schema.rs's SQL type of a column loads into, and what the column must
/// look like in a database.
pub(super) trait RustOf {
    type R;
    const KIND: &'static str;
    const NULLABLE: bool = false;
}

impl RustOf for BigInt {
    type R = i64;
    const KIND: &'static str = "int64";
}

impl RustOf for Integer {
    type R = i32;
    const KIND: &'static str = "int32";
}

impl RustOf for Double {
    type R = f64;
    const KIND: &'static str = "double";
}

impl RustOf for Text {
    type R = String;
    const KIND: &'static str = "text";
}

impl RustOf for Binary {
    type R = Vec<u8>;
    const KIND: &'static str = "bytes";
}

impl<T: RustOf> RustOf for Nullable<T> {
    type R = Option<T::R>;
    const KIND: &'static str = T::KIND;
    const NULLABLE: bool = true;
}

/// Whether a column type as the catalogue reports it is the one wikiquery's DDL uses for a
/// schema.rs type (PostgreSQL decodes only exact integer widths).
pub(super) fn ddl_type_fits(backend: Backend, reported: &str, kind: &str) -> bool {
    let reported = reported.to_ascii_lowercase();
    match backend {
        Backend::Sqlite => matches!(
            (reported.as_str(), kind),
            ("integer", "int64" | "int32") | ("text", "text") | ("blob", "bytes") | ("real", "double")
        ),
        Backend::Postgres => matches!(
            (reported.as_str(), kind),
            ("bigint", "int64")
                | ("integer", "int32")
                | ("text", "text")
                | ("bytea", "bytes")
                | ("double precision", "double")
        ),
        Backend::Mysql => matches!(
            (reported.as_str(), kind),
            ("bigint", "int64")
                | ("int" | "tinyint", "int32")
                | ("varbinary" | "blob" | "mediumblob", "text" | "bytes")
                | ("double", "double")
        ),
    }
}

/// Checks every column's nullability against schema.rs, and (for wikiquery's own DDL) its
/// type.
macro_rules! check_column_types {
    ($conn:expr, $check_types:expr, $t:ident, [$($c:ident),* $(,)?]) => {{
        use wikiquery_store::schema::$t as t;
        let conn: &mut wikiquery_store::backend::AnyConnection = $conn;
        let backend = conn.backend();
        let actual = crate::catalogue::column_types(conn, stringify!($t));
        $({
            type S = <t::$c as diesel::Expression>::SqlType;
            let (reported, nullable) = actual
                .get(stringify!($c))
                .unwrap_or_else(|| panic!("{}.{} is missing ({backend})", stringify!($t), stringify!($c)));
            assert_eq!(
                *nullable,
                <S as crate::tables::RustOf>::NULLABLE,
                "nullability of {}.{} ({backend})",
                stringify!($t),
                stringify!($c)
            );
            if $check_types {
                assert!(
                    crate::tables::ddl_type_fits(backend, reported, <S as crate::tables::RustOf>::KIND),
                    "{}.{} is {reported} on {backend}, schema.rs says {}",
                    stringify!($t),
                    stringify!($c),
                    <S as crate::tables::RustOf>::KIND
                );
            }
        })*
    }};
}

pub(super) fn same_type<T>(_: T, _: T) {}

/// Loads every row of a table with schema.rs's types, ordered by its primary key.
macro_rules! load_table {
    ($conn:expr, $t:ident, [$($c:ident),* $(,)?]) => {{
        use wikiquery_store::schema::$t as t;
        // The listed columns are exactly schema.rs's, in order.
        crate::tables::same_type(t::all_columns, ($(t::$c,)*));
        type Row = ($(<<t::$c as diesel::Expression>::SqlType as crate::tables::RustOf>::R,)*);
        let rows: Vec<Row> = wikiquery_store::with_conn!($conn, |c| t::table
            .select(($(t::$c,)*))
            .order(diesel::Table::primary_key(&t::table))
            .load::<Row>(c))
        .unwrap_or_else(|e| panic!("reading table {} failed: {e}", stringify!($t)));
        rows
    }};
}

type Dump = BTreeMap<&'static str, Vec<Vec<Val>>>;

macro_rules! dump_table {
    ($conn:expr, $out:expr, $t:ident, [$($c:ident),* $(,)?]) => {{
        let rows = load_table!($conn, $t, [$($c),*]);
        let values: Vec<Vec<Val>> = rows.iter().map(|($($c,)*)| vec![$($c.to_val()),*]).collect();
        $out.insert(stringify!($t), values);
    }};
}

/// Reads every MediaWiki table of a database through schema.rs.
pub(super) fn dump(conn: &mut AnyConnection) -> Dump {
    let mut out = Dump::new();
    for_each_mediawiki_table!(dump_table, &mut *conn, out);
    out
}

macro_rules! copy_table {
    ($src:expr, $dst:expr, $t:ident, [$($c:ident),* $(,)?]) => {{
        use schema::$t as t;
        let rows = load_table!($src, $t, [$($c),*]);
        with_conn!($dst, |conn| conn.transaction(|conn| {
            for ($($c,)*) in &rows {
                diesel::insert_into(t::table).values(($(t::$c.eq($c),)*)).execute(conn)?;
            }
            Ok::<(), diesel::result::Error>(())
        }))
        .unwrap_or_else(|e| panic!("writing table {} failed: {e}", stringify!($t)));
    }};
}

/// Copies every MediaWiki table from `src` to `dst` through schema.rs.
pub(super) fn copy_all(src: &mut AnyConnection, dst: &mut AnyConnection) {
    for_each_mediawiki_table!(copy_table, &mut *src, &mut *dst);
}

macro_rules! push_name {
    ($out:expr, $t:ident, [$($c:ident),* $(,)?]) => {
        $out.push((stringify!($t), vec![$(stringify!($c)),*]));
    };
}

/// Every MediaWiki table of schema.rs with its column names.
pub(super) fn mediawiki_tables() -> Vec<(&'static str, Vec<&'static str>)> {
    let mut out = Vec::new();
    for_each_mediawiki_table!(push_name, out);
    out
}
