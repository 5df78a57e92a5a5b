//! Pages and revisions: a page's items as they are read, and its `page`, `revision`, `slots`,
//! `content` and `text` rows.

use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use diesel::prelude::*;
use wikiquery_domain::title::NS_CATEGORY;
use wikiquery_store::backend::{Backend, StoreError};
use wikiquery_store::schema::{
    content, content_models, ip_changes, page, revision, revision_comment_temp, slot_roles, slots, text,
};
use wikiquery_store::with_conn;

use super::encoding::{ip_hex, page_dbkey, page_random, sha1_base36, slot_size};
use super::importer::Importer;
use super::pending::ActorKey;
use super::pending::{Latest, PageState, PendingLinks, PendingPage, PendingRevision, FLUSH_TEXT_BYTES};
use super::rows::{
    insert_rows, rows_per_statement, ContentRow, IpChangeRow, PageRow, PageTuple, RevCommentRow, RevisionRow, SlotRow,
    TextRow, MAX_STATEMENT_BYTES,
};
use super::Fail;
use crate::dump::{Contributor, PageStart, Revision};
use crate::wikitext::PageLinks;

impl<'c> Importer<'c> {
    pub(super) fn start_page(&mut self, start: PageStart) -> Result<(), Fail> {
        if self.current.is_some() {
            return Err(Fail::Data("a page starts inside another page".to_owned()));
        }
        let id = i64::try_from(start.id).map_err(|_| Fail::Data(format!("page id {} is too large", start.id)))?;
        let dbkey = page_dbkey(&start, self.site())?;
        let ns = start.ns;
        self.begin()?;
        let mut existing = None;
        let mut existing_revisions = HashSet::new();
        if self.before.page > 0 {
            let found: Option<PageTuple> = with_conn!(&mut *self.conn, |c| page::table
                .find(id)
                .select((
                    page::page_id,
                    page::page_namespace,
                    page::page_title,
                    page::page_is_redirect,
                    page::page_is_new,
                    page::page_random,
                    page::page_touched,
                    page::page_links_updated,
                    page::page_latest,
                    page::page_len,
                    page::page_content_model,
                    page::page_lang
                ))
                .first(c)
                .optional())?;
            existing = found.map(PageRow::from);
            let holder: Option<i64> = with_conn!(&mut *self.conn, |c| page::table
                .filter(page::page_namespace.eq(ns))
                .filter(page::page_title.eq(&dbkey))
                .select(page::page_id)
                .first(c)
                .optional())?;
            if let Some(other) = holder.filter(|&other| other != id) {
                return Err(Fail::Data(format!(
                    "page {:?} has id {id} in the dump, but the database holds that title as page {other}",
                    start.title
                )));
            }
            if existing.is_some() {
                let revs: Vec<i64> = with_conn!(&mut *self.conn, |c| revision::table
                    .filter(revision::rev_page.eq(id))
                    .select(revision::rev_id)
                    .load(c))?;
                existing_revisions = revs.into_iter().collect();
            }
        }
        self.current = Some(PageState {
            id,
            ns,
            dbkey,
            start,
            existing,
            revision_count: existing_revisions.len() as u64,
            existing_revisions,
            earliest: None,
            latest: None,
            content_of: HashMap::new(),
            uploads: Vec::new(),
        });
        Ok(())
    }

    pub(super) fn revision(&mut self, rev: Revision) -> Result<(), Fail> {
        let Some(mut page) = self.current.take() else {
            return Err(Fail::Data(format!("revision {} outside a page", rev.id)));
        };
        let result = self.revision_of(&mut page, rev);
        self.current = Some(page);
        result?;
        if self.pending.text_bytes > FLUSH_TEXT_BYTES {
            self.flush()?;
        }
        Ok(())
    }

