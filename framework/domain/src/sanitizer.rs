//! The sanitizer: the HTML a text may hold (MediaWiki's `Sanitizer`): tags it does not allow
//! shown as text, attributes kept only where allowed and safe, character references given
//! one spelling.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use crate::html::escape_id_for_attribute as escape_id;
use crate::title::{decode_char_references, named_entity, valid_reference_code_point};
use crate::url::URL_PROTOCOLS;
use regex::Regex;

/// Tags that must be closed, those that stand alone, and those that may only stand alone.
const PAIRS: &[&str] = &[
    "b",
    "bdi",
    "del",
    "i",
    "ins",
    "u",
    "font",
    "big",
    "small",
    "sub",
    "sup",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "cite",
    "code",
    "em",
    "s",
    "strike",
    "strong",
    "tt",
    "var",
    "div",
    "center",
    "blockquote",
    "ol",
    "ul",
    "dl",
    "table",
    "caption",
    "pre",
    "ruby",
    "rb",
    "rp",
    "rt",
    "rtc",
    "p",
    "span",
    "abbr",
    "dfn",
    "kbd",
    "samp",
    "data",
    "time",
    "mark",
];
const SINGLE: &[&str] = &["br", "wbr", "hr", "li", "dt", "dd", "meta", "link"];
const SINGLE_ONLY: &[&str] = &["br", "wbr", "hr", "meta", "link"];
const NEST: &[&str] = &[
    "table",
    "tr",
    "td",
    "th",
    "div",
    "blockquote",
    "ol",
    "ul",
    "li",
    "dl",
    "dt",
    "dd",
    "font",
    "big",
    "small",
    "sub",
    "sup",
    "span",
    "var",
    "kbd",
    "samp",
    "em",
    "strong",
    "q",
    "ruby",
    "bdo",
];

/// Whether MediaWiki's sanitizer keeps a tag of this (lower-case) name as HTML.
pub fn is_allowed_element(tag: &str) -> bool {
    PAIRS.contains(&tag) || SINGLE.contains(&tag) || NEST.contains(&tag)
}

/// The regular expressions of the sanitizer.
struct Patterns {
    element: Regex,
    attribute: Regex,
    attribute_name: Regex,
    href: Regex,
    evil_uri: Regex,
    xmlns: Regex,
    char_refs: Regex,
    css_escape: Regex,
    css_single_comment: Regex,
    css_insecure: Regex,
    protocols: Regex,
}

fn patterns() -> &'static Patterns {
    static P: OnceLock<Patterns> = OnceLock::new();
    P.get_or_init(|| {
        let protocols = URL_PROTOCOLS.iter().map(|p| regex::escape(p)).collect::<Vec<_>>().join("|");
        Patterns {
            element: Regex::new(r"(?s)^(/?)([A-Za-z][^\t\n\x0B\x0C\r />\x00]*)([^>]*?)(/?>)([^<]*)$").unwrap(),
            attribute: Regex::new(
                "(?s)((?:[^\\t\\n\\x0C\\r />=]|=)[^\\t\\n\\x0C\\r />=]*)([\\t\\n\\x0C\\r ]*=[\\t\\n\\x0C\\r ]*(?:\"([^\"]*)(?:\"|$)|'([^']*)(?:'|$)|([^\\t\\n\\x0C\\r >]*)))?",
            )
            .unwrap(),
            attribute_name: Regex::new(r"^[:_\p{L}\p{N}][:_.\-\p{L}\p{N}]*$").unwrap(),
            href: Regex::new(&format!(r"(?i)^({protocols})\S+$")).unwrap(),
            evil_uri: Regex::new(r"(?i)(^|\s|\*/\s*)(javascript|vbscript)([^\w]|$)").unwrap(),
            xmlns: Regex::new(r"^xmlns:[:A-Z_a-z\-.0-9]+$").unwrap(),
            char_refs: Regex::new(r"&([A-Za-z0-9\x{80}-\x{10FFFF}]+;)|&#([0-9]+);|&#[xX]([0-9A-Fa-f]+);|(&)").unwrap(),
            css_escape: Regex::new(r"\\(?:(\n|\r\n|\r|\x0C)|([0-9A-Fa-f]{1,6})[ \t\r\n\x0C]?|(.)|()$)").unwrap(),
            css_single_comment: Regex::new(r"^\s*/\*[^*/]*\*/\s*$").unwrap(),
            css_insecure: Regex::new(
                r"(?i)expression|filter\s*:|accelerator\s*:|-o-link\s*:|-o-link-source\s*:|-o-replace\s*:|url\s*\(|image\s*\(|image-set\s*\(|attr\s*\([^)]+[\s,]+url",
            )
            .unwrap(),
            protocols: Regex::new(&format!(r"(?i)({protocols})")).unwrap(),
        }
    })
}

