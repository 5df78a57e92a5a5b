//! What MediaWiki's core parser gives an expansion on one page of a site, whoever expands it
//! (the API's `rvexpandtemplates`, the link tables): the page-name variables and functions,
//! `SITENAME`, `{{ns:}}`, the case functions, `DISPLAYTITLE` and `DEFAULTSORT`, and the page a
//! template call names, redirects followed as MediaWiki follows them, with every title the
//! lookup went through (MediaWiki's dependencies, which become `templatelinks`).

mod language;
use super::escape_wikitext;
use super::expand::{ParseWarning, TemplateLookup, Unsupported};
use crate::php;
use crate::quotes::do_quotes;
use crate::sanitizer::{remove_html_tags_but, strip_all_tags};
use crate::timestamp::Timestamp;
use crate::title::{
    full_dbkey, full_text, normalize_subpage_link, parse_title, InterwikiMap, SiteNamespaces, NS_MEDIAWIKI, NS_SPECIAL,
    NS_TEMPLATE,
};
use crate::url::{wf_urlencode, SitePaths};

/// A page as a template lookup reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FetchedPage {
    /// Its current text.
    pub text: String,
    /// Where it redirects, when it is a redirect to a page of this wiki.
    pub redirect: Option<(i32, String)>,
}

/// The page a template call names and the titles its lookup went through.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resolved {
    pub lookup: TemplateLookup,
    /// Each title read, in order: the one named, then each redirect's target; missing ones
    /// included, as MediaWiki registers them.
    pub deps: Vec<(i32, String)>,
}

/// Reads a page for a template lookup: its text and redirect, `None` when it has no text.
pub type FetchPage<'f> = dyn FnMut(i32, &str) -> Result<Option<FetchedPage>, Unsupported> + 'f;

