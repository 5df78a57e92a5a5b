//! Headings: `== x ==` lines made `<hN>`, then each given its anchor, its number, its edit
//! link and its place in the table of contents (MediaWiki's `handleHeadings` and
//! `finalizeHeadings`).

use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

use regex::Regex;
use wikiquery_domain::html::{
    escape, escape_compat, escape_id_for_attribute, escape_id_for_link, escape_id_legacy, section_name,
    section_name_whitespace,
};
use wikiquery_domain::preprocessor::{heading_starts, Options};

use crate::state::{Parser, Section};
use crate::strip::{MARKER_PREFIX, MARKER_SUFFIX};

/// Where the table of contents goes (MediaWiki's placeholder).
pub(crate) const TOC_PLACEHOLDER: &str = "<mw:tocplace></mw:tocplace>";
/// How deep the table of contents goes (`$wgMaxTocLevel`).
const MAX_TOC_LEVEL: usize = 999;

fn heading_patterns() -> &'static [Regex; 6] {
    static P: OnceLock<[Regex; 6]> = OnceLock::new();
    P.get_or_init(|| {
        std::array::from_fn(|i| {
            let h = "=".repeat(i + 1);
            Regex::new(&format!(r"(?m)^{h}[ \t]*(.+?)[ \t]*{h}\s*$")).unwrap()
        })
    })
}

/// `== x ==` lines as `<h2>x</h2>`, from the deepest level up.
pub(crate) fn handle_headings(text: &str) -> String {
    let mut text = text.to_owned();
    for level in (1..=6).rev() {
        let re = &heading_patterns()[level - 1];
        if re.is_match(&text) {
            text = re.replace_all(&text, format!("<h{level}>${{1}}</h{level}>").as_str()).into_owned();
        }
    }
    text
}

struct Patterns {
    headline: Regex,
    split: Regex,
    style_script: [Regex; 2],
    toc_keep: Regex,
    any_tag: Regex,
}

fn patterns() -> &'static Patterns {
    static P: OnceLock<Patterns> = OnceLock::new();
    P.get_or_init(|| Patterns {
        headline: Regex::new(r"(?i)<H([1-6])(.*?>)((?s:.)*?)</H[1-6] *>").unwrap(),
        split: Regex::new(r"(?i)<H[1-6].*?>(?s:.)*?</H[1-6]>").unwrap(),
        style_script: [
            Regex::new(r"(?is)<style(?: [^>]*[^>/])?>.*?</style>").unwrap(),
            Regex::new(r"(?is)<script(?: [^>]*[^>/])?>.*?</script>").unwrap(),
        ],
        toc_keep: Regex::new(r#"<(/?(?:span(?: dir="(?:rtl|ltr)")?|sup|sub|bdi|i|b|s|strike))(?: .*?)?>"#).unwrap(),
        any_tag: Regex::new(r"<.*?>").unwrap(),
    })
}

/// The table of contents' line of a heading: only a few inline tags kept, without attributes.
fn toc_line(headline: &str) -> String {
    // First every tag but span, sup, sub, bdi, i, b, s, strike and q goes.
    let mut kept = String::with_capacity(headline.len());
    let mut rest = headline;
    while let Some(start) = rest.find('<') {
        kept.push_str(&rest[..start]);
        let after = &rest[start..];
        let allowed = {
            let inner = &after[1..];
            let inner = inner.strip_prefix('/').unwrap_or(inner);
            ["span", "sup", "sub", "bdi", "i", "b", "s", "strike", "q"].iter().any(|name| {
                inner.strip_prefix(name).is_some_and(|r| {
                    (r.starts_with('>') || r.starts_with(' ')) && {
                        let close = r.find('>');
                        close.is_some_and(|c| !r[..c].contains('>'))
                    }
                })
            })
        };
        let line_end = after.find('\n').unwrap_or(after.len());
        match after[..line_end].find('>') {
            Some(end) if !allowed => rest = &after[end + 1..],
            _ => {
                kept.push('<');
                rest = &after[1..];
            }
        }
    }
    kept.push_str(rest);
    let line = patterns().toc_keep.replace_all(&kept, "<$1>").replace("<span></span>", "");
    wikiquery_domain::php::trim(&line).to_owned()
}

