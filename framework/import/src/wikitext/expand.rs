//! Expansion: what the page shows, minus what templates would add.

use std::collections::{HashMap, HashSet};

use wikiquery_domain::title::{decode_char_references, full_text, NS_SPECIAL, NS_TEMPLATE};

use super::preprocess::{parse_braces, php_trim, used_arguments, Node, Part};
use super::strip::{strip, OPAQUE};
use super::LinkContext;

/// The page's text with templates set aside, and what the braces told.
#[derive(Default)]
pub(super) struct Expansion {
    /// The text as the page shows it, each template call an opaque stand-in.
    pub(super) main: String,
    /// Texts read as separate pieces: template arguments (which a template usually shows)
    /// and similar.
    pub(super) chunks: Vec<String>,
    /// Transcluded pages, first-seen order.
    pub(super) templates: Vec<(i32, String)>,
    /// Contents of `<gallery>` tags.
    pub(super) galleries: Vec<String>,
    /// The last `{{DEFAULTSORT:…}}`.
    pub(super) default_sort: Option<String>,
}

/// Magic words that take no argument and are no templates (`{{PAGENAME}}`). MediaWiki
/// matches most of them in upper case only; [`VARIABLES_ANY_CASE`] in any case.
const VARIABLES: &[&str] = &[
    "!",
    "=",
    "CURRENTMONTH",
    "CURRENTMONTH2",
    "CURRENTMONTH1",
    "CURRENTMONTHNAME",
    "CURRENTMONTHNAMEGEN",
    "CURRENTMONTHABBREV",
    "CURRENTDAY",
    "CURRENTDAY2",
    "CURRENTDAYNAME",
    "CURRENTYEAR",
    "CURRENTTIME",
    "CURRENTHOUR",
    "LOCALMONTH",
    "LOCALMONTH2",
    "LOCALMONTH1",
    "LOCALMONTHNAME",
    "LOCALMONTHNAMEGEN",
    "LOCALMONTHABBREV",
    "LOCALDAY",
    "LOCALDAY2",
    "LOCALDAYNAME",
    "LOCALYEAR",
    "LOCALTIME",
    "LOCALHOUR",
    "NUMBEROFARTICLES",
    "NUMBEROFFILES",
    "NUMBEROFEDITS",
    "SITENAME",
    "PAGENAME",
    "PAGENAMEE",
    "FULLPAGENAME",
    "FULLPAGENAMEE",
    "SUBPAGENAME",
    "SUBPAGENAMEE",
    "ROOTPAGENAME",
    "ROOTPAGENAMEE",
    "BASEPAGENAME",
    "BASEPAGENAMEE",
    "TALKPAGENAME",
    "TALKPAGENAMEE",
    "SUBJECTPAGENAME",
    "SUBJECTPAGENAMEE",
    "ARTICLEPAGENAME",
    "ARTICLEPAGENAMEE",
    "REVISIONID",
    "REVISIONDAY",
    "REVISIONDAY2",
    "REVISIONMONTH",
    "REVISIONMONTH1",
    "REVISIONYEAR",
    "REVISIONTIMESTAMP",
    "REVISIONUSER",
    "REVISIONSIZE",
    "NAMESPACE",
    "NAMESPACEE",
    "NAMESPACENUMBER",
    "TALKSPACE",
    "TALKSPACEE",
    "SUBJECTSPACE",
    "SUBJECTSPACEE",
    "ARTICLESPACE",
    "ARTICLESPACEE",
    "CURRENTWEEK",
    "CURRENTDOW",
    "LOCALWEEK",
    "LOCALDOW",
    "CURRENTVERSION",
    "CURRENTTIMESTAMP",
    "LOCALTIMESTAMP",
    "DIRECTIONMARK",
    "DIRMARK",
    "CONTENTLANGUAGE",
    "CONTENTLANG",
    "PAGELANGUAGE",
    "NUMBEROFADMINS",
    "CASCADINGSOURCES",
    "NUMBEROFPAGES",
    "NUMBEROFUSERS",
    "NUMBEROFACTIVEUSERS",
];

/// Magic-word variables MediaWiki matches in any case (stored here in lower case).
const VARIABLES_ANY_CASE: &[&str] = &["server", "servername", "scriptpath", "stylepath", "articlepath", "pageid"];

