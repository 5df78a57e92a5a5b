//! Template expansion of a page's text (`rvexpandtemplates`) on this wiki: the pages
//! templates name (redirects followed as MediaWiki follows them) and the variables and parser
//! functions of MediaWiki's core that depend only on the page and the site
//! ([`PageFunctions`]). A variable or function this server cannot answer exactly (the time,
//! the wiki's statistics, message texts) ends the expansion as unsupported.

use std::collections::HashMap;

use wikiquery_domain::preprocessor::expand::{expand, TemplateLookup, Unsupported, Wiki};
use wikiquery_domain::preprocessor::page_functions::{FetchedPage, PageFunctions};
use wikiquery_domain::preprocessor::Options;
use wikiquery_store::reader::Reader;
use wikiquery_store::site::Site;

use crate::storage::current_texts;

/// The templates a request has looked up, by the name a call gave: a page of a batch reuses
/// what the pages before it read.
pub type TemplateCache = HashMap<String, TemplateLookup>;

/// `text`, the text of page `(namespace, dbkey)`, with its templates expanded; `templates`
/// keeps the templates read, for the next page of the request.
pub fn expand_page_text(
    reader: &mut Reader,
    site: &Site,
    page: (i32, &str),
    text: &str,
    templates: &mut TemplateCache,
) -> Result<String, Unsupported> {
    let functions =
        PageFunctions::new(site.namespaces(), site.interwikis(), Some(&site.sitename), (page.0, page.1.to_owned()));
    let mut wiki = PageWiki { reader, functions, templates };
    expand(text, &Options::default(), &mut wiki)
}

/// The wiki as one page's expansion sees it.
struct PageWiki<'r> {
    reader: &'r mut Reader,
    functions: PageFunctions<'r>,
    templates: &'r mut TemplateCache,
}

fn storage(e: impl std::fmt::Display) -> Unsupported {
    Unsupported(format!("reading the wiki failed: {e}"))
}

/// The current text of page `(ns, dbkey)` and where it redirects, if it has a text.
fn fetch(reader: &mut Reader, ns: i32, dbkey: &str) -> Result<Option<FetchedPage>, Unsupported> {
    let pages = reader.pages_by_titles(&[(ns, dbkey.to_owned())]).map_err(storage)?;
    let Some(page) = pages.into_iter().next() else { return Ok(None) };
    let Some(text) = current_texts(reader, &[page.id]).map_err(|e| Unsupported(e.info))?.remove(&page.id) else {
        return Ok(None);
    };
    let redirect = if page.is_redirect {
        let targets = reader.redirect_targets(&[page.id]).map_err(storage)?;
        targets.into_iter().next().filter(|t| t.interwiki.is_empty()).map(|t| (t.ns, t.dbkey))
    } else {
        None
    };
    Ok(Some(FetchedPage { text, redirect }))
}

impl Wiki for PageWiki<'_> {
    /// The page a call names, read once a request (a name relative to the page, once a page).
    fn template(&mut self, name: &str) -> Result<TemplateLookup, Unsupported> {
        let relative = name.starts_with('/') || name.starts_with("../");
        if let Some(known) = self.templates.get(name).filter(|_| !relative) {
            return Ok(known.clone());
        }
        let reader = &mut *self.reader;
        let found = self.functions.resolve_template(name, &mut |ns, dbkey| fetch(reader, ns, dbkey))?.lookup;
        if !relative {
            self.templates.insert(name.to_owned(), found.clone());
        }
        Ok(found)
    }

    fn variable(&mut self, id: &'static str) -> Result<String, Unsupported> {
        self.functions.variable(id)
    }

    fn function(&mut self, id: &'static str, args: &[String]) -> Result<Option<String>, Unsupported> {
        self.functions.function(id, args)
    }
}
