//! `prop=info`: basic page information of the given pages.

use std::collections::HashMap;

use serde_json::{json, Map, Value};
use wikiquery_domain::html;
use wikiquery_domain::page::PageRecord;
use wikiquery_domain::timestamp::format_expiry;
use wikiquery_domain::title::{full_dbkey, full_text, subject, talk, NS_FILE, NS_MEDIAWIKI, NS_USER};
use wikiquery_runtime::{
    query_module, ApiError, CacheMode, Continue, ParamValues, Parts, QueryContext, QueryModule, RequestState,
    Timestamp, Title,
};

use crate::wiki::WikiContext;

/// Additional properties to return; `preload` and `readable` are deprecated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum InfoProp {
    Associatedpage,
    Displaytitle,
    Editintro,
    Linkclasses,
    Notificationtimestamp,
    Preloadcontent,
    Protection,
    Subjectid,
    Talkid,
    Url,
    Varianttitles,
    Visitingwatchers,
    Watched,
    Watchers,
    #[value(deprecated)]
    Preload,
    #[value(deprecated)]
    Readable,
}

/// How much detail `testactions` gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum TestActionsDetail {
    Boolean,
    Full,
    Quick,
}

/// The framing style of edit intros.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum EditIntroStyle {
    Lessframes,
    Moreframes,
}

/// Basic information about pages, with optional extras.
#[query_module(
    name = "info",
    group = "prop",
    cache = "public",
    prefix = "in",
    xml_nested(protection = "pr", restrictiontypes = "rt"),
    readrights,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Info"
)]
pub struct Info {
    pub prop: Vec<InfoProp>,
    /// Context title for `linkclasses`.
    #[param(default = "Main Page")]
    pub linkcontext: Title,
    /// Actions to test whether the caller may perform them on the pages.
    pub testactions: Vec<String>,
    #[param(default = "boolean")]
    pub testactionsdetail: TestActionsDetail,
    pub testactionsautocreate: bool,
    #[param(info = "preloadcontentonly")]
    pub preloadcustom: Option<String>,
    #[param(info = "preloadcontentonly")]
    pub preloadparams: Vec<String>,
    #[param(info = "preloadcontentonly")]
    pub preloadnewsection: bool,
    #[param(default = "moreframes", info = "editintroonly")]
    pub editintrostyle: EditIntroStyle,
    #[param(info = "editintroonly")]
    pub editintroskip: Vec<String>,
    #[param(info = "editintroonly")]
    pub editintrocustom: Option<String>,
    #[param(rename = "continue")]
    pub continue_: Option<Continue<Parts>>,
}

impl QueryModule for Info {
    /// Private when a property depends on who asks (watching, readability, link classes) or
    /// actions are tested for the caller.
    fn cache_mode(&self, _: &RequestState) -> CacheMode {
        use InfoProp::*;
        let public = |p: &InfoProp| {
            matches!(p, Protection | Talkid | Subjectid | Associatedpage | Url | Preload | Displaytitle | Varianttitles)
        };
        if !self.prop.iter().all(public) || !self.testactions.is_empty() {
            CacheMode::Private
        } else {
            CacheMode::Public
        }
    }

    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let Some(set) = ctx.page_set() else { return Ok(()) };
        let site = ctx.site()?;
        let mut db = ctx.reader()?;
        let has = |p: InfoProp| self.prop.contains(&p);
        // The pages info describes: existing ones and missing titles, by (possibly fake) id.
        let mut pages: Vec<(i64, i32, String, Option<PageRecord>)> =
            set.good.iter().map(|g| (g.id, g.ns, g.dbkey.clone(), Some(g.clone()))).collect();
        pages.extend(set.missing.iter().map(|m| (m.fake_id, m.ns, m.dbkey.clone(), None)));

        let existing: Vec<i64> = pages.iter().filter(|p| p.3.is_some()).map(|p| p.0).collect();
        let missing: Vec<(i32, String)> = pages.iter().filter(|p| p.3.is_none()).map(|p| (p.1, p.2.clone())).collect();

