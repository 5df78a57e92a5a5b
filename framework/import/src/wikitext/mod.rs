//! The links a page's own wikitext writes, as MediaWiki's parser records them in its link
//! tables (`pagelinks`, `templatelinks`, `categorylinks`, `imagelinks`, `externallinks`,
//! `langlinks`, `iwlinks`) and in `redirect`.
//!
//! The text is first expanded as MediaWiki's parser expands it (templates with their
//! arguments, the inclusion tags, comments, extension tags, the core variables and functions
//! that depend on the page and the site), so that a link, category or file a template gives
//! counts for the page that transcludes it, and every page the expansion read is recorded in
//! `templates`. Links are then read as MediaWiki 1.39 reads them: link targets go through the
//! same title rules, and each table is deduplicated as MediaWiki does it. What the expansion
//! cannot know (the time, the wiki's statistics) breaks the links around it, and the tracking
//! categories the parser adds are not given.

mod expand;
mod links;
mod page_props;
#[cfg(test)]
mod tests;
mod tracking;

pub use wikiquery_domain::link_urls::{clean_url, normalize_link_url};

use wikiquery_domain::title::{full_text, parse_title, InterwikiMap, ParsedTitle, SiteNamespaces, NS_MAIN};

use expand::expand_document;
use links::Collector;
use page_props::record_page_properties;
use wikiquery_domain::redirect::redirect_target;

/// Tells whether the page `(namespace, database key)` exists.
pub type PageExists<'a> = &'a dyn Fn(i32, &str) -> bool;

/// Gives the wikitext of the page `(namespace, database key)`, if there is one.
pub type PageText<'a> = &'a dyn Fn(i32, &str) -> Option<String>;

/// What the extractor needs to know about the site and the page.
pub struct LinkContext<'a> {
    /// The site's namespaces.
    pub site: &'a SiteNamespaces,
    /// The site's interwiki prefixes, with which of them make interlanguage links.
    pub interwikis: &'a InterwikiMap,
    /// The page's own title (namespace, database key): for subpage links, self-links,
    /// the page-name magic words, and whether language links apply (not on talk pages).
    pub page: Option<(i32, String)>,
    /// The site's name (`{{SITENAME}}`), when known.
    pub sitename: Option<&'a str>,
    /// The wiki's own server (`$wgServer`, such as `https://example.org`): links to it are
    /// not recorded as external links.
    pub server: Option<String>,
    /// Whether a page exists; when known, a call of a missing template also links to it,
    /// as MediaWiki shows such a call as a link.
    pub page_exists: Option<PageExists<'a>>,
    /// Whether a file (by database key) exists; when known, a page showing a missing file is
    /// put in the tracking category of broken file links, as MediaWiki does.
    pub file_exists: Option<&'a dyn Fn(&str) -> bool>,
    /// The namespaces whose pages may not ask for (no)indexing (MediaWiki's content
    /// namespaces by default).
    pub content_namespaces: &'a [i32],
    /// The current wikitext of a page, when the caller can give it: what templates are
    /// expanded from. Without it a template that exists (by `page_exists`) gives nothing
    /// that can be linked.
    pub template_text: Option<PageText<'a>>,
    /// Read the text as a transclusion would (`<includeonly>` counts, `<noinclude>` does
    /// not) rather than as the page itself shows it.
    pub transcluded: bool,
    /// Tags of installed extensions whose content is not wikitext (`math`, `syntaxhighlight`…);
    /// MediaWiki core's own (`nowiki`, `pre`, `gallery`) are always known.
    pub opaque_tags: Vec<String>,
}

impl<'a> LinkContext<'a> {
    /// A context for the page `(ns, dbkey)` of a site, read as the page itself shows it.
    pub fn new(site: &'a SiteNamespaces, interwikis: &'a InterwikiMap, page: Option<(i32, String)>) -> Self {
        LinkContext {
            site,
            interwikis,
            page,
            sitename: None,
            server: None,
            page_exists: None,
            file_exists: None,
            content_namespaces: &[0],
            template_text: None,
            transcluded: false,
            opaque_tags: Vec::new(),
        }
    }

    fn parse(&self, text: &str, default_ns: i32) -> Option<ParsedTitle> {
        parse_title(text, default_ns, self.site, &|p| self.interwikis.is_interwiki(p)).ok()
    }

    fn page_text(&self) -> Option<String> {
        self.page.as_ref().map(|(ns, key)| full_text(*ns, key, self.site))
    }
}

/// Where a redirect page points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RedirectTarget {
    /// Namespace of the target (the default one for an interwiki target).
    pub ns: i32,
    /// Database key of the target.
    pub dbkey: String,
    /// Section of the target, with spaces; empty for none.
    pub fragment: String,
    /// Interwiki prefix of the target; empty for a page of this wiki.
    pub interwiki: String,
}

/// Everything a page's wikitext links to, each list in first-seen order without repeats.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PageLinks {
    /// Links to pages of this wiki (`pagelinks`): namespace and database key.
    pub links: Vec<(i32, String)>,
    /// Transcluded pages (`templatelinks`): namespace and database key.
    pub templates: Vec<(i32, String)>,
    /// Categories (`categorylinks`): category database key and the sort key prefix as
    /// written (or the page's default sort key).
    pub categories: Vec<(String, String)>,
    /// Files used (`imagelinks`): database keys without namespace.
    pub images: Vec<String>,
    /// External links (`externallinks.el_to`), as MediaWiki normalises them.
    pub external: Vec<String>,
    /// Interlanguage links (`langlinks`): language prefix and title text.
    pub langlinks: Vec<(String, String)>,
    /// Interwiki links (`iwlinks`): prefix and database key.
    pub iwlinks: Vec<(String, String)>,
    /// Where the page redirects, if it is a redirect.
    pub redirect: Option<RedirectTarget>,
    /// Page properties (`page_props`): name and value.
    pub props: Vec<(String, String)>,
    /// What the expansion could not give exactly and stood in for (a template loop, a
    /// limit), if anything: the links around it may be missing.
    pub warning: Option<String>,
}

impl PageLinks {
    /// The page's `{{DEFAULTSORT:…}}`, if it sets one.
    pub fn default_sort(&self) -> Option<&str> {
        self.props.iter().find(|(name, _)| name == "defaultsort").map(|(_, key)| key.as_str())
    }
}

/// Extracts the links of a page's wikitext.
pub fn extract(text: &str, ctx: &LinkContext<'_>) -> PageLinks {
    let mut out = Collector::new(ctx);
    let mut body = text;
    if !ctx.transcluded {
        if let Some((target, rest)) = redirect_target(text, &|t| ctx.parse(t, NS_MAIN)) {
            body = rest;
            out.redirect = Some(RedirectTarget {
                ns: target.ns,
                dbkey: target.dbkey.clone(),
                fragment: target.fragment.clone(),
                interwiki: target.interwiki.clone(),
            });
            // MediaWiki parses only the text after the redirect link, then adds the target.
            out.add_link(&target);
        }
    }
    let mut expansion = expand_document(body, ctx);
    out.default_sort = expansion.default_sort.clone();
    record_page_properties(&mut out, ctx, &mut expansion);
    out.absorb(expansion);
    out.finish()
}
