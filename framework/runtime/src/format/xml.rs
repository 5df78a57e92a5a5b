//! XML as MediaWiki's XML printer writes an answer (`format=xml`), from the data its JSON
//! printer writes in formatversion 1: a string or number is an attribute, `*` an element's
//! text, an object an element, and the items of a list (or the members of an object keyed by
//! number, with `_idx`) elements named by the list's tag name.
//!
//! Each list's tag name is data about the answer that JSON does not carry: it comes from a
//! table ([`Tags`]). A list whose tag name is not known is not printed under a made-up name:
//! the answer cannot be written ([`Untagged`]).

use serde_json::{Map, Value};
use wikiquery_domain::html::{escape_attribute, escape_text};

use super::php::integer_key;

/// The tag name of the items of a list: (the element holding the list, or `""` for any; the
/// list's own element name; the items' tag name).
pub type Tags<'a> = &'a [(&'a str, &'a str, &'a str)];

/// The tag names of the lists of the envelope, which every answer may hold.
pub const ENVELOPE_TAGS: Tags<'static> = &[("", "errors", "error"), ("", "warnings", "warning")];

/// The name of the items of a list MediaWiki gives no name (`ApiFormatXml`'s `_v`): declared for
/// such lists (`xml_nested(source = "_v")`), it is written as it is.
pub const UNNAMED: &str = "_v";

/// The member of an object whose members keyed by number are items written without their
/// numbers (`_idx`): a `kvp` map's, turned into items.
pub const UNNUMBERED: &str = "_unnumbered";

/// A list met whose items' tag name is not known (the name of the list).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Untagged(pub String);

/// The document: the XML declaration and `body` as the element `root`, on one line (`indent`
/// `None`) or indented by two spaces a level, as the page for people shows it.
pub fn document(root: &str, body: &Map<String, Value>, tags: Tags<'_>, indent: bool) -> Result<String, Untagged> {
    let mut out = String::with_capacity(4096);
    out.push_str("<?xml version=\"1.0\"?>");
    let mut w = Writer { out: &mut out, tags, indent: indent.then_some(0) };
    w.object("", root, body, None, true)?;
    Ok(out)
}

struct Writer<'o, 't> {
    out: &'o mut String,
    tags: Tags<'t>,
    /// The current depth, when indenting.
    indent: Option<usize>,
}

impl Writer<'_, '_> {
    fn newline(&mut self) {
        if let Some(depth) = self.indent {
            self.out.push('\n');
            self.out.extend(std::iter::repeat_n(' ', depth * 2));
        }
    }

    /// The tag name of the items of list `list` held by element `parent`.
    fn tag_of(&self, parent: &str, list: &str) -> Result<String, Untagged> {
        let found = || self.tags.iter().chain(ENVELOPE_TAGS).filter(|(_, name, _)| *name == list);
        found()
            .find(|(p, _, _)| *p == parent)
            .or_else(|| found().find(|(p, _, _)| p.is_empty()))
            // `_v` is the name MediaWiki writes for the items of a list it names none for, as
            // it is; a declared name as any element name.
            .map(|(_, _, tag)| if *tag == UNNAMED { UNNAMED.to_owned() } else { mangle(tag) })
            .ok_or_else(|| Untagged(list.to_owned()))
    }

    /// An element from any value, held by element `parent`.
    fn value(&mut self, parent: &str, name: &str, value: &Value, idx: Option<&str>) -> Result<(), Untagged> {
        match value {
            Value::Object(members) => self.object(parent, name, members, idx, false),
            Value::Array(items) if items.is_empty() => {
                self.open(name, &idx_attr(idx), false);
                Ok(())
            }
            Value::Array(items) => {
                let tag = self.tag_of(parent, name)?;
                self.open(name, &idx_attr(idx), true);
                self.deeper(|w| items.iter().try_for_each(|item| w.value(name, &tag, item, None)))?;
                self.close(name);
                Ok(())
            }
            scalar => {
                let attrs = idx_attr(idx);
                match text_of(scalar) {
                    Some(text) => self.text_element(name, &attrs, &text),
                    None => self.open(name, &attrs, false),
                }
                Ok(())
            }
        }
    }

    /// An element from an object: its scalars as attributes, `*` as its text, the rest as
    /// elements (members keyed by number last, as items of the object's tag name).
    fn object(
        &mut self,
        parent: &str,
        name: &str,
        members: &Map<String, Value>,
        idx: Option<&str>,
        is_root: bool,
    ) -> Result<(), Untagged> {
        let mut attrs: Vec<(String, String)> = idx_attr(idx);
        let mut content: Option<&Value> = None;
        let mut elements: Vec<(String, &Value)> = Vec::new();
        let mut indexed: Vec<(&str, &Value)> = Vec::new();
        let mut content_name: Option<&str> = None;
        let numbered = !members.contains_key(UNNUMBERED);
        for (key, value) in members {
            if key == UNNUMBERED {
                continue;
            } else if key == super::CONTENT_NAME {
                content_name = value.as_str();
            } else if key == "*" {
                content = Some(value);
            } else if integer_key(key).is_some() {
                // A key PHP reads as an integer: the member is an item of its object.
                indexed.push((key, value));
            } else if value.is_object() || value.is_array() {
                elements.push((mangle(key), value));
            } else if let Some(text) = text_of(value) {
                attrs.push((mangle(key), text));
            }
        }
        let content = content.and_then(text_of);
        if let Some(text) = &content {
            if elements.is_empty() && indexed.is_empty() {
                attrs.push(("xml:space".to_owned(), "preserve".to_owned()));
                self.text_element(name, &attrs, text);
                return Ok(());
            }
        }
        if elements.is_empty() && indexed.is_empty() {
            self.open(name, &attrs, false);
            return Ok(());
        }
        let tag = if indexed.is_empty() { String::new() } else { self.tag_of(parent, name)? };
        self.open(name, &attrs, true);
        self.deeper(|w| {
            for (key, value) in &elements {
                w.value(name, key, value, None)?;
            }
            if let Some(text) = &content {
                // Formatversion 1 calls every text member `*`; beside elements it is an
                // element named as the member is in formatversion 2. At the root the only
                // one is the envelope's `docref`.
                let name = match content_name {
                    _ if is_root => "docref".to_owned(),
                    Some(name) => mangle(name),
                    None => mangle("*"),
                };
                w.text_element(&name, &[("xml:space".to_owned(), "preserve".to_owned())], text);
            }
            for (key, value) in &indexed {
                w.value(name, &tag, value, numbered.then_some(*key))?;
            }
            Ok(())
        })?;
        self.close(name);
        Ok(())
    }

    fn deeper(&mut self, f: impl FnOnce(&mut Self) -> Result<(), Untagged>) -> Result<(), Untagged> {
        if let Some(d) = &mut self.indent {
            *d += 1;
        }
        let done = f(self);
        if let Some(d) = &mut self.indent {
            *d -= 1;
        }
        done
    }

    /// `<name attrs>` when it has children, else `<name attrs />`.
    fn open(&mut self, name: &str, attrs: &[(String, String)], children: bool) {
        self.newline();
        self.out.push('<');
        self.out.push_str(name);
        push_attrs(self.out, attrs);
        self.out.push_str(if children { ">" } else { " />" });
    }

    fn close(&mut self, name: &str) {
        self.newline();
        self.out.push_str("</");
        self.out.push_str(name);
        self.out.push('>');
    }

    /// `<name attrs>text</name>`, or `<name attrs />` for an empty text.
    fn text_element(&mut self, name: &str, attrs: &[(String, String)], text: &str) {
        if text.is_empty() {
            self.open(name, attrs, false);
            return;
        }
        self.newline();
        self.out.push('<');
        self.out.push_str(name);
        push_attrs(self.out, attrs);
        self.out.push('>');
        self.out.push_str(&escape_text(text));
        self.out.push_str("</");
        self.out.push_str(name);
        self.out.push('>');
    }
}

fn idx_attr(idx: Option<&str>) -> Vec<(String, String)> {
    idx.map(|i| vec![("_idx".to_owned(), i.to_owned())]).unwrap_or_default()
}

/// A scalar as an attribute's or element's text: `true` is empty (formatversion 1 already
/// wrote it `""`), `null` and `false` have none.
fn text_of(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(true) => Some(String::new()),
        _ => None,
    }
}

fn push_attrs(out: &mut String, attrs: &[(String, String)]) {
    for (name, value) in attrs {
        out.push(' ');
        out.push_str(name);
        out.push_str("=\"");
        out.push_str(&escape_attribute(value));
        out.push('"');
    }
}

/// A member name as an XML name: itself when it is one; else `_` and the name with each
/// character a name cannot hold as `.HEX.` (`.` itself too), as MediaWiki mangles names.
fn mangle(name: &str) -> String {
    if name.is_empty() {
        return "_".to_owned();
    }
    let mut chars = name.chars();
    let first = chars.next().is_some_and(is_name_start);
    if first && chars.all(is_name_char) {
        return name.to_owned();
    }
    let mut out = String::from("_");
    for c in name.chars() {
        if c == '.' {
            out.push_str(".2E.");
        } else if is_name_char(c) {
            out.push(c);
        } else {
            out.push_str(&format!(".{:X}.", c as u32));
        }
    }
    out
}

/// A character that may start a name (XML's, without `:` and `_`, which MediaWiki reserves).
fn is_name_start(c: char) -> bool {
    c.is_ascii_alphabetic()
        || matches!(c as u32,
            0xC0..=0xD6 | 0xD8..=0xF6 | 0xF8..=0x2FF | 0x370..=0x37D | 0x37F..=0x1FFF | 0x200C..=0x200D
            | 0x2070..=0x218F | 0x2C00..=0x2FEF | 0x3001..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFFD
            | 0x10000..=0xEFFFF)
}

fn is_name_char(c: char) -> bool {
    is_name_start(c)
        || c.is_ascii_digit()
        || matches!(c, '_' | '-' | '.')
        || matches!(c as u32, 0xB7 | 0x300..=0x36F | 0x203F..=0x2040)
}

#[cfg(test)]
mod tests {
    use serde_json::{json, Value};

    use super::{document, mangle, Untagged};

    fn doc(v: Value, tags: super::Tags<'_>) -> Result<String, Untagged> {
        let Value::Object(body) = v else { unreachable!() };
        document("api", &body, tags, false)
    }

    #[test]
    fn writes_as_mediawiki_does() {
        let body = json!({"batchcomplete": "", "warnings": {"main": {"*": "Unrecognized parameter: foo."}},
            "continue": {"apcontinue": "Ant", "continue": "-||"},
            "query": {"allpages": [{"pageid": 121, "ns": 0, "title": "100 (number)"}]}});
        assert_eq!(
            doc(body, &[("query", "allpages", "p")]).unwrap(),
            "<?xml version=\"1.0\"?><api batchcomplete=\"\"><warnings><main xml:space=\"preserve\">Unrecognized parameter: foo.</main></warnings><continue apcontinue=\"Ant\" continue=\"-||\" /><query><allpages><p pageid=\"121\" ns=\"0\" title=\"100 (number)\" /></allpages></query></api>"
        );
        let error = json!({"error": {"code": "badvalue", "info": "Unrecognized value for parameter \"action\": nope.", "*": "See <x> & y"}});
        assert_eq!(
            doc(error, &[]).unwrap(),
            "<?xml version=\"1.0\"?><api><error code=\"badvalue\" info=\"Unrecognized value for parameter &quot;action&quot;: nope.\" xml:space=\"preserve\">See &lt;x&gt; &amp; y</error></api>"
        );
    }

    #[test]
    fn members_keyed_by_number_are_items_with_their_index() {
        let body = json!({"query": {"pages": {"5": {"title": "A"}, "-1": {"missing": ""}}}});
        assert_eq!(
            doc(body, &[("query", "pages", "page")]).unwrap(),
            "<?xml version=\"1.0\"?><api><query><pages><page _idx=\"5\" title=\"A\" /><page _idx=\"-1\" missing=\"\" /></pages></query></api>"
        );
    }

    #[test]
    fn a_list_without_a_tag_name_is_not_written() {
        assert_eq!(doc(json!({"query": {"things": [1]}}), &[]), Err(Untagged("things".to_owned())));
        // An empty list names no items.
        assert!(doc(json!({"query": {"things": []}}), &[]).is_ok());
    }

    #[test]
    fn names_xml_cannot_hold_are_mangled() {
        assert_eq!(mangle("plain-name.x"), "plain-name.x");
        assert_eq!(mangle(""), "_");
        assert_eq!(mangle("1st"), "_1st");
        assert_eq!(mangle("a b.c"), "_a.20.b.2E.c");
        assert_eq!(mangle("_x"), "__x");
    }
}
