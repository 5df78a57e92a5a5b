//! Backend tests. On SQLite, PostgreSQL and MariaDB: the schema is created on an empty
//! database, a second migration changes nothing, MediaWiki's own keys and indexes exist,
//! and rows written through schema.rs read back unchanged, including the whole content of the
//! MediaWiki 1.39 fixture wiki. The fixture database itself is recognised as MediaWiki's,
//! read through schema.rs, and never written. Also: URL parsing, read-only serving, error
//! classification and replica selection.
//!
//! PostgreSQL and MariaDB tests need the `postgres`/`mysql` features and a server reachable
//! at `WIKIQUERY_TEST_POSTGRES` / `WIKIQUERY_TEST_MYSQL`; they fail when it is not.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Binary, Double, Integer, Nullable, Text};
use wikiquery_store::backend::{
    inspect, is_ours, latest_schema_version, migrate, schema_version, table_names, AnyConnection, Backend,
    DatabaseKind, DbUrl, MigrationOutcome, Pool, PoolOptions, Replicas, StoreError,
};
use wikiquery_store::queries::logevents::LogEventsFilter;
use wikiquery_store::reader::Reader;
use wikiquery_store::schema;
use wikiquery_store::with_conn;

// ---------------------------------------------------------------------------------------
// Table lists and generic row handling
// ---------------------------------------------------------------------------------------

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
enum Val {
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
trait RustOf {
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
fn ddl_type_fits(backend: Backend, reported: &str, kind: &str) -> bool {
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
        use schema::$t as t;
        let conn: &mut AnyConnection = $conn;
        let backend = conn.backend();
        let actual = column_types(conn, stringify!($t));
        $({
            type S = <t::$c as diesel::Expression>::SqlType;
            let (reported, nullable) = actual
                .get(stringify!($c))
                .unwrap_or_else(|| panic!("{}.{} is missing ({backend})", stringify!($t), stringify!($c)));
            assert_eq!(
                *nullable,
                <S as RustOf>::NULLABLE,
                "nullability of {}.{} ({backend})",
                stringify!($t),
                stringify!($c)
            );
            if $check_types {
                assert!(
                    ddl_type_fits(backend, reported, <S as RustOf>::KIND),
                    "{}.{} is {reported} on {backend}, schema.rs says {}",
                    stringify!($t),
                    stringify!($c),
                    <S as RustOf>::KIND
                );
            }
        })*
    }};
}

fn same_type<T>(_: T, _: T) {}