/// `<!-- … -->` comments removed, with the line they stood alone on.
pub fn remove_html_comments(text: &str) -> String {
    let mut text = text.to_owned();
    let mut from = 0;
    while let Some(start) = text[from..].find("<!--").map(|s| s + from) {
        let Some(end) = text[start + 4..].find("-->").map(|e| e + start + 4 + 3) else { break };
        let b = text.as_bytes();
        let mut space_start = start.saturating_sub(1);
        let mut space_len = end - space_start;
        while b.get(space_start) == Some(&b' ') && space_start > 0 {
            space_start -= 1;
            space_len += 1;
        }
        while b.get(space_start + space_len) == Some(&b' ') {
            space_len += 1;
        }
        if b.get(space_start) == Some(&b'\n') && b.get(space_start + space_len) == Some(&b'\n') {
            text.replace_range(space_start..space_start + space_len + 1, "\n");
        } else {
            text.replace_range(start..end, "");
        }
        from = 0;
    }
    text
}

/// The text with only allowed tags left as tags (the others shown as text) and their
/// attributes cleaned; `unstrip` is applied to attribute text first.
pub fn remove_html_tags(text: &str, unstrip: &dyn Fn(&str) -> String) -> String {
    remove_html_tags_but(text, unstrip, &[], false)
}

/// As [`remove_html_tags`], with the tags of `removed` shown as text too, and (`restricted`)
/// styles that could hide or move text refused, as a display title's are.
pub fn remove_html_tags_but(
    text: &str,
    unstrip: &dyn Fn(&str) -> String,
    removed: &[&str],
    restricted: bool,
) -> String {
    let p = patterns();
    let text = remove_html_comments(text);
    let mut bits = text.split('<');
    let mut out = bits.next().unwrap_or("").replace('>', "&gt;");
    for x in bits {
        if let Some(regs) = p.element.captures(x) {
            let slash = &regs[1];
            let tag = regs[2].to_lowercase();
            let params = &regs[3];
            let mut brace = regs[4].to_owned();
            let rest = &regs[5];
            if is_allowed_element(&tag) && !removed.contains(&tag.as_str()) {
                let mut params = unstrip(params);
                if restricted {
                    params = restrict_style(&params);
                }
                if brace == "/>" && !SINGLE.contains(&tag.as_str()) {
                    brace = ">".into();
                }
                if validate_tag(&params, &tag) {
                    let attributes = fix_tag_attributes(&params, &tag);
                    if brace == "/>" && !SINGLE_ONLY.contains(&tag.as_str()) {
                        brace = format!("></{tag}>");
                    }
                    out.push('<');
                    out.push_str(slash);
                    out.push_str(&tag);
                    out.push_str(&attributes);
                    out.push_str(&brace);
                    out.push_str(&rest.replace('>', "&gt;"));
                    continue;
                }
            }
        }
        out.push_str("&lt;");
        out.push_str(&x.replace('>', "&gt;"));
    }
    out
}

/// Attributes whose style would hide or move a display title neutralised.
fn restrict_style(params: &str) -> String {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| Regex::new(r"(?i)(display|user-select|visibility)\s*:").unwrap());
    let mut decoded = decode_attributes_in_order(params);
    for (name, value) in decoded.iter_mut() {
        if name == "style" {
            *value = check_css(value);
            if re.is_match(value) {
                *value = "/* attempt to bypass $wgRestrictDisplayTitle */".to_owned();
            }
        }
    }
    safe_encode_tag_attributes(&decoded)
}

/// The text of some HTML: tags and comments dropped, character references decoded, white
/// space folded (MediaWiki's `stripAllTags`).
pub fn strip_all_tags(html: &str) -> String {
    let mut plain = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        plain.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        if let Some(comment) = after.strip_prefix("!--") {
            match comment.find("-->") {
                Some(end) => rest = &comment[end + 3..],
                None => rest = "",
            }
            continue;
        }
        let is_tag = after.starts_with(|c: char| c.is_ascii_alphabetic() || c == '/' || c == '!' || c == '?');
        match after.find('>').filter(|_| is_tag) {
            Some(close) => rest = &after[close + 1..],
            None => {
                plain.push('<');
                rest = after;
            }
        }
    }
    plain.push_str(rest);
    let decoded = decode_char_references(&plain);
    decoded.split([' ', '\r', '\n', '\t']).filter(|w| !w.is_empty()).collect::<Vec<_>>().join(" ")
}

