//! `action=expandtemplates`: wikitext with its templates, variables and parser functions
//! expanded as MediaWiki's preprocessor expands them on a page, with what the expansion set
//! besides (its tracking categories and page properties) and its preprocessor tree.

use serde_json::{json, Map, Value};
use wikiquery_domain::preprocessor::{preprocess, Options};
use wikiquery_runtime::result::{bc_kvp, php_array, set_content, sub_element};
use wikiquery_runtime::{query_module, ActionContext, ActionModule, ApiError};

use crate::shared::expansion::{expand_text, TemplateCache, WikiAt};
use crate::storage;
use crate::wiki::WikiContext;

/// The values of `prop`.
const PROPS: &[&str] = &[
    "categories",
    "encodedjsconfigvars",
    "jsconfigvars",
    "modules",
    "parsetree",
    "properties",
    "ttl",
    "volatile",
    "wikitext",
];

/// Expands the templates, parser functions and variables in a wikitext, as they would be on a page.
///
/// The text is expanded as if it were on the page `title` (or on the page of `revid`). Besides
/// the expanded text, `prop` can ask for the categories and page properties the expansion sets,
/// or for the preprocessor's parse tree of the text.
#[query_module(
    name = "expandtemplates",
    group = "action",
    prefix = "",
    readrights,
    cache = "anon-public-user-private",
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Expandtemplates",
    example(
        query = "action=expandtemplates&text={{Welcome|Alice}}&prop=wikitext",
        text = "Expand Template:Welcome with Alice as its first parameter."
    ),
    example(
        query = "action=expandtemplates&title=Dog&text={{Infobox}}&prop=wikitext|categories|properties",
        text = "Expand Template:Infobox as on the page Dog, with the categories and properties it sets."
    ),
    example(
        query = "action=expandtemplates&text={{Sig|Admin}}&prop=parsetree",
        text = "Get the preprocessor's parse tree of a call to Template:Sig."
    )
)]
pub struct ExpandTemplates {
    /// The title of the page the text is expanded on, which variables such as `{{PAGENAME}}`
    /// refer to. When left out, `API` is used.
    pub title: Option<String>,
    /// The wikitext to expand.
    #[param(text)]
    pub text: String,
    /// The id of a revision: the text is expanded on that revision's page, in place of `title`.
    pub revid: Option<i64>,
    /// What to return, separated by `|`: `wikitext` (the expanded text), the `categories` and
    /// page `properties` the expansion sets, `parsetree` (the preprocessor's XML tree of the
    /// text), `volatile` and `ttl` (whether and how long the result may be reused), and the
    /// always empty `modules`, `jsconfigvars` and `encodedjsconfigvars`. When left out, the
    /// expanded text is returned in an older, deprecated form.
    #[param(values = PROPS)]
    pub prop: Option<Vec<String>>,
    /// Keeps HTML comments (`<!-- ... -->`) in the expanded text instead of removing them.
    pub includecomments: bool,
    /// Adds each configuration variable's merge strategy to `jsconfigvars`; since the expansion
    /// sets no variables here, this changes nothing.
    pub showstrategykeys: bool,
    /// Deprecated: use `prop=parsetree`. Returns the preprocessor's XML parse tree of the text, as
    /// a member of the answer of its own. Cannot be combined with `prop`.
    #[param(deprecated)]
    pub generatexml: bool,
}

impl ExpandTemplates {
    fn wants(&self, prop: &str) -> bool {
        self.prop.as_ref().is_some_and(|p| p.iter().any(|v| v == prop))
    }
}

