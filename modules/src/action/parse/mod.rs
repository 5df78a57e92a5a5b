//! `action=parse`: a page, a revision or a given text rendered as MediaWiki 1.39 renders it
//! (the renderer of `wikiquery-render`), with what the page links to, its sections, its
//! categories and the other parts of MediaWiki's parser output the caller asks for.

use serde_json::{json, Map, Value};
use wikiquery_domain::preprocessor::expand::Unsupported;
use wikiquery_domain::preprocessor::{preprocess, Options};
use wikiquery_domain::revision::{section_of, Visibility, DELETED_TEXT};
use wikiquery_domain::title::full_text;
use wikiquery_render::{wrap, RenderOptions};
use wikiquery_runtime::format::JsonStyle;
use wikiquery_runtime::result::{bc_kvp, sub_element};
use wikiquery_runtime::{query_module, ActionContext, ActionModule, ApiError};
use wikiquery_store::site::Site;

use crate::shared::comments::{parsed_comments, CommentOf};
use crate::shared::diffs::revision;
use crate::shared::expansion::{pre_save_transform, Saver, TemplateCache, WikiAt};
use crate::shared::log_display::interface_language;
use crate::shared::rendering::{RenderedPage, Stored};
use crate::storage;
use crate::values::{default_model, CONTENTFMT, CONTENTMODELS};
use crate::wiki::WikiContext;

mod members;
use members::{categories, categories_html, display_title, interwiki_link, lang_link, link, section, LimitReport};

/// The values of `prop`.
const PROPS: &[&str] = &[
    "categories",
    "categorieshtml",
    "displaytitle",
    "encodedjsconfigvars",
    "externallinks",
    "headhtml",
    "headitems",
    "images",
    "indicators",
    "iwlinks",
    "jsconfigvars",
    "langlinks",
    "limitreportdata",
    "limitreporthtml",
    "links",
    "modules",
    "parsetree",
    "parsewarnings",
    "parsewarningshtml",
    "properties",
    "revid",
    "sections",
    "subtitle",
    "templates",
    "text",
    "wikitext",
];

/// The props this server does not give yet: they need a skin or the editor's preview.
const NOT_BUILT: &[&str] = &["headhtml"];

/// The props a skin adds to when `useskin` names one (its own modules, configuration and head
/// items), not built yet with a skin; without one they are the rendering's own.
const SKIN_ADDS_TO: &[&str] = &["modules", "jsconfigvars", "encodedjsconfigvars", "headitems"];

