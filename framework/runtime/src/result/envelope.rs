//! What surrounds an action's members in the response: the request id, the warnings, the
//! limits `max` resolved to, the error, `servedby`, `curtimestamp` and the languages. Every
//! error and warning becomes MediaWiki's envelope here and nowhere else.

use std::collections::BTreeMap;

use super::OnTop;
use serde_json::{json, Map, Value};

use crate::descriptor::module_name;
use crate::error::{ApiError, Warning, Warnings};

/// How errors and warnings are written (`errorformat`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ErrorFormat {
    /// The old shapes: `error: {code, info}` and `warnings: {module: {"*": text}}`.
    #[default]
    Bc,
    /// Lists of `{code, text, module}` with markup removed.
    PlainText,
    /// Lists of `{code, text, module}` in wikitext.
    WikiText,
    /// Lists of `{code, html, module}`.
    Html,
    /// Lists of `{code, key, params, module}`: the message key and its parameters.
    Raw,
    /// Lists of `{code, module}`.
    None,
}

impl ErrorFormat {
    /// The format for an `errorformat=` value.
    pub fn from_name(name: &str) -> Option<ErrorFormat> {
        Some(match name {
            "bc" => ErrorFormat::Bc,
            "plaintext" => ErrorFormat::PlainText,
            "wikitext" => ErrorFormat::WikiText,
            "html" => ErrorFormat::Html,
            "raw" => ErrorFormat::Raw,
            "none" => ErrorFormat::None,
            _ => return None,
        })
    }
}

/// What the main loop decided about a response besides the action's members (by default:
/// nothing around them).
#[derive(Debug, Clone, Copy)]
pub struct Envelope<'a> {
    /// `requestid`, echoed first.
    pub request_id: Option<&'a str>,
    /// The warnings the request collected.
    pub warnings: &'a Warnings,
    /// Module name → the limit `max` resolved to.
    pub limits: &'a BTreeMap<String, u64>,
    /// The error that ended the request; the action's members are then left out.
    pub error: Option<&'a ApiError>,
    /// The server's name, when it is reported (always with an error).
    pub served_by: Option<&'a str>,
    /// The API's URL, which an error's `docref` points to.
    pub api_url: &'a str,
    /// `curtimestamp`, when asked for.
    pub cur_timestamp: Option<&'a str>,
    /// `uselang` and `errorlang`, when `responselanginfo` asks for them.
    pub languages: Option<(&'a str, &'a str)>,
}

impl Default for Envelope<'_> {
    fn default() -> Self {
        static NO_WARNINGS: Warnings = Warnings::new();
        static NO_LIMITS: BTreeMap<String, u64> = BTreeMap::new();
        Envelope {
            request_id: None,
            warnings: &NO_WARNINGS,
            limits: &NO_LIMITS,
            error: None,
            served_by: None,
            api_url: "",
            cur_timestamp: None,
            languages: None,
        }
    }
}

impl Envelope<'_> {
    /// The response body: the envelope around `members`, in MediaWiki's order. MediaWiki adds
    /// the requested fields (`requestid`, `curtimestamp`, ...) before the action runs, puts
    /// the first warning on top of what the result holds then, and `batchcomplete` and
    /// `continue` on top once the modules have run: so warnings made while they ran follow
    /// `batchcomplete`, those made later precede it. An error replaces the result: warnings,
    /// the error, then the requested fields.
    pub(super) fn body(
        &self,
        v2: bool,
        format: ErrorFormat,
        mut members: Map<String, Value>,
        on_top: &OnTop,
    ) -> Map<String, Value> {
        let mut body = Map::new();
        let Some(err) = self.error else {
            let mut take_top = |body: &mut Map<String, Value>| {
                for key in &on_top.keys {
                    if let Some(v) = members.remove(key) {
                        body.insert(key.clone(), v);
                    }
                }
            };
            if on_top.above_warnings {
                take_top(&mut body);
            }
            if !self.warnings.is_empty() {
                body.insert("warnings".into(), warnings(self.warnings, v2, format));
            }
            take_top(&mut body);
            self.requested_fields(&mut body);
            if !self.limits.is_empty() {
                body.insert("limits".into(), json!(self.limits));
            }
            body.extend(members);
            return body;
        };
        if !self.warnings.is_empty() {
            body.insert("warnings".into(), warnings(self.warnings, v2, format));
        }
        let docref = format!("See {} for API usage.", self.api_url);
        let docref_key = if v2 { "docref" } else { "*" };
        if format == ErrorFormat::Bc {
            let mut e = Map::new();
            e.insert("code".into(), json!(err.code));
            e.insert("info".into(), json!(err.info));
            if let Some(data) = &err.data {
                e.extend(data.iter().map(|(k, v)| (k.clone(), v.clone())));
            }
            e.insert(docref_key.into(), json!(docref));
            body.insert("error".into(), Value::Object(e));
        } else {
            let item = message(format, v2, &err.code, &err.info, err.module_path(), err.data.as_deref(), false);
            body.insert("errors".into(), json!([item]));
            body.insert(docref_key.into(), json!(docref));
        }
        self.requested_fields(&mut body);
        body
    }

    /// The fields the request asked to be echoed: `requestid`, `servedby`, `curtimestamp`,
    /// `uselang` and `errorlang`.
    fn requested_fields(&self, body: &mut Map<String, Value>) {
        if let Some(id) = self.request_id {
            body.insert("requestid".into(), json!(id));
        }
        if let Some(name) = self.served_by {
            body.insert("servedby".into(), json!(name));
        }
        if let Some(ts) = self.cur_timestamp {
            body.insert("curtimestamp".into(), json!(ts));
        }
        if let Some((uselang, errorlang)) = self.languages {
            body.insert("uselang".into(), json!(uselang));
            body.insert("errorlang".into(), json!(errorlang));
        }
    }
}

