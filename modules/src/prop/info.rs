//! `prop=info`: basic page information of the given pages.

use std::collections::HashMap;

use serde_json::{json, Map, Value};
use wikiquery_domain::html;
use wikiquery_domain::languages::direction;
use wikiquery_domain::page::PageRecord;
use wikiquery_domain::permissions::PageFacts;
use wikiquery_domain::timestamp::format_expiry;
use wikiquery_domain::title::{full_dbkey, full_text, subject, talk, NS_FILE};
use wikiquery_runtime::{
    query_module, ApiError, CacheMode, Continue, ParamValues, Parts, QueryContext, QueryModule, RequestState,
    Timestamp, Title,
};
use wikiquery_store::queries::pages::{CascadedProtection, Restriction, TitleProtection};

use crate::shared::permissions::{cascade_levels, cascade_sources, TestActionsDetail, TestingCaller};
use crate::storage::ReaderGuard;
use crate::values::default_model;
use crate::wiki::WikiContext;

/// Additional properties to return; `preload` and `readable` are deprecated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum InfoProp {
    /// The full title of the associated page: the talk page of a subject page, or the
    /// subject page of a talk page.
    Associatedpage,
    /// How the title is shown at the top of the page, as HTML (it can differ from the title,
    /// e.g. through `DISPLAYTITLE`).
    Displaytitle,
    /// The introductory messages shown above the edit form of the page, as HTML (see the
    /// `ineditintro...` parameters).
    Editintro,
    /// The extra CSS classes a link to the page would have on the page named by
    /// `inlinkcontext`, such as `mw-redirect`.
    Linkclasses,
    /// When the caller was last notified through the watchlist of changes to the page.
    Notificationtimestamp,
    /// The text the edit form starts with when the page does not exist, or with
    /// `inpreloadnewsection` when a new section is added (see the `inpreload...` parameters).
    Preloadcontent,
    /// The page's protections, and the kinds of restriction that can apply to it.
    Protection,
    /// For a talk page, the page id of its subject page.
    Subjectid,
    /// For a subject page, the page id of its talk page.
    Talkid,
    /// The page's full URL, the URL of its edit form and its canonical URL.
    Url,
    /// The display title in each variant of the wiki's content language.
    Varianttitles,
    /// How many of the page's watchers have looked at its recent changes, if the caller may
    /// know.
    Visitingwatchers,
    /// Whether the caller watches the page.
    Watched,
    /// How many users watch the page, if the caller may know.
    Watchers,
    /// Deprecated, use `preloadcontent`: the text the edit form of the page starts with.
    #[value(deprecated)]
    Preload,
    /// Deprecated, use `intestactions=read`: whether the caller may read the page.
    #[value(deprecated)]
    Readable,
}

/// The framing style of edit intros.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum EditIntroStyle {
    /// Leave out the optional frames around the messages.
    Lessframes,
    /// Keep the optional frames around the messages.
    Moreframes,
}

