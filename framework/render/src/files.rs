//! `[[File:…]]`: images with their options and captions, as MediaWiki 1.39 writes them in its
//! legacy media markup (`Parser::makeImage`, `Linker::makeImageLink` and `makeThumbLink2`), on
//! a wiki that scales no image itself: a bitmap is shown from the file at the size asked for,
//! and the browser scales it.

use wikiquery_domain::files::{hash_path, media_handler, scale_height, MediaHandler};
use wikiquery_domain::html::{escape, escape_compat};
use wikiquery_domain::link_urls::{protocol_len, url_body_len};
use wikiquery_domain::messages;
use wikiquery_domain::sanitizer::strip_all_tags;
use wikiquery_domain::title::{full_text, ParsedTitle, NS_FILE};
use wikiquery_domain::url::{rawurlencode, wf_urlencode};

use crate::state::{FileInfo, Holder, Parser};
use crate::Unsupported;

/// The image options MediaWiki's English magic words spell (case-sensitive), `$1` standing for
/// a value.
const IMAGE_WORDS: &[(&str, &str)] = &[
    ("manualthumb", "thumbnail=$1"),
    ("manualthumb", "thumb=$1"),
    ("thumbnail", "thumb"),
    ("thumbnail", "thumbnail"),
    ("framed", "frame"),
    ("framed", "framed"),
    ("framed", "enframed"),
    ("frameless", "frameless"),
    ("upright", "upright"),
    ("upright", "upright=$1"),
    ("upright", "upright $1"),
    ("border", "border"),
    ("right", "right"),
    ("left", "left"),
    ("none", "none"),
    ("center", "center"),
    ("center", "centre"),
    ("baseline", "baseline"),
    ("sub", "sub"),
    ("super", "super"),
    ("super", "sup"),
    ("top", "top"),
    ("text-top", "text-top"),
    ("middle", "middle"),
    ("bottom", "bottom"),
    ("text-bottom", "text-bottom"),
    ("link", "link=$1"),
    ("alt", "alt=$1"),
    ("class", "class=$1"),
    ("width", "$1px"),
];

/// The option a part of a file link spells, with its value (`None` for a word without one).
fn image_word(part: &str) -> Option<(&'static str, Option<&str>)> {
    for (id, alias) in IMAGE_WORDS {
        match alias.split_once("$1") {
            None if part == *alias => return Some((id, None)),
            Some((before, after))
                if part.len() >= before.len() + after.len() && part.starts_with(before) && part.ends_with(after) =>
            {
                return Some((id, Some(&part[before.len()..part.len() - after.len()])));
            }
            _ => {}
        }
    }
    None
}

/// What a file link's link option points to.
pub(crate) enum LinkTo {
    Nothing,
    Url(String),
    Page(ParsedTitle),
}

/// The options of one file link.
#[derive(Default)]
struct Params {
    width: Option<i64>,
    height: Option<i64>,
    thumbnail: bool,
    manualthumb: Option<String>,
    framed: bool,
    frameless: bool,
    upright: Option<f64>,
    border: bool,
    align: Option<&'static str>,
    valign: Option<&'static str>,
    link: Option<LinkTo>,
    alt: Option<String>,
    class: Option<String>,
    caption: String,
}

/// `100`, `100x50`, `x50` (with an optional `px`), as MediaWiki's `parseWidthParam` reads them.
fn parse_width(value: &str) -> (Option<i64>, Option<i64>) {
    let trimmed = value.trim_end_matches(char::is_whitespace);
    let trimmed = trimmed.strip_suffix("px").unwrap_or(trimmed).trim_end_matches(char::is_whitespace);
    let number =
        |s: &str| -> Option<i64> { s.bytes().all(|b| b.is_ascii_digit()).then(|| s.parse::<i64>().unwrap_or(0)) };
    if let Some((w, h)) = trimmed.split_once('x') {
        if let (Some(w), Some(h)) = (number(w), number(h)) {
            return (Some(w), Some(h));
        }
        return (None, None);
    }
    match number(trimmed) {
        Some(w) => (Some(w), None),
        None => (None, None),
    }
}

/// PHP's `round` to a precision of tens (`round($x, -1)`).
fn round_tens(x: f64) -> i64 {
    ((x / 10.0).abs() + 0.5).floor().copysign(x) as i64 * 10
}

/// The widest width that keeps the height within `max_height` (`MediaHandler::fitBoxWidth`).
fn fit_box_width(box_width: i64, box_height: i64, max_height: i64) -> i64 {
    let ideal = box_width as f64 * max_height as f64 / box_height as f64;
    let up = ideal.ceil();
    if (up * box_height as f64 / box_width as f64).round() > max_height as f64 {
        ideal.floor() as i64
    } else {
        up as i64
    }
}

