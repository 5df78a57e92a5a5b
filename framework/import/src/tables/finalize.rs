//! After the dump: pages read again for templates that came later, category counts, edit
//! counts, `site_stats` and PostgreSQL's sequences.

use std::collections::{BTreeMap, HashMap, HashSet};

use diesel::dsl::count_star;
use diesel::expression_methods::AggregateExpressionMethods;
use diesel::prelude::*;
use wikiquery_domain::title::NS_CATEGORY;
use wikiquery_store::backend::{Backend, StoreError};
use wikiquery_store::schema::{
    actor, category, categorylinks, content, image, page, pagelinks, revision, site_stats, slots, text, user,
};
use wikiquery_store::with_conn;

use super::importer::Importer;
use super::pending::{PageCache, PendingLinks};
use super::rows::{insert_rows, CategoryRow, IN_CHUNK};
use super::Fail;

impl<'c> Importer<'c> {
    pub(super) fn finalize(&mut self) -> Result<(), Fail> {
        self.gather_statistics()?;
        self.progress.message("updating derived rows");
        self.relink_pages()?;
        self.begin()?;
        self.update_categories()?;
        self.update_edit_counts()?;
        self.update_site_stats()?;
        self.conn.batch_execute("COMMIT")?;
        self.in_transaction = false;
        if self.backend == Backend::Postgres {
            self.sync_sequences()?;
        }
        Ok(())
    }

    /// Has PostgreSQL and MariaDB gather the tables' statistics once the rows are in. Their
    /// planners choose by them: on tables just filled and not yet analysed, PostgreSQL joined
    /// each page with every slot in turn (reading a million-revision wiki's current texts for
    /// the search index took a quarter of an hour instead of seconds). SQLite is left
    /// without statistics: the server's statements are written for the plans it makes
    /// without them (see `tests/tests/query_plans.rs`).
    fn gather_statistics(&mut self) -> Result<(), Fail> {
        let sql = match self.backend {
            Backend::Sqlite => return Ok(()),
            Backend::Postgres => "ANALYZE",
            Backend::Mysql => {
                "ANALYZE TABLE page, revision, slots, content, text, actor, comment, user, categorylinks, \
                 pagelinks, templatelinks, linktarget, imagelinks, externallinks, langlinks, iwlinks, redirect, \
                 page_props, logging, image, oldimage"
            }
        };
        self.progress.message("gathering the tables' statistics");
        self.conn.batch_execute(sql)?;
        Ok(())
    }

    /// Reads again the pages whose templates were missing when they were read and have been
    /// imported since.
    fn relink_pages(&mut self) -> Result<(), Fail> {
        if self.relink.is_empty() {
            return Ok(());
        }
        let mut now_present = vec![false; self.missing_keys.len()];
        let mut by_title: BTreeMap<String, Vec<(i32, usize)>> = BTreeMap::new();
        for (i, (ns, title)) in self.missing_keys.iter().enumerate() {
            by_title.entry(title.clone()).or_default().push((*ns, i));
        }
        let titles: Vec<String> = by_title.keys().cloned().collect();
        for chunk in titles.chunks(IN_CHUNK) {
            let found: Vec<(i32, String)> = with_conn!(&mut *self.conn, |c| page::table
                .filter(page::page_title.eq_any(chunk))
                .select((page::page_namespace, page::page_title))
                .load(c))?;
            for (ns, title) in found {
                for (key_ns, i) in by_title.get(&title).into_iter().flatten() {
                    if *key_ns == ns {
                        now_present[*i] = true;
                    }
                }
            }
        }
        let relink = std::mem::take(&mut self.relink);
        let pages: Vec<i64> = relink
            .into_iter()
            .filter(|(_, keys)| keys.iter().any(|&k| now_present[k as usize]))
            .map(|(p, _)| p)
            .collect();
        self.missing_keys.clear();
        self.missing_index.clear();
        *self.page_cache.borrow_mut() = PageCache::default();
        for chunk in pages.chunks(self.batch_pages) {
            self.begin()?;
            self.report.pages_relinked += self.refresh_pages(chunk)?;
            self.commit_batch()?;
        }
        Ok(())
    }

