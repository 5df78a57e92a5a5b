//! `action=opensearch`: title suggestions for a search box, in the OpenSearch suggestions
//! formats: JSON (`[search, titles, descriptions, URLs]`) or XML (`SearchSuggestion`).

use serde_json::{json, Map, Value};
use wikiquery_domain::title::{full_text, NS_SPECIAL};
use wikiquery_framework::{
    query_module, ActionContext, ActionModule, ApiError, Format, Limit, Namespace, Printer, Shape,
};

use crate::family::completion::{complete, Completion};
use crate::storage;

/// The values of `redirects`.
const REDIRECTS: &[&str] = &["resolve", "return"];
/// The formats the suggestions are written in.
const FORMATS: &[&str] = &["json", "jsonfm", "xml", "xmlfm"];
/// How long caches may keep suggestions (MediaWiki's `$wgSearchSuggestCacheExpiry`).
const CACHE_SECONDS: i64 = 1200;
/// The namespace of the XML suggestions format.
const XML_NAMESPACE: &str = "http://opensearch.org/searchsuggest2";

/// Searches the wiki using the OpenSearch protocol.
#[query_module(
    name = "opensearch",
    group = "action",
    prefix = "",
    readrights,
    cache = "public",
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Opensearch"
)]
pub struct OpenSearch {
    /// What has been typed.
    pub search: String,
    #[param(default = 0, all)]
    pub namespace: Vec<Namespace>,
    #[param(default = 10)]
    pub limit: Limit,
    /// No longer used.
    #[param(deprecated)]
    pub suggest: bool,
    /// Whether a redirect is shown as its target; by default in XML, not in JSON.
    #[param(values = REDIRECTS)]
    pub redirects: Option<String>,
    #[param(values = FORMATS, default = "json")]
    pub format: String,
    /// Warnings, which JSON suggestions have no room for, are an error rather than dropped.
    pub warningsaserror: bool,
}

impl OpenSearch {
    fn xml(&self) -> bool {
        self.format.starts_with("xml")
    }
}

impl ActionModule for OpenSearch {
    fn printer(&self) -> Option<Printer> {
        let format = Format::from_name(&self.format)?;
        Some(if self.xml() {
            Printer {
                format,
                shape: Shape::Envelope,
                xml_root: "SearchSuggestion",
                xml_tags: &[("Section", "Item")],
                warnings_as_error: false,
            }
        } else {
            Printer {
                format,
                shape: Shape::List,
                xml_root: "api",
                xml_tags: &[],
                warnings_as_error: self.warningsaserror,
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
        let (store, mut reader) = storage::action_reader(ctx)?;
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