    fn revision_of(&mut self, page: &mut PageState, rev: Revision) -> Result<(), Fail> {
        let id = i64::try_from(rev.id).map_err(|_| Fail::Data(format!("revision id {} is too large", rev.id)))?;
        let exists =
            page.existing_revisions.contains(&id) || (id <= self.before.revision && self.revision_exists(id)?);
        if !exists {
            page.revision_count += 1;
        }
        if !matches!(page.earliest, Some(t) if t <= rev.timestamp) {
            page.earliest = Some(rev.timestamp);
        }
        let main_len = slot_size(rev.text_bytes, rev.text.as_deref());
        let is_latest = !matches!(&page.latest, Some(l) if (l.timestamp, l.id) >= (rev.timestamp, id));
        if is_latest {
            page.latest = Some(Latest {
                id,
                timestamp: rev.timestamp,
                len: main_len,
                model: rev.model.clone().unwrap_or_else(|| "wikitext".to_owned()),
                text: if rev.text_deleted { None } else { rev.text.clone() },
            });
        }
        if exists {
            self.report.revisions_skipped += 1;
            return Ok(());
        }
        let timestamp = rev.timestamp.as_str().to_owned();
        let mut deleted = 0;
        if rev.text_deleted {
            deleted |= 1;
        }
        if rev.comment_deleted {
            deleted |= 2;
        }
        if rev.contributor.is_deleted() {
            deleted |= 4;
        }
        // The main slot, then the others.
        let main_role = self.role_id("main")?;
        let main_model = self.model_id(rev.model.as_deref().unwrap_or("wikitext"))?;
        let main_sha1 = rev.text_sha1.clone().or_else(|| rev.text.as_deref().map(|t| sha1_base36(t.as_bytes())));
        let main = SlotInput {
            role: main_role,
            model: main_model,
            origin: rev.origin,
            size: main_len,
            sha1: main_sha1.clone().unwrap_or_default(),
            text: if rev.text_deleted { None } else { rev.text },
        };
        let mut total_len = self.add_slot(page, id, main)?;
        for slot in rev.slots {
            let role = self.role_id(&slot.role)?;
            let model = self.model_id(slot.model.as_deref().unwrap_or("wikitext"))?;
            let size = slot_size(slot.text_bytes, slot.text.as_deref());
            let sha1 = slot.text_sha1.clone().or_else(|| slot.text.as_deref().map(|t| sha1_base36(t.as_bytes())));
            let input = SlotInput {
                role,
                model,
                origin: slot.origin,
                size,
                sha1: sha1.unwrap_or_default(),
                text: if slot.text_deleted { None } else { slot.text },
            };
            total_len += self.add_slot(page, id, input)?;
        }
        // A revision's hash is its only slot's hash; MediaWiki combines several itself.
        let rev_sha1 = rev.sha1.or(main_sha1).unwrap_or_default();
        let actor = ActorKey::of(&rev.contributor);
        let ip = match &rev.contributor {
            Contributor::Anonymous { ip } => ip_hex(ip),
            _ => None,
        };
        let comment = if rev.comment_deleted { String::new() } else { rev.comment.unwrap_or_default() };
        self.pending.revisions.push(PendingRevision {
            row: RevisionRow {
                rev_id: id,
                rev_page: page.id,
                rev_comment_id: 0,
                rev_actor: 0,
                rev_timestamp: timestamp,
                rev_minor_edit: i32::from(rev.minor),
                rev_deleted: deleted,
                rev_len: Some(total_len),
                rev_parent_id: Some(rev.parent_id.and_then(|p| i64::try_from(p).ok()).unwrap_or(0)),
                rev_sha1,
            },
            actor,
            comment,
            ip,
        });
        self.report.revisions += 1;
        Ok(())
    }

    fn revision_exists(&mut self, id: i64) -> Result<bool, StoreError> {
        let found: Option<i64> =
            with_conn!(&mut *self.conn, |c| revision::table.find(id).select(revision::rev_id).first(c).optional())?;
        Ok(found.is_some())
    }

