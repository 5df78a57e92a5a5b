//! Accounts as logins need them: a user's stored password hash (`user_password`), the bot
//! passwords of `bot_passwords`, and the sessions a logout ended (wikiquery's own
//! `wikiquery_ended_session`, in a database wikiquery created).

use diesel::prelude::*;

use crate::backend::{AnyConnection, AsAnyConnection, StoreError};
use crate::reader::Reader;
use crate::schema::{
    actor, bot_passwords, revision, user, user_newtalk, user_properties, watchlist, wikiquery_ended_session,
};
use crate::with_conn;

/// A user as a login checks it: id, name and stored password hash.
#[derive(Debug, Clone, PartialEq, Eq, Queryable)]
pub struct LoginAccount {
    /// `user_id`.
    pub id: i64,
    /// `user_name`.
    pub name: String,
    /// `user_password`: MediaWiki's stored hash.
    pub password: String,
}

/// One bot password.
#[derive(Debug, Clone, PartialEq, Eq, Queryable)]
pub struct BotPasswordRow {
    /// `bp_password`: the stored hash.
    pub password: String,
    /// `bp_token`: changes whenever the password is reset, ending its sessions.
    pub token: String,
    /// `bp_restrictions`: JSON (`IPAddresses`, `Referers`).
    pub restrictions: String,
    /// `bp_grants`: a JSON list of grant names.
    pub grants: String,
}

impl<C: AsAnyConnection> Reader<C> {
    /// The account of this exact name.
    pub fn login_account(&mut self, name: &str) -> Result<Option<LoginAccount>, StoreError> {
        let conn = self.conn();
        let row = with_conn!(conn, |c| user::table
            .select((user::user_id, user::user_name, user::user_password))
            .filter(user::user_name.eq(name))
            .first(c)
            .optional())?;
        Ok(row)
    }

    /// The bot password `app_id` of the user `user_id` (MediaWiki's central id is the local
    /// one).
    pub fn bot_password(&mut self, user_id: i64, app_id: &str) -> Result<Option<BotPasswordRow>, StoreError> {
        let conn = self.conn();
        let row = with_conn!(conn, |c| bot_passwords::table
            .select((
                bot_passwords::bp_password,
                bot_passwords::bp_token,
                bot_passwords::bp_restrictions,
                bot_passwords::bp_grants,
            ))
            .filter(bot_passwords::bp_user.eq(user_id))
            .filter(bot_passwords::bp_app_id.eq(app_id))
            .first(c)
            .optional())?;
        Ok(row)
    }

    /// What a user tells of themselves: real name and every preference they set (name,
    /// value), by name.
    pub fn own_details(&mut self, user_id: i64) -> Result<(String, Vec<(String, String)>), StoreError> {
        let conn = self.conn();
        let real_name: Option<String> = with_conn!(conn, |c| user::table
            .select(user::user_real_name)
            .filter(user::user_id.eq(user_id))
            .first(c)
            .optional())?;
        let properties: Vec<(String, Option<String>)> = with_conn!(conn, |c| user_properties::table
            .select((user_properties::up_property, user_properties::up_value))
            .filter(user_properties::up_user.eq(user_id))
            .order(user_properties::up_property)
            .load(c))?;
        Ok((real_name.unwrap_or_default(), properties.into_iter().map(|(k, v)| (k, v.unwrap_or_default())).collect()))
    }

    /// Whether the user has messages on their talk page they have not seen.
    pub fn has_new_messages(&mut self, user_id: i64) -> Result<bool, StoreError> {
        let conn = self.conn();
        let n: i64 =
            with_conn!(conn, |c| user_newtalk::table.filter(user_newtalk::user_id.eq(user_id)).count().get_result(c))?;
        Ok(n > 0)
    }

    /// When the user last made a revision (14 digits).
    pub fn latest_contribution(&mut self, user_id: i64) -> Result<Option<String>, StoreError> {
        let conn = self.conn();
        let ts = with_conn!(conn, |c| revision::table
            .inner_join(actor::table)
            .select(revision::rev_timestamp)
            .filter(actor::actor_user.eq(user_id))
            .order(revision::rev_timestamp.desc())
            .first(c)
            .optional())?;
        Ok(ts)
    }

    /// How many of the titles the user watches changed since they last saw them, counting to
    /// `cap` at most.
    pub fn unread_watched(&mut self, user_id: i64, cap: i64) -> Result<i64, StoreError> {
        let conn = self.conn();
        let ids: Vec<i32> = with_conn!(conn, |c| watchlist::table
            .select(watchlist::wl_namespace)
            .filter(watchlist::wl_user.eq(user_id))
            .filter(watchlist::wl_notificationtimestamp.is_not_null())
            .limit(cap)
            .load(c))?;
        Ok(ids.len() as i64)
    }

    /// Whether a logout ended the session `id`.
    pub fn session_ended(&mut self, id: &str) -> Result<bool, StoreError> {
        let conn = self.conn();
        let n: i64 = with_conn!(conn, |c| wikiquery_ended_session::table
            .filter(wikiquery_ended_session::es_id.eq(id))
            .count()
            .get_result(c))?;
        Ok(n > 0)
    }
}

/// Records that a logout ended the session `id`, which would have lasted until `expires`
/// (seconds since 1970); forgets the ended sessions that would have ended by `now`.
pub fn end_session(conn: &mut AnyConnection, id: &str, expires: i64, now: i64) -> Result<(), StoreError> {
    with_conn!(conn, |c| {
        diesel::delete(wikiquery_ended_session::table.filter(wikiquery_ended_session::es_expires.le(now)))
            .execute(c)?;
        diesel::delete(wikiquery_ended_session::table.filter(wikiquery_ended_session::es_id.eq(id))).execute(c)?;
        diesel::insert_into(wikiquery_ended_session::table)
            .values((wikiquery_ended_session::es_id.eq(id), wikiquery_ended_session::es_expires.eq(expires)))
            .execute(c)
    })?;
    Ok(())
}
