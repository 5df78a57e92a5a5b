//! The reading itself: one pass over the text with a stack of open constructs (braces,
//! brackets, a heading's line), each collecting its parts, as MediaWiki's hash preprocessor
//! reads. Positions are byte offsets; every place the text is cut is next to an ASCII
//! character, so the pieces stay valid UTF-8.

use super::{Element, Node, Options};

/// What an opening run of characters can become.
struct Rule {
    open: &'static str,
    close: &'static str,
    /// The element of a match of 2 and 3 characters (`None` for text).
    names: [Option<Option<&'static str>>; 4],
    min: usize,
    max: usize,
}

const BRACES: Rule =
    Rule { open: "{", close: "}", names: [None, None, Some(Some("template")), Some(Some("tplarg"))], min: 2, max: 3 };
const BRACKETS: Rule = Rule { open: "[", close: "]", names: [None, None, Some(None), None], min: 2, max: 2 };
const CONVERSION: Rule = Rule { open: "-{", close: "}-", names: [None, None, Some(None), None], min: 2, max: 2 };

fn rule(open: &str) -> &'static Rule {
    match open {
        "{" => &BRACES,
        "[" => &BRACKETS,
        _ => &CONVERSION,
    }
}

/// One `|`-separated part of an open construct.
#[derive(Default)]
struct Part {
    out: Vec<Node>,
    /// Where its first top-level `=` stands in `out`.
    eqpos: Option<usize>,
    /// Where the last comment in it ended, and where the visible text before it ended.
    comment_end: Option<usize>,
    visual_end: Option<usize>,
}

impl Part {
    fn with(text: &str) -> Part {
        let mut part = Part::default();
        if !text.is_empty() {
            part.out.push(Node::Text(text.to_owned()));
        }
        part
    }
}

/// An open construct: braces, brackets, `-{`, or a heading's line (`open` is a line feed).
struct Piece {
    open: &'static str,
    close: &'static str,
    saved_prefix: &'static str,
    start_pos: usize,
    count: usize,
    parts: Vec<Part>,
    line_start: bool,
}

impl Piece {
    fn current(&mut self) -> &mut Part {
        self.parts.last_mut().expect("a piece has a part")
    }

    fn find_pipe(&self) -> bool {
        self.open != "\n" && self.open != "["
    }

    /// The piece given back as the text it was, with what its parts hold.
    fn break_syntax(&mut self, opening: Option<usize>) -> Vec<Node> {
        let parts = std::mem::take(&mut self.parts);
        if self.open == "\n" {
            let mut accum = vec![Node::Text(self.saved_prefix.to_owned())];
            accum.extend(parts.into_iter().next().map(|p| p.out).unwrap_or_default());
            return accum;
        }
        let opening = opening.unwrap_or(self.count);
        let mut accum = vec![Node::Text(format!("{}{}", self.saved_prefix, opening_text(self.open, opening)))];
        for (n, part) in parts.into_iter().enumerate() {
            if n > 0 {
                push_merged(&mut accum, Node::Text("|".into()));
            }
            for node in part.out {
                push_merged(&mut accum, node);
            }
        }
        accum
    }
}

/// `count` opening characters of a kind: `{{`, `[[`, `-{`.
fn opening_text(open: &str, count: usize) -> String {
    let (head, last) = open.split_at(open.len() - 1);
    format!("{head}{}", last.repeat(count.saturating_sub(head.len())))
}

/// Adds a node, joining text to text before it.
fn push_merged(accum: &mut Vec<Node>, node: Node) {
    if let (Node::Text(text), Some(Node::Text(last))) = (&node, accum.last_mut()) {
        last.push_str(text);
        return;
    }
    accum.push(node);
}

fn add_literal(accum: &mut Vec<Node>, text: &str) {
    if let Some(Node::Text(last)) = accum.last_mut() {
        last.push_str(text);
    } else {
        accum.push(Node::Text(text.to_owned()));
    }
}

/// The open constructs, innermost last, and what stands outside all of them.
struct Stack {
    pieces: Vec<Piece>,
    root: Vec<Node>,
}

