//! `action=opensearch`: title suggestions for a search box, in the OpenSearch suggestions
//! formats: JSON (`[search, titles, descriptions, URLs]`) or XML (`SearchSuggestion`); and the
//! OpenSearch description document that tells browsers where to ask for them.

use serde_json::{json, Map, Value};
use wikiquery_domain::html::{escape_attribute, escape_text};
use wikiquery_domain::settings::SiteSettings;
use wikiquery_domain::title::{full_text, NS_SPECIAL};
use wikiquery_domain::url::wf_urlencode;
use wikiquery_runtime::{
    query_module, ActionContext, ActionModule, ApiError, Format, Limit, Namespace, Printer, RequestState, Shape,
};
use wikiquery_store::site::Site;

use crate::shared::completion::{complete, Completion};
use crate::storage::{absolute, site_paths, SitePaths};
use crate::wiki::WikiContext;

/// The values of `redirects`.
const REDIRECTS: &[&str] = &["resolve", "return"];
/// The formats the suggestions are written in.
const FORMATS: &[&str] = &["json", "jsonfm", "xml", "xmlfm"];
/// How long caches may keep suggestions (MediaWiki's `$wgSearchSuggestCacheExpiry`).
const CACHE_SECONDS: i64 = 1200;
/// The namespace of the XML suggestions format.
const XML_NAMESPACE: &str = "http://opensearch.org/searchsuggest2";

/// Suggests page titles for a search box, in the formats of the OpenSearch suggestions standard.
///
/// The titles beginning with the text typed are returned, the page of that exact title first.
/// In JSON the answer is an array of the text searched, the titles, their descriptions (always
/// empty here) and their URLs; in XML it is a `SearchSuggestion` document.
#[query_module(
    name = "opensearch",
    group = "action",
    prefix = "",
    readrights,
    cache = "public",
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Opensearch",
    example(query = "action=opensearch&search=Ca", text = "Suggest titles beginning with Ca."),
    example(
        query = "action=opensearch&search=Help:Ed&limit=5&format=xml",
        text = "Suggest up to five help pages beginning with Ed, in XML."
    ),
    example(
        query = "action=opensearch&search=Kit&redirects=resolve",
        text = "Suggest titles beginning with Kit, each redirect replaced by the page it leads to."
    )
)]
pub struct OpenSearch {
    /// The text typed so far; titles beginning with it are suggested. A namespace name at its
    /// start, such as `Help:`, makes the search look in that namespace.
    pub search: String,
    /// The namespaces to look in, by number, separated by `|`; `*` means all of them. Only the
    /// main namespace when left out. A namespace named at the start of `search` takes precedence.
    #[param(default = 0, all)]
    pub namespace: Vec<Namespace>,
    /// How many titles to suggest at most.
    #[param(default = 10)]
    pub limit: Limit,
    /// Deprecated; it has no effect.
    #[param(deprecated)]
    pub suggest: bool,
    /// What to do with a redirect among the titles: `return` suggests the redirect itself,
    /// `resolve` the page it leads to instead, which may give fewer titles than `limit`. When left
    /// out, JSON keeps redirects and XML resolves them.
    #[param(values = REDIRECTS)]
    pub redirects: Option<String>,
    /// The format of the suggestions: `json` (the default) or `xml`, or `jsonfm` or `xmlfm` to see
    /// them in an HTML page.
    #[param(values = FORMATS, default = "json")]
    pub format: String,
    /// With JSON, which has no room for warnings: answers with an error whenever there would be
    /// a warning, instead of dropping the warning.
    pub warningsaserror: bool,
}

impl OpenSearch {
    fn xml(&self) -> bool {
        self.format.starts_with("xml")
    }
}

impl ActionModule for OpenSearch {
    fn printer(&self, _state: &RequestState) -> Option<Printer> {
        let format = Format::from_name(&self.format)?;
        Some(if self.xml() {
            Printer {
                format,
                shape: Shape::Envelope,
                xml_root: "SearchSuggestion",
                xml_tags: &[("", "Section", "Item")],
                warnings_as_error: false,
                deny_frames: true,
                feed: false,
            }
        } else {
            Printer {
                format,
                shape: Shape::List,
                xml_root: "api",
                xml_tags: &[],
                warnings_as_error: self.warningsaserror,
                deny_frames: true,
                feed: false,
            }
        })
    }

