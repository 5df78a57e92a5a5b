//! Database URLs: which backend, where, and how they are shown with passwords hidden.

use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use super::error::StoreError;

/// The database engines wikiquery can talk to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Backend {
    /// SQLite (always compiled in).
    Sqlite,
    /// PostgreSQL (cargo feature `postgres`).
    Postgres,
    /// MariaDB or MySQL (cargo feature `mysql`).
    Mysql,
}

impl Backend {
    /// Whether this binary was compiled with support for the backend.
    pub fn is_built(self) -> bool {
        match self {
            Backend::Sqlite => true,
            Backend::Postgres => cfg!(feature = "postgres"),
            Backend::Mysql => cfg!(feature = "mysql"),
        }
    }

    pub(super) fn not_built_error(self) -> StoreError {
        match self {
            Backend::Sqlite => StoreError::InvalidUrl("SQLite is always available".into()),
            Backend::Postgres => StoreError::BackendNotBuilt { backend: "PostgreSQL", feature: "postgres" },
            Backend::Mysql => StoreError::BackendNotBuilt { backend: "MariaDB/MySQL", feature: "mysql" },
        }
    }
}

impl fmt::Display for Backend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Backend::Sqlite => "SQLite",
            Backend::Postgres => "PostgreSQL",
            Backend::Mysql => "MariaDB/MySQL",
        })
    }
}

/// A parsed database location. `Display` and `Debug` never show a password.
#[derive(Clone, PartialEq, Eq)]
pub enum DbUrl {
    /// An SQLite file (`:memory:` for a private in-memory database).
    Sqlite {
        /// Path of the database file.
        path: PathBuf,
    },
    /// A `postgres://` (or `postgresql://`) URL, passed to libpq unchanged.
    Postgres {
        /// The full URL.
        url: String,
    },
    /// A `mysql://` URL (`mariadb://` is rewritten to `mysql://`).
    Mysql {
        /// The full URL.
        url: String,
    },
}

const SQLITE_MEMORY: &str = ":memory:";

impl DbUrl {
    /// Parses `sqlite:PATH`, `sqlite://PATH`, a bare path ending in `.sqlite`, `.sqlite3` or
    /// `.db`, `postgres://…`, `postgresql://…`, `mysql://…` or `mariadb://…`.
    pub fn parse(input: &str) -> Result<DbUrl, StoreError> {
        let s = input.trim();
        if s.is_empty() {
            return Err(StoreError::InvalidUrl("the database URL is empty".into()));
        }
        let lower = s.to_ascii_lowercase();
        let parsed = if let Some(rest) =
            strip_scheme(s, &lower, "sqlite://").or_else(|| strip_scheme(s, &lower, "sqlite:"))
        {
            if rest.is_empty() {
                return Err(StoreError::InvalidUrl(format!("`{s}` names no SQLite file")));
            }
            DbUrl::Sqlite { path: PathBuf::from(rest) }
        } else if lower.starts_with("postgres://") || lower.starts_with("postgresql://") {
            DbUrl::Postgres { url: s.to_string() }
        } else if let Some(rest) = strip_scheme(s, &lower, "mysql://").or_else(|| strip_scheme(s, &lower, "mariadb://"))
        {
            DbUrl::Mysql { url: format!("mysql://{rest}") }
        } else if let Some((scheme, _)) = s.split_once("://") {
            return Err(StoreError::InvalidUrl(format!(
                "unsupported scheme `{scheme}://` in `{}`; use sqlite:PATH, postgres://… or mysql://…",
                redact_url(s)
            )));
        } else if [".sqlite", ".sqlite3", ".db"].iter().any(|ext| lower.ends_with(ext)) {
            DbUrl::Sqlite { path: PathBuf::from(s) }
        } else {
            return Err(StoreError::InvalidUrl(format!(
                "`{s}` is not a database URL; use sqlite:PATH (or a path ending in .sqlite/.db), \
                 postgres://… or mysql://…"
            )));
        };
        if !parsed.backend().is_built() {
            return Err(parsed.backend().not_built_error());
        }
        Ok(parsed)
    }

    /// The backend the URL names.
    pub fn backend(&self) -> Backend {
        match self {
            DbUrl::Sqlite { .. } => Backend::Sqlite,
            DbUrl::Postgres { .. } => Backend::Postgres,
            DbUrl::Mysql { .. } => Backend::Mysql,
        }
    }

    /// The URL with any password replaced by `***`, for messages and logs.
    pub fn redacted(&self) -> String {
        match self {
            DbUrl::Sqlite { path } => format!("sqlite:{}", path.display()),
            DbUrl::Postgres { url } | DbUrl::Mysql { url } => redact_url(url),
        }
    }