        let now = ctx.state.now().to_mw();
        let mut protections: HashMap<i64, Vec<Value>> = HashMap::new();
        let mut title_protections: HashMap<(i32, String), Vec<Value>> = HashMap::new();
        if has(InfoProp::Protection) {
            if !existing.is_empty() {
                for r in db.restrictions(&existing)? {
                    if r.expiry != "infinity" && r.expiry.as_str() <= now.as_str() {
                        continue;
                    }
                    let mut v = json!({"type": r.kind, "level": r.level, "expiry": expiry(&r.expiry)});
                    if r.cascade {
                        v["cascade"] = json!(true);
                    }
                    protections.entry(r.page).or_default().push(v);
                }
            }
            if !missing.is_empty() {
                for t in db.title_protections(&missing)? {
                    if t.expiry != "infinity" && t.expiry.as_str() <= now.as_str() {
                        continue;
                    }
                    let v = json!({"type": "create", "level": t.level, "expiry": expiry(&t.expiry)});
                    title_protections.entry((t.ns, t.dbkey)).or_default().push(v);
                }
            }
        }

        // Ids of the associated (talk or subject) pages.
        let mut associated_ids: HashMap<(i32, String), i64> = HashMap::new();
        if has(InfoProp::Talkid) || has(InfoProp::Subjectid) {
            let wanted: Vec<(i32, String)> =
                pages.iter().filter_map(|(_, ns, dbkey, _)| associated(*ns).map(|a| (a, dbkey.clone()))).collect();
            if !wanted.is_empty() {
                for r in db.pages_by_titles(&wanted)? {
                    associated_ids.insert((r.ns, r.dbkey), r.id);
                }
            }
        }

        let mut display_titles: HashMap<i64, String> = HashMap::new();
        if has(InfoProp::Displaytitle) && !existing.is_empty() {
            display_titles.extend(
                db.page_props(&existing, Some(&["displaytitle".to_owned()]))?
                    .into_iter()
                    .map(|(id, _, value)| (id, value)),
            );
        }

