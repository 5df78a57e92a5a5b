//! The tidying MediaWiki gives its output: the HTML read by an HTML5 tree builder (html5ever,
//! where MediaWiki uses RemexHtml), inline content at the top level and in block quotes
//! wrapped in paragraphs as it is inserted ([`munger`]), and the tree written back as
//! MediaWiki's formatter writes it (character references kept as written, `<br />`, empty
//! list items, paragraphs and rows marked).

mod munger;

use html5ever::tendril::TendrilSink;
use html5ever::{namespace_url, ns, parse_fragment, LocalName, ParseOpts, QualName};

use munger::{Id, Kind, Munger, DOCUMENT, P_WRAP};
use wikiquery_domain::sanitizer::normalize_char_references;

/// How deep the tree may nest: start tags past it are shown as text, and deeper content is not
/// written (a hostile page's thousands of nested tags).
const MAX_DEPTH: usize = 1000;

/// Elements HTML closes by themselves when a sibling or their container's end comes (`<li>`,
/// `<td>`, `<p>`…): left open on ordinary pages, so they are not counted as nesting (the
/// containers that hold them are).
const OPTIONAL_END: &[&str] = &[
    "li", "dt", "dd", "p", "td", "th", "tr", "tbody", "thead", "tfoot", "option", "optgroup", "rb", "rt", "rtc", "rp",
    "colgroup", "caption",
];

const VOID: &[&str] = &[
    "area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "img", "input", "keygen", "link",
    "meta", "param", "source", "track", "wbr",
];
const RAW_TEXT: &[&str] = &["style", "script", "xmp", "iframe", "noembed", "noframes", "plaintext"];

/// `html` tidied; `text_processor` is applied to text outside raw-text elements.
pub fn tidy(html: &str, text_processor: Option<&dyn Fn(&str) -> String>) -> String {
    // The tree builder is to keep character references as written, as MediaWiki's does: every
    // `&` goes in escaped, so that what comes out is the text as written.
    let escaped = html.replace('\0', "").replace('&', "&amp;");
    let input = within_depth(&escaped);
    let context = QualName::new(None, ns!(html), LocalName::from("body"));
    let tree = parse_fragment(Munger::new(), ParseOpts::default(), context, vec![]).one(&*input);
    let mut out = String::with_capacity(html.len() + html.len() / 8);
    let writer = Writer { tree: &tree, processor: text_processor };
    if let Some(&root) = tree.nodes[DOCUMENT].children.first() {
        for &child in &tree.nodes[root].children {
            writer.write(child, &mut out, false, 0);
        }
    }
    out
}

/// The HTML with start tags past [`MAX_DEPTH`] open elements shown as text: a tree builder
/// checks its whole stack for some tags, so a hostile page of thousands of nested tags would
/// cost the square of their number.
fn within_depth(html: &str) -> std::borrow::Cow<'_, str> {
    let bytes = html.as_bytes();
    let mut depth = 0usize;
    let mut cut: Vec<usize> = Vec::new();
    let mut i = 0;
    while let Some(at) = bytes[i..].iter().position(|&b| b == b'<').map(|p| p + i) {
        i = at + 1;
        let rest = &bytes[i..];
        let name = |tag: &[u8]| {
            let len = tag.iter().take_while(|b| b.is_ascii_alphanumeric()).count();
            std::str::from_utf8(&tag[..len]).unwrap_or("").to_ascii_lowercase()
        };
        if let Some(after) = rest.strip_prefix(b"/") {
            if after.first().is_some_and(u8::is_ascii_alphabetic) && !OPTIONAL_END.contains(&name(after).as_str()) {
                depth = depth.saturating_sub(1);
            }
            continue;
        }
        if !rest.first().is_some_and(u8::is_ascii_alphabetic) {
            continue;
        }
        let name = name(rest);
        let end = rest.iter().position(|&b| b == b'>');
        let self_closed = end.is_some_and(|e| e > 0 && rest[e - 1] == b'/');
        if VOID.contains(&name.as_str()) || OPTIONAL_END.contains(&name.as_str()) || self_closed {
            continue;
        }
        if depth >= MAX_DEPTH {
            cut.push(at);
        } else {
            depth += 1;
        }
    }
    if cut.is_empty() {
        return std::borrow::Cow::Borrowed(html);
    }
    let mut out = String::with_capacity(html.len() + cut.len() * 3);
    let mut last = 0;
    for at in cut {
        out.push_str(&html[last..at]);
        out.push_str("&lt;");
        last = at + 1;
    }
    out.push_str(&html[last..]);
    std::borrow::Cow::Owned(out)
}