/// Returns basic information about the given pages.
///
/// Each page gets its content model, language, last-touched time, latest revision id and
/// length, and whether it is a redirect or new; `inprop` asks for more. Missing pages are
/// described too, as far as a page that does not exist can be.
#[query_module(
    name = "info",
    group = "prop",
    cache = "public",
    prefix = "in",
    xml_nested(protection = "pr", restrictiontypes = "rt"),
    readrights,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Info",
    example(
        query = "action=query&prop=info&titles=Main%20Page",
        text = "Get basic information about the page Main Page."
    ),
    example(
        query = "action=query&prop=info&titles=Main%20Page|Cat&inprop=protection|url|talkid",
        text = "Get the protections, URLs and talk page ids of the pages Main Page and Cat."
    ),
    example(
        query = "action=query&prop=info&titles=Cat&intestactions=edit|move&intestactionsdetail=full",
        text = "Test whether the caller may edit and move the protected page Cat, and if not, why."
    )
)]
pub struct Info {
    /// Which additional properties to return of each page.
    pub prop: Vec<InfoProp>,
    /// The page on which the links are thought to appear when `linkclasses` is asked for in
    /// `inprop`.
    #[param(default = "Main Page")]
    pub linkcontext: Title,
    /// Actions, such as `edit` or `move`, to test whether the caller may perform them on
    /// each page.
    pub testactions: Vec<String>,
    /// How much detail to give in the results of `intestactions`.
    #[param(default = "boolean")]
    pub testactionsdetail: TestActionsDetail,
    /// Also say whether performing the tested actions would create a temporary account for
    /// the caller.
    pub testactionsautocreate: bool,
    /// The title of a page whose content to preload instead of the default text.
    #[param(info = "preloadcontentonly")]
    pub preloadcustom: Option<String>,
    /// Values to put in place of `$1`, `$2` and so on in the text preloaded from
    /// `inpreloadcustom`.
    #[param(info = "preloadcontentonly")]
    pub preloadparams: Vec<String>,
    /// Give the text preloaded for a new section of the page rather than for a new page.
    #[param(info = "preloadcontentonly")]
    pub preloadnewsection: bool,
    /// Whether to keep the optional frames some intro messages have.
    #[param(default = "moreframes", info = "editintroonly")]
    pub editintrostyle: EditIntroStyle,
    /// Names of intro messages to leave out.
    #[param(info = "editintroonly")]
    pub editintroskip: Vec<String>,
    /// The title of a page whose content to add as one more intro message.
    #[param(info = "editintroonly")]
    pub editintrocustom: Option<String>,
    /// When more results are available, use this to continue.
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
        let testing = !self.testactions.is_empty();
        let caller = if testing { Some(TestingCaller::of(ctx)?) } else { None };
        let mut db = ctx.reader()?;
        let has = |p: InfoProp| self.prop.contains(&p);
        // The pages info describes: existing ones and missing titles, by (possibly fake) id.
        let mut pages: Vec<(i64, i32, String, Option<PageRecord>)> =
            set.good.iter().map(|g| (g.id, g.ns, g.dbkey.clone(), Some(g.clone()))).collect();
        pages.extend(set.missing.iter().map(|m| (m.fake_id, m.ns, m.dbkey.clone(), None)));
        // A continue value names the first title (by namespace, then key) still to describe.
        if let Some(cont) = &self.continue_ {
            let parts = cont.parts(2)?;
            let ns =
                i32::try_from(wikiquery_domain::php::leading_int(parts[0])).map_err(|_| ApiError::bad_continue())?;
            site.namespaces().get(ns).ok_or_else(ApiError::bad_continue)?;
            let from = site
                .parse_title(&wikiquery_domain::title::full_text(ns, parts[1], site.namespaces()), 0)
                .map_err(|_| ApiError::bad_continue())?;
            pages.retain(|p| (p.1, p.2.as_str()) >= (from.ns, from.dbkey.as_str()));
        }

        let existing: Vec<i64> = pages.iter().filter(|p| p.3.is_some()).map(|p| p.0).collect();
        let missing: Vec<(i32, String)> = pages.iter().filter(|p| p.3.is_none()).map(|p| (p.1, p.2.clone())).collect();

