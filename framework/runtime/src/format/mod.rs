//! Turning a response into bytes: the output formats (`json`, `php`, `xml`, each with its
//! page for people, and `none`), formatversion 1 and 2, `utf8`/`ascii`. Modules write
//! formatversion=2-shaped data (real booleans); the JSON writer is the one place where
//! formatversion=1's conventions are applied, and the other formats print what it wrote.

mod json;
mod modules;
mod php;
mod xml;

pub use json::{to_json_text, ItemWriter, JsonStyle, JsonWriter, WrittenLists, CONTENT_NAME, META};
pub use modules::{format_descriptor, format_descriptors, JsonParams, PageParams, PhpParams, XmlParams};
pub use xml::{Tags, Untagged};

use serde_json::{Map, Value};

/// The output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// `application/json`.
    Json,
    /// JSON pretty-printed inside an HTML page, for people.
    JsonFm,
    /// PHP's `serialize()`.
    Php,
    /// PHP's `serialize()` inside an HTML page.
    PhpFm,
    /// XML, as MediaWiki's XML printer writes it.
    Xml,
    /// XML inside an HTML page.
    XmlFm,
    /// The result with its metadata, inside an HTML page (for debugging the API itself).
    RawFm,
    /// Nothing at all.
    None,
}

impl Format {
    /// The formats `format=` names, in MediaWiki's order.
    pub const NAMES: &'static [&'static str] = &["json", "jsonfm", "none", "php", "phpfm", "rawfm", "xml", "xmlfm"];

    /// What a format gives, for the help of `format`.
    pub fn summary(name: &str) -> Option<&'static str> {
        Some(match name {
            "json" => "The answer as JSON.",
            "jsonfm" => "The answer as JSON, shown in an HTML page.",
            "none" => "No answer at all.",
            "php" => "The answer serialized as PHP's `serialize` writes it.",
            "phpfm" => "The answer serialized for PHP, shown in an HTML page.",
            "rawfm" => "The answer with its debugging members, shown in an HTML page.",
            "xml" => "The answer as XML.",
            "xmlfm" => "The answer as XML, shown in an HTML page.",
            _ => return None,
        })
    }

    /// Whether the format is a page for people (MediaWiki's `getIsHtml`).
    pub fn is_html(self) -> bool {
        matches!(self, Format::JsonFm | Format::PhpFm | Format::XmlFm | Format::RawFm)
    }

    /// The format for a `format=` value.
    pub fn from_name(name: &str) -> Option<Format> {
        Some(match name {
            "json" => Format::Json,
            "jsonfm" => Format::JsonFm,
            "php" => Format::Php,
            "phpfm" => Format::PhpFm,
            "xml" => Format::Xml,
            "xmlfm" => Format::XmlFm,
            "rawfm" => Format::RawFm,
            "none" => Format::None,
            _ => return None,
        })
    }

    /// The format's own name.
    pub fn name(self) -> &'static str {
        match self {
            Format::Json => "json",
            Format::JsonFm => "jsonfm",
            Format::Php => "php",
            Format::PhpFm => "phpfm",
            Format::Xml => "xml",
            Format::XmlFm => "xmlfm",
            Format::RawFm => "rawfm",
            Format::None => "none",
        }
    }

    /// The parameters the format's printer reads: its descriptor's (they are its own, not the
    /// main module's: a request that gives one another format does not read is told it is
    /// unrecognized), and for `rawfm`, JSON's `callback`, which MediaWiki's JSON printer reads
    /// whatever it declares.
    pub fn params(self) -> impl Iterator<Item = &'static str> {
        let declared = modules::format_descriptor(self.name()).map(|d| d.params.as_slice()).unwrap_or_default();
        let callback = (self == Format::RawFm).then_some("callback");
        declared.iter().map(|p| p.name).chain(callback)
    }

    /// Whether the format reads `formatversion`.
    pub fn has_versions(self) -> bool {
        self.params().any(|name| name == "formatversion")
    }

    /// The format a page for people shows, and the name a page calls it by.
    fn plain(self) -> (Format, &'static str) {
        match self {
            Format::JsonFm | Format::RawFm => (Format::Json, "JSON"),
            Format::PhpFm => (Format::Php, "PHP"),
            Format::XmlFm => (Format::Xml, "XML"),
            other => (other, ""),
        }
    }
}

