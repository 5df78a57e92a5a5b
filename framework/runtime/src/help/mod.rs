//! Help texts: what the module structs' doc comments say, in the forms `action=paraminfo`'s
//! `helpformat` and `action=help` give them.
//!
//! A doc text is paragraphs separated by blank lines; within one, lines join with spaces and
//! `` `code` `` marks a parameter name or a literal value (written `<kbd>` as MediaWiki marks
//! its own). The first paragraph is the summary that lists of modules show.

pub mod page;

use serde_json::{json, Map, Value};

use crate::descriptor::{HelpText, Info, ModuleDescriptor, ParamDescriptor};
use crate::registry::Registry;

/// How help texts are given (`helpformat`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HelpFormat {
    /// Not at all.
    None,
    /// As HTML.
    Html,
    /// As wikitext.
    Wikitext,
    /// As message keys with their parameters, each text being `apihelp-…`.
    Raw,
}

impl HelpFormat {
    /// The values `helpformat` accepts.
    pub const NAMES: &'static [&'static str] = &["html", "none", "raw", "wikitext"];

    /// The format a `helpformat` value names.
    pub fn from_name(name: &str) -> HelpFormat {
        match name {
            "html" => HelpFormat::Html,
            "wikitext" => HelpFormat::Wikitext,
            "raw" => HelpFormat::Raw,
            _ => HelpFormat::None,
        }
    }
}

/// What help texts are rendered with: the format, and the URL that a module's help has
/// (`<api>?action=help&modules=<path>`), for links from values that name modules.
#[derive(Debug, Clone)]
pub struct Help<'a> {
    /// The format.
    pub format: HelpFormat,
    /// The API's URL path, `/w/api.php`.
    pub api_path: &'a str,
}

/// A doc text's paragraphs, each its lines joined by spaces.
pub fn paragraphs(doc: &str) -> Vec<String> {
    doc.split("\n\n")
        .map(|p| p.lines().map(str::trim).filter(|l| !l.is_empty()).collect::<Vec<_>>().join(" "))
        .filter(|p| !p.is_empty())
        .collect()
}

/// The summary of a doc text: its first paragraph.
pub fn summary(doc: &str) -> String {
    paragraphs(doc).into_iter().next().unwrap_or_default()
}

/// One paragraph's inline markup: special characters escaped, `` `code` `` as `<kbd>`.
pub fn inline(text: &str) -> String {
    marked(text, "<kbd>", "</kbd>")
}

/// One paragraph as wikitext: as [`inline`], and code kept from being read as markup
/// (`<kbd><nowiki>{{PAGENAME}}</nowiki></kbd>`).
fn inline_wikitext(text: &str) -> String {
    marked(text, "<kbd><nowiki>", "</nowiki></kbd>")
}

fn marked(text: &str, open: &str, close: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut in_code = false;
    for (i, piece) in text.split('`').enumerate() {
        if i > 0 {
            out.push_str(if in_code { close } else { open });
            in_code = !in_code;
        }
        wikiquery_domain::html::escape_compat_into(&mut out, piece);
    }
    if in_code {
        out.push_str(close);
    }
    out
}

/// A doc text as wikitext: paragraphs separated by blank lines.
pub fn wikitext(doc: &str) -> String {
    paragraphs(doc).iter().map(|p| inline_wikitext(p)).collect::<Vec<_>>().join("\n\n")
}

/// A doc text as HTML: one paragraph inline, several each in `<p>`, as MediaWiki renders a
/// message of one or several paragraphs.
pub fn html(doc: &str) -> String {
    let paras = paragraphs(doc);
    if paras.len() == 1 {
        return inline(&paras[0]);
    }
    block_html(&paras)
}

fn block_html(paras: &[String]) -> String {
    paras.iter().map(|p| format!("<p>{}\n</p>", inline(p))).collect::<Vec<_>>().join("\n")
}

/// Where a module's help is: `<api>?action=help&modules=<path>`.
pub fn help_url(api_path: &str, path: &str) -> String {
    format!("{api_path}?action=help&modules={}", wikiquery_domain::url::urlencode(path))
}

/// One allowed value of a parameter with its help.
pub(crate) struct ValueDoc {
    /// The value.
    pub value: &'static str,
    /// Its help's summary.
    pub doc: String,
    /// The module it selects, for a value that names one.
    pub module: Option<&'static ModuleDescriptor>,
    /// Deprecated.
    pub deprecated: bool,
}

