//! The block-level pass: paragraphs, lists, definition lists and indent-pre made from lines,
//! as MediaWiki's `BlockLevelPass` makes them, quirks included.

use std::sync::OnceLock;

use regex::Regex;
use wikiquery_domain::php::trim;

struct Pass {
    last_paragraph: &'static str,
    in_pre: bool,
    dt_open: bool,
}

fn patterns() -> &'static [Regex; 6] {
    static P: OnceLock<[Regex; 6]> = OnceLock::new();
    P.get_or_init(|| {
        let block = "table|h1|h2|h3|h4|h5|h6|pre|p|ul|ol|dl";
        let anti = "td|th";
        [
            Regex::new(&format!(r"(?i)<(({block})|/({anti})|/?(tr|caption|dt|dd|li))\b")).unwrap(),
            Regex::new(&format!(r"(?i)<(/({block})|({anti})|/?(center|blockquote|div|hr|mw:|aside|figure))\b"))
                .unwrap(),
            Regex::new(r"(?i)</pre").unwrap(),
            Regex::new(r"(?i)<pre").unwrap(),
            Regex::new(r"(?i)<(/?)blockquote[\s>]").unwrap(),
            Regex::new(r"(?is)^(?:<style\b[^>]*>.*?</style>\s*|<link\b[^>]*>\s*)+$").unwrap(),
        ]
    })
}

impl Pass {
    fn close_paragraph(&mut self, at_end: bool) -> String {
        let mut out = String::new();
        if !self.last_paragraph.is_empty() {
            out = format!("</{}>", self.last_paragraph);
            if !at_end {
                out.push('\n');
            }
        }
        self.in_pre = false;
        self.last_paragraph = "";
        out
    }

    fn open_list(&mut self, c: u8) -> String {
        let mut out = self.close_paragraph(false);
        match c {
            b'*' => out.push_str("<ul><li>"),
            b'#' => out.push_str("<ol><li>"),
            b':' => out.push_str("<dl><dd>"),
            b';' => {
                out.push_str("<dl><dt>");
                self.dt_open = true;
            }
            _ => out = "<!-- ERR 1 -->".into(),
        }
        out
    }

    fn next_item(&mut self, c: u8) -> String {
        match c {
            b'*' | b'#' => "</li>\n<li>".into(),
            b':' | b';' => {
                let close = if self.dt_open { "</dt>\n" } else { "</dd>\n" };
                if c == b';' {
                    self.dt_open = true;
                    format!("{close}<dt>")
                } else {
                    self.dt_open = false;
                    format!("{close}<dd>")
                }
            }
            _ => "<!-- ERR 2 -->".into(),
        }
    }

    fn close_list(&mut self, c: u8) -> String {
        match c {
            b'*' => "</li></ul>".into(),
            b'#' => "</li></ol>".into(),
            b':' => {
                if self.dt_open {
                    self.dt_open = false;
                    "</dt></dl>".into()
                } else {
                    "</dd></dl>".into()
                }
            }
            _ => "<!-- ERR 3 -->".into(),
        }
    }
}

