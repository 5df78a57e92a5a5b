//! The links of a log entry, as MediaWiki's link renderer and user links write them: a page
//! known or not (`new`, a red link to its edit form), a redirect (`mw-redirect`), a query kept
//! before the red link's own, and a user's link to their user page or, for an address, to its
//! contributions.

use super::Writer;
use crate::comment::{ARTICLE_PATH, SCRIPT};
use crate::title::{
    full_dbkey, full_text, parse_title, ParsedTitle, NS_FILE, NS_MAIN, NS_MEDIAWIKI, NS_SPECIAL, NS_USER,
};
use crate::{html, messages, special_pages, url};

impl Writer<'_, '_> {
    /// A title written as text (`Title::newFromText`), if it is one.
    pub(super) fn title_from_text(&self, text: &str) -> Option<ParsedTitle> {
        let urls = self.site.interwiki_urls;
        parse_title(text, NS_MAIN, self.site.namespaces, &|p| urls.contains_key(p)).ok()
    }

    /// A link to a title given as text; an invalid one is named so in a span.
    pub(super) fn link_to_text(&mut self, text: &str, query: &[(&str, &str)]) -> String {
        match self.title_from_text(text) {
            Some(t) => self.parsed_link(&t, None, query),
            None => format!("<span class=\"mw-invalidtitle\">{}</span>", self.escaped("invalidtitle", &[])),
        }
    }

    /// A link to a parsed title: to another wiki, or to a page of this one.
    pub(super) fn parsed_link(&mut self, t: &ParsedTitle, text_html: Option<&str>, query: &[(&str, &str)]) -> String {
        if t.is_external() {
            let pattern = self.site.interwiki_urls.get(&t.interwiki).cloned().unwrap_or_default();
            let mut href = pattern.replace("$1", &url::wf_urlencode(&full_dbkey(t.ns, &t.dbkey, self.site.namespaces)));
            append_query(&mut href, query);
            let title = format!("{}:{}", t.interwiki, full_text(t.ns, &t.text, self.site.namespaces));
            let text = text_html.map_or_else(|| html::escape(&title), str::to_owned);
            return html::link_element(&href, "extiw", &title, &text);
        }
        self.page_link(t.ns, &t.dbkey, text_html, query, "")
    }

    /// A link to a page of this site (`LinkRenderer::makeLink`): known pages link to
    /// themselves, others to their edit form; `extra_class` comes after the link's own.
    pub(super) fn page_link(
        &mut self,
        ns: i32,
        dbkey: &str,
        text_html: Option<&str>,
        query: &[(&str, &str)],
        extra_class: &str,
    ) -> String {
        let (ns, dbkey) = canonical_special(ns, dbkey);
        let title = full_text(ns, &dbkey, self.site.namespaces);
        let text = text_html.map_or_else(|| html::escape(&title), str::to_owned);
        let exists = if ns >= 0 { self.lookup.page(ns, &dbkey) } else { None };
        let known = exists.is_some()
            || (ns == NS_SPECIAL && special_pages::local_name(dbkey.split('/').next().unwrap_or("")).is_some())
            || (ns == NS_FILE && self.lookup.file(&dbkey))
            || (ns == NS_MEDIAWIKI && messages::text(self.site.lang, &messages::normalize_key(&dbkey)).is_some());
        let prefixed = full_dbkey(ns, &dbkey, self.site.namespaces);
        if known {
            let own = if exists == Some(true) && ns >= 0 { "mw-redirect" } else { "" };
            let href = if query.is_empty() {
                format!("{ARTICLE_PATH}{}", url::wf_urlencode(&prefixed))
            } else {
                let mut href = format!("{SCRIPT}?title={}", url::wf_urlencode(&prefixed));
                append_query(&mut href, query);
                href
            };
            return html::link_element(&href, &classes(own, extra_class), &title, &text);
        }
        let mut href = format!("{SCRIPT}?title={}", url::wf_urlencode(&prefixed));
        append_query(&mut href, query);
        if ns != NS_SPECIAL && !query.iter().any(|(k, _)| *k == "action") {
            href.push_str("&action=edit&redlink=1");
        }
        let red_title = self.text("red-link-title", &[title]);
        html::link_element(&href, &classes("new", extra_class), &red_title, &text)
    }

