//! Redirects: the target a page's `#REDIRECT [[…]]` names.

use crate::title::{ParsedTitle, NS_SPECIAL};

/// The target of a `#REDIRECT [[…]]` at the start of the text (read as a title by `parse`),
/// and the text after it.
pub fn redirect_target<'t>(
    text: &'t str,
    parse: &dyn Fn(&str) -> Option<ParsedTitle>,
) -> Option<(ParsedTitle, &'t str)> {
    let trimmed = text.trim_start_matches([' ', '\t', '\n', '\r', '\0', '\u{b}']);
    let magic = "#REDIRECT";
    let head = trimmed.get(..magic.len())?;
    if !head.eq_ignore_ascii_case(magic) {
        return None;
    }
    let after = &trimmed[magic.len()..];
    let mut rest = after.trim_start_matches(is_pcre_space);
    if let Some(r) = rest.strip_prefix(':') {
        rest = r.trim_start_matches(is_pcre_space);
    }
    let inner = rest.strip_prefix("[[")?;
    // The target runs to the first `]]` on the same line; a `|label` is dropped.
    let line_end = inner.find('\n').unwrap_or(inner.len());
    let close = inner[..line_end].find("]]")?;
    let inside = &inner[..close];
    let target = inside.split('|').next().unwrap_or("");
    let remainder = inner[close + 2..].trim_start_matches(is_pcre_space);
    let target = if target.contains('%') { percent_decode(target.trim_start_matches(':'))? } else { target.to_owned() };
    let title = parse(&target)?;
    if !valid_redirect_target(&title) {
        return None;
    }
    Some((title, remainder))
}

/// Whitespace as PCRE's `\s` knows it without Unicode mode.
fn is_pcre_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\u{b}' | '\u{c}' | '\r')
}

/// Special pages MediaWiki refuses as redirect targets (`$wgInvalidRedirectTargets` and
/// logging out), by lower-cased canonical name.
const INVALID_SPECIAL_TARGETS: &[&str] = &["filepath", "mypage", "mytalk", "redirect", "userlogout"];

fn valid_redirect_target(title: &ParsedTitle) -> bool {
    if title.ns == NS_SPECIAL && title.interwiki.is_empty() {
        let name = title.dbkey.split('/').next().unwrap_or("").to_lowercase();
        return !INVALID_SPECIAL_TARGETS.contains(&name.as_str());
    }
    !title.dbkey.is_empty()
}

/// PHP's `rawurldecode`; `None` when the result is not UTF-8 (MediaWiki then finds no valid
/// title).
pub fn percent_decode(text: &str) -> Option<String> {
    String::from_utf8(crate::url::percent_decode(text)).ok()
}