/// Renders wikitext to HTML and returns the parts of the result asked for.
///
/// The wikitext is a stored page or revision (`page`, `pageid` or `oldid`), or a text sent in
/// the request (`text`, rendered as if on the page `title`). Besides the HTML, `prop` can ask for
/// the links, templates, images, categories, sections, language links and page properties found
/// in it. Some parts need a skin or the editor's preview and are not supported by this server.
#[query_module(
    name = "parse",
    group = "action",
    prefix = "",
    readrights,
    cache = "anon-public-user-private",
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Parsing_wikitext#parse",
    example(query = "action=parse&page=Main%20Page", text = "Render the current revision of the Main Page."),
    example(
        query = "action=parse&text=See+[[Cat]]+and+[[Dog]].&contentmodel=wikitext&prop=text|links",
        text = "Render a wikitext sent in the request and list the pages it links to."
    ),
    example(
        query = "action=parse&page=Kitty&redirects=1&prop=sections|categories",
        text = "List the sections and categories of the page that the redirect Kitty leads to."
    )
)]
pub struct Parse {
    /// The title of the page `text` is rendered as if it were on; it also decides the content
    /// model when `contentmodel` is not given. When left out, `API` is used.
    pub title: Option<String>,
    /// The wikitext to render.
    #[param(text)]
    pub text: Option<String>,
    /// With `text`: the id of a revision, whose page the text is rendered on in place of `title`.
    /// To render a stored revision itself, use `oldid`.
    pub revid: Option<i64>,
    /// An edit summary to render to HTML as summaries are shown (`parsedsummary`).
    pub summary: Option<String>,
    /// The title of a page whose current revision is rendered.
    pub page: Option<String>,
    /// The id of a page whose current revision is rendered, as an alternative to `page`.
    pub pageid: Option<i64>,
    /// When `page` or `pageid` names a redirect, renders the page it leads to instead.
    pub redirects: bool,
    /// The id of a revision to render, as an alternative to `page` and `pageid`.
    pub oldid: Option<i64>,
    /// What to return, separated by `|`: for instance `text` (the HTML), `links`, `templates`,
    /// `images`, `externallinks`, `iwlinks`, `langlinks`, `categories`, `sections`, `displaytitle`,
    /// `properties`, `revid`, `limitreportdata`, `wikitext`, `parsetree`, `modules`,
    /// `jsconfigvars`, `indicators`, `categorieshtml` (the box of category links under the
    /// page) or `subtitle` (links to a subpage's ancestors). The values that need a skin's head
    /// (`headhtml`, and a skin's own `modules` with `useskin`) and the editor's limit report in a
    /// language that writes numbers otherwise than English (`limitreporthtml`) are not yet
    /// supported by this server.
    #[param(
        values = PROPS,
        deprecated_values = ["headitems"],
        default = "text|langlinks|categories|links|templates|images|externallinks|sections|revid|displaytitle|iwlinks|properties|parsewarnings"
    )]
    pub prop: Vec<String>,
    /// The CSS class of the `div` that wraps the HTML; an empty value leaves the HTML unwrapped.
    #[param(default = "mw-parser-output")]
    pub wrapoutputclass: String,
    /// With `text`: applies the pre-save transform (what saving does to wikitext, such as turning
    /// `~~~~` into a signature) before rendering.
    pub pst: bool,
    /// With `text`: applies the pre-save transform and returns the transformed wikitext, without
    /// rendering it.
    pub onlypst: bool,
    /// Deprecated. Adds to `prop=langlinks` the language links that extensions supply; there are
    /// none here.
    #[param(deprecated)]
    pub effectivelanglinks: bool,
    /// Renders only one section: its number (`0` for the part before the first heading), or `T-`
    /// and a number for a section that comes from a template. With `text`, `new` renders the text
    /// as a new section headed by `sectiontitle`.
    pub section: Option<String>,
    /// With `section=new`: the heading of the new section, put above the text.
    pub sectiontitle: Option<String>,
    /// Deprecated: use `disablelimitreport`.
    #[param(deprecated)]
    pub disablepp: bool,
    /// Leaves out the limit report, the HTML comment at the end of `text` telling how much of the
    /// parser's limits the page used.
    pub disablelimitreport: bool,
    /// Leaves out the `edit` links beside the section headings.
    pub disableeditsection: bool,
    /// Keeps repeated inline style sheets instead of removing the repeats; nothing here removes
    /// them, so this changes nothing.
    pub disablestylededuplication: bool,
    /// Adds each configuration variable's merge strategy to `jsconfigvars`, which this server does
    /// not give; it changes nothing.
    pub showstrategykeys: bool,
    /// Deprecated: use `prop=parsetree`. Also returns the preprocessor's XML parse tree of the
    /// wikitext.
    #[param(deprecated)]
    pub generatexml: bool,
    /// Renders as the preview of an edit would be rendered. This server renders the same either
    /// way.
    pub preview: bool,
    /// Renders as the preview of a single section being edited, which implies `preview`. This
    /// server renders the same either way.
    pub sectionpreview: bool,
    /// Leaves the table of contents out of the HTML.
    pub disabletoc: bool,
    /// A skin of the site's (`meta=siteinfo&siprop=skins`) to write the page as that skin shows
    /// it; the page's text is the same in every skin but MinervaNeue's.
    pub useskin: Option<String>,
    /// With `text`: the serialization format of the text; only `text/x-wiki` is supported here.
    #[param(values = CONTENTFMT)]
    pub contentformat: Option<String>,
    /// With `text`: the content model of the text. When left out, the model `title` implies is
    /// used, or `wikitext` when there is no `title`. Only `wikitext` can be rendered here.
    #[param(values = CONTENTMODELS)]
    pub contentmodel: Option<String>,
}

