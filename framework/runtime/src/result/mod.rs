//! The result of a request as it is built: the one owner of formatversion. Modules add
//! members, list items and pages here in one shape; where formatversion 1 and 2 differ (pages
//! keyed by id or listed, `*` content members, the error and warning envelopes) this module
//! decides, and [`crate::format`] applies formatversion 1's booleans while writing bytes.

mod envelope;

pub use envelope::{Envelope, ErrorFormat};

use serde_json::{Map, Value};

use crate::format::{ItemWriter, JsonStyle, WrittenLists, META};

/// The result of one request.
#[derive(Debug, Default)]
pub struct ApiResult {
    style: JsonStyle,
    errors: ErrorFormat,
    /// The action's members, in the order added.
    members: Map<String, Value>,
    /// How the members MediaWiki adds on top of the result (`batchcomplete`, `continue`)
    /// stand to the warnings: above them when warnings existed as they were added.
    on_top: OnTop,
    /// The `query` member's members (written after the action's other members).
    query: Map<String, Value>,
    /// List items modules wrote straight as JSON text, spliced into `query` when written.
    lists: WrittenLists,
}

impl ApiResult {
    /// An empty result written in `style`, its errors and warnings in `errors`' format.
    pub fn new(style: JsonStyle, errors: ErrorFormat) -> ApiResult {
        ApiResult { style, errors, ..ApiResult::default() }
    }

    /// The style the result is written in.
    pub fn style(&self) -> JsonStyle {
        self.style
    }

    /// Warnings as the result's `warnings` member would hold them.
    pub fn warnings_value(&self, warnings: &crate::error::Warnings) -> Value {
        envelope::warnings(warnings, self.style.v2, self.errors)
    }

    /// A message as the request's error format writes one inside a result (MediaWiki's
    /// `ApiErrorFormatter::formatMessage`): its text in `bc`, else an object with its code and
    /// the text, HTML or key the format asks for.
    pub fn format_message(&self, code: &str, text: &str) -> Value {
        if self.errors == ErrorFormat::Bc {
            return Value::String(text.to_owned());
        }
        let mut value = envelope::message(self.errors, self.style.v2, code, text, "", None, false);
        if let Value::Object(o) = &mut value {
            o.remove("module");
        }
        value
    }

    /// A status's message as the request's error format writes one inside a result (MediaWiki's
    /// `ApiErrorFormatter::arrayFromStatus`): always an object, `bc` written as `plaintext`,
    /// with the message's key and parameters in `raw` and its `data` when it has some.
    pub fn format_status_message(
        &self,
        code: &str,
        key: &str,
        params: &[Value],
        text: &str,
        data: Option<&serde_json::Map<String, Value>>,
    ) -> Value {
        let format = if self.errors == ErrorFormat::Bc { ErrorFormat::PlainText } else { self.errors };
        let mut value = envelope::message(format, self.style.v2, code, text, "", data, false);
        if let Value::Object(o) = &mut value {
            o.remove("module");
            if format == ErrorFormat::Raw {
                o.insert("key".into(), Value::String(key.to_owned()));
                o.insert("params".into(), Value::Array(params.to_vec()));
            }
        }
        value
    }

    /// Adds a member to the result (`query-continue`, `paraminfo`).
    pub fn add(&mut self, key: impl Into<String>, value: Value) {
        self.members.insert(key.into(), value);
    }

    /// Adds a member on top of the result, as MediaWiki adds `batchcomplete` and `continue`
    /// once the modules have run: above the request id, and above the warnings when
    /// `warned` (warnings made later go on top of it).
    pub fn add_on_top(&mut self, key: &str, value: Value, warned: bool) {
        self.members.insert(key.to_owned(), value);
        self.on_top.keys.push(key.to_owned());
        self.on_top.above_warnings |= warned;
    }

    /// Adds a member to `query` (`normalized`, `namespaces`, a meta module's answer).
    pub fn add_query(&mut self, key: impl Into<String>, value: Value) {
        self.query.insert(key.into(), value);
    }

    /// Adds the query's pages: formatversion 1 keys them by id, formatversion 2 lists them by
    /// id (missing pages, with negative ids, first).
    pub fn add_pages(&mut self, mut pages: Vec<(i64, Value)>) {
        let value = if self.style.v2 {
            pages.sort_by_key(|(id, _)| *id);
            Value::Array(pages.into_iter().map(|(_, v)| v).collect())
        } else {
            // Keyed by id as PHP keys an array: ids such as -1 and 1, or 0, make it a list.
            let mut map: Map<String, Value> = pages.into_iter().map(|(id, v)| (id.to_string(), v)).collect();
            php_array(&mut map);
            Value::Object(map)
        };
        self.query.insert("pages".into(), value);
    }

    /// Makes sure the list `query.<name>` exists, even when nothing is added to it.
    pub fn ensure_list(&mut self, name: &str) {
        if !self.query.contains_key(name) {
            self.query.insert(name.to_owned(), Value::Array(Vec::new()));
        }
    }

