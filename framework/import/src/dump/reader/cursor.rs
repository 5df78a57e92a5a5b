//! Elements: the dump's tag names, and the cursor that walks the XML from element to element.

use std::io::{BufRead, Read};

use quick_xml::events::{BytesStart, Event};
use quick_xml::Reader;

use super::error::{structure, xml_error, DumpError, DumpErrorKind, Position};
use super::lines::{advance, splat, word, zero_bytes, LineTracker};

/// Element names the dump format uses; anything else is `Other` and skipped where it is not
/// expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Tag {
    Mediawiki,
    Siteinfo,
    Sitename,
    Dbname,
    Base,
    Generator,
    Case,
    Namespaces,
    Namespace,
    Page,
    Title,
    Ns,
    Id,
    Redirect,
    Restrictions,
    Revision,
    Parentid,
    Timestamp,
    Contributor,
    Username,
    Ip,
    Minor,
    Comment,
    Origin,
    Model,
    Format,
    Text,
    Content,
    Role,
    Sha1,
    Upload,
    Filename,
    Archivename,
    Src,
    Size,
    Sha1base36,
    Rel,
    Contents,
    Logitem,
    Type,
    Action,
    Logtitle,
    Params,
    Other(Box<str>),
}

impl Tag {
    fn of(local: &[u8]) -> Tag {
        match local {
            b"mediawiki" => Tag::Mediawiki,
            b"siteinfo" => Tag::Siteinfo,
            b"sitename" => Tag::Sitename,
            b"dbname" => Tag::Dbname,
            b"base" => Tag::Base,
            b"generator" => Tag::Generator,
            b"case" => Tag::Case,
            b"namespaces" => Tag::Namespaces,
            b"namespace" => Tag::Namespace,
            b"page" => Tag::Page,
            b"title" => Tag::Title,
            b"ns" => Tag::Ns,
            b"id" => Tag::Id,
            b"redirect" => Tag::Redirect,
            b"restrictions" => Tag::Restrictions,
            b"revision" => Tag::Revision,
            b"parentid" => Tag::Parentid,
            b"timestamp" => Tag::Timestamp,
            b"contributor" => Tag::Contributor,
            b"username" => Tag::Username,
            b"ip" => Tag::Ip,
            b"minor" => Tag::Minor,
            b"comment" => Tag::Comment,
            b"origin" => Tag::Origin,
            b"model" => Tag::Model,
            b"format" => Tag::Format,
            b"text" => Tag::Text,
            b"content" => Tag::Content,
            b"role" => Tag::Role,
            b"sha1" => Tag::Sha1,
            b"upload" => Tag::Upload,
            b"filename" => Tag::Filename,
            b"archivename" => Tag::Archivename,
            b"src" => Tag::Src,
            b"size" => Tag::Size,
            b"sha1base36" => Tag::Sha1base36,
            b"rel" => Tag::Rel,
            b"contents" => Tag::Contents,
            b"logitem" => Tag::Logitem,
            b"type" => Tag::Type,
            b"action" => Tag::Action,
            b"logtitle" => Tag::Logtitle,
            b"params" => Tag::Params,
            other => Tag::Other(String::from_utf8_lossy(other).into()),
        }
    }

    pub(super) fn name(&self) -> &str {
        match self {
            Tag::Mediawiki => "mediawiki",
            Tag::Siteinfo => "siteinfo",
            Tag::Sitename => "sitename",
            Tag::Dbname => "dbname",
            Tag::Base => "base",
            Tag::Generator => "generator",
            Tag::Case => "case",
            Tag::Namespaces => "namespaces",
            Tag::Namespace => "namespace",
            Tag::Page => "page",
            Tag::Title => "title",
            Tag::Ns => "ns",
            Tag::Id => "id",
            Tag::Redirect => "redirect",
            Tag::Restrictions => "restrictions",
            Tag::Revision => "revision",
            Tag::Parentid => "parentid",
            Tag::Timestamp => "timestamp",
            Tag::Contributor => "contributor",
            Tag::Username => "username",
            Tag::Ip => "ip",
            Tag::Minor => "minor",
            Tag::Comment => "comment",
            Tag::Origin => "origin",
            Tag::Model => "model",
            Tag::Format => "format",
            Tag::Text => "text",
            Tag::Content => "content",
            Tag::Role => "role",
            Tag::Sha1 => "sha1",
            Tag::Upload => "upload",
            Tag::Filename => "filename",
            Tag::Archivename => "archivename",
            Tag::Src => "src",
            Tag::Size => "size",
            Tag::Sha1base36 => "sha1base36",
            Tag::Rel => "rel",
            Tag::Contents => "contents",
            Tag::Logitem => "logitem",
            Tag::Type => "type",
            Tag::Action => "action",
            Tag::Logtitle => "logtitle",
            Tag::Params => "params",
            Tag::Other(name) => name,
        }
    }
}

