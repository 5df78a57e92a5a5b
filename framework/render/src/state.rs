//! The state of one parse and what it gives: the site and page it renders, what it asks the
//! wiki, and what it records on the way (MediaWiki's `Parser` members and `ParserOutput`).

use std::collections::{HashMap, HashSet};

use wikiquery_domain::html::escape_attribute;
use wikiquery_domain::link_urls::{is_link_internal, normalize_link_url};
use wikiquery_domain::preprocessor::expand::{ExpansionCounts, Unsupported, Wiki};
use wikiquery_domain::title::{InterwikiMap, ParsedTitle, SiteNamespaces};

use crate::strip::StripState;

/// What the renderer needs to know of the site.
pub struct RenderSite<'a> {
    pub namespaces: &'a SiteNamespaces,
    pub interwikis: &'a InterwikiMap,
    /// Where pages are read (`/index.php/$1`).
    pub article_path: &'a str,
    /// The script's path (`/index.php`).
    pub script: &'a str,
    /// Where uploaded files are served (`/images`).
    pub upload_path: &'a str,
    /// The extension tags the site's extensions add to MediaWiki's own.
    pub extension_tags: &'a [String],
    /// The server (`https://example.org`), whose own URLs are not recorded as external links.
    pub server: &'a str,
}

/// The page being rendered.
#[derive(Debug, Clone)]
pub struct PageRef {
    pub ns: i32,
    /// Database key, without namespace.
    pub dbkey: String,
    /// The full title with spaces (`Talk:Foo bar`).
    pub text: String,
    /// The full title with underscores.
    pub dbkey_prefixed: String,
}

/// An existing page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageInfo {
    pub id: i64,
    pub redirect: bool,
}

/// What the renderer asks the wiki: which pages and files exist.
pub trait Lookup {
    /// The pages among `titles` (namespace, database key) that exist.
    fn pages(&mut self, titles: &[(i32, String)]) -> Result<HashMap<(i32, String), PageInfo>, Unsupported>;
    /// The files among `names` (database keys) that exist, with their size and type.
    fn files(&mut self, names: &[String]) -> Result<HashMap<String, FileInfo>, Unsupported>;
}

/// Where a render reads the wiki: the templates and functions of its expansion, then which
/// pages and files exist.
pub trait Sources {
    fn wiki(&mut self) -> &mut dyn Wiki;
    fn lookup(&mut self) -> &mut dyn Lookup;
}

/// How the page is rendered.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct RenderOptions {
    /// Section edit links after headings.
    pub edit_sections: bool,
    /// The table of contents where the page has one.
    pub toc: bool,
}

impl Default for RenderOptions {
    fn default() -> RenderOptions {
        RenderOptions { edit_sections: true, toc: true }
    }
}

/// A link target in the order MediaWiki's parser output records it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkEntry {
    pub ns: i32,
    pub dbkey: String,
    pub exists: bool,
}

/// What rendering gives besides the HTML.
#[derive(Debug, Clone, Default)]
pub struct Output {
    /// Page links, grouped by namespace in the order namespaces first appear.
    pub links: Vec<LinkEntry>,
    /// Categories (database keys) with their sort keys, in order.
    pub categories: Vec<(String, String)>,
    /// Language links (`en:Foo`), in order.
    pub language_links: Vec<String>,
    /// Interwiki links (prefix, database key), in order.
    pub interwiki_links: Vec<(String, String)>,
    /// External links, in order, once each.
    pub external_links: Vec<String>,
    /// Files used (database keys), in order.
    pub images: Vec<String>,
    /// The sections.
    pub sections: Vec<Section>,
    /// The behaviour switches found (`notoc`), in order.
    pub switches: Vec<&'static str>,
    /// The tracking categories the page was put in, by message (`broken-file-category`), each
    /// with how many categories stood before it and its sort key; the wiki names them.
    pub tracking: Vec<(usize, &'static str, String)>,
    /// The script modules the page needs (a packed gallery's), once each, in order.
    pub modules: Vec<&'static str>,
    /// The style modules the page needs (a redirect's, a gallery's), once each, in order.
    pub module_styles: Vec<&'static str>,
    /// The page status indicators (`<indicator>`): name and HTML, a name given again keeping
    /// its place and taking the later HTML.
    pub indicators: Vec<(String, String)>,
    /// What is recorded already, so that a page of many links records each once in constant
    /// time.
    seen_links: HashSet<(i32, String)>,
    seen_external: HashSet<String>,
    seen_images: HashSet<String>,
    seen_interwiki: HashSet<(String, String)>,
    /// Where each category stands in `categories`.
    category_at: HashMap<String, usize>,
}

impl Output {
    pub(crate) fn add_link(&mut self, ns: i32, dbkey: String, exists: bool) {
        if self.seen_links.insert((ns, dbkey.clone())) {
            self.links.push(LinkEntry { ns, dbkey, exists });
        }
    }