impl Parser<'_> {
    /// Headings given anchors, edit links and numbers; the sections recorded and the table
    /// of contents made when the page has enough headings.
    pub(crate) fn finalize_headings(&mut self, text: &str, source: &str) -> String {
        let p = patterns();
        let show_edit_links = !self.switches.contains(&"noeditsection");
        let matches: Vec<regex::Captures<'_>> = p.headline.captures_iter(text).collect();
        let mut enough_toc = self.show_toc && (matches.len() >= 4 || self.force_toc_position);
        if self.switches.contains(&"forcetoc") {
            self.show_toc = true;
            enough_toc = true;
        }
        let starts = heading_starts(source, &Options::default());
        let mut char_offsets: Vec<usize> = Vec::with_capacity(starts.len());
        {
            let mut chars = 0;
            let mut last = 0;
            for &start in &starts {
                chars += source.get(last..start).map_or(0, |s| s.chars().count());
                last = start;
                char_offsets.push(chars);
            }
        }
        let marker_prefix = format!("{MARKER_PREFIX}-h-");
        let mut toc = String::new();
        let mut heads: Vec<String> = Vec::new();
        let mut sublevel_count: Vec<usize> = vec![0; 8];
        let mut level_count: Vec<usize> = vec![0; 8];
        let (mut level, mut prevlevel, mut toclevel, mut prevtoclevel) = (0usize, 0usize, 0usize, 0usize);
        let mut num_visible = 0;
        let mut anchors = Anchors::default();
        let mut sections: Vec<Section> = Vec::new();
        for m in &matches {
            let mut headline = m[3].to_owned();
            let mut from: Option<(Option<String>, String)> = None;
            if let Some(rest) = headline.strip_prefix(&marker_prefix) {
                if let Some((serial, after)) = rest.split_once('-').filter(|(_, a)| a.starts_with(MARKER_SUFFIX)) {
                    if let Some(entry) = serial.parse::<usize>().ok().and_then(|s| self.headings.get(s)) {
                        from = Some(entry.clone());
                    }
                    headline = after[MARKER_SUFFIX.len()..].trim_start().to_owned();
                }
            }
            let is_template = from.as_ref().is_some_and(|(t, _)| t.is_some());
            if toclevel > 0 {
                prevlevel = level;
            }
            level = m[1].parse().unwrap_or(1);
            if level > prevlevel {
                toclevel += 1;
                if toclevel >= sublevel_count.len() {
                    sublevel_count.resize(toclevel + 1, 0);
                    level_count.resize(toclevel + 1, 0);
                }
                sublevel_count[toclevel] = 0;
                if toclevel < MAX_TOC_LEVEL {
                    prevtoclevel = toclevel;
                    toc.push_str("\n<ul>\n");
                    num_visible += 1;
                }
            } else if level < prevlevel && toclevel > 1 {
                let mut i = toclevel;
                while i > 0 {
                    if level_count[i] == level {
                        toclevel = i;
                        break;
                    } else if level_count[i] < level {
                        toclevel = i + 1;
                        break;
                    }
                    i -= 1;
                }
                if i == 0 {
                    toclevel = 1;
                }
                if toclevel < MAX_TOC_LEVEL {
                    if prevtoclevel < MAX_TOC_LEVEL {
                        toc.push_str("</li>\n");
                        toc.push_str(&"</ul>\n</li>\n".repeat(prevtoclevel.saturating_sub(toclevel)));
                        prevtoclevel = toclevel;
                    } else {
                        toc.push_str("</li>\n");
                    }
                }
            } else if toclevel < MAX_TOC_LEVEL {
                toc.push_str("</li>\n");
            }
            level_count[toclevel] = level;
            sublevel_count[toclevel] += 1;
            let numbering = (1..=toclevel)
                .filter(|&i| sublevel_count[i] != 0)
                .map(|i| sublevel_count[i].to_string())
                .collect::<Vec<_>>()
                .join(".");

            let mut safe = self.link_holders_text(&headline);
            safe = self.strip.unstrip_both(&safe);
            for re in &p.style_script {
                safe = re.replace_all(&safe, "").into_owned();
            }
            let tocline = toc_line(&safe);
            let safe = p.any_tag.replace_all(&safe, "").into_owned();
            let hint = section_name_whitespace(&safe);
            let decoded = section_name(&hint);
            let fallback = escape_id_legacy(&decoded);
            let mut link_anchor = escape_id_for_link(&decoded);
            let primary = escape_id_for_attribute(&decoded);
            let fallback = (fallback != primary).then_some(fallback);
            let key = primary.to_lowercase();
            let mut anchor = primary.clone();
            if let Some(i) = anchors.claim(key) {
                anchor.push_str(&format!("_{i}"));
                link_anchor.push_str(&format!("_{i}"));
            }
            let fallback_anchor = fallback.map(|f| match anchors.claim(f.to_lowercase()) {
                Some(i) => format!("{f}_{i}"),
                None => f,
            });
            let section_index = from.as_ref().map(|(_, i)| i.clone());
            if enough_toc && toclevel < MAX_TOC_LEVEL {
                let mut classes = format!("toclevel-{toclevel}");
                if let Some(index) = section_index.as_ref().filter(|_| !is_template) {
                    classes.push_str(&format!(" tocsection-{index}"));
                }
                toc.push_str(&format!(
                    "<li class=\"{classes}\"><a href=\"#{}\"><span class=\"tocnumber\">{}</span> <span class=\"toctext\">{tocline}</span></a>",
                    escape(&link_anchor),
                    escape(&numbering)
                ));
            }
            let byteoffset = match (&section_index, is_template) {
                (Some(index), false) => {
                    index.parse::<usize>().ok().and_then(|i| char_offsets.get(i.wrapping_sub(1)).copied())
                }
                _ => None,
            };
            let fromtitle = match &from {
                Some((Some(template), _)) => Some(template.clone()),
                Some((None, _)) => Some(self.page.dbkey_prefixed.clone()),
                None => None,
            };
            sections.push(Section {
                toclevel,
                level: level.to_string(),
                line: tocline.clone(),
                number: numbering.clone(),
                index: match (&section_index, is_template) {
                    (Some(i), true) => format!("T-{i}"),
                    (Some(i), false) => i.clone(),
                    (None, _) => String::new(),
                },
                fromtitle,
                byteoffset,
                anchor: anchor.clone(),
            });
            let edit_link = match (&section_index, show_edit_links) {
                (Some(index), true) => {
                    let (page, section) = match &from {
                        Some((Some(template), _)) => (template.replace('_', " "), format!("T-{index}")),
                        _ => (self.page.text.clone(), index.clone()),
                    };
                    format!(
                        "<mw:editsection page=\"{}\" section=\"{}\">{hint}</mw:editsection>",
                        escape_compat(&page),
                        escape_compat(&section)
                    )
                }
                _ => String::new(),
            };
            let fallback_html = match fallback_anchor.filter(|f| *f != anchor) {
                Some(f) => format!("<span id=\"{}\"></span>", escape_compat(&f)),
                None => String::new(),
            };
            heads.push(format!(
                "<h{level}{}{fallback_html}<span class=\"mw-headline\" id=\"{}\">{headline}</span>{edit_link}</h{level}>",
                &m[2],
                escape_compat(&anchor)
            ));
        }
        if num_visible < 1 {
            enough_toc = false;
        }
        if enough_toc {
            if prevtoclevel > 0 && prevtoclevel < MAX_TOC_LEVEL {
                toc.push_str("</li>\n");
                toc.push_str(&"</ul>\n</li>\n".repeat(prevtoclevel - 1));
            }
            self.toc_html = Some(toc_list(&toc));
        }
        self.output.sections = sections;
        let blocks: Vec<&str> = p.split.split(text).collect();
        let mut full = String::with_capacity(text.len() + heads.len() * 200);
        for (i, block) in blocks.iter().enumerate() {
            if i > 0 {
                if let Some(head) = heads.get(i - 1) {
                    full.push_str(head);
                }
            }
            full.push_str(block);
            if i == 0 && enough_toc && !self.force_toc_position {
                full.push_str(TOC_PLACEHOLDER);
                full.push('\n');
            }
        }
        full
    }
}

