//! JSON text: formatversion 1 and 2, `utf8`/`ascii`, written in one pass without a tree.

use std::io;

use serde::Serialize as _;
use serde_json::ser::{Formatter, PrettyFormatter};
use serde_json::{Map, Value};

/// Which characters beyond JSON's own escapes a response writes as `\uXXXX`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum Escape {
    /// Every non-ASCII character (formatversion 1's default, `ascii` in 2).
    NonAscii,
    /// Only U+2028 and U+2029, which end lines in JavaScript: MediaWiki escapes them even
    /// where it writes other characters raw, so that JSONP stays valid script.
    #[default]
    LineSeparators,
}

impl Escape {
    fn needs_escape(self, c: char) -> bool {
        match self {
            Escape::NonAscii => !c.is_ascii(),
            Escape::LineSeparators => matches!(c, '\u{2028}' | '\u{2029}'),
        }
    }
}

/// How a response's JSON text is written: its formatversion and its escaping.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct JsonStyle {
    /// formatversion=2 (else 1: `true` is written `""` and `false` members are left out).
    pub v2: bool,
    escape: Escape,
    /// The data the XML printer reads: formatversion 1's, but with what XML writes and
    /// formatversion 1's JSON does not say (see [`JsonStyle::for_xml`]).
    xml: bool,
}

impl JsonStyle {
    /// The style of a formatversion, escaping every non-ASCII character or not.
    pub fn new(v2: bool, ascii: bool) -> JsonStyle {
        JsonStyle { v2, escape: if ascii { Escape::NonAscii } else { Escape::LineSeparators }, xml: false }
    }

    /// Formatversion 1's data as the XML printer reads it: an object MediaWiki calls `BCassoc`
    /// stays keyed (XML writes its items with `_idx`); a text member written `*` is followed by
    /// [`CONTENT_NAME`] naming it (XML writes it as an element of that name beside others); a
    /// map of `kvp` type is a list of its values, each with its key as a last member.
    pub fn for_xml() -> JsonStyle {
        JsonStyle { xml: true, ..JsonStyle::new(false, false) }
    }
}

/// A serde_json formatter that escapes characters as [`Escape`] says while it writes strings
/// (one pass, no copy of the text), otherwise writing as `F` does. Used for the pretty form
/// (`jsonfm`); compact text is written by [`JsonWriter`].
struct Escaping<F> {
    inner: F,
    escape: Escape,
}

/// A character as JSON's `\uXXXX` escape (two, a surrogate pair, beyond the BMP).
fn write_unicode_escape<W: ?Sized + io::Write>(writer: &mut W, c: char) -> io::Result<()> {
    let mut units = [0u16; 2];
    for unit in c.encode_utf16(&mut units) {
        write!(writer, "\\u{unit:04x}")?;
    }
    Ok(())
}

/// Forwards a formatter method to the wrapped formatter.
macro_rules! forward {
    ($($name:ident($($arg:ident: $ty:ty),*);)*) => {$(
        fn $name<W: ?Sized + io::Write>(&mut self, writer: &mut W $(, $arg: $ty)*) -> io::Result<()> {
            self.inner.$name(writer $(, $arg)*)
        }
    )*};
}

impl<F: Formatter> Formatter for Escaping<F> {
    fn write_string_fragment<W: ?Sized + io::Write>(&mut self, writer: &mut W, fragment: &str) -> io::Result<()> {
        if fragment.is_ascii() {
            return writer.write_all(fragment.as_bytes());
        }
        let mut start = 0;
        for (i, c) in fragment.char_indices() {
            if c.is_ascii() || !self.escape.needs_escape(c) {
                continue;
            }
            writer.write_all(&fragment.as_bytes()[start..i])?;
            write_unicode_escape(writer, c)?;
            start = i + c.len_utf8();
        }
        writer.write_all(&fragment.as_bytes()[start..])
    }

    forward! {
        begin_array();
        end_array();
        begin_array_value(first: bool);
        end_array_value();
        begin_object();
        end_object();
        begin_object_key(first: bool);
        end_object_key();
        begin_object_value();
        end_object_value();
    }
}

