//! Schema inspection (whose database this is) and migrations.

use std::time::{SystemTime, UNIX_EPOCH};

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Nullable, Text};

use super::connection::AnyConnection;
use super::error::StoreError;
use super::url::Backend;
use crate::schema::wikiquery_schema;

const MARKER_TABLE: &str = "wikiquery_schema";
/// Tables whose presence (without the marker) identifies a MediaWiki database.
const MEDIAWIKI_CORE_TABLES: [&str; 4] = ["page", "revision", "logging", "actor"];
const SQLITE_MIGRATIONS: &str = include_str!("../migrations/sqlite.sql");
#[cfg(feature = "postgres")]
const POSTGRES_MIGRATIONS: &str = include_str!("../migrations/postgres.sql");
#[cfg(feature = "mysql")]
const MYSQL_MIGRATIONS: &str = include_str!("../migrations/mysql.sql");
const MIGRATION_MARK: &str = "-- wikiquery migration ";
/// The migration that makes the full-text search index (`wikiquery_search`), the one table
/// wikiquery may also keep beside a MediaWiki database's.
const SEARCH_INDEX_MIGRATION: i32 = 2;
/// The table of that index.
pub const SEARCH_INDEX_TABLE: &str = "wikiquery_search";

/// What a database holds, judged by its tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DatabaseKind {
    /// No tables at all: wikiquery may create its schema.
    Empty,
    /// Has wikiquery's `wikiquery_schema` marker.
    Ours,
    /// Has MediaWiki's core tables but no marker: MediaWiki's own database, served read-only.
    MediaWiki,
    /// Has tables that are neither: left alone.
    Unrecognised,
}

/// What [`migrate`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MigrationOutcome {
    /// The database was empty; wikiquery's schema was created at this version.
    Created {
        /// The version now recorded.
        version: i32,
    },
    /// Versions after `from` up to `to` were applied.
    Upgraded {
        /// The version found.
        from: i32,
        /// The version now recorded.
        to: i32,
    },
    /// Nothing to do.
    UpToDate {
        /// The version recorded.
        version: i32,
    },
    /// An existing MediaWiki database: nothing was written; serve it read-only.
    ExistingMediaWiki,
}

#[derive(QueryableByName)]
struct TableName {
    #[diesel(sql_type = Text)]
    name: String,
}

#[derive(QueryableByName)]
struct LockResult {
    #[diesel(sql_type = Nullable<BigInt>)]
    got: Option<i64>,
}

/// Names of the tables in the database (current schema on PostgreSQL).
pub fn table_names(conn: &mut AnyConnection) -> Result<Vec<String>, StoreError> {
    let sql = match conn.backend() {
        Backend::Sqlite => {
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
        }
        Backend::Postgres => {
            "SELECT CAST(table_name AS TEXT) AS name FROM information_schema.tables \
             WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'"
        }
        Backend::Mysql => {
            "SELECT CAST(table_name AS CHAR) AS name FROM information_schema.tables \
             WHERE table_schema = DATABASE()"
        }
    };
    let rows = crate::with_conn!(conn, |c| diesel::sql_query(sql).load::<TableName>(c))?;
    Ok(rows.into_iter().map(|row| row.name).collect())
}

/// Judges what the database holds.
pub fn inspect(conn: &mut AnyConnection) -> Result<DatabaseKind, StoreError> {
    Ok(classify(&table_names(conn)?))
}

fn classify(tables: &[String]) -> DatabaseKind {
    if tables.is_empty() {
        DatabaseKind::Empty
    } else if tables.iter().any(|t| t == MARKER_TABLE) {
        DatabaseKind::Ours
    } else if tables.iter().any(|t| MEDIAWIKI_CORE_TABLES.contains(&t.as_str())) {
        DatabaseKind::MediaWiki
    } else {
        DatabaseKind::Unrecognised
    }
}

/// Whether the database carries wikiquery's schema marker.
pub fn is_ours(conn: &mut AnyConnection) -> bool {
    matches!(inspect(conn), Ok(DatabaseKind::Ours))
}