/// An element that has just been opened.
#[derive(Debug)]
pub(super) struct Opened {
    pub(super) tag: Tag,
    /// Attributes by qualified name ("xml:space"), values with entities decoded.
    attrs: Vec<(String, String)>,
    /// A self-closing tag: there is no content and no end tag to read.
    pub(super) empty: bool,
    pub(super) at: Position,
}

impl Opened {
    pub(super) fn attr(&self, name: &str) -> Option<&str> {
        self.attrs.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }

    /// The `deleted` flag attribute; the schema allows only the value "deleted".
    pub(super) fn deleted(&self) -> Result<bool, DumpError> {
        match self.attr("deleted") {
            None => Ok(false),
            Some("deleted") => Ok(true),
            Some(other) => Err(structure(
                format!("<{}> has deleted={other:?}; the only allowed value is \"deleted\"", self.tag.name()),
                self.at,
            )),
        }
    }
}

/// What the element-level reader returns.
pub(super) enum Node {
    Open(Opened),
    /// The innermost open element closed.
    End,
    /// End of input outside every element.
    Eof,
}

/// Largest event buffer kept between events; a huge revision's buffer is dropped afterwards so
/// one outlier does not pin its size for the rest of the run.
const BUF_KEEP: usize = 4 * 1024 * 1024;

/// The XML event layer: positions, the stack of open elements, text decoding.
pub(super) struct Cursor<R> {
    pub(super) xml: Reader<LineTracker<R>>,
    buf: Vec<u8>,
    stack: Vec<(Tag, Position)>,
    prev_text: bool,
}

fn is_blank(bytes: &[u8]) -> bool {
    bytes.iter().all(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r'))
}

fn snippet(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let text = text.trim();
    match text.char_indices().nth(40) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_owned(),
    }
}