fn validate_tag(params: &str, tag: &str) -> bool {
    if tag != "meta" && tag != "link" {
        return true;
    }
    let attributes = decode_tag_attributes(params);
    if !attributes.contains_key("itemprop") {
        return false;
    }
    if tag == "meta" {
        attributes.contains_key("content")
    } else {
        attributes.contains_key("href")
    }
}

/// Attributes in order of first appearance, a later value replacing an earlier one.
pub type Attributes = Vec<(String, String)>;

fn set(attributes: &mut Attributes, name: &str, value: String) {
    match attributes.iter_mut().find(|(n, _)| n == name) {
        Some(entry) => entry.1 = value,
        None => attributes.push((name.to_owned(), value)),
    }
}

/// The attributes written in a tag, decoded (names in lower case, white space folded,
/// character references decoded).
pub fn decode_tag_attributes(text: &str) -> BTreeMap<String, String> {
    decode_attributes_in_order(text).into_iter().collect()
}

/// As [`decode_tag_attributes`], in the order written.
pub fn decode_attributes_in_order(text: &str) -> Attributes {
    let mut out = Attributes::new();
    if crate::php::trim(text).is_empty() {
        return out;
    }
    let p = patterns();
    for set_ in p.attribute.captures_iter(text) {
        let name = set_[1].to_lowercase();
        if !p.attribute_name.is_match(&name) {
            continue;
        }
        let value = set_.get(5).or(set_.get(4)).or(set_.get(3)).map_or("", |m| m.as_str());
        let value = fold_space(value);
        set(&mut out, &name, decode_char_references(&value).into_owned());
    }
    out
}

fn fold_space(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let mut space = false;
    for c in value.chars() {
        if matches!(c, '\t' | '\r' | '\n' | ' ') {
            space = true;
        } else {
            if space && !out.is_empty() {
                out.push(' ');
            }
            space = false;
            out.push(c);
        }
    }
    out
}

/// The attributes `element` may carry, cleaned and encoded for the output (with the space
/// before each).
pub fn fix_tag_attributes(text: &str, element: &str) -> String {
    if crate::php::trim(text).is_empty() {
        return String::new();
    }
    let attributes = validate_tag_attributes(&decode_attributes_in_order(text), element);
    safe_encode_tag_attributes(&attributes)
}

/// The attributes `element` may carry, with their values made safe.
pub fn validate_tag_attributes(attributes: &Attributes, element: &str) -> Attributes {
    let p = patterns();
    let mut out = Attributes::new();
    for (name, value) in attributes {
        if p.xmlns.is_match(name) {
            if !p.evil_uri.is_match(value) {
                set(&mut out, name, value.clone());
            }
            continue;
        }
        let data = is_data_attribute(name);
        if (!data && !attribute_allowed(element, name)) || is_reserved_data_attribute(name) {
            continue;
        }
        let mut value = value.clone();
        match name.as_str() {
            "style" => value = check_css(&value),
            "id" => value = escape_id(&value),
            "aria-describedby" | "aria-flowto" | "aria-labelledby" | "aria-owns" => {
                value = value.split_whitespace().map(escape_id).collect::<Vec<_>>().join(" ");
            }
            _ => {}
        }
        if matches!(
            name.as_str(),
            "rel"
                | "rev"
                | "about"
                | "property"
                | "resource"
                | "datatype"
                | "typeof"
                | "itemid"
                | "itemprop"
                | "itemref"
                | "itemscope"
                | "itemtype"
        ) && p.evil_uri.is_match(&value)
        {
            continue;
        }
        if matches!(name.as_str(), "href" | "src" | "poster") && !p.href.is_match(&value) {
            continue;
        }
        if name == "tabindex" && value != "0" {
            continue;
        }
        set(&mut out, name, value);
    }
    if !out.iter().any(|(n, _)| n == "itemscope") {
        out.retain(|(n, _)| !matches!(n.as_str(), "itemtype" | "itemid" | "itemref"));
    }
    out
}

fn is_data_attribute(name: &str) -> bool {
    let Some(rest) = name.get(..5).filter(|p| p.eq_ignore_ascii_case("data-")).map(|_| &name[5..]) else {
        return false;
    };
    !rest.chars().any(|c| matches!(c, ':' | '=' | ' ' | '\t' | '\r' | '\n' | '/' | '>' | '\0' | '_' | '＿'))
}

fn is_reserved_data_attribute(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    ["data-ooui", "data-mw", "data-parsoid"].iter().any(|p| lower.starts_with(p))
}

