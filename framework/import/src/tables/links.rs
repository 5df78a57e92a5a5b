//! The link tables and `redirect` of each page, from its wikitext, changed only where they
//! differ.

use std::cell::RefCell;
use std::collections::{BTreeSet, HashMap, HashSet};
use std::rc::Rc;

use diesel::prelude::*;
use wikiquery_domain::title::{parse_title, NS_CATEGORY, NS_FILE};
use wikiquery_store::backend::{AnyConnection, StoreError};
use wikiquery_store::schema::{
    categorylinks, content, externallinks, image, imagelinks, iwlinks, langlinks, linktarget, page, pagelinks,
    redirect, slots, templatelinks, text,
};
use wikiquery_store::with_conn;

use super::encoding::cut;
use super::importer::Importer;
use super::page_props::PageProps;
use super::pending::{
    PageCache, PendingLinks, PendingUpload, ID_CACHE_ENTRIES, PAGE_CACHE_ENTRIES, PAGE_CACHE_TEXT_BYTES,
};
use super::rows::{
    insert_rows, CategoryLinkRow, ExternalLinkRow, ImageLinkRow, IwLinkRow, LangLinkRow, LinkTargetRow, PageLinkRow,
    RedirectRow, RedirectTuple, TemplateLinkRow, IN_CHUNK,
};
use super::Fail;
use crate::wikitext::{self, LinkContext, PageLinks, RedirectTarget};
use wikiquery_domain::ext_links::el_indexes;

/// How many pages with expansion warnings a report names.
const MAX_WARNINGS_NAMED: usize = 5;

impl<'c> Importer<'c> {
    /// A title as a link target (`<redirect title>`).
    pub(super) fn parse_link_target(&mut self, target: &str) -> Option<RedirectTarget> {
        let site = self.site();
        let interwikis = site.interwikis();
        let parsed = parse_title(target, 0, site.namespaces(), &|p| interwikis.is_interwiki(p)).ok()?;
        Some(RedirectTarget {
            ns: parsed.ns,
            dbkey: parsed.dbkey,
            fragment: parsed.fragment,
            interwiki: parsed.interwiki,
        })
    }

    /// The links of a page's wikitext; templates are looked up among the pages read so far.
    pub(super) fn extract_links(&mut self, page_id: i64, ns: i32, dbkey: &str, text: &str) -> Result<PageLinks, Fail> {
        if self.site.is_none() {
            self.site();
        }
        let main_role = self.role_id("main")?;
        let Some(site) = self.site.as_ref() else {
            return Err(Fail::Data("no site information".to_owned()));
        };
        let lookup = TemplateSource {
            conn: RefCell::new(&mut *self.conn),
            cache: &self.page_cache,
            unflushed: &self.unflushed,
            uploads: &self.pending.uploads,
            main_role,
            missing: RefCell::new(Vec::new()),
            error: RefCell::new(None),
        };
        let links = {
            let exists = |ns: i32, key: &str| lookup.exists(ns, key);
            let template_text = |ns: i32, key: &str| lookup.text(ns, key);
            let file_exists = |name: &str| lookup.file_exists(name);
            let mut ctx = LinkContext::new(site.namespaces(), site.interwikis(), Some((ns, dbkey.to_owned())));
            ctx.server = site.server.clone();
            ctx.sitename = Some(&site.sitename);
            ctx.page_exists = Some(&exists);
            ctx.template_text = Some(&template_text);
            ctx.file_exists = Some(&file_exists);
            wikitext::extract(text, &ctx)
        };
        if let Some(error) = lookup.error.into_inner() {
            return Err(Fail::Store(error));
        }
        if let Some(warning) = &links.warning {
            self.report.pages_with_warnings += 1;
            if self.report.warnings.len() < MAX_WARNINGS_NAMED {
                self.report.warnings.push(format!("{}: {warning}", dbkey.replace('_', " ")));
            }
            tracing::warn!("page {page_id} ({dbkey}): template expansion stood in for {warning}");
        }
        let missing = lookup.missing.into_inner();
        if !missing.is_empty() {
            let mut ids = Vec::new();
            for key in missing {
                let next = self.missing_keys.len() as u32;
                let id = *self.missing_index.entry(key.clone()).or_insert(next);
                if id == next {
                    self.missing_keys.push(key);
                }
                if !ids.contains(&id) {
                    ids.push(id);
                }
            }
            self.relink.push((page_id, ids));
        }
        Ok(links)
    }

