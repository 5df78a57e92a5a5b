//! The XML export of pages (`action=query&export`): the site's information and each page with
//! its current revision, as MediaWiki's `XmlDumpWriter` writes them (schemas 0.10 and 0.11);
//! what `wikiquery import` reads back.

use std::collections::HashMap;
use std::fmt::Write as _;

use wikiquery_domain::html::{escape_attribute, escape_text};
use wikiquery_domain::page::{PageRecord, RedirectRecord};
use wikiquery_domain::revision::{default_format, DELETED_COMMENT, DELETED_TEXT, DELETED_USER};
use wikiquery_domain::settings::SiteSettings;
use wikiquery_domain::timestamp::Timestamp;
use wikiquery_domain::title::full_text;
use wikiquery_domain::user::is_ip_name;
use wikiquery_runtime::query::PageExport;
use wikiquery_runtime::{ApiError, RequestScope};
use wikiquery_store::queries::revisions::{RevisionRow, RevisionSelection, RevisionsFilter, SlotRow};
use wikiquery_store::reader::Reader;
use wikiquery_store::site::Site;
use wikiquery_store::store::Store;

use crate::storage::{main_page_url, main_texts, wiki_id, RequestReader};

/// The export, written from the store.
pub struct StoreExport(pub Store);

impl PageExport for StoreExport {
    fn export(
        &self,
        scope: &RequestScope,
        settings: &SiteSettings,
        ids: &[i64],
        schema: &str,
    ) -> Result<String, ApiError> {
        let mut reader = RequestReader::lend(scope, &self.0)?;
        let v11 = schema != "0.10";
        let batch = Batch::read(&mut reader, ids)?;
        let mut out = String::with_capacity(4096 + batch.texts.values().map(String::len).sum::<usize>() * 11 / 10);
        self.open(&mut out, settings, schema);
        for id in ids {
            write_page(&mut out, &batch, self.0.site(), *id, v11);
        }
        out.push_str("</mediawiki>\n");
        Ok(out)
    }
}

/// `<tag>text</tag>`, or `<tag />` for an empty text (MediaWiki's `Xml::element`).
fn element(out: &mut String, indent: &str, tag: &str, attrs: &[(&str, &str)], text: &str) {
    out.push_str(indent);
    out.push('<');
    out.push_str(tag);
    for (name, value) in attrs {
        let _ = write!(out, " {name}=\"{}\"", escape_attribute(value));
    }
    if text.is_empty() {
        out.push_str(" />\n");
    } else {
        let _ = writeln!(out, ">{}</{tag}>", escape_text(text));
    }
}

impl StoreExport {
    /// The opening element and the site's information.
    fn open(&self, out: &mut String, settings: &SiteSettings, schema: &str) {
        let site = self.0.site();
        let ns = format!("http://www.mediawiki.org/xml/export-{schema}/");
        let _ = writeln!(
            out,
            "<mediawiki xmlns=\"{ns}\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" xsi:schemaLocation=\"{ns} http://www.mediawiki.org/xml/export-{schema}.xsd\" version=\"{schema}\" xml:lang=\"{}\">",
            escape_attribute(site.language_code())
        );
        out.push_str("  <siteinfo>\n");
        element(out, "    ", "sitename", &[], &site.sitename);
        element(out, "    ", "dbname", &[], &wiki_id(settings, &self.0));
        element(out, "    ", "base", &[], &main_page_url(site, settings));
        element(out, "    ", "generator", &[], &format!("MediaWiki {}", settings.mediawiki_version));
        element(out, "    ", "case", &[], if site.capital_links { "first-letter" } else { "case-sensitive" });
        out.push_str("    <namespaces>\n");
        for ns in site.namespaces().all() {
            let key = ns.id.to_string();
            let case = if ns.capitalized { "first-letter" } else { "case-sensitive" };
            element(out, "      ", "namespace", &[("key", &key), ("case", case)], &ns.name);
        }
        out.push_str("    </namespaces>\n  </siteinfo>\n");
    }
}

/// What the export of a batch of pages reads, each kind in one question.
struct Batch {
    pages: HashMap<i64, PageRecord>,
    redirects: HashMap<i64, RedirectRecord>,
    /// The current revision of each page, by page.
    revisions: HashMap<i64, RevisionRow>,
    comments: HashMap<i64, String>,
    slots: HashMap<i64, Vec<SlotRow>>,
    /// The main slot's text of each revision whose text is not hidden, by revision.
    texts: HashMap<i64, String>,
}