struct Writer<'t> {
    tree: &'t Munger,
    processor: Option<&'t dyn Fn(&str) -> String>,
}

/// Whether a text is only HTML's white space.
pub(super) fn is_blank(text: &str) -> bool {
    text.bytes().all(|b| matches!(b, b'\t' | b'\n' | b'\x0c' | b'\r' | b' '))
}

impl Writer<'_> {
    fn children(&self, id: Id, out: &mut String, raw: bool, depth: usize) {
        if depth >= MAX_DEPTH {
            return;
        }
        for &child in &self.tree.nodes[id].children {
            self.write(child, out, raw, depth + 1);
        }
    }

    fn write(&self, id: Id, out: &mut String, raw: bool, depth: usize) {
        let node = &self.tree.nodes[id];
        match &node.kind {
            Kind::Document => self.children(id, out, raw, depth),
            Kind::Text(text) => {
                if raw {
                    out.push_str(text);
                    return;
                }
                let mut escaped = String::with_capacity(text.len());
                for c in text.chars() {
                    match c {
                        '<' => escaped.push_str("&lt;"),
                        '>' => escaped.push_str("&gt;"),
                        '\u{a0}' => escaped.push_str("&#160;"),
                        '\u{338}' => escaped.push_str("&#x338;"),
                        c => escaped.push(c),
                    }
                }
                let processed = match self.processor {
                    Some(p) => p(&escaped),
                    None => escaped,
                };
                out.push_str(&normalize_char_references(&processed));
            }
            Kind::Comment(text) => {
                out.push_str("<!--");
                out.push_str(text);
                out.push_str("-->");
            }
            Kind::Element { name, attributes } => {
                let html = name.ns == ns!(html);
                let local: &str = &name.local;
                if local == P_WRAP {
                    let kept = node.wrapper_kept.unwrap_or(node.munge.nonblank > 0);
                    if kept {
                        out.push_str("<p>");
                    }
                    self.children(id, out, raw, depth);
                    if kept {
                        out.push_str("</p>");
                    }
                    return;
                }
                let mut contents = String::new();
                self.children(id, &mut contents, html && RAW_TEXT.contains(&local), depth);
                if matches!(local, "li" | "p" | "tr") && attributes.is_empty() && is_blank(&contents) {
                    out.push_str(&format!("<{local} class=\"mw-empty-elt\">{contents}</{local}>"));
                    return;
                }
                out.push('<');
                out.push_str(local);
                for attribute in attributes {
                    let mut encoded = String::with_capacity(attribute.value.len());
                    for c in attribute.value.chars() {
                        match c {
                            '"' => encoded.push_str("&quot;"),
                            '\u{a0}' => encoded.push_str("&#160;"),
                            c => encoded.push(c),
                        }
                    }
                    out.push(' ');
                    if let Some(prefix) = &attribute.name.prefix {
                        out.push_str(prefix);
                        out.push(':');
                    }
                    out.push_str(&attribute.name.local);
                    out.push_str("=\"");
                    out.push_str(&normalize_char_references(&encoded));
                    out.push('"');
                }
                if html && VOID.contains(&local) {
                    out.push_str(" />");
                    return;
                }
                out.push('>');
                if html && matches!(local, "pre" | "textarea" | "listing") && contents.starts_with('\n') {
                    out.push('\n');
                }
                out.push_str(&contents);
                out.push_str("</");
                out.push_str(local);
                out.push('>');
            }
        }
    }
}
