//! Log items: `logging`, and the `log_search` rows their parameters give.

use std::collections::{BTreeSet, HashMap, HashSet};

use diesel::prelude::*;
use wikiquery_domain::php::{self, PhpValue};
use wikiquery_domain::title::parse_title;
use wikiquery_store::schema::{log_search, logging, page, revision};
use wikiquery_store::with_conn;

use super::encoding::cut;
use super::importer::Importer;
use super::pending::{ActorKey, UNKNOWN_USER};
use super::pending::{PendingLog, RevDelTargets};
use super::rows::{insert_rows, LogSearchRow, LoggingRow, IN_CHUNK};
use super::Fail;
use crate::dump::LogItem;

impl<'c> Importer<'c> {
    pub(super) fn log_item(&mut self, item: LogItem) -> Result<(), Fail> {
        let id = i64::try_from(item.id).map_err(|_| Fail::Data(format!("log id {} is too large", item.id)))?;
        self.begin()?;
        let (ns, title) = match (&item.logtitle, item.action_deleted) {
            (Some(title), false) => self.log_target(title, item.namespace),
            _ => (item.namespace.unwrap_or(0), String::new()),
        };
        let mut deleted = 0;
        if item.action_deleted {
            deleted |= 1;
        }
        if item.comment_deleted {
            deleted |= 2;
        }
        if item.user_deleted || item.contributor.is_deleted() {
            deleted |= 4;
        }
        let params = item.params.clone().unwrap_or_default();
        let (search, targets) = log_relations(&item.log_type, &item.action, &params);
        self.pending.logs.push(PendingLog {
            id,
            log_type: item.log_type,
            action: item.action,
            timestamp: item.timestamp.as_str().to_owned(),
            actor: ActorKey::of(&item.contributor),
            ns,
            title,
            comment: if item.comment_deleted { String::new() } else { item.comment.unwrap_or_default() },
            params,
            deleted,
            search,
            targets,
        });
        self.batch_logs_done += 1;
        self.maybe_commit()
    }

    /// Namespace and database key of a log item's target.
    fn log_target(&mut self, title: &str, namespace: Option<i32>) -> (i32, String) {
        let site = self.site();
        match parse_title(title, 0, site.namespaces(), &|_| false) {
            Ok(parsed) if namespace.unwrap_or(parsed.ns) == parsed.ns => (parsed.ns, parsed.dbkey),
            _ => (namespace.unwrap_or(0), title.replace(' ', "_")),
        }
    }