/// What is parsed: the text, the page it is parsed as, and what the answer says of it.
struct Source {
    text: String,
    page: (i32, String),
    page_id: i64,
    revid: Option<i64>,
    redirects: Option<Vec<Value>>,
    /// For a stored revision's whole text: the revision and when its page was last touched,
    /// what a kept rendering of it depends on.
    stored: Stored,
    /// The text is the request's (`text`, or none), not a page's: the pre-save transform
    /// applies to it.
    given_text: bool,
    /// Content that is not wikitext, shown as it is rather than rendered.
    plain: Option<Plain>,
}

/// Content shown without rendering: plain text (escaped), or a model the wiki has no handler
/// for (a notice in its place).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Plain {
    Text,
    Unknown,
}

fn unsupported(e: Unsupported) -> ApiError {
    ApiError::not_implemented(&format!("parse ({})", e.0))
}

impl Parse {
    fn props(&self) -> Vec<&str> {
        self.prop.iter().map(String::as_str).collect()
    }

    /// How content of `model` is shown: rendered (wikitext), or shown without rendering (plain
    /// text, a model without a handler); the other models' own renderings are not built.
    fn plain_for(&self, model: &str) -> Result<Option<Plain>, ApiError> {
        Ok(match model {
            "wikitext" => None,
            "text" if self.section.is_none() && !self.pst && !self.onlypst => Some(Plain::Text),
            "unknown" if self.section.is_none() && !self.pst && !self.onlypst => Some(Plain::Unknown),
            _ => return Err(ApiError::not_implemented(&format!("parse (content model {model})"))),
        })
    }

    /// How a stored revision's content is shown, by its main slot's model.
    fn stored_plain(
        &self,
        reader: &mut wikiquery_store::reader::Reader,
        revision: i64,
    ) -> Result<Option<Plain>, ApiError> {
        let slots = reader.revision_slots(&[revision])?;
        let model = slots.iter().find(|s| s.role == "main").map_or("wikitext", |s| s.model.as_str());
        self.plain_for(model)
    }