    /// Ids of link targets, created where missing.
    fn resolve_linktargets(&mut self, keys: &BTreeSet<(i32, String)>) -> Result<(), StoreError> {
        if self.linktargets.len() > ID_CACHE_ENTRIES {
            self.linktargets.clear();
        }
        let wanted: Vec<&(i32, String)> = keys.iter().filter(|k| !self.linktargets.contains_key(*k)).collect();
        if wanted.is_empty() {
            return Ok(());
        }
        let titles: Vec<String> = wanted.iter().map(|(_, t)| t.clone()).collect::<BTreeSet<_>>().into_iter().collect();
        for chunk in titles.chunks(IN_CHUNK) {
            let found: Vec<(i64, i32, String)> = with_conn!(&mut *self.conn, |c| linktarget::table
                .filter(linktarget::lt_title.eq_any(chunk))
                .select((linktarget::lt_id, linktarget::lt_namespace, linktarget::lt_title))
                .load(c))?;
            for (id, ns, title) in found {
                self.linktargets.insert((ns, title), id);
            }
        }
        let mut rows = Vec::new();
        for key in wanted {
            if self.linktargets.contains_key(key) {
                continue;
            }
            let id = self.next.linktarget;
            self.next.linktarget += 1;
            rows.push(LinkTargetRow { lt_id: id, lt_namespace: key.0, lt_title: key.1.clone() });
            self.linktargets.insert(key.clone(), id);
        }
        insert_rows!(&mut *self.conn, linktarget::table, &rows, 3);
        Ok(())
    }