        let now = ctx.state.now().to_mw();
        let in_force = |expiry: &str| expiry == "infinity" || expiry > now.as_str();
        // The protections in force: the pages' own, the missing titles' creation protections and
        // those cascading from the pages that use them.
        let mut own: HashMap<i64, Vec<Restriction>> = HashMap::new();
        let mut creation: HashMap<(i32, String), Vec<TitleProtection>> = HashMap::new();
        let mut cascaded: HashMap<(i32, String), Vec<CascadedProtection>> = HashMap::new();
        if has(InfoProp::Protection) || testing {
            if !existing.is_empty() {
                for r in db.restrictions(&existing)?.into_iter().filter(|r| in_force(&r.expiry)) {
                    own.entry(r.page).or_default().push(r);
                }
            }
            if !missing.is_empty() {
                for t in db.title_protections(&missing)?.into_iter().filter(|t| in_force(&t.expiry)) {
                    creation.entry((t.ns, t.dbkey.clone())).or_default().push(t);
                }
            }
            for (_, ns, dbkey, _) in &pages {
                let list: Vec<CascadedProtection> =
                    db.cascaded_protections(*ns, dbkey)?.into_iter().filter(|c| in_force(&c.expiry)).collect();
                if !list.is_empty() {
                    cascaded.insert((*ns, dbkey.clone()), list);
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

        let watch = WatchFacts::gather(ctx, &mut db, &pages, &self.prop)?;
        drop(db);
        let namespaces = site.namespaces();
        let language = site.language_code().to_owned();
        let mut out: Vec<(i64, Map<String, Value>)> = Vec::new();
        let mut tested = 0;
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
            info.insert("pagelanguagedir".into(), json!(direction(&lang)));
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
            let key_of = (ns, dbkey.clone());
            if has(InfoProp::Protection) {
                let mut list: Vec<Value> = Vec::new();
                for r in own.get(&id).into_iter().flatten() {
                    let mut v = json!({"type": r.kind, "level": r.level, "expiry": expiry(&r.expiry)});
                    if r.cascade {
                        v["cascade"] = json!(true);
                    }
                    list.push(v);
                }
                if record.is_none() {
                    for t in creation.get(&key_of).into_iter().flatten() {
                        list.push(json!({"type": "create", "level": t.level, "expiry": expiry(&t.expiry)}));
                    }
                }
                for c in cascaded.get(&key_of).into_iter().flatten() {
                    let source = full_text(c.source_ns, &c.source_dbkey, namespaces);
                    list.push(json!({"type": c.kind, "level": c.level, "expiry": expiry(&c.expiry), "source": source}));
                }
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
            if has(InfoProp::Watched) {
                info.insert("watched".into(), json!(watch.seen.contains_key(&key_of)));
            }
            if let Some(counts) = &watch.watchers {
                if let Some(n) = counts.get(&key_of).copied().filter(|n| *n != 0 || watch.zero_shown) {
                    info.insert("watchers".into(), json!(n));
                }
            }
            if let Some(counts) = &watch.visiting {
                if let Some(n) = counts.get(&key_of).copied().filter(|n| *n != 0 || watch.zero_shown) {
                    info.insert("visitingwatchers".into(), json!(n));
                }
            }
            if has(InfoProp::Notificationtimestamp) {
                let at = watch.seen.get(&key_of).cloned().flatten().map(|ts| iso(&ts)).unwrap_or_default();
                info.insert("notificationtimestamp".into(), json!(at));
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
                let shown = display_titles.get(&id).cloned().unwrap_or_else(|| html::escape_text(&text));
                info.insert("displaytitle".into(), json!(shown));
            }
            // The title in each of the language's variants (this site's language has one): the
            // display title when that is asked for too, of existing pages only.
            if has(InfoProp::Varianttitles) && record.is_some() {
                let shown = display_titles.get(&id).cloned().unwrap_or_else(|| text.clone());
                info.insert("varianttitles".into(), json!({ language.clone(): shown }));
            }
            if has(InfoProp::Linkclasses) {
                if let Some(r) = record {
                    let classes: Vec<&str> = if r.is_redirect { vec!["mw-redirect"] } else { Vec::new() };
                    info.insert("linkclasses".into(), json!(classes));
                }
            }
            if let Some(caller) = &caller {
                if tested >= caller.limit {
                    // The rest waits for the next request, from this page on.
                    ctx.set_continue((ns, dbkey));
                    break;
                }
                let facts = PageFacts {
                    ns,
                    text: dbkey.replace('_', " "),
                    ns_text: namespaces.name(ns).unwrap_or_default().to_owned(),
                    exists: record.is_some(),
                    restrictions: own
                        .get(&id)
                        .into_iter()
                        .flatten()
                        .map(|r| (r.kind.clone(), r.level.clone()))
                        .chain(
                            creation.get(&key_of).into_iter().flatten().map(|t| ("create".to_owned(), t.level.clone())),
                        )
                        .collect(),
                    cascades: own.get(&id).into_iter().flatten().any(|r| r.cascade),
                    cascade_sources: cascade_sources(cascaded.get(&key_of), |ns, key| full_text(ns, key, namespaces)),
                    cascaded: cascade_levels(cascaded.get(&key_of)),
                    title_protection: creation.get(&key_of).and_then(|list| list.first()).map(|t| t.level.clone()),
                };
                let (actions, would_create) = caller.test(
                    &self.testactions,
                    self.testactionsdetail,
                    &facts,
                    record.as_ref().map(|r| r.id),
                    ctx.result(),
                );
                tested += self.testactions.len();
                info.insert("actions".into(), Value::Object(actions));
                if self.testactionsautocreate {
                    info.insert("wouldautocreate".into(), Value::Object(would_create));
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

/// What the caller may know of who watches the pages: the titles on its own watchlist (with
/// when each was changed unseen), and, with `unwatchedpages`, how many users watch each title
/// and how many of them have seen its recent changes.
struct WatchFacts {
    seen: HashMap<(i32, String), Option<String>>,
    watchers: Option<HashMap<(i32, String), i64>>,
    visiting: Option<HashMap<(i32, String), i64>>,
    zero_shown: bool,
}

/// How long a watcher who has not seen a page's changes still counts as visiting it, before its
/// last edit (`$wgWatchersMaxAge`: 180 days).
const WATCHERS_MAX_AGE_SECONDS: i64 = 180 * 24 * 3600;

impl WatchFacts {
    fn gather(
        ctx: &QueryContext<'_>,
        db: &mut ReaderGuard,
        pages: &[(i64, i32, String, Option<PageRecord>)],
        props: &[InfoProp],
    ) -> Result<WatchFacts, ApiError> {
        let has = |p: InfoProp| props.contains(&p);
        let titles: Vec<(i32, String)> = pages.iter().map(|(_, ns, key, _)| (*ns, key.clone())).collect();
        let mut seen = HashMap::new();
        if has(InfoProp::Watched) || has(InfoProp::Notificationtimestamp) {
            if let Some(account) = ctx.state.user.as_ref().filter(|_| ctx.state.rights.has("viewmywatchlist")) {
                if !titles.is_empty() {
                    seen = db.watch_notifications(account.id, &titles)?;
                }
            }
        }
        // Without `unwatchedpages` (and with no threshold set, as here) counts are not shown.
        let counts_shown = ctx.state.rights.has("unwatchedpages");
        let mut watchers = None;
        let mut visiting = None;
        if counts_shown && has(InfoProp::Watchers) {
            let mut counts = HashMap::new();
            for (ns, key) in &titles {
                counts.insert((*ns, key.clone()), db.watcher_count(*ns, key, None)?);
            }
            watchers = Some(counts);
        }
        if counts_shown && has(InfoProp::Visitingwatchers) {
            let latest: Vec<i64> = pages.iter().filter_map(|p| p.3.as_ref().map(|r| r.latest)).collect();
            let edited = if latest.is_empty() { HashMap::new() } else { db.revision_timestamps(&latest)? };
            let mut counts = HashMap::new();
            for (_, ns, key, record) in pages {
                let since = record
                    .as_ref()
                    .and_then(|r| edited.get(&r.latest))
                    .and_then(|ts| Timestamp::parse(ts))
                    .map(|ts| Timestamp::from_unix(ts.unix() - WATCHERS_MAX_AGE_SECONDS).to_mw());
                counts.insert((*ns, key.clone()), db.watcher_count(*ns, key, since.as_deref())?);
            }
            visiting = Some(counts);
        }
        Ok(WatchFacts { seen, watchers, visiting, zero_shown: counts_shown })
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