    pub(super) fn write_logs(&mut self, logs: Vec<PendingLog>) -> Result<(), Fail> {
        if logs.is_empty() {
            return Ok(());
        }
        // Skip entries already present.
        let maybe_present: Vec<i64> = logs.iter().map(|l| l.id).filter(|&id| id <= self.before.log).collect();
        let mut present = HashSet::new();
        for chunk in maybe_present.chunks(IN_CHUNK) {
            let found: Vec<i64> = with_conn!(&mut *self.conn, |c| logging::table
                .filter(logging::log_id.eq_any(chunk))
                .select(logging::log_id)
                .load(c))?;
            present.extend(found);
        }
        let (skipped, logs): (Vec<PendingLog>, Vec<PendingLog>) =
            logs.into_iter().partition(|l| present.contains(&l.id));
        self.report.log_items_skipped += skipped.len() as u64;

        // log_page: the page that has the target's title now (dumps do not carry it).
        let titles: Vec<String> = logs
            .iter()
            .filter(|l| l.ns >= 0 && !l.title.is_empty())
            .map(|l| l.title.clone())
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        let mut page_ids: HashMap<(i32, String), i64> = HashMap::new();
        for chunk in titles.chunks(IN_CHUNK) {
            let found: Vec<(i64, i32, String)> = with_conn!(&mut *self.conn, |c| page::table
                .filter(page::page_title.eq_any(chunk))
                .select((page::page_id, page::page_namespace, page::page_title))
                .load(c))?;
            for (id, ns, title) in found {
                page_ids.insert((ns, title), id);
            }
        }

        // Authors of revision-deleted revisions and log items, as MediaWiki records them.
        let unknown = self.actors.get(UNKNOWN_USER).copied();
        let mut rev_ids = Vec::new();
        for log in &logs {
            if let Some(RevDelTargets::Revisions(ids)) = &log.targets {
                rev_ids.extend(ids.iter().copied());
            }
        }
        let mut rev_actors: HashMap<i64, i64> = HashMap::new();
        for chunk in rev_ids.chunks(IN_CHUNK) {
            let found: Vec<(i64, i64)> = with_conn!(&mut *self.conn, |c| revision::table
                .filter(revision::rev_id.eq_any(chunk))
                .select((revision::rev_id, revision::rev_actor))
                .load(c))?;
            rev_actors.extend(found);
        }
        let mut log_actors: HashMap<i64, i64> = HashMap::new();
        for log in &logs {
            log_actors.insert(log.id, self.actor_id(&log.actor)?);
        }
        let mut log_ids = Vec::new();
        for log in &logs {
            if let Some(RevDelTargets::LogItems(ids)) = &log.targets {
                log_ids.extend(ids.iter().copied().filter(|id| !log_actors.contains_key(id)));
            }
        }
        for chunk in log_ids.chunks(IN_CHUNK) {
            let found: Vec<(i64, i64)> = with_conn!(&mut *self.conn, |c| logging::table
                .filter(logging::log_id.eq_any(chunk))
                .select((logging::log_id, logging::log_actor))
                .load(c))?;
            log_actors.extend(found);
        }

        let mut rows = Vec::with_capacity(logs.len());
        let mut search = BTreeSet::new();
        for log in logs {
            let log_page = page_ids.get(&(log.ns, log.title.clone())).copied();
            if log_page.is_some() {
                self.report.log_pages_found += 1;
            }
            for (field, value) in &log.search {
                search.insert(LogSearchRow {
                    ls_field: field.clone(),
                    ls_value: cut(value, 255).to_owned(),
                    ls_log_id: log.id,
                });
            }
            let authors: Vec<i64> = match &log.targets {
                Some(RevDelTargets::Revisions(ids)) => {
                    ids.iter().filter_map(|id| rev_actors.get(id)).copied().collect()
                }
                Some(RevDelTargets::LogItems(ids)) => ids.iter().filter_map(|id| log_actors.get(id)).copied().collect(),
                None => Vec::new(),
            };
            for author in authors {
                if Some(author) != unknown {
                    search.insert(LogSearchRow {
                        ls_field: "target_author_actor".to_owned(),
                        ls_value: author.to_string(),
                        ls_log_id: log.id,
                    });
                }
            }
            rows.push(LoggingRow {
                log_id: log.id,
                log_type: log.log_type,
                log_action: log.action,
                log_timestamp: log.timestamp,
                log_actor: self.actor_id(&log.actor)?,
                log_namespace: log.ns,
                log_title: log.title,
                // MediaWiki writes 0 when the target is no page.
                log_page: Some(log_page.unwrap_or(0)),
                log_comment_id: self.comment_id(&log.comment)?,
                log_params: log.params,
                log_deleted: log.deleted,
            });
        }
        let search: Vec<LogSearchRow> = search.into_iter().collect();
        insert_rows!(&mut *self.conn, logging::table, &rows, 11);
        insert_rows!(&mut *self.conn, log_search::table, &search, 3);
        self.report.log_items += rows.len() as u64;
        self.report.log_search_rows += search.len() as u64;
        Ok(())
    }
}