    /// A user's link (`Linker::userLink`): an account's user page, an address's (or a name
    /// from elsewhere's) contributions, each name isolated in `<bdi>`.
    pub(super) fn user_link(&mut self, id: i64, name: &str) -> String {
        if name.is_empty() {
            return self.escaped("empty-username", &[]);
        }
        if id != 0 {
            let text = format!("<bdi>{}</bdi>", html::escape(name));
            return self.page_link(NS_USER, &name.replace(' ', "_"), Some(&text), &[], "mw-userlink");
        }
        if let Some((prefix, _)) = name.split_once('>') {
            let text = format!("<bdi>{}</bdi>", html::escape(name));
            let classes = "mw-userlink mw-extuserlink mw-anonuserlink";
            let prefix = prefix.split(':').next().unwrap_or("").to_lowercase();
            let Some(pattern) = self.site.interwiki_urls.get(&prefix) else {
                return format!("<span class=\"{classes}\">{text}</span>");
            };
            let rest = &name[name.find('>').map_or(0, |i| i + 1)..];
            let user_page = format!("{}:{}", self.site.namespaces.name(NS_USER).unwrap_or("User"), rest);
            let href = pattern.replace("$1", &url::wf_urlencode(&user_page.replace(' ', "_")));
            return html::link_element(&href, &format!("extiw {classes}"), &format!("{prefix}:{user_page}"), &text);
        }
        let text = format!("<bdi>{}</bdi>", html::escape(&prettify_ip(name)));
        let special = special_pages::local_name("Contributions").unwrap_or("Contributions");
        let target = format!("{special}/{}", name.replace(' ', "_"));
        self.page_link(NS_SPECIAL, &target, Some(&text), &[], "mw-userlink mw-anonuserlink")
    }
}

/// A special page under its canonical local name (`Allpages` is `AllPages`), subpage kept.
fn canonical_special(ns: i32, dbkey: &str) -> (i32, String) {
    if ns != NS_SPECIAL {
        return (ns, dbkey.to_owned());
    }
    let (name, sub) = match dbkey.split_once('/') {
        Some((n, s)) => (n, Some(s)),
        None => (dbkey, None),
    };
    match (special_pages::local_name(name), sub) {
        (Some(local), Some(sub)) => (ns, format!("{local}/{sub}")),
        (Some(local), None) => (ns, local.to_owned()),
        (None, _) => (ns, dbkey.to_owned()),
    }
}

/// A link's own class, then the caller's, without repeats.
fn classes(own: &str, extra: &str) -> String {
    let mut all: Vec<&str> = Vec::new();
    for class in own.split_whitespace().chain(extra.split_whitespace()) {
        if !all.contains(&class) {
            all.push(class);
        }
    }
    all.join(" ")
}

/// `&key=value` for each pair, as PHP's `urlencode` writes them.
fn append_query(href: &mut String, query: &[(&str, &str)]) {
    for (i, (k, v)) in query.iter().enumerate() {
        let sep = if i == 0 && !href.contains('?') { '?' } else { '&' };
        href.push(sep);
        href.push_str(&url::urlencode(k));
        href.push('=');
        href.push_str(&url::urlencode(v));
    }
}

/// An address as MediaWiki shows it: IPv4 without leading zeros, IPv6 in lower case with the
/// longest run of zeros shortened (a range keeps its length); anything else as it is.
fn prettify_ip(name: &str) -> String {
    let (addr, len) = match name.split_once('/') {
        Some((a, l)) => (a, Some(l)),
        None => (name, None),
    };
    let pretty = if addr.contains(':') {
        addr.parse::<std::net::Ipv6Addr>().ok().map(|v6| v6.to_string())
    } else {
        ipv4_without_zeros(addr)
    };
    match (pretty, len) {
        (Some(p), Some(l)) => format!("{p}/{l}"),
        (Some(p), None) => p,
        (None, _) => name.to_owned(),
    }
}

fn ipv4_without_zeros(addr: &str) -> Option<String> {
    let parts: Vec<&str> = addr.split('.').collect();
    if parts.len() != 4 {
        return None;
    }
    let numbers = parts
        .iter()
        .map(|p| {
            if (1..=3).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit()) {
                p.parse::<u8>().ok()
            } else {
                None
            }
        })
        .collect::<Option<Vec<u8>>>()?;
    Some(numbers.iter().map(u8::to_string).collect::<Vec<_>>().join("."))
}
