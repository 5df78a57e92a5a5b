//! The members of `action=parse`'s answer that several props share: links of each kind,
//! categories, sections, the display title and the limit report.

use std::collections::HashSet;

use serde_json::{json, Map, Value};
use wikiquery_domain::html::escape_text;
use wikiquery_domain::title::{full_text, NS_CATEGORY, NS_MAIN};
use wikiquery_render::Section;
use wikiquery_runtime::result::set_content;
use wikiquery_runtime::ApiError;
use wikiquery_store::site::Site;

use crate::shared::rendering::RenderedPage;

/// A language link as the answer gives it: the language, the page's URL, the language's
/// names, the title.
pub(super) fn lang_link(site: &Site, link: &str) -> Value {
    let (lang, title) = link.split_once(':').unwrap_or((link, ""));
    let mut entry = Map::new();
    entry.insert("lang".into(), json!(lang));
    if let Some(url) = site.interwikis().url(lang, &title.replace(' ', "_")) {
        entry.insert("url".into(), json!(url));
    }
    let name = wikiquery_domain::languages::autonym(lang).unwrap_or_default();
    entry.insert("langname".into(), json!(name));
    entry.insert("autonym".into(), json!(name));
    set_content(&mut entry, "title", title.to_owned());
    Value::Object(entry)
}

pub(super) fn link(site: &Site, ns: i32, dbkey: &str, exists: bool) -> Value {
    let mut entry = Map::new();
    entry.insert("ns".into(), json!(ns));
    set_content(&mut entry, "title", full_text(ns, dbkey, site.namespaces()));
    entry.insert("exists".into(), json!(exists));
    Value::Object(entry)
}

pub(super) fn interwiki_link(site: &Site, prefix: &str, dbkey: &str) -> Value {
    let mut entry = Map::new();
    entry.insert("prefix".into(), json!(prefix));
    if let Some(url) = site.interwikis().url(prefix, dbkey) {
        entry.insert("url".into(), json!(url));
    }
    set_content(&mut entry, "title", format!("{prefix}:{}", dbkey.replace('_', " ")));
    Value::Object(entry)
}

/// The categories with their sort keys, each said to be hidden or missing as its page is.
pub(super) fn categories(
    reader: &mut wikiquery_store::reader::Reader,
    categories: &[(String, String)],
) -> Result<Vec<Value>, ApiError> {
    let titles: Vec<(i32, String)> = categories.iter().map(|(name, _)| (NS_CATEGORY, name.clone())).collect();
    let existing: HashSet<String> = reader.pages_by_titles(&titles)?.into_iter().map(|p| p.dbkey).collect();
    let hidden = reader.hidden_categories(existing.iter().cloned().collect())?;
    let mut out = Vec::new();
    for (name, sort_key) in categories {
        let mut entry = Map::new();
        entry.insert("sortkey".into(), json!(sort_key));
        set_content(&mut entry, "category", name.clone());
        if !existing.contains(name) {
            entry.insert("missing".into(), json!(true));
        } else if hidden.contains(name) {
            entry.insert("hidden".into(), json!(true));
        }
        out.push(Value::Object(entry));
    }
    Ok(out)
}

pub(super) fn section(s: &Section) -> Value {
    json!({
        "toclevel": s.toclevel,
        "level": s.level,
        "line": s.line,
        "number": s.number,
        "index": s.index,
        "fromtitle": s.fromtitle.as_ref().map_or(Value::Bool(false), |t| json!(t)),
        "byteoffset": s.byteoffset,
        "anchor": s.anchor,
    })
}

/// The title as MediaWiki shows a page's heading: its namespace, a colon and its name, each in
/// a span of its own.
pub(super) fn display_title(site: &Site, ns: i32, dbkey: &str) -> String {
    let main = escape_text(&dbkey.replace('_', " "));
    if ns == NS_MAIN {
        return format!("<span class=\"mw-page-title-main\">{main}</span>");
    }
    let namespace = site.namespaces().name(ns).unwrap_or_default().replace('_', " ");
    format!(
        "<span class=\"mw-page-title-namespace\">{}</span><span class=\"mw-page-title-separator\">:</span><span class=\"mw-page-title-main\">{main}</span>",
        escape_text(&namespace)
    )
}

