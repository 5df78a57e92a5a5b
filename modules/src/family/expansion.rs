//! Template expansion of a page's text (`rvexpandtemplates`) on this wiki: the pages
//! templates name (redirects followed as MediaWiki follows them), the variables and parser
//! functions of MediaWiki's core that depend only on the page and the site, for the page
//! whose text it is. A variable or function this server cannot answer exactly (the time, the
//! wiki's statistics, message texts) ends the expansion as unsupported.

use std::collections::HashMap;

use wikiquery_domain::php;
use wikiquery_domain::preprocessor::expand::{expand, TemplateLookup, Unsupported, Wiki};
use wikiquery_domain::preprocessor::{escape_wikitext, Options};
use wikiquery_domain::title::{full_dbkey, full_text, NS_MEDIAWIKI, NS_TEMPLATE};
use wikiquery_domain::url::wf_urlencode;
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
    let mut wiki = PageWiki {
        reader,
        site,
        page: (page.0, page.1.to_owned()),
        display_title: false,
        default_sort: None,
        templates,
    };
    expand(text, &Options::default(), &mut wiki)
}

/// The wiki as one page's expansion sees it.
struct PageWiki<'r> {
    reader: &'r mut Reader,
    site: &'r Site,
    page: (i32, String),
    /// Whether `{{DISPLAYTITLE:}}` has been given.
    display_title: bool,
    /// The `{{DEFAULTSORT:}}` key given so far.
    default_sort: Option<String>,
    templates: &'r mut TemplateCache,
}

fn storage(e: impl std::fmt::Display) -> Unsupported {
    Unsupported(format!("reading the wiki failed: {e}"))
}

impl PageWiki<'_> {
    /// The title text `name` gives (in namespace `default_ns` unless it names one); `None`
    /// for no title or another wiki's.
    fn title(&self, name: &str, default_ns: i32) -> Option<(i32, String)> {
        let title = self.site.parse_title(name, default_ns).ok().filter(|t| !t.is_external())?;
        Some((title.ns, title.dbkey))
    }

    /// The page's title, or the one a function's argument names (empty: the page's).
    fn title_arg(&self, arg: Option<&String>) -> Option<(i32, String)> {
        match arg.map(String::as_str).filter(|a| !a.is_empty()) {
            None => Some(self.page.clone()),
            Some(text) => self.title(text, 0),
        }
    }

    /// One of the page-name variables for `(ns, dbkey)`.
    fn page_name(&self, id: &str, (ns, dbkey): (i32, String)) -> Result<String, Unsupported> {
        let namespaces = self.site.namespaces();
        let text = dbkey.replace('_', " ");
        let subpages = namespaces.has_subpages(ns);
        let (root, base, sub) = if subpages {
            let root = text.split('/').next().unwrap_or(&text).to_owned();
            let base = text.rsplit_once('/').map_or(text.clone(), |(b, _)| b.to_owned());
            let sub = text.rsplit_once('/').map_or(text.clone(), |(_, s)| s.to_owned());
            (root, base, sub)
        } else {
            (text.clone(), text.clone(), text.clone())
        };
        let talk = namespaces.talk(ns);
        let subject = namespaces.subject(ns);
        // Namespace names with spaces; their encoded forms with underscores.
        let ns_text = |n: i32| namespaces.name(n).unwrap_or_default().to_owned();
        let plain = |s: &str| escape_wikitext(s);
        let encoded = |s: &str| escape_wikitext(&wf_urlencode(&s.replace(' ', "_")));
        Ok(match id {
            "pagename" => plain(&text),
            "pagenamee" => encoded(&text),
            "fullpagename" => plain(&full_text(ns, &dbkey, namespaces)),
            "fullpagenamee" => encoded(&full_dbkey(ns, &dbkey, namespaces)),
            "rootpagename" => plain(&root),
            "rootpagenamee" => encoded(&root),
            "basepagename" => plain(&base),
            "basepagenamee" => encoded(&base),
            "subpagename" => plain(&sub),
            "subpagenamee" => encoded(&sub),
            "talkpagename" => match talk {
                Some(t) => plain(&full_text(t, &dbkey, namespaces)),
                None => String::new(),
            },
            "talkpagenamee" => match talk {
                Some(t) => encoded(&full_dbkey(t, &dbkey, namespaces)),
                None => String::new(),
            },
            "subjectpagename" => plain(&full_text(subject, &dbkey, namespaces)),
            "subjectpagenamee" => encoded(&full_dbkey(subject, &dbkey, namespaces)),
            "namespace" => ns_text(ns),
            "namespacee" => wf_urlencode(&ns_text(ns).replace(' ', "_")),
            "namespacenumber" => ns.to_string(),
            "talkspace" => talk.map(ns_text).unwrap_or_default(),
            "talkspacee" => talk.map(|t| wf_urlencode(&ns_text(t).replace(' ', "_"))).unwrap_or_default(),
            "subjectspace" => ns_text(subject),
            "subjectspacee" => wf_urlencode(&ns_text(subject).replace(' ', "_")),
            other => return Err(Unsupported(format!("{{{{{}}}}}", other.to_uppercase()))),
        })
    }

    /// The current text of page `(ns, dbkey)`, if it has one.
    fn text_of(&mut self, ns: i32, dbkey: &str) -> Result<Option<(i64, bool, String)>, Unsupported> {
        let pages = self.reader.pages_by_titles(&[(ns, dbkey.to_owned())]).map_err(storage)?;
        let Some(page) = pages.into_iter().next() else { return Ok(None) };
        let text = current_texts(self.reader, &[page.id]).map_err(|e| Unsupported(e.info))?.remove(&page.id);
        Ok(text.map(|t| (page.id, page.is_redirect, t)))
    }
}

