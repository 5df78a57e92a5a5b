//! Links: the collector that reads internal links, images, galleries, bracketed and free
//! URLs and categories from the expanded text.

use std::collections::HashSet;

use wikiquery_domain::title::{
    decode_char_references, full_text, is_talk, normalize_subpage_link, ParsedTitle, NS_CATEGORY, NS_FILE, NS_MAIN,
    NS_MEDIA, NS_SPECIAL,
};

use wikiquery_domain::php::trim as php_trim;

use super::expand::{expand_document, Expansion, MARKER};
use super::tracking::tracking_category;
use super::{LinkContext, PageLinks, RedirectTarget};
use wikiquery_domain::link_urls::{
    clean_url, free_url_at, is_link_internal, is_space_separator, normalize_link_url, protocol_len, url_body_len,
};
use wikiquery_domain::redirect::percent_decode;
use wikiquery_domain::sanitizer::is_allowed_element;
use wikiquery_domain::title::is_link_target_byte;

/// Whether MediaWiki keeps a tag of this name as HTML (the sanitizer's elements; `<pre>` is
/// an extension tag, read before).
fn is_html_tag(name: &str) -> bool {
    name != "pre" && is_allowed_element(name)
}

/// The length of an HTML tag MediaWiki keeps at the start of `text` (which holds `<`), so
/// that URLs inside its attributes are not taken for links.
fn html_tag_len(text: &str) -> Option<usize> {
    let rest = text.strip_prefix('<')?;
    let rest_name = rest.strip_prefix('/').unwrap_or(rest);
    let name_len = rest_name.bytes().take_while(|b| b.is_ascii_alphanumeric()).count();
    let name = rest_name[..name_len].to_ascii_lowercase();
    if !is_html_tag(&name) {
        return None;
    }
    let line = &text[..text.find('\n').unwrap_or(text.len())];
    line.find('>').map(|end| end + 1)
}