/// XML 1.0 end-of-line normalisation: CR LF and lone CR become LF, as every conforming parser
/// does (MediaWiki itself never stores CR, so this only matters for hand-made dumps).
fn normalize_line_ends(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find('\r') {
        out.push_str(&rest[..i]);
        out.push('\n');
        rest = &rest[i + 1..];
        if let Some(after) = rest.strip_prefix('\n') {
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

/// Position of the first `<` or `&`, eight bytes at a time: text scanning is the innermost
/// loop of the whole reader.
pub(super) fn find_markup(bytes: &[u8]) -> Option<usize> {
    let mut i = 0;
    while i + 8 <= bytes.len() {
        let w = word(bytes, i);
        let hits = zero_bytes(w ^ splat(b'<')) | zero_bytes(w ^ splat(b'&'));
        if hits != 0 {
            return Some(i + hits.trailing_zeros() as usize / 8);
        }
        i += 8;
    }
    bytes[i..].iter().position(|&b| b == b'<' || b == b'&').map(|j| i + j)
}

/// The character a reference (the part between `&` and `;`) stands for. Dumps have no DTD, so
/// only the five predefined entities exist besides character references.
fn resolve_reference(name: &[u8]) -> Option<char> {
    let number = |digits: &[u8], radix: u32| {
        let digits = std::str::from_utf8(digits).ok().filter(|d| !d.is_empty() && !d.starts_with('+'))?;
        u32::from_str_radix(digits, radix).ok().and_then(char::from_u32).filter(|&c| c != '\0')
    };
    match name {
        b"lt" => Some('<'),
        b"gt" => Some('>'),
        b"amp" => Some('&'),
        b"apos" => Some('\''),
        b"quot" => Some('"'),
        [b'#', b'x', hex @ ..] => number(hex, 16),
        [b'#', decimal @ ..] => number(decimal, 10),
        _ => None,
    }
}

fn open_parts(start: &BytesStart<'_>, at: Position) -> Result<(Tag, Vec<(String, String)>), DumpError> {
    let tag = Tag::of(start.local_name().as_ref());
    let mut attrs = Vec::new();
    if !is_blank(start.attributes_raw()) {
        for attr in start.attributes() {
            let attr = attr.map_err(|e| xml_error(e.into(), at))?;
            let value = attr.unescape_value().map_err(|e| xml_error(e, at))?.into_owned();
            attrs.push((String::from_utf8_lossy(attr.key.as_ref()).into_owned(), value));
        }
    }
    Ok((tag, attrs))
}

impl<R: Read> Cursor<R> {
    pub(super) fn new(input: R) -> Self {
        let mut xml = Reader::from_reader(LineTracker::new(input));
        let config = xml.config_mut();
        config.trim_text(false);
        config.check_end_names = true;
        config.expand_empty_elements = false;
        Cursor { xml, buf: Vec::with_capacity(64 * 1024), stack: Vec::new(), prev_text: false }
    }

    pub(super) fn position(&self) -> Position {
        self.xml.get_ref().position()
    }

    /// Reads one XML event and where it starts.
    fn read(&mut self) -> Result<(Event<'_>, Position), DumpError> {
        if self.buf.capacity() > BUF_KEEP {
            self.buf = Vec::with_capacity(64 * 1024);
        } else {
            self.buf.clear();
        }
        let mut at = self.xml.get_ref().position();
        // Text events swallow the `<` that ends them, so the markup after one starts a byte
        // earlier than the consumed position says.
        let after_text = std::mem::replace(&mut self.prev_text, false);
        match self.xml.read_event_into(&mut self.buf) {
            Ok(ev) => {
                match ev {
                    Event::Text(_) => self.prev_text = true,
                    Event::GeneralRef(_) | Event::Eof => {}
                    _ if after_text => at.column = at.column.saturating_sub(1).max(1),
                    _ => {}
                }
                Ok((ev, at))
            }
            Err(e) => {
                if after_text {
                    at.column = at.column.saturating_sub(1).max(1);
                }
                Err(xml_error(e, at))
            }
        }
    }

    pub(super) fn truncated(&self) -> DumpError {
        let (element, opened_line) = match self.stack.last() {
            Some((tag, at)) => (tag.name().to_owned(), at.line),
            None => (String::new(), 0),
        };
        let path = self.stack.iter().map(|(tag, at)| format!("<{}> line {}", tag.name(), at.line)).collect::<Vec<_>>();
        DumpError::new(DumpErrorKind::Truncated { element, opened_line, path: path.join(" > ") }, self.position())
    }

    fn parent_name(&self) -> String {
        self.stack.last().map_or_else(|| "the document".to_owned(), |(tag, _)| format!("<{}>", tag.name()))
    }

    /// Next element-level node inside a container element: whitespace, comments and
    /// processing instructions are skipped, other text is an error.
    pub(super) fn next_node(&mut self) -> Result<Node, DumpError> {
        loop {
            let (ev, at) = self.read()?;
            match ev {
                Event::Start(s) => {
                    let (tag, attrs) = open_parts(&s, at)?;
                    self.stack.push((tag.clone(), at));
                    return Ok(Node::Open(Opened { tag, attrs, empty: false, at }));
                }
                Event::Empty(s) => {
                    let (tag, attrs) = open_parts(&s, at)?;
                    return Ok(Node::Open(Opened { tag, attrs, empty: true, at }));
                }
                Event::End(_) => {
                    self.stack.pop();
                    return Ok(Node::End);
                }
                Event::Text(t) => {
                    if !is_blank(&t) {
                        let text = snippet(&t);
                        return Err(self.stray_text(&text, at));
                    }
                }
                Event::CData(c) => {
                    if !is_blank(&c) {
                        let text = snippet(&c);
                        return Err(self.stray_text(&text, at));
                    }
                }
                Event::GeneralRef(r) => {
                    let text = format!("&{};", String::from_utf8_lossy(&r));
                    return Err(self.stray_text(&text, at));
                }
                Event::Decl(d) => {
                    if let Some(Ok(encoding)) = d.encoding() {
                        if !encoding.eq_ignore_ascii_case(b"utf-8") {
                            let encoding = String::from_utf8_lossy(&encoding).into_owned();
                            return Err(structure(
                                format!("the dump declares encoding {encoding:?}; only UTF-8 is supported"),
                                at,
                            ));
                        }
                    }
                }
                Event::Comment(_) | Event::PI(_) | Event::DocType(_) => {}
                Event::Eof => {
                    if self.stack.is_empty() {
                        return Ok(Node::Eof);
                    }
                    return Err(self.truncated());
                }
            }
        }
    }

    fn stray_text(&self, text: &str, at: Position) -> DumpError {
        structure(format!("unexpected text {text:?} in {}, which holds only elements", self.parent_name()), at)
    }

    /// Next child of the current element, or `None` when it closes.
    pub(super) fn child(&mut self) -> Result<Option<Opened>, DumpError> {
        match self.next_node()? {
            Node::Open(o) => Ok(Some(o)),
            Node::End => Ok(None),
            Node::Eof => Err(self.truncated()),
        }
    }

    /// Reads the character content of the element just opened and consumes its end tag.
    ///
    /// Character data and references are scanned straight from the line tracker's buffer
    /// instead of through the XML parser: in wikitext nearly every line has `&lt;` or `&quot;`,
    /// and the parser would return each of those as a separate event, which made text
    /// decoding the bulk of the work. The parser still reads every piece of markup (end tag,
    /// CDATA, comments), so its nesting checks stay intact; it only never sees the text bytes,
    /// which affects nothing but its own byte offset, which this reader does not use.
    pub(super) fn text(&mut self, o: &Opened) -> Result<String, DumpError> {
        if o.empty {
            return Ok(String::new());
        }
        let start = self.position();
        let mut bytes = Vec::new();
        loop {
            self.scan_chars(&mut bytes)?;
            let (ev, at) = self.read()?;
            match ev {
                Event::End(_) => {
                    self.stack.pop();
                    break;
                }
                Event::CData(c) => bytes.extend_from_slice(&c),
                // `scan_chars` leaves the parser only markup, but stay correct if it ever
                // hands text or references back.
                Event::Text(t) => bytes.extend_from_slice(&t),
                Event::GeneralRef(r) => {
                    let c = resolve_reference(&r).ok_or_else(|| {
                        DumpError::new(DumpErrorKind::Entity(String::from_utf8_lossy(&r).into_owned()), at)
                    })?;
                    bytes.extend_from_slice(c.encode_utf8(&mut [0u8; 4]).as_bytes());
                }
                Event::Start(s) | Event::Empty(s) => {
                    let child = String::from_utf8_lossy(s.local_name().as_ref()).into_owned();
                    return Err(structure(
                        format!("element <{child}> inside <{}>, which holds only text", o.tag.name()),
                        at,
                    ));
                }
                Event::Comment(_) | Event::PI(_) => {}
                Event::Decl(_) | Event::DocType(_) => {
                    return Err(structure(format!("declaration inside <{}>", o.tag.name()), at));
                }
                Event::Eof => return Err(self.truncated()),
            }
        }
        let mut text = String::from_utf8(bytes).map_err(|e| {
            // Exact unless character references for newlines come before the bad byte.
            let valid = e.utf8_error().valid_up_to();
            DumpError::new(DumpErrorKind::InvalidUtf8, advance(start, &e.as_bytes()[..valid]))
        })?;
        if text.contains('\r') {
            text = normalize_line_ends(&text);
        }
        Ok(text)
    }

    /// Moves character data and references into `bytes` up to the next `<` (left unconsumed
    /// for the parser) or the end of input.
    fn scan_chars(&mut self, bytes: &mut Vec<u8>) -> Result<(), DumpError> {
        self.prev_text = false;
        loop {
            let at = self.position();
            let tracker = self.xml.get_mut();
            let available = tracker.fill_buf().map_err(|e| DumpError::new(DumpErrorKind::Io(e), at))?;
            if available.is_empty() {
                return Ok(());
            }
            let Some(i) = find_markup(available) else {
                bytes.extend_from_slice(available);
                let n = available.len();
                tracker.consume(n);
                continue;
            };
            bytes.extend_from_slice(&available[..i]);
            let is_reference = available[i] == b'&';
            tracker.consume(i);
            if !is_reference {
                return Ok(());
            }
            let at = self.position();
            self.scan_reference(bytes, at)?;
        }
    }

    /// Decodes the reference starting at the current `&` into `bytes`.
    fn scan_reference(&mut self, bytes: &mut Vec<u8>, at: Position) -> Result<(), DumpError> {
        // Longest legitimate reference: `&#x10FFFF;`; anything longer is not one.
        const LONGEST: usize = 10;
        let mut name = [0u8; LONGEST];
        let mut len = 0;
        let tracker = self.xml.get_mut();
        tracker.consume(1);
        loop {
            let available = tracker.fill_buf().map_err(|e| DumpError::new(DumpErrorKind::Io(e), at))?;
            let end = available.iter().take(LONGEST + 1 - len).position(|&b| b == b';');
            match end {
                Some(j) => {
                    name[len..len + j].copy_from_slice(&available[..j]);
                    len += j;
                    tracker.consume(j + 1);
                    break;
                }
                None if available.is_empty() => return Err(self.truncated()),
                None if available.len() > LONGEST - len => {
                    let shown = String::from_utf8_lossy(&available[..available.len().min(LONGEST)]).into_owned();
                    return Err(DumpError::new(
                        DumpErrorKind::Xml(format!(
                            "'&' that does not start a character or entity reference: &{shown}"
                        )),
                        at,
                    ));
                }
                None => {
                    let n = available.len();
                    name[len..len + n].copy_from_slice(available);
                    len += n;
                    tracker.consume(n);
                }
            }
        }
        let name = &name[..len];
        let resolved = resolve_reference(name)
            .ok_or_else(|| DumpError::new(DumpErrorKind::Entity(String::from_utf8_lossy(name).into_owned()), at))?;
        let mut utf8 = [0u8; 4];
        bytes.extend_from_slice(resolved.encode_utf8(&mut utf8).as_bytes());
        Ok(())
    }

    /// Skips an element the reader does not know, with everything inside it.
    pub(super) fn skip(&mut self, o: &Opened) -> Result<(), DumpError> {
        if o.empty {
            return Ok(());
        }
        let depth = self.stack.len();
        loop {
            let (ev, at) = self.read()?;
            match ev {
                Event::Start(s) => {
                    let tag = Tag::of(s.local_name().as_ref());
                    self.stack.push((tag, at));
                }
                Event::End(_) => {
                    self.stack.pop();
                    if self.stack.len() < depth {
                        return Ok(());
                    }
                }
                Event::Eof => return Err(self.truncated()),
                _ => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_resolve() {
        assert_eq!(resolve_reference(b"lt"), Some('<'));
        assert_eq!(resolve_reference(b"quot"), Some('"'));
        assert_eq!(resolve_reference(b"#233"), Some('\u{e9}'));
        assert_eq!(resolve_reference(b"#x1F600"), Some('\u{1F600}'));
        for bad in [&b"nbsp"[..], b"#", b"#x", b"#0", b"#xD800", b"#x110000", b"#+5", b"#12a", b"LT"] {
            assert_eq!(resolve_reference(bad), None, "{}", String::from_utf8_lossy(bad));
        }
    }

    #[test]
    fn line_ends_are_normalised() {
        assert_eq!(normalize_line_ends("a\r\nb\rc\n\rd\r"), "a\nb\nc\n\nd\n");
    }
}
