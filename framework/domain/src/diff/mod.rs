//! MediaWiki's text diff as the rows of its diff table: the body of `action=compare` and of
//! `prop=revisions` with `rvdiffto`/`rvdifftotext`, as MediaWiki 1.39 computes it with its
//! own (PHP) engine.
//!
//! The texts are compared line by line ([`engine`]: a common-subsequence search with
//! MediaWiki's shortcuts and cut-offs, then changes slid to line up with each other); lines
//! changed in place are compared again word by word ([`words`]); the result is written as
//! table rows with two lines of context around each change ([`table`]). The row naming a
//! block's first line ("Line 12:") is a message of the user interface: its text comes from
//! the caller.

mod engine;
mod table;
mod words;

#[cfg(test)]
mod tests;

/// The diff of two texts as MediaWiki's diff table rows (`<tr>…</tr>` lines; empty when the
/// texts are equal). Line ends `\r\n` count as `\n`. `line_label` gives the already escaped
/// HTML naming a line by its 1-based number (MediaWiki's `lineno` message, such as
/// `Line 1,024:` in English); it is called for the first line of each block on each side.
pub fn table_diff(old: &str, new: &str, line_label: &dyn Fn(usize) -> String) -> String {
    let old = old.replace("\r\n", "\n");
    let new = new.replace("\r\n", "\n");
    let old_lines: Vec<&str> = old.split('\n').collect();
    let new_lines: Vec<&str> = new.split('\n').collect();
    let ops = match engine::diff(&old_lines, &new_lines, None) {
        Ok(ops) => ops,
        // Without a bail-out the comparison is never given up.
        Err(engine::TooComplex) => vec![engine::Op::Change(0..old_lines.len(), 0..new_lines.len())],
    };
    table::format(&old_lines, &new_lines, &ops, line_label)
}