/// The newest schema version recorded in a wikiquery database (`None` when there is no
/// marker table or it is empty).
pub fn schema_version(conn: &mut AnyConnection) -> Result<Option<i32>, StoreError> {
    if !table_names(conn)?.iter().any(|t| t == MARKER_TABLE) {
        return Ok(None);
    }
    let version = crate::with_conn!(conn, |c| wikiquery_schema::table
        .select(diesel::dsl::max(wikiquery_schema::version))
        .first::<Option<i32>>(c))?;
    Ok(version)
}

#[derive(QueryableByName)]
struct IdentityColumn {
    #[diesel(sql_type = Text)]
    table_name: String,
    #[diesel(sql_type = Text)]
    column_name: String,
}

/// Moves PostgreSQL's id generators past the largest id in each table. Needed after rows were
/// inserted with explicit ids (an import keeps MediaWiki's ids), because PostgreSQL, unlike
/// SQLite and MariaDB, does not advance them by itself. Does nothing on other backends.
pub fn sync_id_sequences(conn: &mut AnyConnection) -> Result<(), StoreError> {
    if conn.backend() != Backend::Postgres {
        return Ok(());
    }
    let columns = crate::with_conn!(conn, |c| diesel::sql_query(
        "SELECT CAST(table_name AS TEXT) AS table_name, CAST(column_name AS TEXT) AS column_name \
         FROM information_schema.columns WHERE table_schema = current_schema() AND is_identity = 'YES'"
    )
    .load::<IdentityColumn>(c))?;
    for IdentityColumn { table_name, column_name } in columns {
        // Names come from the catalogue, not from input; quoting keeps "user" and "text" valid.
        let table = format!("\"{}\"", table_name.replace('"', "\"\""));
        let column = format!("\"{}\"", column_name.replace('"', "\"\""));
        let literal = |s: &str| format!("'{}'", s.replace('\'', "''"));
        conn.batch_execute(&format!(
            "SELECT setval(pg_get_serial_sequence({}, {}), COALESCE((SELECT MAX({column}) FROM {table}), 0) + 1, false)",
            literal(&table),
            literal(&column_name),
        ))?;
    }
    Ok(())
}

/// The schema version this build creates.
pub fn latest_schema_version() -> i32 {
    parse_migrations(SQLITE_MIGRATIONS).last().map_or(0, |m| m.version)
}

/// One version's statements.
#[derive(Debug)]
struct MigrationStep {
    version: i32,
    statements: Vec<String>,
}

impl MigrationStep {
    /// Runs the step's statements, naming the one that fails.
    fn apply(&self, conn: &mut AnyConnection) -> Result<(), StoreError> {
        for statement in &self.statements {
            conn.batch_execute(statement).map_err(|e| StoreError::Migration {
                version: self.version,
                statement: statement.chars().take(80).collect(),
                source: Box::new(e),
            })?;
        }
        Ok(())
    }
}

/// Splits a migration script into versions and statements. The scripts are compiled in, and
/// a unit test checks they parse into consecutive versions.
fn parse_migrations(script: &str) -> Vec<MigrationStep> {
    let mut steps: Vec<MigrationStep> = Vec::new();
    let mut body = String::new();
    let mut current: Option<i32> = None;
    let flush = |version: Option<i32>, body: &mut String, steps: &mut Vec<MigrationStep>| {
        if let Some(version) = version {
            steps.push(MigrationStep { version, statements: split_statements(body) });
        }
        body.clear();
    };
    for line in script.lines() {
        if let Some(rest) = line.strip_prefix(MIGRATION_MARK) {
            flush(current, &mut body, &mut steps);
            let number = rest.split(|c: char| !c.is_ascii_digit()).next().unwrap_or("");
            current = number.parse().ok();
        } else if !line.trim_start().starts_with("--") {
            body.push_str(line);
            body.push('\n');
        }
    }
    flush(current, &mut body, &mut steps);
    steps
}

/// Splits SQL on semicolons that are outside quotes.
fn split_statements(sql: &str) -> Vec<String> {
    let mut statements = Vec::new();
    let mut current = String::new();
    let mut quote: Option<char> = None;
    for ch in sql.chars() {
        match quote {
            Some(q) if ch == q => quote = None,
            Some(_) => {}
            None if matches!(ch, '\'' | '"' | '`') => quote = Some(ch),
            None if ch == ';' => {
                if !current.trim().is_empty() {
                    statements.push(current.trim().to_string());
                }
                current.clear();
                continue;
            }
            None => {}
        }
        current.push(ch);
    }
    if !current.trim().is_empty() {
        statements.push(current.trim().to_string());
    }
    statements
}

