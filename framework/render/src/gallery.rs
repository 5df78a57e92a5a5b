//! `<gallery>`: a list of files with captions, as MediaWiki 1.39's core gallery writes it
//! (`Parser::renderImageGallery` and the gallery classes: `traditional`, `nolines`, `packed`,
//! `packed-hover`, `packed-overlay`, `slideshow`).
//!
//! The tag is met while templates are expanded: its caption and each line's options are
//! expanded then (so templates are recorded in MediaWiki's order) and the tag leaves a marker.
//! Once the parse has its lookup, each gallery is rendered in the order met, before the page's
//! own text (where MediaWiki renders it, during the expansion), and the marker filled.
//!
//! A file that exists is shown by a thumbnail MediaWiki's thumbnailer sizes; this renderer
//! does not size thumbnails for galleries yet and answers `notimplemented` for one.

use wikiquery_domain::html::{escape, escape_attribute};
use wikiquery_domain::php;
use wikiquery_domain::sanitizer::{validate_tag_attributes, Attributes};
use wikiquery_domain::title::{
    decode_char_references_and_normalize, full_dbkey, full_text, split_title, ParsedTitle, NS_FILE,
};
use wikiquery_domain::url::{percent_decode, wf_urlencode};

use crate::state::Parser;
use crate::strip::Kind;
use crate::Unsupported;

/// A `<gallery>` as the expansion left it.
#[derive(Debug)]
pub(crate) struct GalleryTag {
    /// The marker standing where the gallery goes.
    pub marker: String,
    /// The attributes, decoded, in order.
    pub attributes: Attributes,
    /// The `caption` attribute, expanded.
    pub caption: Option<String>,
    pub lines: Vec<GalleryLine>,
}

/// A line of a gallery: the file's name and what follows its first `|`, expanded.
#[derive(Debug)]
pub(crate) struct GalleryLine {
    pub name: String,
    pub options: Option<String>,
}

/// A line's name and options as MediaWiki's pattern `^([^|]+)(\|(.*))?$` reads it; none for a
/// line it skips.
pub(crate) fn split_line(line: &str) -> Option<(String, Option<&str>)> {
    let (name, options) = match line.split_once('|') {
        Some((name, options)) => (name, Some(options)),
        None => (line, None),
    };
    if name.is_empty() {
        return None;
    }
    // A `%` anywhere in the line has the name percent-decoded.
    let name =
        if line.contains('%') { String::from_utf8_lossy(&percent_decode(name)).into_owned() } else { name.to_owned() };
    Some((name, options))
}

/// What tells the modes apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    Traditional,
    Nolines,
    Packed,
    PackedHover,
    PackedOverlay,
    Slideshow,
}

impl Mode {
    fn from_name(name: &str) -> Option<Mode> {
        Some(match name {
            "traditional" => Mode::Traditional,
            "nolines" => Mode::Nolines,
            "packed" => Mode::Packed,
            "packed-hover" => Mode::PackedHover,
            "packed-overlay" => Mode::PackedOverlay,
            "slideshow" => Mode::Slideshow,
            _ => return None,
        })
    }

    fn name(self) -> &'static str {
        match self {
            Mode::Traditional => "traditional",
            Mode::Nolines => "nolines",
            Mode::Packed => "packed",
            Mode::PackedHover => "packed-hover",
            Mode::PackedOverlay => "packed-overlay",
            Mode::Slideshow => "slideshow",
        }
    }

    fn packed(self) -> bool {
        matches!(self, Mode::Packed | Mode::PackedHover | Mode::PackedOverlay)
    }

    /// Space around a thumbnail inside its box.
    fn thumb_padding(self) -> i64 {
        match self {
            Mode::Nolines | Mode::Packed | Mode::PackedHover | Mode::PackedOverlay => 0,
            _ => 30,
        }
    }

    fn box_padding(self) -> i64 {
        if self.packed() {
            2
        } else {
            5
        }
    }

    fn box_borders(self) -> i64 {
        if self == Mode::Nolines {
            4
        } else {
            8
        }
    }

    /// The script module the mode needs.
    fn module(self) -> Option<&'static str> {
        match self {
            Mode::Packed | Mode::PackedHover | Mode::PackedOverlay => Some("mediawiki.page.gallery"),
            Mode::Slideshow => Some("mediawiki.page.gallery.slideshow"),
            _ => None,
        }
    }
}

/// How much larger than shown a packed gallery's thumbnails are made.
const PACKED_SCALE: f64 = 1.5;
/// The site's gallery defaults (`$wgGalleryOptions`).
const DEFAULT_WIDTHS: i64 = 120;
const DEFAULT_HEIGHTS: i64 = 120;

/// A width as `Parser::parseWidthParam` reads it without a height: digits, then `px`, spaces
/// around.
fn width_param(value: &str) -> Option<i64> {
    if value.is_empty() {
        return None;
    }
    let digits = value.bytes().take_while(u8::is_ascii_digit).count();
    let rest = value[digits..].trim_start_matches(is_php_space);
    let rest = rest.strip_prefix("px").unwrap_or(rest);
    if !rest.trim_start_matches(is_php_space).is_empty() {
        return None;
    }
    Some(value[..digits].parse::<i64>().unwrap_or(0))
}

