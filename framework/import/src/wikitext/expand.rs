//! Expansion: the page's text as MediaWiki's parser sees it before it reads links, with
//! every template expanded by the project's preprocessor
//! ([`wikiquery_domain::preprocessor::expand`]), and what the expansion tells on the way:
//! the pages it transcluded, the galleries it met, the default sort key.
//!
//! Links need less than the exact text: a variable or function whose value cannot be known
//! here (the time, the wiki's statistics, a URL) and a template loop or limit leave an opaque
//! stand-in, which breaks a link or URL around it as MediaWiki's strip markers do, and the
//! expansion goes on.

use std::collections::{HashMap, HashSet};

use wikiquery_domain::php;
use wikiquery_domain::preprocessor::expand::{expand, ExtensionTag, TemplateLookup, Unsupported, Wiki};
use wikiquery_domain::preprocessor::page_functions::{FetchedPage, PageFunctions, Resolved};
use wikiquery_domain::preprocessor::Options;
use wikiquery_domain::title::{NS_MAIN, NS_SPECIAL};

use super::LinkContext;
use wikiquery_domain::redirect::redirect_target;

/// The character that brackets MediaWiki's strip markers; titles and URLs cannot hold it,
/// so a link whose target holds a marker is no link, as in MediaWiki.
pub(super) const MARKER: char = '\u{7f}';

/// A stand-in for text whose value the extractor cannot know (a `<nowiki>` section, the
/// time): it breaks link targets and URLs as MediaWiki's markers do.
pub(super) const OPAQUE: &str = "\u{7f}UNIQ\u{7f}";

/// Extension tags of MediaWiki core whose content shows no links.
const NO_LINK_TAGS: &[&str] = &["nowiki", "pre", "langconvert"];

/// The page's text expanded, and what the expansion told.
#[derive(Default)]
pub(super) struct Expansion {
    /// The text as the parser reads it for links.
    pub(super) main: String,
    /// Pieces of wikitext parsed on their own (what `<indicator>` holds).
    pub(super) documents: Vec<String>,
    /// Transcluded pages, first-seen order: each title a lookup went through, redirects and
    /// missing pages included.
    pub(super) templates: Vec<(i32, String)>,
    /// Contents of `<gallery>` tags.
    pub(super) galleries: Vec<String>,
    /// The `{{DEFAULTSORT:…}}` key, if one was given, as written.
    pub(super) default_sort: Option<String>,
    /// Each `{{DISPLAYTITLE:…}}`: its text and its argument in lower case.
    pub(super) display_titles: Vec<(String, Option<String>)>,
    /// The tracking categories the expansion itself put the page in, by message.
    pub(super) tracking: Vec<&'static str>,
    /// What the expansion could not give exactly and stood in for (the first such thing).
    pub(super) warning: Option<String>,
}

/// `text` expanded as the page of `ctx` shows it (or as a transclusion reads it).
pub(super) fn expand_document(text: &str, ctx: &LinkContext<'_>) -> Expansion {
    let page = ctx.page.clone().unwrap_or((0, String::new()));
    let mut wiki = LinkWiki {
        ctx,
        functions: PageFunctions::new(ctx.site, ctx.interwikis, ctx.sitename, page),
        resolved: HashMap::new(),
        seen: HashSet::new(),
        out: Expansion::default(),
    };
    let mut options = Options::with_extension_tags(&ctx.opaque_tags);
    options.for_inclusion = ctx.transcluded;
    // The link wiki stands in for everything it cannot give, so the expansion always ends.
    let main = expand(text, &options, &mut wiki).unwrap_or_else(|e| {
        wiki.warn(&e);
        OPAQUE.to_owned()
    });
    let mut out = wiki.out;
    out.main = main;
    out.default_sort = wiki.functions.default_sort().map(str::to_owned);
    out.display_titles = wiki.functions.display_titles().to_vec();
    out
}

/// The wiki as the link tables' expansion sees it: pages from the context's lookups.
struct LinkWiki<'c, 'a> {
    ctx: &'c LinkContext<'a>,
    functions: PageFunctions<'a>,
    /// Template lookups of this expansion, by the name a call gave.
    resolved: HashMap<String, Resolved>,
    seen: HashSet<(i32, String)>,
    out: Expansion,
}

impl LinkWiki<'_, '_> {
    fn warn(&mut self, what: &Unsupported) {
        if self.out.warning.is_none() {
            self.out.warning = Some(what.0.clone());
        }
    }

    /// A page's text and redirect target, by the context's lookups. Without a text lookup an
    /// existing page's text is unknown: it stands in opaque.
    fn fetch(ctx: &LinkContext<'_>, ns: i32, dbkey: &str) -> Option<FetchedPage> {
        let text = match ctx.template_text {
            Some(text_of) => text_of(ns, dbkey)?,
            None if ctx.page_exists.is_some_and(|exists| exists(ns, dbkey)) => OPAQUE.to_owned(),
            None => return None,
        };
        let redirect =
            redirect_target(&text, &|t| ctx.parse(t, NS_MAIN)).map(|(target, _)| target).filter(|t| !t.is_external());
        Some(FetchedPage { redirect: redirect.map(|t| (t.ns, t.dbkey)), text })
    }
}