/// The values of a parameter that have help: a value that names a module has the module's
/// summary (a format the format's), others their enum variant's doc comment.
pub(crate) fn value_docs(p: &ParamDescriptor) -> Vec<ValueDoc> {
    let deprecated = |v: &str| p.deprecated_values.contains(&v);
    if let Some(submodules) = &p.submodules {
        let registry = Registry::global().ok();
        return submodules
            .iter()
            .filter_map(|(value, path)| {
                let value: &'static str = p.values()?.iter().copied().find(|v| v == value)?;
                let module = registry.and_then(|r| crate::main_module::resolve_path(r, path).ok()?.into_iter().next());
                let doc = match module {
                    Some(d) => summary(d.description),
                    None => crate::format::Format::summary(value)?.to_owned(),
                };
                Some(ValueDoc { value, doc, module, deprecated: deprecated(value) })
            })
            .collect();
    }
    p.value_docs
        .iter()
        .filter(|(_, d)| !d.is_empty())
        .map(|(v, d)| ValueDoc { value: v, doc: summary(d), module: None, deprecated: deprecated(v) })
        .collect()
}

/// A value's help as HTML or wikitext, marked when the value is deprecated.
fn value_text(v: &ValueDoc, wikitext: bool) -> String {
    let text = if wikitext { inline_wikitext(&v.doc) } else { inline(&v.doc) };
    if v.deprecated {
        format!("<span class=\"apihelp-deprecated\">Deprecated.</span> {text}")
    } else {
        text
    }
}

/// The value's term in a list of values: its name, linked to its module's help where it names
/// one (in HTML).
fn value_term(v: &ValueDoc, api_path: Option<&str>) -> String {
    let name = wikiquery_domain::html::escape_compat(v.value);
    match (v.module, api_path) {
        (Some(d), Some(api)) => {
            let href = wikiquery_domain::html::escape_compat(&help_url(api, &d.path()));
            format!("<span dir=\"ltr\" lang=\"en\"><a href=\"{href}\">{name}</a></span>")
        }
        _ => format!("<span dir=\"ltr\" lang=\"en\">{name}</span>"),
    }
}

/// A parameter's help as HTML blocks: its paragraphs, then its values' help as a definition
/// list. The help page and paraminfo's `html` share it.
pub(crate) fn param_html(p: &ParamDescriptor, api_path: &str) -> String {
    let mut text = block_html(&paragraphs(p.description));
    let values = value_docs(p);
    if !values.is_empty() {
        text.push_str("\n<dl>");
        let items: Vec<String> = values
            .iter()
            .map(|v| format!("<dt>{}</dt>\n<dd>{}</dd>", value_term(v, Some(api_path)), value_text(v, false)))
            .collect();
        text.push_str(&items.join("\n"));
        text.push_str("</dl>");
    }
    text
}

/// A raw message: its key and parameters.
fn raw(key: String, params: Vec<Value>) -> Value {
    json!({ "key": key, "params": params })
}

/// The parameters of a raw message about a module: its prefix, name and path.
fn module_params(d: &ModuleDescriptor) -> Vec<Value> {
    vec![json!(d.prefix), json!(d.name), json!(d.path())]
}

impl Help<'_> {
    /// A doc text in this format: HTML or wikitext, or the raw messages `raw` gives; none for
    /// `none`.
    fn text(&self, doc: &str, raw: impl FnOnce() -> Value) -> Option<Value> {
        match self.format {
            HelpFormat::None => None,
            HelpFormat::Html => Some(json!(html(doc))),
            HelpFormat::Wikitext => Some(json!(wikitext(doc))),
            HelpFormat::Raw => Some(raw()),
        }
    }
}

/// What an annotation on a parameter says (`info` in paraminfo), in this project's words.
fn info_doc(d: &ModuleDescriptor, info: &Info) -> String {
    let p = d.prefix;
    let list = info.values.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ");
    match info.name {
        "singlepageonly" => "Only with a single page.".to_owned(),
        "useronly" => format!("Only with `{p}user`."),
        "nonuseronly" => format!("Not with `{p}user`."),
        "editintroonly" => format!("Only with `{p}prop=editintro`."),
        "preloadcontentonly" => format!("Only with `{p}prop=preloadcontent`."),
        "modes" if info.values.len() == 1 => format!("Only in mode {list}."),
        "modes" => format!("Only in modes {list}."),
        other => format!("Annotated `{other}`."),
    }
}