/// MediaWiki's limit report of a parse: what it spent of the parser's limits (as this renderer
/// counts it), its timings, and when the output was made.
pub(super) struct LimitReport {
    seconds: f64,
    /// The parse's time (`20261122000000`).
    cached: String,
    complications: Vec<&'static str>,
    /// Name, value and limit, in MediaWiki's order.
    spent: Vec<(&'static str, usize, usize)>,
    /// Each template with its calls, then the total (MediaWiki's template profile).
    profile: Vec<String>,
    /// How long the rendering may be kept, in seconds: a day, or less when a variable it used
    /// (the clock's) says so.
    ttl: i64,
}

/// How long a rendering is kept at most, in seconds (MediaWiki's `$wgParserCacheExpireTime`).
const PARSER_CACHE_EXPIRY: i64 = 86400;

impl LimitReport {
    pub(super) fn of(page: &RenderedPage, seconds: f64, cached: &str) -> LimitReport {
        let spent = page.rendered.limits.spent().to_vec();
        let ms = seconds * 1000.0;
        let mut profile: Vec<String> = page
            .template_calls
            .iter()
            .map(|(title, calls)| format!("{:6.2}% {:8.3} {:6} {}", 100.0, ms, calls, escape_text(title)))
            .take(9)
            .collect();
        profile.push(format!("{:6.2}% {:8.3} {:6} -total", 100.0, ms, 1));
        let complications = if page.rendered.show_toc { vec!["show-toc"] } else { Vec::new() };
        let ttl = page.cache_expiry.map_or(PARSER_CACHE_EXPIRY, |e| e.min(PARSER_CACHE_EXPIRY));
        LimitReport { seconds, cached: cached.to_owned(), complications, spent, profile, ttl }
    }

    /// The report as MediaWiki writes it at the end of the text, in HTML comments.
    pub(super) fn comment(&self) -> String {
        // The report is always in English, as MediaWiki writes it.
        let label = |key: &str| wikiquery_domain::messages::text("en", key).unwrap_or(key).to_owned();
        let mut report = format!(
            "NewPP limit report\nCached time: {}\nCache expiry: {}\nReduced expiry: {}\nComplications: [{}]\n{}: {:.3} seconds\n{}: {:.3} seconds\n",
            self.cached,
            self.ttl,
            self.ttl < PARSER_CACHE_EXPIRY,
            self.complications.join(", "),
            label("limitreport-cputime"),
            self.seconds,
            label("limitreport-walltime"),
            self.seconds
        );
        for (name, value, limit) in &self.spent {
            let unit = if name.ends_with("size") { " bytes" } else { "" };
            report.push_str(&format!("{}: {value}/{limit}{unit}\n", label(name)));
        }
        // Hyphens as U+2010 and ampersands escaped, so that nothing ends the comment early.
        let report = report.replace('-', "\u{2010}").replace('&', "&amp;");
        format!(
            "\n<!-- \n{report}-->\n<!--\nTransclusion expansion time report (%,ms,calls,template)\n{}\n-->\n",
            self.profile.join("\n")
        )
    }

    /// Whether the report can be written in the interface language `lang`: one that writes
    /// numbers as English does (this server formats numbers as English only).
    pub(super) fn writable_in(lang: &str) -> bool {
        lang == "en" || lang.starts_with("en-")
    }

    /// `prop=limitreporthtml`: the report as the editor's preview shows it (MediaWiki's
    /// `EditPage::getPreviewLimitReport`), a table of each count with its label, in the
    /// interface language `lang` (one [`LimitReport::writable_in`]).
    pub(super) fn html(&self, lang: &str) -> String {
        use wikiquery_domain::format_num::{format_num, FormatNum};
        use wikiquery_domain::html::escape;
        use wikiquery_domain::messages::{expand, format};

        let message = |key: &str, params: &[String]| expand(&format(lang, key, params), &PlainSite);
        let number = |n: &str| format_num(n, FormatNum::Grouped).0;
        let mut rows = String::new();
        let mut row = |key: &str, values: &[String]| {
            let values: Vec<String> = values.iter().map(|v| number(v)).collect();
            let label = message(key, &[]);
            let value = message(&format!("{key}-value"), &values);
            rows.push_str(&format!("<tr><th>{}</th><td>{}</td></tr>", escape(&label), escape(&value)));
        };
        let time = format!("{:.3}", self.seconds);
        row("limitreport-cputime", std::slice::from_ref(&time));
        row("limitreport-walltime", std::slice::from_ref(&time));
        for (name, value, limit) in &self.spent {
            row(name, &[value.to_string(), limit.to_string()]);
        }
        format!(
            "<div class=\"mw-limitReportExplanation\"><p>{}\n</p></div><div class=\"preview-limit-report-wrapper\">\
             <table class=\"preview-limit-report wikitable\"><tbody>{rows}</tbody></table></div>",
            escape(&message("limitreport-title", &[]))
        )
    }

