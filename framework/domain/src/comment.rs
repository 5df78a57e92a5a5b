//! Comments (edit summaries, log reasons) as HTML, the way MediaWiki 1.39's comment formatter
//! writes them for `parsedcomment`: the text is HTML-escaped (character references kept),
//! `/* section */` becomes a link to that section of the entry's page wrapped in an
//! autocomment span, and `[[target]]`, `[[target|label]]` (with a letter trail) and
//! `[[Media:File]]` become links; external URLs stay text.
//!
//! Whether a link is blue, red or a redirect depends on the database. Formatting runs twice:
//! [`links_needed`] lists the pages and files a batch of comments points to, the caller looks
//! them up in one go, and [`format`](fn@format) writes the HTML with the answers. The API
//! modules that give a `parsedcomment` (`list=logevents`) do the looking up.

use std::collections::{HashMap, HashSet};

use crate::title::{
    decode_char_references, full_dbkey, full_text, normalize_subpage_link, parse_title, split_title, ParsedTitle,
    SiteNamespaces, NS_FILE, NS_MAIN, NS_MEDIA, NS_SPECIAL,
};
use crate::{files, html, php, special_pages, url};

/// Where pages are served: `/index.php/Title`, as MediaWiki's default article path.
pub(crate) const ARTICLE_PATH: &str = "/index.php/";
/// The entry point for other actions (`?title=...&action=edit`).
pub(crate) const SCRIPT: &str = "/index.php";
/// Where uploaded files are served.
const UPLOAD_PATH: &str = "/images";
/// The link arrow of a section link: the arrow and a left-to-right mark.
const SECTION_ARROW: &str = "\u{2192}\u{200e}";

/// What the formatter needs to know of the site.
pub struct CommentSite<'a> {
    /// The site's namespaces.
    pub namespaces: &'a SiteNamespaces,
    /// Interwiki prefixes (lower case) and their URLs, with `$1` for the title.
    pub interwiki_urls: &'a HashMap<String, String>,
}

impl CommentSite<'_> {
    fn parse(&self, text: &str) -> Option<ParsedTitle> {
        parse_title(text, NS_MAIN, self.namespaces, &|p| self.interwiki_urls.contains_key(p)).ok()
    }
}

/// What the database says about the targets of links.
#[derive(Debug, Default, Clone)]
pub struct LinkStatus {
    /// Existing pages (namespace, database key), with whether each is a redirect.
    pub pages: HashMap<(i32, String), bool>,
    /// Names (database keys) of files that exist.
    pub files: HashSet<String>,
}

/// The pages and files a comment's links point to.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Needed {
    /// Pages (namespace, database key).
    pub pages: Vec<(i32, String)>,
    /// Files (database keys).
    pub files: Vec<String>,
}

/// The page a comment belongs to: its section links point there. A comment written for no page
/// (an empty key, as the recent-changes feed formats its summaries) names its sections unlinked.
#[derive(Debug, Clone, Copy)]
pub struct SelfTitle<'a> {
    /// Namespace.
    pub ns: i32,
    /// Database key.
    pub dbkey: &'a str,
}

/// Adds what `comment`'s links need to know to `needed`.
pub fn links_needed(comment: &str, self_title: SelfTitle<'_>, site: &CommentSite<'_>, needed: &mut Needed) {
    let mut recorder = Lookup::Record(needed);
    let _ = render(comment, self_title, site, &mut recorder);
}

/// The HTML of a comment.
pub fn format(comment: &str, self_title: SelfTitle<'_>, site: &CommentSite<'_>, status: &LinkStatus) -> String {
    render(comment, self_title, site, &mut Lookup::Known(status))
}