    fn execute(&self, ctx: &mut ActionContext<'_>) -> Result<(), ApiError> {
        ctx.state.cache_max_age = Some(CACHE_SECONDS);
        let namespaces: Vec<i32> = self.namespace.iter().map(|n| n.0).collect();
        let resolve = match self.redirects.as_deref() {
            Some(choice) => choice == "resolve",
            None => self.xml(),
        };
        let (store, mut reader) = (ctx.store()?, ctx.reader()?);
        let site = store.site();
        let found = complete(&mut reader, site, &self.search, &namespaces, self.limit.get() as usize, 0, "opensearch")?;
        // Each title as (namespace, key), its redirect's target in its place when resolving;
        // a title shown once.
        let mut titles: Vec<(i32, String)> = Vec::new();
        let targets = if resolve {
            let ids: Vec<i64> = found
                .titles
                .iter()
                .filter_map(|t| if let Completion::Page(p) = t { Some(p.0) } else { None })
                .collect();
            reader.redirect_targets(&ids)?.into_iter().filter(|r| r.interwiki.is_empty()).collect()
        } else {
            Vec::new()
        };
        drop(reader);
        for title in found.titles {
            let title = match title {
                Completion::Page((id, ns, dbkey)) => match targets.iter().find(|r| r.from == id) {
                    Some(target) => (target.ns, target.dbkey.clone()),
                    None => (ns, dbkey),
                },
                Completion::Special(name) => (NS_SPECIAL, name),
            };
            if !titles.contains(&title) {
                titles.push(title);
            }
        }
        let shown: Vec<(String, String)> = titles
            .iter()
            .map(|(ns, dbkey)| {
                let text = full_text(*ns, dbkey, site.namespaces());
                let url = site.page_url(&text.replace(' ', "_")).unwrap_or_default();
                (text, url)
            })
            .collect();
        if self.xml() {
            let items: Vec<Value> =
                shown.into_iter().map(|(text, url)| json!({"Text": {"*": text}, "Url": {"*": url}})).collect();
            ctx.result.add("version", json!("2.0"));
            ctx.result.add("xmlns", json!(XML_NAMESPACE));
            ctx.result.add("Query", Value::Object(Map::from_iter([("*".to_owned(), json!(self.search))])));
            ctx.result.add("Section", Value::Array(items));
        } else {
            let (texts, urls): (Vec<String>, Vec<String>) = shown.into_iter().unzip();
            ctx.result.add("0", json!(self.search));
            ctx.result.add("1", json!(texts));
            ctx.result.add("2", json!(vec![""; urls.len()]));
            ctx.result.add("3", json!(urls));
        }
        Ok(())
    }
}

/// The OpenSearch description document (`/opensearch_desc.php`) that browsers discover: the
/// wiki's name, its icon, its search page and the suggestion URLs of `action=opensearch` in
/// both formats, as MediaWiki writes it; `ctype` is the content type asked for
/// (`application/xml`, else the document's own type). Returns (content type, document).
pub fn description_document(site: &Site, settings: &SiteSettings, ctype: Option<&str>) -> (&'static str, String) {
    let SitePaths { server, article_path, script_path, script } = site_paths(site, settings);
    let content_type = match ctype {
        Some("application/xml") => "application/xml",
        _ => "application/opensearchdescription+xml",
    };
    let name = format!("{} ({})", site.sitename, site.language_code());
    let search = full_text(NS_SPECIAL, "Search", site.namespaces()).replace(' ', "_");
    let api = format!("{server}{script_path}/api.php");
    let urls = [
        ("text/html", format!("{server}{script}?title={}&search={{searchTerms}}", wf_urlencode(&search))),
        ("application/x-suggestions+json", format!("{api}?action=opensearch&search={{searchTerms}}&namespace=0")),
        (
            "application/x-suggestions+xml",
            format!("{api}?action=opensearch&format=xml&search={{searchTerms}}&namespace=0"),
        ),
    ];
    let mut out = String::from("<?xml version=\"1.0\"?>");
    out.push_str(
        "<OpenSearchDescription xmlns=\"http://a9.com/-/spec/opensearch/1.1/\" xmlns:moz=\"http://www.mozilla.org/2006/browser/search/\">",
    );
    let name = escape_text(&name);
    out.push_str(&format!("<ShortName>{name}</ShortName><Description>{name}</Description>"));
    out.push_str(&format!(
        "<Image height=\"16\" width=\"16\" type=\"image/x-icon\">{}</Image>",
        escape_text(&absolute(&server, &settings.favicon))
    ));
    for (kind, template) in urls {
        out.push_str(&format!("<Url type=\"{kind}\" method=\"get\" template=\"{}\" />", escape_attribute(&template)));
    }
    let form = absolute(&server, &article_path.replace("$1", &wf_urlencode(&search)));
    out.push_str(&format!("<moz:SearchForm>{}</moz:SearchForm></OpenSearchDescription>", escape_text(&form)));
    (content_type, out)
}