/// The block-level pass over `text`; `line_start` tells whether the text starts a line.
pub fn do_block_levels(text: &str, mut line_start: bool) -> String {
    let [open_re, close_re, pre_close_re, pre_open_re, bq_re, style_re] = patterns();
    let mut pass = Pass { last_paragraph: "", in_pre: false, dt_open: false };
    let mut output = String::with_capacity(text.len() + text.len() / 8);
    let mut last_prefix = String::new();
    let mut prefix_length = 0usize;
    let mut prefix2 = String::new();
    let mut pending_p: Option<&'static str> = None;
    let mut in_block_elem = false;
    let mut in_blockquote = false;
    let lines: Vec<&str> = text.split('\n').collect();
    let count = lines.len();
    for (n, input_line) in lines.into_iter().enumerate() {
        let not_last_line = n + 1 < count;
        if !line_start {
            output.push_str(input_line);
            line_start = true;
            continue;
        }
        let last_prefix_length = last_prefix.len();
        let pre_close_match = pre_close_re.is_match(input_line);
        let pre_open_match = pre_open_re.is_match(input_line);
        let prefix: String;
        let mut t: String;
        if !pass.in_pre {
            prefix_length = input_line.bytes().take_while(|b| b"*#:;".contains(b)).count();
            prefix = input_line[..prefix_length].to_owned();
            prefix2 = prefix.replace(';', ":");
            t = input_line[prefix_length..].to_owned();
            pass.in_pre = pre_open_match;
        } else {
            prefix_length = 0;
            prefix = String::new();
            prefix2 = String::new();
            t = input_line.to_owned();
        }
        let pb = prefix.as_bytes();
        if prefix_length > 0 && last_prefix == prefix2 {
            let last = pb[prefix_length - 1];
            output.push_str(&pass.next_item(last));
            pending_p = None;
            if last == b';' {
                if let Some((term, after)) = find_colon_no_links(&t) {
                    let term = trim(&term).to_owned();
                    t = after;
                    output.push_str(&term);
                    output.push_str(&pass.next_item(b':'));
                }
            }
        } else if prefix_length > 0 || last_prefix_length > 0 {
            let lb = last_prefix.as_bytes().to_vec();
            let mut common = pb.iter().zip(lb.iter()).take_while(|(a, b)| a == b).count();
            pending_p = None;
            let mut lpl = last_prefix_length;
            while common < lpl {
                output.push_str(&pass.close_list(lb[lpl - 1]));
                lpl -= 1;
            }
            if prefix_length <= common && common > 0 {
                output.push_str(&pass.next_item(pb[common - 1]));
            }
            if pass.dt_open && common > 0 && pb[common - 1] == b':' {
                output.push_str(&pass.next_item(b':'));
            }
            if !last_prefix.is_empty() && prefix_length > common {
                output.push('\n');
            }
            while prefix_length > common {
                let c = pb[common];
                output.push_str(&pass.open_list(c));
                if c == b';' {
                    if let Some((term, after)) = find_colon_no_links(&t) {
                        let term = trim(&term).to_owned();
                        t = after;
                        output.push_str(&term);
                        output.push_str(&pass.next_item(b':'));
                    }
                }
                common += 1;
            }
            if prefix_length == 0 && !last_prefix.is_empty() {
                output.push('\n');
            }
            last_prefix = prefix2.clone();
        }
        if prefix_length == 0 {
            let open_match = open_re.is_match(&t);
            let close_match = close_re.is_match(&t);
            if open_match || close_match {
                pending_p = None;
                if !pass.in_pre || pre_open_match {
                    output.push_str(&pass.close_paragraph(false));
                }
                if pre_open_match && !pre_close_match {
                    pass.in_pre = true;
                }
                for m in bq_re.captures_iter(&t) {
                    in_blockquote = m.get(1).map_or(true, |g| g.as_str().is_empty());
                }
                in_block_elem = !close_match;
            } else if !in_block_elem && !pass.in_pre {
                if t.starts_with(' ') && (pass.last_paragraph == "pre" || !trim(&t).is_empty()) && !in_blockquote {
                    if pass.last_paragraph != "pre" {
                        pending_p = None;
                        output.push_str(&pass.close_paragraph(false));
                        output.push_str("<pre>");
                        pass.last_paragraph = "pre";
                    }
                    t.remove(0);
                } else if style_re.is_match(&t) {
                    if pending_p.is_some() {
                        output.push_str(&pass.close_paragraph(false));
                        pending_p = None;
                    }
                } else if trim(&t).is_empty() {
                    if let Some(p) = pending_p {
                        output.push_str(p);
                        output.push_str("<br />");
                        pending_p = None;
                        pass.last_paragraph = "p";
                    } else if pass.last_paragraph != "p" {
                        output.push_str(&pass.close_paragraph(false));
                        pending_p = Some("<p>");
                    } else {
                        pending_p = Some("</p><p>");
                    }
                } else if let Some(p) = pending_p {
                    output.push_str(p);
                    pending_p = None;
                    pass.last_paragraph = "p";
                } else if pass.last_paragraph != "p" {
                    output.push_str(&pass.close_paragraph(false));
                    output.push_str("<p>");
                    pass.last_paragraph = "p";
                }
            }
        }
        if pre_close_match && pass.in_pre {
            pass.in_pre = false;
        }
        if pending_p.is_none() {
            if prefix_length == 0 {
                output.push_str(&t);
                if not_last_line || !pass.last_paragraph.is_empty() {
                    output.push('\n');
                }
            } else {
                output.push_str(trim(&t));
            }
        }
    }
    let p2 = prefix2.as_bytes().to_vec();
    while prefix_length > 0 {
        output.push_str(&pass.close_list(p2.get(prefix_length - 1).copied().unwrap_or(b'*')));
        prefix_length -= 1;
        if prefix_length == 0 && !pass.last_paragraph.is_empty() {
            output.push('\n');
        }
    }
    output.push_str(&pass.close_paragraph(true));
    output
}

