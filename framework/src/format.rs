//! Turning a response into bytes: formatversion 1 and 2, `json` and `jsonfm`, `utf8`/`ascii`.
//! Modules write formatversion=2-shaped data (real booleans); this is the one place where
//! formatversion=1's conventions are applied.

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

fn escape_non_ascii(json: &str) -> String {
    let mut out = String::with_capacity(json.len());
    for c in json.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            let mut buf = [0u16; 2];
            for unit in c.encode_utf16(&mut buf) {
                out.push_str(&format!("\\u{unit:04x}"));
            }
        }
    }
    out
}

/// U+2028 and U+2029 end lines in JavaScript: MediaWiki escapes them even where it writes
/// other characters raw, so that JSONP stays valid script.
fn escape_line_separators(json: String) -> String {
    if json.contains(['\u{2028}', '\u{2029}']) {
        json.replace('\u{2028}', "\\u2028").replace('\u{2029}', "\\u2029")
    } else {
        json
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
                let text = serde_json::to_string(&value).unwrap_or_else(|_| "{}".to_owned());
                let text = if self.ascii { escape_non_ascii(&text) } else { escape_line_separators(text) };
                match &self.callback {
                    Some(cb) => ("text/javascript; charset=utf-8", format!("/**/{cb}({text})")),
                    None => ("application/json; charset=utf-8", text),
                }
            }
            Format::JsonFm => {
                let text = serde_json::to_string_pretty(&value).unwrap_or_else(|_| "{}".to_owned());
                let text = if self.ascii { escape_non_ascii(&text) } else { text };
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
    fn v1_turns_true_into_empty_string_and_drops_false() {
        let mut v = json!({"a": true, "b": false, "c": [{"d": true}], "e": 1});
        super::to_v1_booleans(&mut v);
        assert_eq!(v, json!({"a": "", "c": [{"d": ""}], "e": 1}));
    }
}