    /// Reads again the current text of these pages and brings their link tables to it
    /// (inside the current transaction); pages not in wikitext are left alone. Says how many
    /// pages were read.
    pub(super) fn refresh_pages(&mut self, ids: &[i64]) -> Result<u64, Fail> {
        let main_role = self.role_id("main")?;
        let rows: Vec<(i64, i32, String, Option<String>, String)> = with_conn!(&mut *self.conn, |c| page::table
            .inner_join(slots::table.on(slots::slot_revision_id.eq(page::page_latest)))
            .inner_join(content::table.on(content::content_id.eq(slots::slot_content_id)))
            .filter(page::page_id.eq_any(ids))
            .filter(slots::slot_role_id.eq(main_role))
            .select((
                page::page_id,
                page::page_namespace,
                page::page_title,
                page::page_content_model,
                content::content_address
            ))
            .load(c))?;
        let mut read = 0;
        for (id, ns, dbkey, model, address) in rows {
            if model.as_deref().is_some_and(|m| m != "wikitext") {
                continue;
            }
            let Some(text) = self.stored_text(&address)? else { continue };
            let links = self.extract_links(id, ns, &dbkey, &text)?;
            let timestamp: String =
                with_conn!(&mut *self.conn, |c| page::table.find(id).select(page::page_touched).first(c))?;
            self.pending.links.push(PendingLinks {
                page_id: id,
                ns,
                title_text: dbkey.replace('_', " "),
                existed: true,
                links: Some(links),
                redirect_fallback: None,
                timestamp,
            });
            read += 1;
        }
        // Pages still missing templates stay as they are; reading them again cannot help.
        self.relink.clear();
        self.flush()?;
        Ok(read)
    }

    /// Recounts the categories whose members changed, in a transaction of its own.
    pub(super) fn recount_categories(&mut self) -> Result<(), Fail> {
        self.begin()?;
        self.update_categories()?;
        self.commit_batch()
    }

    /// Commits the open transaction.
    pub(super) fn commit_batch(&mut self) -> Result<(), Fail> {
        self.conn.batch_execute("COMMIT")?;
        self.in_transaction = false;
        Ok(())
    }

    /// The text stored at a `tt:` address.
    fn stored_text(&mut self, address: &str) -> Result<Option<String>, StoreError> {
        let Some(id) = address.strip_prefix("tt:").and_then(|id| id.parse::<i64>().ok()) else {
            return Ok(None);
        };
        let bytes: Option<Vec<u8>> =
            with_conn!(&mut *self.conn, |c| text::table.find(id).select(text::old_text).first(c).optional())?;
        Ok(bytes.map(|b| String::from_utf8_lossy(&b).into_owned()))
    }

    /// Recounts the members of every category whose members changed or whose page was
    /// imported; removes rows of categories left with neither.
    fn update_categories(&mut self) -> Result<(), StoreError> {
        let titles: Vec<String> = std::mem::take(&mut self.touched_categories).into_iter().collect();
        for chunk in titles.chunks(IN_CHUNK) {
            let counts: Vec<(String, String, i64)> = with_conn!(&mut *self.conn, |c| categorylinks::table
                .filter(categorylinks::cl_to.eq_any(chunk))
                .group_by((categorylinks::cl_to, categorylinks::cl_type))
                .select((categorylinks::cl_to, categorylinks::cl_type, count_star()))
                .load(c))?;
            let mut members: HashMap<String, (i64, i64, i64)> = HashMap::new();
            for (title, kind, n) in counts {
                let entry = members.entry(title).or_default();
                entry.0 += n;
                match kind.as_str() {
                    "subcat" => entry.1 += n,
                    "file" => entry.2 += n,
                    _ => {}
                }
            }
            let existing: Vec<(i64, String, i64, i64, i64)> = with_conn!(&mut *self.conn, |c| category::table
                .filter(category::cat_title.eq_any(chunk))
                .select((
                    category::cat_id,
                    category::cat_title,
                    category::cat_pages,
                    category::cat_subcats,
                    category::cat_files
                ))
                .load(c))?;
            let existing: HashMap<String, (i64, i64, i64, i64)> =
                existing.into_iter().map(|(id, t, p, s, f)| (t, (id, p, s, f))).collect();
            let with_page: HashSet<String> = with_conn!(&mut *self.conn, |c| page::table
                .filter(page::page_namespace.eq(NS_CATEGORY))
                .filter(page::page_title.eq_any(chunk))
                .select(page::page_title)
                .load::<String>(c))?
            .into_iter()
            .collect();
            let mut new_rows = Vec::new();
            for title in chunk {
                let (pages, subcats, files) = members.get(title).copied().unwrap_or_default();
                let keep = pages > 0 || with_page.contains(title);
                match existing.get(title) {
                    Some(&(id, ..)) if !keep => {
                        with_conn!(&mut *self.conn, |c| diesel::delete(category::table.find(id)).execute(c))?;
                    }
                    Some(&(id, p, s, f)) if (p, s, f) != (pages, subcats, files) => {
                        with_conn!(&mut *self.conn, |c| diesel::update(category::table.find(id))
                            .set((
                                category::cat_pages.eq(pages),
                                category::cat_subcats.eq(subcats),
                                category::cat_files.eq(files)
                            ))
                            .execute(c))?;
                    }
                    Some(_) => {}
                    None if keep => {
                        let cat_id = self.next.category;
                        self.next.category += 1;
                        new_rows.push(CategoryRow {
                            cat_id,
                            cat_title: title.clone(),
                            cat_pages: pages,
                            cat_subcats: subcats,
                            cat_files: files,
                        });
                    }
                    None => {}
                }
            }
            insert_rows!(&mut *self.conn, category::table, &new_rows, 5);
        }
        Ok(())
    }