/// Looking links up: recording what a first pass asks (answering that nothing exists), or
/// answering from what was found. The log formatter looks its links up the same way.
pub(crate) enum Lookup<'a> {
    Record(&'a mut Needed),
    Known(&'a LinkStatus),
}

impl Lookup<'_> {
    /// Whether the page exists: `Some(redirect)` when it does.
    pub(crate) fn page(&mut self, ns: i32, dbkey: &str) -> Option<bool> {
        match self {
            Lookup::Record(n) => {
                let key = (ns, dbkey.to_owned());
                if !n.pages.contains(&key) {
                    n.pages.push(key);
                }
                None
            }
            Lookup::Known(s) => s.pages.get(&(ns, dbkey.to_owned())).copied(),
        }
    }

    /// Whether the file exists.
    pub(crate) fn file(&mut self, dbkey: &str) -> bool {
        match self {
            Lookup::Record(n) => {
                if !n.files.iter().any(|f| f == dbkey) {
                    n.files.push(dbkey.to_owned());
                }
                false
            }
            Lookup::Known(s) => s.files.contains(dbkey),
        }
    }
}

fn render(comment: &str, self_title: SelfTitle<'_>, site: &CommentSite<'_>, lookup: &mut Lookup<'_>) -> String {
    let cleaned: String = comment.chars().map(|c| if c == '\n' || c == '\x1b' { ' ' } else { c }).collect();
    let escaped = html::escape(&decode_char_references(&cleaned)).replace('\u{338}', "&#x338;");
    let sectioned = section_links(&escaped, self_title, site);
    wiki_links(&sectioned, self_title, site, lookup)
}

/// PCRE's `\s` without the Unicode flag.
fn is_pcre_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r')
}

/// `/* ... */` becomes a link to that section of the entry's page.
fn section_links(text: &str, self_title: SelfTitle<'_>, site: &CommentSite<'_>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut append = String::new();
    let mut pos = 0;
    while let Some(open_rel) = text[pos..].find("/*") {
        let open = pos + open_rel;
        let Some(close_rel) = text[open + 2..].find("*/") else { break };
        let close = open + 2 + close_rel;
        let end = close + 2;
        let inner = &text[open + 2..close];
        let auto_text = inner.trim_start_matches(|c: char| c.is_ascii() && is_pcre_space(c as u8));
        let auto_text = auto_text.trim_end_matches(|c: char| c.is_ascii() && is_pcre_space(c as u8));
        let pre = open > 0;
        let post = end < text.len();
        out.push_str(&text[pos..open]);

        let mut auto = auto_text.to_owned();
        let stripped = auto_text.replace("[[:", "").replace("[[", "").replace("]]", "");
        let anchor = section_anchor(&stripped);
        if !anchor.is_empty() && !self_title.dbkey.is_empty() {
            // The fragment is escaped again when the link's URL is made.
            let href =
                format!("{}#{}", article_url(self_title.ns, self_title.dbkey, site), html::escape_id_for_link(&anchor));
            let title = full_text(self_title.ns, self_title.dbkey, site.namespaces);
            auto = format!(
                "<a href=\"{}\" title=\"{}\">{SECTION_ARROW}{auto}</a>",
                html::escape_attribute(&href),
                html::escape_attribute(&title)
            );
        }
        let mut piece = String::new();
        if post {
            auto.push_str(": ");
        }
        if !(auto.is_empty() || auto == "0") {
            auto = format!("<span dir=\"auto\"><span class=\"autocomment\">{auto}</span>");
            append.push_str("</span>");
        }
        // No text marks what came before the section (`autocomment-prefix` is empty).
        let _ = pre;
        piece.push_str(&auto);
        out.push_str(&piece.replace('[', "&#91;").replace(']', "&#93;"));
        pos = end;
    }
    out.push_str(&text[pos..]);
    out.push_str(&append);
    out
}

