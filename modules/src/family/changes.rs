//! What the listings of changes share (`list=logevents`, `list=recentchanges`): their
//! continue value, `<timestamp>|<id>`, read as MediaWiki reads it.

use wikiquery_domain::php;
use wikiquery_framework::{ApiError, Timestamp};

/// Reads a `<timestamp>|<id>` continue value as MediaWiki's log and recent-changes listings do:
/// any timestamp form its timestamp library reads, and an id that PHP compares equal to its
/// integer value. Gives the timestamp in the 14-digit form and the id.
pub fn parse_continue(value: &str) -> Result<(String, i64), ApiError> {
    let parts: Vec<&str> = value.split('|').collect();
    if parts.len() != 2 {
        return Err(ApiError::bad_continue());
    }
    let Some(ts) = Timestamp::parse(parts[0]) else {
        // MediaWiki converts the timestamp before checking anything else, and a value its
        // timestamp library cannot read ends in that library's exception.
        return Err(ApiError::new(
            "internal_api_error_Wikimedia\\Timestamp\\TimestampException",
            format!("Invalid timestamp - {}", parts[0]),
        ));
    };
    let id = php::numeric(parts[1])
        .filter(|f| f.fract() == 0.0 && f.abs() < 9.0e18)
        .map(|f| f as i64)
        .ok_or_else(ApiError::bad_continue)?;
    Ok((ts.to_mw(), id))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn continue_values_are_read_as_mediawiki_reads_them() {
        assert_eq!(parse_continue("20261121233230|255").ok(), Some(("20261121233230".to_owned(), 255)));
        assert_eq!(parse_continue("2026-11-21T23:32:30Z| 255").ok(), Some(("20261121233230".to_owned(), 255)));
        assert_eq!(parse_continue("20261121233230|255.0").ok(), Some(("20261121233230".to_owned(), 255)));
        for bad in ["x", "", "1|2|3", "20261121233230|abc", "20261121233230|", "20261121233230|2.5"] {
            assert_eq!(parse_continue(bad).unwrap_err().code, "badcontinue", "{bad}");
        }
        assert!(parse_continue("abc|5").unwrap_err().code.contains("TimestampException"));
    }
}