    /// The page, revision or text the request names.
    fn source(&self, ctx: &mut ActionContext<'_>) -> Result<Source, ApiError> {
        let by_page = self.page.is_some() || self.pageid.is_some() || self.oldid.is_some();
        if let Some(section) = &self.section {
            let valid = section == "new"
                || section.strip_prefix("T-").unwrap_or(section).bytes().all(|b| b.is_ascii_digit())
                    && !section.strip_prefix("T-").unwrap_or(section).is_empty();
            if !valid {
                return Err(ApiError::new(
                    "invalidsection",
                    "The section parameter must be a valid section ID or \"new\".",
                ));
            }
            if by_page && section == "new" {
                return Err(ApiError::new(
                    "invalidparammix",
                    "The parameters \"oldid\", \"pageid\" or \"page\" cannot be used together with \"section=new\".",
                ));
            }
        }
        let (store, mut reader) = (ctx.store()?, ctx.reader()?);
        let site = store.site();
        if let Some(oldid) = self.oldid {
            let Some(row) = revision(&mut reader, oldid)? else {
                return Err(ApiError::no_such_revision(oldid));
            };
            if !Visibility::of(&ctx.state.rights).check(row.deleted, DELETED_TEXT).1 {
                return Err(ApiError::new(
                    "permissiondenied",
                    "You don't have permission to view deleted text or changes between deleted revisions.",
                ));
            }
            let page = reader.pages_by_ids(&[row.page])?.into_iter().next();
            let touched = page.as_ref().map(|p| p.touched.clone());
            let (ns, dbkey) = page.map(|p| (p.ns, p.dbkey)).unwrap_or_default();
            let text = storage::main_texts(&mut reader, &[row.id])?.remove(&row.id).unwrap_or_default();
            let stored = touched.map(|t| (row.id, t));
            let plain = self.stored_plain(&mut reader, row.id)?;
            return Ok(Source {
                given_text: false,
                plain,
                text,
                page: (ns, dbkey),
                page_id: row.page,
                revid: Some(row.id),
                redirects: None,
                stored,
            });
        }
        if by_page {
            let mut record = match (&self.page, self.pageid) {
                (Some(title), _) => {
                    let (ns, dbkey) = storage::site_title(site, title)?;
                    reader.pages_by_titles(&[(ns, dbkey)])?.into_iter().next()
                }
                (None, Some(id)) => match reader.pages_by_ids(&[id])?.into_iter().next() {
                    Some(p) => Some(p),
                    None => return Err(ApiError::no_such_page_id(id)),
                },
                (None, None) => None,
            };
            let mut redirects = None;
            if self.redirects {
                // The list is there when asked for, empty when the page is no redirect.
                redirects = Some(Vec::new());
                if let Some(from) = record.clone().filter(|p| p.is_redirect) {
                    let target = reader.redirect_targets(&[from.id])?.into_iter().next();
                    if let Some(target) = target.filter(|t| t.interwiki.is_empty()) {
                        let mut entry = Map::new();
                        entry.insert("from".into(), json!(full_text(from.ns, &from.dbkey, site.namespaces())));
                        entry.insert("to".into(), json!(full_text(target.ns, &target.dbkey, site.namespaces())));
                        if !target.fragment.is_empty() {
                            entry.insert("tofragment".into(), json!(target.fragment));
                        }
                        redirects = Some(vec![Value::Object(entry)]);
                        record = reader.pages_by_titles(&[(target.ns, target.dbkey)])?.into_iter().next();
                    }
                }
            }
            let Some(found) = record else {
                return Err(ApiError::new("missingtitle", "The page you specified doesn't exist."));
            };
            let text = storage::main_texts(&mut reader, &[found.latest])?.remove(&found.latest).unwrap_or_default();
            let revid = self.props().contains(&"revid").then_some(found.latest);
            let stored = Some((found.latest, found.touched.clone()));
            let plain = self.stored_plain(&mut reader, found.latest)?;
            let mut source = Source {
                text,
                page: (found.ns, found.dbkey),
                page_id: found.id,
                revid,
                redirects,
                stored,
                given_text: false,
                plain,
            };
            if let Some(section) = &self.section {
                source.text = section_of("wikitext", &source.text, section).ok_or_else(no_such_section(section))?;
                source.stored = None;
            }
            return Ok(source);
        }
        let title_given = self.title.is_some();
        let title = self.title.as_deref().unwrap_or("API");
        let mut page = storage::site_title(site, title)?;
        let mut title_provided = title_given;
        if let Some(revid) = self.revid {
            let Some(row) = revision(&mut reader, revid)? else {
                return Err(ApiError::no_such_revision(revid));
            };
            let found =
                reader.pages_by_ids(&[row.page])?.into_iter().next().map(|p| (p.ns, p.dbkey)).unwrap_or_default();
            if title_given && found != page {
                ctx.state.warnings.add(
                    "parse",
                    "revwrongpage",
                    format!("r{revid} is not a revision of {}.", full_text(page.0, &page.1, site.namespaces())),
                );
            }
            title_provided = true;
            page = found;
        }
        if self.text.is_none() && title_provided && (!self.prop.is_empty() || self.generatexml) {
            let (code, text) = if self.revid.is_some() {
                ("parse-revidwithouttext", "\"revid\" used without \"text\", and parsed page properties were requested. Did you mean to use \"oldid\" instead of \"revid\"?")
            } else {
                ("parse-titlewithouttext", "\"title\" used without \"text\", and parsed page properties were requested. Did you mean to use \"page\" instead of \"title\"?")
            };
            ctx.state.warnings.add("parse", code, text);
        }
        let model = match &self.contentmodel {
            Some(m) => m.clone(),
            None if self.text.is_some() && !title_provided => {
                ctx.state.warnings.add(
                    "parse",
                    "parse-nocontentmodel",
                    "No \"title\" or \"contentmodel\" was given, assuming wikitext.",
                );
                "wikitext".to_owned()
            }
            None => default_model(page.0, &page.1),
        };
        if let Some(format) = &self.contentformat {
            if format != wikiquery_domain::revision::default_format(&model) {
                return Err(ApiError::new(
                    "badformat-generic",
                    format!("The requested format {format} is not supported for content model {model}."),
                ));
            }
        }
        let plain = self.plain_for(&model)?;
        let page_id = reader.pages_by_titles(&[page.clone()])?.into_iter().next().map_or(0, |p| p.id);
        let mut text = self.text.clone().unwrap_or_default();
        match self.section.as_deref() {
            Some("new") => {
                if let Some(heading) = &self.sectiontitle {
                    text = format!("== {heading} ==\n\n{text}");
                }
            }
            Some(section) => text = section_of("wikitext", &text, section).ok_or_else(no_such_section(section))?,
            None => {}
        }
        Ok(Source { text, page, page_id, revid: None, redirects: None, stored: None, given_text: true, plain })
    }
}

