//! One parse: the expanded text taken through MediaWiki's passes in MediaWiki's order, and
//! what the page links to, its sections and its categories recorded on the way.

use std::sync::OnceLock;

use regex::Regex;
use wikiquery_domain::html::escape_attribute;
use wikiquery_domain::magic_words::behaviour_switches;
use wikiquery_domain::messages;
use wikiquery_domain::preprocessor::expand::{
    expand_counting, ExpansionCounts, ExtensionTag, ParseWarning, TemplateLookup, Unsupported, Wiki,
};
use wikiquery_domain::preprocessor::Options;
use wikiquery_domain::quotes::do_quotes;
use wikiquery_domain::redirect::redirect_target;
use wikiquery_domain::title::{decode_char_references, split_title, NS_CATEGORY, NS_MAIN};
use wikiquery_domain::url::wf_urlencode;

use crate::block::do_block_levels;
use crate::external::remove_noparse;
use crate::gallery::{split_line, GalleryLine, GalleryTag};
use crate::headings::{handle_headings, TOC_PLACEHOLDER};
use crate::state::{Limits, Output, PageRef, Parser, RenderOptions, RenderSite, Rendered, Sources};
use crate::strip::{Kind, StripState};
use crate::tables::handle_tables;
use crate::tidy::tidy;
use wikiquery_domain::sanitizer::{
    armor_french_spaces, decode_attributes_in_order, remove_html_tags, validate_tag_attributes,
};

/// The expansion as the renderer sees it: extension tags rendered behind markers, headings
/// marked with where they come from.
struct Expanding<'p, 'w> {
    inner: &'w mut dyn Wiki,
    strip: &'p mut StripState,
    headings: &'p mut Vec<(Option<String>, String)>,
    page: &'p PageRef,
    /// The tags rendered once the parse can look pages up (galleries, indicators), in order.
    deferred: &'p mut Vec<Deferred>,
    options: &'p Options,
}

impl Expanding<'_, '_> {
    /// `text`, which a tag at `depth` holds, expanded on its own as a tag's `recursiveTagParse`
    /// expands it: from the tag's depth, so that tags nested in what their own content
    /// expands to meet the template depth limit.
    fn expand(&mut self, text: &str, depth: usize) -> Result<String, Unsupported> {
        let options = Options { depth: depth + 1, ..self.options.clone() };
        Ok(expand_counting(text, &options, self)?.0)
    }
}