    /// Appends an item to the list `query.<name>`.
    pub fn push_item(&mut self, name: &str, item: Value) {
        // Looked up by `&str` first: `entry` would allocate the key for every item.
        if let Some(Value::Array(items)) = self.query.get_mut(name) {
            items.push(item);
            return;
        }
        self.query.insert(name.to_owned(), Value::Array(vec![item]));
    }

    /// Appends an item to the list `query.<name>`, written straight as JSON text; such items
    /// follow those pushed as values.
    pub fn write_item(&mut self, name: &'static str, write: impl FnOnce(&mut ItemWriter<'_>)) {
        let first = self.lists.get(name).is_none();
        if first {
            self.ensure_list(name);
        }
        let buf = self.lists.buffer(name);
        if !first {
            buf.push(b',');
        }
        let mut item = ItemWriter::begin(buf, self.style);
        write(&mut item);
        item.finish();
    }

    /// Makes room for about `bytes` more of items written to `query.<name>` as text.
    pub fn reserve_written(&mut self, name: &'static str, bytes: usize) {
        self.lists.buffer(name).reserve(bytes);
    }

    /// The result as JSON, as a client reads it (formatversion 1's booleans applied), without
    /// the envelope.
    pub fn into_value(self) -> Value {
        let style = self.style;
        let (body, lists) = self.finish(Envelope::default());
        let mut out = Vec::new();
        crate::format::JsonWriter::new(&mut out, style).body(&body, &lists);
        serde_json::from_slice(&out).unwrap_or(Value::Null)
    }

    /// The response body around the action's members: what [`Envelope`] says, in MediaWiki's
    /// order, and the list items written as text.
    pub fn finish(self, envelope: Envelope<'_>) -> (Map<String, Value>, WrittenLists) {
        let ApiResult { style, errors, mut members, on_top, query, lists } = self;
        if !query.is_empty() {
            members.insert("query".into(), Value::Object(query));
        }
        (envelope.body(style.v2, errors, members, &on_top), lists)
    }
}

/// The members added on top of the result, and whether warnings existed when they were.
#[derive(Debug, Default)]
pub(crate) struct OnTop {
    keys: Vec<String>,
    above_warnings: bool,
}

/// The metadata object of `object`, made when missing ([`META`]).
fn meta(object: &mut Map<String, Value>) -> &mut Map<String, Value> {
    let entry = object.entry(META).or_insert_with(|| Value::Object(Map::new()));
    if !entry.is_object() {
        *entry = Value::Object(Map::new());
    }
    match entry {
        Value::Object(m) => m,
        _ => unreachable!("just made an object"),
    }
}

/// Sets the text member of `object` (a namespace's `name`, an alias's `alias`): formatversion
/// 2 writes it under `key` where it stands, formatversion 1 last, as `*`.
pub fn set_content(object: &mut Map<String, Value>, key: &str, text: impl Into<Value>) {
    object.insert(key.to_owned(), text.into());
    meta(object).insert("content".into(), Value::String(key.to_owned()));
}

/// A text MediaWiki marks as a subelement for formatversion 1 (a parse's `text`, an expansion's
/// `parsetree`): the text itself in formatversion 2, `{"*": text}` in formatversion 1.
pub fn sub_element(style: JsonStyle, text: impl Into<Value>) -> Value {
    let text = text.into();
    if style.v2 {
        text
    } else {
        let mut object = Map::new();
        object.insert("*".into(), text);
        Value::Object(object)
    }
}

/// Name–value pairs as MediaWiki writes an array of type `BCkvp` (a parse's page
/// properties): an object of the values by name in formatversion 2, in formatversion 1 a list
/// of `{"name": …, "*": value}`.
pub fn bc_kvp(style: JsonStyle, pairs: impl IntoIterator<Item = (String, String)>) -> Value {
    if style.v2 {
        return Value::Object(pairs.into_iter().map(|(name, value)| (name, Value::String(value))).collect());
    }
    let list = pairs.into_iter().map(|(name, value)| {
        let mut entry = Map::new();
        entry.insert("name".into(), Value::String(name));
        set_content(&mut entry, "value", value);
        Value::Object(entry)
    });
    Value::Array(list.collect())
}

/// Keeps the booleans of these members of `object` as booleans in formatversion 1 too, where a
/// `true` is otherwise written `""` and a `false` left out.
pub fn keep_bools(object: &mut Map<String, Value>, keys: &[&str]) {
    let keys = keys.iter().map(|k| Value::String((*k).to_owned())).collect();
    meta(object).insert("bc_bools".into(), Value::Array(keys));
}

/// Marks `object` as PHP writes an array: a list when its keys are all integers, the largest
/// one less than their count (`0`, `1`…; `-1`, `1`), after formatversion 1 left out its `false`
/// members (so also when nothing is left of it, as of `magiclinks`).
pub fn php_array(object: &mut Map<String, Value>) {
    meta(object).insert("type".into(), Value::String("php".into()));
}