impl Parse {
    /// What content shown without rendering gives, in the order rendered content gives it:
    /// the text (escaped, or the notice for a model without a handler) and empty lists.
    fn plain_members(
        &self,
        out: &mut Map<String, Value>,
        plain: Plain,
        source: &Source,
        site: &Site,
        style: JsonStyle,
        subtitle: Option<String>,
    ) {
        let wants = |p: &str| self.prop.iter().any(|q| q == p);
        if wants("text") {
            let html = match plain {
                Plain::Text => wikiquery_domain::html::escape_compat(&source.text),
                Plain::Unknown => {
                    "<div class=\"error\">This wiki has no handler for the content model \"unknown\".</div>".to_owned()
                }
            };
            out.insert("text".into(), sub_element(style, wrap(&html, &self.wrapoutputclass, "")));
        }
        for list in ["langlinks", "categories", "categorieshtml", "links", "templates", "images", "externallinks"] {
            if !wants(list) {
                continue;
            }
            if list == "categorieshtml" {
                // The box of a page in no category.
                let empty = "<div id=\"catlinks\" class=\"catlinks catlinks-allhidden\" data-mw=\"interface\"></div>";
                out.insert(list.into(), sub_element(style, empty.to_owned()));
            } else {
                out.insert(list.into(), json!([]));
            }
        }
        if wants("sections") {
            out.insert("sections".into(), json!([]));
            out.insert("showtoc".into(), json!(false));
        }
        for list in ["parsewarnings", "parsewarningshtml"] {
            if wants(list) {
                out.insert(list.into(), json!([]));
            }
        }
        if wants("displaytitle") {
            // Nothing rendered sets a display title: the title itself.
            out.insert("displaytitle".into(), json!(full_text(source.page.0, &source.page.1, site.namespaces())));
        }
        if let Some(subtitle) = subtitle {
            out.insert("subtitle".into(), json!(subtitle));
        }
        if wants("headitems") {
            out.insert("headitems".into(), json!([]));
        }
        if wants("modules") {
            for list in ["modules", "modulescripts", "modulestyles"] {
                out.insert(list.into(), json!([]));
            }
        }
        if wants("jsconfigvars") {
            out.insert("jsconfigvars".into(), json!({}));
        }
        if wants("encodedjsconfigvars") {
            out.insert("encodedjsconfigvars".into(), json!("[]"));
        }
        if wants("indicators") {
            out.insert("indicators".into(), bc_kvp(style, std::iter::empty()));
        }
        if wants("iwlinks") {
            out.insert("iwlinks".into(), json!([]));
        }
        if wants("properties") {
            out.insert("properties".into(), bc_kvp(style, std::iter::empty()));
        }
    }

