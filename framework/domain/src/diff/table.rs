//! The diff written as the rows of MediaWiki's four-column diff table: blocks of changes
//! with up to two lines of context around them, each under a row naming its first line on
//! each side.

use super::engine::Op;
use super::words;
use crate::html::{escape, escape_element_text};

/// Lines of context kept before and after each change.
const CONTEXT: usize = 2;

/// Which column of the table a cell is on.
#[derive(Clone, Copy)]
enum Side {
    Deleted,
    Added,
}

impl Side {
    fn class(self) -> &'static str {
        match self {
            Side::Deleted => "diff-side-deleted",
            Side::Added => "diff-side-added",
        }
    }
}

/// Spaces kept visible: a no-break space before a leading space, after a trailing one, and in
/// place of the first of each pair of spaces.
fn escape_white_space(html: &str) -> String {
    let mut s = html.to_owned();
    if s.starts_with(' ') {
        s.insert(0, '\u{a0}');
    }
    if s.ends_with(' ') {
        s.push('\u{a0}');
    }
    s.replace("  ", "\u{a0} ")
}

/// One of the two columns of a line: marker cell and text cell.
fn line_cells(marker: &str, class: &str, html: &str) -> String {
    let content = if html.is_empty() { "<br/>".to_owned() } else { format!("<div>{}</div>", escape_white_space(html)) };
    let marker = if marker.is_empty() { String::new() } else { format!(" data-marker=\"{marker}\"") };
    format!("<td class=\"diff-marker\"{marker}></td><td class=\"{class}\">{content}</td>")
}

fn added_cells(html: &str) -> String {
    line_cells("+", "diff-addedline diff-side-added", html)
}

fn deleted_cells(html: &str) -> String {
    line_cells("\u{2212}", "diff-deletedline diff-side-deleted", html)
}

fn context_cells(html: &str, side: Side) -> String {
    line_cells("", &format!("diff-context {}", side.class()), html)
}

fn empty_cells(side: Side) -> String {
    format!("<td colspan=\"2\" class=\"{}\"></td>", side.class())
}

/// Writes the rows of the table.
struct Writer<'a> {
    out: String,
    label: &'a dyn Fn(usize) -> String,
}

impl Writer<'_> {
    fn row(&mut self, cells: &str) {
        self.out.push_str("<tr>");
        // The combining long solidus is written as a reference, so that it cannot join the
        // markup before it.
        self.out.push_str(&cells.replace('\u{338}', "&#x338;"));
        self.out.push_str("</tr>\n");
    }

    fn header(&mut self, old_line: usize, new_line: usize) {
        let (old_label, new_label) = ((self.label)(old_line), (self.label)(new_line));
        self.out.push_str(&format!(
            "<tr><td colspan=\"2\" class=\"diff-lineno\" id=\"mw-diff-left-l{old_line}\">\
             {old_label}</td>\n<td colspan=\"2\" class=\"diff-lineno\">{new_label}</td></tr>\n"
        ));
    }

    fn context(&mut self, lines: &[&str]) {
        for line in lines {
            let html = escape(line);
            let cells = context_cells(&html, Side::Deleted) + &context_cells(&html, Side::Added);
            self.row(&cells);
        }
    }

    fn added(&mut self, lines: &[&str]) {
        for line in lines {
            let html = format!("<ins class=\"diffchange\">{}</ins>", escape_element_text(line));
            self.row(&(empty_cells(Side::Deleted) + &added_cells(&html)));
        }
    }

    fn deleted(&mut self, lines: &[&str]) {
        for line in lines {
            let html = format!("<del class=\"diffchange\">{}</del>", escape_element_text(line));
            self.row(&(deleted_cells(&html) + &empty_cells(Side::Added)));
        }
    }

    fn changed(&mut self, old: &[&str], new: &[&str]) {
        let marked = words::diff(old, new);
        let rows = marked.old.len().max(marked.new.len());
        for i in 0..rows {
            let left = marked.old.get(i).map_or_else(|| empty_cells(Side::Deleted), |l| deleted_cells(l));
            let right = marked.new.get(i).map_or_else(|| empty_cells(Side::Added), |l| added_cells(l));
            self.row(&(left + &right));
        }
    }
}

/// A step of a block, with the lines it concerns.
enum Part<'t> {
    Context(Vec<&'t str>),
    Op(&'t Op),
}

/// Writes the steps from `old` to `new` as table rows; `label` names a line (1-based).
pub(crate) fn format(old: &[&str], new: &[&str], ops: &[Op], label: &dyn Fn(usize) -> String) -> String {
    let mut writer = Writer { out: String::new(), label };
    // Line numbers (1-based) of the next line on each side.
    let (mut x, mut y) = (1usize, 1usize);
    let (mut x0, mut y0) = (0usize, 0usize);
    let mut block: Option<Vec<Part>> = None;
    let mut context: Vec<&str> = Vec::new();
    for op in ops {
        if let Op::Copy(a, _) = op {
            let copied = old.get(a.clone()).map(<[&str]>::to_vec).unwrap_or_default();
            if let Some(parts) = block.as_mut() {
                if copied.len() <= 2 * CONTEXT {
                    parts.push(Part::Op(op));
                } else {
                    parts.push(Part::Context(copied[..CONTEXT].to_vec()));
                    let parts = block.take().unwrap_or_default();
                    write_block(&mut writer, old, new, x0, y0, &parts);
                }
            }
            context = copied;
        } else {
            if block.is_none() {
                let lead = context.len().saturating_sub(CONTEXT);
                let lead_lines = context[lead..].to_vec();
                x0 = x - lead_lines.len();
                y0 = y - lead_lines.len();
                let mut parts = Vec::new();
                if !lead_lines.is_empty() {
                    parts.push(Part::Context(lead_lines));
                }
                block = Some(parts);
            }
            if let Some(parts) = block.as_mut() {
                parts.push(Part::Op(op));
            }
        }
        let (old_len, new_len) = match op {
            Op::Copy(a, b) | Op::Change(a, b) => (a.len(), b.len()),
            Op::Delete(a) => (a.len(), 0),
            Op::Add(b) => (0, b.len()),
        };
        x += old_len;
        y += new_len;
    }
    if let Some(parts) = block {
        write_block(&mut writer, old, new, x0, y0, &parts);
    }
    writer.out
}

fn write_block(writer: &mut Writer, old: &[&str], new: &[&str], x0: usize, y0: usize, parts: &[Part]) {
    writer.header(x0, y0);
    for part in parts {
        match part {
            Part::Context(c) => writer.context(c),
            Part::Op(Op::Copy(a, _)) => writer.context(old.get(a.clone()).unwrap_or_default()),
            Part::Op(Op::Add(b)) => writer.added(new.get(b.clone()).unwrap_or_default()),
            Part::Op(Op::Delete(a)) => writer.deleted(old.get(a.clone()).unwrap_or_default()),
            Part::Op(Op::Change(a, b)) => {
                writer.changed(old.get(a.clone()).unwrap_or_default(), new.get(b.clone()).unwrap_or_default())
            }
        }
    }
}