const COMMON: &[&str] = &[
    "id",
    "class",
    "style",
    "lang",
    "dir",
    "title",
    "tabindex",
    "aria-describedby",
    "aria-flowto",
    "aria-hidden",
    "aria-label",
    "aria-labelledby",
    "aria-owns",
    "role",
    "about",
    "property",
    "resource",
    "datatype",
    "typeof",
    "itemid",
    "itemprop",
    "itemref",
    "itemscope",
    "itemtype",
];
const TABLE_CELL: &[&str] = &[
    "abbr", "axis", "headers", "scope", "rowspan", "colspan", "nowrap", "width", "height", "bgcolor", "align", "valign",
];

/// Whether `element` may carry attribute `name` (MediaWiki's list of allowed attributes).
fn attribute_allowed(element: &str, name: &str) -> bool {
    let extra: &[&str] = match element {
        "div" | "h1" | "h2" | "h3" | "h4" | "h5" | "h6" | "p" | "caption" => &["align"],
        "blockquote" | "q" => &["cite"],
        "br" => &["clear"],
        "pre" | "hr" => &["width"],
        "ins" | "del" => &["cite", "datetime"],
        "ul" => &["type"],
        "ol" => &["type", "start", "reversed"],
        "li" => &["type", "value"],
        "table" => &["summary", "width", "border", "frame", "rules", "cellspacing", "cellpadding", "align", "bgcolor"],
        "colgroup" | "col" => &["span"],
        "tr" => &["bgcolor", "align", "valign"],
        "td" | "th" => TABLE_CELL,
        "a" => &["href", "rel", "rev"],
        "img" => &["alt", "src", "width", "height", "srcset"],
        "font" => &["size", "color", "face"],
        "data" => &["value"],
        "time" => &["datetime"],
        "math" => return matches!(name, "class" | "style" | "id" | "title"),
        "meta" => return matches!(name, "itemprop" | "content"),
        "link" => return matches!(name, "itemprop" | "href" | "title"),
        "center" | "span" | "bdo" | "em" | "strong" | "cite" | "dfn" | "code" | "samp" | "kbd" | "var" | "abbr"
        | "sub" | "sup" | "wbr" | "dl" | "dd" | "dt" | "thead" | "tfoot" | "tbody" | "tt" | "b" | "i" | "big"
        | "small" | "strike" | "s" | "u" | "ruby" | "rb" | "rp" | "rt" | "rtc" | "figure" | "figcaption" | "bdi"
        | "mark" | "aside" => &[],
        _ => return false,
    };
    COMMON.contains(&name) || extra.contains(&name)
}

/// A `style` value made safe: escapes and comments decoded away, and anything that could load
/// or run something replaced by a comment saying so.
pub fn check_css(value: &str) -> String {
    let p = patterns();
    let value = normalize_css(value);
    if value.chars().any(|c| matches!(c as u32, 0..=8 | 0x0b | 0x0e..=0x1f | 0x7f) || c == '\u{fffd}') {
        return "/* invalid control char */".into();
    }
    if p.css_insecure.is_match(&value) {
        return "/* insecure input */".into();
    }
    value
}

fn normalize_css(value: &str) -> String {
    let p = patterns();
    let value = decode_char_references(value).into_owned();
    let mut value = p
        .css_escape
        .replace_all(&value, |c: &regex::Captures<'_>| {
            if c.get(1).is_some() {
                return String::new();
            }
            let ch = if let Some(hex) = c.get(2) {
                let code = u32::from_str_radix(hex.as_str(), 16).unwrap_or(0xfffd);
                char::from_u32(code).unwrap_or('\u{fffd}')
            } else if let Some(ch) = c.get(3) {
                ch.as_str().chars().next().unwrap_or('\\')
            } else {
                '\\'
            };
            // A character that would end the value or start an escape stays escaped.
            match ch {
                '\n' | '"' | '\'' | '\\' => format!("\\{:x} ", ch as u32),
                _ => ch.to_string(),
            }
        })
        .into_owned();
    if !p.css_single_comment.is_match(&value) {
        value = replace_comments(&value);
        if let Some(pos) = value.find("/*") {
            value.truncate(pos);
        }
    }
    value
}

/// `/* … */` comments replaced by a space each.
fn replace_comments(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let mut rest = value;
    while let Some(start) = rest.find("/*") {
        let Some(end) = rest[start + 2..].find("*/") else { break };
        out.push_str(&rest[..start]);
        out.push(' ');
        rest = &rest[start + 2 + end + 2..];
    }
    out.push_str(rest);
    out
}