/// What a parser function does with its arguments, as far as links are concerned.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Function {
    /// `{{DEFAULTSORT:…}}`: sets the category sort key.
    DefaultSort,
    /// Shows its first argument, case-mapped (`lc`, `uc`, `lcfirst`, `ucfirst`) or as is.
    ShowFirst(CaseMap),
    /// Shows (some of) its arguments as wikitext (`#tag`…).
    ShowArguments,
    /// Shows one of its forms, as English chooses them.
    Choose(Choice),
    /// Shows something else: a number, a URL, a name.
    Other,
}

/// How `plural`, `gender` and `grammar` pick what they show.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Choice {
    /// `{{PLURAL:n|one|other}}`, with explicit `n=form` forms first.
    Plural,
    /// `{{GENDER:user|male|female|neutral}}`: the user's gender is not known here, so the
    /// neutral form (MediaWiki's default preference).
    Gender,
    /// `{{GRAMMAR:case|word}}`: English leaves the word as it is.
    Grammar,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum CaseMap {
    None,
    Lower,
    Upper,
    LowerFirst,
    UpperFirst,
}

/// Parser functions of MediaWiki core matched in upper case only (`{{DEFAULTSORT:x}}`).
const FUNCTIONS_UPPER: &[(&str, Function)] = &[
    ("DEFAULTSORT", Function::DefaultSort),
    ("DEFAULTSORTKEY", Function::DefaultSort),
    ("DEFAULTCATEGORYSORT", Function::DefaultSort),
    ("DISPLAYTITLE", Function::Other),
    ("NUMBEROFPAGES", Function::Other),
    ("NUMBEROFUSERS", Function::Other),
    ("NUMBEROFACTIVEUSERS", Function::Other),
    ("NUMBEROFARTICLES", Function::Other),
    ("NUMBEROFFILES", Function::Other),
    ("NUMBEROFADMINS", Function::Other),
    ("NUMBERINGROUP", Function::Other),
    ("NUMINGROUP", Function::Other),
    ("NUMBEROFEDITS", Function::Other),
    ("PAGESINCATEGORY", Function::Other),
    ("PAGESINCAT", Function::Other),
    ("PAGESIZE", Function::Other),
    ("PROTECTIONLEVEL", Function::Other),
    ("PROTECTIONEXPIRY", Function::Other),
    ("NAMESPACE", Function::Other),
    ("NAMESPACEE", Function::Other),
    ("NAMESPACENUMBER", Function::Other),
    ("TALKSPACE", Function::Other),
    ("TALKSPACEE", Function::Other),
    ("SUBJECTSPACE", Function::Other),
    ("SUBJECTSPACEE", Function::Other),
    ("ARTICLESPACE", Function::Other),
    ("ARTICLESPACEE", Function::Other),
    ("PAGENAME", Function::Other),
    ("PAGENAMEE", Function::Other),
    ("FULLPAGENAME", Function::Other),
    ("FULLPAGENAMEE", Function::Other),
    ("ROOTPAGENAME", Function::Other),
    ("ROOTPAGENAMEE", Function::Other),
    ("BASEPAGENAME", Function::Other),
    ("BASEPAGENAMEE", Function::Other),
    ("SUBPAGENAME", Function::Other),
    ("SUBPAGENAMEE", Function::Other),
    ("TALKPAGENAME", Function::Other),
    ("TALKPAGENAMEE", Function::Other),
    ("SUBJECTPAGENAME", Function::Other),
    ("SUBJECTPAGENAMEE", Function::Other),
    ("ARTICLEPAGENAME", Function::Other),
    ("ARTICLEPAGENAMEE", Function::Other),
    ("REVISIONID", Function::Other),
    ("REVISIONDAY", Function::Other),
    ("REVISIONDAY2", Function::Other),
    ("REVISIONMONTH", Function::Other),
    ("REVISIONMONTH1", Function::Other),
    ("REVISIONYEAR", Function::Other),
    ("REVISIONTIMESTAMP", Function::Other),
    ("REVISIONUSER", Function::Other),
    ("CASCADINGSOURCES", Function::Other),
];