    /// Brings the link tables of these pages to what their text says, changing only rows
    /// that differ.
    pub(super) fn write_links(&mut self, items: Vec<PendingLinks>) -> Result<(), Fail> {
        if items.is_empty() {
            return Ok(());
        }
        let existing_ids: Vec<i64> = items.iter().filter(|i| i.existed).map(|i| i.page_id).collect();
        let props: Vec<PageProps> = items
            .iter()
            .filter_map(|i| {
                let links = i.links.as_ref()?;
                Some(PageProps { page: i.page_id, props: links.props.clone(), existed: i.existed })
            })
            .collect();
        let mut current = self.current_links(&existing_ids)?;
        let mut targets = BTreeSet::new();
        for item in &items {
            if let Some(links) = &item.links {
                targets.extend(links.templates.iter().cloned());
            }
        }
        self.resolve_linktargets(&targets)?;

        let mut add = LinkInserts::default();
        let mut remove = LinkDeletes::default();
        for item in items {
            let from = item.page_id;
            let from_ns = item.ns;
            let mut cur = current.remove(&from).unwrap_or_default();
            let desired_redirect = match &item.links {
                Some(links) => links.redirect.as_ref().map(|r| redirect_row(from, r)),
                None => item.redirect_fallback.as_ref().map(|r| redirect_row(from, r)),
            };
            if item.links.is_some() || item.redirect_fallback.is_some() {
                match (cur.redirect.take(), desired_redirect) {
                    (Some(old), Some(new)) if old == new => {}
                    (old, new) => {
                        if old.is_some() {
                            remove.redirect.push(from);
                        }
                        if let Some(new) = new {
                            add.redirect.push(new);
                        }
                    }
                }
            }
            let Some(links) = item.links else { continue };

            let desired: HashSet<(i32, String, i32)> =
                links.links.iter().map(|(ns, t)| (*ns, t.clone(), from_ns)).collect();
            for old in cur.pagelinks.difference(&desired) {
                remove.pagelinks.push((from, old.0, old.1.clone()));
            }
            for (ns, title) in &links.links {
                if !cur.pagelinks.contains(&(*ns, title.clone(), from_ns)) {
                    add.pagelinks.push(PageLinkRow {
                        pl_from: from,
                        pl_namespace: *ns,
                        pl_title: title.clone(),
                        pl_from_namespace: from_ns,
                    });
                }
            }

            let mut desired_targets = Vec::new();
            for key in &links.templates {
                let id = *self
                    .linktargets
                    .get(key)
                    .ok_or_else(|| Fail::Data(format!("link target {key:?} was not resolved")))?;
                desired_targets.push(id);
            }
            let desired: HashSet<(i64, i32)> = desired_targets.iter().map(|&id| (id, from_ns)).collect();
            for old in cur.templatelinks.difference(&desired) {
                remove.templatelinks.push((from, old.0));
            }
            for id in desired_targets {
                if !cur.templatelinks.contains(&(id, from_ns)) {
                    add.templatelinks.push(TemplateLinkRow {
                        tl_from: from,
                        tl_from_namespace: from_ns,
                        tl_target_id: id,
                    });
                }
            }

            let cl_type = match from_ns {
                NS_CATEGORY => "subcat",
                NS_FILE => "file",
                _ => "page",
            };
            let mut wanted_categories = HashSet::new();
            for (name, prefix) in &links.categories {
                wanted_categories.insert(name.clone());
                let prefix = cut(prefix, 255).to_owned();
                let input =
                    if prefix.is_empty() { item.title_text.clone() } else { format!("{prefix}\n{}", item.title_text) };
                let sortkey = cut(&input.to_uppercase(), 230).to_owned();
                let old = cur.categorylinks.remove(name);
                let timestamp = old.as_ref().map_or_else(|| item.timestamp.clone(), |o| o.cl_timestamp.clone());
                let row = CategoryLinkRow {
                    cl_from: from,
                    cl_to: name.clone(),
                    cl_sortkey: sortkey,
                    cl_sortkey_prefix: prefix,
                    cl_timestamp: timestamp,
                    cl_collation: "uppercase".to_owned(),
                    cl_type: cl_type.to_owned(),
                };
                if old.as_ref() == Some(&row) {
                    continue;
                }
                if old.is_some() {
                    remove.categorylinks.push((from, name.clone()));
                }
                self.touched_categories.insert(name.clone());
                add.categorylinks.push(row);
            }
            for (name, _) in cur.categorylinks.drain() {
                if !wanted_categories.contains(&name) {
                    self.touched_categories.insert(name.clone());
                    remove.categorylinks.push((from, name));
                }
            }

            let desired: HashSet<(String, i32)> = links.images.iter().map(|t| (t.clone(), from_ns)).collect();
            for old in cur.imagelinks.difference(&desired) {
                remove.imagelinks.push((from, old.0.clone()));
            }
            for name in &links.images {
                if !cur.imagelinks.contains(&(name.clone(), from_ns)) {
                    add.imagelinks.push(ImageLinkRow {
                        il_from: from,
                        il_from_namespace: from_ns,
                        il_to: name.clone(),
                    });
                }
            }

            let mut wanted_el: Vec<(String, String)> = Vec::new();
            for url in &links.external {
                for index in el_indexes(url) {
                    wanted_el.push((url.clone(), index));
                }
            }
            let mut kept: Vec<bool> = vec![false; wanted_el.len()];
            for (el_id, el_to, el_index) in &cur.externallinks {
                match wanted_el.iter().enumerate().position(|(i, (t, x))| !kept[i] && t == el_to && x == el_index) {
                    Some(i) => kept[i] = true,
                    None => remove.externallinks.push(*el_id),
                }
            }
            for ((el_to, el_index), kept) in wanted_el.into_iter().zip(kept) {
                if kept {
                    continue;
                }
                let el_id = self.next.externallink;
                self.next.externallink += 1;
                let el_index_60 = cut(&el_index, 60).to_owned();
                add.externallinks.push(ExternalLinkRow { el_id, el_from: from, el_to, el_index, el_index_60 });
            }

            let desired: HashSet<(String, String)> = links.langlinks.iter().cloned().collect();
            for old in cur.langlinks.difference(&desired) {
                remove.langlinks.push((from, old.0.clone()));
            }
            for (lang, title) in &links.langlinks {
                if !cur.langlinks.contains(&(lang.clone(), title.clone())) {
                    add.langlinks.push(LangLinkRow {
                        ll_from: from,
                        ll_lang: lang.clone(),
                        ll_title: cut(title, 255).to_owned(),
                    });
                }
            }

            let desired: HashSet<(String, String)> = links.iwlinks.iter().cloned().collect();
            for old in cur.iwlinks.difference(&desired) {
                remove.iwlinks.push((from, old.0.clone(), old.1.clone()));
            }
            for (prefix, title) in &links.iwlinks {
                if !cur.iwlinks.contains(&(prefix.clone(), title.clone())) {
                    add.iwlinks.push(IwLinkRow {
                        iwl_from: from,
                        iwl_prefix: prefix.clone(),
                        iwl_title: title.clone(),
                    });
                }
            }
        }
        self.delete_links(&remove)?;
        self.insert_links(&add)?;
        self.write_page_props(&props)?;
        Ok(())
    }