/// The reserved member of an object that says how formatversion 1 writes it, as MediaWiki's
/// result metadata does (`META_BC_BOOLS`, `META_CONTENT`, `META_TYPE`): an object with
/// `bc_bools` (keys whose booleans stay booleans), `content` (the key of the text member, which
/// formatversion 1 writes last as `*`) and `type` (`BCassoc`: an object in formatversion 2, the
/// list of its values in 1; `php`: written `[]` in formatversion 1 when nothing is left of it).
/// It is never written. [`crate::result`] builds such objects.
pub const META: &str = "\u{0}meta";

/// In the data the XML printer reads, the member naming an object's `*` member (its name in
/// formatversion 2): the name of the element XML writes the text in when it has others.
pub const CONTENT_NAME: &str = "\u{0}content";

/// Writes compact JSON text in a [`JsonStyle`]: strings escaped as the style says, and
/// formatversion 1's booleans (`true` as `""`, `false` object members left out) applied while
/// writing, so that no tree is rewritten first.
pub struct JsonWriter<'a> {
    out: &'a mut Vec<u8>,
    style: JsonStyle,
}

/// The bytes a string may need escaped at: JSON's own escapes (controls, `"`, `\`) and the
/// first bytes of non-ASCII characters (which some styles escape).
const NEEDS_LOOK: [bool; 256] = {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = b < 0x20 || b == b'"' as usize || b == b'\\' as usize || b >= 0xc0;
        b += 1;
    }
    table
};

/// The escape JSON requires for an ASCII byte, if any (`\u00XX` for the controls without a
/// short form).
fn ascii_escape(b: u8) -> Option<&'static [u8]> {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    const CONTROLS: [[u8; 6]; 32] = {
        let mut table = [[0u8; 6]; 32];
        let mut i = 0;
        while i < 32 {
            table[i] = [b'\\', b'u', b'0', b'0', HEX[i >> 4], HEX[i & 15]];
            i += 1;
        }
        table
    };
    match b {
        b'"' => Some(b"\\\""),
        b'\\' => Some(b"\\\\"),
        b'\n' => Some(b"\\n"),
        b'\r' => Some(b"\\r"),
        b'\t' => Some(b"\\t"),
        0x08 => Some(b"\\b"),
        0x0c => Some(b"\\f"),
        0..=0x1f => Some(&CONTROLS[b as usize]),
        _ => None,
    }
}

impl<'a> JsonWriter<'a> {
    /// A writer appending to `out`.
    pub fn new(out: &'a mut Vec<u8>, style: JsonStyle) -> JsonWriter<'a> {
        JsonWriter { out, style }
    }

    /// Appends text that is JSON already.
    fn raw(&mut self, text: &[u8]) {
        self.out.extend_from_slice(text);
    }

    /// A string, quoted and escaped.
    pub fn string(&mut self, s: &str) {
        self.out.push(b'"');
        let bytes = s.as_bytes();
        let mut start = 0;
        let mut i = 0;
        while i < bytes.len() {
            // Runs of bytes that are written as they are, one table lookup each.
            if !NEEDS_LOOK[bytes[i] as usize] {
                i += 1;
                continue;
            }
            let b = bytes[i];
            if b < 0x80 {
                if let Some(escape) = ascii_escape(b) {
                    self.out.extend_from_slice(&bytes[start..i]);
                    self.out.extend_from_slice(escape);
                    start = i + 1;
                }
                i += 1;
                continue;
            }
            // A multi-byte character: `s` is UTF-8, so its length follows from its first byte.
            let len = if b >= 0xf0 {
                4
            } else if b >= 0xe0 {
                3
            } else {
                2
            };
            let c = s[i..i + len].chars().next().unwrap_or('\u{fffd}');
            if self.style.escape.needs_escape(c) {
                self.out.extend_from_slice(&bytes[start..i]);
                // Writing to a vector cannot fail.
                let _ = write_unicode_escape(&mut *self.out, c);
                start = i + len;
            }
            i += len;
        }
        self.out.extend_from_slice(&bytes[start..]);
        self.out.push(b'"');
    }

    /// An integer.
    pub fn int(&mut self, n: i64) {
        self.raw(itoa::Buffer::new().format(n).as_bytes());
    }

    /// A `true` boolean: `true` in formatversion 2, `""` in 1.
    pub fn flag(&mut self) {
        self.raw(if self.style.v2 { b"true" } else { b"\"\"" });
    }

    /// Any value. In formatversion 1, `true` is written `""` and object members that are
    /// `false` are left out (a `false` in an array stays).
    pub fn value(&mut self, value: &Value) {
        match value {
            Value::Null => self.raw(b"null"),
            Value::Bool(true) => self.flag(),
            Value::Bool(false) => self.raw(b"false"),
            Value::Number(n) => {
                // serde_json's own text for numbers (integers exact, floats shortest).
                let _ = serde_json::to_writer(&mut *self.out, n);
            }
            Value::String(s) => self.string(s),
            Value::Array(items) => {
                self.out.push(b'[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        self.out.push(b',');
                    }
                    self.value(item);
                }
                self.out.push(b']');
            }
            Value::Object(map) => self.object(map, Splice::None),
        }
    }

