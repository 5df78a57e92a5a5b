//! Actors (with users for registered contributors) and comments, found or created for the
//! rows that name them.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use diesel::prelude::*;
use wikiquery_store::backend::StoreError;
use wikiquery_store::schema::{actor, comment, user};
use wikiquery_store::with_conn;

use super::encoding::comment_hash;
use super::importer::Importer;
use super::pending::{ActorKey, ID_CACHE_ENTRIES};
use super::rows::{insert_rows, ActorRow, CommentRow, UserRow, IN_CHUNK};
use super::Fail;

impl<'c> Importer<'c> {
    pub(super) fn actor_id(&self, key: &ActorKey) -> Result<i64, Fail> {
        self.actors.get(&key.name).copied().ok_or_else(|| Fail::Data(format!("actor {:?} was not resolved", key.name)))
    }

    pub(super) fn comment_id(&self, text: &str) -> Result<i64, Fail> {
        self.comments.get(text).copied().ok_or_else(|| Fail::Data(format!("comment {text:?} was not resolved")))
    }

    /// Finds or creates the actors (and users of registered contributors) for these names.
    pub(super) fn resolve_actors(&mut self, keys: &[&ActorKey]) -> Result<(), StoreError> {
        if self.actors.len() > ID_CACHE_ENTRIES {
            self.actors.clear();
        }
        let mut wanted: BTreeMap<&str, &ActorKey> = BTreeMap::new();
        for key in keys {
            if !self.actors.contains_key(&key.name) {
                wanted.entry(key.name.as_str()).or_insert(key);
            }
        }
        if wanted.is_empty() {
            return Ok(());
        }
        let names: Vec<String> = wanted.keys().map(|n| (*n).to_owned()).collect();
        for chunk in names.chunks(IN_CHUNK) {
            let found: Vec<(i64, String)> = with_conn!(&mut *self.conn, |c| actor::table
                .filter(actor::actor_name.eq_any(chunk))
                .select((actor::actor_id, actor::actor_name))
                .load(c))?;
            for (id, name) in found {
                self.actors.insert(name, id);
            }
        }
        let missing: Vec<&ActorKey> = wanted.values().copied().filter(|k| !self.actors.contains_key(&k.name)).collect();
        if missing.is_empty() {
            return Ok(());
        }
        // Registered contributors get their user row, under the dump's user id, unless that
        // id or name is taken by someone else.
        let ids: Vec<i64> = missing.iter().filter_map(|k| k.user).collect();
        let names: Vec<String> = missing.iter().filter(|k| k.user.is_some()).map(|k| k.name.clone()).collect();
        let mut users_by_id: HashMap<i64, String> = HashMap::new();
        let mut user_names: HashSet<String> = HashSet::new();
        let mut linked_users: HashSet<i64> = HashSet::new();
        for chunk in ids.chunks(IN_CHUNK) {
            let rows: Vec<(i64, String)> = with_conn!(&mut *self.conn, |c| user::table
                .filter(user::user_id.eq_any(chunk))
                .select((user::user_id, user::user_name))
                .load(c))?;
            users_by_id.extend(rows);
            let linked: Vec<Option<i64>> = with_conn!(&mut *self.conn, |c| actor::table
                .filter(actor::actor_user.eq_any(chunk))
                .select(actor::actor_user)
                .load(c))?;
            linked_users.extend(linked.into_iter().flatten());
        }
        for chunk in names.chunks(IN_CHUNK) {
            let rows: Vec<String> = with_conn!(&mut *self.conn, |c| user::table
                .filter(user::user_name.eq_any(chunk))
                .select(user::user_name)
                .load(c))?;
            user_names.extend(rows);
        }
        let mut new_users = Vec::new();
        let mut new_actors = Vec::new();
        for key in missing {
            let actor_user = match key.user {
                Some(id) if linked_users.contains(&id) => None,
                Some(id) => match users_by_id.get(&id) {
                    Some(name) if *name == key.name => Some(id),
                    Some(_) => None,
                    None if user_names.contains(&key.name) => None,
                    None => {
                        new_users.push(new_user_row(id, &key.name));
                        users_by_id.insert(id, key.name.clone());
                        Some(id)
                    }
                },
                None => None,
            };
            if let Some(id) = actor_user {
                linked_users.insert(id);
            }
            let actor_id = self.next.actor;
            self.next.actor += 1;
            new_actors.push(ActorRow { actor_id, actor_user, actor_name: key.name.clone() });
            self.actors.insert(key.name.clone(), actor_id);
        }
        insert_rows!(&mut *self.conn, user::table, &new_users, 15);
        insert_rows!(&mut *self.conn, actor::table, &new_actors, 3);
        self.report.users_created += new_users.len() as u64;
        self.report.actors_created += new_actors.len() as u64;
        Ok(())
    }

    /// Finds or creates comments with these texts (MediaWiki shares a comment row between
    /// equal texts, found through `comment_hash`).
    pub(super) fn resolve_comments(&mut self, texts: &[&str]) -> Result<(), StoreError> {
        if self.comments.len() > ID_CACHE_ENTRIES {
            self.comments.clear();
        }
        let wanted: BTreeSet<&str> = texts.iter().copied().filter(|t| !self.comments.contains_key(*t)).collect();
        if wanted.is_empty() {
            return Ok(());
        }
        let mut hashes: Vec<i32> = wanted.iter().map(|t| comment_hash(t, None)).collect();
        hashes.sort_unstable();
        hashes.dedup();
        for chunk in hashes.chunks(IN_CHUNK) {
            let found: Vec<(i64, String)> = with_conn!(&mut *self.conn, |c| comment::table
                .filter(comment::comment_hash.eq_any(chunk))
                .filter(comment::comment_data.is_null())
                .select((comment::comment_id, comment::comment_text))
                .order(comment::comment_id)
                .load(c))?;
            for (id, text) in found {
                if wanted.contains(text.as_str()) {
                    self.comments.entry(text).or_insert(id);
                }
            }
        }
        let mut rows = Vec::new();
        for text in wanted {
            if self.comments.contains_key(text) {
                continue;
            }
            let id = self.next.comment;
            self.next.comment += 1;
            rows.push(CommentRow {
                comment_id: id,
                comment_hash: comment_hash(text, None),
                comment_text: text.to_owned(),
                comment_data: None,
            });
            self.comments.insert(text.to_owned(), id);
        }
        insert_rows!(&mut *self.conn, comment::table, &rows, 4);
        self.report.comments_created += rows.len() as u64;
        Ok(())
    }
}

fn new_user_row(id: i64, name: &str) -> UserRow {
    UserRow {
        user_id: id,
        user_name: name.to_owned(),
        user_real_name: String::new(),
        user_password: String::new(),
        user_newpassword: String::new(),
        user_newpass_time: None,
        user_email: String::new(),
        // Fixed, so that a re-import writes the same row; nothing caches on it here.
        user_touched: "19700101000000".to_owned(),
        user_token: String::new(),
        user_email_authenticated: None,
        user_email_token: None,
        user_email_token_expires: None,
        user_registration: None,
        user_editcount: Some(0),
        user_password_expires: None,
    }
}