    /// The server's name as MediaWiki names a database server (`host` or `host:port`, as
    /// written in the URL), for lag reports; an SQLite file's name.
    pub fn server_name(&self) -> String {
        match self {
            DbUrl::Sqlite { path } => {
                path.file_name().map_or_else(|| path.display().to_string(), |f| f.to_string_lossy().into_owned())
            }
            DbUrl::Postgres { url } | DbUrl::Mysql { url } => {
                let rest = url.split_once("://").map_or(url.as_str(), |(_, rest)| rest);
                let authority = rest.split(['/', '?']).next().unwrap_or(rest);
                authority.rsplit_once('@').map_or(authority, |(_, host)| host).to_owned()
            }
        }
    }

    /// Whether this is a private in-memory SQLite database.
    pub fn is_sqlite_memory(&self) -> bool {
        matches!(self, DbUrl::Sqlite { path } if path.as_os_str() == SQLITE_MEMORY)
    }
}

fn strip_scheme<'a>(s: &'a str, lower: &str, scheme: &str) -> Option<&'a str> {
    // Schemes are ASCII, so the lower-cased prefix has the same byte length.
    lower.starts_with(scheme).then(|| &s[scheme.len()..])
}

impl FromStr for DbUrl {
    type Err = StoreError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        DbUrl::parse(s)
    }
}

impl fmt::Display for DbUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.redacted())
    }
}

impl fmt::Debug for DbUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DbUrl({})", self.redacted())
    }
}

/// Removes the password from `scheme://user:password@host/db?password=…`.
fn redact_url(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let split = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(split);
    let authority = match authority.rsplit_once('@') {
        Some((userinfo, host)) => match userinfo.split_once(':') {
            Some((user, _)) => format!("{user}:***@{host}"),
            None => format!("{userinfo}@{host}"),
        },
        None => authority.to_string(),
    };
    let tail = match tail.split_once('?') {
        Some((path, query)) => {
            let params: Vec<String> = query
                .split('&')
                .map(|param| match param.split_once('=') {
                    Some((key, _)) if key.eq_ignore_ascii_case("password") => format!("{key}=***"),
                    _ => param.to_string(),
                })
                .collect();
            format!("{path}?{}", params.join("&"))
        }
        None => tail.to_string(),
    };
    format!("{scheme}://{authority}{tail}")
}

/// Turns a file path into an SQLite URI path, escaping the characters URIs give meaning to.
pub(super) fn sqlite_uri(path: &Path, read_only: bool) -> String {
    let raw = path.to_string_lossy();
    let mut uri = String::with_capacity(raw.len() + 16);
    uri.push_str("file:");
    for ch in raw.chars() {
        match ch {
            '%' => uri.push_str("%25"),
            '?' => uri.push_str("%3F"),
            '#' => uri.push_str("%23"),
            _ => uri.push(ch),
        }
    }
    if read_only {
        uri.push_str("?mode=ro");
    }
    uri
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redaction_hides_passwords() {
        assert_eq!(redact_url("postgres://u:secret@h:5432/db"), "postgres://u:***@h:5432/db");
        assert_eq!(redact_url("mysql://u@h/db"), "mysql://u@h/db");
        assert_eq!(redact_url("postgres://h/db?user=u&password=pw&x=1"), "postgres://h/db?user=u&password=***&x=1");
        assert_eq!(redact_url("postgres://u:p@ss@h/db"), "postgres://u:***@h/db");
    }

    #[test]
    fn server_names_are_the_host_and_port_without_credentials() {
        let name = |u: &str| DbUrl::Mysql { url: u.to_owned() }.server_name();
        assert_eq!(name("mysql://wiki:p@ss@db-replica-1:3307/wikidb"), "db-replica-1:3307");
        assert_eq!(name("mysql://db2/wikidb?ssl_mode=required"), "db2");
        let pg = DbUrl::Postgres { url: "postgres://u@10.0.0.5:5442/wiki".to_owned() };
        assert_eq!(pg.server_name(), "10.0.0.5:5442");
        assert_eq!(DbUrl::Sqlite { path: "/srv/wiki/replica.sqlite".into() }.server_name(), "replica.sqlite");
    }

    #[test]
    fn sqlite_uris_escape_special_characters() {
        assert_eq!(sqlite_uri(Path::new("/tmp/a?b#c%d.db"), true), "file:/tmp/a%3Fb%23c%25d.db?mode=ro");
        assert_eq!(sqlite_uri(Path::new("rel/w.sqlite"), false), "file:rel/w.sqlite");
    }
}