impl Wiki for Expanding<'_, '_> {
    fn template(&mut self, name: &str) -> Result<TemplateLookup, Unsupported> {
        self.inner.template(name)
    }
    fn variable(&mut self, id: &'static str) -> Result<String, Unsupported> {
        self.inner.variable(id)
    }
    fn function(&mut self, id: &'static str, args: &[String]) -> Result<Option<String>, Unsupported> {
        self.inner.function(id, args)
    }
    fn cannot_expand(&mut self, what: Unsupported) -> Result<String, Unsupported> {
        self.inner.cannot_expand(what)
    }
    fn parse_warning(&mut self, warning: ParseWarning) {
        self.inner.parse_warning(warning)
    }
    fn tracking_category(&mut self, message: &'static str) {
        self.inner.tracking_category(message);
    }
    fn default_sort(&mut self) -> Option<String> {
        self.inner.default_sort()
    }
    fn extension_tag(&mut self, tag: &ExtensionTag) -> Result<String, Unsupported> {
        let name = tag.name.to_lowercase();
        let attributes = decode_attributes_in_order(&tag.attributes);
        match name.as_str() {
            "nowiki" => {
                let content = tag.inner.as_deref().unwrap_or("");
                let mut html = String::with_capacity(content.len());
                let mut rest = content;
                while let Some(c) = rest.chars().next() {
                    if rest.starts_with("-{") {
                        html.push_str("-&#123;");
                        rest = &rest[2..];
                        continue;
                    }
                    if rest.starts_with("}-") {
                        html.push_str("&#125;-");
                        rest = &rest[2..];
                        continue;
                    }
                    match c {
                        '<' => html.push_str("&lt;"),
                        '>' => html.push_str("&gt;"),
                        c => html.push(c),
                    }
                    rest = &rest[c.len_utf8()..];
                }
                Ok(self.strip.add(Kind::NoWiki, &tag.name, html))
            }
            "pre" => {
                let content = without_nowiki_tags(tag.inner.as_deref().unwrap_or(""));
                let attributes = validate_tag_attributes(&attributes, "pre");
                let mut html = String::from("<pre");
                for (name, value) in &attributes {
                    html.push_str(&format!(" {name}=\"{}\"", escape_attribute(value)));
                }
                html.push('>');
                html.push_str(&content.replace('>', "&gt;").replace('<', "&lt;"));
                html.push_str("</pre>");
                Ok(self.strip.add(Kind::General, &tag.name, html))
            }
            "gallery" => {
                let caption = match attributes.iter().find(|(n, _)| n == "caption") {
                    Some((_, caption)) => Some(self.expand(caption, tag.depth)?),
                    None => None,
                };
                let mut lines = Vec::new();
                for line in tag.inner.as_deref().unwrap_or("").split('\n') {
                    let Some((name, options)) = split_line(line) else { continue };
                    let options = match options {
                        Some(options) => Some(self.expand(wikiquery_domain::php::trim(options), tag.depth)?),
                        None => None,
                    };
                    lines.push(GalleryLine { name, options });
                }
                let marker = self.strip.add(Kind::General, &tag.name, String::new());
                self.deferred.push(Deferred::Gallery(GalleryTag {
                    marker: marker.clone(),
                    attributes,
                    caption,
                    lines,
                }));
                Ok(marker)
            }
            "indicator" => {
                let name = attributes
                    .iter()
                    .find(|(n, _)| n == "name")
                    .map(|(_, v)| wikiquery_domain::php::trim(v).to_owned())
                    .filter(|n| !n.is_empty())
                    .ok_or_else(|| Unsupported("an <indicator> without a name".into()))?;
                let content = tag.inner.as_deref().unwrap_or("");
                // Its content is parsed in its template's frame, which this hook does not see.
                if content.contains("{{{") {
                    return Err(Unsupported("an <indicator> reading its template's arguments".into()));
                }
                let expanded = self.expand(content, tag.depth)?;
                self.deferred.push(Deferred::Indicator { name, expanded });
                Ok(self.strip.add(Kind::General, &tag.name, String::new()))
            }
            other => Err(Unsupported(format!("the <{other}> tag"))),
        }
    }
    fn heading_marker(&mut self, template: Option<&str>, index: &str) -> Option<String> {
        let template = template.map(|t| t.replace(' ', "_")).filter(|t| *t != self.page.dbkey_prefixed);
        self.headings.push((template, index.to_owned()));
        let serial = self.headings.len() - 1;
        Some(self.strip.add_named(Kind::General, &format!("h-{serial}"), String::new()))
    }
}

/// A tag met while expanding whose rendering needs the parse's lookup.
enum Deferred {
    Gallery(GalleryTag),
    /// A page status indicator (`<indicator name="…">`): its name and its content expanded.
    Indicator {
        name: String,
        expanded: String,
    },
}

/// The HTML of a single paragraph without its `<p>` (MediaWiki's `stripOuterParagraph`).
pub fn strip_outer_paragraph(html: &str) -> &str {
    let Some(inner) = html.strip_prefix("<p>") else { return html };
    let inner = inner.strip_suffix('\n').unwrap_or(inner);
    let Some(inner) = inner.strip_suffix("</p>") else { return html };
    let inner = inner.strip_suffix('\n').unwrap_or(inner);
    if inner.contains("</p>") {
        html
    } else {
        inner
    }
}

/// `<nowiki>` and `</nowiki>` (any case) taken out of a `<pre>`'s content, what is between
/// them kept.
fn without_nowiki_tags(content: &str) -> String {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| Regex::new(r"(?is)<nowiki>(.*?)</nowiki>").unwrap());
    re.replace_all(content, "$1").into_owned()
}

fn hr_pattern() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| Regex::new(r"(^|\n)-----*").unwrap())
}