        drop(db);
        let namespaces = site.namespaces();
        let language = site.language_code().to_owned();
        let mut out: Vec<(i64, Map<String, Value>)> = Vec::new();
        for (id, ns, dbkey, record) in &pages {
            let (ns, id) = (*ns, *id);
            let text = full_text(ns, dbkey, namespaces);
            let key = full_dbkey(ns, dbkey, namespaces);
            let mut info = Map::new();
            let model =
                record.as_ref().and_then(|r| r.content_model.clone()).unwrap_or_else(|| default_model(ns, dbkey));
            info.insert("contentmodel".into(), json!(model));
            let lang = record.as_ref().and_then(|r| r.lang.clone()).unwrap_or_else(|| language.clone());
            info.insert("pagelanguage".into(), json!(lang));
            info.insert("pagelanguagehtmlcode".into(), json!(lang));
            info.insert("pagelanguagedir".into(), json!(if is_rtl(&lang) { "rtl" } else { "ltr" }));
            if let Some(r) = record {
                info.insert("touched".into(), json!(iso(&r.touched)));
                info.insert("lastrevid".into(), json!(r.latest));
                info.insert("length".into(), json!(r.len));
                if r.is_redirect {
                    info.insert("redirect".into(), json!(true));
                }
                if r.is_new {
                    info.insert("new".into(), json!(true));
                }
            }
            if has(InfoProp::Protection) {
                let list = if record.is_some() {
                    protections.remove(&id).unwrap_or_default()
                } else {
                    title_protections.remove(&(ns, dbkey.clone())).unwrap_or_default()
                };
                info.insert("protection".into(), Value::Array(list));
                let types: Vec<&str> = if record.is_none() {
                    vec!["create"]
                } else if ns == NS_FILE {
                    vec!["edit", "move", "upload"]
                } else {
                    vec!["edit", "move"]
                };
                info.insert("restrictiontypes".into(), json!(types));
            }
            // Anonymous readers watch nothing and may not see watcher counts.
            if has(InfoProp::Watched) {
                info.insert("watched".into(), json!(false));
            }
            if has(InfoProp::Notificationtimestamp) {
                info.insert("notificationtimestamp".into(), json!(""));
            }
            if let Some(other) = associated(ns) {
                let found = associated_ids.get(&(other, dbkey.clone()));
                if ns % 2 == 0 && has(InfoProp::Talkid) {
                    if let Some(t) = found {
                        info.insert("talkid".into(), json!(t));
                    }
                }
                if ns % 2 == 1 && has(InfoProp::Subjectid) {
                    if let Some(t) = found {
                        info.insert("subjectid".into(), json!(t));
                    }
                }
                if has(InfoProp::Associatedpage) {
                    info.insert("associatedpage".into(), json!(full_text(other, dbkey, namespaces)));
                }
            }
            if has(InfoProp::Url) {
                if let Some(url) = site.page_url(&key) {
                    info.insert("fullurl".into(), json!(url));
                    if let Some(edit) = site.action_url(&key, "edit") {
                        info.insert("editurl".into(), json!(edit));
                    }
                    info.insert("canonicalurl".into(), json!(url));
                }
            }
            if has(InfoProp::Readable) {
                info.insert("readable".into(), json!(true));
            }
            if has(InfoProp::Preload) {
                info.insert("preload".into(), if record.is_some() { json!("") } else { Value::Null });
            }
            if has(InfoProp::Displaytitle) {
                let shown = display_titles.remove(&id).unwrap_or_else(|| html::escape_text(&text));
                info.insert("displaytitle".into(), json!(shown));
            }
            if has(InfoProp::Varianttitles) {
                info.insert("varianttitles".into(), json!({ language.clone(): text }));
            }
            if has(InfoProp::Linkclasses) {
                if let Some(r) = record {
                    let classes: Vec<&str> = if r.is_redirect { vec!["mw-redirect"] } else { Vec::new() };
                    info.insert("linkclasses".into(), json!(classes));
                }
            }
            out.push((id, info));
        }
        for (id, info) in out {
            ctx.add_page_values(id, info);
        }
        Ok(())
    }
}

/// The talk page's namespace for a subject namespace and the reverse; none for the virtual
/// namespaces.
fn associated(ns: i32) -> Option<i32> {
    if ns < 0 {
        None
    } else if ns % 2 == 0 {
        talk(ns)
    } else {
        Some(subject(ns))
    }
}

/// A 14-digit timestamp in ISO 8601 (`2026-11-21T23:32:27Z`).
fn iso(ts: &str) -> String {
    Timestamp::parse(ts).map_or_else(|| ts.to_owned(), Timestamp::to_iso)
}

/// An expiry as the API writes it: `infinity` or ISO 8601.
fn expiry(value: &str) -> String {
    format_expiry(value, "infinity")
}

/// The content model of a page that does not say: scripts and styles in the MediaWiki and
/// User namespaces by their suffix, wikitext otherwise.
fn default_model(ns: i32, dbkey: &str) -> String {
    let by_suffix = ns == NS_MEDIAWIKI || (ns == NS_USER && dbkey.contains('/'));
    let model = match dbkey.rsplit('.').next() {
        Some("js") if by_suffix && dbkey.contains('.') => "javascript",
        Some("css") if by_suffix && dbkey.contains('.') => "css",
        Some("json") if by_suffix && dbkey.contains('.') => "json",
        _ => "wikitext",
    };
    model.to_owned()
}

/// Languages written right to left.
fn is_rtl(lang: &str) -> bool {
    matches!(lang, "ar" | "arc" | "arz" | "ckb" | "dv" | "fa" | "he" | "ks" | "mzn" | "ps" | "sd" | "ug" | "ur" | "yi")
}