/// Loads every row of a table with schema.rs's types, ordered by its primary key.
macro_rules! load_table {
    ($conn:expr, $t:ident, [$($c:ident),* $(,)?]) => {{
        use schema::$t as t;
        // The listed columns are exactly schema.rs's, in order.
        same_type(t::all_columns, ($(t::$c,)*));
        type Row = ($(<<t::$c as diesel::Expression>::SqlType as RustOf>::R,)*);
        let rows: Vec<Row> = with_conn!($conn, |c| t::table
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
fn dump(conn: &mut AnyConnection) -> Dump {
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
fn copy_all(src: &mut AnyConnection, dst: &mut AnyConnection) {
    for_each_mediawiki_table!(copy_table, &mut *src, &mut *dst);
}

macro_rules! push_name {
    ($out:expr, $t:ident, [$($c:ident),* $(,)?]) => {
        $out.push((stringify!($t), vec![$(stringify!($c)),*]));
    };
}

/// Every MediaWiki table of schema.rs with its column names.
fn mediawiki_tables() -> Vec<(&'static str, Vec<&'static str>)> {
    let mut out = Vec::new();
    for_each_mediawiki_table!(push_name, out);
    out
}

// ---------------------------------------------------------------------------------------
// Catalogue queries (what the database says it has)
// ---------------------------------------------------------------------------------------

#[derive(QueryableByName)]
struct NameRow {
    #[diesel(sql_type = Text)]
    name: String,
}

#[derive(QueryableByName)]
struct IndexColumn {
    #[diesel(sql_type = Text)]
    idx: String,
    #[diesel(sql_type = Integer)]
    uniq: i32,
    #[diesel(sql_type = Text)]
    col: String,
}

fn names_query(conn: &mut AnyConnection, sql: &str, table: &str) -> Vec<String> {
    with_conn!(conn, |c| diesel::sql_query(sql).bind::<Text, _>(table).load::<NameRow>(c))
        .unwrap_or_else(|e| panic!("catalogue query for {table} failed: {e}"))
        .into_iter()
        .map(|r| r.name)
        .collect()
}

fn column_names(conn: &mut AnyConnection, table: &str) -> Vec<String> {
    let sql = match conn.backend() {
        Backend::Sqlite => "SELECT name FROM pragma_table_info(?)",
        Backend::Postgres => {
            "SELECT CAST(column_name AS TEXT) AS name FROM information_schema.columns \
             WHERE table_schema = current_schema() AND table_name = $1"
        }
        Backend::Mysql => {
            "SELECT CAST(column_name AS CHAR) AS name FROM information_schema.columns \
             WHERE table_schema = DATABASE() AND table_name = ?"
        }
    };
    let mut names = names_query(conn, sql, table);
    names.sort();
    names
}

#[derive(QueryableByName)]
struct ColumnType {
    #[diesel(sql_type = Text)]
    name: String,
    #[diesel(sql_type = Text)]
    ty: String,
    #[diesel(sql_type = Integer)]
    nullable: i32,
}

/// Column name -> (type as the catalogue reports it, nullable).
fn column_types(conn: &mut AnyConnection, table: &str) -> BTreeMap<String, (String, bool)> {
    let sql = match conn.backend() {
        Backend::Sqlite => {
            "SELECT name, type AS ty, CAST(\"notnull\" = 0 AS INTEGER) AS nullable FROM pragma_table_info(?)"
        }
        Backend::Postgres => {
            "SELECT CAST(column_name AS TEXT) AS name, CAST(data_type AS TEXT) AS ty, \
             CAST(CASE WHEN is_nullable = 'YES' THEN 1 ELSE 0 END AS INTEGER) AS nullable \
             FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1"
        }
        Backend::Mysql => {
            "SELECT CAST(column_name AS CHAR) AS name, CAST(data_type AS CHAR) AS ty, \
             CAST(is_nullable = 'YES' AS SIGNED) AS nullable \
             FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = ?"
        }
    };
    with_conn!(conn, |c| diesel::sql_query(sql).bind::<Text, _>(table).load::<ColumnType>(c))
        .unwrap_or_else(|e| panic!("column query for {table} failed: {e}"))
        .into_iter()
        .map(|r| (r.name, (r.ty, r.nullable != 0)))
        .collect()
}

fn primary_key(conn: &mut AnyConnection, table: &str) -> Vec<String> {
    let sql = match conn.backend() {
        Backend::Sqlite => "SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk",
        Backend::Postgres => {
            "SELECT CAST(a.attname AS TEXT) AS name FROM pg_index i \
             JOIN pg_class t ON t.oid = i.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace \
             JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = ANY(i.indkey) \
             WHERE n.nspname = current_schema() AND t.relname = $1 AND i.indisprimary \
             ORDER BY array_position(CAST(i.indkey AS int2[]), a.attnum)"
        }
        Backend::Mysql => {
            "SELECT CAST(column_name AS CHAR) AS name FROM information_schema.statistics \
             WHERE table_schema = DATABASE() AND table_name = ? AND index_name = 'PRIMARY' ORDER BY seq_in_index"
        }
    };
    names_query(conn, sql, table)
}

/// Secondary indexes of a table: name -> (unique, columns in key order).
fn indexes(conn: &mut AnyConnection, table: &str) -> BTreeMap<String, (bool, Vec<String>)> {
    let sql = match conn.backend() {
        Backend::Sqlite => {
            "SELECT l.name AS idx, l.\"unique\" AS uniq, i.name AS col \
             FROM pragma_index_list(?) l, pragma_index_info(l.name) i \
             WHERE l.origin = 'c' ORDER BY l.name, i.seqno"
        }
        Backend::Postgres => {
            "SELECT CAST(c.relname AS TEXT) AS idx, CAST(i.indisunique AS INTEGER) AS uniq, \
             CAST(a.attname AS TEXT) AS col FROM pg_index i \
             JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid \
             JOIN pg_namespace n ON n.oid = t.relnamespace \
             JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = ANY(i.indkey) \
             WHERE n.nspname = current_schema() AND t.relname = $1 AND NOT i.indisprimary \
             ORDER BY c.relname, array_position(CAST(i.indkey AS int2[]), a.attnum)"
        }
        Backend::Mysql => {
            "SELECT CAST(index_name AS CHAR) AS idx, CAST(1 - non_unique AS SIGNED) AS uniq, \
             CAST(column_name AS CHAR) AS col \
             FROM information_schema.statistics WHERE table_schema = DATABASE() AND table_name = ? \
             AND index_name <> 'PRIMARY' ORDER BY index_name, seq_in_index"
        }
    };
    let rows = with_conn!(conn, |c| diesel::sql_query(sql).bind::<Text, _>(table).load::<IndexColumn>(c))
        .unwrap_or_else(|e| panic!("index query for {table} failed: {e}"));
    let mut out: BTreeMap<String, (bool, Vec<String>)> = BTreeMap::new();
    for row in rows {
        let entry = out.entry(row.idx).or_insert_with(|| (row.uniq != 0, Vec::new()));
        entry.1.push(row.col);
    }
    out
}

/// Everything a migration could change: tables, columns, keys and indexes.
type TableShape = (String, Vec<String>, Vec<String>, BTreeMap<String, (bool, Vec<String>)>);

fn schema_snapshot(conn: &mut AnyConnection) -> Vec<TableShape> {
    let mut tables = table_names(conn).expect("listing tables");
    tables.sort();
    tables
        .into_iter()
        .map(|t| {
            let columns = column_names(conn, &t);
            let pk = primary_key(conn, &t);
            let idx = indexes(conn, &t);
            (t, columns, pk, idx)
        })
        .collect()
}

fn marker_rows(conn: &mut AnyConnection) -> Vec<(i32, String)> {
    use schema::wikiquery_schema::dsl::*;
    with_conn!(conn, |c| wikiquery_schema.select((version, applied_at)).order(version).load(c)).expect("reading marker")
}

// ---------------------------------------------------------------------------------------
// Temporary files and databases
// ---------------------------------------------------------------------------------------

static COUNTER: AtomicUsize = AtomicUsize::new(0);

fn unique_suffix() -> String {
    format!("{}_{}", std::process::id(), COUNTER.fetch_add(1, Ordering::SeqCst))
}

/// A directory under the system temp dir, removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new(label: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("wikiquery-store-{label}-{}", unique_suffix()));
        std::fs::create_dir_all(&dir).expect("creating temp dir");
        TempDir(dir)
    }

    fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }

    fn entries(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(&self.0)
            .expect("listing temp dir")
            .map(|e| e.expect("dir entry").file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn fixture_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/mw139/fixturewiki.sqlite")
}

/// A private copy of the MediaWiki fixture database.
fn fixture_copy(dir: &TempDir) -> PathBuf {
    let copy = dir.path("fixturewiki.sqlite");
    std::fs::copy(fixture_path(), &copy)
        .unwrap_or_else(|e| panic!("copying the fixture {} failed: {e}", fixture_path().display()));
    copy
}

fn sqlite_url(path: &Path) -> DbUrl {
    DbUrl::parse(&format!("sqlite:{}", path.display())).expect("sqlite URL")
}

fn options() -> PoolOptions {
    PoolOptions { max_size: 4, ..PoolOptions::default() }
}

fn read_only_options() -> PoolOptions {
    PoolOptions { max_size: 4, read_only: true, ..PoolOptions::default() }
}

/// Replaces the database name of a server URL.
#[cfg(any(feature = "postgres", feature = "mysql"))]
fn with_database(url: &str, database: &str) -> String {
    let (scheme, rest) = url.split_once("://").expect("server URL has a scheme");
    let (main, query) = match rest.split_once('?') {
        Some((main, query)) => (main, format!("?{query}")),
        None => (rest, String::new()),
    };
    let authority = main.split('/').next().unwrap_or(main);
    format!("{scheme}://{authority}/{database}{query}")
}

/// A uniquely named database on a test server, dropped again at the end of the test.
#[cfg(any(feature = "postgres", feature = "mysql"))]
struct ServerDb {
    admin: AnyConnection,
    name: String,
    url: DbUrl,
}

#[cfg(any(feature = "postgres", feature = "mysql"))]
impl ServerDb {
    fn create(env_var: &str, default: &str) -> ServerDb {
        let admin_url = std::env::var(env_var).unwrap_or_else(|_| default.to_string());
        let parsed = DbUrl::parse(&admin_url).unwrap_or_else(|e| panic!("{env_var}={admin_url}: {e}"));
        let mut admin = AnyConnection::establish(&parsed).unwrap_or_else(|e| {
            panic!("the {} test server is unreachable ({e}); start it or point {env_var} at one", parsed.backend())
        });
        let name = format!("wikiquery_test_{}", unique_suffix());
        admin.batch_execute(&format!("DROP DATABASE IF EXISTS {name}")).expect("dropping a stale test database");
        admin.batch_execute(&format!("CREATE DATABASE {name}")).expect("creating the test database");
        let url = DbUrl::parse(&with_database(&admin_url, &name)).expect("test database URL");
        ServerDb { admin, name, url }
    }
}

#[cfg(any(feature = "postgres", feature = "mysql"))]
impl Drop for ServerDb {
    fn drop(&mut self) {
        let sql = match self.admin.backend() {
            Backend::Postgres => format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name),
            _ => format!("DROP DATABASE IF EXISTS {}", self.name),
        };
        if let Err(e) = self.admin.batch_execute(&sql) {
            eprintln!("could not drop test database {}: {e}", self.name);
        }
    }
}

// ---------------------------------------------------------------------------------------
// Checks shared by every backend
// ---------------------------------------------------------------------------------------

/// Inserts one actor, page and log event through schema.rs, reads them back (also through
/// joins), and removes them again.
fn round_trip(conn: &mut AnyConnection) -> QueryResult<()> {
    use schema::{actor, logging, page};
    let title = "Ünïcödé_☃_\"quoted\"_'apostrophe'";
    // PostgreSQL TEXT cannot hold NUL bytes (MediaWiki's PostgreSQL schema has the same limit).
    let params = "a:2:{s:8:\"4::target\";s:3:\"Cat\";s:5:\"chars\";s:6:\"\t\n\\%_'\";}";
    let random = 0.123_456_789_012_345_6_f64;
    let big_len = 12_345_678_901_i64; // above 2^32: needs 64 bits everywhere
    with_conn!(conn, |c| {
        diesel::insert_into(actor::table)
            .values((actor::actor_user.eq(Some(77_i64)), actor::actor_name.eq("Round Trip")))
            .execute(c)?;
        let actor_id: i64 = actor::table.filter(actor::actor_name.eq("Round Trip")).select(actor::actor_id).first(c)?;
        diesel::insert_into(page::table)
            .values((
                page::page_namespace.eq(2),
                page::page_title.eq(title),
                page::page_is_redirect.eq(1),
                page::page_is_new.eq(0),
                page::page_random.eq(random),
                page::page_touched.eq("20240102030405"),
                page::page_links_updated.eq(None::<String>),
                page::page_latest.eq(4_000_000_000_i64),
                page::page_len.eq(big_len),
                page::page_content_model.eq(Some("wikitext")),
                page::page_lang.eq(None::<String>),
            ))
            .execute(c)?;
        let page_id: i64 = page::table
            .filter(page::page_namespace.eq(2).and(page::page_title.eq(title)))
            .select(page::page_id)
            .first(c)?;
        diesel::insert_into(logging::table)
            .values((
                logging::log_type.eq("move"),
                logging::log_action.eq("move"),
                logging::log_timestamp.eq("20240102030406"),
                logging::log_actor.eq(actor_id),
                logging::log_namespace.eq(2),
                logging::log_title.eq(title),
                logging::log_page.eq(Some(page_id)),
                logging::log_comment_id.eq(5_i64),
                logging::log_params.eq(params),
                logging::log_deleted.eq(6),
            ))
            .execute(c)?;

        let got_actor: (i64, Option<i64>, String) = actor::table
            .filter(actor::actor_id.eq(actor_id))
            .select((actor::actor_id, actor::actor_user, actor::actor_name))
            .first(c)?;
        assert_eq!(got_actor, (actor_id, Some(77), "Round Trip".to_string()));

        type PageRow =
            (i64, i32, String, i32, i32, f64, String, Option<String>, i64, i64, Option<String>, Option<String>);
        let got_page: PageRow = page::table.filter(page::page_id.eq(page_id)).first(c)?;
        let expected_page: PageRow = (
            page_id,
            2,
            title.to_string(),
            1,
            0,
            random,
            "20240102030405".to_string(),
            None,
            4_000_000_000,
            big_len,
            Some("wikitext".to_string()),
            None,
        );
        assert_eq!(got_page, expected_page);

        type LogRow = (i64, String, String, String, i64, i32, String, Option<i64>, i64, String, i32);
        let got_log: LogRow = logging::table.filter(logging::log_actor.eq(actor_id)).first(c)?;
        assert_eq!(
            (
                got_log.1.as_str(),
                got_log.3.as_str(),
                got_log.4,
                got_log.6.as_str(),
                got_log.7,
                got_log.9.as_str(),
                got_log.10
            ),
            ("move", "20240102030406", actor_id, title, Some(page_id), params, 6)
        );

        // The joinable! declarations work on this backend.
        let joined: Vec<(String, String, String)> = logging::table
            .inner_join(actor::table)
            .inner_join(page::table)
            .filter(logging::log_id.eq(got_log.0))
            .select((logging::log_type, actor::actor_name, page::page_title))
            .load(c)?;
        assert_eq!(joined, vec![("move".to_string(), "Round Trip".to_string(), title.to_string())]);

        diesel::delete(logging::table.filter(logging::log_id.eq(got_log.0))).execute(c)?;
        diesel::delete(page::table.filter(page::page_id.eq(page_id))).execute(c)?;
        diesel::delete(actor::table.filter(actor::actor_id.eq(actor_id))).execute(c)?;
        Ok(())
    })
}

/// The keys and indexes of wikiquery's schema are MediaWiki's (as found in the fixture
/// database MediaWiki itself created), and the columns are schema.rs's.
fn assert_same_keys_as_mediawiki(ours: &mut AnyConnection, mediawiki: &mut AnyConnection) {
    let mut compared = 0;
    for (table, columns) in mediawiki_tables() {
        let mut expected: Vec<String> = columns.iter().map(|c| c.to_string()).collect();
        expected.sort();
        assert_eq!(column_names(ours, table), expected, "columns of {table} ({})", ours.backend());
        assert_eq!(
            primary_key(ours, table),
            primary_key(mediawiki, table),
            "primary key of {table} ({})",
            ours.backend()
        );
        let ours_indexes = indexes(ours, table);
        assert_eq!(ours_indexes, indexes(mediawiki, table), "indexes of {table} ({})", ours.backend());
        compared += ours_indexes.len();
    }
    assert_eq!(compared, 107, "secondary indexes of the 44 MediaWiki tables");
    // schema.rs's Nullable matches MediaWiki's NULL/NOT NULL, and our DDL's types match schema.rs.
    for_each_mediawiki_table!(check_column_types, &mut *mediawiki, false);
    for_each_mediawiki_table!(check_column_types, &mut *ours, true);
    // The keys paging relies on, spelled out.
    let logging = indexes(ours, "logging");
    let by_columns =
        |cols: &[&str]| logging.values().any(|(_, c)| c.iter().map(String::as_str).eq(cols.iter().copied()));
    for cols in [
        &["log_timestamp"][..],
        &["log_type", "log_timestamp"],
        &["log_actor", "log_timestamp"],
        &["log_namespace", "log_title", "log_timestamp"],
        &["log_page", "log_timestamp"],
        &["log_type", "log_action", "log_timestamp"],
    ] {
        assert!(by_columns(cols), "logging has no index on {cols:?} ({})", ours.backend());
    }
    assert_eq!(primary_key(ours, "log_search"), ["ls_field", "ls_value", "ls_log_id"]);
    assert_eq!(
        indexes(ours, "page").get("page_name_title"),
        Some(&(true, vec!["page_namespace".into(), "page_title".into()]))
    );
    let mut marker = column_names(ours, "wikiquery_schema");
    marker.sort();
    assert_eq!(marker, vec!["applied_at".to_string(), "version".to_string()]);
}

/// Row counts of joins along schema.rs's `joinable!` keys.
fn join_counts(conn: &mut AnyConnection) -> QueryResult<(i64, i64, i64, i64, i64)> {
    use schema::{
        actor, change_tag, change_tag_def, comment, content, content_models, log_search, logging, page, revision, slots,
    };
    with_conn!(conn, |c| {
        let logs = logging::table.inner_join(actor::table).inner_join(comment::table).count().get_result::<i64>(c)?;
        let revisions = revision::table.inner_join(page::table).count().get_result::<i64>(c)?;
        let slots =
            slots::table.inner_join(content::table.inner_join(content_models::table)).count().get_result::<i64>(c)?;
        let tags = change_tag::table.inner_join(change_tag_def::table).count().get_result::<i64>(c)?;
        let searches = log_search::table.inner_join(logging::table).count().get_result::<i64>(c)?;
        Ok((logs, revisions, slots, tags, searches))
    })
}

/// The join counts of the fixture content (computed with sqlite3).
fn assert_fixture_joins(conn: &mut AnyConnection) {
    let counts = join_counts(conn).expect("join queries");
    assert_eq!(counts, (263, 307, 312, 52, 245), "join counts on {}", conn.backend());
}

/// The fixture's content copied through schema.rs reads back identically, in the same
/// (primary key) order, which also shows that text sorts bytewise on this backend.
fn assert_fixture_copies(fixture: &mut AnyConnection, target: &mut AnyConnection) {
    let source = dump(fixture);
    copy_all(fixture, target);
    let copied = dump(target);
    for (table, rows) in &source {
        assert_eq!(copied.get(table), Some(rows), "content of {table} after copying to {}", target.backend());
    }
    assert_fixture_joins(target);
}

fn expect_read_only(result: Result<usize, StoreError>) {
    match result {
        Err(StoreError::ReadOnly { .. }) => {}
        other => panic!("expected a read-only violation, got {other:?}"),
    }
}

fn insert_page(conn: &mut AnyConnection) -> Result<usize, StoreError> {
    use schema::page::dsl::*;
    with_conn!(conn, |c| diesel::insert_into(page)
        .values((
            page_namespace.eq(0),
            page_title.eq("Must_not_be_written"),
            page_random.eq(0.5),
            page_touched.eq("20240101000000"),
            page_latest.eq(1_i64),
            page_len.eq(1_i64),
        ))
        .execute(c))
    .map_err(StoreError::from)
}

/// Migration, keys, round trip and fixture copy on a fresh server database.
#[cfg(any(feature = "postgres", feature = "mysql"))]
fn server_suite(db: &ServerDb) {
    let pool = Pool::connect(&db.url, options()).expect("connecting to the test database");
    assert_eq!(pool.kind(), DatabaseKind::Empty);
    assert!(!pool.is_read_only());
    let mut conn = pool.get().expect("pooled connection");
    assert!(!is_ours(&mut conn));
    let latest = latest_schema_version();
    assert_eq!(migrate(&mut conn).expect("first migration"), MigrationOutcome::Created { version: latest });
    assert!(is_ours(&mut conn));
    assert_eq!(schema_version(&mut conn).expect("version"), Some(latest));
    let before = schema_snapshot(&mut conn);
    let markers = marker_rows(&mut conn);
    assert_eq!(migrate(&mut conn).expect("second migration"), MigrationOutcome::UpToDate { version: latest });
    assert_eq!(schema_snapshot(&mut conn), before, "a second migration changed the schema");
    assert_eq!(marker_rows(&mut conn), markers);
    assert_eq!(markers.len(), latest as usize);

    let dir = TempDir::new("fixture");
    let fixture_pool = Pool::connect(&sqlite_url(&fixture_copy(&dir)), options()).expect("opening the fixture");
    let mut fixture = fixture_pool.get().expect("fixture connection");
    assert_same_keys_as_mediawiki(&mut conn, &mut fixture);
    round_trip(&mut conn).expect("round trip through schema.rs");
    assert_fixture_copies(&mut fixture, &mut conn);

    assert_same_log_listing(&mut fixture, &mut conn);
    check_associated_revisions(&mut conn);

    // After rows arrived with explicit ids, new rows still get fresh ids.
    wikiquery_store::backend::sync_id_sequences(&mut conn).expect("syncing id generators");
    // (On PostgreSQL the generators still point at ids the fixture uses until synced.)
    round_trip(&mut conn).expect("round trip after the copy");

    // A read-only pool on the same database refuses writes but reads.
    let ro = Pool::connect(&db.url, read_only_options()).expect("read-only pool");
    assert_eq!(ro.kind(), DatabaseKind::Ours);
    let mut ro_conn = ro.get().expect("read-only connection");
    let pages: i64 = with_conn!(&mut ro_conn, |c| schema::page::table.count().get_result(c)).expect("count");
    assert_eq!(pages, 181);
    expect_read_only(insert_page(&mut ro_conn));
}

// ---------------------------------------------------------------------------------------
// URLs
// ---------------------------------------------------------------------------------------

#[test]
fn sqlite_urls_parse_in_every_spelling() {
    let path = |s: &str| {
        DbUrl::parse(s).map(|u| match u {
            DbUrl::Sqlite { path } => path,
            other => panic!("{s} parsed as {other:?}"),
        })
    };
    assert_eq!(path("sqlite:/var/lib/w.sqlite").unwrap(), PathBuf::from("/var/lib/w.sqlite"));
    assert_eq!(path("sqlite:///var/lib/w.sqlite").unwrap(), PathBuf::from("/var/lib/w.sqlite"));
    assert_eq!(path("sqlite://data/w.db").unwrap(), PathBuf::from("data/w.db"));
    assert_eq!(path("SQLite:w").unwrap(), PathBuf::from("w"));
    assert_eq!(path("  wiki.sqlite ").unwrap(), PathBuf::from("wiki.sqlite"));
    assert_eq!(path("/srv/wiki.DB").unwrap(), PathBuf::from("/srv/wiki.DB"));
    assert_eq!(path("my.sqlite3").unwrap(), PathBuf::from("my.sqlite3"));
    assert!(DbUrl::parse("sqlite::memory:").unwrap().is_sqlite_memory());
}

#[test]
fn bad_urls_are_refused_with_a_reason() {
    for (input, needle) in [
        ("", "empty"),
        ("sqlite:", "names no SQLite file"),
        ("redis://localhost/0", "unsupported scheme `redis://`"),
        ("wiki.txt", "not a database URL"),
    ] {
        match DbUrl::parse(input) {
            Err(StoreError::InvalidUrl(message)) => assert!(message.contains(needle), "{input}: {message}"),
            other => panic!("{input:?} gave {other:?}"),
        }
    }
    // A refused URL never echoes its password.
    let message = DbUrl::parse("ftp://u:hunter2@h/x").unwrap_err().to_string();
    assert!(!message.contains("hunter2"), "{message}");
}

#[cfg(feature = "postgres")]
#[test]
fn postgres_urls_parse_and_hide_passwords() {
    let url = DbUrl::parse("postgresql://wiki:s3cret@db.example:5433/wiki?sslmode=disable").unwrap();
    assert_eq!(url.backend(), Backend::Postgres);
    assert_eq!(url.to_string(), "postgresql://wiki:***@db.example:5433/wiki?sslmode=disable");
    assert!(!format!("{url:?}").contains("s3cret"));
    assert_eq!(DbUrl::parse("postgres://h/db").unwrap().backend(), Backend::Postgres);
}

#[cfg(not(feature = "postgres"))]
#[test]
fn postgres_urls_need_the_feature() {
    let message = DbUrl::parse("postgres://h/db").unwrap_err().to_string();
    assert_eq!(message, "this wikiquery was built without PostgreSQL support; rebuild with --features postgres");
}

#[cfg(feature = "mysql")]
#[test]
fn mysql_urls_parse_and_mariadb_is_normalised() {
    assert_eq!(
        DbUrl::parse("mariadb://root:pw@127.0.0.1:3306/wiki").unwrap(),
        DbUrl::Mysql { url: "mysql://root:pw@127.0.0.1:3306/wiki".into() }
    );
    let url = DbUrl::parse("mysql://root:pw@127.0.0.1/wiki").unwrap();
    assert_eq!(url.redacted(), "mysql://root:***@127.0.0.1/wiki");
}

#[cfg(not(feature = "mysql"))]
#[test]
fn mysql_urls_need_the_feature() {
    let message = DbUrl::parse("mariadb://h/db").unwrap_err().to_string();
    assert_eq!(message, "this wikiquery was built without MariaDB/MySQL support; rebuild with --features mysql");
}

// ---------------------------------------------------------------------------------------
// SQLite
// ---------------------------------------------------------------------------------------

#[test]
fn sqlite_fresh_database_is_created_migrated_once_and_round_trips() {
    let dir = TempDir::new("fresh");
    let url = sqlite_url(&dir.path("wiki.sqlite"));
    let pool = Pool::connect(&url, options()).expect("creating the database");
    assert_eq!(pool.kind(), DatabaseKind::Empty);
    assert!(!pool.is_read_only());
    let mut conn = pool.get().expect("connection");
    let latest = latest_schema_version();
    assert_eq!(migrate(&mut conn).expect("migration"), MigrationOutcome::Created { version: latest });
    assert_eq!(inspect(&mut conn).expect("inspect"), DatabaseKind::Ours);

    #[derive(QueryableByName)]
    struct Mode {
        #[diesel(sql_type = Text)]
        journal_mode: String,
    }
    let mode = with_conn!(&mut conn, |c| diesel::sql_query("PRAGMA journal_mode").get_result::<Mode>(c)).expect("mode");
    assert_eq!(mode.journal_mode, "wal");

    let before = schema_snapshot(&mut conn);
    let markers = marker_rows(&mut conn);
    assert_eq!(markers.len(), latest as usize);
    assert!(markers.iter().all(|(_, at)| at.len() == 14 && at.bytes().all(|b| b.is_ascii_digit())));
    assert_eq!(migrate(&mut conn).expect("second migration"), MigrationOutcome::UpToDate { version: latest });
    assert_eq!(schema_snapshot(&mut conn), before, "a second migration changed the schema");
    assert_eq!(marker_rows(&mut conn), markers);
    drop(conn);
    drop(pool);

    // Reopened, the database is recognised as ours and stays writable.
    let pool = Pool::connect(&url, options()).expect("reopening");
    assert_eq!(pool.kind(), DatabaseKind::Ours);
    assert!(!pool.is_read_only());
    let mut conn = pool.get().expect("connection");
    round_trip(&mut conn).expect("round trip through schema.rs");

    let fixture_dir = TempDir::new("fixture");
    let fixture_pool = Pool::connect(&sqlite_url(&fixture_copy(&fixture_dir)), options()).expect("fixture");
    let mut fixture = fixture_pool.get().expect("fixture connection");
    assert_same_keys_as_mediawiki(&mut conn, &mut fixture);
    assert_fixture_copies(&mut fixture, &mut conn);
    assert_same_log_listing(&mut fixture, &mut conn);
    check_associated_revisions(&mut conn);
}

/// The whole log, and the revisions its entries created, read the same from both databases.
fn assert_same_log_listing(fixture: &mut AnyConnection, copy: &mut AnyConnection) {
    let filter = LogEventsFilter { limit: 5000, ..LogEventsFilter::default() };
    let expected = Reader::new(&mut *fixture).log_events(&filter).expect("listing the fixture's log");
    assert!(expected.len() > 250);
    assert_eq!(Reader::new(&mut *copy).log_events(&filter).expect("listing the copy's log"), expected);
    let ids: Vec<i64> = expected.iter().map(|r| r.id).collect();
    let revisions = Reader::new(&mut *fixture).associated_revisions(&ids).expect("the fixture's revisions");
    assert!(revisions.len() > 100, "{} revisions", revisions.len());
    assert_eq!(Reader::new(&mut *copy).associated_revisions(&ids).expect("the copy's revisions"), revisions);
}

/// `associated_revisions` reads runs of ids as ranges and scattered ids one by one; both give
/// each entry's lowest recorded revision and nothing for entries without one.
fn check_associated_revisions(conn: &mut AnyConnection) {
    use schema::log_search::dsl::{log_search, ls_field, ls_log_id, ls_value};
    let base = 1_000_000i64;
    let mut rows: Vec<(String, String, i64)> =
        (0..12).map(|k| ("associated_rev_id".to_owned(), (500 + k).to_string(), base + 1000 * k)).collect();
    rows.push(("associated_rev_id".to_owned(), "499".to_owned(), base));
    rows.push(("ipb_id".to_owned(), "7".to_owned(), base + 1000));
    rows.push(("associated_rev_id".to_owned(), "600".to_owned(), base + 20));
    for (field, value, id) in &rows {
        with_conn!(conn, |c| diesel::insert_into(log_search)
            .values((ls_field.eq(field), ls_value.eq(value), ls_log_id.eq(id)))
            .execute(c))
        .expect("inserting log_search rows");
    }
    // Twelve ids a thousand apart (and one without a row): looked up one by one.
    let mut scattered: Vec<i64> = (0..12).map(|k| base + 1000 * k).collect();
    scattered.push(base + 500);
    let mut expected: Vec<(i64, i64)> = (0..12).map(|k| (base + 1000 * k, 500 + k)).collect();
    expected[0].1 = 499;
    assert_eq!(Reader::new(&mut *conn).associated_revisions(&scattered).expect("scattered ids"), expected);
    // Two runs of near ids, given in any order: read as ranges; ids between them that were not
    // asked for are left out.
    let runs = [base + 1000, base + 20, base + 10, base, base + 1001];
    assert_eq!(
        Reader::new(&mut *conn).associated_revisions(&runs).expect("runs of ids"),
        [(base, 499), (base + 20, 600), (base + 1000, 501)]
    );
    assert_eq!(Reader::new(&mut *conn).associated_revisions(&[base + 10]).expect("one id"), []);
    assert_eq!(Reader::new(&mut *conn).associated_revisions(&[]).expect("no ids"), []);
    with_conn!(conn, |c| diesel::delete(log_search.filter(ls_log_id.ge(base))).execute(c))
        .expect("removing the rows again");
}

#[test]
fn mediawiki_database_is_detected_read_through_schema_and_never_written() {
    let dir = TempDir::new("mediawiki");
    let path = fixture_copy(&dir);
    let original = std::fs::read(&path).expect("reading the fixture copy");
    {
        let pool = Pool::connect(&sqlite_url(&path), options()).expect("opening the MediaWiki database");
        assert_eq!(pool.kind(), DatabaseKind::MediaWiki);
        assert!(pool.is_read_only(), "a MediaWiki database must be served read-only");
        let mut conn = pool.get().expect("connection");
        assert_eq!(migrate(&mut conn).expect("migrate"), MigrationOutcome::ExistingMediaWiki);
        assert!(!is_ours(&mut conn));
        assert_eq!(schema_version(&mut conn).expect("version"), None);

        // Every table reads with schema.rs's types, and complete rows match count(*).
        let content = dump(&mut conn);
        assert_eq!(content.len(), 44);
        for (table, rows) in &content {
            let sql = format!("SELECT COUNT(*) AS n FROM \"{table}\"");
            #[derive(QueryableByName)]
            struct Count {
                #[diesel(sql_type = BigInt)]
                n: i64,
            }
            let count = with_conn!(&mut conn, |c| diesel::sql_query(&sql).get_result::<Count>(c)).expect("count");
            assert_eq!(rows.len() as i64, count.n, "rows of {table}");
        }
        for (table, expected) in [
            ("page", 181),
            ("revision", 307),
            ("archive", 5),
            ("logging", 263),
            ("recentchanges", 344),
            ("ipblocks", 5),
            ("page_restrictions", 9),
            ("protected_titles", 2),
            ("watchlist", 430),
            ("pagelinks", 824),
            ("templatelinks", 147),
            ("categorylinks", 161),
            ("langlinks", 27),
            ("iwlinks", 170),
            ("externallinks", 193),
            ("imagelinks", 41),
            ("image", 5),
            ("user", 10),
            ("change_tag", 52),
        ] {
            assert_eq!(content[table].len(), expected, "rows of {table}");
        }
        let count = with_conn!(&mut conn, |c| schema::page::table.count().get_result::<i64>(c)).expect("count");
        assert_eq!(count, 181);
        assert_fixture_joins(&mut conn);

        // Writes are refused by SQLite itself.
        expect_read_only(insert_page(&mut conn));
    }
    assert_eq!(std::fs::read(&path).expect("rereading"), original, "the MediaWiki database was modified");
    assert_eq!(dir.entries(), vec!["fixturewiki.sqlite".to_string()], "journal or WAL files were created");
}

#[test]
fn unrecognised_database_is_left_alone() {
    let dir = TempDir::new("other");
    let path = dir.path("other.db");
    let url = sqlite_url(&path);
    let mut raw = AnyConnection::establish(&url).expect("creating");
    raw.batch_execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY)").expect("other app's table");
    drop(raw);
    let pool = Pool::connect(&url, options()).expect("opening");
    assert_eq!(pool.kind(), DatabaseKind::Unrecognised);
    assert!(pool.is_read_only());
    let mut conn = pool.get().expect("connection");
    match migrate(&mut conn) {
        Err(e @ StoreError::UnrecognisedDatabase { .. }) => assert!(e.to_string().contains("invoices"), "{e}"),
        other => panic!("expected a refusal, got {other:?}"),
    }
    assert_eq!(table_names(&mut conn).expect("tables"), vec!["invoices".to_string()]);
}

#[test]
fn sqlite_open_errors_name_the_problem() {
    let dir = TempDir::new("errors");
    let missing_dir = dir.path("no/such/dir/w.sqlite");
    let err = Pool::connect(&sqlite_url(&missing_dir), options()).unwrap_err();
    assert!(matches!(err, StoreError::Connect { .. }), "{err:?}");
    assert!(err.to_string().contains("does not exist"), "{err}");

    let missing = dir.path("absent.sqlite");
    let err = Pool::connect(&sqlite_url(&missing), read_only_options()).unwrap_err();
    assert!(err.to_string().contains("does not exist"), "{err}");
    assert!(!missing.exists(), "a read-only open created the file");
}

#[test]
fn read_only_pool_on_our_database_refuses_writes() {
    let dir = TempDir::new("ro");
    let url = sqlite_url(&dir.path("wiki.sqlite"));
    {
        let pool = Pool::connect(&url, options()).expect("creating");
        migrate(&mut pool.get().expect("connection")).expect("migration");
    }
    let pool = Pool::connect(&url, read_only_options()).expect("read-only");
    assert_eq!(pool.kind(), DatabaseKind::Ours);
    assert!(pool.is_read_only());
    let mut conn = pool.get().expect("connection");
    expect_read_only(insert_page(&mut conn));
    // Migrating through a read-only connection is refused as well, not half-done.
    let version = schema_version(&mut conn).expect("version");
    assert_eq!(version, Some(latest_schema_version()));
}

#[test]
fn in_memory_database_keeps_its_content_across_checkouts() {
    let pool = Pool::connect(&DbUrl::parse("sqlite::memory:").unwrap(), options()).expect("memory");
    migrate(&mut pool.get().expect("connection")).expect("migration");
    assert!(is_ours(&mut pool.get().expect("second checkout")));
}

#[derive(QueryableByName)]
struct DatabaseFile {
    #[diesel(sql_type = Text)]
    file: String,
}

fn sqlite_file(conn: &mut AnyConnection) -> String {
    let rows = with_conn!(conn, |c| diesel::sql_query("SELECT file FROM pragma_database_list WHERE name = 'main'")
        .load::<DatabaseFile>(c))
    .expect("database list");
    rows.into_iter().next().map(|r| r.file).unwrap_or_default()
}

#[test]
fn replicas_take_turns_and_fall_back_to_the_primary() {
    let dir = TempDir::new("replicas");
    let open = |name: &str, read_only: bool| {
        let url = sqlite_url(&dir.path(name));
        if !read_only {
            let pool = Pool::connect(&url, options()).expect("creating");
            migrate(&mut pool.get().expect("connection")).expect("migration");
            return pool;
        }
        Pool::connect(&url, PoolOptions { max_size: 1, read_only: true, ..PoolOptions::default() }).expect("replica")
    };
    let primary = open("primary.sqlite", false);
    open("r1.sqlite", false);
    open("r2.sqlite", false);
    let r1 = open("r1.sqlite", true);
    let r2 = open("r2.sqlite", true);
    let name_of =
        |file: String| Path::new(&file).file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();

    let replicas = Replicas::new(primary.clone(), vec![r1.clone(), r2.clone()])
        .with_timeouts(Duration::from_millis(50), Duration::from_millis(300));
    assert_eq!(replicas.replica_count(), 2);
    assert_eq!(name_of(sqlite_file(&mut replicas.writer().expect("writer"))), "primary.sqlite");
    let turns: Vec<String> = (0..4).map(|_| name_of(sqlite_file(&mut replicas.reader().expect("reader")))).collect();
    assert_eq!(turns, ["r1.sqlite", "r2.sqlite", "r1.sqlite", "r2.sqlite"]);

    // Both replicas saturated: the primary serves, and the replicas are skipped for a while.
    let held1 = r1.get().expect("hold r1");
    let held2 = r2.get().expect("hold r2");
    assert_eq!(name_of(sqlite_file(&mut replicas.reader().expect("reader"))), "primary.sqlite");
    drop((held1, held2));
    assert_eq!(name_of(sqlite_file(&mut replicas.reader().expect("reader"))), "primary.sqlite");
    std::thread::sleep(Duration::from_millis(400));
    let back = name_of(sqlite_file(&mut replicas.reader().expect("reader")));
    assert!(back == "r1.sqlite" || back == "r2.sqlite", "replicas were not retried: {back}");

    // Without replicas, readers use the primary.
    let alone = Replicas::new(primary, Vec::new());
    assert_eq!(name_of(sqlite_file(&mut alone.reader().expect("reader"))), "primary.sqlite");
}

#[test]
fn errors_are_classified_for_retrying() {
    let lost = StoreError::from(diesel::result::Error::DatabaseError(
        diesel::result::DatabaseErrorKind::Unknown,
        Box::new("MySQL server has gone away".to_string()),
    ));
    assert!(matches!(lost, StoreError::LostConnection { .. }) && lost.is_transient(), "{lost:?}");
    let busy = StoreError::from(diesel::result::Error::DatabaseError(
        diesel::result::DatabaseErrorKind::Unknown,
        Box::new("database is locked".to_string()),
    ));
    assert!(matches!(busy, StoreError::Busy { .. }) && busy.is_transient(), "{busy:?}");
    let not_found = StoreError::from(diesel::result::Error::NotFound);
    assert!(matches!(not_found, StoreError::Query(_)) && !not_found.is_transient());
}

// ---------------------------------------------------------------------------------------
// PostgreSQL
// ---------------------------------------------------------------------------------------

#[cfg(feature = "postgres")]
const POSTGRES_ENV: &str = "WIKIQUERY_TEST_POSTGRES";
#[cfg(feature = "postgres")]
const POSTGRES_DEFAULT: &str = "postgres://postgres@127.0.0.1:5432/test";

#[cfg(feature = "postgres")]
#[test]
fn postgres_schema_migrations_and_round_trips() {
    let db = ServerDb::create(POSTGRES_ENV, POSTGRES_DEFAULT);
    server_suite(&db);
}

#[cfg(feature = "postgres")]
#[test]
fn postgres_mediawiki_database_is_not_written() {
    let db = ServerDb::create(POSTGRES_ENV, POSTGRES_DEFAULT);
    let mut raw = AnyConnection::establish(&db.url).expect("connecting");
    raw.batch_execute(
        "CREATE TABLE page (page_id BIGINT PRIMARY KEY, page_namespace INTEGER NOT NULL, page_title TEXT NOT NULL)",
    )
    .expect("a MediaWiki-like table");
    drop(raw);
    let pool = Pool::connect(&db.url, options()).expect("opening");
    assert_eq!(pool.kind(), DatabaseKind::MediaWiki);
    assert!(pool.is_read_only());
    let mut conn = pool.get().expect("connection");
    assert_eq!(migrate(&mut conn).expect("migrate"), MigrationOutcome::ExistingMediaWiki);
    assert_eq!(table_names(&mut conn).expect("tables"), vec!["page".to_string()]);
    let err = conn.batch_execute("CREATE TABLE intruder (x INTEGER)").unwrap_err();
    assert!(matches!(err, StoreError::ReadOnly { .. }), "{err:?}");
}

#[cfg(feature = "postgres")]
#[test]
fn postgres_lost_connection_is_reported_and_the_pool_recovers() {
    use diesel::dsl::sql;
    let mut db = ServerDb::create(POSTGRES_ENV, POSTGRES_DEFAULT);
    let pool = Pool::connect(&db.url, PoolOptions { max_size: 1, ..options() }).expect("pool");
    {
        let mut conn = pool.get().expect("connection");
        let pid: i32 = with_conn!(&mut conn, |c| diesel::select(sql::<Integer>("pg_backend_pid()")).get_result(c))
            .expect("backend pid");
        db.admin.batch_execute(&format!("SELECT pg_terminate_backend({pid})")).expect("terminating");
        let err = with_conn!(&mut conn, |c| diesel::select(sql::<Integer>("1")).get_result::<i32>(c))
            .map_err(StoreError::from)
            .unwrap_err();
        assert!(matches!(err, StoreError::LostConnection { .. }), "{err:?}");
        assert!(err.is_transient());
    }
    let mut conn = pool.get().expect("a fresh connection after the loss");
    let one = with_conn!(&mut conn, |c| diesel::select(sql::<Integer>("1")).get_result::<i32>(c)).expect("query");
    assert_eq!(one, 1);
}

#[cfg(feature = "postgres")]
#[test]
fn postgres_connect_errors_hide_the_password() {
    let url = DbUrl::parse("postgres://postgres:hunter2@127.0.0.1:1/test").unwrap();
    let err = Pool::connect(&url, options()).unwrap_err();
    let message = err.to_string();
    assert!(matches!(err, StoreError::Connect { .. }), "{err:?}");
    assert!(message.contains("postgres://postgres:***@127.0.0.1:1/test"), "{message}");
    assert!(!message.contains("hunter2"), "{message}");
}

// ---------------------------------------------------------------------------------------
// MariaDB / MySQL
// ---------------------------------------------------------------------------------------

#[cfg(feature = "mysql")]
const MYSQL_ENV: &str = "WIKIQUERY_TEST_MYSQL";
#[cfg(feature = "mysql")]
const MYSQL_DEFAULT: &str = "mysql://root@127.0.0.1:3306/test";

#[cfg(feature = "mysql")]
#[test]
fn mysql_schema_migrations_and_round_trips() {
    let db = ServerDb::create(MYSQL_ENV, MYSQL_DEFAULT);
    server_suite(&db);
}

/// Tables typed the way MediaWiki's own MySQL schema types them (INT UNSIGNED, TINYINT,
/// BINARY(14), BLOB, DOUBLE UNSIGNED, FLOAT, TIMESTAMP, ENUM) read with schema.rs's types, and
/// such a database is recognised as MediaWiki's and not written.
#[cfg(feature = "mysql")]
#[test]
fn mysql_mediawiki_column_types_read_with_schema_types() {
    use schema::{actor, categorylinks, logging, page_props};
    let db = ServerDb::create(MYSQL_ENV, MYSQL_DEFAULT);
    let mut raw = AnyConnection::establish(&db.url).expect("connecting");
    raw.batch_execute(
        "CREATE TABLE page (
            page_id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
            page_namespace INT NOT NULL,
            page_title VARBINARY(255) NOT NULL,
            page_is_redirect TINYINT UNSIGNED NOT NULL DEFAULT 0,
            page_is_new TINYINT UNSIGNED NOT NULL DEFAULT 0,
            page_random DOUBLE PRECISION UNSIGNED NOT NULL,
            page_touched BINARY(14) NOT NULL,
            page_links_updated VARBINARY(14) DEFAULT NULL,
            page_latest INT UNSIGNED NOT NULL,
            page_len INT UNSIGNED NOT NULL,
            page_content_model VARBINARY(32) DEFAULT NULL,
            page_lang VARBINARY(35) DEFAULT NULL
        ) DEFAULT CHARSET=binary;
        CREATE TABLE actor (
            actor_id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
            actor_user INT UNSIGNED DEFAULT NULL,
            actor_name VARBINARY(255) NOT NULL
        ) DEFAULT CHARSET=binary;
        CREATE TABLE logging (
            log_id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
            log_type VARBINARY(32) NOT NULL DEFAULT '',
            log_action VARBINARY(32) NOT NULL DEFAULT '',
            log_timestamp BINARY(14) NOT NULL DEFAULT '19700101000000',
            log_actor BIGINT UNSIGNED NOT NULL,
            log_namespace INT NOT NULL DEFAULT 0,
            log_title VARBINARY(255) NOT NULL DEFAULT '',
            log_page INT UNSIGNED DEFAULT NULL,
            log_comment_id BIGINT UNSIGNED NOT NULL,
            log_params BLOB NOT NULL,
            log_deleted TINYINT UNSIGNED NOT NULL DEFAULT 0
        ) DEFAULT CHARSET=binary;
        CREATE TABLE categorylinks (
            cl_from INT UNSIGNED NOT NULL DEFAULT 0,
            cl_to VARBINARY(255) NOT NULL DEFAULT '',
            cl_sortkey VARBINARY(230) NOT NULL DEFAULT '',
            cl_sortkey_prefix VARBINARY(255) NOT NULL DEFAULT '',
            cl_timestamp TIMESTAMP NOT NULL,
            cl_collation VARBINARY(32) NOT NULL DEFAULT '',
            cl_type ENUM('page', 'subcat', 'file') NOT NULL DEFAULT 'page',
            PRIMARY KEY (cl_from, cl_to)
        ) DEFAULT CHARSET=binary;
        CREATE TABLE page_props (
            pp_page INT UNSIGNED NOT NULL,
            pp_propname VARBINARY(60) NOT NULL,
            pp_value BLOB NOT NULL,
            pp_sortkey FLOAT DEFAULT NULL,
            PRIMARY KEY (pp_page, pp_propname)
        ) DEFAULT CHARSET=binary;
        INSERT INTO page VALUES (4294967295, 14, 'Ünïcödé', 1, 0, 0.75, '20240102030405', NULL, 4000000000, 3000000000, 'wikitext', NULL);
        INSERT INTO actor VALUES (18446744073709551, 4294967295, 'Alice');
        INSERT INTO logging VALUES (7, 'block', 'block', '20240102030406', 18446744073709551, 2, 'Mallory', NULL, 9, 'a:0:{}', 255);
        INSERT INTO categorylinks VALUES (4294967295, 'Cats', 'ÜNÏCÖDÉ', '', '2024-01-02 03:04:05', 'uppercase', 'subcat');
        INSERT INTO page_props VALUES (4294967295, 'defaultsort', 'X', 1.5);",
    )
    .expect("MediaWiki-typed tables");
    drop(raw);

    let pool = Pool::connect(&db.url, options()).expect("opening");
    assert_eq!(pool.kind(), DatabaseKind::MediaWiki);
    assert!(pool.is_read_only());
    let mut conn = pool.get().expect("connection");
    let tables_before = table_names(&mut conn).expect("tables");
    assert_eq!(migrate(&mut conn).expect("migrate"), MigrationOutcome::ExistingMediaWiki);
    assert_eq!(table_names(&mut conn).expect("tables"), tables_before);

    let pages = load_table!(
        &mut conn,
        page,
        [
            page_id,
            page_namespace,
            page_title,
            page_is_redirect,
            page_is_new,
            page_random,
            page_touched,
            page_links_updated,
            page_latest,
            page_len,
            page_content_model,
            page_lang
        ]
    );
    assert_eq!(
        pages,
        vec![(
            4_294_967_295,
            14,
            "Ünïcödé".to_string(),
            1,
            0,
            0.75,
            "20240102030405".to_string(),
            None,
            4_000_000_000,
            3_000_000_000,
            Some("wikitext".to_string()),
            None
        )]
    );
    let actors = with_conn!(&mut conn, |c| actor::table.load::<(i64, Option<i64>, String)>(c)).expect("actor");
    assert_eq!(actors, vec![(18_446_744_073_709_551, Some(4_294_967_295), "Alice".to_string())]);
    type LogRow = (i64, String, String, String, i64, i32, String, Option<i64>, i64, String, i32);
    let logs = with_conn!(&mut conn, |c| logging::table.load::<LogRow>(c)).expect("logging");
    assert_eq!(
        logs,
        vec![(
            7,
            "block".to_string(),
            "block".to_string(),
            "20240102030406".to_string(),
            18_446_744_073_709_551,
            2,
            "Mallory".to_string(),
            None,
            9,
            "a:0:{}".to_string(),
            255
        )]
    );
    // TIMESTAMP comes back in MySQL's own format, not MediaWiki's 14 digits.
    let cats = with_conn!(&mut conn, |c| categorylinks::table
        .select((categorylinks::cl_sortkey, categorylinks::cl_timestamp, categorylinks::cl_type))
        .load::<(String, String, String)>(c))
    .expect("categorylinks");
    assert_eq!(cats, vec![("ÜNÏCÖDÉ".to_string(), "2024-01-02 03:04:05".to_string(), "subcat".to_string())]);
    let props =
        with_conn!(&mut conn, |c| page_props::table.load::<(i64, String, String, Option<f64>)>(c)).expect("props");
    assert_eq!(props, vec![(4_294_967_295, "defaultsort".to_string(), "X".to_string(), Some(1.5))]);
    expect_read_only(insert_page(&mut conn));
}

#[cfg(feature = "mysql")]
#[test]
fn mysql_lost_connection_is_reported_and_the_pool_recovers() {
    use diesel::dsl::sql;
    let mut db = ServerDb::create(MYSQL_ENV, MYSQL_DEFAULT);
    let pool = Pool::connect(&db.url, PoolOptions { max_size: 1, ..options() }).expect("pool");
    {
        let mut conn = pool.get().expect("connection");
        let id: i64 = with_conn!(&mut conn, |c| diesel::select(sql::<BigInt>("CONNECTION_ID()")).get_result(c))
            .expect("connection id");
        db.admin.batch_execute(&format!("KILL {id}")).expect("killing");
        let err = with_conn!(&mut conn, |c| diesel::select(sql::<Integer>("1")).get_result::<i32>(c))
            .map_err(StoreError::from)
            .unwrap_err();
        assert!(matches!(err, StoreError::LostConnection { .. }), "{err:?}");
        assert!(err.is_transient());
    }
    let mut conn = pool.get().expect("a fresh connection after the loss");
    let one = with_conn!(&mut conn, |c| diesel::select(sql::<Integer>("1")).get_result::<i32>(c)).expect("query");
    assert_eq!(one, 1);
}

#[cfg(feature = "mysql")]
#[test]
fn mysql_connect_errors_hide_the_password() {
    let url = DbUrl::parse("mariadb://root:hunter2@127.0.0.1:1/test").unwrap();
    let err = Pool::connect(&url, options()).unwrap_err();
    let message = err.to_string();
    assert!(matches!(err, StoreError::Connect { .. }), "{err:?}");
    assert!(message.contains("mysql://root:***@127.0.0.1:1/test"), "{message}");
    assert!(!message.contains("hunter2"), "{message}");
}