/// The anchor of a section heading text: whitespace collapsed, references decoded, the title
/// codec's fragment rules, then escaped for a link. The text is a heading's, its links already
/// reduced to text.
pub fn section_anchor(text: &str) -> String {
    let mut collapsed = String::with_capacity(text.len());
    let mut in_run = false;
    for c in text.chars() {
        if c == ' ' || c == '_' {
            if !in_run {
                collapsed.push(' ');
            }
            in_run = true;
        } else {
            collapsed.push(c);
            in_run = false;
        }
    }
    let trimmed = php::trim(&collapsed);
    let decoded = decode_char_references(trimmed);
    let name = match split_title(&format!("#{decoded}"), NS_MAIN, &SiteNamespaces::english("Project"), &|_| false) {
        Ok(t) => t.fragment,
        Err(_) => decoded.into_owned(),
    };
    html::escape_id_for_link(&name)
}

fn article_url(ns: i32, dbkey: &str, site: &CommentSite<'_>) -> String {
    format!("{ARTICLE_PATH}{}", url::wf_urlencode(&full_dbkey(ns, dbkey, site.namespaces)))
}

/// One `[[...]]` the link pattern found.
struct LinkMatch<'t> {
    /// Where the whole match ends (after the trail text).
    end: usize,
    target: &'t str,
    label: Option<&'t str>,
    trail: &'t str,
}

/// The link pattern at `start` (which holds `[[`): `[[ :target|label]]trail`, where the
/// leading whitespace and the label are taken without backtracking, and the trail runs to
/// the next `[`.
fn match_link(text: &str, start: usize) -> Option<LinkMatch<'_>> {
    let b = text.as_bytes();
    let mut i = start + 2;
    while i < b.len() && is_pcre_space(b[i]) {
        i += 1;
    }
    let try_from = |from: usize| -> Option<LinkMatch<'_>> {
        let t_start = from;
        let mut j = from;
        while j < b.len() && !matches!(b[j], b'[' | b']' | b'|') {
            j += 1;
        }
        if j == t_start {
            return None;
        }
        let target = &text[t_start..j];
        let mut label = None;
        if j < b.len() && b[j] == b'|' {
            let l_start = j + 1;
            let mut k = l_start;
            loop {
                if k < b.len() && b[k] == b']' {
                    if k + 1 < b.len() && b[k + 1] != b']' {
                        k += 2;
                        continue;
                    }
                    break;
                }
                if k < b.len() {
                    k += 1;
                    continue;
                }
                break;
            }
            if text[k..].starts_with("]]") {
                label = Some(&text[l_start..k]);
                j = k;
            } else {
                return None;
            }
        }
        if !text[j..].starts_with("]]") {
            return None;
        }
        let trail_start = j + 2;
        let trail_end = text[trail_start..].find('[').map_or(text.len(), |p| trail_start + p);
        Some(LinkMatch { end: trail_end, target, label, trail: &text[trail_start..trail_end] })
    };
    if i < b.len() && b[i] == b':' {
        if let Some(m) = try_from(i + 1) {
            return Some(m);
        }
    }
    try_from(i)
}

/// `[[links]]` become links.
fn wiki_links(text: &str, self_title: SelfTitle<'_>, site: &CommentSite<'_>, lookup: &mut Lookup<'_>) -> String {
    let mut out = String::with_capacity(text.len() + 64);
    let mut pos = 0;
    let mut search = 0;
    while let Some(rel) = text[search..].find("[[") {
        let start = search + rel;
        let Some(m) = match_link(text, start) else {
            search = start + 1;
            continue;
        };
        out.push_str(&text[pos..start]);
        out.push_str(&replace_link(&text[start..m.end], &m, self_title, site, lookup));
        pos = m.end;
        search = m.end;
        if search >= text.len() {
            break;
        }
    }
    out.push_str(&text[pos..]);
    out
}

