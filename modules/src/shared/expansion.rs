//! Template expansion of a page's text (`rvexpandtemplates`) on this wiki: the pages
//! templates name (redirects followed as MediaWiki follows them) and the variables and parser
//! functions of MediaWiki's core that depend only on the page and the site
//! ([`PageFunctions`]). A variable or function this server cannot answer exactly (the time,
//! the wiki's statistics, message texts) ends the expansion as unsupported.

use std::collections::HashMap;
use wikiquery_domain::timestamp::Timestamp;

use wikiquery_domain::preprocessor::expand::{expand, ParseWarning, TemplateLookup, Unsupported, Wiki};
use wikiquery_domain::preprocessor::page_functions::{FetchedPage, PageFunctions};
use wikiquery_domain::preprocessor::Options;
use wikiquery_domain::settings::SiteSettings;
use wikiquery_domain::title::{upper_first, NS_CATEGORY, NS_MEDIAWIKI, NS_SPECIAL};
use wikiquery_domain::tracking::category_name;
use wikiquery_store::reader::Reader;
use wikiquery_store::site::Site;

use crate::storage::{current_text_of, current_texts, site_paths, SitePaths};

/// The templates a request has looked up, by the name a call gave: a page of a batch reuses
/// what the pages before it read.
pub type TemplateCache = HashMap<String, TemplateLookup>;

/// The wiki a page's text is expanded, rendered or saved in, at a time: its reader, site and
/// settings, and the clock's time (what `{{CURRENTYEAR}}` and signatures read).
pub struct WikiAt<'r> {
    pub reader: &'r mut Reader,
    pub site: &'r Site,
    pub settings: &'r SiteSettings,
    pub now: Timestamp,
}

impl<'r> WikiAt<'r> {
    /// The wiki as a page of it sees it while expanding.
    fn page_wiki<'p>(&'p mut self, page: (i32, &str), templates: &'p mut TemplateCache) -> PageWiki<'p> {
        let paths = site_paths(self.site, self.settings);
        let clock = (self.now, self.settings.time_offset);
        PageWiki::new(&mut *self.reader, self.site, paths, clock, page, templates)
    }
}

/// `text`, the text of page `(namespace, dbkey)`, with its templates expanded; `templates`
/// keeps the templates read, for the next page of the request.
pub fn expand_page_text(
    at: &mut WikiAt<'_>,
    page: (i32, &str),
    text: &str,
    templates: &mut TemplateCache,
) -> Result<String, Unsupported> {
    Ok(expand_text(at, page, text, &Options::default(), templates)?.text)
}

