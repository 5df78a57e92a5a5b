//! The importer's state, its loop over the dump's items, batches and their transactions, and
//! the end of an import.

use std::cell::RefCell;
use std::collections::{BTreeSet, HashMap};
use std::rc::Rc;

use diesel::dsl::max;
use diesel::prelude::*;
use wikiquery_store::backend::{AnyConnection, Backend, StoreError};
use wikiquery_store::schema::{
    actor, category, comment, content, content_models, externallinks, linktarget, logging, page, revision, slot_roles,
    slots, text,
};
use wikiquery_store::site::{self, Site};
use wikiquery_store::with_conn;

use super::pending::ActorKey;
use super::pending::{Before, NextIds, PageCache, PageState, Pending};
use super::progress::Progress;
use super::rows::insert_rows;
use super::{Fail, ImportError, ImportReport, ReadItem};
use crate::dump::DumpItem;

pub(super) struct Importer<'c> {
    pub(super) conn: &'c mut AnyConnection,
    pub(super) backend: Backend,
    pub(super) batch_pages: usize,
    pub(super) site: Option<Site>,
    language: Option<String>,
    pub(super) next: NextIds,
    pub(super) before: Before,
    pub(super) roles: HashMap<String, i64>,
    pub(super) models: HashMap<String, i64>,
    pub(super) comments: HashMap<String, i64>,
    pub(super) actors: HashMap<String, i64>,
    pub(super) linktargets: HashMap<(i32, String), i64>,
    pub(super) page_cache: RefCell<PageCache>,
    /// Pages read since the last flush: their latest text, for template lookups.
    pub(super) unflushed: HashMap<(i32, String), Option<Rc<str>>>,
    pub(super) pending: Pending,
    pub(super) current: Option<PageState>,
    pub(super) in_transaction: bool,
    pub(super) batch_pages_done: u64,
    pub(super) batch_logs_done: u64,
    committed_pages: u64,
    committed_logs: u64,
    /// Templates found missing while reading a page, by number.
    pub(super) missing_keys: Vec<(i32, String)>,
    pub(super) missing_index: HashMap<(i32, String), u32>,
    /// Pages whose links depended on missing templates.
    pub(super) relink: Vec<(i64, Vec<u32>)>,
    pub(super) touched_categories: BTreeSet<String>,
    pub(super) touched_users: BTreeSet<i64>,
    pub(super) report: ImportReport,
    pub(super) progress: Progress,
}

