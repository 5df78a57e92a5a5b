//! Catalogue queries (what the database says it has).

use std::collections::BTreeMap;

use diesel::prelude::*;
use diesel::sql_types::{Integer, Text};
use wikiquery_store::backend::{table_names, AnyConnection, Backend};
use wikiquery_store::schema;
use wikiquery_store::with_conn;

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

pub(super) fn column_names(conn: &mut AnyConnection, table: &str) -> Vec<String> {
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
pub(super) fn column_types(conn: &mut AnyConnection, table: &str) -> BTreeMap<String, (String, bool)> {
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

pub(super) fn primary_key(conn: &mut AnyConnection, table: &str) -> Vec<String> {
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
pub(super) fn indexes(conn: &mut AnyConnection, table: &str) -> BTreeMap<String, (bool, Vec<String>)> {
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

pub(super) fn schema_snapshot(conn: &mut AnyConnection) -> Vec<TableShape> {
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

pub(super) fn marker_rows(conn: &mut AnyConnection) -> Vec<(i32, String)> {
    use schema::wikiquery_schema::dsl::*;
    with_conn!(conn, |c| wikiquery_schema.select((version, applied_at)).order(version).load(c)).expect("reading marker")
}