/// Attributes written out with their values armoured against the wikitext passes after this
/// one (`{`, `[`, `''`, `ISBN`, URLs as character references).
pub fn safe_encode_tag_attributes(attributes: &Attributes) -> String {
    let mut out = String::new();
    for (name, value) in attributes {
        out.push(' ');
        crate::html::escape_compat_into(&mut out, name);
        out.push_str("=\"");
        out.push_str(&safe_encode_attribute(value));
        out.push('"');
    }
    out
}

/// An attribute value encoded (PHP's `htmlspecialchars` with quotes, white space as
/// references).
pub fn encode_attribute(text: &str) -> String {
    crate::html::escape(text).replace('\n', "&#10;").replace('\r', "&#13;").replace('\t', "&#9;")
}

/// An attribute value encoded and armoured against later wikitext passes.
pub fn safe_encode_attribute(text: &str) -> String {
    let encoded = encode_attribute(text);
    let mut out = String::with_capacity(encoded.len() + 16);
    let mut rest = encoded.as_str();
    while let Some(c) = rest.chars().next() {
        let (replacement, used): (&str, usize) = match c {
            '{' => ("&#123;", 1),
            '}' => ("&#125;", 1),
            '[' => ("&#91;", 1),
            ']' => ("&#93;", 1),
            '\'' if rest.starts_with("''") => ("&#39;&#39;", 2),
            'I' if rest.starts_with("ISBN") => ("&#73;SBN", 4),
            'R' if rest.starts_with("RFC") => ("&#82;FC", 3),
            'P' if rest.starts_with("PMID") => ("&#80;MID", 4),
            '|' => ("&#124;", 1),
            '_' => ("&#95;", 1),
            '＿' => ("&#xFF3F;", '＿'.len_utf8()),
            _ => {
                out.push(c);
                rest = &rest[c.len_utf8()..];
                continue;
            }
        };
        out.push_str(replacement);
        rest = &rest[used..];
    }
    patterns().protocols.replace_all(&out, |c: &regex::Captures<'_>| c[1].replace(':', "&#58;")).into_owned()
}

/// Character references given MediaWiki's one spelling: known names kept for `&lt;`, `&gt;`,
/// `&amp;`, `&quot;`, other names and numbers as numeric references, anything else with its
/// `&` escaped.
pub fn normalize_char_references(text: &str) -> String {
    if !text.contains('&') {
        return text.to_owned();
    }
    patterns()
        .char_refs
        .replace_all(text, |c: &regex::Captures<'_>| {
            let ret = if let Some(name) = c.get(1) {
                Some(normalize_entity(name.as_str()))
            } else if let Some(dec) = c.get(2) {
                dec.as_str().parse::<u32>().ok().filter(|&p| valid_reference_code_point(p)).map(|p| format!("&#{p};"))
            } else if let Some(hex) = c.get(3) {
                u32::from_str_radix(hex.as_str(), 16)
                    .ok()
                    .filter(|&p| valid_reference_code_point(p))
                    .map(|p| format!("&#x{p:x};"))
            } else {
                None
            };
            ret.unwrap_or_else(|| crate::html::escape(&c[0]))
        })
        .into_owned()
}

fn normalize_entity(name_semi: &str) -> String {
    let name = &name_semi[..name_semi.len() - 1];
    if name == "רלמ" || name == "رلم" {
        return "&rlm;".into();
    }
    if matches!(name, "lt" | "gt" | "amp" | "quot") {
        return format!("&{name_semi}");
    }
    match named_entity(name) {
        Some(value) => value.chars().map(|c| format!("&#{};", c as u32)).collect(),
        None => format!("&amp;{name_semi}"),
    }
}

/// MediaWiki's `armorFrenchSpaces`: a non-breaking space before `?:;!%»›` (not followed by a
/// word character) and after `«‹`.
pub fn armor_french_spaces(text: &str) -> String {
    if !text.contains(' ') {
        return text.to_owned();
    }
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    for (i, &c) in chars.iter().enumerate() {
        if c == ' ' {
            let next = chars.get(i + 1).copied();
            let after = chars.get(i + 2).copied();
            let armour_before = next.is_some_and(|n| matches!(n, '?' | ':' | ';' | '!' | '%' | '»' | '›'))
                && !after.is_some_and(|a| a.is_alphanumeric() || a == '_');
            let armour_after = i > 0 && matches!(chars[i - 1], '«' | '‹');
            if armour_before || armour_after {
                out.push_str("&#160;");
                continue;
            }
        }
        out.push(c);
    }
    out
}