    /// An object. At `Splice::Query` (the response body), the `query` member is written with
    /// the module lists of `Splice::Lists`: members that have written items get them after
    /// the items their array holds.
    fn object(&mut self, map: &Map<String, Value>, splice: Splice<'_>) {
        match map.get(META) {
            None => self.members(map.iter().map(|(k, v)| (k.as_str(), v)), splice),
            Some(meta) => self.object_with_meta(map, meta),
        }
    }

    /// An object that says how formatversion 1 writes it ([`META`]): booleans kept as they are
    /// (`bc_bools`), the text member written last as `*` (`content`), or the whole object
    /// written as a list of its values (`type: "BCassoc"`). Formatversion 2 writes it as it is,
    /// but for a PHP array keyed 0, 1, 2… (`type: "php"`), which both write as a list.
    fn object_with_meta(&mut self, map: &Map<String, Value>, meta: &Value) {
        let rest = map.iter().filter(|(k, _)| k.as_str() != META);
        if meta.get("type").and_then(Value::as_str) == Some("php") {
            // PHP writes an array whose keys are all integers, the largest one less than their
            // count (0, 1, 2…; also -1, 1), as a list in the keys' order, after formatversion 1
            // left out its `false` members.
            let kept = |key: &str| {
                meta.get("bc_bools").and_then(Value::as_array).is_some_and(|keys| keys.iter().any(|k| k == key))
            };
            let written: Vec<(&String, &Value)> = map
                .iter()
                .filter(|(k, v)| k.as_str() != META && (self.style.v2 || kept(k) || !matches!(v, Value::Bool(false))))
                .collect();
            let keyed: Option<Vec<(i64, &Value)>> =
                written.iter().map(|(k, v)| super::php::integer_key(k).map(|n| (n, *v))).collect();
            let listed = |k: &Vec<(i64, &Value)>| {
                usize::try_from(k.iter().map(|(n, _)| *n).max().unwrap_or(-1) + 1) == Ok(k.len())
            };
            if let Some(mut keyed) = keyed.filter(listed) {
                keyed.sort_by_key(|(n, _)| *n);
                self.out.push(b'[');
                for (i, (_, v)) in keyed.into_iter().enumerate() {
                    if i > 0 {
                        self.out.push(b',');
                    }
                    self.value(v);
                }
                self.out.push(b']');
                return;
            }
        }
        if self.style.v2 {
            return self.members(rest.map(|(k, v)| (k.as_str(), v)), Splice::None);
        }
        if self.style.xml && meta.get("type").and_then(Value::as_str) == Some("kvp") {
            // A map written by XML as items, the key a member of each, after the others.
            let key_name = meta.get("kvpkey").and_then(Value::as_str).unwrap_or("key");
            self.out.push(b'[');
            for (i, (key, value)) in rest.enumerate() {
                if i > 0 {
                    self.out.push(b',');
                }
                self.object(&kvp_item(key_name, key, value), Splice::None);
            }
            self.out.push(b']');
            return;
        }
        if meta.get("type").and_then(Value::as_str) == Some("BCassoc") && !self.style.xml {
            self.out.push(b'[');
            for (i, (_, v)) in rest.enumerate() {
                if i > 0 {
                    self.out.push(b',');
                }
                self.value(v);
            }
            self.out.push(b']');
            return;
        }
        let content = meta.get("content").and_then(Value::as_str);
        let kept = |key: &str| {
            meta.get("bc_bools").and_then(Value::as_array).is_some_and(|keys| keys.iter().any(|k| k == key))
        };
        self.out.push(b'{');
        let mut first = true;
        let mut member = |w: &mut Self, key: &str, value: &Value| {
            if !std::mem::replace(&mut first, false) {
                w.out.push(b',');
            }
            w.string(key);
            w.out.push(b':');
            match value {
                // A boolean kept as it is, which `value` would write as formatversion 1's flag.
                Value::Bool(b) => w.raw(if *b { b"true" } else { b"false" }),
                _ => w.value(value),
            }
        };
        for (key, value) in map.iter().filter(|(k, _)| k.as_str() != META && Some(k.as_str()) != content) {
            match value {
                Value::Bool(_) if kept(key) => member(self, key, value),
                Value::Bool(false) => {}
                Value::Bool(true) => member(self, key, &Value::String(String::new())),
                _ => member(self, key, value),
            }
        }
        // The content member as `*`, a boolean as formatversion 1 writes one (a diff's body
        // that could not be made is `false`, and left out).
        match content.and_then(|c| map.get(c)) {
            None | Some(Value::Bool(false)) => {}
            Some(Value::Bool(true)) => member(self, "*", &Value::String(String::new())),
            Some(value) => member(self, "*", value),
        }
        if let (true, Some(name)) = (self.style.xml, content.filter(|c| map.contains_key(*c))) {
            member(self, CONTENT_NAME, &Value::String(name.to_owned()));
        }
        self.out.push(b'}');
    }

