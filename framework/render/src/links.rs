//! Internal links (`[[Page|text]]trail`): pages, categories, language and interwiki links,
//! files and media, as MediaWiki's `handleInternalLinks2` reads them; link holders stand for
//! the page links until one lookup tells which pages exist (MediaWiki's `LinkHolderArray`).

use std::collections::HashMap;

use wikiquery_domain::html::{escape, escape_id_for_link, escape_id_legacy, link_element};
use wikiquery_domain::link_urls::protocol_len;
use wikiquery_domain::messages;
use wikiquery_domain::quotes::do_quotes;
use wikiquery_domain::special_pages;
use wikiquery_domain::title::{
    decode_char_references, full_dbkey, full_text, is_link_target_byte, normalize_subpage_link, ParsedTitle,
    NS_CATEGORY, NS_FILE, NS_MAIN, NS_MEDIA, NS_SPECIAL,
};
use wikiquery_domain::url::{percent_decode, wf_urlencode};

use crate::state::{Holder, Parser};
use crate::strip::StripState;
use crate::Unsupported;

/// The link trail of English: the letters right after a link belong to its text.
pub(crate) fn split_trail(trail: &str) -> (&str, &str) {
    let n = trail.bytes().take_while(|b| b.is_ascii_lowercase()).count();
    trail.split_at(n)
}

/// `[[target|text]]rest`, `[[target|rest…` as MediaWiki's two patterns read a piece after `[[`.
enum Piece<'t> {
    Link { target: &'t str, text: &'t str, trail: &'t str },
    MaybeImage { target: &'t str, text: &'t str },
    Invalid,
}

fn read_piece(line: &str) -> Piece<'_> {
    let n = line.bytes().take_while(|&b| is_link_target_byte(b)).count();
    if n == 0 {
        return Piece::Invalid;
    }
    let target = &line[..n];
    let rest = &line[n..];
    if let Some(after) = rest.strip_prefix("]]") {
        return Piece::Link { target, text: "", trail: after };
    }
    if let Some(after_bar) = rest.strip_prefix('|') {
        // `.+?` then `]]`: the shortest text of at least one character.
        if after_bar.len() > 1 {
            let first = after_bar.chars().next().map_or(1, char::len_utf8);
            if let Some(close) = after_bar[first..].find("]]") {
                let text = &after_bar[..first + close];
                let trail = &after_bar[first + close + 2..];
                return Piece::Link { target, text, trail };
            }
        }
        return Piece::MaybeImage { target, text: after_bar };
    }
    Piece::Invalid
}