/// `source`, the wikitext of `page`, rendered as MediaWiki 1.39 renders it, reading the wiki
/// through `sources`.
pub fn render(
    source: &str,
    page: &PageRef,
    site: &RenderSite<'_>,
    sources: &mut dyn Sources,
    options: &RenderOptions,
) -> Result<Rendered, Unsupported> {
    let wiki = sources.wiki();
    // A redirect shows a link to its target, then what follows it rendered.
    let redirect = redirect_target(source, &|t| {
        let interwikis = site.interwikis;
        split_title(&decode_char_references(t), NS_MAIN, site.namespaces, &|p| interwikis.get(p).is_some()).ok()
    });
    let (redirect, source) = match redirect {
        Some((target, rest)) => (Some(target), rest),
        None => (None, source),
    };
    let mut strip = StripState::default();
    let mut headings = Vec::new();
    let mut deferred = Vec::new();
    let expand_options = Options::with_extension_tags(site.extension_tags);
    let (expanded, counts) = {
        let mut expanding = Expanding {
            inner: &mut *wiki,
            strip: &mut strip,
            headings: &mut headings,
            page,
            deferred: &mut deferred,
            options: &expand_options,
        };
        expand_counting(source, &expand_options, &mut expanding)?
    };
    let default_sort = wiki.default_sort();
    let lookup = sources.lookup();
    let mut parser = Parser {
        site,
        page: page.clone(),
        strip,
        headings,
        holders: Vec::new(),
        extra_links: Vec::new(),
        output: Output::default(),
        switches: Vec::new(),
        show_toc: true,
        force_toc_position: false,
        toc_html: None,
        autonumber: 0,
        default_sort,
        lookup,
    };
    // The deferred tags first: MediaWiki renders them while it expands.
    parser.render_deferred(deferred)?;
    let text = parser.internal_parse(&expanded, source)?;
    let mut text = parser.half_parsed(&text)?;
    if let Some(target) = redirect {
        text = format!("{}{text}", parser.redirect_header(&target)?);
    }
    let mut rendered = parser.finish(text, options);
    rendered.limits.expansion = counts;
    Ok(rendered)
}