    /// Buffers one slot's rows; returns its size. Content that an earlier revision introduced
    /// (`<origin>`) is shared, as MediaWiki shares it.
    fn add_slot(&mut self, page: &mut PageState, rev_id: i64, slot: SlotInput) -> Result<i64, Fail> {
        let origin = slot.origin.and_then(|o| i64::try_from(o).ok()).unwrap_or(rev_id);
        let inherited = if origin != rev_id {
            match page.content_of.get(&(origin, slot.role)) {
                Some(&found) => Some(found),
                None => self.stored_content(origin, slot.role)?,
            }
        } else {
            None
        };
        let (content_id, size) = match inherited {
            Some(found) => found,
            None => {
                let content_id = self.next.content;
                self.next.content += 1;
                let text_id = self.next.text;
                self.next.text += 1;
                // Text a dump hides (revision deletion) is stored empty; content_size and
                // content_sha1 still describe the original.
                let bytes = slot.text.map(String::into_bytes).unwrap_or_default();
                self.pending.text_bytes += bytes.len();
                self.pending.texts.push(TextRow { old_id: text_id, old_text: bytes, old_flags: "utf-8".to_owned() });
                self.pending.contents.push(ContentRow {
                    content_id,
                    content_size: slot.size,
                    content_sha1: slot.sha1.clone(),
                    content_model: slot.model,
                    content_address: format!("tt:{text_id}"),
                });
                (content_id, slot.size)
            }
        };
        page.content_of.insert((rev_id, slot.role), (content_id, size));
        self.pending.slots.push(SlotRow {
            slot_revision_id: rev_id,
            slot_role_id: slot.role,
            slot_content_id: content_id,
            slot_origin: origin,
        });
        Ok(size)
    }

    /// The content of a slot of a revision already in the database.
    fn stored_content(&mut self, rev_id: i64, role: i64) -> Result<Option<(i64, i64)>, StoreError> {
        let found: Option<(i64, i64)> = with_conn!(&mut *self.conn, |c| slots::table
            .inner_join(content::table.on(content::content_id.eq(slots::slot_content_id)))
            .filter(slots::slot_revision_id.eq(rev_id))
            .filter(slots::slot_role_id.eq(role))
            .select((content::content_id, content::content_size))
            .first(c)
            .optional())?;
        Ok(found)
    }

    pub(super) fn role_id(&mut self, name: &str) -> Result<i64, StoreError> {
        if let Some(&id) = self.roles.get(name) {
            return Ok(id);
        }
        let id = self.roles.values().max().copied().unwrap_or(0) + 1;
        with_conn!(&mut *self.conn, |c| diesel::insert_into(slot_roles::table)
            .values((slot_roles::role_id.eq(id), slot_roles::role_name.eq(name)))
            .execute(c))?;
        self.roles.insert(name.to_owned(), id);
        Ok(id)
    }

    fn model_id(&mut self, name: &str) -> Result<i64, StoreError> {
        if let Some(&id) = self.models.get(name) {
            return Ok(id);
        }
        let id = self.models.values().max().copied().unwrap_or(0) + 1;
        with_conn!(&mut *self.conn, |c| diesel::insert_into(content_models::table)
            .values((content_models::model_id.eq(id), content_models::model_name.eq(name)))
            .execute(c))?;
        self.models.insert(name.to_owned(), id);
        Ok(id)
    }

    pub(super) fn end_page(&mut self) -> Result<(), Fail> {
        let Some(page) = self.current.take() else {
            return Err(Fail::Data("a page ends that did not start".to_owned()));
        };
        let key = (page.ns, page.dbkey.clone());
        let Some(latest) = page.latest.as_ref().map(|l| (l.id, l.timestamp, l.len, l.model.clone())) else {
            // A page without revisions cannot be a page row (page_latest); only its uploads
            // are kept.
            self.queue_uploads(&page);
            self.batch_pages_done += 1;
            return self.maybe_commit();
        };
        let (latest_id, latest_ts, latest_len, model) = latest;
        // The page's own files first, so that its links see them.
        self.queue_uploads(&page);
        let text = page.latest.as_ref().and_then(|l| l.text.clone());
        let links = if model == "wikitext" {
            match &text {
                Some(text) => Some(self.extract_links(page.id, page.ns, &page.dbkey, text)?),
                None => None,
            }
        } else {
            Some(PageLinks::default())
        };
        let redirect_fallback = match (&links, &page.start.redirect_title) {
            (None, Some(target)) => self.parse_link_target(target),
            _ => None,
        };
        let is_redirect = match &links {
            Some(links) => links.redirect.is_some(),
            None => page.start.redirect,
        };
        let row = PageRow {
            page_id: page.id,
            page_namespace: page.ns,
            page_title: page.dbkey.clone(),
            page_is_redirect: i32::from(is_redirect),
            page_is_new: i32::from(page.revision_count == 1),
            page_random: page_random(page.id),
            page_touched: latest_ts.as_str().to_owned(),
            page_links_updated: Some(latest_ts.as_str().to_owned()),
            page_latest: latest_id,
            page_len: latest_len,
            page_content_model: Some(model),
            page_lang: None,
        };
        let fresh = page.existing.is_none();
        let link_timestamp = if fresh { page.earliest.unwrap_or(latest_ts) } else { latest_ts };
        self.pending.links.push(PendingLinks {
            page_id: page.id,
            ns: page.ns,
            title_text: page.dbkey.replace('_', " "),
            existed: !fresh,
            links,
            redirect_fallback,
            timestamp: link_timestamp.as_str().to_owned(),
        });
        self.pending.pages.push(PendingPage { row, existing: page.existing.clone() });
        if page.ns == NS_CATEGORY {
            self.touched_categories.insert(page.dbkey.clone());
        }
        {
            let mut cache = self.page_cache.borrow_mut();
            cache.exists.insert(key.clone(), true);
            if let Some(old) = cache.texts.remove(&key) {
                cache.text_bytes -= old.map_or(0, |t| t.len());
            }
        }
        self.unflushed.insert(key, text.map(Rc::from));
        self.report.pages += 1;
        if fresh {
            self.report.pages_created += 1;
        }
        self.batch_pages_done += 1;
        self.maybe_commit()
    }