    /// The link rows these pages have now.
    fn current_links(&mut self, pages: &[i64]) -> Result<HashMap<i64, CurrentLinks>, StoreError> {
        let mut out: HashMap<i64, CurrentLinks> = HashMap::new();
        for chunk in pages.chunks(IN_CHUNK) {
            let conn = &mut *self.conn;
            let rows: Vec<(i64, i32, String, i32)> = with_conn!(&mut *conn, |c| pagelinks::table
                .filter(pagelinks::pl_from.eq_any(chunk))
                .select((
                    pagelinks::pl_from,
                    pagelinks::pl_namespace,
                    pagelinks::pl_title,
                    pagelinks::pl_from_namespace
                ))
                .load(c))?;
            for (from, ns, title, from_ns) in rows {
                out.entry(from).or_default().pagelinks.insert((ns, title, from_ns));
            }
            let rows: Vec<(i64, i64, i32)> = with_conn!(&mut *conn, |c| templatelinks::table
                .filter(templatelinks::tl_from.eq_any(chunk))
                .select((templatelinks::tl_from, templatelinks::tl_target_id, templatelinks::tl_from_namespace))
                .load(c))?;
            for (from, target, from_ns) in rows {
                out.entry(from).or_default().templatelinks.insert((target, from_ns));
            }
            let rows: Vec<(i64, String, String, String, String, String, String)> =
                with_conn!(&mut *conn, |c| categorylinks::table
                    .filter(categorylinks::cl_from.eq_any(chunk))
                    .select((
                        categorylinks::cl_from,
                        categorylinks::cl_to,
                        categorylinks::cl_sortkey,
                        categorylinks::cl_sortkey_prefix,
                        categorylinks::cl_timestamp,
                        categorylinks::cl_collation,
                        categorylinks::cl_type
                    ))
                    .load(c))?;
            for (cl_from, cl_to, cl_sortkey, cl_sortkey_prefix, cl_timestamp, cl_collation, cl_type) in rows {
                let row = CategoryLinkRow {
                    cl_from,
                    cl_to,
                    cl_sortkey,
                    cl_sortkey_prefix,
                    cl_timestamp,
                    cl_collation,
                    cl_type,
                };
                out.entry(cl_from).or_default().categorylinks.insert(row.cl_to.clone(), row);
            }
            let rows: Vec<(i64, String, i32)> = with_conn!(&mut *conn, |c| imagelinks::table
                .filter(imagelinks::il_from.eq_any(chunk))
                .select((imagelinks::il_from, imagelinks::il_to, imagelinks::il_from_namespace))
                .load(c))?;
            for (from, to, from_ns) in rows {
                out.entry(from).or_default().imagelinks.insert((to, from_ns));
            }
            let rows: Vec<(i64, i64, String, String)> = with_conn!(&mut *conn, |c| externallinks::table
                .filter(externallinks::el_from.eq_any(chunk))
                .select((externallinks::el_id, externallinks::el_from, externallinks::el_to, externallinks::el_index))
                .order(externallinks::el_id)
                .load(c))?;
            for (id, from, to, index) in rows {
                out.entry(from).or_default().externallinks.push((id, to, index));
            }
            let rows: Vec<(i64, String, String)> = with_conn!(&mut *conn, |c| langlinks::table
                .filter(langlinks::ll_from.eq_any(chunk))
                .select((langlinks::ll_from, langlinks::ll_lang, langlinks::ll_title))
                .load(c))?;
            for (from, lang, title) in rows {
                out.entry(from).or_default().langlinks.insert((lang, title));
            }
            let rows: Vec<(i64, String, String)> = with_conn!(&mut *conn, |c| iwlinks::table
                .filter(iwlinks::iwl_from.eq_any(chunk))
                .select((iwlinks::iwl_from, iwlinks::iwl_prefix, iwlinks::iwl_title))
                .load(c))?;
            for (from, prefix, title) in rows {
                out.entry(from).or_default().iwlinks.insert((prefix, title));
            }
            let rows: Vec<RedirectTuple> = with_conn!(&mut *conn, |c| redirect::table
                .filter(redirect::rd_from.eq_any(chunk))
                .select((
                    redirect::rd_from,
                    redirect::rd_namespace,
                    redirect::rd_title,
                    redirect::rd_interwiki,
                    redirect::rd_fragment
                ))
                .load(c))?;
            for (rd_from, rd_namespace, rd_title, rd_interwiki, rd_fragment) in rows {
                out.entry(rd_from).or_default().redirect =
                    Some(RedirectRow { rd_from, rd_namespace, rd_title, rd_interwiki, rd_fragment });
            }
        }
        Ok(out)
    }

