//! The special pages' reports as MediaWiki serves them in miser mode: from its `querycache`
//! table, which `update-special-pages` fills with each cacheable report's first rows
//! (`querycache_info` says when), rather than computed at each request.

pub mod reports;

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Integer, Text};

use crate::backend::{AnyConnection, AsAnyConnection, Backend, StoreError};
use crate::reader::Reader;
use crate::with_conn;
use reports::{Report, ReportRow};

/// How many rows of a report the cache keeps (MediaWiki's `$wgQueryCacheLimit`).
pub const QUERY_CACHE_LIMIT: i64 = 1000;

#[derive(QueryableByName)]
struct CachedRow {
    #[diesel(sql_type = Integer)]
    namespace: i32,
    #[diesel(sql_type = Text)]
    title: String,
    #[diesel(sql_type = BigInt)]
    value: i64,
}

#[derive(QueryableByName)]
struct CachedAt {
    #[diesel(sql_type = Text)]
    at: String,
}

impl<C: AsAnyConnection> Reader<C> {
    /// A report's cached rows, in the report's cached order, `offset` skipped, at most
    /// `limit`; each row's value is the cached number.
    pub fn cached_report(&mut self, report: Report, offset: i64, limit: i64) -> Result<Vec<ReportRow>, StoreError> {
        let conn = self.conn();
        let mysql = conn.backend() == Backend::Mysql;
        let order = report
            .cache_order()
            .iter()
            .map(|(column, descending)| if *descending { format!("{column} DESC") } else { (*column).to_owned() })
            .collect::<Vec<_>>()
            .join(", ");
        let (title, marks) = if mysql {
            ("CAST(qc_title AS CHAR)", ["?", "?", "?"])
        } else if conn.backend() == Backend::Postgres {
            ("qc_title", ["$1", "$2", "$3"])
        } else {
            ("qc_title", ["?", "?", "?"])
        };
        let sql = format!(
            "SELECT qc_namespace AS namespace, {title} AS title, CAST(qc_value AS BIGINT) AS value FROM querycache \
             WHERE qc_type = {} ORDER BY {order} LIMIT {} OFFSET {}",
            marks[0], marks[1], marks[2]
        );
        let sql = if mysql { sql.replace("AS BIGINT", "AS SIGNED") } else { sql };
        let rows: Vec<CachedRow> = with_conn!(conn, |c| diesel::sql_query(sql.as_str())
            .bind::<Text, _>(report.name())
            .bind::<BigInt, _>(limit)
            .bind::<BigInt, _>(offset)
            .load(c))?;
        Ok(rows
            .into_iter()
            .map(|r| ReportRow {
                namespace: r.namespace,
                title: r.title,
                value: Some(r.value.to_string()),
                extra: Vec::new(),
            })
            .collect())
    }

    /// When a report was last cached (14 digits), if ever.
    pub fn report_cached_at(&mut self, report: Report) -> Result<Option<String>, StoreError> {
        let conn = self.conn();
        let sql = match conn.backend() {
            Backend::Postgres => "SELECT qci_timestamp AS at FROM querycache_info WHERE qci_type = $1",
            Backend::Mysql => "SELECT CAST(qci_timestamp AS CHAR) AS at FROM querycache_info WHERE qci_type = ?",
            Backend::Sqlite => "SELECT qci_timestamp AS at FROM querycache_info WHERE qci_type = ?",
        };
        let rows: Vec<CachedAt> = with_conn!(conn, |c| diesel::sql_query(sql).bind::<Text, _>(report.name()).load(c))?;
        Ok(rows.into_iter().next().map(|r| r.at))
    }
}

/// Computes a cacheable report and stores its first [`QUERY_CACHE_LIMIT`] rows in place of
/// the cached ones, as MediaWiki's `recache` does: timestamps as Unix seconds, other values
/// as integers, rows without a value numbered; `now` (14 digits) is recorded as the time.
/// Returns how many rows were stored (`None` for a report that is never cached).
pub fn recache_report(conn: &mut AnyConnection, report: Report, now: &str) -> Result<Option<usize>, StoreError> {
    if !report.is_cacheable() {
        return Ok(None);
    }
    let rows = Reader::new(&mut *conn).report(report, 0, QUERY_CACHE_LIMIT)?;
    let values: Vec<(i32, String, i64)> = rows
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let value = match &row.value {
                Some(v) if report.uses_timestamps() => unix_seconds(v),
                Some(v) => v.trim().parse::<f64>().map(|f| f as i64).unwrap_or(0),
                None => i as i64,
            };
            (row.namespace, row.title.clone(), value)
        })
        .collect();
    let postgres = conn.backend() == Backend::Postgres;
    let (delete, insert, info_delete, info_insert) = if postgres {
        (
            "DELETE FROM querycache WHERE qc_type = $1",
            "INSERT INTO querycache (qc_type, qc_value, qc_namespace, qc_title) VALUES ($1, $2, $3, $4)",
            "DELETE FROM querycache_info WHERE qci_type = $1",
            "INSERT INTO querycache_info (qci_type, qci_timestamp) VALUES ($1, $2)",
        )
    } else {
        (
            "DELETE FROM querycache WHERE qc_type = ?",
            "INSERT INTO querycache (qc_type, qc_value, qc_namespace, qc_title) VALUES (?, ?, ?, ?)",
            "DELETE FROM querycache_info WHERE qci_type = ?",
            "INSERT INTO querycache_info (qci_type, qci_timestamp) VALUES (?, ?)",
        )
    };
    let name = report.name();
    with_conn!(conn, |c| c.transaction::<_, diesel::result::Error, _>(|c| {
        diesel::sql_query(delete).bind::<Text, _>(name).execute(c)?;
        for (ns, title, value) in &values {
            diesel::sql_query(insert)
                .bind::<Text, _>(name)
                .bind::<BigInt, _>(*value)
                .bind::<Integer, _>(*ns)
                .bind::<Text, _>(title)
                .execute(c)?;
        }
        diesel::sql_query(info_delete).bind::<Text, _>(name).execute(c)?;
        diesel::sql_query(info_insert).bind::<Text, _>(name).bind::<Text, _>(now).execute(c)?;
        Ok(())
    }))?;
    Ok(Some(values.len()))
}

/// A 14-digit timestamp as Unix seconds (0 when it is none).
fn unix_seconds(stored: &str) -> i64 {
    wikiquery_domain::timestamp::Timestamp::parse(stored).map_or(0, |t| t.unix())
}
