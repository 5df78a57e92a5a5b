//! What the listings of changes share (`list=logevents`, `list=recentchanges`,
//! `list=watchlist`, `list=usercontribs`, `list=protectedtitles`): their continue values'
//! timestamps read as MediaWiki reads them, their `show` filters, and the feeds' filters by
//! performer and on hidden log entries.

use wikiquery_domain::php;
use wikiquery_domain::revision::{Visibility, DELETED_RESTRICTED};
use wikiquery_framework::{ApiError, QueryContext, Timestamp, UserRef};
use wikiquery_store::queries::recent_changes::RecentChangesFilter;
use wikiquery_store::reader::Reader;

use crate::family::change_writer::DELETED_ACTION;
use crate::family::users;

/// A feed's `user` or `excludeuser` (both is MediaWiki's error): only or all but the changes
/// of that performer, leaving out those whose performer the caller may not see (hidden
/// performers cannot be searched for, MediaWiki's T19342).
pub fn filter_by_performer(
    ctx: &QueryContext<'_>,
    reader: &mut Reader,
    user: Option<&UserRef>,
    excludeuser: Option<&UserRef>,
    filter: &mut RecentChangesFilter,
) -> Result<(), ApiError> {
    filter.actor = match (user, excludeuser) {
        (Some(_), Some(_)) => {
            return Err(ApiError::invalid_param_mix(&[&ctx.wire_name("user"), &ctx.wire_name("excludeuser")]));
        }
        (Some(user), None) => Some((users::name_of(reader, user)?, false)),
        (None, Some(user)) => Some((users::name_of(reader, user)?, true)),
        (None, None) => return Ok(()),
    };
    let bits = Visibility::of(&ctx.state.rights).hidden_user_bits();
    if bits != 0 {
        filter.exclude_deleted.push(bits);
    }
    Ok(())
}

/// Leaves out the log entries whose target the caller may not see: hidden ones without
/// `deletedhistory`, suppressed ones without the suppression rights.
pub fn hide_hidden_log_entries(visibility: Visibility, filter: &mut RecentChangesFilter) {
    let bits = if !visibility.history {
        DELETED_ACTION
    } else if !visibility.suppressed {
        DELETED_ACTION | DELETED_RESTRICTED
    } else {
        0
    };
    if bits != 0 {
        filter.exclude_deleted_log = Some(bits);
    }
}

/// Reads a `<timestamp>|<id>` continue value as MediaWiki's log and recent-changes listings do:
/// any timestamp form its timestamp library reads, and an id that PHP compares equal to its
/// integer value. Gives the timestamp in the 14-digit form and the id.
pub fn parse_continue(value: &str) -> Result<(String, i64), ApiError> {
    let parts: Vec<&str> = value.split('|').collect();
    if parts.len() != 2 {
        return Err(ApiError::bad_continue());
    }
    let ts = stored_timestamp(parts[0])?;
    let id = php::numeric(parts[1])
        .filter(|f| f.fract() == 0.0 && f.abs() < 9.0e18)
        .map(|f| f as i64)
        .ok_or_else(ApiError::bad_continue)?;
    Ok((ts, id))
}

/// A continue value's timestamp in the 14-digit form MediaWiki stores. MediaWiki converts it
/// before checking anything else, and a value its timestamp library cannot read ends in that
/// library's exception.
pub fn stored_timestamp(text: &str) -> Result<String, ApiError> {
    Timestamp::parse(text).map(Timestamp::to_mw).ok_or_else(|| {
        ApiError::new(
            "internal_api_error_Wikimedia\\Timestamp\\TimestampException",
            format!("Invalid timestamp - {text}"),
        )
    })
}

/// The values of a `show` parameter (`minor`, `!bot`, ...), checked for pairs that contradict
/// each other.
pub struct Show<'a>(Vec<&'a str>);

impl<'a> Show<'a> {
    /// The values given, or the `show` error when two of them contradict each other.
    pub fn checked(
        values: impl IntoIterator<Item = &'a str>,
        contradictions: &[(&str, &str)],
    ) -> Result<Self, ApiError> {
        let show = Show(values.into_iter().collect());
        if contradictions.iter().any(|(a, b)| show.has(a) && show.has(b)) {
            return Err(ApiError::show_conflict());
        }
        Ok(show)
    }

    /// Whether a value was given.
    pub fn has(&self, value: &str) -> bool {
        self.0.contains(&value)
    }

    /// The condition a pair of values makes: `Some(true)` for `yes`, `Some(false)` for `no`,
    /// `None` for neither.
    pub fn condition(&self, yes: &str, no: &str) -> Option<bool> {
        match (self.has(yes), self.has(no)) {
            (true, _) => Some(true),
            (_, true) => Some(false),
            _ => None,
        }
    }
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

    #[test]
    fn show_values_that_contradict_each_other_are_the_show_error() {
        let pairs = [("minor", "!minor"), ("bot", "!bot")];
        assert_eq!(Show::checked(["minor", "!minor"], &pairs).err().map(|e| e.code), Some("show".into()));
        let show = Show::checked(["!bot", "minor"], &pairs).expect("no contradiction");
        assert_eq!(show.condition("minor", "!minor"), Some(true));
        assert_eq!(show.condition("bot", "!bot"), Some(false));
        assert_eq!(show.condition("anon", "!anon"), None);
    }
}