/// The size a bitmap is shown at for the width (and height) asked.
fn display_size(file: &FileInfo, width: i64, height: Option<i64>) -> (i64, i64) {
    let mut width = width;
    if let Some(h) = height.filter(|h| *h != -1) {
        if width * file.height > h * file.width {
            width = fit_box_width(file.width, file.height, h);
        }
    }
    (width, scale_height(file.width, file.height, width))
}

/// The media handler of a file's MIME type (`image/png`).
fn handler(mime: &str) -> Option<MediaHandler> {
    let (major, minor) = mime.split_once('/').unwrap_or((mime, ""));
    media_handler(major, minor)
}

/// Whether a media handler shows the file as a bitmap (what this server shows).
fn is_bitmap(mime: &str) -> bool {
    matches!(handler(mime), Some(MediaHandler::Bitmap | MediaHandler::Jpeg))
}

/// Whether the file is a drawing (scaled to any size; rasterised by a scaler this server does
/// not have).
fn is_drawing(mime: &str) -> bool {
    handler(mime) == Some(MediaHandler::Svg)
}

/// The largest size a drawing is rasterised at (`$wgSVGMaxSize`).
const SVG_MAX_SIZE: i64 = 5120;

/// The box MediaWiki shows where a thumbnail could not be made, of the thumbnail's size.
fn transform_error(width: i64, height: i64) -> String {
    format!(
        "<div class=\"MediaTransformError\" style=\"width: {width}px; height: {height}px; display:inline-block;\">{}</div>",
        escape(wikiquery_domain::files::NO_RASTERISER)
    )
}

/// The size a drawing is rasterised at for the width (and height) asked.
fn drawing_size(file: &FileInfo, width: i64, height: Option<i64>) -> (i64, i64) {
    let (mut w, mut h) = display_size(file, width, height);
    if w > SVG_MAX_SIZE || h > SVG_MAX_SIZE {
        if w >= h {
            h = scale_height(w, h, SVG_MAX_SIZE);
            w = SVG_MAX_SIZE;
        } else {
            w = scale_height(h, w, SVG_MAX_SIZE);
            h = SVG_MAX_SIZE;
        }
    }
    (w, h)
}

/// The default width of a thumbnail (`$wgThumbLimits` at the default `thumbsize`).
const THUMB_WIDTH: f64 = 300.0;
/// `$wgThumbUpright`.
const THUMB_UPRIGHT: f64 = 0.75;