/// Parser functions of MediaWiki core matched in any case (stored here in lower case).
const FUNCTIONS_ANY_CASE: &[(&str, Function)] = &[
    ("ns", Function::Other),
    ("nse", Function::Other),
    ("urlencode", Function::Other),
    ("lcfirst", Function::ShowFirst(CaseMap::LowerFirst)),
    ("ucfirst", Function::ShowFirst(CaseMap::UpperFirst)),
    ("lc", Function::ShowFirst(CaseMap::Lower)),
    ("uc", Function::ShowFirst(CaseMap::Upper)),
    ("localurl", Function::Other),
    ("localurle", Function::Other),
    ("fullurl", Function::Other),
    ("fullurle", Function::Other),
    ("canonicalurl", Function::Other),
    ("canonicalurle", Function::Other),
    ("formatnum", Function::ShowFirst(CaseMap::None)),
    ("grammar", Function::Choose(Choice::Grammar)),
    ("gender", Function::Choose(Choice::Gender)),
    ("plural", Function::Choose(Choice::Plural)),
    ("bidi", Function::ShowFirst(CaseMap::None)),
    ("#language", Function::Other),
    ("padleft", Function::ShowFirst(CaseMap::None)),
    ("padright", Function::ShowFirst(CaseMap::None)),
    ("anchorencode", Function::Other),
    ("filepath", Function::Other),
    ("pageid", Function::Other),
    ("int", Function::Other),
    ("#special", Function::Other),
    ("#speciale", Function::Other),
    ("#tag", Function::ShowArguments),
    ("#formatdate", Function::Other),
    ("#dateformat", Function::Other),
];

fn function_named(name: &str) -> Option<Function> {
    if let Some((_, f)) = FUNCTIONS_UPPER.iter().find(|(n, _)| *n == name) {
        return Some(*f);
    }
    let lower = name.to_lowercase();
    FUNCTIONS_ANY_CASE.iter().find(|(n, _)| *n == lower).map(|(_, f)| *f)
}

/// `text` without a case-insensitive ASCII `prefix`, if it has it.
pub(super) fn strip_prefix_ci<'t>(text: &'t str, prefix: &str) -> Option<&'t str> {
    let head = text.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix).then(|| &text[prefix.len()..])
}

/// A relative link (`/Sub`, `../Sibling`) made absolute against the page, as MediaWiki does
/// in namespaces with subpages; other targets are returned unchanged. `label` gets the text
/// MediaWiki would show when it is empty.
pub(super) fn normalize_subpage_link(ctx: &LinkContext<'_>, target: &str, label: &mut String) -> String {
    let Some((ns, _)) = &ctx.page else { return target.to_owned() };
    if !ctx.site.has_subpages(*ns) {
        return target.to_owned();
    }
    let Some(page) = ctx.page_text() else { return target.to_owned() };
    let (base, suffix) = match target.find('#') {
        Some(h) => (&target[..h], &target[h..]),
        None => (target, ""),
    };
    let base = php_trim(base);
    if let Some(stripped) = base.strip_prefix('/') {
        let without_trailing = stripped.trim_end_matches('/');
        let had_trailing = without_trailing.len() != stripped.len();
        let noslash = if had_trailing { without_trailing } else { stripped };
        if label.is_empty() {
            // MediaWiki shows the link as written, minus the slashes it strips.
            *label = format!("{}{suffix}", if had_trailing { noslash.to_owned() } else { base.to_owned() });
        }
        return format!("{page}/{}{suffix}", php_trim(noslash));
    }
    let mut dotdot = 0;
    let mut rest = base;
    while let Some(r) = rest.strip_prefix("../") {
        dotdot += 1;
        rest = r;
    }
    if dotdot == 0 {
        return target.to_owned();
    }
    let segments: Vec<&str> = page.split('/').collect();
    if segments.len() <= dotdot {
        return target.to_owned();
    }
    let mut out = segments[..segments.len() - dotdot].join("/");
    let mut rest = rest.to_owned();
    if rest.ends_with('/') {
        rest = rest.trim_end_matches('/').to_owned();
        if label.is_empty() {
            *label = format!("{rest}{suffix}");
        }
    }
    let rest = php_trim(&rest);
    if !rest.is_empty() {
        out.push('/');
        out.push_str(rest);
    }
    out.push_str(suffix);
    out
}

struct Expander<'c, 'a> {
    ctx: &'c LinkContext<'a>,
    out: Expansion,
    seen_templates: HashSet<(i32, String)>,
    /// The argument names each template uses, once read.
    used: HashMap<(i32, String), Option<HashSet<String>>>,
}