impl Parser<'_> {
    /// The text with its internal links made: holders for page links, HTML for the rest.
    pub(crate) fn handle_internal_links(&mut self, s: &str) -> Result<String, Unsupported> {
        let mut pieces = s.split("[[");
        let mut out = pieces.next().unwrap_or("").to_owned();
        let rest: Vec<&str> = pieces.collect();
        let mut i = 0;
        while i < rest.len() {
            let line = rest[i];
            i += 1;
            let (target, mut text, mut trail, might_be_image) = match read_piece(line) {
                Piece::Link { target, text, trail, .. } => {
                    let mut text = text.to_owned();
                    let mut trail = trail;
                    if !text.is_empty() && trail.starts_with(']') && text.contains('[') {
                        text.push(']');
                        trail = &trail[1..];
                    }
                    (target, text, trail.to_owned(), false)
                }
                Piece::MaybeImage { target, text } => (target, text.to_owned(), String::new(), true),
                Piece::Invalid => {
                    out.push_str("[[");
                    out.push_str(line);
                    continue;
                }
            };
            let mut target = target.to_owned();
            if target.contains('%') {
                target = String::from_utf8_lossy(&percent_decode(&target)).replace('<', "&lt;").replace('>', "&gt;");
            }
            let orig_link = target.trim_start_matches(' ').to_owned();
            if protocol_len(&orig_link, true).is_some() {
                out.push_str("[[");
                out.push_str(line);
                continue;
            }
            let link =
                normalize_subpage_link(self.site.namespaces, self.page.ns, &self.page.text, &orig_link, &mut text);
            let Some(nt) = self.title_of_link(&link) else {
                out.push_str("[[");
                out.push_str(line);
                continue;
            };
            let noforce = !orig_link.starts_with(':');
            if might_be_image {
                if nt.ns == NS_FILE && noforce && nt.interwiki.is_empty() {
                    // The caption may hold links: the text runs to the `]]` that closes it.
                    let mut found = false;
                    while i < rest.len() {
                        let next = rest[i];
                        i += 1;
                        let parts: Vec<&str> = next.splitn(3, "]]").collect();
                        match parts.len() {
                            3 => {
                                found = true;
                                text.push_str(&format!("[[{}]]{}", parts[0], parts[1]));
                                trail = parts[2].to_owned();
                                break;
                            }
                            2 => text.push_str(&format!("[[{}]]{}", parts[0], parts[1])),
                            _ => {
                                text.push_str("[[");
                                text.push_str(next);
                                break;
                            }
                        }
                    }
                    if !found {
                        let inner = self.handle_internal_links(&text)?;
                        out.push_str(&format!("[[{link}|{inner}"));
                        continue;
                    }
                } else {
                    out.push_str(&format!("[[{link}|{text}"));
                    continue;
                }
            }
            let was_blank = text.is_empty();
            if was_blank {
                text = if noforce { link.clone() } else { link[1..].to_owned() };
            } else {
                text = do_quotes(&text);
            }
            if noforce {
                if !nt.interwiki.is_empty() && self.site.interwikis.is_language(&nt.interwiki) && !is_talk(self.page.ns)
                {
                    if !self.output.language_links.iter().any(|l| l.split(':').next() == Some(nt.interwiki.as_str())) {
                        self.output.language_links.push(format!(
                            "{}:{}",
                            nt.interwiki,
                            full_text_with_fragment(&nt, self)
                        ));
                    }
                    rtrim_in_place(&mut out);
                    out.push_str(&trail);
                    continue;
                }
                if nt.interwiki.is_empty() && nt.ns == NS_FILE {
                    let caption = if was_blank {
                        String::new()
                    } else {
                        let linked = self.handle_external_links(&text)?;
                        self.handle_internal_links(&linked)?
                    };
                    let image = self.make_image(&nt, &caption)?;
                    out.push_str(&self.armor_links(&image));
                    out.push_str(&trail);
                    continue;
                }
                if nt.interwiki.is_empty() && nt.ns == NS_CATEGORY {
                    rtrim_in_place(&mut out);
                    out.push_str(&trail);
                    let sort_key = if was_blank { self.default_sort.clone().unwrap_or_default() } else { text.clone() };
                    let sort_key = decode_char_references(&sort_key).replace('\n', "");
                    self.output.add_category(nt.dbkey.clone(), sort_key);
                    continue;
                }
            }
            if nt.interwiki.is_empty()
                && nt.ns != NS_SPECIAL
                && nt.ns == self.page.ns
                && nt.dbkey == self.page.dbkey
                && nt.fragment.is_empty()
            {
                let (inside, after) = split_trail(&trail);
                out.push_str(&format!("<a class=\"mw-selflink selflink\">{text}{inside}</a>{after}"));
                continue;
            }
            if nt.interwiki.is_empty() && nt.ns == NS_MEDIA {
                let link = self.media_link(&nt, &text)?;
                out.push_str(&self.armor_links(&link));
                out.push_str(&trail);
                continue;
            }
            let (inside, after) = split_trail(&trail);
            let key = self.holders.len();
            let marker = if nt.interwiki.is_empty() {
                format!("<!--LINK'\" {}:{key}-->", nt.ns)
            } else {
                format!("<!--IWLINK'\" {key}-->")
            };
            self.holders.push(Holder { title: nt, text: format!("{text}{inside}") });
            out.push_str(&marker);
            out.push_str(after);
        }
        Ok(out)
    }

    /// The title a link names, if it is one (markers in it make it none).
    pub(crate) fn title_of_link(&self, link: &str) -> Option<ParsedTitle> {
        if StripState::kill_markers(link).len() != link.len() {
            return None;
        }
        self.title_in(link, NS_MAIN)
    }

    /// URLs in link HTML hidden from the passes that make free links.
    pub(crate) fn armor_links(&self, html: &str) -> String {
        let mut out = String::with_capacity(html.len());
        let mut rest = html;
        while !rest.is_empty() {
            let word_boundary = out.chars().last().map_or(true, |c| !(c.is_alphanumeric() || c == '_'));
            if word_boundary {
                if let Some(len) = protocol_len(rest, true) {
                    if rest.as_bytes()[0].is_ascii_alphanumeric() || rest.starts_with("//") {
                        out.push_str(crate::strip::MARKER_PREFIX);
                        out.push_str("NOPARSE");
                        out.push_str(&rest[..len]);
                        rest = &rest[len..];
                        continue;
                    }
                }
            }
            let c = rest.chars().next().expect("not empty");
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
        out
    }

    /// The holders replaced by their links, once the wiki has said which pages exist.
    pub(crate) fn replace_link_holders(&mut self, text: &str) -> Result<String, Unsupported> {
        if self.holders.is_empty() && self.extra_links.is_empty() {
            return Ok(text.to_owned());
        }
        let mut wanted: Vec<(i32, String)> = Vec::new();
        let mut files: Vec<String> = Vec::new();
        for holder in &self.holders {
            let t = &holder.title;
            if t.interwiki.is_empty() && t.ns >= 0 && !t.dbkey.is_empty() {
                wanted.push((t.ns, t.dbkey.clone()));
                if t.ns == NS_FILE {
                    files.push(t.dbkey.clone());
                }
            }
        }
        wanted.extend(self.extra_links.iter().cloned());
        wanted.sort();
        wanted.dedup();
        let pages = self.lookup.pages(&wanted)?;
        let known_files = if files.is_empty() { Default::default() } else { self.lookup.files(&files)? };
        let mut links: HashMap<String, String> = HashMap::new();
        // Existing pages in title order, then missing ones in text order (the output records
        // each once).
        let mut existing: Vec<(i32, String)> = Vec::new();
        let mut missing: Vec<(i32, String)> = Vec::new();
        for (key, holder) in self.holders.iter().enumerate() {
            let t = &holder.title;
            let html = if !t.interwiki.is_empty() {
                self.output.add_interwiki(&t.interwiki, &t.dbkey);
                let pattern = self.site.interwikis.url(&t.interwiki, &t.dbkey).unwrap_or_default();
                let mut href = pattern;
                if !t.fragment.is_empty() {
                    href.push('#');
                    href.push_str(&escape_id_legacy(&t.fragment));
                }
                let title = t.prefixed_text(self.site.namespaces);
                link_element(&href, "extiw", &title, &holder.text)
            } else if t.ns == NS_SPECIAL {
                self.special_link(t, &holder.text)
            } else if t.dbkey.is_empty() {
                link_element(&format!("#{}", escape_id_for_link(&t.fragment)), "", "", &holder.text)
            } else {
                let id = (t.ns, t.dbkey.clone());
                let known_file = t.ns == NS_FILE && known_files.contains_key(&t.dbkey);
                match pages.get(&id) {
                    Some(info) => {
                        existing.push(id.clone());
                        let class = if info.redirect { "mw-redirect" } else { "" };
                        link_element(
                            &self.article_url(t),
                            class,
                            &full_text(t.ns, &t.dbkey, self.site.namespaces),
                            &holder.text,
                        )
                    }
                    None if known_file => link_element(
                        &self.article_url(t),
                        "",
                        &full_text(t.ns, &t.dbkey, self.site.namespaces),
                        &holder.text,
                    ),
                    None => {
                        missing.push(id.clone());
                        let href = format!(
                            "{}?title={}&action=edit&redlink=1",
                            self.site.script,
                            wf_urlencode(&full_dbkey(t.ns, &t.dbkey, self.site.namespaces))
                        );
                        let title = messages::substitute(
                            messages::text("en", "red-link-title").unwrap_or("$1"),
                            &[full_text(t.ns, &t.dbkey, self.site.namespaces)],
                        );
                        link_element(&href, "new", &title, &holder.text)
                    }
                }
            };
            let marker = if t.interwiki.is_empty() {
                format!("<!--LINK'\" {}:{key}-->", t.ns)
            } else {
                format!("<!--IWLINK'\" {key}-->")
            };
            links.insert(marker, html);
        }
        // Links an image's `link=` names are recorded as the parse meets them, before those
        // of the link holders (MediaWiki adds them at once).
        for id in std::mem::take(&mut self.extra_links) {
            let exists = pages.contains_key(&id);
            self.output.add_link(id.0, id.1, exists);
        }
        existing.sort();
        for (ns, dbkey) in existing {
            self.output.add_link(ns, dbkey, true);
        }
        for (ns, dbkey) in missing {
            self.output.add_link(ns, dbkey, false);
        }
        Ok(replace_markers(text, &links))
    }

    /// The text of the holders in `text` in place of their markers (a heading's plain text).
    pub(crate) fn link_holders_text(&self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(start) = rest.find("<!--") {
            out.push_str(&rest[..start]);
            let after = &rest[start..];
            let parsed = after.find("-->").and_then(|end| {
                let inner = &after[4..end];
                let key = inner
                    .strip_prefix("LINK'\" ")
                    .and_then(|r| r.split(':').nth(1))
                    .or_else(|| inner.strip_prefix("IWLINK'\" "))?;
                let key: usize = key.parse().ok()?;
                Some((self.holders.get(key)?.text.clone(), end + 3))
            });
            match parsed {
                Some((holder_text, used)) => {
                    out.push_str(&holder_text);
                    rest = &after[used..];
                }
                None => {
                    out.push_str("<!--");
                    rest = &after[4..];
                }
            }
        }
        out.push_str(rest);
        out
    }

    /// The box a redirect shows in place of its text: a link to its target (MediaWiki's
    /// `Article::getRedirectHeaderHtml`), the target recorded among the page's links.
    pub(crate) fn redirect_header(&mut self, target: &ParsedTitle) -> Result<String, Unsupported> {
        // A redirect's header is styled by a module of its own.
        self.output.add_module_style(REDIRECT_STYLES);
        let text = escape(&full_text_with_fragment(target, self));
        let link = if !target.interwiki.is_empty() {
            let prefixed = target.prefixed_text(self.site.namespaces);
            self.output.add_interwiki(&target.interwiki, &target.dbkey);
            let mut href = self.site.interwikis.url(&target.interwiki, &target.dbkey).unwrap_or_default();
            if !target.fragment.is_empty() {
                href.push('#');
                href.push_str(&escape_id_legacy(&target.fragment));
            }
            link_element(&href, "extiw", &prefixed, &format!("{}:{text}", target.interwiki))
        } else if target.ns == NS_SPECIAL {
            self.special_link(target, &text)
        } else {
            let id = (target.ns, target.dbkey.clone());
            let pages = self.lookup.pages(std::slice::from_ref(&id))?;
            let title = full_text(target.ns, &target.dbkey, self.site.namespaces);
            match pages.get(&id) {
                Some(info) => {
                    self.output.add_link(id.0, id.1, true);
                    if info.redirect {
                        let mut href = format!(
                            "{}?title={}&redirect=no",
                            self.site.script,
                            wf_urlencode(&full_dbkey(target.ns, &target.dbkey, self.site.namespaces))
                        );
                        if !target.fragment.is_empty() {
                            href.push('#');
                            href.push_str(&escape_id_for_link(&target.fragment));
                        }
                        link_element(&href, "mw-redirect", &title, &text)
                    } else {
                        link_element(&self.article_url(target), "", &title, &text)
                    }
                }
                None => {
                    self.output.add_link(id.0, id.1, false);
                    let href = format!(
                        "{}?title={}&action=edit&redlink=1",
                        self.site.script,
                        wf_urlencode(&full_dbkey(target.ns, &target.dbkey, self.site.namespaces))
                    );
                    let hint = messages::substitute(messages::text("en", "red-link-title").unwrap_or("$1"), &[title]);
                    link_element(&href, "new", &hint, &text)
                }
            }
        };
        Ok(format!(
            "<div class=\"redirectMsg\"><p>{}</p><ul class=\"redirectText\"><li>{link}</li></ul></div>",
            messages::text("en", "redirectto").unwrap_or("")
        ))
    }

    pub(crate) fn article_url(&self, t: &ParsedTitle) -> String {
        let mut url =
            self.site.article_path.replace("$1", &wf_urlencode(&full_dbkey(t.ns, &t.dbkey, self.site.namespaces)));
        if !t.fragment.is_empty() {
            url.push('#');
            url.push_str(&escape_id_for_link(&t.fragment));
        }
        url
    }

    fn special_link(&self, t: &ParsedTitle, text: &str) -> String {
        let (name, subpage) = match t.dbkey.split_once('/') {
            Some((n, s)) => (n, Some(s)),
            None => (t.dbkey.as_str(), None),
        };
        match special_pages::local_name(name) {
            Some(local) => {
                let dbkey = match subpage {
                    Some(s) => format!("{local}/{s}"),
                    None => local.to_owned(),
                };
                let target = ParsedTitle { dbkey: dbkey.clone(), ..t.clone() };
                link_element(&self.article_url(&target), "", &full_text(NS_SPECIAL, &dbkey, self.site.namespaces), text)
            }
            None => {
                let title = full_text(NS_SPECIAL, &t.dbkey, self.site.namespaces);
                let target = ParsedTitle { fragment: String::new(), ..t.clone() };
                let hint = messages::substitute(messages::text("en", "red-link-title").unwrap_or("$1"), &[title]);
                link_element(&self.article_url(&target), "new", &hint, text)
            }
        }
    }
}