/// The flags the innermost construct sets: whether `|` and `=` mean something, and whether
/// a line feed ends a heading.
#[derive(Clone, Copy)]
struct Flags {
    find_equals: bool,
    find_pipe: bool,
    in_heading: bool,
}

impl Stack {
    fn accum(&mut self) -> &mut Vec<Node> {
        match self.pieces.last_mut() {
            Some(piece) => &mut piece.current().out,
            None => &mut self.root,
        }
    }

    fn flags(&self) -> Flags {
        match self.pieces.last() {
            None => Flags { find_equals: false, find_pipe: false, in_heading: false },
            Some(piece) => {
                let find_pipe = piece.find_pipe();
                let last = piece.parts.last().expect("a piece has a part");
                Flags {
                    find_pipe,
                    find_equals: find_pipe && piece.parts.len() > 1 && last.eqpos.is_none(),
                    in_heading: piece.open == "\n",
                }
            }
        }
    }
}

/// How many bytes from `at` on are in `set` (at most `max`).
fn span(text: &[u8], at: usize, set: &[u8], max: usize) -> usize {
    text.get(at..).unwrap_or_default().iter().take(max).take_while(|b| set.contains(b)).count()
}

/// How many bytes just before `end` are in `set`.
fn span_back(text: &[u8], end: usize, set: &[u8]) -> usize {
    text[..end.min(text.len())].iter().rev().take_while(|b| set.contains(b)).count()
}

fn find(text: &[u8], at: usize, needle: &[u8]) -> Option<usize> {
    if at > text.len() {
        return None;
    }
    text[at..].windows(needle.len()).position(|w| w == needle).map(|p| p + at)
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// The tag name among `names` that the text at `at` starts with (any case), followed by
/// white space, `/>` or `>`; or `!--`. The name as written, or `None`.
fn element_at<'t>(text: &'t str, at: usize, names: &[String]) -> Option<&'t str> {
    let rest = text.as_bytes().get(at..)?;
    for name in names {
        let n = name.len();
        if rest.len() >= n && rest[..n].eq_ignore_ascii_case(name.as_bytes()) {
            let after = &rest[n..];
            if after.first().is_some_and(|b| is_space(*b) || *b == b'>') || after.starts_with(b"/>") {
                return Some(&text[at..at + n]);
            }
        }
    }
    if rest.starts_with(b"!--") {
        return Some("!--");
    }
    None
}

/// The first `</name>` (any case, white space before `>`) from `at` on: its start and end.
fn closing_tag(text: &[u8], at: usize, name: &str) -> Option<(usize, usize)> {
    let mut from = at;
    while let Some(start) = find(text, from, b"</") {
        let after = start + 2;
        let n = name.len();
        if text.len() >= after + n && text[after..after + n].eq_ignore_ascii_case(name.as_bytes()) {
            let end = after + n + span(text, after + n, b" \t\n\r\x0b\x0c", usize::MAX);
            if text.get(end) == Some(&b'>') {
                return Some((start, end + 1));
            }
        }
        from = start + 1;
    }
    None
}

/// Reads `text` into its tree (the `root` element).
pub fn preprocess(text: &str, options: &Options) -> Element {
    Reader::new(text, options).run(&mut Vec::new())
}

/// Where each heading of `text` starts (its first `=`, in bytes), by heading index less one:
/// what MediaWiki counts a section's byte offset from.
pub fn heading_starts(text: &str, options: &Options) -> Vec<usize> {
    let mut starts = Vec::new();
    Reader::new(text, options).run(&mut starts);
    starts
}

struct Reader<'t> {
    text: &'t str,
    bytes: &'t [u8],
    /// Tag names that make elements, then the tags that are ignored (matched in this order).
    element_names: Vec<String>,
    ignored_tags: &'static [&'static str],
    ignored_elements: &'static [&'static str],
    enable_onlyinclude: bool,
    language_conversion: bool,
}