impl<'c> Importer<'c> {
    pub(super) fn new(
        conn: &'c mut AnyConnection,
        batch_pages: usize,
        progress: Progress,
    ) -> Result<Importer<'c>, StoreError> {
        let backend = conn.backend();
        if backend == Backend::Sqlite {
            // A larger page cache keeps the indexes being filled in memory, and checkpointing
            // the write-ahead log less often saves most of the waiting for the disk.
            conn.batch_execute(
                "PRAGMA cache_size = -131072; PRAGMA temp_store = MEMORY; PRAGMA wal_autocheckpoint = 16384;",
            )?;
        }
        let mut importer = Importer {
            conn,
            backend,
            batch_pages,
            site: None,
            language: None,
            next: NextIds::default(),
            before: Before::default(),
            roles: HashMap::new(),
            models: HashMap::new(),
            comments: HashMap::new(),
            actors: HashMap::new(),
            linktargets: HashMap::new(),
            page_cache: RefCell::new(PageCache::default()),
            unflushed: HashMap::new(),
            pending: Pending::default(),
            current: None,
            in_transaction: false,
            batch_pages_done: 0,
            batch_logs_done: 0,
            committed_pages: 0,
            committed_logs: 0,
            missing_keys: Vec::new(),
            missing_index: HashMap::new(),
            relink: Vec::new(),
            touched_categories: BTreeSet::new(),
            touched_users: BTreeSet::new(),
            report: ImportReport::default(),
            progress,
        };
        importer.load_state()?;
        importer.before = Before {
            page: importer.max_of_page()?,
            revision: with_conn!(&mut *importer.conn, |c| revision::table
                .select(max(revision::rev_id))
                .first::<Option<i64>>(c))?
            .unwrap_or(0),
            log: with_conn!(&mut *importer.conn, |c| logging::table
                .select(max(logging::log_id))
                .first::<Option<i64>>(c))?
            .unwrap_or(0),
        };
        Ok(importer)
    }

    fn max_of_page(&mut self) -> Result<i64, StoreError> {
        Ok(with_conn!(&mut *self.conn, |c| page::table.select(max(page::page_id)).first::<Option<i64>>(c))?
            .unwrap_or(0))
    }

    /// Reads id counters and the small lookup tables; also after a rollback, when the caches
    /// may name rows that no longer exist.
    fn load_state(&mut self) -> Result<(), StoreError> {
        let conn = &mut *self.conn;
        let next = |v: Option<i64>| v.unwrap_or(0) + 1;
        self.next = NextIds {
            text: next(with_conn!(&mut *conn, |c| text::table.select(max(text::old_id)).first(c))?),
            content: next(with_conn!(&mut *conn, |c| content::table.select(max(content::content_id)).first(c))?),
            comment: next(with_conn!(&mut *conn, |c| comment::table.select(max(comment::comment_id)).first(c))?),
            actor: next(with_conn!(&mut *conn, |c| actor::table.select(max(actor::actor_id)).first(c))?),
            linktarget: next(with_conn!(&mut *conn, |c| linktarget::table.select(max(linktarget::lt_id)).first(c))?),
            category: next(with_conn!(&mut *conn, |c| category::table.select(max(category::cat_id)).first(c))?),
            externallink: next(with_conn!(&mut *conn, |c| externallinks::table
                .select(max(externallinks::el_id))
                .first(c))?),
        };
        let roles: Vec<(i64, String)> =
            with_conn!(&mut *conn, |c| slot_roles::table.select((slot_roles::role_id, slot_roles::role_name)).load(c))?;
        self.roles = roles.into_iter().map(|(id, name)| (name, id)).collect();
        let models: Vec<(i64, String)> = with_conn!(&mut *conn, |c| content_models::table
            .select((content_models::model_id, content_models::model_name))
            .load(c))?;
        self.models = models.into_iter().map(|(id, name)| (name, id)).collect();
        self.comments.clear();
        self.actors.clear();
        self.linktargets.clear();
        *self.page_cache.borrow_mut() = PageCache::default();
        self.unflushed.clear();
        Ok(())
    }

    pub(super) fn site(&mut self) -> &Site {
        if self.site.is_none() {
            // A dump without <siteinfo>: what the database says, or MediaWiki's defaults.
            let loaded = Site::load(self.conn, "Project").unwrap_or_else(|_| Site::mediawiki_default("Project"));
            self.site = Some(loaded);
        }
        // Set just above.
        self.site.get_or_insert_with(|| Site::mediawiki_default("Project"))
    }

    // -- the main loop ------------------------------------------------------------------

    pub(super) fn import(&mut self, items: &std::sync::mpsc::Receiver<ReadItem>) -> Result<(), Fail> {
        // The reader thread ends the stream by hanging up.
        while let Ok(item) = items.recv() {
            let (item, language) = item.map_err(Fail::Dump)?;
            if language.is_some() {
                self.language = language;
            }
            match item {
                DumpItem::SiteInfo(info) => self.siteinfo(&info)?,
                DumpItem::PageStart(start) => self.start_page(start)?,
                DumpItem::Revision(rev) => self.revision(rev)?,
                DumpItem::Upload(upload) => {
                    if let Some(page) = self.current.as_mut() {
                        page.uploads.push(upload);
                    }
                }
                DumpItem::PageEnd => self.end_page()?,
                DumpItem::LogItem(item) => self.log_item(item)?,
            }
            self.progress.update(&self.report, false);
        }
        self.commit()?;
        Ok(())
    }

    fn siteinfo(&mut self, info: &crate::dump::DumpSiteInfo) -> Result<(), Fail> {
        let interwiki = site::read_interwiki(self.conn)?;
        let site = crate::dump::site_from_dump(info, self.language.as_deref()).with_interwiki(interwiki);
        self.begin()?;
        site.save(self.conn)?;
        self.site = Some(site);
        Ok(())
    }

    pub(super) fn begin(&mut self) -> Result<(), StoreError> {
        if !self.in_transaction {
            let sql = if self.backend == Backend::Sqlite { "BEGIN IMMEDIATE" } else { "BEGIN" };
            self.conn.batch_execute(sql)?;
            self.in_transaction = true;
        }
        Ok(())
    }

    /// Writes what is buffered and commits the batch.
    fn commit(&mut self) -> Result<(), Fail> {
        self.flush()?;
        if self.in_transaction {
            self.conn.batch_execute("COMMIT")?;
            self.in_transaction = false;
        }
        self.committed_pages += self.batch_pages_done;
        self.committed_logs += self.batch_logs_done;
        self.batch_pages_done = 0;
        self.batch_logs_done = 0;
        Ok(())
    }

    fn rollback(&mut self) {
        if self.in_transaction {
            if let Err(e) = self.conn.batch_execute("ROLLBACK") {
                tracing::warn!("rolling back the failed batch failed: {e}");
            }
            self.in_transaction = false;
        }
        self.pending = Pending::default();
        self.current = None;
        self.batch_pages_done = 0;
        self.batch_logs_done = 0;
    }

    /// Ends the import: on success or a dump error, brings derived rows up to date for what
    /// was committed; returns the report or the error with committed counts.
    pub(super) fn finish(mut self, outcome: Result<(), Fail>) -> Result<ImportReport, ImportError> {
        let failure = match outcome {
            Ok(()) => None,
            Err(fail) => {
                self.rollback();
                Some(fail)
            }
        };
        // After a database failure the connection may be unusable; after bad data or a bad
        // dump it is fine, and the committed batches deserve consistent derived rows.
        let finalize = match &failure {
            None => true,
            Some(Fail::Dump(_)) | Some(Fail::Data(_)) => true,
            Some(Fail::Store(_)) => false,
        };
        let mut final_error = None;
        if finalize {
            let result = (|| -> Result<(), Fail> {
                if failure.is_some() {
                    self.load_state()?;
                }
                self.finalize()
            })();
            if let Err(e) = result {
                self.rollback();
                final_error = Some(e);
            }
        }
        if self.backend == Backend::Sqlite {
            let _ = self.conn.batch_execute("PRAGMA cache_size = -2000; PRAGMA wal_autocheckpoint = 1000;");
        }
        self.progress.finish();
        let (pages, log_items) = (self.committed_pages, self.committed_logs);
        let convert = |fail: Fail| fail.into_import_error(pages, log_items);
        match (failure, final_error) {
            (Some(fail), _) => Err(convert(fail)),
            (None, Some(fail)) => Err(convert(fail)),
            (None, None) => Ok(self.report),
        }
    }

    pub(super) fn maybe_commit(&mut self) -> Result<(), Fail> {
        if self.batch_pages_done >= self.batch_pages as u64 || self.batch_logs_done >= 10 * self.batch_pages as u64 {
            self.commit()?;
        }
        Ok(())
    }

    // -- writing ----------------------------------------------------------------------------

    /// Writes everything buffered (inside the current transaction).
    pub(super) fn flush(&mut self) -> Result<(), Fail> {
        if self.pending.is_empty() {
            self.unflushed.clear();
            return Ok(());
        }
        self.begin()?;
        let pending = std::mem::take(&mut self.pending);
        // Names and summaries first: every other row refers to them by id.
        let mut actor_keys: Vec<&ActorKey> = pending.revisions.iter().map(|r| &r.actor).collect();
        actor_keys.extend(pending.logs.iter().map(|l| &l.actor));
        actor_keys.extend(pending.uploads.iter().map(|u| &u.actor));
        self.resolve_actors(&actor_keys)?;
        let mut texts: Vec<&str> = pending.revisions.iter().map(|r| r.comment.as_str()).collect();
        texts.extend(pending.logs.iter().map(|l| l.comment.as_str()));
        texts.extend(pending.uploads.iter().map(|u| u.comment.as_str()));
        self.resolve_comments(&texts)?;

        // Text and content before revisions, so that no reader sees a revision without them.
        self.write_texts(&pending.texts)?;
        insert_rows!(&mut *self.conn, content::table, &pending.contents, 5);
        insert_rows!(&mut *self.conn, slots::table, &pending.slots, 4);
        self.write_revisions(pending.revisions)?;
        self.write_pages(pending.pages)?;
        self.write_links(pending.links)?;
        self.write_uploads(pending.uploads)?;
        self.write_logs(pending.logs)?;
        self.unflushed.clear();
        Ok(())
    }
}