    /// The output as the rendering ends: the links grouped (see [`Output::group_links`]), what
    /// was only kept to record each once let go.
    pub(crate) fn finish(&mut self) {
        self.group_links();
        self.seen_links = HashSet::new();
        self.seen_external = HashSet::new();
        self.seen_images = HashSet::new();
        self.seen_interwiki = HashSet::new();
        self.category_at = HashMap::new();
    }

    /// Records a category with its sort key; a category named again takes the later key.
    pub(crate) fn add_category(&mut self, dbkey: String, sort_key: String) {
        match self.category_at.get(&dbkey) {
            Some(&at) => self.categories[at].1 = sort_key,
            None => {
                self.category_at.insert(dbkey.clone(), self.categories.len());
                self.categories.push((dbkey, sort_key));
            }
        }
    }

    /// Records a page status indicator.
    pub(crate) fn set_indicator(&mut self, name: String, html: String) {
        match self.indicators.iter_mut().find(|(n, _)| *n == name) {
            Some((_, kept)) => *kept = html,
            None => self.indicators.push((name, html)),
        }
    }

    /// Records a script module the page needs, once.
    pub(crate) fn add_module(&mut self, module: &'static str) {
        if !self.modules.contains(&module) {
            self.modules.push(module);
        }
    }

    /// Records a style module the page needs, once.
    pub(crate) fn add_module_style(&mut self, module: &'static str) {
        if !self.module_styles.contains(&module) {
            self.module_styles.push(module);
        }
    }

    /// Records an interwiki link, once.
    pub(crate) fn add_interwiki(&mut self, prefix: &str, dbkey: &str) {
        if self.seen_interwiki.insert((prefix.to_owned(), dbkey.to_owned())) {
            self.interwiki_links.push((prefix.to_owned(), dbkey.to_owned()));
        }
    }

    /// About how many bytes the output holds: its texts, and a word for each entry.
    pub fn size(&self) -> usize {
        let texts = |v: &[String]| v.iter().map(|s| s.len() + 24).sum::<usize>();
        let pairs = |v: &[(String, String)]| v.iter().map(|(a, b)| a.len() + b.len() + 48).sum::<usize>();
        self.links.iter().map(|l| l.dbkey.len() + 40).sum::<usize>()
            + pairs(&self.categories)
            + texts(&self.language_links)
            + pairs(&self.interwiki_links)
            + texts(&self.external_links)
            + texts(&self.images)
            + self.sections.iter().map(|s| s.line.len() + s.anchor.len() + s.number.len() + 160).sum::<usize>()
            + self.tracking.iter().map(|t| t.2.len() + 48).sum::<usize>()
            + pairs(&self.indicators)
    }

    /// The links grouped by namespace, in the order namespaces first appear (as MediaWiki's
    /// parser output keys them), each group in the order recorded.
    pub(crate) fn group_links(&mut self) {
        let mut order: HashMap<i32, usize> = HashMap::new();
        for link in &self.links {
            let next = order.len();
            order.entry(link.ns).or_insert(next);
        }
        self.links.sort_by_key(|l| order[&l.ns]);
    }

