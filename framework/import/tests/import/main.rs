//! Dump import tests. The MediaWiki 1.39 fixture's dumps (`dump-full.xml`, `dump-logs.xml`)
//! are imported into fresh SQLite, PostgreSQL and MariaDB databases, and what was written is
//! compared with the rows MediaWiki itself wrote for the same wiki (`fixturewiki.sqlite`,
//! opened read-only): counts, page and revision rows, link tables, uploads, log entries.
//! Also: re-importing changes nothing, a truncated dump stops at its line and keeps the
//! committed batches, and MediaWiki's own database is refused.
//!
//! PostgreSQL and MariaDB tests need the `postgres`/`mysql` features and a server reachable
//! at `WIKIQUERY_TEST_POSTGRES` / `WIKIQUERY_TEST_MYSQL`; they fail when it is not.

#[macro_use]
mod rows;

mod check;
mod compare;
mod dumps;
mod failures;
mod links;
mod refresh;
mod support;