/// An expansion: its text and what it set besides (MediaWiki's parser output).
pub struct Expanded {
    /// The text.
    pub text: String,
    /// The tracking categories it put the page in (as database keys, named as this wiki names
    /// them) with their sort keys, in order; unsupported where the expansion did what this
    /// project cannot tell the effects of.
    pub categories: Result<Vec<(String, String)>, Unsupported>,
    /// The page properties it set, in order (as the categories).
    pub properties: Result<Vec<(&'static str, String)>, Unsupported>,
}

/// `text` expanded as page `(namespace, dbkey)` reads it (`options`: how comments are kept),
/// with what the expansion set besides.
pub fn expand_text(
    at: &mut WikiAt<'_>,
    page: (i32, &str),
    text: &str,
    options: &Options,
    templates: &mut TemplateCache,
) -> Result<Expanded, Unsupported> {
    let site = at.site;
    let mut wiki = at.page_wiki(page, templates);
    let text = expand(text, options, &mut wiki)?;
    let properties = wiki.functions.properties().map(<[_]>::to_vec);
    let categories = match wiki.functions.tracking_categories().map(<[_]>::to_vec) {
        Ok(tracked) => tracked_categories(wiki.reader, site, page.0, &tracked),
        Err(e) => Err(e),
    };
    Ok(Expanded { text, categories, properties })
}

/// The categories of tracking messages on this wiki (its `MediaWiki:` pages, else their
/// default names), with their sort keys; none on a special page.
pub(crate) fn tracked_categories(
    reader: &mut Reader,
    site: &Site,
    page_ns: i32,
    tracked: &[(&'static str, String)],
) -> Result<Vec<(String, String)>, Unsupported> {
    let mut out: Vec<(String, String)> = Vec::new();
    if page_ns == NS_SPECIAL {
        return Ok(out);
    }
    for (message, sort_key) in tracked {
        let text = current_text_of(reader, NS_MEDIAWIKI, &upper_first(message)).map_err(|e| Unsupported(e.info))?;
        let Some(name) = category_name(message, text.as_deref()) else { continue };
        let Ok(title) = site.parse_title(&format!("Category:{name}"), NS_CATEGORY) else { continue };
        if title.ns != NS_CATEGORY || title.is_external() || title.dbkey.is_empty() {
            continue;
        }
        match out.iter_mut().find(|(key, _)| *key == title.dbkey) {
            Some(entry) => entry.1.clone_from(sort_key),
            None => out.push((title.dbkey, sort_key.clone())),
        }
    }
    Ok(out)
}

/// The wiki as one page's expansion sees it.
pub(crate) struct PageWiki<'r> {
    pub(crate) reader: &'r mut Reader,
    pub(crate) functions: PageFunctions<'r>,
    templates: &'r mut TemplateCache,
    /// The templates the expansion called, in order, once each: their full titles and whether
    /// they exist.
    pub(crate) used: Vec<(String, bool)>,
    /// How many times each template was called, in the order first called.
    pub(crate) calls: Vec<(String, usize)>,
    /// When the page is expanded (for the groups' memberships the statistics count).
    pub(crate) now: Timestamp,
}

impl<'r> PageWiki<'r> {
    /// The wiki as the expansion of page `(namespace, dbkey)` sees it, with the clock at
    /// `clock` (the time and the site's offset from UTC in minutes).
    pub(crate) fn new(
        reader: &'r mut Reader,
        site: &'r Site,
        paths: SitePaths,
        clock: (Timestamp, i32),
        page: (i32, &str),
        templates: &'r mut TemplateCache,
    ) -> Self {
        let functions =
            PageFunctions::new(site.namespaces(), site.interwikis(), Some(&site.sitename), (page.0, page.1.to_owned()))
                .with_paths(paths)
                .with_clock(clock.0, clock.1)
                .with_language(site.language_code());
        PageWiki { reader, functions, templates, used: Vec::new(), calls: Vec::new(), now: clock.0 }
    }

    fn record(&mut self, found: &TemplateLookup) {
        if let TemplateLookup::Found { title, .. } = found {
            match self.calls.iter_mut().find(|(t, _)| t == title) {
                Some(entry) => entry.1 += 1,
                None => self.calls.push((title.clone(), 1)),
            }
        }
        let entry = match found {
            TemplateLookup::Found { title, .. } => (title.clone(), true),
            TemplateLookup::Missing { title } | TemplateLookup::Message { title } => (title.clone(), false),
            TemplateLookup::NotATitle => return,
        };
        if !self.used.contains(&entry) {
            self.used.push(entry);
        }
    }
}

/// A store failure as what an expansion could not give.
pub(crate) fn storage(e: impl std::fmt::Display) -> Unsupported {
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
        if let Some(known) = self.templates.get(name).filter(|_| !relative).cloned() {
            self.record(&known);
            return Ok(known);
        }
        let reader = &mut *self.reader;
        let found = self.functions.resolve_template(name, &mut |ns, dbkey| fetch(reader, ns, dbkey))?.lookup;
        if !relative {
            self.templates.insert(name.to_owned(), found.clone());
        }
        self.record(&found);
        Ok(found)
    }

    fn variable(&mut self, id: &'static str) -> Result<String, Unsupported> {
        match self.statistic(id, None)? {
            Some(value) => Ok(value),
            None => self.functions.variable(id),
        }
    }

    fn function(&mut self, id: &'static str, args: &[String]) -> Result<Option<String>, Unsupported> {
        let first = args.first().map(String::as_str);
        match id {
            "pagesincategory" => return self.pages_in_category(args).map(Some),
            "numberingroup" => {
                return self.number_in_group(first.unwrap_or_default(), args.get(1).map(String::as_str)).map(Some)
            }
            _ => {}
        }
        match self.statistic(id, first)? {
            Some(value) => Ok(Some(value)),
            None => self.functions.function(id, args),
        }
    }

    fn tracking_category(&mut self, message: &'static str) {
        self.functions.add_tracking_category(message);
    }

    fn parse_warning(&mut self, warning: ParseWarning) {
        self.functions.add_warning(warning);
    }

    fn default_sort(&mut self) -> Option<String> {
        self.functions.default_sort().map(str::to_owned)
    }
}

/// Who saves a text, for its signatures: the account (id and name), or the address of an
/// anonymous caller.
pub struct Saver {
    pub name: String,
    /// The account's id; `None` for an anonymous caller.
    pub id: Option<i64>,
}

impl Saver {
    /// The caller of a request.
    pub fn of(state: &wikiquery_runtime::RequestState) -> Saver {
        match &state.user {
            Some(account) => Saver { name: account.name.clone(), id: Some(account.id) },
            None => Saver { name: state.client_ip.clone(), id: None },
        }
    }
}

/// `text` of content model `model` as it would be saved as page `page` (see
/// [`pre_save_transform`]; a text of another model only has its line ends normalised).
pub fn saved_text(
    at: &mut WikiAt<'_>,
    model: &str,
    page: (i32, &str),
    text: &str,
    saver: &Saver,
) -> Result<String, Unsupported> {
    if model != "wikitext" {
        return Ok(wikiquery_domain::preprocessor::pre_save::normalize_line_ends(text));
    }
    pre_save_transform(at, page, text, saver, &mut TemplateCache::new())
}

/// `text` as MediaWiki would save it as page `(namespace, dbkey)`, by `saver`: its pre-save
/// transform (`subst:` expanded, signatures written, pipe tricks completed).
pub fn pre_save_transform(
    at: &mut WikiAt<'_>,
    page: (i32, &str),
    text: &str,
    saver: &Saver,
    templates: &mut TemplateCache,
) -> Result<String, Unsupported> {
    use wikiquery_domain::preprocessor::pre_save;
    // The signature and the date, read before the expansion borrows the reader.
    let signing = if text.contains("~~~") { Some(signing(at, page, saver, templates)?) } else { None };
    let mut wiki = at.page_wiki(page, templates);
    let page_text = page.1.replace('_', " ");
    let mut sign = || signing.clone().unwrap_or_default();
    pre_save::pre_save_transform(text, &page_text, &mut sign, &mut wiki)
}

/// The text of interface message `key` on this wiki: its `MediaWiki:` page, else the default.
fn wiki_message(reader: &mut Reader, key: &str) -> Result<Option<String>, Unsupported> {
    let own = current_text_of(reader, NS_MEDIAWIKI, &upper_first(key)).map_err(|e| Unsupported(e.info))?;
    Ok(own.or_else(|| wikiquery_domain::messages::text("en", key).map(str::to_owned)))
}

/// What `saver`'s signatures write (MediaWiki's `getUserSig` and the date of `pstPass2`).
fn signing(
    at: &mut WikiAt<'_>,
    page: (i32, &str),
    saver: &Saver,
    templates: &mut TemplateCache,
) -> Result<wikiquery_domain::preprocessor::pre_save::Signing, Unsupported> {
    use wikiquery_domain::preprocessor::escape_wikitext;
    let option = |reader: &mut Reader, name: &str| -> Result<String, Unsupported> {
        let Some(id) = saver.id else { return Ok(String::new()) };
        let found = reader.user_property(&[id], name).map_err(|e| Unsupported(e.to_string()))?;
        Ok(found.into_iter().next().map(|(_, v)| v).unwrap_or_default())
    };
    let nickname = option(at.reader, "nickname")?;
    let fancy = !matches!(option(at.reader, "fancysig")?.as_str(), "" | "0");
    let nickname = if nickname.is_empty() || nickname.chars().count() > 255 {
        saver.name.clone()
    } else if fancy {
        return Err(Unsupported("a signature of the user's own markup".into()));
    } else {
        without_signatures(&nickname)
    };
    let key = if saver.id.is_some() { "signature" } else { "signature-anon" };
    let message = wiki_message(at.reader, key)?.ok_or_else(|| Unsupported(format!("the message {key}")))?;
    let message =
        wikiquery_domain::messages::substitute(&message, &[escape_wikitext(&saver.name), escape_wikitext(&nickname)]);
    let signature = expand_text(at, page, &message, &Options::default(), templates)?.text;
    if at.settings.time_zone != "UTC" || at.settings.time_offset != 0 {
        return Err(Unsupported("a signature's date in a time zone other than UTC".into()));
    }
    let zone = wiki_message(at.reader, "timezone-utc")?.unwrap_or_else(|| "UTC".to_owned());
    let date = format!("{} ({zone})", wikiquery_domain::timestamp::time_and_date(at.now, 0));
    Ok(wikiquery_domain::preprocessor::pre_save::Signing { signature, date })
}

/// A nickname without what would sign inside a signature: each run of three to five tildes
/// taken out (MediaWiki's `cleanSigInSig`).
fn without_signatures(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut run = 0usize;
    let flush = |out: &mut String, mut run: usize| {
        while run >= 3 {
            run -= run.min(5);
        }
        out.extend(std::iter::repeat_n('~', run));
    };
    for c in text.chars() {
        if c == '~' {
            run += 1;
        } else {
            flush(&mut out, run);
            run = 0;
            out.push(c);
        }
    }
    flush(&mut out, run);
    out
}