    fn delete_links(&mut self, remove: &LinkDeletes) -> Result<(), StoreError> {
        let conn = &mut *self.conn;
        for (from, ns, title) in &remove.pagelinks {
            with_conn!(&mut *conn, |c| diesel::delete(
                pagelinks::table
                    .filter(pagelinks::pl_from.eq(from))
                    .filter(pagelinks::pl_namespace.eq(ns))
                    .filter(pagelinks::pl_title.eq(title))
            )
            .execute(c))?;
        }
        for (from, target) in &remove.templatelinks {
            with_conn!(&mut *conn, |c| diesel::delete(
                templatelinks::table
                    .filter(templatelinks::tl_from.eq(from))
                    .filter(templatelinks::tl_target_id.eq(target))
            )
            .execute(c))?;
        }
        for (from, to) in &remove.categorylinks {
            with_conn!(&mut *conn, |c| diesel::delete(
                categorylinks::table.filter(categorylinks::cl_from.eq(from)).filter(categorylinks::cl_to.eq(to))
            )
            .execute(c))?;
        }
        for (from, to) in &remove.imagelinks {
            with_conn!(&mut *conn, |c| diesel::delete(
                imagelinks::table.filter(imagelinks::il_from.eq(from)).filter(imagelinks::il_to.eq(to))
            )
            .execute(c))?;
        }
        for chunk in remove.externallinks.chunks(IN_CHUNK) {
            with_conn!(&mut *conn, |c| diesel::delete(
                externallinks::table.filter(externallinks::el_id.eq_any(chunk))
            )
            .execute(c))?;
        }
        for (from, lang) in &remove.langlinks {
            with_conn!(&mut *conn, |c| diesel::delete(
                langlinks::table.filter(langlinks::ll_from.eq(from)).filter(langlinks::ll_lang.eq(lang))
            )
            .execute(c))?;
        }
        for (from, prefix, title) in &remove.iwlinks {
            with_conn!(&mut *conn, |c| diesel::delete(
                iwlinks::table
                    .filter(iwlinks::iwl_from.eq(from))
                    .filter(iwlinks::iwl_prefix.eq(prefix))
                    .filter(iwlinks::iwl_title.eq(title))
            )
            .execute(c))?;
        }
        for chunk in remove.redirect.chunks(IN_CHUNK) {
            with_conn!(&mut *conn, |c| diesel::delete(redirect::table.filter(redirect::rd_from.eq_any(chunk)))
                .execute(c))?;
        }
        let removed = &mut self.report.links_removed;
        removed.pagelinks += remove.pagelinks.len() as u64;
        removed.templatelinks += remove.templatelinks.len() as u64;
        removed.categorylinks += remove.categorylinks.len() as u64;
        removed.imagelinks += remove.imagelinks.len() as u64;
        removed.externallinks += remove.externallinks.len() as u64;
        removed.langlinks += remove.langlinks.len() as u64;
        removed.iwlinks += remove.iwlinks.len() as u64;
        removed.redirect += remove.redirect.len() as u64;
        Ok(())
    }