/// The anchors a page's headings have taken, compared without case.
#[derive(Default)]
struct Anchors {
    taken: HashSet<String>,
    /// For each name taken more than once, the suffix its next copy is numbered from: suffixes
    /// are only ever taken, so the first free one is never below it.
    next_suffix: HashMap<String, usize>,
}

impl Anchors {
    /// Takes the anchor `key` (lower case): `None` when it was free, or the number of the first
    /// free `key_N` (from 2), taken instead.
    fn claim(&mut self, key: String) -> Option<usize> {
        if !self.taken.contains(&key) {
            self.taken.insert(key);
            return None;
        }
        let mut i = self.next_suffix.get(&key).copied().unwrap_or(2);
        while self.taken.contains(&format!("{key}_{i}")) {
            i += 1;
        }
        self.taken.insert(format!("{key}_{i}"));
        self.next_suffix.insert(key, i + 1);
        Some(i)
    }
}

/// The table of contents around its list.
fn toc_list(items: &str) -> String {
    format!(
        "<div id=\"toc\" class=\"toc\" role=\"navigation\" aria-labelledby=\"mw-toc-heading\"><input type=\"checkbox\" role=\"button\" id=\"toctogglecheckbox\" class=\"toctogglecheckbox\" style=\"display:none\" /><div class=\"toctitle\" lang=\"en\" dir=\"ltr\"><h2 id=\"mw-toc-heading\">Contents</h2><span class=\"toctogglespan\"><label class=\"toctogglelabel\" for=\"toctogglecheckbox\"></label></span></div>{items}</ul>\n</div>\n"
    )
}