fn migration_script(backend: Backend) -> Result<&'static str, StoreError> {
    match backend {
        Backend::Sqlite => Ok(SQLITE_MIGRATIONS),
        #[cfg(feature = "postgres")]
        Backend::Postgres => Ok(POSTGRES_MIGRATIONS),
        #[cfg(feature = "mysql")]
        Backend::Mysql => Ok(MYSQL_MIGRATIONS),
        #[allow(unreachable_patterns)]
        other => Err(other.not_built_error()),
    }
}

/// Brings a database to the current schema. An empty database gets wikiquery's schema and
/// marker; a wikiquery database gets the versions it lacks; an existing MediaWiki database
/// is left untouched ([`MigrationOutcome::ExistingMediaWiki`]). Safe to run from several
/// processes at once: the work happens under a database-wide lock.
pub fn migrate(conn: &mut AnyConnection) -> Result<MigrationOutcome, StoreError> {
    // Decide before taking a lock, since locking would itself write to a MediaWiki database.
    match inspect(conn)? {
        DatabaseKind::MediaWiki => return Ok(MigrationOutcome::ExistingMediaWiki),
        DatabaseKind::Unrecognised => return Err(unrecognised(&table_names(conn)?)),
        DatabaseKind::Empty | DatabaseKind::Ours => {}
    }
    let script = migration_script(conn.backend())?;
    lock_for_migration(conn)?;
    let result = apply_migrations(conn, script);
    let released = unlock_after_migration(conn, result.is_ok());
    let outcome = result?;
    released?;
    Ok(outcome)
}

fn unrecognised(tables: &[String]) -> StoreError {
    let mut shown: Vec<&str> = tables.iter().map(String::as_str).take(5).collect();
    if tables.len() > shown.len() {
        shown.push("…");
    }
    StoreError::UnrecognisedDatabase { tables: shown.join(", ") }
}

/// Adds wikiquery's full-text search index (empty) beside the tables of a MediaWiki database,
/// as its migration makes it in a wikiquery database: the one table wikiquery keeps in a
/// database it did not create, written only by `wikiquery reindex`. Nothing of MediaWiki's is
/// changed. Says whether the table was made (`false`: it was there already, as in every
/// wikiquery database); refuses an empty or unrecognised database.
pub fn add_search_side_table(conn: &mut AnyConnection) -> Result<bool, StoreError> {
    let tables = table_names(conn)?;
    match classify(&tables) {
        DatabaseKind::MediaWiki => {}
        // Its migrations made the index.
        DatabaseKind::Ours => return Ok(false),
        DatabaseKind::Unrecognised => return Err(unrecognised(&tables)),
        DatabaseKind::Empty => {
            return Err(StoreError::ReadOnly { reason: "an empty database holds no wiki to index".to_owned() })
        }
    }
    if tables.iter().any(|t| t == SEARCH_INDEX_TABLE) {
        return Ok(false);
    }
    let script = migration_script(conn.backend())?;
    let step = parse_migrations(script)
        .into_iter()
        .find(|step| step.version == SEARCH_INDEX_MIGRATION)
        .expect("the migration scripts have the search index's version");
    step.apply(conn)?;
    Ok(true)
}

/// Takes the migration lock; on SQLite and PostgreSQL this also opens the transaction the
/// migration runs in.
fn lock_for_migration(conn: &mut AnyConnection) -> Result<(), StoreError> {
    match conn.backend() {
        Backend::Sqlite => conn.batch_execute("BEGIN IMMEDIATE"),
        // An arbitrary constant that names "wikiquery schema migration" among advisory locks.
        Backend::Postgres => conn.batch_execute("BEGIN; SELECT pg_advisory_xact_lock(7346201958361);"),
        Backend::Mysql => {
            // MariaDB/MySQL DDL commits implicitly, so a named lock serialises migrators.
            let rows = crate::with_conn!(conn, |c| diesel::sql_query(
                "SELECT CAST(GET_LOCK('wikiquery_schema_migration', 60) AS SIGNED) AS got"
            )
            .load::<LockResult>(c))?;
            match rows.first().and_then(|row| row.got) {
                Some(1) => Ok(()),
                _ => Err(StoreError::Busy { reason: "another process has been migrating the schema for 60 s".into() }),
            }
        }
    }
}