/// The text with the attributes of its HTML tags left out: MediaWiki escapes `[`, `{`
/// and URL protocols in attribute values, so nothing there is a link.
fn drop_html_attributes(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains('<') {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(lt) = rest.find('<') {
        out.push_str(&rest[..lt]);
        let tag = &rest[lt..];
        let after_slash = tag[1..].strip_prefix('/').unwrap_or(&tag[1..]);
        let name_len = after_slash.bytes().take_while(|b| b.is_ascii_alphanumeric()).count();
        let name = after_slash[..name_len].to_ascii_lowercase();
        let name_end = tag.len() - after_slash.len() + name_len;
        match tag.find('>') {
            Some(close) if is_html_tag(&name) && close >= name_end => {
                out.push_str(&tag[..name_end]);
                if tag[..close].ends_with('/') && close > name_end {
                    out.push('/');
                }
                out.push('>');
                rest = &tag[close + 1..];
            }
            _ => {
                out.push('<');
                rest = &tag[1..];
            }
        }
    }
    out.push_str(rest);
    std::borrow::Cow::Owned(out)
}

/// Keeps first-seen order and drops repeats.
struct Dedup<T> {
    items: Vec<T>,
    seen: HashSet<T>,
}

impl<T: Clone + Eq + std::hash::Hash> Dedup<T> {
    fn new() -> Self {
        Dedup { items: Vec::new(), seen: HashSet::new() }
    }

    fn push(&mut self, item: T) {
        if self.seen.insert(item.clone()) {
            self.items.push(item);
        }
    }
}

pub(super) struct Collector<'c, 'a> {
    ctx: &'c LinkContext<'a>,
    links: Dedup<(i32, String)>,
    pub(super) templates: Vec<(i32, String)>,
    categories: Vec<(String, String)>,
    images: Dedup<String>,
    external: Dedup<String>,
    langlinks: Vec<(String, String)>,
    iwlinks: Dedup<(String, String)>,
    pub(super) redirect: Option<RedirectTarget>,
    pub(super) default_sort: Option<String>,
    pub(super) props: Vec<(String, String)>,
    /// What the expansion could not give exactly, if anything.
    warning: Option<String>,
    /// How deep gallery captions and image captions have nested, to bound recursion.
    depth: usize,
}

impl<'c, 'a> Collector<'c, 'a> {
    pub(super) fn new(ctx: &'c LinkContext<'a>) -> Self {
        Collector {
            ctx,
            links: Dedup::new(),
            templates: Vec::new(),
            categories: Vec::new(),
            images: Dedup::new(),
            external: Dedup::new(),
            langlinks: Vec::new(),
            iwlinks: Dedup::new(),
            redirect: None,
            default_sort: None,
            props: Vec::new(),
            warning: None,
            depth: 0,
        }
    }

    pub(super) fn finish(self) -> PageLinks {
        PageLinks {
            links: self.links.items,
            templates: self.templates,
            categories: self.categories,
            images: self.images.items,
            external: self.external.items,
            langlinks: self.langlinks,
            iwlinks: self.iwlinks.items,
            redirect: self.redirect,
            props: self.props,
            warning: self.warning,
        }
    }

    /// Records a link as MediaWiki's `ParserOutput::addLink` does: other wikis go to
    /// `iwlinks`, special pages and bare fragments nowhere, media links to their file page.
    pub(super) fn add_link(&mut self, title: &ParsedTitle) {
        if title.is_external() {
            self.iwlinks.push((title.interwiki.clone(), title.dbkey.clone()));
            return;
        }
        let ns = match title.ns {
            NS_SPECIAL => return,
            NS_MEDIA => NS_FILE,
            n => n,
        };
        if title.dbkey.is_empty() {
            return;
        }
        self.links.push((ns, title.dbkey.clone()));
    }

    fn add_external(&mut self, url: String) {
        let url = normalize_link_url(&url);
        if let Some(server) = &self.ctx.server {
            if is_link_internal(server, &url) {
                return;
            }
        }
        self.external.push(url);
    }

    /// One of MediaWiki's tracking categories, sorted by the page's default sort key.
    pub(super) fn add_tracking_category(&mut self, message: &str) {
        if let Some(category) = tracking_category(self.ctx, message) {
            let sortkey = self.default_sort.clone().unwrap_or_default();
            self.add_category(&category, sortkey);
        }
    }

    /// A file shown on the page: a missing one puts the page in the tracking category.
    fn show_file(&mut self, dbkey: &str) {
        self.images.push(dbkey.to_owned());
        if self.ctx.file_exists.is_some_and(|exists| !exists(dbkey)) {
            self.add_tracking_category("broken-file-category");
        }
    }

    fn add_category(&mut self, dbkey: &str, sortkey: String) {
        match self.categories.iter_mut().find(|(c, _)| c == dbkey) {
            // A later link to the same category changes its sort key, not its position.
            Some(entry) => entry.1 = sortkey,
            None => self.categories.push((dbkey.to_owned(), sortkey)),
        }
    }

    /// Internal links, then bracketed external links, then bare URLs, as MediaWiki's parser
    /// takes them in turn.
    pub(super) fn scan(&mut self, text: &str) {
        let text = drop_html_attributes(text);
        let rest = self.internal(&text);
        let rest = self.bracketed(&rest);
        self.free_urls(&rest);
    }

    /// A separately parsed piece of wikitext (a gallery caption), braces and all.
    fn scan_document(&mut self, text: &str) {
        if self.depth > 8 {
            return;
        }
        self.depth += 1;
        let expansion = expand_document(text, self.ctx);
        self.absorb(expansion);
        self.depth -= 1;
    }

    /// What an expanded text links to: its templates, its text, the pieces and galleries it
    /// holds.
    pub(super) fn absorb(&mut self, expansion: Expansion) {
        for t in expansion.templates {
            if !self.templates.contains(&t) {
                self.templates.push(t);
            }
        }
        if self.warning.is_none() {
            self.warning = expansion.warning;
        }
        self.scan(&expansion.main);
        for document in &expansion.documents {
            self.scan_document(document);
        }
        for gallery in &expansion.galleries {
            self.gallery(gallery);
        }
    }

    /// MediaWiki's internal link pass: records links, files, categories, language and
    /// interwiki links, and returns the text without them for the external link passes.
    fn internal(&mut self, text: &str) -> String {
        let ctx = self.ctx;
        let mut pieces = text.split("[[");
        let mut out = pieces.next().unwrap_or("").to_owned();
        let page_is_talk = ctx.page.as_ref().is_some_and(|(ns, _)| is_talk(*ns));
        while let Some(line) = pieces.next() {
            let target_len = line.bytes().take_while(|b| is_link_target_byte(*b)).count();
            let target_raw = &line[..target_len];
            let after = &line[target_len..];
            let mut might_be_img = false;
            let (mut label, mut remainder): (String, String);
            if target_len > 0 && after.starts_with("]]") {
                label = String::new();
                remainder = after[2..].to_owned();
            } else if target_len > 0 && after.starts_with('|') {
                let region = &after[1..];
                let first = region.chars().next().map_or(0, char::len_utf8);
                match region.get(first..).and_then(|r| r.find("]]")).filter(|_| first > 0) {
                    Some(pos) => {
                        label = region[..first + pos].to_owned();
                        remainder = region[first + pos + 2..].to_owned();
                    }
                    None => {
                        might_be_img = true;
                        label = region.to_owned();
                        remainder = String::new();
                    }
                }
            } else {
                out.push_str("[[");
                out.push_str(line);
                continue;
            }
            if !might_be_img && !label.is_empty() && remainder.starts_with(']') && label.contains('[') {
                label.push(']');
                remainder.remove(0);
            }
            let target = if target_raw.contains('%') {
                match percent_decode(target_raw) {
                    Some(t) => t.replace('<', "&lt;").replace('>', "&gt;"),
                    None => {
                        out.push_str("[[");
                        out.push_str(line);
                        continue;
                    }
                }
            } else {
                target_raw.to_owned()
            };
            let orig = target.trim_start_matches(' ');
            if protocol_len(orig, true).is_some() {
                out.push_str("[[");
                out.push_str(line);
                continue;
            }
            let link = match &ctx.page {
                Some((ns, _)) => {
                    normalize_subpage_link(ctx.site, *ns, &ctx.page_text().unwrap_or_default(), orig, &mut label)
                }
                None => orig.to_owned(),
            };
            let Some(title) = ctx.parse(&link, NS_MAIN) else {
                out.push_str("[[");
                out.push_str(line);
                continue;
            };
            let noforce = !orig.starts_with(':');
            if might_be_img {
                if title.ns != NS_FILE || !noforce {
                    out.push_str("[[");
                    out.push_str(line);
                    continue;
                }
                // A file whose caption holds links: the image ends at the `]]` after them.
                let mut found = false;
                for next in pieces.by_ref() {
                    let mut split = next.splitn(3, "]]");
                    let a = split.next().unwrap_or("");
                    match (split.next(), split.next()) {
                        (Some(b), Some(c)) => {
                            label.push_str(&format!("[[{a}]]{b}"));
                            remainder = c.to_owned();
                            found = true;
                            break;
                        }
                        (Some(b), None) => label.push_str(&format!("[[{a}]]{b}")),
                        _ => {
                            label.push_str("[[");
                            label.push_str(next);
                            break;
                        }
                    }
                }
                if !found {
                    // No end: the text stays, but the links inside it count.
                    let inner = if self.depth > 8 {
                        label.clone()
                    } else {
                        self.depth += 1;
                        let inner = self.internal(&label);
                        self.depth -= 1;
                        inner
                    };
                    out.push_str("[[");
                    out.push_str(&link);
                    out.push('|');
                    out.push_str(&inner);
                    continue;
                }
            }
            let was_blank = label.is_empty();
            if noforce {
                if title.is_external() && !page_is_talk && ctx.interwikis.is_language(&title.interwiki) {
                    if !self.langlinks.iter().any(|(lang, _)| *lang == title.interwiki) {
                        let mut text = full_text(title.ns, &title.dbkey, ctx.site);
                        if !title.fragment.is_empty() {
                            text.push('#');
                            text.push_str(&title.fragment);
                        }
                        self.langlinks.push((title.interwiki.clone(), text));
                    }
                    out.push(MARKER);
                    out.push_str(&remainder);
                    continue;
                }
                if title.ns == NS_FILE && !title.is_external() {
                    self.image(&title, &label);
                    out.push(MARKER);
                    out.push_str(&remainder);
                    continue;
                }
                if title.ns == NS_CATEGORY && !title.is_external() {
                    let sortkey = if was_blank { self.default_sort.clone().unwrap_or_default() } else { label };
                    let sortkey = decode_char_references(&sortkey).replace('\n', "");
                    self.add_category(&title.dbkey, sortkey);
                    out.push(MARKER);
                    out.push_str(&remainder);
                    continue;
                }
            }
            // The link trail (letters right after `]]`) belongs to the link.
            let trail = remainder.bytes().take_while(|b| b.is_ascii_lowercase()).count();
            let remainder = &remainder[trail..];
            let is_self = ctx
                .page
                .as_ref()
                .is_some_and(|(ns, key)| title.interwiki.is_empty() && title.ns == *ns && title.dbkey == *key);
            // A link to the page itself is no link, unless it goes to a section.
            if title.ns != NS_SPECIAL && is_self && title.fragment.is_empty() {
                out.push(MARKER);
                out.push_str(remainder);
                continue;
            }
            if title.ns == NS_MEDIA && !title.is_external() {
                self.images.push(title.dbkey.clone());
            } else {
                self.add_link(&title);
            }
            out.push(MARKER);
            out.push_str(remainder);
        }
        out
    }

    /// A file link: the file, and the links and external links among its options.
    fn image(&mut self, title: &ParsedTitle, options: &str) {
        self.show_file(&title.dbkey);
        if options.is_empty() || self.depth > 8 {
            return;
        }
        self.depth += 1;
        let rest = self.bracketed(options);
        let rest = self.internal(&rest);
        let mut framed = false;
        let mut caption = None;
        for part in rest.split('|') {
            let part = php_trim(part);
            if let Some(value) = part.strip_prefix("link=") {
                self.image_link_option(value);
            }
            framed |= is_frame_option(part);
            if !is_image_option(part) {
                caption = Some(part);
            }
        }
        // A framed image shows its caption as text, where bare URLs become links; an
        // inline image keeps it in attributes, where they do not.
        if let (true, Some(caption)) = (framed, caption) {
            self.free_urls(caption);
        }
        self.depth -= 1;
    }

    /// `link=` of a file: an external link when it is a URL, else a link to a page.
    fn image_link_option(&mut self, value: &str) {
        if value.is_empty() {
            return;
        }
        if let Some(plen) = protocol_len(value, true) {
            if url_body_len(&value[plen..]) == value.len() - plen {
                self.add_external(value.to_owned());
            }
            return;
        }
        if let Some(title) = self.ctx.parse(value, NS_MAIN) {
            self.add_link(&title);
        }
    }

    /// `<gallery>` lines: `File:Name.ext|caption`, the namespace optional.
    fn gallery(&mut self, content: &str) {
        for line in content.split('\n') {
            let line = line.trim_matches(' ');
            let (name, caption) = match line.split_once('|') {
                Some((n, c)) => (n, Some(c)),
                None => (line, None),
            };
            if name.is_empty() {
                continue;
            }
            let name = if line.contains('%') { percent_decode(name) } else { Some(name.to_owned()) };
            let Some(title) = name.and_then(|n| self.ctx.parse(&n, NS_FILE)) else { continue };
            if title.ns != NS_FILE || title.is_external() {
                continue;
            }
            self.show_file(&title.dbkey);
            if let Some(caption) = caption {
                for part in caption.split('|') {
                    if let Some(value) = php_trim(part).strip_prefix("link=") {
                        self.image_link_option(value);
                    }
                }
                self.scan_document(caption);
            }
        }
    }

    /// Bracketed external links `[url text]`: records them and returns the text without them.
    fn bracketed(&mut self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        let mut pos = 0;
        let mut search = 0;
        while let Some(found) = text[search..].find('[') {
            let open = search + found;
            search = open + 1;
            let body = &text[open + 1..];
            let Some(plen) = protocol_len(body, true) else { continue };
            let ulen = url_body_len(&body[plen..]);
            if ulen == 0 {
                continue;
            }
            let url_end = plen + ulen;
            let after_url = &body[url_end..];
            let spaces: usize = after_url.chars().take_while(|c| is_space_separator(*c)).map(char::len_utf8).sum();
            let label_area = &after_url[spaces..];
            let mut close = None;
            for (i, c) in label_area.char_indices() {
                if c == ']' {
                    close = Some(i);
                    break;
                }
                if matches!(c, '\0'..='\u{8}' | '\n'..='\u{1f}' | '\u{fffd}') {
                    break;
                }
            }
            let Some(close) = close else { continue };
            let mut url = &body[..url_end];
            let cut = [url.find("&lt;"), url.find("&gt;")].into_iter().flatten().min();
            if let Some(cut) = cut {
                url = &url[..cut];
            }
            let url = clean_url(url);
            self.add_external(url);
            out.push_str(&text[pos..open]);
            out.push(MARKER);
            pos = open + 1 + url_end + spaces + close + 1;
            search = pos;
        }
        out.push_str(&text[pos..]);
        out
    }

    /// Bare URLs (`https://…` in running text), with trailing punctuation left out.
    fn free_urls(&mut self, text: &str) {
        let mut i = 0;
        let mut prev: Option<char> = None;
        while i < text.len() {
            let rest = &text[i..];
            let Some(c) = rest.chars().next() else { break };
            if c == '<' {
                if let Some(len) = html_tag_len(rest) {
                    i += len;
                    prev = Some('>');
                    continue;
                }
            }
            let boundary = !prev.is_some_and(|p| p.is_alphanumeric() || p == '_');
            if let Some((len, url)) = free_url_at(rest).filter(|_| boundary) {
                if let Some(url) = url {
                    self.add_external(clean_url(url));
                }
                prev = rest[..len].chars().last();
                i += len;
                continue;
            }
            i += c.len_utf8();
            prev = Some(c);
        }
    }
}

/// Whether a file option puts the image in a frame with its caption below.
fn is_frame_option(part: &str) -> bool {
    matches!(part, "thumb" | "thumbnail" | "frame" | "framed" | "enframed")
        || part.starts_with("thumb=")
        || part.starts_with("thumbnail=")
}

/// Whether a part of a file link is one of MediaWiki's image options rather than the caption.
fn is_image_option(part: &str) -> bool {
    const WORDS: &[&str] = &[
        "thumb",
        "thumbnail",
        "frame",
        "framed",
        "enframed",
        "frameless",
        "border",
        "left",
        "right",
        "center",
        "centre",
        "none",
        "baseline",
        "sub",
        "super",
        "sup",
        "top",
        "text-top",
        "middle",
        "bottom",
        "text-bottom",
        "upright",
    ];
    const PREFIXES: &[&str] =
        &["alt=", "link=", "page=", "page ", "class=", "lang=", "thumb=", "thumbnail=", "upright=", "upright "];
    if WORDS.contains(&part) || PREFIXES.iter().any(|p| part.starts_with(p)) {
        return true;
    }
    // A size: `40px`, `x40px`, `40x30px`.
    part.strip_suffix("px").is_some_and(|size| {
        let (w, h) = size.split_once('x').unwrap_or((size, ""));
        !size.is_empty() && w.bytes().all(|b| b.is_ascii_digit()) && h.bytes().all(|b| b.is_ascii_digit())
    })
}