/// The HTML of one match of the link pattern (which includes the text after the link).
fn replace_link(
    whole: &str,
    m: &LinkMatch<'_>,
    self_title: SelfTitle<'_>,
    site: &CommentSite<'_>,
    lookup: &mut Lookup<'_>,
) -> String {
    let mut target = m.target.to_owned();
    if target.contains('%') {
        target = String::from_utf8_lossy(&url::percent_decode(&target)).replace('<', "&lt;").replace('>', "&gt;");
    }
    let text = match m.label {
        Some(l) if !l.is_empty() => l.to_owned(),
        _ => target.clone(),
    };
    // [[Media:...]]: a link to the file itself; no trail.
    let media_names = ["media".to_owned(), site.namespaces.name(NS_MEDIA).unwrap_or("Media").to_lowercase()];
    if let Some(colon) = target.find(':') {
        if media_names.iter().any(|n| *n == target[..colon].to_lowercase()) {
            let name = &target[colon + 1..];
            let file_ns = site.namespaces.name(NS_FILE).unwrap_or("File");
            let parsed = split_title(&format!("{file_ns}:{name}"), NS_MAIN, site.namespaces, &|p| {
                site.interwiki_urls.contains_key(p)
            });
            if let Ok(file) = parsed {
                let link = media_link(&file, &text, lookup);
                return replace_first_link(whole, "", &link);
            }
            return whole.to_owned();
        }
    }
    let target = target.strip_prefix(':').unwrap_or(&target).to_owned();
    if target.is_empty() {
        return whole.to_owned();
    }
    let inside: String = m.trail.chars().take_while(|c| c.is_ascii_lowercase()).collect();
    let link_target = subpage_target(self_title, &target, site);
    let Some(mut parsed) = site.parse(&link_target) else { return whole.to_owned() };
    if parsed.text.is_empty() && !parsed.is_external() {
        let fragment = parsed.fragment.clone();
        parsed = ParsedTitle {
            ns: self_title.ns,
            dbkey: self_title.dbkey.to_owned(),
            text: self_title.dbkey.replace('_', " "),
            fragment,
            interwiki: String::new(),
        };
    }
    let link = page_link(&parsed, &format!("{text}{inside}"), site, lookup);
    replace_first_link(whole, &inside, &link)
}

/// Replaces the first `[[...]]` followed by `trail` in `whole` with `html`.
fn replace_first_link(whole: &str, trail: &str, html: &str) -> String {
    let mut from = 0;
    while let Some(rel) = whole[from..].find("[[") {
        let open = from + rel;
        let mut search = open + 2;
        while let Some(close_rel) = whole[search..].find("]]") {
            let close = search + close_rel;
            if whole[close + 2..].starts_with(trail) {
                return format!("{}{}{}", &whole[..open], html, &whole[close + 2 + trail.len()..]);
            }
            search = close + 1;
        }
        from = open + 1;
    }
    whole.to_owned()
}

/// Relative links (`/Sub`, `../Sibling`) in namespaces with subpages.
fn subpage_target(self_title: SelfTitle<'_>, target: &str, site: &CommentSite<'_>) -> String {
    let context = full_text(self_title.ns, self_title.dbkey, site.namespaces);
    normalize_subpage_link(site.namespaces, self_title.ns, &context, target, &mut String::new())
}