/// The page-name variables (and functions of the same names).
const PAGE_NAMES: &[&str] = &[
    "pagename",
    "pagenamee",
    "fullpagename",
    "fullpagenamee",
    "rootpagename",
    "rootpagenamee",
    "basepagename",
    "basepagenamee",
    "subpagename",
    "subpagenamee",
    "talkpagename",
    "talkpagenamee",
    "subjectpagename",
    "subjectpagenamee",
    "namespace",
    "namespacee",
    "namespacenumber",
    "talkspace",
    "talkspacee",
    "subjectspace",
    "subjectspacee",
];

impl Wiki for PageWiki<'_> {
    /// The page a call names, read once a request.
    fn template(&mut self, name: &str) -> Result<TemplateLookup, Unsupported> {
        if let Some(known) = self.templates.get(name) {
            return Ok(known.clone());
        }
        let found = self.look_up(name)?;
        self.templates.insert(name.to_owned(), found.clone());
        Ok(found)
    }

    fn variable(&mut self, id: &'static str) -> Result<String, Unsupported> {
        match id {
            "!" => Ok("|".into()),
            "=" => Ok("=".into()),
            "sitename" => Ok(self.site.sitename.clone()),
            id if PAGE_NAMES.contains(&id) => self.page_name(id, self.page.clone()),
            other => Err(Unsupported(format!("{{{{{}}}}}", other.to_uppercase()))),
        }
    }

    fn function(&mut self, id: &'static str, args: &[String]) -> Result<Option<String>, Unsupported> {
        let first = args.first().map(String::as_str).unwrap_or_default();
        if id == "ns" {
            return Ok(self.namespace_name(first));
        }
        self.text_function(id, first, args).map(Some)
    }
}

impl PageWiki<'_> {
    /// The page a template call names, redirects followed up to twice as MediaWiki follows
    /// them (a redirect to a missing page gives the redirect's own text).
    fn look_up(&mut self, name: &str) -> Result<TemplateLookup, Unsupported> {
        if name.starts_with('/') || name.starts_with("../") {
            return Err(Unsupported("a template named relative to the page".into()));
        }
        let Some((mut ns, mut dbkey)) = self.title(name, NS_TEMPLATE) else { return Ok(TemplateLookup::NotATitle) };
        let namespaces = self.site.namespaces();
        let mut found: Option<(String, String)> = None;
        for _ in 0..3 {
            match self.text_of(ns, &dbkey)? {
                None if ns == NS_MEDIAWIKI && found.is_none() => {
                    return Err(Unsupported("an interface message as a template".into()));
                }
                None => break,
                Some((page, is_redirect, text)) => {
                    found = Some((full_text(ns, &dbkey, namespaces), text));
                    if !is_redirect {
                        break;
                    }
                    let targets = self.reader.redirect_targets(&[page]).map_err(storage)?;
                    match targets.into_iter().next().filter(|t| t.interwiki.is_empty()) {
                        Some(target) => (ns, dbkey) = (target.ns, target.dbkey),
                        None => break,
                    }
                }
            }
        }
        Ok(match found {
            Some((title, text)) => TemplateLookup::Found { title, text },
            None => {
                let (ns, dbkey) = self.title(name, NS_TEMPLATE).expect("parsed above");
                TemplateLookup::Missing { title: full_text(ns, &dbkey, namespaces) }
            }
        })
    }

    /// `{{ns:}}`: the name of a namespace given by number (PHP's reading of a leading
    /// integer) or by name; `None` for a name no namespace has.
    fn namespace_name(&self, arg: &str) -> Option<String> {
        let namespaces = self.site.namespaces();
        // PHP's `intval($arg) || $arg == '0'`: a number, else a name.
        let index = match php::leading_int(arg) {
            0 if php::numeric(arg) != Some(0.0) => namespaces.lookup(&arg.replace(' ', "_"))?,
            n => i32::try_from(n).ok()?,
        };
        Some(namespaces.name(index).unwrap_or_default().to_owned())
    }

    fn text_function(&mut self, id: &'static str, first: &str, args: &[String]) -> Result<String, Unsupported> {
        match id {
            "lc" => Ok(first.to_lowercase()),
            "uc" => Ok(first.to_uppercase()),
            "lcfirst" => Ok(change_first(first, |c| c.to_lowercase().collect())),
            "ucfirst" => Ok(change_first(first, |c| c.to_uppercase().collect())),
            "displaytitle" => {
                // Only the first is certain to give nothing (a second that differs gives
                // MediaWiki's error text).
                if std::mem::replace(&mut self.display_title, true) {
                    return Err(Unsupported("a second {{DISPLAYTITLE:}}".into()));
                }
                Ok(String::new())
            }
            "defaultsort" => {
                let key = first.trim();
                if key.is_empty() {
                    return Ok(String::new());
                }
                match &self.default_sort {
                    Some(old) if old != key && args.len() < 2 => {
                        Err(Unsupported("a second {{DEFAULTSORT:}} with another key".into()))
                    }
                    _ => {
                        self.default_sort = Some(key.to_owned());
                        Ok(String::new())
                    }
                }
            }
            id if PAGE_NAMES.contains(&id) => match self.title_arg(args.first()) {
                Some(title) => self.page_name(id, title),
                None => Ok(String::new()),
            },
            other => Err(Unsupported(format!("{{{{{other}:}}}}"))),
        }
    }
}

/// `text` with its first character changed.
fn change_first(text: &str, change: impl Fn(char) -> String) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => change(c) + chars.as_str(),
        None => String::new(),
    }
}