impl Parser<'_> {
    /// The options' text of an image (links already made) read as MediaWiki reads them.
    fn image_params(&mut self, options: &str) -> Params {
        let mut p = Params::default();
        let mut seen_format = false;
        for part in options.split('|') {
            let part = wikiquery_domain::php::trim(part);
            let validated = match image_word(part) {
                Some(("width", Some(value))) => {
                    let (w, h) = parse_width(value);
                    let mut ok = false;
                    if let Some(w) = w.filter(|w| *w > 0) {
                        p.width = Some(w);
                        ok = true;
                    }
                    if let Some(h) = h.filter(|h| *h > 0) {
                        p.height = Some(h);
                        ok = true;
                    }
                    ok
                }
                Some(("alt", Some(value))) => {
                    p.alt = Some(self.strip_alt_text(value));
                    true
                }
                Some(("class", Some(value))) => {
                    p.class = Some(self.strip_alt_text(value));
                    true
                }
                Some(("link", Some(value))) => match self.link_parameter(&self.strip_alt_text(value)) {
                    Some(to) => {
                        p.link = Some(to);
                        true
                    }
                    None => false,
                },
                Some(("manualthumb", Some(value))) => {
                    let ok = !seen_format;
                    seen_format = true;
                    if ok {
                        p.manualthumb = Some(self.strip_alt_text(value));
                    }
                    ok
                }
                Some((format @ ("frameless" | "framed" | "thumbnail"), None)) => {
                    let ok = !seen_format;
                    seen_format = true;
                    if ok {
                        match format {
                            "frameless" => p.frameless = true,
                            "framed" => p.framed = true,
                            _ => p.thumbnail = true,
                        }
                    }
                    ok
                }
                Some(("upright", value)) => match value.map(str::trim) {
                    None => {
                        p.upright = Some(0.0);
                        true
                    }
                    Some(v) => match v.parse::<f64>() {
                        Ok(n) if !v.is_empty() => {
                            p.upright = Some(n);
                            true
                        }
                        _ => false,
                    },
                },
                Some(("border", None)) => {
                    p.border = true;
                    true
                }
                Some((align @ ("right" | "left" | "none" | "center"), None)) => {
                    p.align.get_or_insert(align);
                    true
                }
                Some((
                    valign @ ("baseline" | "sub" | "super" | "top" | "text-top" | "middle" | "bottom" | "text-bottom"),
                    None,
                )) => {
                    p.valign.get_or_insert(valign);
                    true
                }
                _ => false,
            };
            if !validated {
                p.caption = part.to_owned();
            }
        }
        p
    }

    /// A link option's target (`link=`), recorded among the page's links.
    pub(crate) fn link_parameter(&mut self, value: &str) -> Option<LinkTo> {
        if value.is_empty() {
            return Some(LinkTo::Nothing);
        }
        if let Some(plen) = protocol_len(value, true) {
            let body = url_body_len(&value[plen..]);
            if body > 0 && plen + body == value.len() {
                self.output.add_external_link(value, self.site.server);
                return Some(LinkTo::Url(value.to_owned()));
            }
            return None;
        }
        // Percent-decoded, as a link's target is.
        let decoded;
        let value = if value.contains('%') {
            decoded = String::from_utf8_lossy(&wikiquery_domain::url::percent_decode(value)).into_owned();
            decoded.as_str()
        } else {
            value
        };
        let title = self.title_of_link(value)?;
        if title.interwiki.is_empty() && title.ns >= 0 && !title.dbkey.is_empty() {
            self.extra_links.push((title.ns, title.dbkey.clone()));
        }
        Some(LinkTo::Page(title))
    }

    /// Text for an attribute: links as their text, tags dropped, references decoded, white
    /// space folded (MediaWiki's `stripAltText`).
    pub(crate) fn strip_alt_text(&self, caption: &str) -> String {
        strip_all_tags(&self.strip.unstrip_both(&self.link_holders_text(caption)))
    }

    /// The HTML of a file link with its options and caption (`options`, links already made).
    pub(crate) fn make_image(&mut self, t: &ParsedTitle, options: &str) -> Result<String, Unsupported> {
        self.output.add_image(&t.dbkey);
        let file = self.lookup.files(&[t.dbkey.clone()])?.remove(&t.dbkey);
        if file.is_none() {
            self.track("broken-file-category");
        }
        let mut p = self.image_params(options);
        let visible_caption = p.framed || p.thumbnail || p.manualthumb.is_some();
        let name_text = t.text.clone();
        let title_attr;
        if visible_caption {
            if p.caption.is_empty() && p.alt.is_none() {
                p.alt = Some(name_text.clone());
            }
            title_attr = String::new();
        } else {
            if p.alt.is_none() {
                p.alt = Some(if p.caption.is_empty() { name_text.clone() } else { self.strip_alt_text(&p.caption) });
            }
            title_attr = self.strip_alt_text(&p.caption);
        }
        if let Some(file) = &file {
            if !is_bitmap(&file.mime) && !is_drawing(&file.mime) {
                if file.mime.starts_with("image/") {
                    return Err(Unsupported(format!("an image of type {}", file.mime)));
                }
                // No media handler shows it: a link to its page.
                return Ok(self.plain_link(t));
            }
        }
        let (mut prefix, mut postfix) = ("", "");
        if p.align == Some("center") {
            prefix = "<div class=\"center\">";
            postfix = "</div>";
            p.align = Some("none");
        }
        if let Some(file) = &file {
            if p.width.is_none() {
                let vector = is_drawing(&file.mime);
                let mut width = if p.height.is_some() && vector { SVG_MAX_SIZE } else { file.width };
                if p.thumbnail || p.manualthumb.is_some() || p.framed || p.frameless || width == 0 {
                    if p.upright == Some(0.0) {
                        p.upright = Some(THUMB_UPRIGHT);
                    }
                    let preferred = match p.upright {
                        Some(u) => round_tens(THUMB_WIDTH * u),
                        None => THUMB_WIDTH as i64,
                    };
                    if p.height.is_none() && (width <= 0 || preferred < width || vector) {
                        width = preferred;
                    }
                }
                p.width = Some(width);
            }
        }
        if visible_caption {
            if p.align.is_none() {
                p.align = Some("right");
            }
            let html = self.thumb_link(t, file.as_ref(), &p)?;
            return Ok(format!("{prefix}{html}{postfix}").replace('\n', " "));
        }
        let mut html = match &file {
            None => self.broken_image_link(t, &title_attr),
            Some(file) if is_drawing(&file.mime) => {
                let (w, h) = drawing_size(file, p.width.unwrap_or(file.width), p.height);
                transform_error(w, h)
            }
            Some(file) => {
                let mut width = p.width.unwrap_or(file.width);
                if p.frameless && file.width > 0 && width > file.width {
                    width = file.width;
                }
                let (w, h) = display_size(file, width, p.height);
                let mut class = p.class.clone().unwrap_or_default();
                if p.border {
                    if !class.is_empty() {
                        class.push(' ');
                    }
                    class.push_str("thumbborder");
                }
                let img = Img {
                    alt: p.alt.clone().unwrap_or_default(),
                    width: w,
                    height: h,
                    valign: p.valign,
                    class,
                    title: title_attr.clone(),
                };
                self.image_html(t, &img, &p.link, &title_attr)
            }
        };
        if let Some(align) = p.align {
            html = format!("<div class=\"float{align}\">{html}</div>");
        }
        Ok(format!("{prefix}{html}{postfix}").replace('\n', " "))
    }

    /// A framed image with its caption (`makeThumbLink2`).
    fn thumb_link(&mut self, t: &ParsedTitle, file: Option<&FileInfo>, p: &Params) -> Result<String, Unsupported> {
        let align = p.align.unwrap_or("right");
        let mut width = p.width.unwrap_or(0);
        if width == 0 {
            width = if p.upright.is_some() { 130 } else { 180 };
        }
        let caption = &p.caption;
        let Some(file) = file else {
            let broken = self.broken_image_link(t, "");
            return Ok(format!(
                "<div class=\"thumb t{align}\"><div class=\"thumbinner\" style=\"width:{}px;\">{broken}  <div class=\"thumbcaption\">{caption}</div></div></div>",
                width + 2
            ));
        };
        let mut shown = (file.clone(), t.clone());
        let mut scale = true;
        if let Some(manual) = &p.manualthumb {
            let manual_title = self.title_of_link(&format!("File:{manual}")).filter(|m| m.ns == NS_FILE);
            let manual_file = match &manual_title {
                Some(m) => self.lookup.files(&[m.dbkey.clone()])?.remove(&m.dbkey),
                None => None,
            };
            match (manual_title, manual_file) {
                (Some(m), Some(f)) => {
                    shown = (f, m);
                    scale = false;
                }
                _ => return Err(Unsupported("a thumbnail that is no file".into())),
            }
        } else if is_drawing(&file.mime) {
            if p.framed {
                width = file.width;
            }
            let (w, h) = drawing_size(file, width, p.height);
            let zoom = self.zoom_icon(t, p.framed);
            return Ok(format!(
                "<div class=\"thumb t{align}\"><div class=\"thumbinner\" style=\"width:{}px;\">{}  <div class=\"thumbcaption\">{zoom}{caption}</div></div></div>",
                w + 2,
                transform_error(w, h)
            ));
        } else {
            if p.framed {
                scale = false;
            }
            if file.width > 0 && width > file.width {
                width = file.width;
            }
        }
        if is_drawing(&shown.0.mime) {
            let zoom = self.zoom_icon(t, p.framed);
            let (w, h) = (shown.0.width, shown.0.height);
            return Ok(format!(
                "<div class=\"thumb t{align}\"><div class=\"thumbinner\" style=\"width:{}px;\">{}  <div class=\"thumbcaption\">{zoom}{caption}</div></div></div>",
                w + 2,
                transform_error(w, h)
            ));
        }
        if !is_bitmap(&shown.0.mime) {
            return Err(Unsupported(format!("a thumbnail of type {}", shown.0.mime)));
        }
        let (w, h) = if scale { display_size(file, width, p.height) } else { (shown.0.width, shown.0.height) };
        let class = match &p.class {
            Some(c) if !c.is_empty() => format!("{c} thumbimage"),
            _ => "thumbimage".to_owned(),
        };
        let img = Img {
            alt: p.alt.clone().unwrap_or_default(),
            width: w,
            height: h,
            valign: None,
            class,
            title: String::new(),
        };
        // A thumbnail given by hand links to the file shown, unless told otherwise.
        let link = match (&p.link, p.manualthumb.is_some()) {
            (None, true) => Some(LinkTo::Page(t.clone())),
            (link, _) => link.as_ref().map(|l| match l {
                LinkTo::Nothing => LinkTo::Nothing,
                LinkTo::Url(u) => LinkTo::Url(u.clone()),
                LinkTo::Page(t) => LinkTo::Page(t.clone()),
            }),
        };
        let image = self.image_html(&shown.1, &img, &link, "");
        let zoom = self.zoom_icon(t, p.framed);
        Ok(format!(
            "<div class=\"thumb t{align}\"><div class=\"thumbinner\" style=\"width:{}px;\">{image}  <div class=\"thumbcaption\">{zoom}{caption}</div></div></div>",
            w + 2
        ))
    }

    /// `<img>` in its link (`ThumbnailImage::toHtml`): the file's description page, a page or
    /// URL the options name, or none.
    fn image_html(&mut self, t: &ParsedTitle, img: &Img, link: &Option<LinkTo>, title: &str) -> String {
        let src = format!("{}/{}/{}", self.site.upload_path, hash_path(&t.dbkey), rawurlencode(&t.dbkey));
        let mut tag = format!("<img alt=\"{}\" src=\"{}\" decoding=\"async\"", escape(&img.alt), escape(&src));
        let link_html = match link {
            Some(LinkTo::Url(url)) => {
                let mut a = format!("<a href=\"{}\"", escape(url));
                if !title.is_empty() {
                    a.push_str(&format!(" title=\"{}\"", escape(title)));
                }
                if !crate::external::followed(url) {
                    a.push_str(" rel=\"nofollow\"");
                }
                a.push('>');
                Some(a)
            }
            Some(LinkTo::Page(page)) => {
                let shown = if title.is_empty() { page.prefixed_text(self.site.namespaces) } else { title.to_owned() };
                let href = if page.interwiki.is_empty() {
                    self.article_url(page)
                } else {
                    self.site.interwikis.url(&page.interwiki, &page.dbkey).unwrap_or_default()
                };
                Some(format!("<a href=\"{}\" title=\"{}\">", escape(&href), escape(&shown)))
            }
            Some(LinkTo::Nothing) => {
                if !img.title.is_empty() {
                    tag.push_str(&format!(" title=\"{}\"", escape(&img.title)));
                }
                None
            }
            None => {
                let href = self.article_url(&ParsedTitle { fragment: String::new(), ..t.clone() });
                let mut a = format!("<a href=\"{}\" class=\"image\"", escape(&href));
                if !title.is_empty() {
                    a.push_str(&format!(" title=\"{}\"", escape(title)));
                }
                a.push('>');
                Some(a)
            }
        };
        tag.push_str(&format!(" width=\"{}\" height=\"{}\"", img.width, img.height));
        if let Some(valign) = img.valign {
            tag.push_str(&format!(" style=\"vertical-align: {valign}\""));
        }
        if !img.class.is_empty() {
            tag.push_str(&format!(" class=\"{}\"", escape(&img.class)));
        }
        tag.push_str(" />");
        match link_html {
            Some(a) => format!("{a}{tag}</a>"),
            None => tag,
        }
    }

    /// The link to the file's page under a thumbnail (none under a frame).
    fn zoom_icon(&self, t: &ParsedTitle, framed: bool) -> String {
        if framed {
            return String::new();
        }
        format!(
            "<div class=\"magnify\"><a href=\"{}\" class=\"internal\" title=\"{}\"></a></div>",
            escape(&self.article_url(&ParsedTitle { fragment: String::new(), ..t.clone() })),
            escape(messages::text("en", "thumbnail-more").unwrap_or(""))
        )
    }

    /// A missing file: a link to upload it, with `label` (else its title) as its text.
    fn broken_image_link(&self, t: &ParsedTitle, label: &str) -> String {
        let title = full_text(t.ns, &t.dbkey, self.site.namespaces);
        let label = if label.is_empty() { title.clone() } else { label.to_owned() };
        let href = format!("{}?title=Special:Upload&wpDestFile={}", self.site.script, wf_urlencode(&t.dbkey));
        format!(
            "<a href=\"{}\" class=\"new\" title=\"{}\">{}</a>",
            escape(&href),
            escape(&title),
            escape_compat(&label)
        )
    }

    /// A link to the file's page, as a link holder (its colour known once the lookup is done).
    fn plain_link(&mut self, t: &ParsedTitle) -> String {
        let key = self.holders.len();
        let text = escape(&full_text(t.ns, &t.dbkey, self.site.namespaces));
        self.holders.push(Holder { title: ParsedTitle { fragment: String::new(), ..t.clone() }, text });
        format!("<!--LINK'\" {}:{key}-->", t.ns)
    }
}

/// An `<img>`'s attributes.
struct Img {
    alt: String,
    width: i64,
    height: i64,
    valign: Option<&'static str>,
    class: String,
    /// The title an image without a link carries.
    title: String,
}