pub(super) fn expand_document(text: &str, ctx: &LinkContext<'_>) -> Expansion {
    let stripped = strip(text, ctx);
    let nodes = parse_braces(&stripped.text);
    let mut expander =
        Expander { ctx, out: Expansion::default(), seen_templates: HashSet::new(), used: HashMap::new() };
    let mut main = String::new();
    expander.expand(&nodes, &mut main);
    let mut out = expander.out;
    out.main = main;
    out.galleries = stripped.galleries;
    out
}

impl Expander<'_, '_> {
    fn expand(&mut self, nodes: &[Node], out: &mut String) {
        for node in nodes {
            match node {
                Node::Text(t) => out.push_str(t),
                Node::Argument { name, parts } => match parts.first() {
                    // The page itself has no arguments: a default shows, else the braces do.
                    Some(default) => self.expand(&default.whole(), out),
                    None => {
                        out.push_str("{{{");
                        self.expand(name, out);
                        out.push_str("}}}");
                    }
                },
                Node::Template { title, parts } => self.template(title, parts, out),
            }
        }
    }

    fn expand_to_string(&mut self, nodes: &[Node]) -> String {
        let mut s = String::new();
        self.expand(nodes, &mut s);
        s
    }

    /// A call that MediaWiki leaves as text: the braces, the title and the expanded arguments.
    fn literal(&mut self, raw_title: &str, parts: &[Part], out: &mut String) {
        out.push_str("{{");
        out.push_str(raw_title);
        for part in parts {
            out.push('|');
            self.expand(&part.whole(), out);
        }
        out.push_str("}}");
    }

    fn template(&mut self, title: &[Node], parts: &[Part], out: &mut String) {
        let raw = self.expand_to_string(title);
        let part1 = php_trim(&raw);
        if strip_prefix_ci(part1, "subst:").is_some() {
            // Substitution happens when a page is saved; shown, the call stays as text.
            self.literal(&raw, parts, out);
            return;
        }
        let mut name = strip_prefix_ci(part1, "safesubst:").unwrap_or(part1);
        if parts.is_empty() {
            if let Some(value) = self.variable(name) {
                out.push_str(&value);
                return;
            }
        }
        let mut nowiki = false;
        if let Some(rest) = strip_prefix_ci(name, "msgnw:") {
            nowiki = true;
            name = rest;
        } else if let Some(rest) = strip_prefix_ci(name, "msg:") {
            name = rest;
        }
        if let Some(rest) = strip_prefix_ci(name, "raw:") {
            name = rest;
        }
        if let Some(colon) = name.find(':') {
            if let Some(function) = function_named(&name[..colon]) {
                let first = php_trim(&name[colon + 1..]).to_owned();
                self.function(function, first, parts, out);
                return;
            }
        }
        self.transclude(name, &raw, parts, nowiki, out);
    }

    fn function(&mut self, function: Function, first: String, parts: &[Part], out: &mut String) {
        let args: Vec<String> = parts.iter().map(|p| php_trim(&self.expand_to_string(&p.whole())).to_owned()).collect();
        match function {
            Function::DefaultSort => {
                let value = decode_char_references(&first).into_owned();
                let noreplace = args.first().is_some_and(|a| a == "noreplace");
                if !value.is_empty() && (!noreplace || self.out.default_sort.is_none()) {
                    self.out.default_sort = Some(value);
                }
            }
            Function::ShowFirst(map) => out.push_str(&case_map(&first, map)),
            Function::Choose(choice) => out.push_str(&choose(choice, &first, &args)),
            Function::ShowArguments => {
                self.out.chunks.push(first);
                self.out.chunks.extend(args);
                out.push_str(OPAQUE);
            }
            Function::Other => out.push_str(OPAQUE),
        }
    }

