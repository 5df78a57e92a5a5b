//! Wikitext tables (`{|`, `|-`, `|`, `!`, `|+`, `|}`) made into HTML tables line by line, as
//! MediaWiki's `handleTables` makes them.

use wikiquery_domain::php::trim;
use wikiquery_domain::sanitizer::fix_tag_attributes;

/// One table being written (tables nest).
struct Open {
    td: bool,
    last_tag: &'static str,
    tr: bool,
    tr_attributes: String,
    has_opened_tr: bool,
}

/// The text with its wikitext tables as HTML; `unstrip` gives attribute text its markers'
/// contents.
pub fn handle_tables(text: &str, unstrip: &dyn Fn(&str) -> String) -> String {
    let mut out = String::with_capacity(text.len() + 64);
    let mut stack: Vec<Open> = Vec::new();
    let mut indent_level = 0usize;
    for out_line in text.split('\n') {
        let line = trim(out_line);
        if line.is_empty() {
            out.push_str(out_line);
            out.push('\n');
            continue;
        }
        let first = line.as_bytes()[0];
        let first_two = line.get(..2).unwrap_or(line);
        let colons = line.bytes().take_while(|&b| b == b':').count();
        let after_colons = line[colons..].trim_start_matches(|c: char| c.is_ascii_whitespace() || c == '\x0b');
        let written: String;
        if let Some(attributes) = after_colons.strip_prefix("{|") {
            indent_level = colons;
            let attributes = fix_tag_attributes(&unstrip(attributes), "table");
            written = format!("{}<table{attributes}>", "<dl><dd>".repeat(indent_level));
            stack.push(Open { td: false, last_tag: "", tr: false, tr_attributes: String::new(), has_opened_tr: false });
        } else if stack.is_empty() {
            out.push_str(out_line);
            out.push('\n');
            continue;
        } else if first_two == "|}" {
            let open = stack.pop().expect("a table is open");
            let mut line = format!("</table>{}", &line[2..]);
            if !open.has_opened_tr {
                line = format!("<tr><td></td></tr>{line}");
            }
            if open.tr {
                line = format!("</tr>{line}");
            }
            if open.td {
                line = format!("</{}>{line}", open.last_tag);
            }
            written = if indent_level > 0 {
                format!("{}{}", wikiquery_domain::php::rtrim(&line), "</dd></dl>".repeat(indent_level))
            } else {
                line
            };
        } else if first_two == "|-" {
            let rest = line[1..].trim_start_matches('-');
            let attributes = fix_tag_attributes(&unstrip(rest), "tr");
            let open = stack.last_mut().expect("a table is open");
            open.tr_attributes = attributes;
            open.has_opened_tr = true;
            let mut line = String::new();
            if open.tr {
                line = "</tr>".into();
            }
            if open.td {
                line = format!("</{}>{line}", open.last_tag);
            }
            open.tr = false;
            open.td = false;
            open.last_tag = "";
            written = line;
        } else if first == b'|' || first == b'!' {
            let (kind, rest) = if first_two == "|+" { (b'+', &line[2..]) } else { (first, &line[1..]) };
            let rest = if kind == b'!' { replace_markup(rest) } else { rest.to_owned() };
            let mut line_out = String::new();
            for cell in rest.split("||") {
                let open = stack.last_mut().expect("a table is open");
                let mut previous = String::new();
                if kind != b'+' {
                    let tr_after = std::mem::take(&mut open.tr_attributes);
                    if !open.tr {
                        previous = format!("<tr{tr_after}>\n");
                    }
                    open.tr = true;
                    open.has_opened_tr = true;
                }
                if open.td {
                    previous = format!("</{}>\n{previous}", open.last_tag);
                }
                let tag = match kind {
                    b'|' => "td",
                    b'!' => "th",
                    _ => "caption",
                };
                open.last_tag = tag;
                let cell_out = match cell.split_once('|') {
                    Some((params, _)) if params.contains("[[") || params.contains("-{") => {
                        format!("{previous}<{tag}>{}", trim(cell))
                    }
                    None => format!("{previous}<{tag}>{}", trim(cell)),
                    Some((params, data)) => {
                        let attributes = fix_tag_attributes(&unstrip(params), tag);
                        format!("{previous}<{tag}{attributes}>{}", trim(data))
                    }
                };
                line_out.push_str(&cell_out);
                open.td = true;
            }
            written = line_out;
        } else {
            written = out_line.to_owned();
        }
        out.push_str(&written);
        out.push('\n');
    }
    while let Some(open) = stack.pop() {
        if open.td {
            out.push_str("</td>\n");
        }
        if open.tr {
            out.push_str("</tr>\n");
        }
        if !open.has_opened_tr {
            out.push_str("<tr><td></td></tr>\n");
        }
        out.push_str("</table>\n");
    }
    if out.ends_with('\n') {
        out.pop();
    }
    if out == "<table>\n<tr><td></td></tr>\n</table>" {
        out.clear();
    }
    out
}

/// `!!` as `||`, except inside `<…>` (MediaWiki's `replaceMarkup`).
fn replace_markup(text: &str) -> String {
    let text = text.replace('\0', "");
    let mut out = String::with_capacity(text.len());
    let mut depth = 0usize;
    let bytes = text.as_bytes();
    let mut i = 0;
    let mut last = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'<' => depth += 1,
            b'>' if depth > 0 => depth -= 1,
            b'!' if depth == 0 && bytes.get(i + 1) == Some(&b'!') => {
                out.push_str(&text[last..i]);
                out.push_str("||");
                i += 2;
                last = i;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    out.push_str(&text[last..]);
    out
}