fn unlock_after_migration(conn: &mut AnyConnection, success: bool) -> Result<(), StoreError> {
    match (conn.backend(), success) {
        (Backend::Sqlite | Backend::Postgres, true) => conn.batch_execute("COMMIT"),
        (Backend::Sqlite | Backend::Postgres, false) => conn.batch_execute("ROLLBACK"),
        (Backend::Mysql, _) => conn.batch_execute("DO RELEASE_LOCK('wikiquery_schema_migration')"),
    }
}

fn apply_migrations(conn: &mut AnyConnection, script: &'static str) -> Result<MigrationOutcome, StoreError> {
    // Someone may have migrated between the first look and the lock.
    let tables = table_names(conn)?;
    match classify(&tables) {
        DatabaseKind::MediaWiki => return Ok(MigrationOutcome::ExistingMediaWiki),
        DatabaseKind::Unrecognised => return Err(unrecognised(&tables)),
        DatabaseKind::Empty | DatabaseKind::Ours => {}
    }
    let found = schema_version(conn)?.unwrap_or(0);
    let steps = parse_migrations(script);
    let latest = steps.last().map_or(0, |step| step.version);
    if found > latest {
        return Err(StoreError::SchemaTooNew { found, supported: latest });
    }
    for step in steps.iter().filter(|step| step.version > found) {
        step.apply(conn)?;
        let applied_at = mediawiki_timestamp(SystemTime::now());
        crate::with_conn!(conn, |c| diesel::insert_into(wikiquery_schema::table)
            .values((wikiquery_schema::version.eq(step.version), wikiquery_schema::applied_at.eq(&applied_at)))
            .execute(c))?;
    }
    Ok(if found == latest {
        MigrationOutcome::UpToDate { version: latest }
    } else if found == 0 {
        MigrationOutcome::Created { version: latest }
    } else {
        MigrationOutcome::Upgraded { from: found, to: latest }
    })
}

/// Formats a time as MediaWiki's 14-digit UTC timestamp (`YYYYMMDDHHMMSS`).
fn mediawiki_timestamp(time: SystemTime) -> String {
    let secs = time.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let days = i64::try_from(secs / 86_400).unwrap_or(0);
    let rem = secs % 86_400;
    // Civil date from days since 1970-01-01 (proleptic Gregorian calendar).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}{month:02}{day:02}{:02}{:02}{:02}", rem / 3_600, rem % 3_600 / 60, rem % 60)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn scripts_have_consecutive_versions_and_agree() {
        let scripts = [
            SQLITE_MIGRATIONS,
            #[cfg(feature = "postgres")]
            POSTGRES_MIGRATIONS,
            #[cfg(feature = "mysql")]
            MYSQL_MIGRATIONS,
        ];
        for script in scripts {
            let steps = parse_migrations(script);
            let versions: Vec<i32> = steps.iter().map(|s| s.version).collect();
            let expected: Vec<i32> = (1..=latest_schema_version()).collect();
            assert_eq!(versions, expected);
            assert!(steps.iter().all(|s| !s.statements.is_empty()));
            // The marker table plus the 44 MediaWiki tables of version 1.
            let creates = steps[0].statements.iter().filter(|s| s.starts_with("CREATE TABLE")).count();
            assert_eq!(creates, 45);
        }
    }

    #[test]
    fn splitting_respects_quotes() {
        let parts = split_statements("INSERT INTO t VALUES ('a;b'); SELECT \"x;\" ;\n\n");
        assert_eq!(parts, vec!["INSERT INTO t VALUES ('a;b')".to_string(), "SELECT \"x;\"".to_string()]);
    }

    #[test]
    fn timestamps_are_mediawiki_format() {
        assert_eq!(mediawiki_timestamp(UNIX_EPOCH), "19700101000000");
        let t = UNIX_EPOCH + Duration::from_secs(1_709_251_199); // 2024-02-29 23:59:59 UTC
        assert_eq!(mediawiki_timestamp(t), "20240229235959");
        let t = UNIX_EPOCH + Duration::from_secs(951_782_400); // 2000-02-29 00:00:00 UTC
        assert_eq!(mediawiki_timestamp(t), "20000229000000");
    }
}