    pub(crate) fn add_external_link(&mut self, url: &str, server: &str) {
        let url = normalize_link_url(url);
        if (server.is_empty() || !is_link_internal(server, &url)) && self.seen_external.insert(url.clone()) {
            self.external_links.push(url);
        }
    }

    pub(crate) fn add_image(&mut self, dbkey: &str) {
        if self.seen_images.insert(dbkey.to_owned()) {
            self.images.push(dbkey.to_owned());
        }
    }
}

/// What a render spent of MediaWiki's limits, as this renderer counts it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Limits {
    pub expansion: ExpansionCounts,
    /// How deep markers nested, and the bytes unstripping put back.
    pub unstrip_depth: usize,
    pub unstrip_size: usize,
}

/// The class of the `<div>` MediaWiki wraps a page's HTML in.
pub const WRAPPER_CLASS: &str = "mw-parser-output";

impl Limits {
    /// What was spent of each limit, as MediaWiki's limit report names them: name, spent,
    /// limit.
    pub fn spent(&self) -> [(&'static str, usize, usize); 7] {
        use wikiquery_domain::preprocessor::expand::{MAX_INCLUDE_SIZE, MAX_NODES, MAX_TEMPLATE_DEPTH};

        use crate::strip::{MAX_UNSTRIP_DEPTH, MAX_UNSTRIP_SIZE};
        let e = &self.expansion;
        [
            ("limitreport-ppvisitednodes", e.nodes, MAX_NODES),
            ("limitreport-postexpandincludesize", e.post_expand, MAX_INCLUDE_SIZE),
            ("limitreport-templateargumentsize", e.arguments, MAX_INCLUDE_SIZE),
            ("limitreport-expansiondepth", e.depth, MAX_TEMPLATE_DEPTH),
            // No function this renderer has is expensive.
            ("limitreport-expensivefunctioncount", 0, 100),
            ("limitreport-unstrip-depth", self.unstrip_depth, MAX_UNSTRIP_DEPTH),
            ("limitreport-unstrip-size", self.unstrip_size, MAX_UNSTRIP_SIZE),
        ]
    }
}

/// The page's HTML as MediaWiki's parser output gives it: with what is to be added at the end
/// (the limit report), in a `<div>` of the class (none when empty).
pub fn wrap(html: &str, class: &str, end: &str) -> String {
    if class.is_empty() {
        format!("{html}{end}")
    } else {
        format!("<div class=\"{}\">{html}{end}</div>", escape_attribute(class))
    }
}

/// A rendered page.
#[derive(Debug, Clone)]
pub struct Rendered {
    /// The HTML, not yet wrapped (see [`wrap`]).
    pub html: String,
    pub output: Output,
    /// Whether the page shows a table of contents.
    pub show_toc: bool,
    pub limits: Limits,
}

/// A page link waiting for the lookup.
pub(crate) struct Holder {
    pub title: ParsedTitle,
    pub text: String,
}

pub(crate) struct Parser<'a> {
    pub site: &'a RenderSite<'a>,
    pub page: PageRef,
    pub strip: StripState,
    /// Where each heading marker's heading comes from: its template (none for the page) and
    /// its index there.
    pub headings: Vec<(Option<String>, String)>,
    pub holders: Vec<Holder>,
    /// Pages linked other than by a holder (an image's `link=`), for the lookup.
    pub extra_links: Vec<(i32, String)>,
    pub output: Output,
    pub switches: Vec<&'static str>,
    pub show_toc: bool,
    pub force_toc_position: bool,
    pub toc_html: Option<String>,
    pub autonumber: usize,
    pub default_sort: Option<String>,
    pub lookup: &'a mut dyn Lookup,
}

/// A section of the page as the API describes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    pub toclevel: usize,
    pub level: String,
    pub line: String,
    pub number: String,
    pub index: String,
    /// The page (or template) the section's text is in; none for a heading no text has.
    pub fromtitle: Option<String>,
    pub byteoffset: Option<usize>,
    pub anchor: String,
}

/// A file as an image link needs it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileInfo {
    pub width: i64,
    pub height: i64,
    /// `image/png`.
    pub mime: String,
}