/// How the body of an answer is shaped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Shape {
    /// An object (an element in XML) holding the action's members and the envelope.
    #[default]
    Envelope,
    /// The action's numbered members alone, as a list: nothing of the envelope (no warnings,
    /// no request id) unless the answer is an error (the OpenSearch suggestions format).
    List,
    /// The action's `text` member as it is, of this content type and offered under this file
    /// name (MediaWiki's raw printer); an error is written in the printer's format.
    Raw { content_type: &'static str, file_name: &'static str },
}

/// The printer an action chooses for its answers instead of the request's `format` (MediaWiki's
/// `getCustomPrinter`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Printer {
    /// The format.
    pub format: Format,
    /// The body's shape.
    pub shape: Shape,
    /// The root element of an XML answer.
    pub xml_root: &'static str,
    /// The tag names of the lists of an XML answer, by list name.
    pub xml_tags: Tags<'static>,
    /// Warnings make the answer an error, as they cannot be shown (a list shape has no room).
    pub warnings_as_error: bool,
    /// The answer may be shown in no frame (`X-Frame-Options: DENY`), as every printer of
    /// MediaWiki's API says but the feeds'.
    pub deny_frames: bool,
    /// A syndication feed (MediaWiki's feed printer): its caching headers are the feed
    /// printer's ([`crate::cache::CachePolicy::feed`]).
    pub feed: bool,
}

impl Printer {
    /// MediaWiki's raw printer: the action's `text` member as the body, of `content_type`,
    /// offered as `file_name`; an error in `format`, under `xml_root` in XML.
    pub fn raw(format: Format, xml_root: &'static str, content_type: &'static str, file_name: &'static str) -> Printer {
        Printer {
            format,
            shape: Shape::Raw { content_type, file_name },
            xml_root,
            xml_tags: &[],
            warnings_as_error: false,
            deny_frames: true,
            feed: false,
        }
    }
}

/// The content type of a wrapped page (`wrappedhtml`).
pub const WRAPPED_CONTENT_TYPE: &str = "text/mediawiki-api-prettyprint-wrapped; charset=utf-8";

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
    /// The body's shape.
    pub shape: Shape,
    /// The root element of an XML answer (`api`).
    pub xml_root: &'static str,
    /// The tag names of the lists of an XML answer.
    pub xml_tags: Tags<'static>,
    /// A page for people wrapped in JSON (`wrappedhtml`): the page's content and what it
    /// needs, for a program that shows it (an API sandbox).
    pub wrapped: bool,
}

impl Output {
    /// The output of a format in formatversion 1 or 2, without a callback.
    pub fn new(format: Format, v2: bool, ascii: bool) -> Output {
        Output {
            format,
            v2,
            ascii,
            callback: None,
            shape: Shape::Envelope,
            xml_root: "api",
            xml_tags: &[],
            wrapped: false,
        }
    }

    /// The same output, printed as an action's printer says.
    pub fn printed_by(mut self, printer: &Printer) -> Output {
        self.format = printer.format;
        self.shape = printer.shape;
        self.xml_root = printer.xml_root;
        self.xml_tags = printer.xml_tags;
        self
    }