impl HelpText for Help<'_> {
    fn module(&self, d: &ModuleDescriptor) -> Option<Value> {
        self.text(d.description, || {
            let path = d.path();
            let mut keys = vec![raw(format!("apihelp-{path}-summary"), module_params(d))];
            if paragraphs(d.description).len() > 1 {
                keys.push(raw(format!("apihelp-{path}-extended-description"), module_params(d)));
            }
            Value::Array(keys)
        })
    }

    fn examples(&self, d: &ModuleDescriptor) -> Option<Value> {
        // None at all without help texts, even for a module that has no examples.
        if matches!(self.format, HelpFormat::None) {
            return None;
        }
        let items = d.examples.iter().enumerate().map(|(i, e)| {
            let key = format!("apihelp-{}-example-{}", d.path(), i + 1);
            let description = self.text(e.text, || raw(key, module_params(d)))?;
            let mut o = Map::new();
            o.insert("query".into(), json!(e.query));
            o.insert("description".into(), description);
            Some(Value::Object(o))
        });
        items.collect::<Option<Vec<Value>>>().map(Value::Array)
    }

    /// Its values' help follows its own.
    fn param(&self, d: &ModuleDescriptor, p: &ParamDescriptor) -> Option<Value> {
        let path = d.path();
        let values = value_docs(p);
        match self.format {
            HelpFormat::None => None,
            HelpFormat::Raw => {
                let params = || vec![json!(d.prefix), json!(p.name), json!(d.name), json!(path)];
                let mut keys = vec![raw(format!("apihelp-{path}-param-{}", p.name), params())];
                for v in values {
                    // A value that names a module is told by that module's summary.
                    let mut item = match v.module {
                        Some(m) => raw(format!("apihelp-{}-summary", m.path()), module_params(m)),
                        None => {
                            let mut with_value = params();
                            with_value.push(json!(v.value));
                            raw(format!("apihelp-{path}-paramvalue-{}-{}", p.name, v.value), with_value)
                        }
                    };
                    item["forvalue"] = json!(v.value);
                    keys.push(item);
                }
                Some(Value::Array(keys))
            }
            HelpFormat::Wikitext => {
                let mut text = wikitext(p.description);
                if !values.is_empty() {
                    text.push_str("\n\n");
                    let lines: Vec<String> =
                        values.iter().map(|v| format!(";{}:{}", value_term(v, None), value_text(v, true))).collect();
                    text.push_str(&lines.join("\n"));
                }
                Some(json!(text))
            }
            HelpFormat::Html if values.is_empty() => Some(json!(html(p.description))),
            HelpFormat::Html => Some(json!(param_html(p, self.api_path))),
        }
    }

    fn info(&self, d: &ModuleDescriptor, info: &Info) -> Option<Value> {
        self.text(&info_doc(d, info), || {
            let list = info.values.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ");
            json!([raw(
                format!("apihelp-{}-paraminfo-{}", d.path(), info.name),
                vec![json!({ "num": info.values.len() }), json!(list), json!(d.prefix)],
            )])
        })
    }

    fn dynamic_parameters(&self, d: &ModuleDescriptor) -> Option<Value> {
        let doc = "Further parameters, named by what the module describes: see its description.";
        self.text(doc, || json!([raw(format!("apihelp-{}-dynamicparameters", d.path()), module_params(d))]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paragraphs_join_lines_and_split_on_blank_lines() {
        let doc = "First line\nsecond line.\n\nAnother `rvprop` paragraph.";
        assert_eq!(paragraphs(doc), vec!["First line second line.", "Another `rvprop` paragraph."]);
        assert_eq!(summary(doc), "First line second line.");
        // In wikitext, code is kept from being read as markup.
        assert_eq!(wikitext(doc), "First line second line.\n\nAnother <kbd><nowiki>rvprop</nowiki></kbd> paragraph.");
        assert_eq!(html(doc), "<p>First line second line.\n</p>\n<p>Another <kbd>rvprop</kbd> paragraph.\n</p>");
    }

    #[test]
    fn one_paragraph_is_inline_and_markup_is_escaped() {
        assert_eq!(html("Pages <b> & `a|b`."), "Pages &lt;b&gt; &amp; <kbd>a|b</kbd>.");
        // An unclosed code mark is closed at the end.
        assert_eq!(inline("`open"), "<kbd>open</kbd>");
    }
}