    fn insert_links(&mut self, add: &LinkInserts) -> Result<(), StoreError> {
        let conn = &mut *self.conn;
        insert_rows!(&mut *conn, pagelinks::table, &add.pagelinks, 4);
        insert_rows!(&mut *conn, templatelinks::table, &add.templatelinks, 3);
        insert_rows!(&mut *conn, categorylinks::table, &add.categorylinks, 7);
        insert_rows!(&mut *conn, imagelinks::table, &add.imagelinks, 3);
        insert_rows!(&mut *conn, externallinks::table, &add.externallinks, 5);
        insert_rows!(&mut *conn, langlinks::table, &add.langlinks, 3);
        insert_rows!(&mut *conn, iwlinks::table, &add.iwlinks, 3);
        insert_rows!(&mut *conn, redirect::table, &add.redirect, 5);
        let added = &mut self.report.links_added;
        added.pagelinks += add.pagelinks.len() as u64;
        added.templatelinks += add.templatelinks.len() as u64;
        added.categorylinks += add.categorylinks.len() as u64;
        added.imagelinks += add.imagelinks.len() as u64;
        added.externallinks += add.externallinks.len() as u64;
        added.langlinks += add.langlinks.len() as u64;
        added.iwlinks += add.iwlinks.len() as u64;
        added.redirect += add.redirect.len() as u64;
        Ok(())
    }
}

#[derive(Default)]
struct CurrentLinks {
    pagelinks: HashSet<(i32, String, i32)>,
    templatelinks: HashSet<(i64, i32)>,
    categorylinks: HashMap<String, CategoryLinkRow>,
    imagelinks: HashSet<(String, i32)>,
    externallinks: Vec<(i64, String, String)>,
    langlinks: HashSet<(String, String)>,
    iwlinks: HashSet<(String, String)>,
    redirect: Option<RedirectRow>,
}

#[derive(Default)]
struct LinkInserts {
    pagelinks: Vec<PageLinkRow>,
    templatelinks: Vec<TemplateLinkRow>,
    categorylinks: Vec<CategoryLinkRow>,
    imagelinks: Vec<ImageLinkRow>,
    externallinks: Vec<ExternalLinkRow>,
    langlinks: Vec<LangLinkRow>,
    iwlinks: Vec<IwLinkRow>,
    redirect: Vec<RedirectRow>,
}

#[derive(Default)]
struct LinkDeletes {
    pagelinks: Vec<(i64, i32, String)>,
    templatelinks: Vec<(i64, i64)>,
    categorylinks: Vec<(i64, String)>,
    imagelinks: Vec<(i64, String)>,
    externallinks: Vec<i64>,
    langlinks: Vec<(i64, String)>,
    iwlinks: Vec<(i64, String, String)>,
    redirect: Vec<i64>,
}

fn redirect_row(from: i64, target: &RedirectTarget) -> RedirectRow {
    // MediaWiki stores empty strings, not NULL, for a local target without fragment.
    RedirectRow {
        rd_from: from,
        rd_namespace: target.ns,
        rd_title: target.dbkey.clone(),
        rd_interwiki: Some(target.interwiki.clone()),
        rd_fragment: Some(cut(&target.fragment, 255).to_owned()),
    }
}

/// Template lookups for the link extractor: pages read but not yet written, then a cache,
/// then the database.
struct TemplateSource<'a> {
    conn: RefCell<&'a mut AnyConnection>,
    cache: &'a RefCell<PageCache>,
    unflushed: &'a HashMap<(i32, String), Option<Rc<str>>>,
    /// File versions read since the last flush.
    uploads: &'a [PendingUpload],
    main_role: i64,
    missing: RefCell<Vec<(i32, String)>>,
    error: RefCell<Option<StoreError>>,
}