    fn transclude(&mut self, name: &str, raw: &str, parts: &[Part], nowiki: bool, out: &mut String) {
        let ctx = self.ctx;
        let mut unused = String::new();
        let relative = normalize_subpage_link(ctx, name, &mut unused);
        let default_ns = match &ctx.page {
            Some((ns, _)) if relative != name => *ns,
            _ => NS_TEMPLATE,
        };
        let title = match ctx.parse(&relative, default_ns) {
            Some(t) if !t.is_external() && !t.dbkey.is_empty() => t,
            // An invalid title, or another wiki's page: the call stays as text.
            _ => return self.literal(raw, parts, out),
        };
        if title.ns == NS_SPECIAL {
            out.push_str(OPAQUE);
            return;
        }
        let key = (title.ns, title.dbkey.clone());
        if self.seen_templates.insert(key.clone()) {
            self.out.templates.push(key.clone());
        }
        let exists = ctx.page_exists.map(|f| f(title.ns, &title.dbkey));
        if exists == Some(false) {
            if nowiki {
                out.push_str(OPAQUE);
                return;
            }
            // MediaWiki shows a call of a missing page as a link to it.
            out.push_str("[[:");
            out.push_str(&title.prefixed_text(ctx.site));
            out.push_str("]]");
            return;
        }
        out.push_str(OPAQUE);
        if nowiki {
            return;
        }
        // An argument shows (and is expanded) only if the template uses it; without the
        // template's text, every argument is taken to show.
        let used = match self.used.get(&key) {
            Some(u) => u.clone(),
            None => {
                let u = ctx.template_text.and_then(|f| f(title.ns, &title.dbkey)).and_then(|t| used_arguments(&t, ctx));
                self.used.insert(key, u.clone());
                u
            }
        };
        let mut position = 0;
        for part in parts {
            let key = match &part.name {
                Some(name) => php_trim(&self.expand_to_string(name)).to_owned(),
                None => {
                    position += 1;
                    position.to_string()
                }
            };
            if used.as_ref().is_some_and(|u| !u.contains(&key)) {
                continue;
            }
            let text = self.expand_to_string(&part.value);
            self.out.chunks.push(text);
        }
    }

    /// The value of a magic-word variable, or `None` when `name` is none.
    fn variable(&self, name: &str) -> Option<String> {
        let known = VARIABLES.contains(&name) || VARIABLES_ANY_CASE.contains(&name.to_lowercase().as_str());
        if !known {
            return None;
        }
        let value = match name {
            "!" => Some("|".to_owned()),
            "=" => Some("=".to_owned()),
            _ => self.page_variable(name),
        };
        Some(value.unwrap_or_else(|| OPAQUE.to_owned()))
    }

    /// The page-name variables, which links often use (`[[Talk:{{PAGENAME}}]]`).
    fn page_variable(&self, name: &str) -> Option<String> {
        let (ns, key) = self.ctx.page.as_ref()?;
        let site = self.ctx.site;
        let text = key.replace('_', " ");
        let ns_name = |n: i32| site.name(n).unwrap_or("").to_owned();
        let subpages = site.has_subpages(*ns);
        let value = match name {
            "PAGENAME" => text,
            "FULLPAGENAME" => full_text(*ns, key, site),
            "NAMESPACE" => ns_name(*ns),
            "NAMESPACENUMBER" => ns.to_string(),
            "TALKSPACE" => ns_name(site.talk(*ns)?),
            "SUBJECTSPACE" | "ARTICLESPACE" => ns_name(site.subject(*ns)),
            "TALKPAGENAME" => full_text(site.talk(*ns)?, key, site),
            "SUBJECTPAGENAME" | "ARTICLEPAGENAME" => full_text(site.subject(*ns), key, site),
            "ROOTPAGENAME" if subpages => text.split('/').next().unwrap_or("").to_owned(),
            "BASEPAGENAME" if subpages => text.rsplit_once('/').map_or(text.clone(), |(b, _)| b.to_owned()),
            "SUBPAGENAME" if subpages => text.rsplit_once('/').map_or(text.clone(), |(_, s)| s.to_owned()),
            "ROOTPAGENAME" | "BASEPAGENAME" | "SUBPAGENAME" => text,
            _ => return None,
        };
        Some(value)
    }
}

/// The form `plural`, `gender` or `grammar` shows, by English rules.
fn choose(choice: Choice, first: &str, forms: &[String]) -> String {
    match choice {
        Choice::Grammar => forms.first().cloned().unwrap_or_default(),
        Choice::Gender => forms.get(2).or_else(|| forms.first()).cloned().unwrap_or_default(),
        Choice::Plural => {
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

fn case_map(text: &str, map: CaseMap) -> String {
    match map {
        CaseMap::None => text.to_owned(),
        CaseMap::Lower => text.to_lowercase(),
        CaseMap::Upper => text.to_uppercase(),
        CaseMap::UpperFirst => wikiquery_domain::title::upper_first(text),
        CaseMap::LowerFirst => {
            let mut chars = text.chars();
            match chars.next() {
                Some(c) => c.to_lowercase().chain(chars).collect(),
                None => String::new(),
            }
        }
    }
}
