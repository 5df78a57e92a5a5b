//! Stripping: comments, extension tags and inclusion tags.

use std::collections::HashSet;

use super::LinkContext;

/// The character that brackets MediaWiki's strip markers; titles and URLs cannot hold it,
/// so a link whose target holds a marker is no link, as in MediaWiki.
pub(super) const MARKER: char = '\u{7f}';

/// A stand-in for text whose value the extractor cannot know (a template's output, a
/// `<nowiki>` section): it breaks link targets and URLs as MediaWiki's markers do.
pub(super) const OPAQUE: &str = "\u{7f}UNIQ\u{7f}";

/// Extension tags of MediaWiki core whose content is not read as wikitext.
const CORE_OPAQUE_TAGS: &[&str] = &["nowiki", "pre"];

pub(super) struct Stripped {
    pub(super) text: String,
    pub(super) galleries: Vec<String>,
}

/// A tag at `pos` (which holds `<`): its lower-cased name (with a leading `/` for a
/// closing tag) and the position just after its `>`; `None` when no `>` follows.
fn tag_at(text: &str, pos: usize) -> Option<(String, usize, bool)> {
    let rest = &text[pos + 1..];
    let name_len =
        rest.bytes().enumerate().take_while(|&(i, b)| b.is_ascii_alphanumeric() || (i == 0 && b == b'/')).count();
    if name_len == 0 {
        return None;
    }
    let name = rest[..name_len].to_ascii_lowercase();
    let after = &rest[name_len..];
    // The name must end at whitespace, `/>` or `>`.
    let ends_well =
        after.starts_with('>') || after.starts_with("/>") || after.chars().next().is_some_and(|c| c.is_whitespace());
    if !ends_well {
        return None;
    }
    let close = rest.find('>')?;
    let self_closing = close > 0 && rest.as_bytes()[close - 1] == b'/';
    Some((name, pos + 1 + close + 1, self_closing))
}

/// The position of `</name\s*>` (any case) at or after `from`, and the position after it;
/// `lower` is the text in ASCII lower case (same byte positions).
fn find_close_tag(lower: &str, name: &str, from: usize) -> Option<(usize, usize)> {
    let lower = &lower[from..];
    let needle = format!("</{name}");
    let mut search = 0;
    while let Some(found) = lower[search..].find(&needle) {
        let start = search + found;
        let after = &lower[start + needle.len()..];
        let spaces = after.len() - after.trim_start().len();
        if after[spaces..].starts_with('>') {
            return Some((from + start, from + start + needle.len() + spaces + 1));
        }
        search = start + needle.len();
    }
    None
}

pub(super) fn strip(text: &str, ctx: &LinkContext<'_>) -> Stripped {
    let mut source = text.to_owned();
    if ctx.transcluded && text.contains("<onlyinclude>") && text.contains("</onlyinclude>") {
        // Only the `<onlyinclude>` sections are transcluded.
        let mut kept = String::new();
        let mut rest = text;
        while let Some(open) = rest.find("<onlyinclude>") {
            let inner = &rest[open + "<onlyinclude>".len()..];
            match inner.find("</onlyinclude>") {
                Some(close) => {
                    kept.push_str(&inner[..close]);
                    rest = &inner[close + "</onlyinclude>".len()..];
                }
                None => {
                    kept.push_str(inner);
                    break;
                }
            }
        }
        source = kept;
    }
    let (ignored_tags, ignored_element): (&[&str], &str) = if ctx.transcluded {
        (&["includeonly", "/includeonly"], "noinclude")
    } else {
        (&["noinclude", "/noinclude", "onlyinclude", "/onlyinclude"], "includeonly")
    };

    let lower = source.to_ascii_lowercase();
    let mut out = String::with_capacity(source.len());
    let mut galleries = Vec::new();
    let mut no_close: HashSet<String> = HashSet::new();
    let mut i = 0;
    let bytes = source.as_bytes();
    while i < bytes.len() {
        let Some(lt) = source[i..].find('<') else {
            out.push_str(&source[i..]);
            break;
        };
        out.push_str(&source[i..i + lt]);
        i += lt;
        if source[i..].starts_with("<!--") {
            // A comment runs to `-->`, or to the end of the text when unclosed.
            i = match source[i + 4..].find("-->") {
                Some(end) => i + 4 + end + 3,
                None => source.len(),
            };
            continue;
        }
        let Some((name, tag_end, self_closing)) = tag_at(&source, i) else {
            out.push('<');
            i += 1;
            continue;
        };
        if ignored_tags.contains(&name.as_str()) {
            i = tag_end;
            continue;
        }
        let opaque = CORE_OPAQUE_TAGS.contains(&name.as_str()) || ctx.opaque_tags.contains(&name);
        let is_gallery = name == "gallery";
        let is_element = name == ignored_element;
        if !(opaque || is_gallery || is_element) {
            out.push('<');
            i += 1;
            continue;
        }
        if self_closing {
            if opaque || is_gallery {
                out.push_str(OPAQUE);
            }
            i = tag_end;
            continue;
        }
        let close = if no_close.contains(&name) { None } else { find_close_tag(&lower, &name, tag_end) };
        match close {
            Some((content_end, after)) => {
                if is_gallery {
                    galleries.push(source[tag_end..content_end].to_owned());
                }
                if !is_element {
                    out.push_str(OPAQUE);
                }
                i = after;
            }
            None if is_element => {
                // An unclosed inclusion element runs to the end of the text.
                i = source.len();
            }
            None => {
                // An unclosed extension tag is plain text.
                no_close.insert(name);
                out.push_str(&source[i..tag_end]);
                i = tag_end;
            }
        }
    }
    Stripped { text: out, galleries }
}