/// The `warnings` member: by module name, texts joined by newlines (`bc`), or a list.
pub(super) fn warnings(warnings: &Warnings, v2: bool, format: ErrorFormat) -> Value {
    if format != ErrorFormat::Bc {
        let list = warnings
            .iter()
            .map(|w: &Warning| message(format, v2, &w.code, &w.text, &w.module, w.data.as_ref(), true))
            .collect();
        return Value::Array(list);
    }
    let key = if v2 { "warnings" } else { "*" };
    let mut by_module: Map<String, Value> = Map::new();
    for w in warnings.iter() {
        // `bc` keys a warning by the module's name, the last part of its path.
        let entry = by_module.entry(module_name(&w.module)).or_insert_with(|| json!({ key: "" }));
        if let Some(Value::String(text)) = entry.get_mut(key) {
            if !text.is_empty() {
                text.push('\n');
            }
            text.push_str(&w.text);
        }
    }
    // MediaWiki puts each module's first warning on top of those before it.
    Value::Object(by_module.into_iter().rev().collect())
}

/// The message key MediaWiki names for a code, for `errorformat=raw`.
fn message_key(code: &str, warning: bool) -> String {
    match code {
        "badvalue" => "paramvalidator-badvalue-enumnotmulti".to_owned(),
        "badinteger" => "paramvalidator-badinteger".to_owned(),
        "outofrange" => "paramvalidator-outofrange-minmax".to_owned(),
        "missingparam" => "paramvalidator-missingparam".to_owned(),
        "baduser" => "paramvalidator-baduser".to_owned(),
        "badtimestamp" => "paramvalidator-badtimestamp".to_owned(),
        "unrecognizedparams" => "apierror-unrecognizedparams".to_owned(),
        "deprecation" => "paramvalidator-param-deprecated".to_owned(),
        "deprecation-help" => "api-usage-mailinglist-ref".to_owned(),
        // Why a title is invalid: the title codec's own messages.
        _ if code.starts_with("title-invalid-") => code.to_owned(),
        _ if warning => format!("apiwarn-{code}"),
        _ => format!("apierror-{code}"),
    }
}

/// One error or warning in a non-`bc` error format.
pub(super) fn message(
    format: ErrorFormat,
    v2: bool,
    code: &str,
    text: &str,
    module: &str,
    data: Option<&Map<String, Value>>,
    warning: bool,
) -> Value {
    let mut o = Map::new();
    o.insert("code".into(), json!(code));
    let content = |key: &str| if v2 { key.to_owned() } else { "*".to_owned() };
    match format {
        ErrorFormat::PlainText | ErrorFormat::WikiText => {
            o.insert(content("text"), json!(text));
        }
        ErrorFormat::Html => {
            o.insert(content("html"), json!(wikiquery_domain::html::escape_text(text)));
        }
        ErrorFormat::Raw => {
            o.insert("key".into(), json!(message_key(code, warning)));
            o.insert("params".into(), json!([]));
        }
        ErrorFormat::None | ErrorFormat::Bc => {}
    }
    if let Some(data) = data.filter(|d| !d.is_empty()) {
        o.insert("data".into(), Value::Object(data.clone()));
    }
    o.insert("module".into(), json!(module));
    if !v2 {
        // Formatversion 1 writes the text member last.
        if let Some(text) = o.remove("*") {
            o.insert("*".into(), text);
        }
    }
    Value::Object(o)
}