    /// `parsedsummary`: the summary given, formatted as an edit summary of the page (none
    /// without `summary`, or `sectiontitle` for a new section).
    fn parsed_summary(
        &self,
        reader: &mut wikiquery_store::reader::Reader,
        site: &Site,
        page: &(i32, String),
    ) -> Result<Option<String>, ApiError> {
        let new_section = self.section.as_deref() == Some("new");
        if self.summary.is_none() && !(new_section && self.sectiontitle.is_some()) {
            return Ok(None);
        }
        let summary = self.summary.clone().unwrap_or_default();
        let title = self.sectiontitle.clone().unwrap_or_default();
        if new_section && (title.is_empty() || summary.is_empty()) && !(title.is_empty() && summary.is_empty()) {
            // MediaWiki's summary of a new section, whose link points into the page itself.
            return Err(ApiError::not_implemented("parse (the summary of a new section)"));
        }
        let comment = CommentOf { key: 0, text: &summary, ns: page.0, dbkey: &page.1 };
        Ok(parsed_comments(reader, site, &[comment])?.remove(&0))
    }
}

fn no_such_section(section: &str) -> impl FnOnce() -> ApiError + '_ {
    move || ApiError::new("nosuchsection", format!("There is no section {section}."))
}

impl ActionModule for Parse {
    fn execute(&self, ctx: &mut ActionContext<'_>) -> Result<(), ApiError> {
        let props = self.props();
        // The skin is one of the site's, checked with the other values (its values are the
        // site's, so it is checked here rather than where the parameters are read).
        if let Some(skin) = &self.useskin {
            if !ctx.services.settings().skins.iter().any(|s| &s.code == skin) {
                return Err(ApiError::new(
                    "badvalue",
                    format!("Unrecognized value for parameter \"useskin\": {skin}."),
                ));
            }
        }
        // One source of text: a page (by title, id or revision) or a text.
        let page_sources =
            [("page", self.page.is_some()), ("pageid", self.pageid.is_some()), ("oldid", self.oldid.is_some())];
        for other in [("text", self.text.is_some()), ("title", self.title.is_some()), ("revid", self.revid.is_some())] {
            let given: Vec<&str> =
                page_sources.iter().chain([&other]).filter(|(_, set)| *set).map(|(n, _)| *n).collect();
            if given.len() > 1 {
                return Err(ApiError::invalid_param_mix(&given));
            }
        }
        // What the request names is checked first, as MediaWiki checks it; what is not built
        // yet answers after that.
        let source = self.source(ctx)?;
        if let Some(prop) = props.iter().find(|p| NOT_BUILT.contains(p)) {
            return Err(ApiError::not_implemented(&format!("parse (prop={prop})")));
        }
        // The language the editor's limit report is written in, when it is asked for.
        let report_lang = if props.contains(&"limitreporthtml") {
            Some(interface_language(ctx.state.params.get("uselang"), ctx.site()?))
        } else {
            None
        };
        if let Some(lang) = report_lang.as_deref().filter(|lang| !LimitReport::writable_in(lang)) {
            return Err(ApiError::not_implemented(&format!("parse (prop=limitreporthtml in \"{lang}\")")));
        }
        if let Some(prop) = props.iter().find(|p| SKIN_ADDS_TO.contains(p)).filter(|_| self.useskin.is_some()) {
            return Err(ApiError::not_implemented(&format!("parse (prop={prop} with useskin)")));
        }
        // The skins the site has write the page as no skin does, but MinervaNeue, which writes
        // section links of its own.
        if self.useskin.as_deref() == Some("minerva") && props.contains(&"text") && !self.disableeditsection {
            return Err(ApiError::not_implemented("parse (useskin=minerva's section links)"));
        }
        let style = ctx.result.style();
        let (store, mut reader) = (ctx.store()?, ctx.reader()?);
        let site = store.site();
        let settings = ctx.settings();
        let wants = |p: &str| props.contains(&p);
        // The request's own text, saved: with `pst` it is what is rendered, with `onlypst` the
        // answer.
        let saved = if source.given_text && (self.pst || self.onlypst) {
            let saver = Saver::of(ctx.state);
            let page = (source.page.0, source.page.1.as_str());
            let mut at = WikiAt { reader: &mut reader, site, settings, now: ctx.state.now() };
            let mut templates = TemplateCache::new();
            Some(pre_save_transform(&mut at, page, &source.text, &saver, &mut templates).map_err(unsupported)?)
        } else {
            None
        };
        let summary = self.parsed_summary(&mut reader, site, &source.page)?;
        if let (Some(saved), true) = (&saved, self.onlypst) {
            let mut out = Map::new();
            out.insert("text".into(), sub_element(style, saved.clone()));
            if wants("wikitext") {
                out.insert("wikitext".into(), sub_element(style, source.text.clone()));
            }
            if let Some(summary) = summary {
                out.insert("parsedsummary".into(), sub_element(style, summary));
            }
            ctx.result.add("parse", Value::Object(out));
            return Ok(());
        }
        let original = saved.as_ref().map(|_| source.text.clone());
        let source = Source { text: saved.clone().unwrap_or_else(|| source.text.clone()), ..source };
        let options = RenderOptions { edit_sections: !self.disableeditsection, toc: !self.disabletoc };
        let needs_render =
            source.plain.is_none() && props.iter().any(|p| !matches!(*p, "wikitext" | "parsetree" | "revid"));
        let kept = if needs_render {
            let page = ((source.page.0, source.page.1.as_str()), source.text.as_str());
            let mut at = WikiAt { reader: &mut reader, site, settings, now: ctx.state.now() };
            Some(ctx.renders()?.render(&mut at, page, &source.stored, &options).map_err(unsupported)?)
        } else {
            None
        };
        let rendered = kept.as_ref().map(|k| &k.page);
        let mut subtitle = match wants("subtitle") {
            true => Some(members::subtitle(
                &mut reader,
                site,
                &storage::site_paths(site, settings),
                (source.page.0, &source.page.1),
            )?),
            false => None,
        };
        let report = kept.as_ref().map(|k| LimitReport::of(&k.page, k.seconds, &k.made));
        let mut out = Map::new();
        out.insert("title".into(), json!(full_text(source.page.0, &source.page.1, site.namespaces())));
        out.insert("pageid".into(), json!(source.page_id));
        if let Some(summary) = summary {
            out.insert("parsedsummary".into(), sub_element(style, summary));
        }
        if let Some(revid) = source.revid {
            out.insert("revid".into(), json!(revid));
        }
        if let Some(redirects) = &source.redirects {
            out.insert("redirects".into(), Value::Array(redirects.clone()));
        }
        if let (Some(RenderedPage { rendered, templates, properties, warnings, .. }), Some(report)) =
            (rendered, &report)
        {
            let o = &rendered.output;
            if wants("text") {
                let end = if self.disablelimitreport || self.disablepp { String::new() } else { report.comment() };
                out.insert("text".into(), sub_element(style, wrap(&rendered.html, &self.wrapoutputclass, &end)));
            }
            if wants("langlinks") {
                let list = o.language_links.iter().map(|link| lang_link(site, link)).collect();
                out.insert("langlinks".into(), Value::Array(list));
            }
            if wants("categories") {
                let list = categories(&mut reader, &o.categories)?;
                out.insert("categories".into(), Value::Array(list));
            }
            if wants("categorieshtml") {
                let show_hidden = match &ctx.state.user {
                    Some(account) => {
                        reader.user_property(&[account.id], "showhiddencats")?.first().is_some_and(|(_, v)| v == "1")
                    }
                    None => false,
                };
                let paths = storage::site_paths(site, settings);
                let html = categories_html(&mut reader, site, &paths, &o.categories, source.page.0, show_hidden)?;
                out.insert("categorieshtml".into(), sub_element(style, html));
            }
            if wants("links") {
                let list = o.links.iter().map(|l| link(site, l.ns, &l.dbkey, l.exists)).collect();
                out.insert("links".into(), Value::Array(list));
            }
            if wants("templates") {
                let list = templates.iter().map(|(ns, dbkey, exists)| link(site, *ns, dbkey, *exists)).collect();
                out.insert("templates".into(), Value::Array(list));
            }
            if wants("images") {
                out.insert("images".into(), json!(o.images));
            }
            if wants("externallinks") {
                out.insert("externallinks".into(), json!(o.external_links));
            }
            if wants("sections") {
                out.insert("sections".into(), Value::Array(o.sections.iter().map(section).collect()));
                out.insert("showtoc".into(), json!(rendered.show_toc));
            }
            if wants("parsewarnings") {
                out.insert("parsewarnings".into(), json!(warnings.iter().map(|(text, _)| text).collect::<Vec<_>>()));
            }
            if wants("parsewarningshtml") {
                out.insert(
                    "parsewarningshtml".into(),
                    json!(warnings.iter().map(|(_, html)| html).collect::<Vec<_>>()),
                );
            }
            if wants("displaytitle") {
                let set = properties.iter().find(|(n, _)| n == "displaytitle").map(|(_, v)| v.clone());
                let shown = set.unwrap_or_else(|| display_title(site, source.page.0, &source.page.1));
                out.insert("displaytitle".into(), json!(shown));
            }
            if let Some(subtitle) = subtitle.take() {
                out.insert("subtitle".into(), json!(subtitle));
            }
            if wants("headitems") {
                out.insert("headitems".into(), json!([]));
            }
            if wants("modules") {
                // Core's rendering adds a packed gallery's script and the style modules of
                // redirects and galleries.
                out.insert("modules".into(), json!(o.modules));
                out.insert("modulescripts".into(), json!([]));
                out.insert("modulestyles".into(), json!(o.module_styles));
            }
            if wants("jsconfigvars") {
                out.insert("jsconfigvars".into(), json!({}));
            }
            if wants("encodedjsconfigvars") {
                out.insert("encodedjsconfigvars".into(), json!("[]"));
            }
            if wants("modules") && !wants("jsconfigvars") && !wants("encodedjsconfigvars") {
                ctx.state.warnings.add(
                    "parse",
                    "moduleswithoutvars",
                    "\"modules\" was asked for without \"jsconfigvars\" or \"encodedjsconfigvars\", which the modules need."
                        .to_owned(),
                );
            }
            if wants("indicators") {
                out.insert("indicators".into(), bc_kvp(style, o.indicators.iter().cloned()));
            }
            if wants("iwlinks") {
                let list =
                    o.interwiki_links.iter().map(|(prefix, dbkey)| interwiki_link(site, prefix, dbkey)).collect();
                out.insert("iwlinks".into(), Value::Array(list));
            }
            if wants("properties") {
                out.insert("properties".into(), bc_kvp(style, properties.iter().cloned()));
            }
        }
        if let Some(plain) = source.plain {
            self.plain_members(&mut out, plain, &source, site, style, subtitle);
        }
        if wants("wikitext") {
            // The text as given; the saved text beside it.
            let given = original.unwrap_or_else(|| source.text.clone());
            out.insert("wikitext".into(), sub_element(style, given));
            if saved.is_some() {
                out.insert("psttext".into(), sub_element(style, source.text.clone()));
            }
        }
        if let Some(report) = report.as_ref().filter(|_| wants("limitreportdata")) {
            out.insert("limitreportdata".into(), report.data());
        } else if source.plain.is_some() && wants("limitreportdata") {
            // Nothing was parsed, so nothing was counted.
            out.insert("limitreportdata".into(), json!([]));
        }
        if let Some(lang) = &report_lang {
            // Nothing parsed (no report, content other than wikitext), nothing to report.
            let html = report.as_ref().filter(|_| source.plain.is_none()).map(|r| r.html(lang)).unwrap_or_default();
            out.insert("limitreporthtml".into(), sub_element(style, html));
        }
        if (wants("parsetree") || self.generatexml) && source.plain.is_some() {
            return Err(ApiError::new("notwikitext", "\"prop=parsetree\" works only on wikitext."));
        }
        if wants("parsetree") || self.generatexml {
            let tree = preprocess(&source.text, &Options::default()).to_xml();
            out.insert("parsetree".into(), sub_element(style, tree));
        }
        ctx.result.add("parse", Value::Object(out));
        Ok(())
    }
}