/// A link to a page: blue, red, to another wiki, or to a special page.
fn page_link(t: &ParsedTitle, text: &str, site: &CommentSite<'_>, lookup: &mut Lookup<'_>) -> String {
    if t.is_external() {
        let url_pattern = site.interwiki_urls.get(&t.interwiki).cloned().unwrap_or_default();
        let mut href = url_pattern.replace("$1", &url::wf_urlencode(&t.dbkey));
        if !t.fragment.is_empty() {
            href.push('#');
            href.push_str(&html::escape_id_legacy(&t.fragment));
        }
        return html::link_element(&href, "extiw", &t.prefixed_text(site.namespaces), text);
    }
    if t.ns == NS_SPECIAL {
        let (name, subpage) = match t.dbkey.split_once('/') {
            Some((n, s)) => (n, Some(s)),
            None => (t.dbkey.as_str(), None),
        };
        return match special_pages::local_name(name) {
            Some(local) => {
                let dbkey = match subpage {
                    Some(s) => format!("{local}/{s}"),
                    None => local.to_owned(),
                };
                let href = with_fragment(article_url(NS_SPECIAL, &dbkey, site), &t.fragment);
                html::link_element(&href, "", &full_text(NS_SPECIAL, &dbkey, site.namespaces), text)
            }
            None => {
                let title = full_text(NS_SPECIAL, &t.dbkey, site.namespaces);
                html::link_element(
                    &article_url(NS_SPECIAL, &t.dbkey, site),
                    "new",
                    &format!("{title} (page does not exist)"),
                    text,
                )
            }
        };
    }
    let exists = if t.ns >= 0 { lookup.page(t.ns, &t.dbkey) } else { None };
    let file_known = t.ns == NS_FILE && lookup.file(&t.dbkey);
    let title = full_text(t.ns, &t.dbkey, site.namespaces);
    match exists {
        Some(redirect) => {
            let href = with_fragment(article_url(t.ns, &t.dbkey, site), &t.fragment);
            html::link_element(&href, if redirect { "mw-redirect" } else { "" }, &title, text)
        }
        None if file_known => {
            html::link_element(&with_fragment(article_url(t.ns, &t.dbkey, site), &t.fragment), "", &title, text)
        }
        None => {
            let href = format!(
                "{SCRIPT}?title={}&action=edit&redlink=1",
                url::wf_urlencode(&full_dbkey(t.ns, &t.dbkey, site.namespaces))
            );
            html::link_element(&href, "new", &format!("{title} (page does not exist)"), text)
        }
    }
}

fn with_fragment(mut href: String, fragment: &str) -> String {
    if !fragment.is_empty() {
        href.push('#');
        href.push_str(&html::escape_id_for_link(fragment));
    }
    href
}