/// The page-name variables (and functions of the same names).
pub const PAGE_NAMES: &[&str] = &[
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

/// The page being expanded and its site, with what its expansion has set so far.
pub struct PageFunctions<'s> {
    pub namespaces: &'s SiteNamespaces,
    pub interwikis: &'s InterwikiMap,
    /// The site's name (`{{SITENAME}}`), when known.
    pub sitename: Option<&'s str>,
    /// The page: namespace and database key.
    pub page: (i32, String),
    /// Each `{{DISPLAYTITLE:}}` given: its text and its argument (`noreplace`, `noerror`), in
    /// lower case.
    display_titles: Vec<(String, Option<String>)>,
    /// The `{{DEFAULTSORT:}}` key given so far.
    default_sort: Option<String>,
    /// The tracking categories the expansion put the page in, in order, by message: each with
    /// the default sort key when it was added.
    tracking: Vec<(&'static str, String)>,
    /// What the parse warns about, in order, each once: the message and its parameters.
    warnings: Vec<(&'static str, Vec<String>)>,
    /// The page properties the expansion set (`defaultsort`, `displaytitle`), in order.
    properties: Vec<(&'static str, String)>,
    /// What the expansion did that this project cannot tell the effects of (a display title
    /// with markup, which MediaWiki's sanitizer reads).
    uncertain: Option<Unsupported>,
    /// Where the wiki's pages are (`{{SERVER}}`, `{{localurl:}}`), when known.
    paths: Option<SitePaths>,
    /// The time the page is expanded at and the site's offset from UTC in minutes
    /// (`{{CURRENTYEAR}}`, `{{LOCALTIME}}`), when known.
    clock: Option<(Timestamp, i32)>,
    /// The shortest time, in seconds, the variables used allow the expansion to be kept.
    expiry: std::cell::Cell<Option<i64>>,
    /// The wiki's content language (`{{CONTENTLANGUAGE}}`, `{{formatnum:}}`), when known.
    language: Option<&'s str>,
}

impl<'s> PageFunctions<'s> {
    pub fn new(
        namespaces: &'s SiteNamespaces,
        interwikis: &'s InterwikiMap,
        sitename: Option<&'s str>,
        page: (i32, String),
    ) -> PageFunctions<'s> {
        PageFunctions {
            namespaces,
            interwikis,
            paths: None,
            sitename,
            page,
            display_titles: Vec::new(),
            default_sort: None,
            tracking: Vec::new(),
            warnings: Vec::new(),
            properties: Vec::new(),
            uncertain: None,
            clock: None,
            expiry: std::cell::Cell::new(None),
            language: None,
        }
    }

    /// The wiki's content language, when known.
    pub fn language(&self) -> Option<&'s str> {
        self.language
    }

    /// Notes that a variable the expansion's owner gave (a site statistic) was used, for how
    /// long the expansion may be kept.
    pub fn expire_for(&self, id: &'static str) {
        if let Some(ttl) = super::time_to_live(id) {
            self.expiry.set(Some(self.expiry.get().map_or(ttl, |e| e.min(ttl))));
        }
    }

    /// The database key of the category `name` names, as `Title::makeTitleSafe` reads it in
    /// the category namespace; `None` when it is no title there.
    pub fn category_key(&self, name: &str) -> Option<String> {
        let prefix = self.namespaces.name(crate::title::NS_CATEGORY).unwrap_or("Category");
        let (ns, dbkey) = self.title(&format!("{prefix}:{name}"), crate::title::NS_CATEGORY)?;
        (ns == crate::title::NS_CATEGORY && !dbkey.is_empty()).then_some(dbkey)
    }

    /// The same functions on a wiki of content language `code`.
    pub fn with_language(mut self, code: &'s str) -> Self {
        self.language = Some(code);
        self
    }

    /// The same functions reading the clock at `now`, `offset_minutes` from UTC for local time.
    pub fn with_clock(mut self, now: Timestamp, offset_minutes: i32) -> Self {
        self.clock = Some((now, offset_minutes));
        self
    }

    /// How long the expansion may be kept, in seconds, when a variable it used limits that
    /// (the clock's, the site's counts).
    pub fn cache_expiry(&self) -> Option<i64> {
        self.expiry.get()
    }

    /// Puts the page in a tracking category (by its message), sorted by the default sort key
    /// as it stands; a category already there takes the new key in its place.
    pub fn add_tracking_category(&mut self, message: &'static str) {
        let key = self.default_sort.clone().unwrap_or_default();
        match self.tracking.iter_mut().find(|(m, _)| *m == message) {
            Some(entry) => entry.1 = key,
            None => self.tracking.push((message, key)),
        }
    }

    /// Notes what the parse warns about, once each, in MediaWiki's words' parameters: the
    /// message and its parameters (escaped as wikitext where MediaWiki escapes them).
    pub fn add_warning(&mut self, warning: ParseWarning) {
        let entry = match warning {
            ParseWarning::DuplicateArgument { caller, template, name } => {
                let caller = caller.unwrap_or_else(|| full_text(self.page.0, &self.page.1, self.namespaces));
                (
                    "duplicate-args-warning",
                    vec![escape_wikitext(&caller), escape_wikitext(&template), escape_wikitext(&name)],
                )
            }
            ParseWarning::DisplayTitleIgnored { text } => ("restricted-displaytitle", vec![text]),
        };
        if !self.warnings.contains(&entry) {
            self.warnings.push(entry);
        }
    }

    /// What the parse warns about, in order: each message and its parameters.
    pub fn warnings(&self) -> &[(&'static str, Vec<String>)] {
        &self.warnings
    }

    /// The tracking categories the expansion put the page in, in order, with their sort keys;
    /// an error when the expansion did what this project cannot tell the effects of.
    pub fn tracking_categories(&self) -> Result<&[(&'static str, String)], Unsupported> {
        match &self.uncertain {
            Some(what) => Err(what.clone()),
            None => Ok(&self.tracking),
        }
    }

    /// The page properties the expansion set, in order (as [`Self::tracking_categories`]).
    pub fn properties(&self) -> Result<&[(&'static str, String)], Unsupported> {
        match &self.uncertain {
            Some(what) => Err(what.clone()),
            None => Ok(&self.properties),
        }
    }

    fn set_property(&mut self, name: &'static str, value: &str) {
        match self.properties.iter_mut().find(|(n, _)| *n == name) {
            Some(entry) => entry.1 = value.to_owned(),
            None => self.properties.push((name, value.to_owned())),
        }
    }

    /// A `{{DISPLAYTITLE:}}`'s effects: the `displaytitle` property (its text sanitized as a
    /// heading's) when its text names the page (a later one replacing it unless `noreplace`),
    /// else the tracking category of ignored display titles.
    /// Tells whether the call replaced an earlier display title with another text without
    /// saying it may (MediaWiki then gives its error text).
    fn display_title(&mut self, text: &str, argument: Option<&str>) -> bool {
        // Sanitized as a page heading may be: no blocks, no styles that hide or move it.
        const BLOCKS: &[&str] = &[
            "h1",
            "h2",
            "h3",
            "h4",
            "h5",
            "h6",
            "div",
            "blockquote",
            "ol",
            "ul",
            "li",
            "hr",
            "table",
            "tr",
            "th",
            "td",
            "dl",
            "dd",
            "caption",
            "p",
            "ruby",
            "rb",
            "rt",
            "rtc",
            "rp",
            "br",
        ];
        let html = remove_html_tags_but(&do_quotes(text), &|t| t.to_owned(), BLOCKS, true);
        let plain = strip_all_tags(&html);
        let names_page = parse_title(&plain, 0, self.namespaces, &|p| self.interwikis.is_interwiki(p))
            .is_ok_and(|t| t.fragment.is_empty() && !t.is_external() && t.ns == self.page.0 && t.dbkey == self.page.1);
        if !names_page {
            self.add_warning(ParseWarning::DisplayTitleIgnored { text: text.to_owned() });
            self.add_tracking_category("restricted-displaytitle-ignored");
            return false;
        }
        let old = self.properties.iter().find(|(n, _)| *n == "displaytitle").map(|(_, v)| v.clone());
        if old.is_none() || argument != Some("noreplace") {
            self.set_property("displaytitle", &html);
        }
        old.is_some_and(|old| old != html) && argument.is_none()
    }

    /// Each `{{DISPLAYTITLE:}}` given, in order: its text and its argument in lower case.
    pub fn display_titles(&self) -> &[(String, Option<String>)] {
        &self.display_titles
    }

    /// The sort key `{{DEFAULTSORT:}}` set, if it did.
    pub fn default_sort(&self) -> Option<&str> {
        self.default_sort.as_deref()
    }

    /// The title `name` gives (in namespace `default_ns` unless it names one); `None` for no
    /// title or another wiki's.
    pub fn title(&self, name: &str, default_ns: i32) -> Option<(i32, String)> {
        let title = parse_title(name, default_ns, self.namespaces, &|p| self.interwikis.is_interwiki(p)).ok()?;
        (!title.is_external() && !title.dbkey.is_empty()).then_some((title.ns, title.dbkey))
    }

    /// The same functions knowing where the wiki's pages are.
    pub fn with_paths(mut self, paths: SitePaths) -> Self {
        self.paths = Some(paths);
        self
    }

    /// A variable's value, for those that depend only on the page and the site.
    pub fn variable(&self, id: &'static str) -> Result<String, Unsupported> {
        let value = self.variable_value(id)?;
        self.expire_for(id);
        Ok(value)
    }

    fn variable_value(&self, id: &'static str) -> Result<String, Unsupported> {
        if let Some(value) = self.clock.and_then(|(now, offset)| super::clock_variable(id, now, offset)) {
            return Ok(value);
        }
        let paths = || self.paths.as_ref().ok_or_else(|| Unsupported(format!("{{{{{}}}}}", id.to_uppercase())));
        match id {
            "!" => Ok("|".into()),
            "=" => Ok("=".into()),
            "server" => Ok(paths()?.server.clone()),
            "servername" => Ok(paths()?.server_name().to_owned()),
            "scriptpath" => Ok(paths()?.script_path.clone()),
            "stylepath" => Ok(paths()?.style_path()),
            "sitename" => self.sitename.map(str::to_owned).ok_or_else(|| Unsupported("{{SITENAME}}".into())),
            "contentlanguage" => {
                self.language.map(str::to_owned).ok_or_else(|| Unsupported("{{CONTENTLANGUAGE}}".into()))
            }
            "pagelanguage" => self.page_language().ok_or_else(|| Unsupported("{{PAGELANGUAGE}}".into())),
            id if PAGE_NAMES.contains(&id) => self.page_name(id, self.page.clone()),
            other => Err(Unsupported(format!("{{{{{}}}}}", other.to_uppercase()))),
        }
    }

    /// `{{localurl:}}`, `{{fullurl:}}`, `{{canonicalurl:}}` and their escaped forms (`…e`): the
    /// URL of the page `target`, with `query` as its query string; `None` for no title, which
    /// MediaWiki reads as a template name instead.
    fn url_function(&self, id: &str, target: &str, query: Option<&str>) -> Result<Option<String>, Unsupported> {
        let Some(paths) = &self.paths else { return Err(Unsupported(format!("{{{{{}:}}}}", id.to_uppercase()))) };
        let Ok(mut title) = parse_title(target, 0, self.namespaces, &|p| self.interwikis.is_interwiki(p)) else {
            return Ok(None);
        };
        let query = query.map(str::trim).unwrap_or_default();
        let kind = id.trim_end_matches('e');
        // The fragment goes after a full URL, as an id in a link (a local one has none); one
        // that would need escaping is not built yet.
        let fragment = title.fragment.replace(' ', "_");
        if kind != "localurl"
            && !fragment.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | ':'))
        {
            return Err(Unsupported(format!("{{{{{}:}}}} with the fragment #{}", id.to_uppercase(), title.fragment)));
        }
        let url = if title.is_external() {
            // Another wiki's address, the query appended to it.
            let Some(mut url) = self.interwikis.url(&title.interwiki, &title.dbkey) else {
                return Err(Unsupported(format!("{{{{{}:}}}} of [[{target}]]", id.to_uppercase())));
            };
            if !query.is_empty() {
                url.push(if url.contains('?') { '&' } else { '?' });
                url.push_str(query);
            }
            url
        } else {
            if title.ns == crate::title::NS_MEDIA {
                title.ns = crate::title::NS_FILE;
            }
            let key = wf_urlencode(&crate::title::full_dbkey(title.ns, &title.dbkey, self.namespaces));
            let local = if query.is_empty() {
                paths.article_path.replace("$1", &key)
            } else {
                format!("{}?title={key}&{query}", paths.script)
            };
            match kind {
                "localurl" => local,
                "fullurl" => format!("{}{local}", paths.server),
                _ => format!("{}{local}", paths.canonical_server()),
            }
        };
        let url = if kind != "localurl" && !fragment.is_empty() { format!("{url}#{fragment}") } else { url };
        Ok(Some(if id.ends_with("urle") { crate::html::escape(&url) } else { url }))
    }

    /// A parser function's text (`args` expanded and trimmed, the first after the colon),
    /// for those that depend only on the page and the site; `None` when the function declines
    /// the call (`{{ns:}}` of no namespace).
    pub fn function(&mut self, id: &'static str, args: &[String]) -> Result<Option<String>, Unsupported> {
        let first = args.first().map(String::as_str).unwrap_or_default();
        Ok(Some(match id {
            "ns" => return Ok(self.namespace_name(first)),
            "lc" => super::expand::outside_markers(first, &|t| t.to_lowercase()),
            "uc" => super::expand::outside_markers(first, &|t| t.to_uppercase()),
            "lcfirst" => change_first(first, |c| c.to_lowercase().collect()),
            "ucfirst" => change_first(first, |c| c.to_uppercase().collect()),
            "displaytitle" => {
                let argument = args.get(1).map(|a| a.to_lowercase());
                let before = self.uncertain.is_some();
                let replaced = self.display_title(first, argument.as_deref());
                self.display_titles.push((first.to_owned(), argument));
                // A later one naming the page with another text, without `noreplace` or
                // `noerror`, gives MediaWiki's error text; so may one after a call this
                // project could not read.
                if replaced || (before && self.display_titles.len() > 1) {
                    return Err(Unsupported("a second {{DISPLAYTITLE:}}".into()));
                }
                String::new()
            }
            "urlencode" => {
                // The markers of extension tags are taken out first (MediaWiki's
                // `killMarkers`): `x<nowiki/>y` encodes as `xy`.
                let kind = args.get(1).map(String::as_str);
                url_encode(&super::expand::without_markers(first), kind)
            }
            "anchorencode" => anchor_encode(first),
            "formatnum" => return self.format_num(first, args.get(1).map(String::as_str)).map(Some),
            "formatdate" => {
                if self.language != Some("en") {
                    return Err(Unsupported("{{#formatdate:}} in a language other than English".into()));
                }
                // The reader's own date preference is not known here: the wiki's default
                // applies, which a second argument names.
                let preference = args.get(1).map(String::as_str).filter(|p| !p.is_empty() && *p != "0");
                crate::format_date::format_date(php::trim(first), preference.unwrap_or("default"))
            }
            "language" => {
                let code = first.to_lowercase();
                crate::languages::named_languages()
                    .find(|(c, _)| *c == code)
                    .map(|(_, name)| name)
                    .unwrap_or_else(|| crate::languages::bcp47(&code))
            }
            "special" => self.special_page(first),
            "speciale" => wf_urlencode(&self.special_page(first).replace(' ', "_")),
            "localurl" | "localurle" | "fullurl" | "fullurle" | "canonicalurl" | "canonicalurle" => {
                return self.url_function(id, first, args.get(1).map(String::as_str));
            }
            "padleft" | "padright" => {
                let length = args.get(1).map_or(0, |l| php_int(l));
                let padding = args.get(2).map_or("0", String::as_str);
                pad(first, length, padding, id == "padleft")
            }
            "defaultsort" => {
                // A later key replaces an earlier one unless it says `noreplace`; a different
                // later key without `noreplace` or `noerror` also gives an error text.
                let key = php::trim(first);
                if key.is_empty() {
                    return Ok(Some(String::new()));
                }
                let argument = args.get(1).map(|a| a.to_lowercase());
                let noreplace = argument.as_deref() == Some("noreplace");
                let quiet = noreplace || argument.as_deref() == Some("noerror");
                let old = self.default_sort.clone();
                if old.is_none() || !noreplace {
                    self.default_sort = Some(key.to_owned());
                    self.set_property("defaultsort", key);
                }
                if old.as_deref().is_some_and(|old| old != key) && !quiet {
                    return Err(Unsupported("a second {{DEFAULTSORT:}} with another key".into()));
                }
                String::new()
            }
            id if PAGE_NAMES.contains(&id) => match self.title_arg(first) {
                Some(title) => self.page_name(id, title)?,
                None => String::new(),
            },
            other => return Err(Unsupported(format!("{{{{{other}:}}}}"))),
        }))
    }

    /// The page a template call names (`name` as written, without `subst:` and the like),
    /// read with `fetch`, redirects followed up to twice as MediaWiki follows them; a redirect
    /// to a missing page gives the redirect's own text.
    pub fn resolve_template(&self, name: &str, fetch: &mut FetchPage<'_>) -> Result<Resolved, Unsupported> {
        let (page_ns, page_key) = &self.page;
        let page_text = full_text(*page_ns, page_key, self.namespaces);
        let mut label = String::new();
        let relative = normalize_subpage_link(self.namespaces, *page_ns, &page_text, name, &mut label);
        let default_ns = if relative != name { *page_ns } else { NS_TEMPLATE };
        let Some((mut ns, mut dbkey)) = self.title(&relative, default_ns) else {
            return Ok(Resolved { lookup: TemplateLookup::NotATitle, deps: Vec::new() });
        };
        let named = full_text(ns, &dbkey, self.namespaces);
        let mut deps = Vec::new();
        let mut found: Option<(String, String)> = None;
        for _ in 0..3 {
            deps.push((ns, dbkey.clone()));
            match fetch(ns, &dbkey)? {
                None if ns == NS_MEDIAWIKI && found.is_none() => {
                    return Ok(Resolved { lookup: TemplateLookup::Message { title: named }, deps });
                }
                None => break,
                Some(page) => {
                    found = Some((full_text(ns, &dbkey, self.namespaces), page.text));
                    match page.redirect {
                        Some(target) => (ns, dbkey) = target,
                        None => break,
                    }
                }
            }
        }
        let lookup = match found {
            Some((title, text)) => TemplateLookup::Found { title, text },
            None => TemplateLookup::Missing { title: named },
        };
        Ok(Resolved { lookup, deps })
    }

    /// The page's title, or the one a function's argument names (empty: the page's).
    fn title_arg(&self, arg: &str) -> Option<(i32, String)> {
        if arg.is_empty() {
            Some(self.page.clone())
        } else {
            self.title(arg, 0)
        }
    }

    /// One of the page-name variables for `(ns, dbkey)`.
    fn page_name(&self, id: &str, (ns, dbkey): (i32, String)) -> Result<String, Unsupported> {
        let namespaces = self.namespaces;
        let text = dbkey.replace('_', " ");
        let (root, base, sub) = if namespaces.has_subpages(ns) {
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
        let ns_encoded = |n: i32| wf_urlencode(&ns_text(n).replace(' ', "_"));
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
            "talkpagename" => talk.map(|t| plain(&full_text(t, &dbkey, namespaces))).unwrap_or_default(),
            "talkpagenamee" => talk.map(|t| encoded(&full_dbkey(t, &dbkey, namespaces))).unwrap_or_default(),
            "subjectpagename" => plain(&full_text(subject, &dbkey, namespaces)),
            "subjectpagenamee" => encoded(&full_dbkey(subject, &dbkey, namespaces)),
            "namespace" => ns_text(ns),
            "namespacee" => ns_encoded(ns),
            "namespacenumber" => ns.to_string(),
            "talkspace" => talk.map(ns_text).unwrap_or_default(),
            "talkspacee" => talk.map(ns_encoded).unwrap_or_default(),
            "subjectspace" => ns_text(subject),
            "subjectspacee" => ns_encoded(subject),
            other => return Err(Unsupported(format!("{{{{{}}}}}", other.to_uppercase()))),
        })
    }

    /// `{{#special:}}`: the title of the special page a name or alias gives (`Contributions/X`
    /// → `Special:Contributions/X`), else the text as a special page's title, else
    /// `Special:Badtitle`.
    fn special_page(&self, text: &str) -> String {
        let (name, sub) = match text.split_once('/') {
            Some((name, sub)) => (name, Some(sub)),
            None => (text, None),
        };
        if let Some(local) = crate::special_pages::local_name(&name.replace(' ', "_")) {
            let mut key = local.to_owned();
            if let Some(sub) = sub {
                key.push('/');
                key.push_str(&sub.replace(' ', "_"));
            }
            return full_text(NS_SPECIAL, &crate::title::upper_first(&key), self.namespaces);
        }
        match parse_title(&full_text(NS_SPECIAL, text, self.namespaces), 0, self.namespaces, &|_| false) {
            Ok(t) if t.ns == NS_SPECIAL && !t.dbkey.is_empty() && t.fragment.is_empty() => {
                full_text(NS_SPECIAL, &t.dbkey, self.namespaces)
            }
            _ => self.special_page("Badtitle"),
        }
    }

    /// `{{ns:}}`: the name of a namespace given by number (PHP's reading of a leading
    /// integer) or by name; `None` for a name no namespace has.
    fn namespace_name(&self, arg: &str) -> Option<String> {
        // PHP's `intval($arg) || $arg == '0'`: a number, else a name.
        let index = match php::leading_int(arg) {
            0 if php::numeric(arg) != Some(0.0) => self.namespaces.lookup(&arg.replace(' ', "_"))?,
            n => i32::try_from(n).ok()?,
        };
        Some(self.namespaces.name(index).unwrap_or_default().to_owned())
    }
}

/// `{{urlencode:}}`: as a query string encodes (`QUERY`, the default: spaces as `+`), as a
/// wiki page name (`WIKI`: spaces as underscores), or as a path (`PATH`: spaces as `%20`).
fn url_encode(text: &str, kind: Option<&str>) -> String {
    let keep = |b: u8, path: bool| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.') || (path && b == b'~');
    let encode = |text: &str, path: bool| {
        let mut out = String::with_capacity(text.len());
        for b in text.bytes() {
            match b {
                b' ' if !path => out.push('+'),
                b if keep(b, path) => out.push(b as char),
                b => out.push_str(&format!("%{b:02X}")),
            }
        }
        out
    };
    match kind.map(str::to_uppercase).as_deref() {
        Some("WIKI") => wf_urlencode(&text.replace(' ', "_")),
        Some("PATH") => encode(text, true),
        _ => encode(text, false),
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

/// PHP's `(int)` of a string: its leading white space skipped, then an optional sign and the
/// digits that follow (0 without any).
fn php_int(text: &str) -> i64 {
    let t = text.trim_start_matches([' ', '\t', '\n', '\r', '\u{b}', '\u{c}']);
    let (sign, rest) = match t.strip_prefix('-') {
        Some(r) => (-1, r),
        None => (1, t.strip_prefix('+').unwrap_or(t)),
    };
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse::<i64>().map_or(0, |n| sign * n)
}

/// `{{padleft:}}` and `{{padright:}}`: the text padded with repetitions of `padding` up to
/// `length` characters (500 at most).
fn pad(text: &str, length: i64, padding: &str, left: bool) -> String {
    let padding: String = super::expand::without_markers(padding);
    let pad_len = padding.chars().count() as i64;
    if pad_len == 0 {
        return text.to_owned();
    }
    let mut remaining = length.min(500) - text.chars().count() as i64;
    if remaining <= 0 {
        return text.to_owned();
    }
    let mut fill = String::new();
    while remaining > 0 {
        fill.extend(padding.chars().take(remaining as usize));
        remaining -= pad_len;
    }
    if left {
        format!("{fill}{text}")
    } else {
        format!("{text}{fill}")
    }
}

/// `{{anchorencode:}}`: the text as a section heading's link anchor, wikitext links, bold and
/// italics and tags taken out, armoured as an attribute value.
fn anchor_encode(text: &str) -> String {
    use std::sync::OnceLock;

    use regex::Regex;
    static LINKS: OnceLock<[Regex; 3]> = OnceLock::new();
    let [piped, plain, external] = LINKS.get_or_init(|| {
        let protocols = crate::url::URL_PROTOCOLS.iter().map(|p| regex::escape(p)).collect::<Vec<_>>().join("|");
        [
            Regex::new(r"\[\[:?([^\[|]+)\|([^\[]+)\]\]").unwrap(),
            Regex::new(r"\[\[:?([^\[]+)\|?\]\]").unwrap(),
            Regex::new(&format!(r"\[(?i:{protocols})([^ ]+?) ([^\[]+)\]")).unwrap(),
        ]
    });
    let text = super::expand::without_markers(text);
    let text = piped.replace_all(&text, "$2");
    let text = plain.replace_all(&text, "$1");
    let text = external.replace_all(&text, "$2");
    let text = do_quotes(&text);
    // Tags out, as MediaWiki's `delimiterReplace` of `<` … `>`.
    let mut stripped = String::with_capacity(text.len());
    let mut rest = text.as_str();
    while let Some(open) = rest.find('<') {
        match rest[open..].find('>') {
            Some(close) => {
                stripped.push_str(&rest[..open]);
                rest = &rest[open + close + 1..];
            }
            None => break,
        }
    }
    stripped.push_str(rest);
    let name = crate::html::section_name(&stripped);
    // Underscores stay as they are, so that templates can use the anchor (MediaWiki's T407131).
    crate::sanitizer::safe_encode_attribute(&crate::html::escape_id_for_link(&name)).replace("&#95;", "_")
}
