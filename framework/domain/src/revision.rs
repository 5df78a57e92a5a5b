//! What MediaWiki knows of revisions apart from where they are stored: which parts of a
//! revision are hidden and who may see them (`rev_deleted`), the serialization format of each
//! content model, SHA-1s in MediaWiki's base-36 form, and the sections of wikitext
//! (`rvsection`).

use crate::rights::Rights;

/// `rev_deleted` bits: the text, the comment, the user, and hidden from administrators too.
pub const DELETED_TEXT: i32 = 1;
/// The comment is hidden.
pub const DELETED_COMMENT: i32 = 2;
/// The user is hidden.
pub const DELETED_USER: i32 = 4;
/// Hidden from administrators too (suppressed).
pub const DELETED_RESTRICTED: i32 = 8;
/// `log_deleted` (and `rc_deleted` of a log entry), in place of the text bit: the action, its
/// target and parameters, is hidden.
pub const DELETED_ACTION: i32 = 1;

/// What the caller may see of hidden revision parts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Visibility {
    /// `deletedhistory`: hidden users and comments.
    pub history: bool,
    /// `deletedtext`: hidden text.
    pub text: bool,
    /// `suppressrevision` or `viewsuppressed`: what is hidden from administrators too.
    pub suppressed: bool,
}

impl Visibility {
    /// The caller's.
    pub fn of(rights: &Rights) -> Self {
        Visibility {
            history: rights.has("deletedhistory"),
            text: rights.has("deletedtext"),
            suppressed: rights.has_any(&["suppressrevision", "viewsuppressed"]),
        }
    }

    /// Whether a part (`field`, one `DELETED_*` bit) of a revision with `deleted` bits is
    /// hidden, and whether the caller may see it anyway.
    pub fn check(&self, deleted: i32, field: i32) -> (bool, bool) {
        if deleted & field == 0 {
            return (false, true);
        }
        let allowed = if deleted & DELETED_RESTRICTED != 0 {
            self.suppressed
        } else if field == DELETED_TEXT {
            self.text
        } else {
            self.history
        };
        (true, allowed)
    }

    /// As [`Visibility::check`] for a log entry (`log_deleted`, the same bits, the first one
    /// hiding the action): every hidden part needs `deletedhistory`, the suppression rights when
    /// suppressed.
    pub fn check_log(&self, deleted: i32, field: i32) -> (bool, bool) {
        if deleted & field == 0 {
            return (false, true);
        }
        (true, if deleted & DELETED_RESTRICTED != 0 { self.suppressed } else { self.history })
    }

    /// The `rev_deleted` bits that keep a revision out of a listing by user, as MediaWiki
    /// leaves out revisions whose user the caller may not see.
    pub fn hidden_user_bits(&self) -> i32 {
        if !self.history {
            DELETED_USER
        } else if !self.suppressed {
            DELETED_USER | DELETED_RESTRICTED
        } else {
            0
        }
    }
}

/// The format a content model's content is serialized in.
pub fn default_format(model: &str) -> &'static str {
    match model {
        "wikitext" => "text/x-wiki",
        "css" | "sanitized-css" => "text/css",
        "javascript" => "text/javascript",
        "json" => "application/json",
        _ => "text/plain",
    }
}

/// A SHA-1 stored in base 36 as MediaWiki shows it: 40 hexadecimal digits (empty when none is
/// stored).
pub fn sha1_hex(base36: &str) -> String {
    if base36.is_empty() {
        return String::new();
    }
    // Base 36 digits into a big number kept as base-2^32 limbs, least significant first.
    let mut limbs: Vec<u64> = vec![0];
    for c in base36.chars() {
        let Some(d) = c.to_digit(36) else { return String::new() };
        let mut carry = u64::from(d);
        for limb in limbs.iter_mut() {
            let v = *limb * 36 + carry;
            *limb = v & 0xFFFF_FFFF;
            carry = v >> 32;
        }
        if carry > 0 {
            limbs.push(carry);
        }
    }
    let hex: String = limbs.iter().rev().map(|l| format!("{l:08x}")).collect();
    let trimmed = hex.trim_start_matches('0');
    format!("{trimmed:0>40}")
}

/// A SHA-1 in hexadecimal as MediaWiki stores it: base 36, 31 digits ([`sha1_hex`] the other
/// way).
pub fn sha1_base36(hex: &str) -> String {
    // The number's digits, most significant first, divided by 36 until nothing is left.
    let mut digits: Vec<u32> = hex.chars().filter_map(|c| c.to_digit(16)).collect();
    let mut out = Vec::new();
    while digits.iter().any(|&d| d != 0) {
        let mut rest = 0u32;
        let mut next = Vec::with_capacity(digits.len());
        for d in digits {
            let value = rest * 16 + d;
            next.push(value / 36);
            rest = value % 36;
        }
        out.push(std::char::from_digit(rest, 36).unwrap_or('0'));
        digits = next;
    }
    while out.len() < 31 {
        out.push('0');
    }
    out.iter().rev().collect()
}