impl TemplateSource<'_> {
    fn fail(&self, error: StoreError) {
        let mut slot = self.error.borrow_mut();
        if slot.is_none() {
            *slot = Some(error);
        }
    }

    fn exists(&self, ns: i32, key: &str) -> bool {
        let k = (ns, key.to_owned());
        let found = self.unflushed.contains_key(&k)
            || self.cached_flag(
                |cache| &mut cache.exists,
                k,
                |c| {
                    with_conn!(c, |c| page::table
                        .filter(page::page_namespace.eq(ns))
                        .filter(page::page_title.eq(key))
                        .select(page::page_id)
                        .first::<i64>(c)
                        .optional())
                    .map(|id| id.is_some())
                    .map_err(StoreError::from)
                },
            );
        self.note_if_missing(ns, key, found)
    }

    /// Whether the file has a current version; one without is noted as missing (by its
    /// description page), so that the page showing it is read again if it arrives later.
    fn file_exists(&self, name: &str) -> bool {
        let found = self.uploads.iter().any(|u| u.archive_name.is_none() && u.name == name)
            || self.cached_flag(
                |cache| &mut cache.files,
                name.to_owned(),
                |c| {
                    with_conn!(c, |c| image::table
                        .filter(image::img_name.eq(name))
                        .select(image::img_name)
                        .first::<String>(c)
                        .optional())
                    .map(|found| found.is_some())
                    .map_err(StoreError::from)
                },
            );
        self.note_if_missing(NS_FILE, name, found)
    }

    /// The page's current text; a page without one is noted as missing, so that the
    /// page asking is read again if it arrives later in the dump.
    fn text(&self, ns: i32, key: &str) -> Option<String> {
        let text = self.find_text(ns, key);
        self.note_if_missing(ns, key, text.is_some());
        text
    }

    /// Notes `(ns, key)` as missing when it was not `found`; gives `found` back.
    fn note_if_missing(&self, ns: i32, key: &str, found: bool) -> bool {
        if !found {
            self.missing.borrow_mut().push((ns, key.to_owned()));
        }
        found
    }

    /// A yes-or-no answer from the cache's map `pick`, else from `query` (then kept); a
    /// failing query is recorded and answers no.
    fn cached_flag<K: std::hash::Hash + Eq>(
        &self,
        pick: fn(&mut PageCache) -> &mut HashMap<K, bool>,
        key: K,
        query: impl FnOnce(&mut AnyConnection) -> Result<bool, StoreError>,
    ) -> bool {
        if let Some(&known) = pick(&mut self.cache.borrow_mut()).get(&key) {
            return known;
        }
        let found = query(&mut self.conn.borrow_mut());
        match found {
            Ok(found) => {
                let mut cache = self.cache.borrow_mut();
                let map = pick(&mut cache);
                if map.len() > PAGE_CACHE_ENTRIES {
                    map.clear();
                }
                map.insert(key, found);
                found
            }
            Err(e) => {
                self.fail(e);
                false
            }
        }
    }

    fn find_text(&self, ns: i32, key: &str) -> Option<String> {
        let k = (ns, key.to_owned());
        if let Some(text) = self.unflushed.get(&k) {
            return text.as_deref().map(str::to_owned);
        }
        if let Some(text) = self.cache.borrow().texts.get(&k) {
            return text.as_deref().map(str::to_owned);
        }
        let text = match self.load_text(ns, key) {
            Ok(text) => text.map(Rc::<str>::from),
            Err(e) => {
                self.fail(e);
                return None;
            }
        };
        let mut cache = self.cache.borrow_mut();
        if cache.text_bytes > PAGE_CACHE_TEXT_BYTES || cache.texts.len() > PAGE_CACHE_ENTRIES {
            cache.texts.clear();
            cache.text_bytes = 0;
        }
        cache.text_bytes += text.as_ref().map_or(0, |t| t.len());
        cache.texts.insert(k, text.clone());
        text.as_deref().map(str::to_owned)
    }

    fn load_text(&self, ns: i32, key: &str) -> Result<Option<String>, StoreError> {
        let mut conn = self.conn.borrow_mut();
        let main_role = self.main_role;
        let address: Option<String> = with_conn!(&mut **conn, |c| page::table
            .inner_join(slots::table.on(slots::slot_revision_id.eq(page::page_latest)))
            .inner_join(content::table.on(content::content_id.eq(slots::slot_content_id)))
            .filter(page::page_namespace.eq(ns))
            .filter(page::page_title.eq(key))
            .filter(slots::slot_role_id.eq(main_role))
            .select(content::content_address)
            .first(c)
            .optional())?;
        let Some(id) = address.as_deref().and_then(|a| a.strip_prefix("tt:")).and_then(|id| id.parse::<i64>().ok())
        else {
            return Ok(None);
        };
        let bytes: Option<Vec<u8>> =
            with_conn!(&mut **conn, |c| text::table.find(id).select(text::old_text).first(c).optional())?;
        Ok(bytes.map(|b| String::from_utf8_lossy(&b).into_owned()))
    }
}