/// A link to a file's contents (`[[Media:...]]`), or to its upload form when it is missing.
fn media_link(file: &ParsedTitle, html: &str, lookup: &mut Lookup<'_>) -> String {
    if lookup.file(&file.dbkey) {
        let href = format!("{UPLOAD_PATH}/{}/{}", files::hash_path(&file.dbkey), url::rawurlencode(&file.dbkey));
        html::link_element(&href, "internal", &file.text, html)
    } else {
        let href = format!("{SCRIPT}?title=Special:Upload&wpDestFile={}", url::wf_urlencode(&file.dbkey));
        html::link_element(&href, "new", &file.text, html)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Fixture {
        ns: SiteNamespaces,
        iw: HashMap<String, String>,
        status: LinkStatus,
    }

    fn fixture() -> Fixture {
        let mut iw = HashMap::new();
        iw.insert("wikipedia".to_owned(), "https://en.wikipedia.org/wiki/$1".to_owned());
        let mut status = LinkStatus::default();
        for (ns, key, redirect) in [
            (0, "Cat", false),
            (0, "Dog", false),
            (0, "Rock_&_roll", false),
            (0, "Merge_source", true),
            (1, "Cat", false),
            (4, "Protected_page", false),
            (6, "Example.png", false),
            (14, "Animals", false),
        ] {
            status.pages.insert((ns, key.to_owned()), redirect);
        }
        status.files.insert("Example.png".to_owned());
        Fixture { ns: SiteNamespaces::english("Fixture Wiki"), iw, status }
    }

    fn html(f: &Fixture, self_ns: i32, self_key: &str, comment: &str) -> String {
        let site = CommentSite { namespaces: &f.ns, interwiki_urls: &f.iw };
        format(comment, SelfTitle { ns: self_ns, dbkey: self_key }, &site, &f.status)
    }

    // Expected texts below are MediaWiki 1.39's own rendering (action=parse&summary=...) on
    // the fixture wiki.

    #[test]
    fn plain_text_is_escaped_with_references_kept() {
        let f = fixture();
        assert_eq!(html(&f, 0, "Cat", "Create article Rock & roll"), "Create article Rock &amp; roll");
        assert_eq!(
            html(&f, 0, "Cat", "<b>bold</b> &amp; &nbsp; &#32; &foo; 'quote'"),
            "&lt;b&gt;bold&lt;/b&gt; &amp; \u{a0}   &amp;foo; &#039;quote&#039;"
        );
        assert_eq!(html(&f, 0, "Cat", "see http://example.com"), "see http://example.com");
    }

    #[test]
    fn links_are_blue_red_or_redirects() {
        let f = fixture();
        assert_eq!(
            html(&f, 0, "Merge_source", "Merged [[:Merge source]] into [[:Merge target]]: Merge histories"),
            "Merged <a href=\"/index.php/Merge_source\" class=\"mw-redirect\" title=\"Merge source\">Merge source</a> into <a href=\"/index.php?title=Merge_target&amp;action=edit&amp;redlink=1\" class=\"new\" title=\"Merge target (page does not exist)\">Merge target</a>: Merge histories"
        );
        assert_eq!(
            html(&f, 0, "Cat", "[[Nonexistent page]] and [[Cat|a cat]]s and [[Special:Log]] [[File:Example.png]] [[:Category:Animals]] [[#Sec]] [[/Sub]] [[wikipedia:Foo]] [[Dog#Bark|bark]]"),
            "<a href=\"/index.php?title=Nonexistent_page&amp;action=edit&amp;redlink=1\" class=\"new\" title=\"Nonexistent page (page does not exist)\">Nonexistent page</a> and <a href=\"/index.php/Cat\" title=\"Cat\">a cats</a> and <a href=\"/index.php/Special:Log\" title=\"Special:Log\">Special:Log</a> <a href=\"/index.php/File:Example.png\" title=\"File:Example.png\">File:Example.png</a> <a href=\"/index.php/Category:Animals\" title=\"Category:Animals\">Category:Animals</a> <a href=\"/index.php/Cat#Sec\" title=\"Cat\">#Sec</a> <a href=\"/index.php?title=/Sub&amp;action=edit&amp;redlink=1\" class=\"new\" title=\"/Sub (page does not exist)\">/Sub</a> <a href=\"https://en.wikipedia.org/wiki/Foo\" class=\"extiw\" title=\"wikipedia:Foo\">wikipedia:Foo</a> <a href=\"/index.php/Dog#Bark\" title=\"Dog\">bark</a>"
        );
        assert_eq!(
            html(&f, 0, "Cat", "[[Rock & roll]] [[Rock %26 roll]] [[Café]] [[cat]] [[ Dog ]] [[Dog|]] [[Special:Nonexistentpage]] [[Talk:Cat#A b.c]] [[Fixture Wiki:Protected page]] [[Project:X]]"),
            "<a href=\"/index.php/Rock_%26_roll\" title=\"Rock &amp; roll\">Rock &amp; roll</a> <a href=\"/index.php/Rock_%26_roll\" title=\"Rock &amp; roll\">Rock & roll</a> <a href=\"/index.php?title=Caf%C3%A9&amp;action=edit&amp;redlink=1\" class=\"new\" title=\"Café (page does not exist)\">Café</a> <a href=\"/index.php/Cat\" title=\"Cat\">cat</a> <a href=\"/index.php/Dog\" title=\"Dog\">Dog </a> <a href=\"/index.php/Dog\" title=\"Dog\">Dog</a> <a href=\"/index.php/Special:Nonexistentpage\" class=\"new\" title=\"Special:Nonexistentpage (page does not exist)\">Special:Nonexistentpage</a> <a href=\"/index.php/Talk:Cat#A_b.c\" title=\"Talk:Cat\">Talk:Cat#A b.c</a> <a href=\"/index.php/Fixture_Wiki:Protected_page\" title=\"Fixture Wiki:Protected page\">Fixture Wiki:Protected page</a> <a href=\"/index.php?title=Fixture_Wiki:X&amp;action=edit&amp;redlink=1\" class=\"new\" title=\"Fixture Wiki:X (page does not exist)\">Project:X</a>"
        );
    }

    #[test]
    fn media_links_point_at_the_file() {
        let f = fixture();
        assert_eq!(
            html(&f, 0, "Cat", "[[Media:Nope.png]] [[Image:Example.png|pic]] [[media:Example.png]]"),
            "<a href=\"/index.php?title=Special:Upload&amp;wpDestFile=Nope.png\" class=\"new\" title=\"Nope.png\">Media:Nope.png</a> <a href=\"/index.php/File:Example.png\" title=\"File:Example.png\">pic</a> <a href=\"/images/7/70/Example.png\" class=\"internal\" title=\"Example.png\">media:Example.png</a>"
        );
    }

    #[test]
    fn sections_link_to_the_entry_page() {
        let f = fixture();
        assert_eq!(
            html(&f, 1, "Shark", "/* Question about Shark */ new section"),
            "<span dir=\"auto\"><span class=\"autocomment\"><a href=\"/index.php/Talk:Shark#Question_about_Shark\" title=\"Talk:Shark\">\u{2192}\u{200e}Question about Shark</a>: </span> new section</span>"
        );
        assert_eq!(
            html(&f, 1, "Cat", "pre /* Section [[x]] one */ post"),
            "pre <span dir=\"auto\"><span class=\"autocomment\"><a href=\"/index.php/Talk:Cat#Section_x_one\" title=\"Talk:Cat\">\u{2192}\u{200e}Section &#91;&#91;x&#93;&#93; one</a>: </span> post</span>"
        );
        assert_eq!(
            html(&f, 0, "Cat", "x /* a */"),
            "x <span dir=\"auto\"><span class=\"autocomment\"><a href=\"/index.php/Cat#a\" title=\"Cat\">\u{2192}\u{200e}a</a></span></span>"
        );
        assert_eq!(
            html(&f, 0, "Cat", "/* Über (ß) & <x> 'q' */ y"),
            "<span dir=\"auto\"><span class=\"autocomment\"><a href=\"/index.php/Cat#Über_(ß)_&amp;_&lt;x&gt;_&#039;q&#039;\" title=\"Cat\">\u{2192}\u{200e}Über (ß) &amp; &lt;x&gt; &#039;q&#039;</a>: </span> y</span>"
        );
        assert_eq!(
            html(&f, -1, "Tags", "/* sec */"),
            "<span dir=\"auto\"><span class=\"autocomment\"><a href=\"/index.php/Special:Tags#sec\" title=\"Special:Tags\">\u{2192}\u{200e}sec</a></span></span>"
        );
    }

    #[test]
    fn unusual_brackets_are_matched_as_mediawiki_matches_them() {
        let f = fixture();
        let red = |t: &str| {
            format!("<a href=\"/index.php?title=A&amp;action=edit&amp;redlink=1\" class=\"new\" title=\"A (page does not exist)\">{t}</a>")
        };
        assert_eq!(
            html(&f, 0, "Cat", "/**/ x /*  */ [[a|b]]c]] [[a]]]] [[[[a]]"),
            format!(
                "<span dir=\"auto\"><span class=\"autocomment\">: </span> x <span dir=\"auto\"><span class=\"autocomment\">: </span> {}]] {}]] [[{}</span></span>",
                red("bc"),
                red("a"),
                red("a")
            )
        );
        assert_eq!(html(&f, 0, "Cat", "a\nb\tc"), "a b\tc");
    }

    #[test]
    fn the_links_to_look_up_are_listed() {
        let f = fixture();
        let site = CommentSite { namespaces: &f.ns, interwiki_urls: &f.iw };
        let mut needed = Needed::default();
        links_needed(
            "[[Cat]] [[Talk:Dog|x]] [[Media:A.png]] [[Special:Log]] [[wikipedia:X]]",
            SelfTitle { ns: 0, dbkey: "Cat" },
            &site,
            &mut needed,
        );
        assert_eq!(needed.pages, vec![(0, "Cat".to_owned()), (1, "Dog".to_owned())]);
        assert_eq!(needed.files, vec!["A.png".to_owned()]);
    }
}