impl ActionModule for ExpandTemplates {
    fn execute(&self, ctx: &mut ActionContext<'_>) -> Result<(), ApiError> {
        if self.prop.is_some() && self.generatexml {
            return Err(ApiError::invalid_param_mix(&["prop", "generatexml"]));
        }
        if self.prop.is_none() {
            ctx.state.warnings.add(
                "expandtemplates",
                "deprecation",
                "Because \"prop\" was not specified, a legacy format has been used for the output. This format is deprecated, and in the future the new format will always be used.",
            );
        }
        let (store, mut reader) = (ctx.store()?, ctx.reader()?);
        let site = store.site();
        let given = self.title.as_deref().unwrap_or("API");
        let mut page = storage::site_title(site, given)?;
        if let Some(revid) = self.revid {
            let Some((_, page_id)) = reader.revision_pages(&[revid])?.into_iter().next() else {
                return Err(ApiError::no_such_revision(revid));
            };
            let found = reader.pages_by_ids(&[page_id])?.into_iter().next();
            let found = found.map(|p| (p.ns, p.dbkey)).ok_or_else(|| ApiError::internal("revision", "page gone"))?;
            if self.title.is_some() && found != page {
                ctx.state.warnings.add(
                    "expandtemplates",
                    "revwrongpage",
                    format!("r{revid} is not a revision of {}.", given.replace('_', " ")),
                );
            }
            page = found;
        }

        let mut out = Map::new();
        if self.wants("parsetree") || self.generatexml {
            let tree = preprocess(&self.text, &Options::default()).to_xml();
            if self.wants("parsetree") {
                out.insert("parsetree".into(), json!(tree));
            } else {
                ctx.result.add("parsetree", sub_element(ctx.result.style(), tree));
            }
        }
        let expands = match &self.prop {
            None => true,
            Some(props) => props.iter().any(|p| p != "parsetree"),
        };
        if expands {
            // What the expander cannot give exactly.
            let unsupported = |e: wikiquery_domain::preprocessor::expand::Unsupported| {
                ApiError::not_implemented(&format!("expandtemplates ({})", e.0))
            };
            let options = Options { keep_comments: self.includecomments, ..Options::default() };
            let settings = ctx.services.settings();
            let mut at = WikiAt { reader: &mut reader, site, settings, now: ctx.state.now() };
            let expanded = expand_text(&mut at, (page.0, &page.1), &self.text, &options, &mut TemplateCache::new())
                .map_err(unsupported)?;
            drop(reader);
            if self.prop.is_none() {
                set_content(&mut out, "wikitext", expanded.text);
                ctx.result.add("expandtemplates", Value::Object(out));
                return Ok(());
            }
            if self.wants("categories") {
                let categories = expanded.categories.map_err(unsupported)?;
                if !categories.is_empty() {
                    let list = categories
                        .into_iter()
                        .map(|(name, sort_key)| {
                            let mut entry = Map::new();
                            entry.insert("sortkey".into(), json!(sort_key));
                            set_content(&mut entry, "category", name);
                            Value::Object(entry)
                        })
                        .collect();
                    out.insert("categories".into(), Value::Array(list));
                }
            }
            if self.wants("properties") {
                let properties = expanded.properties.map_err(unsupported)?;
                if !properties.is_empty() {
                    let pairs = properties.into_iter().map(|(name, value)| (name.to_owned(), value));
                    out.insert("properties".into(), bc_kvp(ctx.result.style(), pairs));
                }
            }
            // Nothing this server expands is volatile or sets a lifetime: those are the time's
            // and the statistics' functions, which it does not expand.
            if self.wants("volatile") {
                out.insert("volatile".into(), json!(false));
            }
            if self.wants("wikitext") {
                out.insert("wikitext".into(), json!(expanded.text));
            }
            // MediaWiki's core adds no modules or configuration variables while preprocessing.
            if self.wants("modules") {
                out.insert("modules".into(), json!([]));
                out.insert("modulescripts".into(), json!([]));
                out.insert("modulestyles".into(), json!([]));
            }
            if self.wants("jsconfigvars") {
                out.insert("jsconfigvars".into(), json!({}));
            }
            if self.wants("encodedjsconfigvars") {
                out.insert("encodedjsconfigvars".into(), json!("[]"));
            }
            if self.wants("modules") && !self.wants("jsconfigvars") && !self.wants("encodedjsconfigvars") {
                ctx.state.warnings.add(
                    "expandtemplates",
                    "moduleswithoutvars",
                    "Property \"modules\" was set but not \"jsconfigvars\" or \"encodedjsconfigvars\". Configuration variables are necessary for proper module usage.",
                );
            }
        }
        // An empty answer is a list, as PHP writes an empty array (in formatversion 1 also one
        // whose members were all false).
        let value = if out.is_empty() {
            json!([])
        } else {
            php_array(&mut out);
            Value::Object(out)
        };
        ctx.result.add("expandtemplates", value);
        Ok(())
    }
}