    pub(super) fn write_texts(&mut self, rows: &[TextRow]) -> Result<(), StoreError> {
        if self.backend == Backend::Sqlite {
            insert_rows!(&mut *self.conn, text::table, rows, 3);
            return Ok(());
        }
        let per_statement = rows_per_statement(self.backend, 3);
        let mut start = 0;
        while start < rows.len() {
            let mut end = start;
            let mut bytes = 0;
            while end < rows.len() && end - start < per_statement && (end == start || bytes < MAX_STATEMENT_BYTES) {
                bytes += rows[end].old_text.len();
                end += 1;
            }
            let chunk = &rows[start..end];
            with_conn!(&mut *self.conn, |c| diesel::insert_into(text::table).values(chunk).execute(c))?;
            start = end;
        }
        Ok(())
    }

    pub(super) fn write_revisions(&mut self, revisions: Vec<PendingRevision>) -> Result<(), Fail> {
        let mut rows = Vec::with_capacity(revisions.len());
        let mut comments = Vec::with_capacity(revisions.len());
        let mut ips = Vec::new();
        for mut r in revisions {
            r.row.rev_actor = self.actor_id(&r.actor)?;
            comments.push(RevCommentRow {
                revcomment_rev: r.row.rev_id,
                revcomment_comment_id: self.comment_id(&r.comment)?,
            });
            if let Some(hex) = r.ip {
                ips.push(IpChangeRow {
                    ipc_rev_id: r.row.rev_id,
                    ipc_rev_timestamp: r.row.rev_timestamp.clone(),
                    ipc_hex: hex,
                });
            }
            if let Some(user) = r.actor.user {
                self.touched_users.insert(user);
            }
            rows.push(r.row);
        }
        insert_rows!(&mut *self.conn, revision::table, &rows, 10);
        insert_rows!(&mut *self.conn, revision_comment_temp::table, &comments, 2);
        insert_rows!(&mut *self.conn, ip_changes::table, &ips, 3);
        Ok(())
    }

    pub(super) fn write_pages(&mut self, pages: Vec<PendingPage>) -> Result<(), Fail> {
        let mut inserts = Vec::new();
        for p in pages {
            match &p.existing {
                None => inserts.push(p.row),
                Some(existing) if *existing == p.row => {}
                Some(_) => {
                    let id = p.row.page_id;
                    with_conn!(&mut *self.conn, |c| diesel::delete(page::table.find(id)).execute(c))?;
                    inserts.push(p.row);
                }
            }
        }
        insert_rows!(&mut *self.conn, page::table, &inserts, 12);
        Ok(())
    }
}

struct SlotInput {
    role: i64,
    model: i64,
    origin: Option<u64>,
    size: i64,
    sha1: String,
    text: Option<String>,
}