impl<'t> Reader<'t> {
    fn new(text: &'t str, options: &Options) -> Reader<'t> {
        let mut element_names = options.extension_tags.clone();
        let (ignored_tags, ignored_elements, extra): (&[&str], &[&str], &str) = if options.for_inclusion {
            (&["includeonly", "/includeonly"], &["noinclude"], "noinclude")
        } else {
            (&["noinclude", "/noinclude", "onlyinclude", "/onlyinclude"], &["includeonly"], "includeonly")
        };
        element_names.push(extra.to_owned());
        element_names.extend(ignored_tags.iter().map(|t| (*t).to_owned()));
        let enable_onlyinclude =
            options.for_inclusion && text.contains("<onlyinclude>") && text.contains("</onlyinclude>");
        Reader {
            text,
            bytes: text.as_bytes(),
            element_names,
            ignored_tags,
            ignored_elements,
            enable_onlyinclude,
            language_conversion: !options.no_language_conversion,
        }
    }

    fn run(self, heading_starts: &mut Vec<usize>) -> Element {
        let text = self.text;
        let bytes = self.bytes;
        let len = bytes.len();
        let mut stack = Stack { pieces: Vec::new(), root: Vec::new() };
        let mut i = 0usize;
        let mut flags = stack.flags();
        let mut heading_index = 1usize;
        let mut no_more_gt = false;
        let mut no_more_closing: Vec<String> = Vec::new();
        let mut find_onlyinclude = self.enable_onlyinclude;
        let mut fake_line_start = true;
        let search_base: &[u8] = if self.language_conversion { b"[{<\n-" } else { b"[{<\n" };

        enum Found {
            LineStart,
            LineEnd,
            Pipe,
            Equals,
            Angle,
            Close,
            Open(&'static Rule),
        }

        loop {
            if find_onlyinclude {
                match find(bytes, i, b"<onlyinclude>") {
                    None => {
                        stack.accum().push(Element::text("ignore", &text[i..]));
                        break;
                    }
                    Some(start) => {
                        let tag_end = start + "<onlyinclude>".len();
                        stack.accum().push(Element::text("ignore", &text[i..tag_end]));
                        i = tag_end;
                        find_onlyinclude = false;
                    }
                }
            }

            let found;
            let mut cur: &'static str = "";
            if fake_line_start {
                found = Found::LineStart;
            } else {
                let closing: &'static str = stack.pieces.last().map(|p| p.close).unwrap_or("");
                let mut search: Vec<u8> = search_base.to_vec();
                search.extend_from_slice(closing.as_bytes());
                if flags.find_pipe {
                    search.push(b'|');
                }
                if flags.find_equals {
                    search.push(b'=');
                }
                let literal = bytes[i..].iter().take_while(|b| !search.contains(b)).count();
                if literal > 0 {
                    add_literal(stack.accum(), &text[i..i + literal]);
                    i += literal;
                }
                if i >= len {
                    if closing == "\n" {
                        found = Found::LineEnd;
                    } else {
                        break;
                    }
                } else {
                    let c = bytes[i];
                    let two = &bytes[i..(i + 2).min(len)];
                    if c == b'|' {
                        found = Found::Pipe;
                    } else if c == b'=' {
                        found = Found::Equals;
                    } else if c == b'<' {
                        found = Found::Angle;
                    } else if c == b'\n' {
                        found = if flags.in_heading { Found::LineEnd } else { Found::LineStart };
                    } else if !closing.is_empty() && two == closing.as_bytes() {
                        found = Found::Close;
                        cur = closing;
                    } else if !closing.is_empty() && [c] == closing.as_bytes()[..] {
                        found = Found::Close;
                        cur = closing;
                    } else if two == b"-{" {
                        found = Found::Open(&CONVERSION);
                        cur = "-{";
                    } else if c == b'{' {
                        found = Found::Open(&BRACES);
                        cur = "{";
                    } else if c == b'[' {
                        found = Found::Open(&BRACKETS);
                        cur = "[";
                    } else {
                        // A `-` that opens nothing, or a `}` that closes nothing: text.
                        if c == b'-' || c == b'}' {
                            add_literal(stack.accum(), &text[i..i + 1]);
                        }
                        i += 1;
                        continue;
                    }
                }
            }

            match found {
                Found::Angle => {
                    if self.enable_onlyinclude && bytes[i..].starts_with(b"</onlyinclude>") {
                        find_onlyinclude = true;
                        continue;
                    }
                    let Some(name) = element_at(text, i + 1, &self.element_names) else {
                        add_literal(stack.accum(), "<");
                        i += 1;
                        continue;
                    };
                    if name == "!--" {
                        i = self.comment(&mut stack, i, &mut fake_line_start);
                        continue;
                    }
                    let lower = name.to_ascii_lowercase();
                    let attr_start = i + name.len() + 1;
                    let tag_end = if no_more_gt { None } else { find(bytes, attr_start, b">") };
                    let Some(tag_end) = tag_end else {
                        no_more_gt = true;
                        add_literal(stack.accum(), "<");
                        i += 1;
                        continue;
                    };
                    if self.ignored_tags.contains(&lower.as_str()) {
                        stack.accum().push(Element::text("ignore", &text[i..=tag_end]));
                        i = tag_end + 1;
                        continue;
                    }
                    let tag_start = i;
                    let (attr_end, inner, close);
                    if bytes[tag_end - 1] == b'/' {
                        attr_end = tag_end - 1;
                        inner = None;
                        close = None;
                        i = tag_end + 1;
                    } else {
                        attr_end = tag_end;
                        let found_close = if no_more_closing.iter().any(|n| n == name) {
                            None
                        } else {
                            closing_tag(bytes, tag_end + 1, name)
                        };
                        match found_close {
                            Some((start, end)) => {
                                inner = Some(&text[tag_end + 1..start]);
                                close = Some(&text[start..end]);
                                i = end;
                            }
                            // Only these, as written, may run to the end of the text.
                            None if ["includeonly", "noinclude", "onlyinclude"].contains(&name) => {
                                inner = Some(&text[tag_end + 1..]);
                                close = None;
                                i = len;
                            }
                            None => {
                                i = tag_end + 1;
                                add_literal(stack.accum(), &text[tag_start..=tag_end]);
                                no_more_closing.push(name.to_owned());
                                continue;
                            }
                        }
                    }
                    if self.ignored_elements.contains(&lower.as_str()) {
                        stack.accum().push(Element::text("ignore", &text[tag_start..i]));
                        continue;
                    }
                    let attr = if attr_end <= attr_start { "" } else { &text[attr_start..attr_end] };
                    let mut children = vec![Element::text("name", name), Element::text("attr", attr)];
                    if let Some(inner) = inner {
                        children.push(Element::text("inner", inner));
                    }
                    if let Some(close) = close {
                        children.push(Element::text("close", close));
                    }
                    stack.accum().push(Node::Element(Element::new("ext", children)));
                }
                Found::LineStart => {
                    if fake_line_start {
                        fake_line_start = false;
                    } else {
                        add_literal(stack.accum(), "\n");
                        i += 1;
                    }
                    let count = span(bytes, i, b"=", 6);
                    if count == 1 && flags.find_equals {
                        // Taken as a part's `name=value` sign rather than a heading.
                    } else if count > 0 {
                        stack.pieces.push(Piece {
                            open: "\n",
                            close: "\n",
                            saved_prefix: "",
                            start_pos: i,
                            count,
                            parts: vec![Part::with(&"=".repeat(count))],
                            line_start: false,
                        });
                        flags = stack.flags();
                        i += count;
                    }
                }
                Found::LineEnd => {
                    let piece = stack.pieces.last_mut().expect("a heading is open");
                    let part = piece.current();
                    let mut search_start = i - span_back(bytes, i, b" \t");
                    if part.comment_end.is_some_and(|end| search_start >= 1 && search_start - 1 == end) {
                        // A comment ends the line: the equals signs stand before it.
                        search_start = part.visual_end.unwrap_or(search_start);
                        search_start -= span_back(bytes, search_start, b" \t");
                    }
                    let equals = span_back(bytes, search_start, b"=");
                    let mut count = piece.count;
                    let level = if equals > 0 {
                        if search_start - equals == piece.start_pos {
                            // A line of equals signs only.
                            count = if equals < 3 { 0 } else { 6.min((equals - 1) / 2) };
                        } else {
                            count = equals.min(count);
                        }
                        count
                    } else {
                        0
                    };
                    let piece = stack.pieces.pop().expect("a heading is open");
                    let start = piece.start_pos;
                    let accum = piece.parts.into_iter().next().map(|p| p.out).unwrap_or_default();
                    let element = if level > 0 {
                        let mut h = Element::new("possible-h", accum);
                        h.attributes = vec![("level", level.to_string()), ("i", heading_index.to_string())];
                        heading_index += 1;
                        heading_starts.push(start);
                        vec![Node::Element(h)]
                    } else {
                        accum
                    };
                    flags = stack.flags();
                    stack.accum().extend(element);
                    // The line feed is read again: it may start the next heading.
                }
                Found::Open(mut rule) => {
                    let mut count = if cur.len() > 1 {
                        span(bytes, i + 1, &cur.as_bytes()[cur.len() - 1..], usize::MAX) + 1
                    } else {
                        span(bytes, i, cur.as_bytes(), usize::MAX)
                    };
                    let mut saved_prefix = "";
                    let line_start = i > 0 && bytes[i - 1] == b'\n';
                    if cur == "-{" && count > cur.len() {
                        // `-{{…`: the braces win.
                        saved_prefix = "-";
                        i += 1;
                        cur = "{";
                        count -= 1;
                        rule = &BRACES;
                    }
                    if count >= rule.min {
                        stack.pieces.push(Piece {
                            open: rule.open,
                            close: rule.close,
                            saved_prefix,
                            start_pos: i,
                            count,
                            parts: vec![Part::default()],
                            line_start,
                        });
                        flags = stack.flags();
                    } else {
                        add_literal(stack.accum(), &format!("{saved_prefix}{}", cur.repeat(count)));
                    }
                    i += count;
                }
                Found::Close => {
                    let piece = stack.pieces.last().expect("a construct is open");
                    let mut max_count = piece.count;
                    if piece.close == "}-" && cur == "}" {
                        max_count -= 1;
                    }
                    let rule = rule(piece.open);
                    // Counting past one more than the longest match changes nothing, and would
                    // make a long run of closing braces cost its length at every step.
                    let count = if cur.len() > 1 {
                        cur.len()
                    } else {
                        span(bytes, i, cur.as_bytes(), max_count.min(rule.max + 1))
                    };
                    let matching = if count > rule.max {
                        rule.max
                    } else {
                        let mut m = count;
                        while m > 0 && !matches!(rule.names.get(m), Some(Some(_))) {
                            m -= 1;
                        }
                        m
                    };
                    if matching == 0 {
                        add_literal(stack.accum(), &text[i..i + count]);
                        i += count;
                        continue;
                    }
                    let mut piece = stack.pieces.pop().expect("a construct is open");
                    let name = rule.names[matching].flatten();
                    let element = match name {
                        None => {
                            // Brackets (and `-{…}-`): given back as text.
                            let end_text = &text[i..i + matching];
                            let mut element = piece.break_syntax(Some(matching));
                            add_literal(&mut element, end_text);
                            element
                        }
                        Some(name) => {
                            let parts = std::mem::take(&mut piece.parts);
                            vec![Node::Element(call_element(
                                name,
                                parts,
                                max_count == matching && piece.line_start && piece.saved_prefix.is_empty(),
                            ))]
                        }
                    };
                    i += matching;
                    if matching < piece.count {
                        piece.parts = vec![Part::default()];
                        piece.count -= matching;
                        if piece.count >= rule.min {
                            stack.pieces.push(piece);
                        } else if piece.count == 1 && piece.open == "{" && piece.saved_prefix == "-" {
                            piece.saved_prefix = "";
                            piece.open = "-{";
                            piece.count = 2;
                            piece.close = CONVERSION.close;
                            stack.pieces.push(piece);
                        } else {
                            let literal = format!("{}{}", piece.saved_prefix, opening_text(piece.open, piece.count));
                            add_literal(stack.accum(), &literal);
                        }
                    } else if !piece.saved_prefix.is_empty() {
                        add_literal(stack.accum(), piece.saved_prefix);
                    }
                    flags = stack.flags();
                    stack.accum().extend(element);
                }
                Found::Pipe => {
                    flags.find_equals = true;
                    stack.pieces.last_mut().expect("a construct is open").parts.push(Part::default());
                    i += 1;
                }
                Found::Equals => {
                    flags.find_equals = false;
                    let part = stack.pieces.last_mut().expect("a construct is open").current();
                    part.out.push(Element::text("equals", "="));
                    part.eqpos = Some(part.out.len() - 1);
                    i += 1;
                }
            }
        }

        // What is still open is text.
        let mut root = std::mem::take(&mut stack.root);
        for mut piece in stack.pieces {
            root.extend(piece.break_syntax(None));
        }
        for node in &mut root {
            if let Node::Element(element) = node {
                if element.name == "possible-h" {
                    element.name = "h";
                }
            }
        }
        Element::new("root", root)
    }

    /// A comment at `i` (`<!--`): read into the tree, eating its line when only white space
    /// and other comments share it. Gives where reading goes on.
    fn comment(&self, stack: &mut Stack, i: usize, fake_line_start: &mut bool) -> usize {
        let text = self.text;
        let bytes = self.bytes;
        let Some(close) = find(bytes, i + 4, b"-->") else {
            stack.accum().push(Element::text("comment", &text[i..]));
            return bytes.len();
        };
        let ws_start = if i > 0 { i - span_back(bytes, i, b" \t") } else { 0 };
        // The last space after the comment, or its `>`.
        let mut ws_end = close + 2 + span(bytes, close + 3, b" \t", usize::MAX);
        let mut comments = vec![(ws_start, ws_end)];
        while bytes.get(ws_end + 1..ws_end + 5) == Some(b"<!--") {
            let Some(c) = find(bytes, ws_end + 4, b"-->") else { break };
            let c = c + 2 + span(bytes, c + 3, b" \t", usize::MAX);
            comments.push((ws_end + 1, c));
            ws_end = c;
        }
        let (start, end);
        if ws_start > 0 && bytes[ws_start - 1] == b'\n' && bytes.get(ws_end + 1) == Some(&b'\n') {
            // The comments fill their line: the white space before them goes, and the line
            // feed after them with the last one.
            let ws_length = i - ws_start;
            let accum = stack.accum();
            if ws_length > 0 {
                if let Some(Node::Text(last)) = accum.last_mut() {
                    if last.len() >= ws_length
                        && last.as_bytes()[last.len() - ws_length..].iter().all(|b| *b == b' ' || *b == b'\t')
                    {
                        last.truncate(last.len() - ws_length);
                    }
                }
            }
            let (last_start, last_end) = *comments.last().expect("one comment at least");
            for (from, to) in &comments[..comments.len() - 1] {
                accum.push(Element::text("comment", &text[*from..=*to]));
            }
            start = last_start;
            end = last_end + 1;
            *fake_line_start = true;
        } else {
            start = i;
            end = close + 2;
        }
        if let Some(piece) = stack.pieces.last_mut() {
            let part = piece.current();
            if !(part.comment_end.is_some() && ws_start >= 1 && part.comment_end == Some(ws_start - 1)) {
                part.visual_end = Some(ws_start);
            }
            part.comment_end = Some(end);
        }
        stack.accum().push(Element::text("comment", &text[start..=end]));
        end + 1
    }
}

/// A `template` or `tplarg` element from the parts read: the first is the title, each other
/// a named part (split at its `=`) or the next numbered one.
fn call_element(name: &'static str, parts: Vec<Part>, line_start: bool) -> Element {
    let mut children = Vec::new();
    let mut parts = parts.into_iter();
    let title = parts.next().map(|p| p.out).unwrap_or_default();
    children.push(Node::Element(Element::new("title", title)));
    let mut index = 1;
    for part in parts {
        let mut out = part.out;
        let element = match part.eqpos {
            Some(eq) => {
                let value = out.split_off(eq + 1);
                let equals = out.pop().expect("the equals sign");
                Element::new(
                    "part",
                    vec![Node::Element(Element::new("name", out)), equals, Node::Element(Element::new("value", value))],
                )
            }
            None => {
                let mut name = Element::new("name", Vec::new());
                name.attributes.push(("index", index.to_string()));
                index += 1;
                Element::new("part", vec![Node::Element(name), Node::Element(Element::new("value", out))])
            }
        };
        children.push(Node::Element(element));
    }
    let mut element = Element::new(name, children);
    if line_start {
        element.attributes.push(("lineStart", "1".into()));
    }
    element
}