/// A section of wikitext as MediaWiki cuts it (`rvsection`): `0` is the text before the first
/// heading, `n` the n-th heading with everything up to the next heading of its level or
/// higher, trailing white space dropped. `None` when there is no such section or the model has
/// no sections.
pub fn section_of(model: &str, text: &str, section: &str) -> Option<String> {
    if model != "wikitext" {
        return None;
    }
    // As MediaWiki reads a section id: the number after the last `-` (`T-1`), anything else
    // (`new`) as 0.
    let n = usize::try_from(crate::php::leading_int(section.rsplit('-').next().unwrap_or(""))).ok()?;
    let headings = headings(text);
    let (start, end) = if n == 0 {
        (0, headings.first().map_or(text.len(), |h| h.0))
    } else {
        let &(start, level) = headings.get(n - 1)?;
        let end = headings[n..].iter().find(|h| h.1 <= level).map_or(text.len(), |h| h.0);
        (start, end)
    };
    Some(text[start..end].trim_end().to_owned())
}

/// The headings of wikitext: where each line that is one begins, and its level. A heading is
/// a line `=...=` (up to six on each side, the lesser count the level), outside comments and
/// `<nowiki>`/`<pre>` blocks.
fn headings(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut offset = 0;
    let mut in_comment = false;
    let mut in_block: Option<&str> = None;
    for line in text.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let content = line.trim_end_matches(['\n', '\r']);
        let lower = content.to_ascii_lowercase();
        let opened_here = !in_comment && in_block.is_none();
        if opened_here {
            if let Some(level) = heading_level(content) {
                out.push((start, level));
            }
        }
        // Track what stays open past this line.
        let mut rest = lower.as_str();
        loop {
            if in_comment {
                match rest.find("-->") {
                    Some(i) => {
                        in_comment = false;
                        rest = &rest[i + 3..];
                    }
                    None => break,
                }
            } else if let Some(tag) = in_block {
                let close = format!("</{tag}");
                match rest.find(&close) {
                    Some(i) => {
                        in_block = None;
                        rest = &rest[i + close.len()..];
                    }
                    None => break,
                }
            } else {
                let next = [("<!--", None), ("<nowiki", Some("nowiki")), ("<pre", Some("pre"))]
                    .iter()
                    .filter_map(|(open, tag)| rest.find(open).map(|i| (i, open.len(), *tag)))
                    .min_by_key(|(i, _, _)| *i);
                match next {
                    Some((i, len, None)) => {
                        in_comment = true;
                        rest = &rest[i + len..];
                    }
                    Some((i, len, Some(tag))) => {
                        let after = &rest[i + len..];
                        // `<nowiki>` or `<pre attr>` opens a block; `<nowiki/>` does not.
                        let opens = after.starts_with(['>', ' ', '\t']);
                        let self_closing = after.find('>').is_some_and(|end| after[..end].ends_with('/'));
                        if opens && !self_closing {
                            in_block = Some(tag);
                        }
                        rest = after;
                    }
                    None => break,
                }
            }
        }
    }
    out
}

/// The level of a heading line, if it is one.
fn heading_level(line: &str) -> Option<usize> {
    let trimmed = line.trim_end_matches([' ', '\t']);
    let open = trimmed.bytes().take_while(|&b| b == b'=').count();
    let close = trimmed.bytes().rev().take_while(|&b| b == b'=').count();
    if open == 0 || close == 0 || trimmed.len() <= open {
        return None;
    }
    let mut level = open.min(close).min(6);
    if trimmed.len() <= 2 * level {
        // A line of `=` only: its middle is the heading's text.
        level = (trimmed.len() - 1) / 2;
    }
    (level > 0).then_some(level)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sha1_reads_from_base_36_to_40_hex_digits() {
        // MediaWiki's base 36 form of the SHA-1 of the empty text.
        assert_eq!(sha1_hex("phoiac9h4m842xq45sp7s6u21eteeq1"), "da39a3ee5e6b4b0d3255bfef95601890afd80709");
        assert_eq!(sha1_hex("1"), format!("{:0>40}", "1"));
        assert_eq!(sha1_hex(""), "");
    }

    #[test]
    fn sections_follow_headings() {
        let text = "Intro\n\n== A ==\na\n\n=== A1 ===\na1\n\n== B ==\nb\n<!--\n== not ==\n-->\n";
        assert_eq!(section_of("wikitext", text, "0").as_deref(), Some("Intro"));
        assert_eq!(section_of("wikitext", text, "1").as_deref(), Some("== A ==\na\n\n=== A1 ===\na1"));
        assert_eq!(section_of("wikitext", text, "2").as_deref(), Some("=== A1 ===\na1"));
        assert_eq!(section_of("wikitext", text, "3").as_deref(), Some("== B ==\nb\n<!--\n== not ==\n-->"));
        assert_eq!(section_of("wikitext", text, "4"), None);
        assert_eq!(section_of("wikitext", text, "new").as_deref(), Some("Intro"));
        assert_eq!(section_of("wikitext", text, "T-2").as_deref(), Some("=== A1 ===\na1"));
        assert_eq!(section_of("css", text, "0"), None);
    }
}

#[cfg(test)]
mod sha1_tests {
    use super::{sha1_base36, sha1_hex};

    #[test]
    fn hexadecimal_and_base_36_convert_both_ways() {
        for b36 in
            ["5atl66j9oprisa7j6p65vndb8r7bbrf", "0000000000000000000000000000001", "phoiac9h4m842xq45sp7s6u21eteeq1"]
        {
            assert_eq!(sha1_base36(&sha1_hex(b36)), b36);
        }
        assert_eq!(sha1_base36(&"0".repeat(40)), "0".repeat(31));
    }
}