    /// An object given as its members in order (see [`JsonWriter::object`]).
    fn members<'v>(&mut self, members: impl IntoIterator<Item = (&'v str, &'v Value)>, splice: Splice<'_>) {
        self.out.push(b'{');
        let mut first = true;
        for (key, value) in members {
            if !self.style.v2 && matches!(value, Value::Bool(false)) {
                continue;
            }
            if !first {
                self.out.push(b',');
            }
            first = false;
            self.string(key);
            self.out.push(b':');
            match (splice, value) {
                (Splice::Query(lists), Value::Object(query)) if key == "query" => {
                    self.object(query, Splice::Lists(lists));
                }
                (Splice::Lists(lists), Value::Array(items)) => match lists.get(key) {
                    Some(written) => {
                        self.out.push(b'[');
                        for item in items {
                            self.value(item);
                            self.out.push(b',');
                        }
                        self.raw(written);
                        self.out.push(b']');
                    }
                    None => self.value(value),
                },
                _ => self.value(value),
            }
        }
        self.out.push(b'}');
    }

    /// A response body: the items modules wrote as text ([`WrittenLists`]) go into their lists
    /// in its `query` member.
    pub(crate) fn body(&mut self, body: &Map<String, Value>, lists: &WrittenLists) {
        self.object(body, if lists.is_empty() { Splice::None } else { Splice::Query(lists) });
    }
}

/// Where [`JsonWriter::object`] puts the items modules wrote as text.
#[derive(Clone, Copy)]
enum Splice<'a> {
    /// Nowhere (any object but the body).
    None,
    /// Into the `query` member of this object (the body).
    Query(&'a WrittenLists),
    /// Into this object's members (`query`).
    Lists(&'a WrittenLists),
}

/// A list item being written as a JSON object, member by member, in the response's style (see
/// `QueryContext::write_item`). Keys are written as given; members appear in the order written.
pub struct ItemWriter<'a> {
    w: JsonWriter<'a>,
    first: bool,
}

