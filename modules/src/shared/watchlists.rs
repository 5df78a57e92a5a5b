//! What `list=watchlist` and `list=watchlistraw` share: whose watchlist a request reads. A
//! logged-in caller reads its own (with `viewmywatchlist`; an anonymous caller gets
//! `notloggedin`); another user's is read with their name and the watchlist token of their
//! preferences (`bad_wlowner` for a user that does not exist, `bad_wltoken` for a wrong or
//! unset token). Which hidden log entries a watchlist leaves out depends on its owner's
//! rights ([`owner_rights`]), what of the others it shows on the caller's.

use wikiquery_runtime::{ApiError, QueryContext, RequestState, Rights, UserRef};
use wikiquery_store::reader::Reader;

use crate::shared::accounts::account_groups;
use crate::wiki::WikiContext;

/// The rights of a watchlist's owner: the caller's own when it is theirs, else those the
/// owner's groups give now.
pub fn owner_rights(ctx: &QueryContext<'_>, owner: i64) -> Result<Rights, ApiError> {
    if ctx.state.user.as_ref().is_some_and(|u| u.id == owner) {
        return Ok(ctx.state.rights.clone());
    }
    let settings = ctx.settings();
    let now = ctx.state.now();
    let mut reader = ctx.reader()?;
    let Some(row) = reader.users_by_ids(&[owner])?.pop() else { return Ok(Rights::anonymous()) };
    let explicit = reader.group_memberships(&[owner], &now.to_mw())?.into_iter().map(|(_, group, _)| group);
    let groups = account_groups(&settings, explicit.collect(), &row, now);
    let group_refs: Vec<&str> = groups.iter().map(String::as_str).collect();
    Ok(Rights::new(settings.groups.rights_of_groups(&group_refs)))
}

/// The id of the user whose watchlist the request reads.
pub fn watchlist_owner(
    state: &RequestState,
    reader: &mut Reader,
    owner: Option<&UserRef>,
    token: Option<&str>,
) -> Result<i64, ApiError> {
    let (Some(owner), Some(token)) = (owner, token) else {
        let Some(user) = &state.user else {
            return Err(ApiError::new("notloggedin", "Please log in to view or edit items on your watchlist."));
        };
        if !state.rights.has("viewmywatchlist") {
            return Err(ApiError::new("permissiondenied", "You don't have permission to view your watchlist."));
        }
        return Ok(user.id);
    };
    let name = owner.text();
    let Some(user) = reader.users_by_names(std::slice::from_ref(&name))?.into_iter().next() else {
        return Err(ApiError::new(
            "bad_wlowner",
            format!("There is no user by the name \"{name}\". Check your spelling."),
        ));
    };
    let expected = reader.user_property(&[user.id], "watchlisttoken")?.into_iter().next().map(|(_, t)| t);
    match expected {
        Some(expected) if !expected.is_empty() && same_secret(&expected, token) => Ok(user.id),
        _ => Err(ApiError::new(
            "bad_wltoken",
            "Incorrect watchlist token provided. Please set a correct token in [[Special:Preferences]].",
        )),
    }
}

/// Whether two secrets are equal, in a time that does not depend on where they differ.
fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::same_secret;

    #[test]
    fn secrets_compare_whole() {
        assert!(same_secret("abc123", "abc123"));
        assert!(!same_secret("abc123", "abc124"));
        assert!(!same_secret("abc", "abc1"));
        assert!(!same_secret("", "x"));
    }
}