/// The `log_search` rows a log item's parameters give, and the revision-deleted items whose
/// authors MediaWiki also records. Relations that refer to other tables' rows (`pr_id` of
/// page protections, `ipb_id` of blocks) cannot be derived from a dump.
fn log_relations(log_type: &str, action: &str, params: &str) -> (Vec<(String, String)>, Option<RevDelTargets>) {
    let Ok(value) = php::unserialize(params) else {
        return (Vec::new(), None);
    };
    let mut search = Vec::new();
    if let Some(rev) = value.get("associated_rev_id").and_then(scalar_text) {
        search.push(("associated_rev_id".to_owned(), rev));
    }
    let mut targets = None;
    match (log_type, action) {
        ("managetags", _) => {
            if let Some(tag) = value.get("4::tag").and_then(scalar_text) {
                search.push(("Tag".to_owned(), tag));
            }
        }
        ("tag", "update") => {
            for key in ["6:list:tagsAdded", "8:list:tagsRemoved"] {
                for tag in value.get(key).map(list_text).unwrap_or_default() {
                    search.push(("Tag".to_owned(), tag));
                }
            }
        }
        ("delete" | "suppress", "revision") => {
            let field = match value.get("4::type").and_then(scalar_text).as_deref() {
                Some("revision") => Some("rev_id"),
                Some("archive") => Some("ar_timestamp"),
                Some("oldimage") => Some("oi_archive_name"),
                Some("filearchive") => Some("fa_id"),
                Some("logging") => Some("log_id"),
                _ => None,
            };
            let ids = value.get("5::ids").map(list_text).unwrap_or_default();
            if let Some(field) = field {
                for id in &ids {
                    search.push((field.to_owned(), id.clone()));
                }
                if field == "rev_id" {
                    targets = Some(RevDelTargets::Revisions(ids.iter().filter_map(|i| i.parse().ok()).collect()));
                } else if field == "log_id" {
                    targets = Some(RevDelTargets::LogItems(ids.iter().filter_map(|i| i.parse().ok()).collect()));
                }
            }
        }
        ("delete" | "suppress", "event") => {
            let ids = value.get("4::ids").map(list_text).unwrap_or_default();
            for id in &ids {
                search.push(("log_id".to_owned(), id.clone()));
            }
            targets = Some(RevDelTargets::LogItems(ids.iter().filter_map(|i| i.parse().ok()).collect()));
        }
        _ => {}
    }
    let mut seen = HashSet::new();
    search.retain(|pair| seen.insert(pair.clone()));
    (search, targets)
}

fn scalar_text(value: &PhpValue) -> Option<String> {
    match value {
        PhpValue::Int(i) => Some(i.to_string()),
        PhpValue::String(s) => Some(s.clone()),
        _ => None,
    }
}

fn list_text(value: &PhpValue) -> Vec<String> {
    match value {
        PhpValue::Array(entries) => entries.iter().filter_map(|(_, v)| scalar_text(v)).collect(),
        other => scalar_text(other).into_iter().collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_relations_follow_mediawiki() {
        let (search, targets) = log_relations(
            "delete",
            "revision",
            r#"a:4:{s:7:"4::type";s:8:"revision";s:6:"5::ids";a:2:{i:0;i:261;i:1;i:260;}s:9:"6::ofield";i:0;s:9:"7::nfield";i:15;}"#,
        );
        assert_eq!(search, vec![("rev_id".to_owned(), "261".to_owned()), ("rev_id".to_owned(), "260".to_owned())]);
        assert!(matches!(targets, Some(RevDelTargets::Revisions(ids)) if ids == vec![261, 260]));
        let (search, _) = log_relations(
            "tag",
            "update",
            r#"a:7:{s:8:"4::revid";i:42;s:8:"5::logid";b:0;s:16:"6:list:tagsAdded";a:1:{i:0;s:8:"temp-tag";}s:23:"7:number:tagsAddedCount";i:1;s:18:"8:list:tagsRemoved";a:1:{i:0;s:11:"fixture-tag";}s:25:"9:number:tagsRemovedCount";i:1;s:11:"initialTags";a:1:{i:0;s:11:"fixture-tag";}}"#,
        );
        assert_eq!(
            search,
            vec![("Tag".to_owned(), "temp-tag".to_owned()), ("Tag".to_owned(), "fixture-tag".to_owned())]
        );
        let (search, _) = log_relations("create", "create", r#"a:1:{s:17:"associated_rev_id";i:1;}"#);
        assert_eq!(search, vec![("associated_rev_id".to_owned(), "1".to_owned())]);
        assert_eq!(log_relations("move", "move", "legacy\nparams").0, Vec::new());
    }
}