    /// Sets `user_editcount` of the users who contributed to the count of their revisions.
    fn update_edit_counts(&mut self) -> Result<(), StoreError> {
        let users: Vec<i64> = std::mem::take(&mut self.touched_users).into_iter().collect();
        for chunk in users.chunks(IN_CHUNK) {
            let counts: Vec<(Option<i64>, i64)> = with_conn!(&mut *self.conn, |c| revision::table
                .inner_join(actor::table)
                .filter(actor::actor_user.eq_any(chunk))
                .group_by(actor::actor_user)
                .select((actor::actor_user, count_star()))
                .load(c))?;
            let counts: HashMap<i64, i64> = counts.into_iter().filter_map(|(u, n)| Some((u?, n))).collect();
            let current: Vec<(i64, Option<i64>)> = with_conn!(&mut *self.conn, |c| user::table
                .filter(user::user_id.eq_any(chunk))
                .select((user::user_id, user::user_editcount))
                .load(c))?;
            for (id, old) in current {
                let new = counts.get(&id).copied().unwrap_or(0);
                if old != Some(new) {
                    with_conn!(&mut *self.conn, |c| diesel::update(user::table.find(id))
                        .set(user::user_editcount.eq(Some(new)))
                        .execute(c))?;
                }
            }
        }
        Ok(())
    }

    /// Recomputes `site_stats` from the tables (MediaWiki's `initSiteStats.php`, with the
    /// default "link" method for counting articles).
    fn update_site_stats(&mut self) -> Result<(), StoreError> {
        let conn = &mut *self.conn;
        let edits: i64 = with_conn!(&mut *conn, |c| revision::table.count().get_result(c))?;
        let pages: i64 = with_conn!(&mut *conn, |c| page::table.count().get_result(c))?;
        let good: i64 = with_conn!(&mut *conn, |c| pagelinks::table
            .inner_join(page::table)
            .filter(page::page_namespace.eq(0))
            .filter(page::page_is_redirect.eq(0))
            .select(diesel::dsl::count(pagelinks::pl_from).aggregate_distinct())
            .get_result(c))?;
        let users: i64 = with_conn!(&mut *conn, |c| user::table.count().get_result(c))?;
        let images: i64 = with_conn!(&mut *conn, |c| image::table.count().get_result(c))?;
        with_conn!(&mut *conn, |c| diesel::delete(site_stats::table.find(1i64)).execute(c))?;
        with_conn!(&mut *conn, |c| diesel::insert_into(site_stats::table)
            .values((
                site_stats::ss_row_id.eq(1i64),
                site_stats::ss_total_edits.eq(Some(edits)),
                site_stats::ss_good_articles.eq(Some(good)),
                site_stats::ss_total_pages.eq(Some(pages)),
                site_stats::ss_users.eq(Some(users)),
                site_stats::ss_active_users.eq(Some(0i64)),
                site_stats::ss_images.eq(Some(images)),
            ))
            .execute(c))?;
        Ok(())
    }

    /// PostgreSQL's identity sequences do not move when ids are given explicitly; move them
    /// past the ids written, so that later inserts without ids do not collide.
    fn sync_sequences(&mut self) -> Result<(), StoreError> {
        const IDENTITIES: &[(&str, &str)] = &[
            ("page", "page_id"),
            ("revision", "rev_id"),
            ("text", "old_id"),
            ("content", "content_id"),
            ("content_models", "model_id"),
            ("slot_roles", "role_id"),
            ("comment", "comment_id"),
            ("actor", "actor_id"),
            ("user", "user_id"),
            ("logging", "log_id"),
            ("linktarget", "lt_id"),
            ("category", "cat_id"),
            ("externallinks", "el_id"),
        ];
        let mut sql = String::new();
        for (table, column) in IDENTITIES {
            sql.push_str(&format!(
                "SELECT setval(pg_get_serial_sequence('\"{table}\"', '{column}'), \
                 GREATEST((SELECT COALESCE(MAX({column}), 0) FROM \"{table}\"), 1)); "
            ));
        }
        self.conn.batch_execute(&sql)
    }
}