impl Parser<'_> {
    /// Renders the tags the expansion deferred, in the order met.
    fn render_deferred(&mut self, deferred: Vec<Deferred>) -> Result<(), Unsupported> {
        for tag in deferred {
            match tag {
                Deferred::Gallery(gallery) => self.render_gallery(gallery)?,
                Deferred::Indicator { name, expanded } => {
                    // Parsed fully, as MediaWiki's `recursiveTagParseFully` does.
                    let html = self.recursive_tag_parse(&expanded)?;
                    let html = self.half_parsed(&html)?;
                    self.output.set_indicator(name, strip_outer_paragraph(&html).to_owned());
                }
            }
        }
        Ok(())
    }

    /// Puts the page in the tracking category of `message`.
    pub(crate) fn track(&mut self, message: &'static str) {
        if self.output.tracking.iter().any(|(_, m, _)| *m == message) {
            return;
        }
        let sort_key = self.default_sort.clone().unwrap_or_default();
        self.output.tracking.push((self.output.categories.len(), message, sort_key));
    }

    fn internal_parse(&mut self, expanded: &str, source: &str) -> Result<String, Unsupported> {
        let text = self.recursive_tag_parse(expanded)?;
        Ok(self.finalize_headings(&text, source))
    }

    /// The passes of `internal_parse` on an expanded text a tag holds (MediaWiki's
    /// `recursiveTagParse`): no paragraphs, no link colours yet, its headings left as they are.
    pub(crate) fn recursive_tag_parse(&mut self, expanded: &str) -> Result<String, Unsupported> {
        let strip = &self.strip;
        let text = remove_html_tags(expanded, &|t| strip.unstrip_both(t));
        let text = handle_tables(&text, &|t| strip.unstrip_both(t));
        let text = hr_pattern().replace_all(&text, "${1}<hr />").into_owned();
        let text = self.handle_double_underscore(&text);
        let text = handle_headings(&text);
        let text = self.handle_internal_links(&text)?;
        let text = text.split('\n').map(do_quotes).collect::<Vec<_>>().join("\n");
        let text = self.handle_external_links(&text)?;
        let text = remove_noparse(&text);
        Ok(self.handle_magic_links(&text))
    }

    fn handle_double_underscore(&mut self, text: &str) -> String {
        let mut text = text.to_owned();
        if let Some((start, len)) = find_toc_word(&text) {
            self.show_toc = true;
            self.force_toc_position = true;
            text.replace_range(start..start + len, TOC_PLACEHOLDER);
            let from = start + TOC_PLACEHOLDER.len();
            while let Some((s, l)) = find_toc_word(&text[from..]) {
                text.replace_range(from + s..from + s + l, "");
            }
        }
        let (text, mut switches) = behaviour_switches(&text);
        if self.force_toc_position && !switches.contains(&"toc") {
            switches.push("toc");
        }
        if switches.contains(&"notoc") && !self.force_toc_position {
            self.show_toc = false;
        }
        if switches.contains(&"hiddencat") && self.page.ns == NS_CATEGORY {
            self.track("hidden-category-category");
        }
        // Pages of content namespaces may not ask robots for anything.
        if self.page.ns != NS_MAIN {
            if switches.contains(&"noindex") {
                self.track("noindex-category");
            }
            if switches.contains(&"index") {
                self.track("index-category");
            }
        }
        self.switches = switches.clone();
        self.output.switches = switches;
        text
    }

    fn half_parsed(&mut self, text: &str) -> Result<String, Unsupported> {
        let text = self.strip.unstrip(text, Kind::General);
        let text = do_block_levels(&text, true);
        let text = self.replace_link_holders(&text)?;
        let text = self.strip.unstrip(&text, Kind::NoWiki);
        let text = self.strip.unstrip(&text, Kind::General);
        Ok(tidy(&text, Some(&armor_french_spaces)))
    }

    /// The section edit links and the table of contents (MediaWiki's `ParserOutput::getText`).
    fn finish(mut self, text: String, options: &RenderOptions) -> Rendered {
        let mut html = text;
        html = replace_edit_sections(&html, options.edit_sections, self.site);
        let toc = match (&self.toc_html, options.toc) {
            (Some(toc), true) => tidy(toc, Some(&armor_french_spaces)),
            _ => String::new(),
        };
        html = html.replace(TOC_PLACEHOLDER, &toc);
        self.output.finish();
        let (unstrip_depth, unstrip_size) = self.strip.limits_spent();
        let limits = Limits { expansion: ExpansionCounts::default(), unstrip_depth, unstrip_size };
        Rendered { html, output: self.output, show_toc: self.toc_html.is_some(), limits }
    }
}

/// Where `__TOC__` (any case) first stands, and its length.
fn find_toc_word(text: &str) -> Option<(usize, usize)> {
    let lower = text.to_ascii_lowercase();
    lower.find("__toc__").map(|at| (at, 7))
}

/// The `<mw:editsection>` placeholders as the skin's edit links (or removed).
fn replace_edit_sections(html: &str, enabled: bool, site: &RenderSite<'_>) -> String {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(r#"(?s)<(?:mw:)?editsection page="(.*?)" section="(.*?)"(?:/>|>(.*?)(</(?:mw:)?editsection>))"#)
            .unwrap()
    });
    re.replace_all(html, |c: &regex::Captures<'_>| {
        if !enabled {
            return String::new();
        }
        let page = decode_specialchars(&c[1]);
        let section = decode_specialchars(&c[2]);
        let content = wikiquery_domain::title::decode_char_references(c.get(3).map_or("", |m| m.as_str())).into_owned();
        let hint = messages::substitute(messages::text("en", "editsectionhint").unwrap_or("$1"), &[content]);
        let href = format!(
            "{}?title={}&action=edit&section={}",
            site.script,
            wf_urlencode(&page.replace(' ', "_")),
            wf_urlencode(&section)
        );
        format!(
            "<span class=\"mw-editsection\"><span class=\"mw-editsection-bracket\">[</span><a href=\"{}\" title=\"{}\">{}</a><span class=\"mw-editsection-bracket\">]</span></span>",
            escape_attribute(&href),
            escape_attribute(&hint),
            messages::text("en", "editsection").unwrap_or("edit")
        )
    })
    .into_owned()
}

/// PHP's `htmlspecialchars_decode`.
fn decode_specialchars(text: &str) -> String {
    text.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#039;", "'").replace("&amp;", "&")
}