/// Marks a map that XML writes as a list of its values, each with its key as the member
/// `key_name` (MediaWiki's `kvp` array type with `META_KVP_MERGE`: a revision's `slots` by role);
/// JSON writes it as it is.
pub fn kvp(object: &mut Map<String, Value>, key_name: &str) {
    let meta = meta(object);
    meta.insert("type".into(), Value::String("kvp".into()));
    meta.insert("kvpkey".into(), Value::String(key_name.to_owned()));
}

/// Values that formatversion 2 writes as an object keyed by position (`{"0": …, "1": …}`) and
/// formatversion 1 as a list, as MediaWiki writes some configured lists.
pub fn indexed_object(values: impl IntoIterator<Item = Value>) -> Value {
    let mut object: Map<String, Value> = values.into_iter().enumerate().map(|(i, v)| (i.to_string(), v)).collect();
    meta(&mut object).insert("type".into(), Value::String("BCassoc".into()));
    Value::Object(object)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn pages_are_keyed_by_id_in_formatversion_1_and_listed_by_id_in_2() {
        let written_pages = |pages: Vec<(i64, Value)>, v2: bool| {
            let mut r = ApiResult::new(JsonStyle::new(v2, false), ErrorFormat::Bc);
            r.add_pages(pages);
            r.into_value()["query"]["pages"].to_string()
        };
        let pages = || vec![(5, json!({"pageid": 5})), (-1, json!({"missing": true}))];
        assert_eq!(written_pages(pages(), false), r#"{"5":{"pageid":5},"-1":{"missing":""}}"#);
        assert_eq!(written_pages(pages(), true), r#"[{"missing":true},{"pageid":5}]"#);
        // Ids PHP reads as a list (the largest one less than their count) are written as one,
        // in the ids' order.
        let listed = vec![(1, json!({"pageid": 1})), (-1, json!({"missing": true}))];
        assert_eq!(written_pages(listed, false), r#"[{"missing":""},{"pageid":1}]"#);
        assert_eq!(written_pages(vec![(0, json!({"pageid": 0}))], false), r#"[{"pageid":0}]"#);
    }

    #[test]
    fn php_arrays_keyed_0_1_2_are_lists_in_both_formatversions() {
        let mut actions = Map::new();
        actions.insert("0".into(), json!(false));
        php_array(&mut actions);
        assert_eq!(written(Value::Object(actions.clone()), true), "[false]");
        assert_eq!(written(Value::Object(actions), false), "[]");
        let mut named = Map::new();
        named.insert("edit".into(), json!(true));
        named.insert("move".into(), json!(false));
        php_array(&mut named);
        assert_eq!(written(Value::Object(named.clone()), true), r#"{"edit":true,"move":false}"#);
        assert_eq!(written(Value::Object(named), false), r#"{"edit":""}"#);
    }

    fn written(value: Value, v2: bool) -> String {
        let mut r = ApiResult::new(JsonStyle::new(v2, false), ErrorFormat::Bc);
        r.add("x", value);
        r.into_value()["x"].to_string()
    }

    #[test]
    fn metadata_shapes_formatversion_1_as_mediawiki_does() {
        let mut ns = Map::new();
        ns.insert("id".into(), json!(4));
        set_content(&mut ns, "name", "Project");
        ns.insert("subpages".into(), json!(true));
        ns.insert("content".into(), json!(false));
        assert_eq!(
            written(Value::Object(ns.clone()), true),
            r#"{"id":4,"name":"Project","subpages":true,"content":false}"#
        );
        assert_eq!(written(Value::Object(ns), false), r#"{"id":4,"subpages":"","*":"Project"}"#);

        let mut general = Map::new();
        general.insert("variantarticlepath".into(), json!(false));
        general.insert("readonly".into(), json!(false));
        keep_bools(&mut general, &["variantarticlepath"]);
        assert_eq!(written(Value::Object(general), false), r#"{"variantarticlepath":false}"#);
        let mut options = Map::new();
        options.insert("search-match-redirect".into(), Value::Bool(true));
        options.insert("flag".into(), Value::Bool(true));
        keep_bools(&mut options, &["search-match-redirect"]);
        assert_eq!(written(Value::Object(options), false), r#"{"search-match-redirect":true,"flag":""}"#);

        let limits = indexed_object([json!(120), json!(150)]);
        assert_eq!(written(limits.clone(), true), r#"{"0":120,"1":150}"#);
        assert_eq!(written(limits, false), "[120,150]");
    }

    #[test]
    fn content_is_a_star_in_formatversion_1() {
        assert_eq!(sub_element(JsonStyle::new(false, false), "text"), serde_json::json!({ "*": "text" }));
        assert_eq!(sub_element(JsonStyle::new(true, false), "text"), serde_json::json!("text"));
    }
}