/// PCRE's `\s`.
fn is_php_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r' | '\x0b' | '\x0c')
}

/// `perrow` as `setPerRow` takes it: a value PHP finds at least 0 (a numeric string compared
/// as a number, any other as a string), cast to an integer.
fn per_row(value: &str) -> Option<i64> {
    let at_least_zero = match php::numeric(value) {
        Some(n) => n >= 0.0,
        None => value.as_bytes() >= b"0".as_slice(),
    };
    at_least_zero.then(|| php::leading_int(value))
}

/// `text` split at `|`, where not inside `-{ … }-` (MediaWiki's `delimiterExplode`, nested).
fn split_options(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut depth = 0usize;
    let mut start = 0;
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i..].starts_with(b"-{") {
            depth += 1;
            i += 2;
        } else if depth > 0 && bytes[i..].starts_with(b"}-") {
            depth -= 1;
            i += 2;
        } else if depth == 0 && bytes[i] == b'|' {
            parts.push(&text[start..i]);
            i += 1;
            start = i;
        } else {
            i += 1;
        }
    }
    parts.push(&text[start..]);
    parts
}

/// One file of a gallery, read.
struct Entry {
    title: ParsedTitle,
    label: String,
}

impl Parser<'_> {
    /// Renders a gallery the expansion met and puts its HTML behind its marker.
    pub(crate) fn render_gallery(&mut self, gallery: GalleryTag) -> Result<(), Unsupported> {
        let html = self.gallery(&gallery)?;
        self.strip.set(&gallery.marker, Kind::General, html);
        Ok(())
    }

    /// A title as `Title::newFromText` reads it, in `default_ns` unless it names another.
    pub(crate) fn title_in(&self, text: &str, default_ns: i32) -> Option<ParsedTitle> {
        let decoded = decode_char_references_and_normalize(text);
        let interwikis = self.site.interwikis;
        split_title(&decoded, default_ns, self.site.namespaces, &|p| interwikis.get(p).is_some()).ok()
    }

    fn gallery(&mut self, tag: &GalleryTag) -> Result<String, Unsupported> {
        let attribute = |name: &str| tag.attributes.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str());
        let mode = match attribute("mode").filter(|m| !m.is_empty()) {
            Some(m) => Mode::from_name(&m.to_lowercase()).unwrap_or(Mode::Traditional),
            None => Mode::Traditional,
        };
        let mut attributes = validate_tag_attributes(&tag.attributes, "ul");
        let show_filename = attribute("showfilename").is_some();
        let caption = match &tag.caption {
            Some(caption) => self.recursive_tag_parse(caption)?,
            None => String::new(),
        };
        let mut per_row_count = 0;
        if !mode.packed() {
            if let Some(n) = attribute("perrow").and_then(per_row) {
                per_row_count = n;
            }
        }
        let widths = attribute("widths").and_then(width_param).filter(|w| *w > 0).unwrap_or(DEFAULT_WIDTHS);
        let heights = attribute("heights").and_then(width_param).filter(|h| *h > 0).unwrap_or(DEFAULT_HEIGHTS);
        if mode == Mode::Slideshow {
            let shown = if attribute("showthumbnails").is_some() { "1" } else { "" };
            attributes.push(("data-showthumbnails".into(), shown.into()));
        }

        // The lines: titles read, options parsed (links recorded as MediaWiki records them).
        let mut entries = Vec::new();
        for line in &tag.lines {
            let Some(title) = self.title_in(&line.name, NS_FILE) else { continue };
            let mut label = String::new();
            if let Some(options) = &line.options {
                let parsed = self.recursive_tag_parse(options)?;
                for part in split_options(&parsed) {
                    if part.starts_with("alt=") {
                        // The text it gives is only shown for a file that exists.
                    } else if let Some(value) = part.strip_prefix("link=") {
                        let value = self.strip_alt_text(value);
                        let value = match value.strip_prefix("-{R|").and_then(|v| v.strip_suffix("}-")) {
                            Some(inner) => inner.to_owned(),
                            None => value,
                        };
                        let _ = self.link_parameter(&value);
                    } else {
                        label = part.to_owned();
                    }
                }
            }
            entries.push(Entry { title, label });
        }
        let files: Vec<String> = entries
            .iter()
            .filter(|e| e.title.ns == NS_FILE && e.title.interwiki.is_empty())
            .map(|e| e.title.dbkey.clone())
            .collect();
        if !files.is_empty() && !self.lookup.files(&files)?.is_empty() {
            return Err(Unsupported("a gallery of a file that exists".into()));
        }

        if per_row_count > 0 {
            let all_padding = mode.thumb_padding() + mode.box_padding() + mode.box_borders();
            let max_width = per_row_count * (widths + all_padding);
            // In the style's place, if it has one.
            match attributes.iter_mut().find(|(n, _)| n == "style") {
                Some((_, style)) => *style = format!("max-width: {max_width}px;{style}"),
                None => attributes.push(("style".into(), format!("max-width: {max_width}px;"))),
            }
        }
        let mut class = format!("gallery mw-gallery-{}", mode.name());
        if let Some(at) = attributes.iter().position(|(n, _)| n == "class") {
            let extra = attributes.remove(at).1;
            for word in extra.split(is_php_space).filter(|w| !w.is_empty()) {
                if !class.split(' ').any(|c| c == word) {
                    class.push(' ');
                    class.push_str(word);
                }
            }
        }

        if let Some(module) = mode.module() {
            self.output.add_module(module);
        }
        self.output.add_module_style("mediawiki.page.gallery.styles");

        let mut out = format!("<ul class=\"{}\"", escape_attribute(&class));
        for (name, value) in &attributes {
            out.push_str(&format!(" {name}=\"{}\"", escape_attribute(value)));
        }
        out.push('>');
        if !caption.is_empty() && caption != "0" {
            out.push_str(&format!("\n\t<li class='gallerycaption'>{caption}</li>"));
        }
        // No file exists here, so every box has the name where the thumbnail would be.
        // A packed box is as wide as its thumbnail shown (at least 60 pixels).
        let packed_width = (widths as f64 * PACKED_SCALE).max(60.0 * PACKED_SCALE) / PACKED_SCALE;
        let box_width = if mode.packed() {
            php::float_text(packed_width + mode.thumb_padding() as f64 + mode.box_padding() as f64)
        } else {
            (widths + mode.thumb_padding() + mode.box_padding()).to_string()
        };
        let thumb_height = mode.thumb_padding() + heights;
        for entry in &entries {
            let t = &entry.title;
            if t.ns == NS_FILE && t.interwiki.is_empty() {
                self.output.add_image(&t.dbkey);
            }
            self.track("broken-file-category");
            let mut text = String::new();
            if show_filename {
                let prefixed = full_text(t.ns, &t.dbkey, self.site.namespaces);
                let href = self
                    .site
                    .article_path
                    .replace("$1", &wf_urlencode(&full_dbkey(t.ns, &t.dbkey, self.site.namespaces)));
                text.push_str(&format!(
                    "<a href=\"{}\" class=\"galleryfilename galleryfilename-truncate\" title=\"{}\">{}</a>\n",
                    escape(&href),
                    escape(&prefixed),
                    escape(&t.text)
                ));
            }
            text.push_str(&entry.label);
            let gallery_text = match mode {
                Mode::PackedHover | Mode::PackedOverlay => {
                    if text.trim_matches(|c: char| matches!(c, ' ' | '\t' | '\n' | '\r' | '\0' | '\x0b')).is_empty() {
                        String::new()
                    } else {
                        let caption_width = (packed_width - 20.0).ceil();
                        format!(
                            "\n\t\t\t<div class=\"gallerytextwrapper\" style=\"width: {}px\"><div class=\"gallerytext\">\n{text}\n\t\t\t</div></div>",
                            php::float_text(caption_width)
                        )
                    }
                }
                _ => format!("\n\t\t\t<div class=\"gallerytext\">\n{text}\n\t\t\t</div>"),
            };
            out.push_str(&format!(
                "\n\t\t<li class=\"gallerybox\" style=\"width: {box_width}px\"><div style=\"width: {box_width}px\">\n\t\t\t<div class=\"thumb\" style=\"height: {thumb_height}px;\">{}</div>{gallery_text}\n\t\t</div></li>",
                escape(&t.text)
            ));
        }
        out.push_str("\n</ul>");
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_split_at_the_first_pipe() {
        assert_eq!(split_line("File:A.png|a|b"), Some(("File:A.png".to_owned(), Some("a|b"))));
        assert_eq!(split_line("|caption"), None);
        assert_eq!(split_line(""), None);
        assert_eq!(split_line("A%20B.png"), Some(("A B.png".to_owned(), None)));
    }

    #[test]
    fn widths_as_mediawiki_reads_them() {
        assert_eq!(width_param("70px"), Some(70));
        assert_eq!(width_param("70"), Some(70));
        assert_eq!(width_param("70 px "), Some(70));
        assert_eq!(width_param("70em"), None);
        assert_eq!(width_param("px"), Some(0));
        assert_eq!(width_param(""), None);
    }

    #[test]
    fn per_row_as_php_compares_it() {
        assert_eq!(per_row("2"), Some(2));
        assert_eq!(per_row("-1"), None);
        assert_eq!(per_row("abc"), Some(0));
        assert_eq!(per_row("3px"), Some(3));
    }

    #[test]
    fn options_split_outside_conversion_markup() {
        assert_eq!(split_options("a|-{b|c}-|d"), vec!["a", "-{b|c}-", "d"]);
    }
}