    /// `prop=limitreportdata`: each name with its values.
    pub(super) fn data(&self) -> Value {
        let time = format!("{:.3}", self.seconds);
        let mut list =
            vec![json!({"name": "limitreport-cputime", "0": time}), json!({"name": "limitreport-walltime", "0": time})];
        for (name, value, limit) in &self.spent {
            list.push(json!({"name": name, "0": value, "1": limit}));
        }
        let mut profile = Map::new();
        profile.insert("name".into(), json!("limitreport-timingprofile"));
        for (i, row) in self.profile.iter().enumerate() {
            profile.insert(i.to_string(), json!(row));
        }
        list.push(Value::Object(profile));
        list.push(json!({"name": "cachereport-timestamp", "0": self.cached}));
        list.push(json!({"name": "cachereport-ttl", "0": self.ttl}));
        list.push(json!({"name": "cachereport-transientcontent", "0": self.ttl < PARSER_CACHE_EXPIRY}));
        Value::Array(list)
    }
}

/// The box of category links a skin shows under a page (`categorieshtml`, MediaWiki's
/// `Skin::getCategories`): the shown categories after a link to the list of all categories,
/// then the hidden ones, marked hidden unless the caller's preference (`showhiddencats`) or a
/// category page (`page_ns`) shows them; each a link to its page, red where it has none.
pub(super) fn categories_html(
    reader: &mut wikiquery_store::reader::Reader,
    site: &Site,
    paths: &wikiquery_domain::url::SitePaths,
    categories: &[(String, String)],
    page_ns: i32,
    show_hidden_preference: bool,
) -> Result<String, ApiError> {
    use wikiquery_domain::html::{escape, link_element};
    use wikiquery_domain::messages;
    use wikiquery_domain::url::wf_urlencode;

    let titles: Vec<(i32, String)> = categories.iter().map(|(name, _)| (NS_CATEGORY, name.clone())).collect();
    let pages = reader.pages_by_titles(&titles)?;
    let hidden = reader.hidden_categories(pages.iter().map(|p| p.dbkey.clone()).collect())?;
    let namespaces = site.namespaces();
    let (mut shown, mut hidden_links) = (Vec::new(), Vec::new());
    for (name, _) in categories {
        let text = full_text(NS_CATEGORY, name, namespaces);
        let key = wf_urlencode(&wikiquery_domain::title::full_dbkey(NS_CATEGORY, name, namespaces));
        let label = escape(&name.replace('_', " "));
        let link = match pages.iter().find(|p| p.dbkey == *name) {
            Some(page) => {
                let class = if page.is_redirect { "mw-redirect" } else { "" };
                link_element(&paths.article_path.replace("$1", &key), class, &text, &label)
            }
            None => {
                let href = format!("{}?title={key}&action=edit&redlink=1", paths.script);
                let hint = messages::substitute(messages::text("en", "red-link-title").unwrap_or("$1"), &[text]);
                link_element(&href, "new", &hint, &label)
            }
        };
        if hidden.contains(name) {
            hidden_links.push(link);
        } else {
            shown.push(link);
        }
    }
    let plural = |key: &str, count: usize| {
        let text = messages::substitute(messages::text("en", key).unwrap_or("$1"), &[count.to_string()]);
        messages::expand(&text, &PlainSite)
    };
    let colon = escape(messages::text("en", "colon-separator").unwrap_or(": "));
    let list = |links: &[String]| format!("<ul><li>{}</li></ul>", links.join("</li><li>"));
    let mut inner = String::new();
    if !shown.is_empty() {
        let special = namespaces.name(-1).unwrap_or("Special");
        let all = format!("{special}:Categories");
        let link = link_element(
            &paths.article_path.replace("$1", &wf_urlencode(&all)),
            "",
            &all,
            &escape(&plural("pagecategories", shown.len())),
        );
        inner.push_str(&format!(
            "<div id=\"mw-normal-catlinks\" class=\"mw-normal-catlinks\">{link}{colon}{}</div>",
            list(&shown)
        ));
    }
    let show_hidden = show_hidden_preference || page_ns == NS_CATEGORY;
    if !hidden_links.is_empty() {
        let class = if show_hidden_preference {
            "mw-hidden-cats-user-shown"
        } else if page_ns == NS_CATEGORY {
            "mw-hidden-cats-ns-shown"
        } else {
            "mw-hidden-cats-hidden"
        };
        inner.push_str(&format!(
            "<div id=\"mw-hidden-catlinks\" class=\"mw-hidden-catlinks {class}\">{}{colon}{}</div>",
            escape(&plural("hidden-categories", hidden_links.len())),
            list(&hidden_links)
        ));
    }
    let all_hidden = shown.is_empty() && !(!hidden_links.is_empty() && show_hidden);
    let class = if all_hidden { "catlinks catlinks-allhidden" } else { "catlinks" };
    Ok(format!("<div id=\"catlinks\" class=\"{class}\" data-mw=\"interface\">{inner}</div>"))
}

/// The site the messages of the category box and of the limit report are expanded for: they
/// name no site, user or other message.
struct PlainSite;

impl wikiquery_domain::messages::MessageSite for PlainSite {
    fn site_name(&self) -> String {
        String::new()
    }
    fn gender(&self, _user: &str) -> wikiquery_domain::messages::Gender {
        wikiquery_domain::messages::Gender::Unknown
    }
    fn message(&self, _key: &str) -> Option<String> {
        None
    }
}

/// The skin's subtitle as the API gives it (`subtitle`, MediaWiki's `Skin::prepareSubtitle`):
/// on a page of a namespace with subpages, links to the ancestors that exist (`< User:Alice |
/// Sandbox`), a missing ancestor's name carried into the next one's; else nothing.
pub(super) fn subtitle(
    reader: &mut wikiquery_store::reader::Reader,
    site: &Site,
    paths: &wikiquery_domain::url::SitePaths,
    page: (i32, &str),
) -> Result<String, ApiError> {
    use wikiquery_domain::html::{escape, link_element};
    use wikiquery_domain::messages;
    use wikiquery_domain::title::{full_dbkey, NS_MEDIAWIKI};
    use wikiquery_domain::url::wf_urlencode;

    let namespaces = site.namespaces();
    if !namespaces.has_subpages(page.0) {
        return Ok(String::new());
    }
    let prefixed = full_text(page.0, page.1, namespaces);
    let mut parts: Vec<&str> = prefixed.split('/').collect();
    if parts.len() < 2 {
        return Ok(String::new());
    }
    parts.pop();
    // The ancestors' titles, each with what it shows.
    let mut ancestors = Vec::new();
    let mut growing = String::new();
    for part in &parts {
        growing.push_str(part);
        ancestors.push((site.parse_title(&growing, NS_MAIN).ok(), part.to_string()));
        growing.push('/');
    }
    let titles: Vec<(i32, String)> =
        ancestors.iter().filter_map(|(t, _)| t.as_ref()).map(|t| (t.ns, t.dbkey.clone())).collect();
    let pages = reader.pages_by_titles(&titles)?;
    let separator = format!("&lrm;{}", escape(messages::text("en", "pipe-separator").unwrap_or(" | ")));
    let (mut out, mut display, mut count) = (String::new(), String::new(), 0);
    for (title, part) in &ancestors {
        display.push_str(part);
        let found = title.as_ref().and_then(|t| pages.iter().find(|p| p.ns == t.ns && p.dbkey == t.dbkey));
        match (title, found) {
            (Some(t), Some(page)) => {
                count += 1;
                out.push_str(if count > 1 { &separator } else { "&lt; " });
                let href = paths.article_path.replace("$1", &wf_urlencode(&full_dbkey(t.ns, &t.dbkey, namespaces)));
                let class = if page.is_redirect { "mw-redirect" } else { "" };
                out.push_str(&link_element(&href, class, &full_text(t.ns, &t.dbkey, namespaces), &escape(&display)));
                display.clear();
            }
            // A message MediaWiki has is known without a page, which this server cannot tell.
            (Some(t), None) if t.ns == NS_MEDIAWIKI => {
                return Err(ApiError::not_implemented("parse (prop=subtitle of an interface message's subpage)"));
            }
            _ => display.push('/'),
        }
    }
    Ok(if out.is_empty() { out } else { format!("<span class=\"subpages\">{out}</span>") })
}
