//! Row comparisons beyond the link tables.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use diesel::prelude::*;
use wikiquery_store::backend::AnyConnection;
use wikiquery_store::schema::*;
use wikiquery_store::with_conn;

type RevisionFacts = (i64, i64, String, i32, i32, Option<i64>, Option<i64>, String, String, String);

/// Every revision with its summary and author name (through revision_comment_temp and actor).
pub(super) fn revisions(conn: &mut AnyConnection) -> BTreeMap<i64, RevisionFacts> {
    let rows: Vec<RevisionFacts> = with_conn!(conn, |c| revision::table
        .inner_join(revision_comment_temp::table)
        .inner_join(comment::table.on(comment::comment_id.eq(revision_comment_temp::revcomment_comment_id)))
        .inner_join(actor::table)
        .select((
            revision::rev_id,
            revision::rev_page,
            revision::rev_timestamp,
            revision::rev_minor_edit,
            revision::rev_deleted,
            revision::rev_len,
            revision::rev_parent_id,
            revision::rev_sha1,
            comment::comment_text,
            actor::actor_name
        ))
        .load(c))
    .expect("revisions");
    rows.into_iter().map(|r| (r.0, r)).collect()
}

/// Content facts of every main slot: `rev id → (size, sha1, model)`.
pub(super) fn main_contents(conn: &mut AnyConnection) -> BTreeMap<i64, (i64, String, String)> {
    let rows: Vec<(i64, i64, String, String)> = with_conn!(conn, |c| slots::table
        .inner_join(slot_roles::table)
        .inner_join(content::table)
        .inner_join(content_models::table.on(content_models::model_id.eq(content::content_model)))
        .filter(slot_roles::role_name.eq("main"))
        .select((slots::slot_revision_id, content::content_size, content::content_sha1, content_models::model_name))
        .load(c))
    .expect("main slots");
    rows.into_iter().map(|(rev, size, sha1, model)| (rev, (size, sha1, model))).collect()
}

type LogFacts = (i64, String, String, String, i32, String, Option<i64>, String, i32, String, String);

pub(super) fn log_entries(conn: &mut AnyConnection) -> BTreeMap<i64, LogFacts> {
    let rows: Vec<LogFacts> = with_conn!(conn, |c| logging::table
        .inner_join(comment::table)
        .inner_join(actor::table)
        .select((
            logging::log_id,
            logging::log_type,
            logging::log_action,
            logging::log_timestamp,
            logging::log_namespace,
            logging::log_title,
            logging::log_page,
            logging::log_params,
            logging::log_deleted,
            comment::comment_text,
            actor::actor_name
        ))
        .load(c))
    .expect("log entries");
    rows.into_iter().map(|r| (r.0, r)).collect()
}

/// `log_search` rows of some fields, with actor ids turned into names (actor ids differ
/// between the databases).
pub(super) fn log_search_rows(conn: &mut AnyConnection, fields: &[&str]) -> BTreeSet<(String, String, i64)> {
    let rows: Vec<(String, String, i64)> = with_conn!(&mut *conn, |c| log_search::table
        .select((log_search::ls_field, log_search::ls_value, log_search::ls_log_id))
        .load(c))
    .expect("log_search");
    let actors: Vec<(i64, String)> =
        with_conn!(&mut *conn, |c| actor::table.select((actor::actor_id, actor::actor_name)).load(c)).expect("actors");
    let actors: HashMap<String, String> = actors.into_iter().map(|(id, name)| (id.to_string(), name)).collect();
    rows.into_iter()
        .filter(|(field, _, _)| fields.contains(&field.as_str()))
        .map(|(field, value, id)| {
            let value =
                if field == "target_author_actor" { actors.get(&value).cloned().unwrap_or(value) } else { value };
            (field, value, id)
        })
        .collect()
}

type FileFacts = (String, String, i64, String, String, String, String, String, Option<String>);

type CurrentFile = (String, i64, String, String, String, String, String, Option<String>);

/// Current and archived file versions: `(name, archive name or "")` → facts.
pub(super) fn files(conn: &mut AnyConnection) -> BTreeMap<(String, String), FileFacts> {
    let current: Vec<CurrentFile> = with_conn!(&mut *conn, |c| image::table
        .inner_join(comment::table)
        .inner_join(actor::table)
        .select((
            image::img_name,
            image::img_size,
            image::img_sha1,
            image::img_timestamp,
            comment::comment_text,
            actor::actor_name,
            image::img_major_mime,
            image::img_media_type
        ))
        .load(c))
    .expect("image rows");
    let old: Vec<FileFacts> = with_conn!(&mut *conn, |c| oldimage::table
        .inner_join(comment::table)
        .inner_join(actor::table)
        .select((
            oldimage::oi_name,
            oldimage::oi_archive_name,
            oldimage::oi_size,
            oldimage::oi_sha1,
            oldimage::oi_timestamp,
            comment::comment_text,
            actor::actor_name,
            oldimage::oi_major_mime,
            oldimage::oi_media_type
        ))
        .load(c))
    .expect("oldimage rows");
    let mut out = BTreeMap::new();
    for (name, size, sha1, ts, comment, actor, major, media) in current {
        out.insert((name.clone(), String::new()), (name, String::new(), size, sha1, ts, comment, actor, major, media));
    }
    for (name, archive, size, sha1, ts, comment, actor, major, media) in old {
        out.insert((name.clone(), archive.clone()), (name, archive, size, sha1, ts, comment, actor, major, media));
    }
    out
}

/// Asserts that two maps agree on every key of `keys`, collecting readable differences.
pub(super) fn differences<K: Ord + std::fmt::Debug, V: PartialEq + std::fmt::Debug>(
    what: &str,
    ours: &BTreeMap<K, V>,
    theirs: &BTreeMap<K, V>,
    skip: impl Fn(&K, &V, &V) -> bool,
) -> Vec<String> {
    let mut out = Vec::new();
    for (key, mine) in ours {
        match theirs.get(key) {
            None => out.push(format!("{what} {key:?}: only ours")),
            Some(other) if other != mine && !skip(key, mine, other) => {
                out.push(format!("{what} {key:?}:\n      ours       {mine:?}\n      mediawiki  {other:?}"))
            }
            Some(_) => {}
        }
    }
    out
}

pub(super) type Stats = (Option<i64>, Option<i64>, Option<i64>, Option<i64>, Option<i64>);