/// Splits a definition-list line at its first colon outside tags and `-{…}-` (the term and the
/// definition), as MediaWiki's `findColonNoLinks`.
fn find_colon_no_links(s: &str) -> Option<(String, String)> {
    let b = s.as_bytes();
    let first = find_interesting(s, 0)?;
    if b[first] == b':' {
        return Some((s[..first].to_owned(), s[first + 1..].to_owned()));
    }
    #[derive(PartialEq, Clone, Copy)]
    enum St {
        Text,
        Lc,
        Tag,
        TagStart,
        CloseTag,
        TagSlash,
        Comment,
        CommentDash,
        CommentDashDash,
    }
    let mut state = St::Text;
    let mut lt_level = 0i32;
    let mut lc_level = 0i32;
    let mut i = first;
    while i < b.len() {
        let c = b[i];
        match state {
            St::Text => match c {
                b'<' => state = St::TagStart,
                b':' => {
                    if lt_level == 0 {
                        return Some((s[..i].to_owned(), s[i + 1..].to_owned()));
                    }
                }
                _ => {
                    let next = find_interesting(s, i)?;
                    if b[next] == b'-' {
                        state = St::Lc;
                        lc_level += 1;
                        i = next + 1;
                    } else {
                        i = next;
                        continue;
                    }
                }
            },
            St::Lc => {
                let rest = &s[i..];
                let open = rest.find("-{");
                let close = rest.find("}-");
                match (open, close) {
                    (None, None) => return None,
                    (Some(o), c) if c.map_or(true, |c| o < c) => {
                        i += o + 1;
                        lc_level += 1;
                    }
                    (_, Some(c)) => {
                        i += c + 1;
                        lc_level -= 1;
                        if lc_level == 0 {
                            state = St::Text;
                        }
                    }
                    _ => return None,
                }
            }
            St::Tag => match c {
                b'>' => {
                    lt_level += 1;
                    state = St::Text;
                }
                b'/' => state = St::TagSlash,
                _ => {}
            },
            St::TagStart => {
                state = match c {
                    b'/' => St::CloseTag,
                    b'!' => St::Comment,
                    b'>' => St::Text,
                    _ => St::Tag,
                }
            }
            St::CloseTag => {
                if c == b'>' {
                    if lt_level > 0 {
                        lt_level -= 1;
                    }
                    state = St::Text;
                }
            }
            St::TagSlash => state = if c == b'>' { St::Text } else { St::Tag },
            St::Comment => {
                if c == b'-' {
                    state = St::CommentDash;
                }
            }
            St::CommentDash => state = if c == b'-' { St::CommentDashDash } else { St::Comment },
            St::CommentDashDash => state = if c == b'>' { St::Text } else { St::Comment },
        }
        i += 1;
    }
    None
}

/// Where the next `:`, `<` or `-{` is, from `from`.
fn find_interesting(s: &str, from: usize) -> Option<usize> {
    let b = s.as_bytes();
    let mut i = from;
    while i < b.len() {
        match b[i] {
            b':' | b'<' => return Some(i),
            b'-' if b.get(i + 1) == Some(&b'{') => return Some(i),
            _ => i += 1,
        }
    }
    None
}