impl Batch {
    fn read(reader: &mut Reader, ids: &[i64]) -> Result<Batch, ApiError> {
        let pages: HashMap<i64, PageRecord> = reader.pages_by_ids(ids)?.into_iter().map(|p| (p.id, p)).collect();
        let redirecting: Vec<i64> = pages.values().filter(|p| p.is_redirect).map(|p| p.id).collect();
        let redirects = reader.redirect_targets(&redirecting)?.into_iter().map(|r| (r.from, r)).collect();
        let filter = RevisionsFilter {
            selection: RevisionSelection::Latest { pages: ids.to_vec(), continue_from: None },
            tag: None,
            limit: i64::try_from(ids.len()).unwrap_or(i64::MAX).max(1),
        };
        let revisions: HashMap<i64, RevisionRow> =
            reader.revisions(&filter)?.into_iter().map(|r| (r.page, r)).collect();
        let comment_ids: Vec<i64> = revisions.values().map(RevisionRow::comment).collect();
        let comments = reader.comments(&comment_ids)?;
        let rev_ids: Vec<i64> = revisions.values().map(|r| r.id).collect();
        let mut slots: HashMap<i64, Vec<SlotRow>> = HashMap::new();
        for slot in reader.revision_slots(&rev_ids)? {
            slots.entry(slot.revision).or_default().push(slot);
        }
        let shown: Vec<i64> = revisions.values().filter(|r| r.deleted & DELETED_TEXT == 0).map(|r| r.id).collect();
        let texts = main_texts(reader, &shown)?;
        Ok(Batch { pages, redirects, revisions, comments, slots, texts })
    }
}

/// One page and its current revision.
fn write_page(out: &mut String, batch: &Batch, site: &Site, id: i64, v11: bool) {
    let Some(page) = batch.pages.get(&id) else { return };
    out.push_str("  <page>\n");
    element(out, "    ", "title", &[], &full_text(page.ns, &page.dbkey, site.namespaces()));
    element(out, "    ", "ns", &[], &page.ns.to_string());
    element(out, "    ", "id", &[], &page.id.to_string());
    if page.is_redirect {
        if let Some(target) = batch.redirects.get(&page.id) {
            let title = if target.interwiki.is_empty() {
                full_text(target.ns, &target.dbkey, site.namespaces())
            } else {
                format!("{}:{}", target.interwiki, full_text(target.ns, &target.dbkey, site.namespaces()))
            };
            element(out, "    ", "redirect", &[("title", &title)], "");
        }
    }
    if let Some(rev) = batch.revisions.get(&page.id) {
        out.push_str("    <revision>\n");
        element(out, "      ", "id", &[], &rev.id.to_string());
        if let Some(parent) = rev.parent.filter(|p| *p != 0) {
            element(out, "      ", "parentid", &[], &parent.to_string());
        }
        let timestamp = Timestamp::parse(&rev.timestamp).map(|t| t.to_iso()).unwrap_or_default();
        element(out, "      ", "timestamp", &[], &timestamp);
        if rev.deleted & DELETED_USER != 0 {
            element(out, "      ", "contributor", &[("deleted", "deleted")], "");
        } else {
            out.push_str("      <contributor>\n");
            let user = rev.actor_user.unwrap_or(0);
            if user != 0 || !is_ip_name(&rev.actor_name) {
                element(out, "        ", "username", &[], &rev.actor_name);
                element(out, "        ", "id", &[], &user.to_string());
            } else {
                element(out, "        ", "ip", &[], &rev.actor_name);
            }
            out.push_str("      </contributor>\n");
        }
        if rev.minor != 0 {
            out.push_str("      <minor/>\n");
        }
        if rev.deleted & DELETED_COMMENT != 0 {
            element(out, "      ", "comment", &[("deleted", "deleted")], "");
        } else {
            let comment = batch.comments.get(&rev.comment()).map(String::as_str).unwrap_or_default();
            if !comment.is_empty() {
                element(out, "      ", "comment", &[], comment);
            }
        }
        let slots: &[SlotRow] = batch.slots.get(&rev.id).map_or(&[], Vec::as_slice);
        let hidden = rev.deleted & DELETED_TEXT != 0;
        // The main slot first, then the others by role (only 0.11 writes those).
        let mut ordered: Vec<_> = slots.iter().filter(|s| s.role == "main").collect();
        ordered.extend(slots.iter().filter(|s| s.role != "main"));
        for slot in ordered {
            let main = slot.role == "main";
            if !v11 && !main {
                continue;
            }
            let indent = if main { "      " } else { "        " };
            if !main {
                out.push_str("      <content>\n");
                element(out, indent, "role", &[], &slot.role);
            }
            if v11 {
                element(out, indent, "origin", &[], &slot.origin.to_string());
            }
            element(out, indent, "model", &[], &slot.model);
            element(out, indent, "format", &[], default_format(&slot.model));
            let size = slot.size.to_string();
            let sha1 = slot.sha1.clone();
            if hidden {
                let mut attrs = vec![("bytes", size.as_str())];
                if v11 {
                    attrs.push(("sha1", sha1.as_str()));
                }
                attrs.push(("deleted", "deleted"));
                element(out, indent, "text", &attrs, "");
            } else {
                let text = if main { batch.texts.get(&rev.id) } else { None };
                let bytes = text.map_or(size, |t| t.len().to_string());
                let mut attrs = vec![("bytes", bytes.as_str())];
                if v11 {
                    attrs.push(("sha1", sha1.as_str()));
                }
                if text.is_some() {
                    attrs.push(("xml:space", "preserve"));
                }
                element(out, indent, "text", &attrs, text.map(String::as_str).unwrap_or_default());
            }
            if !main {
                out.push_str("      </content>\n");
            }
        }
        if hidden {
            out.push_str("      <sha1/>\n");
        } else {
            element(out, "      ", "sha1", &[], &rev.sha1);
        }
        out.push_str("    </revision>\n");
    }
    out.push_str("  </page>\n");
}