impl<'a> ItemWriter<'a> {
    /// Starts an object at the end of `out`; [`ItemWriter::finish`] closes it.
    pub fn begin(out: &'a mut Vec<u8>, style: JsonStyle) -> ItemWriter<'a> {
        out.push(b'{');
        ItemWriter { w: JsonWriter::new(out, style), first: true }
    }

    /// Closes the object.
    pub fn finish(self) {
        self.w.out.push(b'}');
    }

    fn key(&mut self, key: &str) {
        if !std::mem::replace(&mut self.first, false) {
            self.w.out.push(b',');
        }
        // Member names are almost always plain ASCII, nothing to escape: written in one piece.
        // (A non-ASCII character starts with a byte the table marks.)
        if key.bytes().any(|b| NEEDS_LOOK[b as usize]) {
            self.w.string(key);
            self.w.out.push(b':');
            return;
        }
        let out = &mut *self.w.out;
        out.reserve(key.len() + 3);
        out.push(b'"');
        out.extend_from_slice(key.as_bytes());
        out.extend_from_slice(b"\":");
    }

    /// A string member.
    pub fn str(&mut self, key: &str, value: &str) -> &mut Self {
        self.key(key);
        self.w.string(value);
        self
    }

    /// An integer member.
    pub fn int(&mut self, key: &str, value: i64) -> &mut Self {
        self.key(key);
        self.w.int(value);
        self
    }

    /// A boolean member that is true (`true`, or `""` in formatversion 1).
    pub fn flag(&mut self, key: &str) -> &mut Self {
        self.key(key);
        self.w.flag();
        self
    }

    /// A boolean member: `false` is written in formatversion 2 and left out in 1.
    pub fn bool(&mut self, key: &str, value: bool) -> &mut Self {
        if value {
            self.flag(key)
        } else if self.w.style.v2 {
            self.key(key);
            self.w.raw(b"false");
            self
        } else {
            self
        }
    }

    /// A member holding any value, written with the style's conventions (a `false` value is
    /// left out in formatversion 1, as in any object).
    pub fn value(&mut self, key: &str, value: &Value) -> &mut Self {
        if let Value::Bool(b) = value {
            return self.bool(key, *b);
        }
        self.key(key);
        self.w.value(value);
        self
    }

    /// A member holding an object given as its members in order, written as
    /// [`ItemWriter::value`] writes an object.
    pub fn object<'v>(&mut self, key: &str, members: impl IntoIterator<Item = (&'v str, &'v Value)>) -> &mut Self {
        self.key(key);
        self.w.members(members, Splice::None);
        self
    }

    /// A member holding an array of strings.
    pub fn strings(&mut self, key: &str, values: &[String]) -> &mut Self {
        self.key(key);
        self.w.out.push(b'[');
        for (i, v) in values.iter().enumerate() {
            if i > 0 {
                self.w.out.push(b',');
            }
            self.w.string(v);
        }
        self.w.out.push(b']');
        self
    }
}

/// List items modules wrote as JSON text while a request ran, by module name: each module's
/// items, comma-separated, to be written into `query.<name>` (after any items that are values).
#[derive(Debug, Default)]
pub struct WrittenLists {
    lists: Vec<(&'static str, Vec<u8>)>,
}

impl WrittenLists {
    /// The text of a module's items so far, to append to. Only [`ItemWriter`]s write to it,
    /// so that it holds nothing but UTF-8 (which [`Output::render`] relies on).
    pub(crate) fn buffer(&mut self, name: &'static str) -> &mut Vec<u8> {
        let at = match self.lists.iter().position(|(n, _)| *n == name) {
            Some(at) => at,
            None => {
                self.lists.push((name, Vec::with_capacity(4096)));
                self.lists.len() - 1
            }
        };
        &mut self.lists[at].1
    }

