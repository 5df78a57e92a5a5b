//! Turning a response into bytes: formatversion 1 and 2, `json` and `jsonfm`, `utf8`/`ascii`.
//! Modules write formatversion=2-shaped data (real booleans); this is the one place where
//! formatversion=1's conventions are applied.

use std::io;

use serde::Serialize as _;
use serde_json::ser::{CompactFormatter, Formatter, PrettyFormatter};
use serde_json::{Map, Value};

/// The output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// `application/json`.
    Json,
    /// JSON pretty-printed inside an HTML page, for people.
    JsonFm,
    /// Nothing at all.
    None,
}

impl Format {
    /// The formats this server writes, as `format=` names them.
    pub const NAMES: &'static [&'static str] = &["json", "jsonfm", "none"];

    /// The format for a `format=` value.
    pub fn from_name(name: &str) -> Option<Format> {
        match name {
            "json" => Some(Format::Json),
            "jsonfm" => Some(Format::JsonFm),
            "none" => Some(Format::None),
            _ => None,
        }
    }
}

/// How the response is written.
#[derive(Debug, Clone)]
pub struct Output {
    /// The format.
    pub format: Format,
    /// formatversion=2 (else 1).
    pub v2: bool,
    /// Escape every non-ASCII character (formatversion 1 default; `ascii` in 2).
    pub ascii: bool,
    /// JSONP callback name.
    pub callback: Option<String>,
}

/// formatversion=1's booleans: `true` becomes `""`, `false` members disappear.
pub fn to_v1_booleans(value: &mut Value) {
    match value {
        Value::Object(map) => {
            map.retain(|_, v| !matches!(v, Value::Bool(false)));
            for v in map.values_mut() {
                if let Value::Bool(true) = v {
                    *v = Value::String(String::new());
                } else {
                    to_v1_booleans(v);
                }
            }
        }
        Value::Array(items) => {
            for v in items.iter_mut() {
                to_v1_booleans(v);
            }
        }
        _ => {}
    }
}

/// Which characters beyond JSON's own escapes a response writes as `\uXXXX`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Escape {
    /// Every non-ASCII character (formatversion 1's default, `ascii` in 2).
    NonAscii,
    /// Only U+2028 and U+2029, which end lines in JavaScript: MediaWiki escapes them even
    /// where it writes other characters raw, so that JSONP stays valid script.
    LineSeparators,
}

/// A serde_json formatter that escapes characters as [`Escape`] says while it writes strings
/// (one pass, no copy of the text), otherwise writing as `F` does (compact or pretty).
struct Escaping<F> {
    inner: F,
    escape: Escape,
}

impl<F: Formatter> Escaping<F> {
    fn needs_escape(&self, c: char) -> bool {
        match self.escape {
            Escape::NonAscii => !c.is_ascii(),
            Escape::LineSeparators => matches!(c, '\u{2028}' | '\u{2029}'),
        }
    }
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
            if c.is_ascii() || !self.needs_escape(c) {
                continue;
            }
            writer.write_all(&fragment.as_bytes()[start..i])?;
            let mut units = [0u16; 2];
            for unit in c.encode_utf16(&mut units) {
                write!(writer, "\\u{unit:04x}")?;
            }
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

/// A value as JSON text, compact or pretty, escaping as `escape` says.
fn to_json(value: &Value, pretty: bool, escape: Escape) -> String {
    let mut out = Vec::with_capacity(4096);
    let written = if pretty {
        let formatter = Escaping { inner: PrettyFormatter::with_indent(b"    "), escape };
        value.serialize(&mut serde_json::Serializer::with_formatter(&mut out, formatter))
    } else {
        value.serialize(&mut serde_json::Serializer::with_formatter(
            &mut out,
            Escaping { inner: CompactFormatter, escape },
        ))
    };
    match written {
        // serde_json writes UTF-8 (and escapes only whole characters).
        Ok(()) => String::from_utf8(out).unwrap_or_else(|_| "{}".to_owned()),
        Err(_) => "{}".to_owned(),
    }
}

fn html_escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

impl Output {
    /// The file name MediaWiki suggests in `Content-Disposition` for this output.
    pub fn file_name(&self) -> Option<&'static str> {
        match (self.format, &self.callback) {
            (Format::Json, Some(_)) => Some("api-result.js"),
            (Format::Json, None) => Some("api-result.json"),
            (Format::JsonFm, _) => Some("api-result.html"),
            (Format::None, _) => None,
        }
    }

    /// Writes a response body; returns (content type, body).
    pub fn render(&self, mut body: Map<String, Value>) -> (&'static str, String) {
        let mut value = Value::Object(std::mem::take(&mut body));
        if !self.v2 {
            to_v1_booleans(&mut value);
        }
        match self.format {
            Format::None => ("text/plain; charset=utf-8", String::new()),
            Format::Json => {
                let text = to_json(&value, false, if self.ascii { Escape::NonAscii } else { Escape::LineSeparators });
                match &self.callback {
                    Some(cb) => ("text/javascript; charset=utf-8", format!("/**/{cb}({text})")),
                    None => ("application/json; charset=utf-8", text),
                }
            }
            Format::JsonFm => {
                let text = to_json(&value, true, if self.ascii { Escape::NonAscii } else { Escape::LineSeparators });
                let page = format!(
                    "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>API result</title></head><body>\n<p>This is the HTML representation of the JSON format. HTML is good for debugging, but is unsuitable for application use. Specify the <var>format</var> parameter to change the output format; for the non-HTML form of JSON, set <kbd>format=json</kbd>.</p>\n<pre class=\"api-pretty-content\">{}</pre>\n</body></html>\n",
                    html_escape(&text)
                );
                ("text/html; charset=utf-8", page)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    #[test]
    fn escapes_are_written_as_json_reads_them() {
        let v = json!({"k\u{e9}y": "a\u{e9}\u{1F600}\u{2028}\"/\n", "n": [1, true]});
        let ascii = super::to_json(&v, false, super::Escape::NonAscii);
        assert_eq!(ascii, r#"{"k\u00e9y":"a\u00e9\ud83d\ude00\u2028\"/\n","n":[1,true]}"#);
        let raw = super::to_json(&v, false, super::Escape::LineSeparators);
        assert_eq!(raw, "{\"k\u{e9}y\":\"a\u{e9}\u{1F600}\\u2028\\\"/\\n\",\"n\":[1,true]}");
        for pretty in [false, true] {
            for escape in [super::Escape::NonAscii, super::Escape::LineSeparators] {
                let text = super::to_json(&v, pretty, escape);
                assert_eq!(serde_json::from_str::<serde_json::Value>(&text).unwrap(), v, "{text}");
            }
        }
        assert!(super::to_json(&v, true, super::Escape::NonAscii).contains("\n    \"n\": [\n        1,"));
    }

    #[test]
    fn v1_turns_true_into_empty_string_and_drops_false() {
        let mut v = json!({"a": true, "b": false, "c": [{"d": true}], "e": 1});
        super::to_v1_booleans(&mut v);
        assert_eq!(v, json!({"a": "", "c": [{"d": ""}], "e": 1}));
    }
}