fn is_talk(ns: i32) -> bool {
    ns >= 0 && ns % 2 == 1
}

fn full_text_with_fragment(t: &ParsedTitle, parser: &Parser<'_>) -> String {
    let mut text = full_text(t.ns, &t.dbkey, parser.site.namespaces);
    if !t.fragment.is_empty() {
        text.push('#');
        text.push_str(&t.fragment);
    }
    text
}

/// PHP's `rtrim` of the text written so far.
fn rtrim_in_place(out: &mut String) {
    let kept = wikiquery_domain::php::rtrim(out).len();
    out.truncate(kept);
}

/// Every `<!--…-->` marker of `links` replaced by its HTML.
fn replace_markers(text: &str, links: &HashMap<String, String>) -> String {
    let mut out = String::with_capacity(text.len() + links.len() * 64);
    let mut rest = text;
    while let Some(start) = rest.find("<!--") {
        out.push_str(&rest[..start]);
        let after = &rest[start..];
        match after.find("-->").and_then(|end| links.get(&after[..end + 3]).map(|html| (html, end + 3))) {
            Some((html, used)) => {
                out.push_str(html);
                rest = &after[used..];
            }
            None => {
                out.push_str("<!--");
                rest = &after[4..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The style module of a redirect's header.
const REDIRECT_STYLES: &str = "mediawiki.action.view.redirectPage";