    /// The text of a module's items, if it wrote any.
    pub fn get(&self, name: &str) -> Option<&[u8]> {
        self.lists.iter().find(|(n, b)| *n == name && !b.is_empty()).map(|(_, b)| b.as_slice())
    }

    /// How many bytes of items modules wrote as text.
    pub fn len(&self) -> usize {
        self.lists.iter().map(|(_, b)| b.len()).sum()
    }

    /// Whether no module wrote items as text.
    pub fn is_empty(&self) -> bool {
        self.lists.iter().all(|(_, b)| b.is_empty())
    }
}

/// A value as compact JSON text in a style.
pub fn to_json_text(value: &Value, style: JsonStyle) -> String {
    let mut out = Vec::with_capacity(1024);
    JsonWriter::new(&mut out, style).value(value);
    // Everything written is UTF-8: strings are copied whole or escaped as whole characters.
    String::from_utf8(out).unwrap_or_else(|_| "{}".to_owned())
}

/// JSON text pretty-printed in a style's escaping (the page for people).
pub(super) fn pretty(value: &Value, style: JsonStyle) -> String {
    pretty_escaped(value, style.escape)
}

/// JSON text pretty-printed, escaping as `escape` says.
fn pretty_escaped(value: &Value, escape: Escape) -> String {
    let mut out = Vec::with_capacity(4096);
    let formatter = Escaping { inner: PrettyFormatter::with_indent(b"    "), escape };
    match value.serialize(&mut serde_json::Serializer::with_formatter(&mut out, formatter)) {
        Ok(()) => String::from_utf8(out).unwrap_or_else(|_| "{}".to_owned()),
        Err(_) => "{}".to_owned(),
    }
}
/// One member of a `kvp` map as XML writes it: an item with its key as the member `key_name`
/// (a value that is no object as the item's text). A member that is a `kvp` map itself (a
/// language's variants, in `siteinfo`'s `languagevariants`) holds its own members as such
/// items, keyed by position and written without it.
fn kvp_item(key_name: &str, key: &str, value: &Value) -> Map<String, Value> {
    let mut item = match value {
        Value::Object(o) => match o.get(META).filter(|m| m.get("type").and_then(Value::as_str) == Some("kvp")) {
            Some(meta) => {
                let inner_key = meta.get("kvpkey").and_then(Value::as_str).unwrap_or("key");
                o.iter()
                    .filter(|(k, _)| k.as_str() != META)
                    .enumerate()
                    .map(|(i, (k, v))| (i.to_string(), Value::Object(kvp_item(inner_key, k, v))))
                    .chain([(super::xml::UNNUMBERED.to_owned(), Value::Bool(true))])
                    .collect()
            }
            None => o.clone(),
        },
        other => Map::from_iter([("*".to_owned(), other.clone())]),
    };
    item.insert(key_name.to_owned(), Value::String(key.to_owned()));
    item
}

#[cfg(test)]
mod tests {
    use serde_json::{json, Value};

    use super::{pretty_escaped as pretty, to_json_text, Escape, ItemWriter, JsonStyle, WrittenLists};

    #[test]
    fn escapes_are_written_as_json_reads_them() {
        let v = json!({"k\u{e9}y": "a\u{e9}\u{1F600}\u{2028}\"/\n\u{1}\u{8}\u{7f}", "n": [1, true, -2.5, null]});
        let ascii = to_json_text(&v, JsonStyle::new(true, true));
        assert_eq!(
            ascii,
            r#"{"k\u00e9y":"a\u00e9\ud83d\ude00\u2028\"/\n\u0001\b\u007f","n":[1,true,-2.5,null]}"#
                .replace(r"\u007f", "\u{7f}")
        );
        let raw = to_json_text(&v, JsonStyle::new(true, false));
        assert_eq!(raw, "{\"k\u{e9}y\":\"a\u{e9}\u{1F600}\\u2028\\\"/\\n\\u0001\\b\u{7f}\",\"n\":[1,true,-2.5,null]}");
        // The same text as serde_json writes, apart from the escapes asked for.
        let plain = json!({"a": "x\ty\u{0}z\\", "b": {"c": [1.0e20, 0.1, u64::MAX, i64::MIN]}});
        assert_eq!(to_json_text(&plain, JsonStyle::new(true, false)), serde_json::to_string(&plain).unwrap());
        for style in [JsonStyle::new(true, true), JsonStyle::new(true, false)] {
            let text = to_json_text(&v, style);
            assert_eq!(serde_json::from_str::<Value>(&text).unwrap(), v, "{text}");
        }
        for escape in [Escape::NonAscii, Escape::LineSeparators] {
            let text = pretty(&v, escape);
            assert_eq!(serde_json::from_str::<Value>(&text).unwrap(), v, "{text}");
        }
        assert!(pretty(&v, Escape::NonAscii).contains("\n    \"n\": [\n        1,"));
    }