impl Wiki for LinkWiki<'_, '_> {
    fn template(&mut self, name: &str) -> Result<TemplateLookup, Unsupported> {
        let relative = name.starts_with('/') || name.starts_with("../");
        let resolved = match self.resolved.get(name).filter(|_| !relative) {
            Some(known) => known.clone(),
            None => {
                let ctx = self.ctx;
                let resolved =
                    self.functions.resolve_template(name, &mut |ns, dbkey| Ok(LinkWiki::fetch(ctx, ns, dbkey)))?;
                self.resolved.insert(name.to_owned(), resolved.clone());
                resolved
            }
        };
        if resolved.deps.first().is_some_and(|(ns, _)| *ns == NS_SPECIAL) {
            // A special page shows its own output, which is no transclusion.
            return Ok(TemplateLookup::Found { title: String::new(), text: OPAQUE.to_owned() });
        }
        for dep in &resolved.deps {
            if self.seen.insert(dep.clone()) {
                self.out.templates.push(dep.clone());
            }
        }
        Ok(resolved.lookup)
    }

    fn variable(&mut self, id: &'static str) -> Result<String, Unsupported> {
        Ok(self.functions.variable(id).unwrap_or_else(|_| OPAQUE.to_owned()))
    }

    fn function(&mut self, id: &'static str, args: &[String]) -> Result<Option<String>, Unsupported> {
        let first = args.first().map(String::as_str).unwrap_or_default();
        let rest = args.get(1..).unwrap_or_default();
        Ok(Some(match id {
            "tag" => self.tag_function(first, rest)?,
            "plural" | "gender" | "grammar" => choose(id, first, rest),
            "formatnum" | "bidi" | "padleft" | "padright" => first.to_owned(),
            _ => match self.functions.function(id, args) {
                Ok(text) => return Ok(text),
                Err(_) => OPAQUE.to_owned(),
            },
        }))
    }

    fn cannot_expand(&mut self, what: Unsupported) -> Result<String, Unsupported> {
        self.warn(&what);
        Ok(OPAQUE.to_owned())
    }

    fn tracking_category(&mut self, message: &'static str) {
        if !self.out.tracking.contains(&message) {
            self.out.tracking.push(message);
        }
    }

    fn extension_tag(&mut self, tag: &ExtensionTag) -> Result<String, Unsupported> {
        let name = tag.name.to_lowercase();
        let inner = tag.inner.clone().unwrap_or_default();
        match name.as_str() {
            "gallery" => self.out.galleries.push(inner),
            "indicator" => self.out.documents.push(inner),
            _ => {}
        }
        Ok(OPAQUE.to_owned())
    }
}

impl LinkWiki<'_, '_> {
    /// `{{#tag:name|content|attr=value}}`: the extension tag it builds, for a tag the parser
    /// knows; the content between tags of that name for another, as MediaWiki writes it.
    fn tag_function(&mut self, name: &str, args: &[String]) -> Result<String, Unsupported> {
        let name = php::trim(name).to_lowercase();
        let inner = args.first().cloned();
        let known = wikiquery_domain::magic_words::EXTENSION_TAGS.contains(&name.as_str())
            || self.ctx.opaque_tags.contains(&name);
        if !known {
            return Ok(match inner {
                Some(inner) => format!("<{name}>{inner}</{name}>"),
                None => format!("<{name}/>"),
            });
        }
        if NO_LINK_TAGS.contains(&name.as_str()) {
            return Ok(OPAQUE.to_owned());
        }
        self.extension_tag(&ExtensionTag { name, attributes: String::new(), inner, close: String::new(), depth: 0 })
    }
}

/// The form `plural`, `gender` or `grammar` shows, by English rules.
fn choose(function: &str, first: &str, forms: &[String]) -> String {
    match function {
        "grammar" => forms.first().cloned().unwrap_or_default(),
        // The user's gender is not known here: the neutral form (MediaWiki's default).
        "gender" => forms.get(2).or_else(|| forms.first()).cloned().unwrap_or_default(),
        _ => {
            let number: Option<f64> = first.replace(',', "").trim().parse().ok();
            let mut plain = Vec::new();
            for form in forms {
                match form.split_once('=') {
                    Some((n, text)) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => {
                        if n.parse::<f64>().ok() == number && number.is_some() {
                            return text.to_owned();
                        }
                    }
                    _ => plain.push(form.clone()),
                }
            }
            let index = if number == Some(1.0) { 0 } else { 1 };
            plain.get(index).or_else(|| plain.last()).cloned().unwrap_or_default()
        }
    }
}