    /// The file name MediaWiki suggests in `Content-Disposition` for this output.
    pub fn file_name(&self, body: &Map<String, Value>) -> Option<&'static str> {
        if let Shape::Raw { file_name, .. } = self.shape {
            if !is_error(body) {
                return Some(file_name);
            }
        }
        match self.format {
            Format::Json if self.callback.is_some() => Some("api-result.js"),
            Format::Json => Some("api-result.json"),
            Format::Php => Some("api-result.php"),
            Format::Xml => Some("api-result.xml"),
            Format::None => None,
            Format::JsonFm | Format::PhpFm | Format::XmlFm | Format::RawFm => Some("api-result.html"),
        }
    }

    /// The style JSON text is written in.
    pub fn style(&self) -> JsonStyle {
        JsonStyle::new(self.v2, self.ascii)
    }

    /// Writes a response body, with the list items modules wrote as text; returns (content
    /// type, body). XML needs the tag name of each list the body holds (`xml_tags` beside the
    /// envelope's own): without one the body cannot be written, and the list is named.
    pub fn render(&self, body: &Map<String, Value>, lists: &WrittenLists) -> Result<(&'static str, String), Untagged> {
        if let Shape::Raw { content_type, .. } = self.shape {
            if !is_error(body) {
                let text = body.get("text").and_then(Value::as_str).unwrap_or_default();
                return Ok((content_type, text.to_owned()));
            }
        }
        let (plain, name) = self.format.plain();
        let html = self.format.is_html();
        let (content_type, text) = match plain {
            Format::None => return Ok(("text/plain; charset=utf-8", String::new())),
            Format::Json => {
                let mut text = if self.shape == Shape::List && !is_error(body) {
                    // The numbered members alone, as a list.
                    let items = body.iter().filter(|(k, _)| is_number(k)).map(|(_, v)| v.clone()).collect();
                    to_json_text(&Value::Array(items), self.style())
                } else {
                    self.json_text(body, lists)
                };
                if html {
                    // For people: the same text, re-read and indented.
                    if let Ok(v) = serde_json::from_str::<Value>(&text) {
                        text = json::pretty(&v, self.style());
                    }
                }
                match &self.callback {
                    Some(cb) if !html => ("text/javascript; charset=utf-8", format!("/**/{cb}({text})")),
                    _ => ("application/json; charset=utf-8", text),
                }
            }
            Format::Php => {
                // The data as JSON writes it in the request's formatversion, unescaped.
                let plain = Output { ascii: false, ..self.clone() };
                let value = serde_json::from_str(&plain.json_text(body, lists)).unwrap_or(Value::Null);
                ("application/vnd.php.serialized; charset=utf-8", php::serialize(&value))
            }
            _ => {
                // XML prints the data formatversion 1 writes, with what XML needs besides.
                let mut text = Vec::with_capacity(4096 + lists.len());
                JsonWriter::new(&mut text, JsonStyle::for_xml()).body(body, lists);
                let value = serde_json::from_slice(&text).unwrap_or(Value::Null);
                let Value::Object(members) = value else { return Err(Untagged(String::new())) };
                ("text/xml; charset=utf-8", xml::document(self.xml_root, &members, self.xml_tags, html)?)
            }
        };
        if !html {
            return Ok((content_type, text));
        }
        let content = format!("<pre class=\"api-pretty-content\">{}</pre>", wikiquery_domain::html::escape_text(&text));
        if self.wrapped {
            return Ok((WRAPPED_CONTENT_TYPE, content));
        }
        let page = format!(
            "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>API result</title></head><body>\n<p>This is the HTML representation of the {name} format. HTML is good for debugging, but is unsuitable for application use. Specify the <var>format</var> parameter to change the output format; for the non-HTML form of {name}, set <kbd>format={plain}</kbd>.</p>\n{content}\n</body></html>\n",
            plain = plain.name(),
        );
        Ok(("text/html; charset=utf-8", page))
    }

    /// A wrapped page (`wrappedhtml`): `content`, the page's content [`Output::render`] wrote,
    /// in JSON with the response's HTTP status, the style modules the page needs, the answer's
    /// continuation and the milliseconds the request took (MediaWiki's wrapped HTML).
    pub fn wrap(&self, content: String, status: u16, body: &Map<String, Value>, elapsed_ms: u128) -> String {
        let reason = http::StatusCode::from_u16(status).ok().and_then(|s| s.canonical_reason()).unwrap_or_default();
        let wrapped = serde_json::json!({
            "status": status,
            "statustext": reason,
            "html": content,
            "modules": ["mediawiki.apipretty"],
            "continue": body.get("continue"),
            "time": elapsed_ms as u64,
        });
        to_json_text(&wrapped, JsonStyle::new(true, false))
    }

    /// The body as compact JSON text in the output's style.
    fn json_text(&self, body: &Map<String, Value>, lists: &WrittenLists) -> String {
        let mut out = Vec::with_capacity(4096 + lists.len());
        JsonWriter::new(&mut out, self.style()).body(body, lists);
        // SAFETY: everything the writers put in `out` is UTF-8: ASCII punctuation, numbers and
        // escapes, and strings copied whole or in pieces cut at ASCII bytes or before whole
        // characters; the written lists are the same writers' text (`WrittenLists::buffer` is
        // theirs alone). Checking a page of a hundred kilobytes again costs a percent of it.
        debug_assert!(std::str::from_utf8(&out).is_ok(), "the JSON writers wrote invalid UTF-8");
        unsafe { String::from_utf8_unchecked(out) }
    }
}

/// Whether a body is an error's.
fn is_error(body: &Map<String, Value>) -> bool {
    body.contains_key("error") || body.contains_key("errors")
}

/// Whether a member's key is a number (an item of a list shape).
fn is_number(key: &str) -> bool {
    !key.is_empty() && key.bytes().all(|b| b.is_ascii_digit())
}