    #[test]
    fn every_ascii_character_anywhere_in_a_string_is_written_as_serde_json_writes_it() {
        for b in 0u8..0x80 {
            for at in 0..17 {
                let mut text = "abcdefghijklmnopq".to_owned().into_bytes();
                text[at] = b;
                let text = String::from_utf8(text).unwrap();
                let ours = to_json_text(&Value::String(text.clone()), JsonStyle::new(true, false));
                assert_eq!(ours, serde_json::to_string(&text).unwrap(), "byte {b:#x} at {at}");
            }
        }
    }

    #[test]
    fn v1_turns_true_into_empty_string_and_drops_false_members() {
        let v = json!({"a": true, "b": false, "c": [{"d": true, "f": false}, false], "e": 1});
        let v1 = to_json_text(&v, JsonStyle::new(false, false));
        assert_eq!(serde_json::from_str::<Value>(&v1).unwrap(), json!({"a": "", "c": [{"d": ""}, false], "e": 1}));
        let v2 = to_json_text(&v, JsonStyle::new(true, false));
        assert_eq!(serde_json::from_str::<Value>(&v2).unwrap(), v);
    }

    #[test]
    fn item_member_names_are_escaped_as_any_string() {
        for style in [JsonStyle::new(true, true), JsonStyle::new(true, false)] {
            for name in ["plain", "k\u{e9}y", "q\"uote", "back\\slash", "tab\tbed", "\u{1F600}", ""] {
                let mut out = Vec::new();
                let mut item = ItemWriter::begin(&mut out, style);
                item.int("first", 1).int(name, 2);
                item.finish();
                let expected = to_json_text(&json!({"first": 1, name: 2}), style);
                assert_eq!(String::from_utf8(out).unwrap(), expected, "{name:?}");
            }
        }
    }

    #[test]
    fn written_items_join_their_list_in_query() {
        for v2 in [true, false] {
            let style = JsonStyle::new(v2, false);
            let mut lists = WrittenLists::default();
            for id in [1, 2] {
                let buf = lists.buffer("things");
                if !buf.is_empty() {
                    buf.push(b',');
                }
                let mut item = ItemWriter::begin(buf, style);
                item.int("id", id).str("name", "n\u{e9}").flag("new").bool("old", false);
                item.value("params", &json!({"x": false, "y": [true]})).strings("tags", &["t".to_owned()]);
                item.finish();
            }
            let body = json!({"batchcomplete": true, "query": {"other": [], "things": [{"id": 0}]}});
            let Value::Object(body) = body else { unreachable!() };
            let output = crate::format::Output::new(crate::format::Format::Json, v2, false);
            let (_, text) = output.render(&body, &lists).unwrap();
            let t = if v2 { json!(true) } else { json!("") };
            let mut item = json!({"id": 1, "name": "n\u{e9}", "new": t, "params": {"y": [t]}, "tags": ["t"]});
            if v2 {
                item["old"] = json!(false);
                item["params"]["x"] = json!(false);
            }
            let mut second = item.clone();
            second["id"] = json!(2);
            let expected = json!({"batchcomplete": t, "query": {"other": [], "things": [{"id": 0}, item, second]}});
            assert_eq!(serde_json::from_str::<Value>(&text).unwrap(), expected, "{text}");
        }
    }
}
