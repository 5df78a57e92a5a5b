//! What the listings of changes share (`list=logevents`, `list=recentchanges`,
//! `list=watchlist`, `list=usercontribs`, `list=protectedtitles`): their continue values'
//! timestamps read as MediaWiki reads them, their `show` filters, and the feeds' filters by
//! performer and on hidden log entries.

use wikiquery_domain::revision::{Visibility, DELETED_RESTRICTED};
use wikiquery_runtime::{ApiError, QueryContext, UserRef};
use wikiquery_store::queries::recent_changes::{RecentChangesFilter, RC_LOG};
use wikiquery_store::reader::Reader;

use crate::shared::users;
use crate::values::ChangeType;
use wikiquery_domain::revision::DELETED_ACTION;

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
    let visibility = Visibility::of(&ctx.state.rights);
    match (user, excludeuser) {
        (Some(_), Some(_)) => {
            Err(ApiError::invalid_param_mix(&[&ctx.wire_name("user"), &ctx.wire_name("excludeuser")]))
        }
        (Some(user), None) => by_performer(visibility, reader, user, false, filter),
        (None, Some(user)) => by_performer(visibility, reader, user, true, filter),
        (None, None) => Ok(()),
    }
}

/// Only the changes of `user`, or (`exclude`) all but them; either way without those whose
/// performer the caller may not see.
pub fn by_performer(
    visibility: Visibility,
    reader: &mut Reader,
    user: &UserRef,
    exclude: bool,
    filter: &mut RecentChangesFilter,
) -> Result<(), ApiError> {
    filter.actor = Some((users::name_of(reader, user)?, exclude));
    let bits = visibility.hidden_user_bits();
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

/// `rc_type` of each kind of change.
pub fn change_type_id(kind: ChangeType) -> i32 {
    match kind {
        ChangeType::Edit => 0,
        ChangeType::New => 1,
        ChangeType::Log => RC_LOG,
        ChangeType::External => 5,
        ChangeType::Categorize => 6,
    }
}

/// `permissiondenied`: patrol flags asked for without the right to patrol.
pub fn patrol_flags_denied() -> ApiError {
    ApiError::new(
        "permissiondenied",
        "You need the <code>patrol</code> or <code>patrolmarks</code> right to request the patrolled flag.",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

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
