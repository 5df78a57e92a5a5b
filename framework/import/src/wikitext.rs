//! The links a page's own wikitext writes, as MediaWiki's parser records them in its link
//! tables (`pagelinks`, `templatelinks`, `categorylinks`, `imagelinks`, `externallinks`,
//! `langlinks`, `iwlinks`) and in `redirect`.
//!
//! Templates are not expanded: a template call is recorded in `templates` and its arguments
//! are read as the template would show them (all of them, or those its text uses when the
//! caller can give that text), but links that a template's own text adds are not seen, nor
//! the tracking categories the parser adds. Everything else follows MediaWiki 1.39: comments, `<nowiki>`, `<pre>` and the
//! inclusion tags are honoured, parser functions and magic words are not templates, link
//! targets go through the same title rules, and each table is deduplicated as MediaWiki
//! does it.

use std::collections::{HashMap, HashSet};

use wikiquery_domain::title::{
    decode_char_references, full_text, is_talk, parse_title, InterwikiMap, ParsedTitle, SiteNamespaces, NS_CATEGORY,
    NS_FILE, NS_MAIN, NS_MEDIA, NS_SPECIAL, NS_TEMPLATE,
};

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
    /// The wiki's own server (`$wgServer`, such as `https://example.org`): links to it are
    /// not recorded as external links.
    pub server: Option<String>,
    /// Whether a page exists; when known, a call of a missing template also links to it,
    /// as MediaWiki shows such a call as a link.
    pub page_exists: Option<PageExists<'a>>,
    /// The wikitext of a page, when the caller can give it: a template's arguments then
    /// count only if its text uses them, as MediaWiki expands an argument only when shown.
    /// Without it every argument is read as shown.
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
            server: None,
            page_exists: None,
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
    /// The page's `{{DEFAULTSORT:…}}`, if it sets one.
    pub default_sort: Option<String>,
}

/// Extracts the links of a page's wikitext.
pub fn extract(text: &str, ctx: &LinkContext<'_>) -> PageLinks {
    let mut out = Collector::new(ctx);
    let mut body = text;
    if !ctx.transcluded {
        if let Some((target, rest)) = redirect_target(text, ctx) {
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
    let expansion = expand_document(body, ctx);
    out.default_sort = expansion.default_sort.clone();
    for (ns, key) in &expansion.templates {
        out.templates.push((*ns, key.clone()));
    }
    out.scan(&expansion.main);
    for chunk in &expansion.chunks {
        out.scan(chunk);
    }
    for gallery in &expansion.galleries {
        out.gallery(gallery);
    }
    out.finish()
}

// ---------------------------------------------------------------------------------------
// Redirects

/// The target of a `#REDIRECT [[…]]` at the start of the text, and the text after it.
fn redirect_target<'t>(text: &'t str, ctx: &LinkContext<'_>) -> Option<(ParsedTitle, &'t str)> {
    let trimmed = text.trim_start_matches([' ', '\t', '\n', '\r', '\0', '\u{b}']);
    let magic = "#REDIRECT";
    let head = trimmed.get(..magic.len())?;
    if !head.eq_ignore_ascii_case(magic) {
        return None;
    }
    let after = &trimmed[magic.len()..];
    let mut rest = after.trim_start_matches(is_pcre_space);
    if let Some(r) = rest.strip_prefix(':') {
        rest = r.trim_start_matches(is_pcre_space);
    }
    let inner = rest.strip_prefix("[[")?;
    // The target runs to the first `]]` on the same line; a `|label` is dropped.
    let line_end = inner.find('\n').unwrap_or(inner.len());
    let close = inner[..line_end].find("]]")?;
    let inside = &inner[..close];
    let target = inside.split('|').next().unwrap_or("");
    let remainder = inner[close + 2..].trim_start_matches(is_pcre_space);
    let target = if target.contains('%') { percent_decode(target.trim_start_matches(':'))? } else { target.to_owned() };
    let title = ctx.parse(&target, NS_MAIN)?;
    if !valid_redirect_target(&title) {
        return None;
    }
    Some((title, remainder))
}

/// Whitespace as PCRE's `\s` knows it without Unicode mode.
fn is_pcre_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\u{b}' | '\u{c}' | '\r')
}

/// Special pages MediaWiki refuses as redirect targets (`$wgInvalidRedirectTargets` and
/// logging out), by lower-cased canonical name.
const INVALID_SPECIAL_TARGETS: &[&str] = &["filepath", "mypage", "mytalk", "redirect", "userlogout"];

fn valid_redirect_target(title: &ParsedTitle) -> bool {
    if title.ns == NS_SPECIAL && title.interwiki.is_empty() {
        let name = title.dbkey.split('/').next().unwrap_or("").to_lowercase();
        return !INVALID_SPECIAL_TARGETS.contains(&name.as_str());
    }
    !title.dbkey.is_empty()
}

/// PHP's `rawurldecode`; `None` when the result is not UTF-8 (MediaWiki then finds no valid
/// title).
fn percent_decode(text: &str) -> Option<String> {
    String::from_utf8(wikiquery_domain::url::percent_decode(text)).ok()
}

// ---------------------------------------------------------------------------------------
// Stripping: comments, extension tags and inclusion tags

/// The character that brackets MediaWiki's strip markers; titles and URLs cannot hold it,
/// so a link whose target holds a marker is no link, as in MediaWiki.
const MARKER: char = '\u{7f}';

/// A stand-in for text whose value the extractor cannot know (a template's output, a
/// `<nowiki>` section): it breaks link targets and URLs as MediaWiki's markers do.
const OPAQUE: &str = "\u{7f}UNIQ\u{7f}";

/// Extension tags of MediaWiki core whose content is not read as wikitext.
const CORE_OPAQUE_TAGS: &[&str] = &["nowiki", "pre"];

struct Stripped {
    text: String,
    galleries: Vec<String>,
}

/// A tag at `pos` (which holds `<`): its lower-cased name (with a leading `/` for a
/// closing tag) and the position just after its `>`; `None` when no `>` follows.
fn tag_at(text: &str, pos: usize) -> Option<(String, usize, bool)> {
    let rest = &text[pos + 1..];
    let name_len =
        rest.bytes().enumerate().take_while(|&(i, b)| b.is_ascii_alphanumeric() || (i == 0 && b == b'/')).count();
    if name_len == 0 {
        return None;
    }
    let name = rest[..name_len].to_ascii_lowercase();
    let after = &rest[name_len..];
    // The name must end at whitespace, `/>` or `>`.
    let ends_well =
        after.starts_with('>') || after.starts_with("/>") || after.chars().next().is_some_and(|c| c.is_whitespace());
    if !ends_well {
        return None;
    }
    let close = rest.find('>')?;
    let self_closing = close > 0 && rest.as_bytes()[close - 1] == b'/';
    Some((name, pos + 1 + close + 1, self_closing))
}

/// The position of `</name\s*>` (any case) at or after `from`, and the position after it;
/// `lower` is the text in ASCII lower case (same byte positions).
fn find_close_tag(lower: &str, name: &str, from: usize) -> Option<(usize, usize)> {
    let lower = &lower[from..];
    let needle = format!("</{name}");
    let mut search = 0;
    while let Some(found) = lower[search..].find(&needle) {
        let start = search + found;
        let after = &lower[start + needle.len()..];
        let spaces = after.len() - after.trim_start().len();
        if after[spaces..].starts_with('>') {
            return Some((from + start, from + start + needle.len() + spaces + 1));
        }
        search = start + needle.len();
    }
    None
}

fn strip(text: &str, ctx: &LinkContext<'_>) -> Stripped {
    let mut source = text.to_owned();
    if ctx.transcluded && text.contains("<onlyinclude>") && text.contains("</onlyinclude>") {
        // Only the `<onlyinclude>` sections are transcluded.
        let mut kept = String::new();
        let mut rest = text;
        while let Some(open) = rest.find("<onlyinclude>") {
            let inner = &rest[open + "<onlyinclude>".len()..];
            match inner.find("</onlyinclude>") {
                Some(close) => {
                    kept.push_str(&inner[..close]);
                    rest = &inner[close + "</onlyinclude>".len()..];
                }
                None => {
                    kept.push_str(inner);
                    break;
                }
            }
        }
        source = kept;
    }
    let (ignored_tags, ignored_element): (&[&str], &str) = if ctx.transcluded {
        (&["includeonly", "/includeonly"], "noinclude")
    } else {
        (&["noinclude", "/noinclude", "onlyinclude", "/onlyinclude"], "includeonly")
    };

    let lower = source.to_ascii_lowercase();
    let mut out = String::with_capacity(source.len());
    let mut galleries = Vec::new();
    let mut no_close: HashSet<String> = HashSet::new();
    let mut i = 0;
    let bytes = source.as_bytes();
    while i < bytes.len() {
        let Some(lt) = source[i..].find('<') else {
            out.push_str(&source[i..]);
            break;
        };
        out.push_str(&source[i..i + lt]);
        i += lt;
        if source[i..].starts_with("<!--") {
            // A comment runs to `-->`, or to the end of the text when unclosed.
            i = match source[i + 4..].find("-->") {
                Some(end) => i + 4 + end + 3,
                None => source.len(),
            };
            continue;
        }
        let Some((name, tag_end, self_closing)) = tag_at(&source, i) else {
            out.push('<');
            i += 1;
            continue;
        };
        if ignored_tags.contains(&name.as_str()) {
            i = tag_end;
            continue;
        }
        let opaque = CORE_OPAQUE_TAGS.contains(&name.as_str()) || ctx.opaque_tags.contains(&name);
        let is_gallery = name == "gallery";
        let is_element = name == ignored_element;
        if !(opaque || is_gallery || is_element) {
            out.push('<');
            i += 1;
            continue;
        }
        if self_closing {
            if opaque || is_gallery {
                out.push_str(OPAQUE);
            }
            i = tag_end;
            continue;
        }
        let close = if no_close.contains(&name) { None } else { find_close_tag(&lower, &name, tag_end) };
        match close {
            Some((content_end, after)) => {
                if is_gallery {
                    galleries.push(source[tag_end..content_end].to_owned());
                }
                if !is_element {
                    out.push_str(OPAQUE);
                }
                i = after;
            }
            None if is_element => {
                // An unclosed inclusion element runs to the end of the text.
                i = source.len();
            }
            None => {
                // An unclosed extension tag is plain text.
                no_close.insert(name);
                out.push_str(&source[i..tag_end]);
                i = tag_end;
            }
        }
    }
    Stripped { text: out, galleries }
}

// ---------------------------------------------------------------------------------------
// Braces: templates `{{…}}` and template arguments `{{{…}}}`

#[derive(Debug, Clone, PartialEq)]
enum Node {
    Text(String),
    /// `{{title|part|…}}`
    Template {
        title: Vec<Node>,
        parts: Vec<Part>,
    },
    /// `{{{name|default|…}}}`
    Argument {
        name: Vec<Node>,
        parts: Vec<Part>,
    },
}

/// One `|`-separated part of a template call: `name=value` or a bare value.
#[derive(Debug, Clone, PartialEq, Default)]
struct Part {
    /// What stands before the part's first top-level `=`, if it has one.
    name: Option<Vec<Node>>,
    value: Vec<Node>,
}

impl Part {
    /// The part as written: `name=value`, or the value.
    fn whole(&self) -> Vec<Node> {
        let mut nodes = Vec::new();
        if let Some(name) = &self.name {
            push_nodes(&mut nodes, name.clone());
            push_text(&mut nodes, "=");
        }
        push_nodes(&mut nodes, self.value.clone());
        nodes
    }
}

fn push_text(nodes: &mut Vec<Node>, text: &str) {
    if text.is_empty() {
        return;
    }
    if let Some(Node::Text(last)) = nodes.last_mut() {
        last.push_str(text);
    } else {
        nodes.push(Node::Text(text.to_owned()));
    }
}

fn push_nodes(nodes: &mut Vec<Node>, more: Vec<Node>) {
    for node in more {
        match node {
            Node::Text(t) => push_text(nodes, &t),
            other => nodes.push(other),
        }
    }
}

/// An open run of `{` or `[` waiting for its closing run, as MediaWiki's preprocessor keeps it.
struct Piece {
    open: u8,
    count: usize,
    /// The parts before the current one, split at top-level `|` (braces only); the first
    /// is the title.
    done: Vec<Part>,
    /// The part being read.
    current: Part,
}

impl Piece {
    fn new(open: u8, count: usize) -> Piece {
        Piece { open, count, done: Vec::new(), current: Part::default() }
    }

    fn take_parts(&mut self) -> Vec<Part> {
        let mut parts = std::mem::take(&mut self.done);
        parts.push(std::mem::take(&mut self.current));
        parts
    }

    /// The literal text of a piece that never closed (or of the unmatched part of one).
    fn broken(mut self) -> Vec<Node> {
        let mut nodes = Vec::new();
        push_text(&mut nodes, &String::from(self.open as char).repeat(self.count));
        for (i, part) in self.take_parts().into_iter().enumerate() {
            if i > 0 {
                push_text(&mut nodes, "|");
            }
            push_nodes(&mut nodes, part.whole());
        }
        nodes
    }
}

/// How deeply braces may nest (MediaWiki's `$wgMaxTemplateDepth` is 100); it also bounds
/// the recursion of everything that walks the tree.
const MAX_NESTING: usize = 100;

/// Parses the brace structure of a text, as MediaWiki's preprocessor does: runs of `{`
/// open templates (2) or arguments (3), `[[` is tracked so that its `|` and `=` split
/// nothing, and whatever never closes stays text.
fn parse_braces(text: &str) -> Vec<Node> {
    let mut root: Vec<Node> = Vec::new();
    let mut stack: Vec<Piece> = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    let mut literal_start = 0;

    fn accum<'s>(root: &'s mut Vec<Node>, stack: &'s mut [Piece]) -> &'s mut Vec<Node> {
        match stack.last_mut() {
            Some(piece) => &mut piece.current.value,
            None => root,
        }
    }

    while i < bytes.len() {
        let b = bytes[i];
        let top = stack.last();
        let top_open = top.map(|p| p.open);
        let closing = match top_open {
            Some(b'{') => b == b'}',
            Some(b'[') => b == b']',
            _ => false,
        };
        let pipe = b == b'|' && top_open == Some(b'{');
        // The first `=` of a part after the title names the part.
        let equals =
            b == b'=' && top_open == Some(b'{') && top.is_some_and(|p| !p.done.is_empty() && p.current.name.is_none());
        let opening = b == b'{' || b == b'[';
        if !(closing || pipe || equals || opening) {
            i += 1;
            continue;
        }
        let literal = &text[literal_start..i];
        push_text(accum(&mut root, &mut stack), literal);
        if pipe || equals {
            if let Some(piece) = stack.last_mut() {
                if pipe {
                    let part = std::mem::take(&mut piece.current);
                    piece.done.push(part);
                } else {
                    let name = std::mem::take(&mut piece.current.value);
                    piece.current.name = Some(name);
                }
            }
            i += 1;
            literal_start = i;
            continue;
        }
        let run = bytes[i..].iter().take_while(|&&c| c == b).count();
        if opening {
            // Deeper nesting than MediaWiki's template depth limit is left as text.
            if run >= 2 && stack.len() < MAX_NESTING {
                stack.push(Piece::new(b, run));
            } else {
                push_text(accum(&mut root, &mut stack), &text[i..i + run]);
            }
            i += run;
            literal_start = i;
            continue;
        }
        // A closing run: match as many as the open piece and the rules allow.
        let Some(mut piece) = stack.pop() else { break };
        let available = run.min(piece.count);
        let max = if piece.open == b'{' { 3 } else { 2 };
        let matching = available.min(max);
        if matching < 2 {
            stack.push(piece);
            push_text(accum(&mut root, &mut stack), &text[i..i + run]);
            i += run;
            literal_start = i;
            continue;
        }
        let parts = piece.take_parts();
        let element: Vec<Node> = if piece.open == b'[' {
            let mut nodes = Vec::new();
            push_text(&mut nodes, "[[");
            for part in parts {
                push_nodes(&mut nodes, part.whole());
            }
            push_text(&mut nodes, "]]");
            nodes
        } else {
            let mut parts = parts.into_iter();
            let title = parts.next().map(|p| p.whole()).unwrap_or_default();
            let rest: Vec<Part> = parts.collect();
            if matching == 3 {
                vec![Node::Argument { name: title, parts: rest }]
            } else {
                vec![Node::Template { title, parts: rest }]
            }
        };
        i += matching;
        if matching < piece.count {
            piece.count -= matching;
            if piece.count >= 2 {
                stack.push(piece);
            } else {
                let leftover = piece.broken();
                push_nodes(accum(&mut root, &mut stack), leftover);
            }
        }
        push_nodes(accum(&mut root, &mut stack), element);
        literal_start = i;
    }
    push_text(accum(&mut root, &mut stack), &text[literal_start.min(text.len())..]);
    // Whatever is still open is text, innermost last.
    let mut tail: Vec<Node> = Vec::new();
    while let Some(piece) = stack.pop() {
        let mut nodes = piece.broken();
        push_nodes(&mut nodes, tail);
        tail = nodes;
    }
    push_nodes(&mut root, tail);
    root
}

/// The argument names a template's text uses (`{{{1}}}`, `{{{name|…}}}`), read as
/// transcluded; `None` when a name is itself computed, so that any argument may show.
fn used_arguments(template_text: &str, ctx: &LinkContext<'_>) -> Option<HashSet<String>> {
    fn walk(nodes: &[Node], names: &mut HashSet<String>) -> bool {
        for node in nodes {
            match node {
                Node::Text(_) => {}
                Node::Argument { name, parts } => {
                    match name.as_slice() {
                        [] => {
                            names.insert(String::new());
                        }
                        [Node::Text(t)] => {
                            names.insert(php_trim(t).to_owned());
                        }
                        _ => return false,
                    }
                    for part in parts {
                        if !walk(&part.whole(), names) {
                            return false;
                        }
                    }
                }
                Node::Template { title, parts } => {
                    if !walk(title, names) {
                        return false;
                    }
                    for part in parts {
                        if !walk(&part.whole(), names) {
                            return false;
                        }
                    }
                }
            }
        }
        true
    }
    let transcluded = LinkContext {
        transcluded: true,
        opaque_tags: ctx.opaque_tags.clone(),
        ..LinkContext::new(ctx.site, ctx.interwikis, None)
    };
    let stripped = strip(template_text, &transcluded);
    let mut names = HashSet::new();
    walk(&parse_braces(&stripped.text), &mut names).then_some(names)
}

// ---------------------------------------------------------------------------------------
// Expansion: what the page shows, minus what templates would add

/// The page's text with templates set aside, and what the braces told.
#[derive(Default)]
struct Expansion {
    /// The text as the page shows it, each template call an opaque stand-in.
    main: String,
    /// Texts read as separate pieces: template arguments (which a template usually shows)
    /// and similar.
    chunks: Vec<String>,
    /// Transcluded pages, first-seen order.
    templates: Vec<(i32, String)>,
    /// Contents of `<gallery>` tags.
    galleries: Vec<String>,
    /// The last `{{DEFAULTSORT:…}}`.
    default_sort: Option<String>,
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
fn strip_prefix_ci<'t>(text: &'t str, prefix: &str) -> Option<&'t str> {
    let head = text.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix).then(|| &text[prefix.len()..])
}

/// PHP's `trim()`.
fn php_trim(text: &str) -> &str {
    text.trim_matches([' ', '\t', '\n', '\r', '\0', '\u{b}'])
}

/// A relative link (`/Sub`, `../Sibling`) made absolute against the page, as MediaWiki does
/// in namespaces with subpages; other targets are returned unchanged. `label` gets the text
/// MediaWiki would show when it is empty.
fn normalize_subpage_link(ctx: &LinkContext<'_>, target: &str, label: &mut String) -> String {
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

fn expand_document(text: &str, ctx: &LinkContext<'_>) -> Expansion {
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

// ---------------------------------------------------------------------------------------
// Links

/// MediaWiki's default URL protocols (`$wgUrlProtocols`); the last, `//`, only counts in
/// brackets. The scheme's delimiter (`://` or `:`) is part of each entry.
pub(crate) const URL_PROTOCOLS: &[&str] = &[
    "bitcoin:",
    "ftp://",
    "ftps://",
    "geo:",
    "git://",
    "gopher://",
    "http://",
    "https://",
    "irc://",
    "ircs://",
    "magnet:",
    "mailto:",
    "matrix:",
    "mms://",
    "news:",
    "nntp://",
    "redis://",
    "sftp://",
    "sip:",
    "sips:",
    "sms:",
    "ssh://",
    "svn://",
    "tel:",
    "telnet://",
    "urn:",
    "worldwind://",
    "xmpp:",
    "//",
];

/// The length of the URL protocol `text` starts with (any case), if any.
fn protocol_len(text: &str, with_relative: bool) -> Option<usize> {
    URL_PROTOCOLS
        .iter()
        .filter(|p| with_relative || **p != "//")
        .find(|p| strip_prefix_ci(text, p).is_some())
        .map(|p| p.len())
}

/// Whether a byte may appear in a link target (MediaWiki's legal title characters, `#`
/// and `%`); every byte of a multi-byte character may.
fn is_target_byte(b: u8) -> bool {
    b >= 0x80
        || b.is_ascii_alphanumeric()
        || matches!(
            b,
            b' ' | b'%'
                | b'!'
                | b'"'
                | b'$'
                | b'&'
                | b'\''
                | b'('
                | b')'
                | b'*'
                | b','
                | b'-'
                | b'.'
                | b'/'
                | b':'
                | b';'
                | b'='
                | b'?'
                | b'@'
                | b'\\'
                | b'^'
                | b'_'
                | b'`'
                | b'~'
                | b'+'
                | b'#'
        )
}

/// Whether a character may appear in a URL (MediaWiki's `EXT_LINK_URL_CLASS`).
fn is_url_char(c: char) -> bool {
    !(matches!(c, '[' | ']' | '<' | '>' | '"' | '\u{7f}' | '\u{fffd}') || (c as u32) <= 0x20 || is_space_separator(c))
}

/// Unicode's space separators (`\p{Zs}`).
fn is_space_separator(c: char) -> bool {
    matches!(c, ' ' | '\u{a0}' | '\u{1680}' | '\u{2000}'..='\u{200a}' | '\u{202f}' | '\u{205f}' | '\u{3000}')
}

/// The length of the host-and-path part of a URL at the start of `text` (MediaWiki's
/// `EXT_LINK_ADDR` then URL characters); 0 when there is none.
fn url_body_len(text: &str) -> usize {
    let mut len = 0;
    if let Some(rest) = text.strip_prefix('[') {
        let inner = rest.bytes().take_while(|b| b.is_ascii_hexdigit() || *b == b':' || *b == b'.').count();
        if inner == 0 || rest.as_bytes().get(inner) != Some(&b']') {
            return 0;
        }
        len = inner + 2;
    }
    let more: usize = text[len..].chars().take_while(|c| is_url_char(*c)).map(char::len_utf8).sum();
    if len == 0 && more == 0 {
        return 0;
    }
    len + more
}

/// HTML tags MediaWiki lets through in wikitext; others it shows as text.
const HTML_TAGS: &[&str] = &[
    "abbr",
    "b",
    "bdi",
    "bdo",
    "big",
    "blockquote",
    "br",
    "caption",
    "center",
    "cite",
    "code",
    "data",
    "dd",
    "del",
    "dfn",
    "div",
    "dl",
    "dt",
    "em",
    "font",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "hr",
    "i",
    "ins",
    "kbd",
    "li",
    "link",
    "mark",
    "meta",
    "ol",
    "p",
    "q",
    "rb",
    "rp",
    "rt",
    "rtc",
    "ruby",
    "s",
    "samp",
    "small",
    "span",
    "strike",
    "strong",
    "sub",
    "sup",
    "table",
    "td",
    "th",
    "time",
    "tr",
    "tt",
    "u",
    "ul",
    "var",
    "wbr",
];

/// The length of an HTML tag MediaWiki keeps at the start of `text` (which holds `<`), so
/// that URLs inside its attributes are not taken for links.
fn html_tag_len(text: &str) -> Option<usize> {
    let rest = text.strip_prefix('<')?;
    let rest_name = rest.strip_prefix('/').unwrap_or(rest);
    let name_len = rest_name.bytes().take_while(|b| b.is_ascii_alphanumeric()).count();
    let name = rest_name[..name_len].to_ascii_lowercase();
    if !HTML_TAGS.contains(&name.as_str()) {
        return None;
    }
    let line = &text[..text.find('\n').unwrap_or(text.len())];
    line.find('>').map(|end| end + 1)
}

/// The text with the attributes of its HTML tags left out: MediaWiki escapes `[`, `{`
/// and URL protocols in attribute values, so nothing there is a link.
fn drop_html_attributes(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains('<') {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(lt) = rest.find('<') {
        out.push_str(&rest[..lt]);
        let tag = &rest[lt..];
        let after_slash = tag[1..].strip_prefix('/').unwrap_or(&tag[1..]);
        let name_len = after_slash.bytes().take_while(|b| b.is_ascii_alphanumeric()).count();
        let name = after_slash[..name_len].to_ascii_lowercase();
        let name_end = tag.len() - after_slash.len() + name_len;
        match tag.find('>') {
            Some(close) if HTML_TAGS.contains(&name.as_str()) && close >= name_end => {
                out.push_str(&tag[..name_end]);
                if tag[..close].ends_with('/') && close > name_end {
                    out.push('/');
                }
                out.push('>');
                rest = &tag[close + 1..];
            }
            _ => {
                out.push('<');
                rest = &tag[1..];
            }
        }
    }
    out.push_str(rest);
    std::borrow::Cow::Owned(out)
}

/// Characters MediaWiki strips from the host of a URL (ignored in international domain names).
fn is_ignored_in_host(c: char) -> bool {
    c.is_whitespace()
        || matches!(
            c,
            '\u{ad}'
                | '\u{34f}'
                | '\u{61c}'
                | '\u{115f}'..='\u{1160}'
                | '\u{17b4}'..='\u{17b5}'
                | '\u{180b}'..='\u{180e}'
                | '\u{200b}'..='\u{200f}'
                | '\u{202a}'..='\u{202e}'
                | '\u{2060}'..='\u{206f}'
                | '\u{3164}'
                | '\u{fe00}'..='\u{fe0f}'
                | '\u{feff}'
                | '\u{ffa0}'
                | '\u{fff0}'..='\u{fff8}'
                | '\u{1bca0}'..='\u{1bca3}'
                | '\u{1d173}'..='\u{1d17a}'
                | '\u{e0000}'..='\u{e0fff}'
        )
}

/// A URL as MediaWiki records it: character references decoded, characters URLs cannot
/// hold escaped, invisible characters dropped from the host.
pub fn clean_url(url: &str) -> String {
    let decoded = decode_char_references(url);
    let mut escaped = String::with_capacity(decoded.len());
    for c in decoded.chars() {
        match c {
            ' ' => escaped.push('+'),
            '[' | ']' | '<' | '>' | '"' | '|' | '\u{7f}' | '\0'..='\u{1f}' => {
                escaped.push_str(&format!("%{:02X}", c as u32));
            }
            _ => escaped.push(c),
        }
    }
    // protocol `[^:]+:`, then an optional `//host`, then the rest.
    let Some(colon) = escaped.find(':').filter(|&c| c > 0) else { return escaped };
    let (protocol, after) = escaped.split_at(colon + 1);
    if !after.starts_with("//") || after.len() == 2 {
        return escaped;
    }
    let host_end = after[2..].find('/').map_or(after.len(), |p| p + 2);
    let (host, rest) = after.split_at(host_end);
    let mut host: String = host.chars().filter(|c| !is_ignored_in_host(*c)).collect();
    if let Some(inner) = host.strip_prefix("//%5B") {
        if let Some((addr, port)) = inner.split_once("%5D") {
            let addr_ok = !addr.is_empty() && addr.bytes().all(|b| b.is_ascii_hexdigit() || b == b':' || b == b'.');
            let port_ok = port.is_empty()
                || port.strip_prefix(':').is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
            if addr_ok && port_ok {
                host = format!("//[{addr}]{port}");
            }
        }
    }
    format!("{protocol}{host}{rest}")
}

/// A URL in the form MediaWiki stores and compares (`Parser::normalizeLinkUrl`): bytes URLs
/// cannot hold are %-escaped, escapes of harmless ASCII undone, the rest upper-cased.
pub fn normalize_link_url(url: &str) -> String {
    let ipv6 = bracketed_ipv6_host(url);
    let mut escaped = String::with_capacity(url.len());
    for &b in url.as_bytes() {
        let unsafe_byte = b <= 0x20
            || b >= 0x7f
            || matches!(b, b'"' | b'<' | b'>' | b'[' | b'\\' | b']' | b'^' | b'`' | b'{' | b'|' | b'}');
        if unsafe_byte {
            escaped.push_str(&format!("%{b:02X}"));
        } else {
            escaped.push(b as char);
        }
    }
    const COMMON: &str = "\"#%<>[\\]^`{|}";
    let mut end = escaped.len();
    let mut tail = String::new();
    if let Some(hash) = escaped.find('#') {
        tail = unescape_component(&escaped[hash..], COMMON, "");
        end = hash;
    }
    if let Some(query) = escaped[..end].find('?') {
        tail = unescape_component(&escaped[query..end], COMMON, "&=+;") + &tail;
        end = query;
    }
    let mut out = unescape_component(&escaped[..end], COMMON, "/?") + &tail;
    if let Some(host) = ipv6 {
        let encoded = format!("%5B{}%5D", host.replace('[', "%5B").replace(']', "%5D"));
        if let Some(at) = out.find(&encoded) {
            let bare = format!("[{host}]");
            out.replace_range(at..at + encoded.len(), &bare);
        }
    }
    out
}

/// The IPv6 address in `scheme://[addr]…`, when the host is one.
fn bracketed_ipv6_host(url: &str) -> Option<String> {
    let slashes = url.find("//")?;
    let scheme = &url[..slashes];
    let scheme_ok = scheme.is_empty()
        || (scheme.ends_with(':')
            && scheme[..scheme.len() - 1].bytes().enumerate().all(|(i, b)| {
                b.is_ascii_alphabetic() || (i > 0 && (b.is_ascii_digit() || matches!(b, b'+' | b'.' | b'-')))
            })
            && scheme.len() > 1);
    if !scheme_ok {
        return None;
    }
    let rest = &url[slashes + 2..];
    let host_start = rest.find('@').filter(|&at| rest[..at].find(['/', '[']).is_none()).map_or(0, |at| at + 1);
    let host = rest[host_start..].strip_prefix('[')?;
    let close = host.find(']')?;
    let after = &host[close + 1..];
    if !(after.is_empty() || after.starts_with([':', '/', '?', '#'])) {
        return None;
    }
    let inner = percent_decode(&host[..close])?;
    let valid = !inner.contains('/') && wikiquery_domain::title::sanitize_ip(&inner).is_some_and(|ip| ip.contains(':'));
    valid.then_some(inner)
}

/// Undoes `%XX` escapes of printable ASCII not in `unsafe_chars` (nor `extra`), and
/// upper-cases the others.
fn unescape_component(component: &str, unsafe_chars: &str, extra: &str) -> String {
    let bytes = component.as_bytes();
    let mut out = String::with_capacity(component.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            let hex = |b: u8| (b as char).to_digit(16);
            if let (Some(h), Some(l)) = (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                let value = (h * 16 + l) as u8;
                let c = value as char;
                if value > 32 && value < 127 && !unsafe_chars.contains(c) && !extra.contains(c) {
                    out.push(c);
                } else {
                    out.push_str(&component[i..i + 3].to_ascii_uppercase());
                }
                i += 3;
                continue;
            }
        }
        // Everything else is ASCII by now (the caller escaped the rest).
        out.push(bytes[i] as char);
        i += 1;
    }
    out
}

/// Keeps first-seen order and drops repeats.
struct Dedup<T> {
    items: Vec<T>,
    seen: HashSet<T>,
}

impl<T: Clone + Eq + std::hash::Hash> Dedup<T> {
    fn new() -> Self {
        Dedup { items: Vec::new(), seen: HashSet::new() }
    }

    fn push(&mut self, item: T) {
        if self.seen.insert(item.clone()) {
            self.items.push(item);
        }
    }
}

struct Collector<'c, 'a> {
    ctx: &'c LinkContext<'a>,
    links: Dedup<(i32, String)>,
    templates: Vec<(i32, String)>,
    categories: Vec<(String, String)>,
    images: Dedup<String>,
    external: Dedup<String>,
    langlinks: Vec<(String, String)>,
    iwlinks: Dedup<(String, String)>,
    redirect: Option<RedirectTarget>,
    default_sort: Option<String>,
    /// How deep gallery captions and image captions have nested, to bound recursion.
    depth: usize,
}

impl<'c, 'a> Collector<'c, 'a> {
    fn new(ctx: &'c LinkContext<'a>) -> Self {
        Collector {
            ctx,
            links: Dedup::new(),
            templates: Vec::new(),
            categories: Vec::new(),
            images: Dedup::new(),
            external: Dedup::new(),
            langlinks: Vec::new(),
            iwlinks: Dedup::new(),
            redirect: None,
            default_sort: None,
            depth: 0,
        }
    }

    fn finish(self) -> PageLinks {
        PageLinks {
            links: self.links.items,
            templates: self.templates,
            categories: self.categories,
            images: self.images.items,
            external: self.external.items,
            langlinks: self.langlinks,
            iwlinks: self.iwlinks.items,
            redirect: self.redirect,
            default_sort: self.default_sort,
        }
    }

    /// Records a link as MediaWiki's `ParserOutput::addLink` does: other wikis go to
    /// `iwlinks`, special pages and bare fragments nowhere, media links to their file page.
    fn add_link(&mut self, title: &ParsedTitle) {
        if title.is_external() {
            self.iwlinks.push((title.interwiki.clone(), title.dbkey.clone()));
            return;
        }
        let ns = match title.ns {
            NS_SPECIAL => return,
            NS_MEDIA => NS_FILE,
            n => n,
        };
        if title.dbkey.is_empty() {
            return;
        }
        self.links.push((ns, title.dbkey.clone()));
    }

    fn add_external(&mut self, url: String) {
        let url = normalize_link_url(&url);
        if let Some(server) = &self.ctx.server {
            if is_link_internal(server, &url) {
                return;
            }
        }
        self.external.push(url);
    }

    fn add_category(&mut self, dbkey: &str, sortkey: String) {
        match self.categories.iter_mut().find(|(c, _)| c == dbkey) {
            // A later link to the same category changes its sort key, not its position.
            Some(entry) => entry.1 = sortkey,
            None => self.categories.push((dbkey.to_owned(), sortkey)),
        }
    }

    /// Internal links, then bracketed external links, then bare URLs, as MediaWiki's parser
    /// takes them in turn.
    fn scan(&mut self, text: &str) {
        let text = drop_html_attributes(text);
        let rest = self.internal(&text);
        let rest = self.bracketed(&rest);
        self.free_urls(&rest);
    }

    /// A separately parsed piece of wikitext (a gallery caption), braces and all.
    fn scan_document(&mut self, text: &str) {
        if self.depth > 8 {
            return;
        }
        self.depth += 1;
        let expansion = expand_document(text, self.ctx);
        for t in expansion.templates {
            if !self.templates.contains(&t) {
                self.templates.push(t);
            }
        }
        self.scan(&expansion.main);
        for chunk in &expansion.chunks {
            self.scan(chunk);
        }
        self.depth -= 1;
    }

    /// MediaWiki's internal link pass: records links, files, categories, language and
    /// interwiki links, and returns the text without them for the external link passes.
    fn internal(&mut self, text: &str) -> String {
        let ctx = self.ctx;
        let mut pieces = text.split("[[");
        let mut out = pieces.next().unwrap_or("").to_owned();
        let page_is_talk = ctx.page.as_ref().is_some_and(|(ns, _)| is_talk(*ns));
        while let Some(line) = pieces.next() {
            let target_len = line.bytes().take_while(|b| is_target_byte(*b)).count();
            let target_raw = &line[..target_len];
            let after = &line[target_len..];
            let mut might_be_img = false;
            let (mut label, mut remainder): (String, String);
            if target_len > 0 && after.starts_with("]]") {
                label = String::new();
                remainder = after[2..].to_owned();
            } else if target_len > 0 && after.starts_with('|') {
                let region = &after[1..];
                let first = region.chars().next().map_or(0, char::len_utf8);
                match region.get(first..).and_then(|r| r.find("]]")).filter(|_| first > 0) {
                    Some(pos) => {
                        label = region[..first + pos].to_owned();
                        remainder = region[first + pos + 2..].to_owned();
                    }
                    None => {
                        might_be_img = true;
                        label = region.to_owned();
                        remainder = String::new();
                    }
                }
            } else {
                out.push_str("[[");
                out.push_str(line);
                continue;
            }
            if !might_be_img && !label.is_empty() && remainder.starts_with(']') && label.contains('[') {
                label.push(']');
                remainder.remove(0);
            }
            let target = if target_raw.contains('%') {
                match percent_decode(target_raw) {
                    Some(t) => t.replace('<', "&lt;").replace('>', "&gt;"),
                    None => {
                        out.push_str("[[");
                        out.push_str(line);
                        continue;
                    }
                }
            } else {
                target_raw.to_owned()
            };
            let orig = target.trim_start_matches(' ');
            if protocol_len(orig, true).is_some() {
                out.push_str("[[");
                out.push_str(line);
                continue;
            }
            let link = normalize_subpage_link(ctx, orig, &mut label);
            let Some(title) = ctx.parse(&link, NS_MAIN) else {
                out.push_str("[[");
                out.push_str(line);
                continue;
            };
            let noforce = !orig.starts_with(':');
            if might_be_img {
                if title.ns != NS_FILE || !noforce {
                    out.push_str("[[");
                    out.push_str(line);
                    continue;
                }
                // A file whose caption holds links: the image ends at the `]]` after them.
                let mut found = false;
                for next in pieces.by_ref() {
                    let mut split = next.splitn(3, "]]");
                    let a = split.next().unwrap_or("");
                    match (split.next(), split.next()) {
                        (Some(b), Some(c)) => {
                            label.push_str(&format!("[[{a}]]{b}"));
                            remainder = c.to_owned();
                            found = true;
                            break;
                        }
                        (Some(b), None) => label.push_str(&format!("[[{a}]]{b}")),
                        _ => {
                            label.push_str("[[");
                            label.push_str(next);
                            break;
                        }
                    }
                }
                if !found {
                    // No end: the text stays, but the links inside it count.
                    let inner = if self.depth > 8 {
                        label.clone()
                    } else {
                        self.depth += 1;
                        let inner = self.internal(&label);
                        self.depth -= 1;
                        inner
                    };
                    out.push_str("[[");
                    out.push_str(&link);
                    out.push('|');
                    out.push_str(&inner);
                    continue;
                }
            }
            let was_blank = label.is_empty();
            if noforce {
                if title.is_external() && !page_is_talk && ctx.interwikis.is_language(&title.interwiki) {
                    if !self.langlinks.iter().any(|(lang, _)| *lang == title.interwiki) {
                        let mut text = full_text(title.ns, &title.dbkey, ctx.site);
                        if !title.fragment.is_empty() {
                            text.push('#');
                            text.push_str(&title.fragment);
                        }
                        self.langlinks.push((title.interwiki.clone(), text));
                    }
                    out.push(MARKER);
                    out.push_str(&remainder);
                    continue;
                }
                if title.ns == NS_FILE && !title.is_external() {
                    self.image(&title, &label);
                    out.push(MARKER);
                    out.push_str(&remainder);
                    continue;
                }
                if title.ns == NS_CATEGORY && !title.is_external() {
                    let sortkey = if was_blank { self.default_sort.clone().unwrap_or_default() } else { label };
                    let sortkey = decode_char_references(&sortkey).replace('\n', "");
                    self.add_category(&title.dbkey, sortkey);
                    out.push(MARKER);
                    out.push_str(&remainder);
                    continue;
                }
            }
            // The link trail (letters right after `]]`) belongs to the link.
            let trail = remainder.bytes().take_while(|b| b.is_ascii_lowercase()).count();
            let remainder = &remainder[trail..];
            let is_self = ctx
                .page
                .as_ref()
                .is_some_and(|(ns, key)| title.interwiki.is_empty() && title.ns == *ns && title.dbkey == *key);
            // A link to the page itself is no link, unless it goes to a section.
            if title.ns != NS_SPECIAL && is_self && title.fragment.is_empty() {
                out.push(MARKER);
                out.push_str(remainder);
                continue;
            }
            if title.ns == NS_MEDIA && !title.is_external() {
                self.images.push(title.dbkey.clone());
            } else {
                self.add_link(&title);
            }
            out.push(MARKER);
            out.push_str(remainder);
        }
        out
    }

    /// A file link: the file, and the links and external links among its options.
    fn image(&mut self, title: &ParsedTitle, options: &str) {
        self.images.push(title.dbkey.clone());
        if options.is_empty() || self.depth > 8 {
            return;
        }
        self.depth += 1;
        let rest = self.bracketed(options);
        let rest = self.internal(&rest);
        let mut framed = false;
        let mut caption = None;
        for part in rest.split('|') {
            let part = php_trim(part);
            if let Some(value) = part.strip_prefix("link=") {
                self.image_link_option(value);
            }
            framed |= is_frame_option(part);
            if !is_image_option(part) {
                caption = Some(part);
            }
        }
        // A framed image shows its caption as text, where bare URLs become links; an
        // inline image keeps it in attributes, where they do not.
        if let (true, Some(caption)) = (framed, caption) {
            self.free_urls(caption);
        }
        self.depth -= 1;
    }

    /// `link=` of a file: an external link when it is a URL, else a link to a page.
    fn image_link_option(&mut self, value: &str) {
        if value.is_empty() {
            return;
        }
        if let Some(plen) = protocol_len(value, true) {
            if url_body_len(&value[plen..]) == value.len() - plen {
                self.add_external(value.to_owned());
            }
            return;
        }
        if let Some(title) = self.ctx.parse(value, NS_MAIN) {
            self.add_link(&title);
        }
    }

    /// `<gallery>` lines: `File:Name.ext|caption`, the namespace optional.
    fn gallery(&mut self, content: &str) {
        for line in content.split('\n') {
            let line = line.trim_matches(' ');
            let (name, caption) = match line.split_once('|') {
                Some((n, c)) => (n, Some(c)),
                None => (line, None),
            };
            if name.is_empty() {
                continue;
            }
            let name = if line.contains('%') { percent_decode(name) } else { Some(name.to_owned()) };
            let Some(title) = name.and_then(|n| self.ctx.parse(&n, NS_FILE)) else { continue };
            if title.ns != NS_FILE || title.is_external() {
                continue;
            }
            self.images.push(title.dbkey.clone());
            if let Some(caption) = caption {
                for part in caption.split('|') {
                    if let Some(value) = php_trim(part).strip_prefix("link=") {
                        self.image_link_option(value);
                    }
                }
                self.scan_document(caption);
            }
        }
    }

    /// Bracketed external links `[url text]`: records them and returns the text without them.
    fn bracketed(&mut self, text: &str) -> String {
        let mut out = String::with_capacity(text.len());
        let mut pos = 0;
        let mut search = 0;
        while let Some(found) = text[search..].find('[') {
            let open = search + found;
            search = open + 1;
            let body = &text[open + 1..];
            let Some(plen) = protocol_len(body, true) else { continue };
            let ulen = url_body_len(&body[plen..]);
            if ulen == 0 {
                continue;
            }
            let url_end = plen + ulen;
            let after_url = &body[url_end..];
            let spaces: usize = after_url.chars().take_while(|c| is_space_separator(*c)).map(char::len_utf8).sum();
            let label_area = &after_url[spaces..];
            let mut close = None;
            for (i, c) in label_area.char_indices() {
                if c == ']' {
                    close = Some(i);
                    break;
                }
                if matches!(c, '\0'..='\u{8}' | '\n'..='\u{1f}' | '\u{fffd}') {
                    break;
                }
            }
            let Some(close) = close else { continue };
            let mut url = &body[..url_end];
            let cut = [url.find("&lt;"), url.find("&gt;")].into_iter().flatten().min();
            if let Some(cut) = cut {
                url = &url[..cut];
            }
            let url = clean_url(url);
            self.add_external(url);
            out.push_str(&text[pos..open]);
            out.push(MARKER);
            pos = open + 1 + url_end + spaces + close + 1;
            search = pos;
        }
        out.push_str(&text[pos..]);
        out
    }

    /// Bare URLs (`https://…` in running text), with trailing punctuation left out.
    fn free_urls(&mut self, text: &str) {
        let mut i = 0;
        let mut prev: Option<char> = None;
        while i < text.len() {
            let rest = &text[i..];
            let Some(c) = rest.chars().next() else { break };
            if c == '<' {
                if let Some(len) = html_tag_len(rest) {
                    i += len;
                    prev = Some('>');
                    continue;
                }
            }
            let boundary = !prev.is_some_and(|p| p.is_alphanumeric() || p == '_');
            if boundary && c.is_ascii_alphabetic() {
                if let Some(plen) = protocol_len(rest, false) {
                    let blen = url_body_len(&rest[plen..]);
                    if blen > 0 {
                        let whole = &rest[..plen + blen];
                        if let Some(url) = trim_free_url(whole, blen) {
                            self.add_external(clean_url(url));
                        }
                        i += plen + blen;
                        prev = whole.chars().last();
                        continue;
                    }
                }
            }
            i += c.len_utf8();
            prev = Some(c);
        }
    }
}

/// Whether a file option puts the image in a frame with its caption below.
fn is_frame_option(part: &str) -> bool {
    matches!(part, "thumb" | "thumbnail" | "frame" | "framed" | "enframed")
        || part.starts_with("thumb=")
        || part.starts_with("thumbnail=")
}

/// Whether a part of a file link is one of MediaWiki's image options rather than the caption.
fn is_image_option(part: &str) -> bool {
    const WORDS: &[&str] = &[
        "thumb",
        "thumbnail",
        "frame",
        "framed",
        "enframed",
        "frameless",
        "border",
        "left",
        "right",
        "center",
        "centre",
        "none",
        "baseline",
        "sub",
        "super",
        "sup",
        "top",
        "text-top",
        "middle",
        "bottom",
        "text-bottom",
        "upright",
    ];
    const PREFIXES: &[&str] =
        &["alt=", "link=", "page=", "page ", "class=", "lang=", "thumb=", "thumbnail=", "upright=", "upright "];
    if WORDS.contains(&part) || PREFIXES.iter().any(|p| part.starts_with(p)) {
        return true;
    }
    // A size: `40px`, `x40px`, `40x30px`.
    part.strip_suffix("px").is_some_and(|size| {
        let (w, h) = size.split_once('x').unwrap_or((size, ""));
        !size.is_empty() && w.bytes().all(|b| b.is_ascii_digit()) && h.bytes().all(|b| b.is_ascii_digit())
    })
}

/// A bare URL without what MediaWiki leaves out of it (an escaped `<`, `>` or no-break
/// space and what follows; trailing punctuation); `None` when nothing but the protocol is left.
fn trim_free_url(url: &str, body_len: usize) -> Option<&str> {
    let mut end = url.len();
    if let Some(cut) = entity_terminator(url) {
        end = cut;
    }
    let mut kept = &url[..end];
    let closing_paren = !kept.contains('(');
    let is_sep = |c: u8| matches!(c, b',' | b';' | b'.' | b':' | b'!' | b'?') || (closing_paren && c == b')');
    let mut seps = kept.bytes().rev().take_while(|b| is_sep(*b)).count();
    if seps > 0 && kept.as_bytes()[kept.len() - seps] == b';' && ends_with_entity(&kept[..kept.len() - seps]) {
        seps -= 1;
    }
    kept = &kept[..kept.len() - seps];
    let trail = url.len() - kept.len();
    (trail < body_len).then_some(kept)
}

/// Where `&lt;`, `&gt;`, `&nbsp;` or a numeric reference to `<`, `>` or U+00A0 starts.
fn entity_terminator(url: &str) -> Option<usize> {
    let mut search = 0;
    while let Some(found) = url[search..].find('&') {
        let at = search + found;
        let rest = &url[at + 1..];
        let name_len = rest.find(';').unwrap_or(0);
        if name_len > 0 {
            let name = &rest[..name_len];
            let numeric = |digits: &str, radix: u32| {
                !digits.is_empty() && u32::from_str_radix(digits, radix).is_ok_and(|n| matches!(n, 0x3c | 0x3e | 0xa0))
            };
            let hit = matches!(name, "lt" | "gt" | "nbsp")
                || name.strip_prefix("#x").is_some_and(|h| h.trim_start_matches('0').len() == 2 && numeric(h, 16))
                || name
                    .strip_prefix('#')
                    .filter(|d| !d.starts_with(['x', 'X']))
                    .is_some_and(|d| d.trim_start_matches('0').len() >= 2 && numeric(d, 10));
            if hit {
                return Some(at);
            }
        }
        search = at + 1;
    }
    None
}

/// Whether text ends with the start of a character reference (`&amp`, `&#x41`, `&#65`).
fn ends_with_entity(text: &str) -> bool {
    let letters = text.bytes().rev().take_while(|b| b.is_ascii_alphabetic()).count();
    if letters > 0 && text[..text.len() - letters].ends_with('&') {
        return true;
    }
    let hex = text.bytes().rev().take_while(|b| b.is_ascii_hexdigit()).count();
    if hex > 0 {
        let before = &text[..text.len() - hex];
        if before.ends_with("&#x") || before.ends_with("&#X") {
            return true;
        }
    }
    let digits = text.bytes().rev().take_while(|b| b.is_ascii_digit()).count();
    digits > 0 && text[..text.len() - digits].ends_with("&#")
}

/// Whether a URL points at the wiki's own server, which MediaWiki does not record.
fn is_link_internal(server: &str, url: &str) -> bool {
    let server = server.to_lowercase();
    let url = url.to_lowercase();
    let candidates: Vec<String> = if server.starts_with("//") {
        vec![server.clone(), format!("http:{server}"), format!("https:{server}")]
    } else {
        vec![server.clone()]
    };
    candidates
        .iter()
        .any(|s| url.strip_prefix(s.as_str()).is_some_and(|rest| rest.is_empty() || rest.starts_with(['?', '/', '#'])))
}

#[cfg(test)]
mod tests {
    use wikiquery_domain::title::{InterwikiInfo, InterwikiMap, SiteNamespaces};

    use super::*;

    fn site() -> SiteNamespaces {
        SiteNamespaces::english("Fixture Wiki")
    }

    fn interwikis() -> InterwikiMap {
        let mut map = InterwikiMap::new();
        for lang in ["en", "de", "fr", "es", "ja"] {
            map.insert(lang, InterwikiInfo { language: true, local: true, trans: true });
        }
        for prefix in ["wikipedia", "mw", "fixturelocal"] {
            map.insert(prefix, InterwikiInfo { language: false, local: true, trans: false });
        }
        map
    }

    /// The page title (as the case list writes it) as (namespace, database key).
    fn page_of(title: &str, site: &SiteNamespaces) -> (i32, String) {
        let t = parse_title(title, NS_MAIN, site, &|_| false).expect("test page titles are valid");
        (t.ns, t.dbkey)
    }

    fn missing(_: i32, _: &str) -> bool {
        false
    }

    fn extract_on(title: &str, text: &str) -> PageLinks {
        let site = site();
        let iw = interwikis();
        let mut ctx = LinkContext::new(&site, &iw, Some(page_of(title, &site)));
        ctx.page_exists = Some(&missing);
        extract(text, &ctx)
    }

    /// All rows, one string each, sorted: `L ns:key`, `T ns:key`, `C cat|sortkey`, `I file`,
    /// `E url`, `LL lang:title`, `IW prefix:key`.
    fn flat(links: &PageLinks) -> Vec<String> {
        let mut rows = Vec::new();
        rows.extend(links.links.iter().map(|(ns, k)| format!("L {ns}:{k}")));
        rows.extend(links.templates.iter().map(|(ns, k)| format!("T {ns}:{k}")));
        rows.extend(links.categories.iter().map(|(c, s)| format!("C {c}|{s}")));
        rows.extend(links.images.iter().map(|i| format!("I {i}")));
        rows.extend(links.external.iter().map(|e| format!("E {e}")));
        rows.extend(links.langlinks.iter().map(|(l, t)| format!("LL {l}:{t}")));
        rows.extend(links.iwlinks.iter().map(|(p, t)| format!("IW {p}:{t}")));
        rows.sort();
        rows
    }

    /// Wikitext and what MediaWiki 1.39 recorded for it (`action=parse` on the fixture wiki,
    /// with no page of these names existing; tracking categories left out).
    const MEDIAWIKI_ANSWERS: &[(&str, &str, &[&str])] = &[
        (
            "Sandbox",
            "[[Target|label]] [[target#frag]] [[ Spaced  target ]] [[Target]] [[Target_two]]",
            &["L 0:Spaced_target", "L 0:Target", "L 0:Target_two"],
        ),
        (
            "Sandbox",
            "[[:Category:Animals]] [[:File:Example.png]] [[Category:Plants|sort key]] [[Category:Fruits]] [[category:fruits|Later key]]",
            &["C Fruits|Later key", "C Plants|sort key", "L 14:Animals", "L 6:Example.png"],
        ),
        (
            "Sandbox",
            "[[Category:Animals]] {{DEFAULTSORT:Zed}} [[Category:Plants|Own]]",
            &["C Animals|Zed", "C Plants|Own"],
        ),
        (
            "Sandbox",
            "[[Media:Notes.txt]] [[:Media:Other.txt|x]] [[File:Example.png|thumb|A caption with [[Nested link]] and [[Another|one]]]] after [[Linked after]]",
            &["I Example.png", "I Notes.txt", "I Other.txt", "L 0:Another", "L 0:Linked_after", "L 0:Nested_link"],
        ),
        (
            "Sandbox",
            "[[File:Example.png|link=Link target]] [[File:Blue square.png|link=https://example.com/img]] [[File:Diagram.svg|link=]] [[Image:Example.png|link=wikipedia:Foo]]",
            &["E https://example.com/img", "I Blue_square.png", "I Diagram.svg", "I Example.png", "IW wikipedia:Foo", "L 0:Link_target"],
        ),
        (
            "Sandbox",
            "[[en:Foo]] [[de:Bar#Sec]] [[:fr:Baz]] [[wikipedia:Some page]] [[mw:Help:Links]] [[en:Second]] [[Wikipedia:lower case]]",
            &["IW fr:Baz", "IW mw:Help:Links", "IW wikipedia:Some_page", "IW wikipedia:lower_case", "LL de:Bar#Sec", "LL en:Foo"],
        ),
        (
            "Talk:Sandbox",
            "[[en:Foo]] [[wikipedia:Bar]]",
            &["IW en:Foo", "IW wikipedia:Bar"],
        ),
        (
            "Sandbox",
            "{{Tpl one}} {{tpl one|x=1}} {{Template:Tpl two}} {{:Main missing}} {{subst:Tpl three}} {{safesubst:Tpl four}} {{msgnw:Tpl five}} {{PAGENAME}} {{pagename}} {{DEFAULTSORT:x}} {{lc:ABC}} {{#if:a|b}} {{User:Nobody here}} {{Help:Missing help}} {{ns:4}} {{Special:RecentChanges}} {{wikipedia:Foo}} {{int:edit}}",
            &["L 0:Main_missing", "L 10:Pagename", "L 10:Tpl_four", "L 10:Tpl_one", "L 10:Tpl_two", "L 12:Missing_help", "L 2:Nobody_here", "T 0:Main_missing", "T 10:Pagename", "T 10:Tpl_five", "T 10:Tpl_four", "T 10:Tpl_one", "T 10:Tpl_two", "T 12:Missing_help", "T 2:Nobody_here"],
        ),
        (
            "Sandbox",
            "<nowiki>[[NoLink]] {{NoTemplate}} http://no.example.com</nowiki> <pre>[[PreLink]] {{PreTpl}}</pre> <!-- [[Commented]] {{Commented}} --> [[Visible]] <NOWIKI>[[Upper nowiki]]</NOWIKI> <nowiki/>[[After empty nowiki]]",
            &["L 0:After_empty_nowiki", "L 0:Visible"],
        ),
        (
            "Sandbox",
            "<includeonly>[[Included only]]{{IncludedOnly}}</includeonly><noinclude>[[Not included]]</noinclude><onlyinclude>[[Only included]]</onlyinclude>",
            &["L 0:Not_included", "L 0:Only_included"],
        ),
        (
            "Sandbox",
            "Bare http://example.com/path, and (https://example.org/x) and https://example.net/a.b. and ftp://ftp.example.org/f; mailto:someone@example.com and //relative.example.org/x and [//relative2.example.org/y label] [http://bracket.example.com label text] [https://noLabel.example.com]",
            &["E //relative2.example.org/y", "E ftp://ftp.example.org/f", "E http://bracket.example.com", "E http://example.com/path", "E https://example.net/a.b", "E https://example.org/x", "E https://noLabel.example.com", "E mailto:someone@example.com"],
        ),
        (
            "Sandbox",
            "http://example.com/&lt;tag http://example.com/a&amp;b; http://example.com/(paren) http://example.com/x) [http://example.com/<b>bold</b>] news:comp.lang xhttp://no.example.com http:// HTTPS://UPPER.example.com/X",
            &["E HTTPS://UPPER.example.com/X", "E http://example.com/", "E http://example.com/(paren)", "E http://example.com/a&b", "E http://example.com/x", "E news:comp.lang"],
        ),
        (
            "Sandbox",
            "#REDIRECT [[Cat]]",
            &["L 0:Cat"],
        ),
        (
            "Sandbox",
            "#redirect:[[Dog#Section|label]]\n[[Category:Redirects]] [[Other link]]",
            &["C Redirects|", "L 0:Dog", "L 0:Other_link"],
        ),
        (
            "Sandbox",
            "#REDIRECT [[fr:Chat]]",
            &["IW fr:Chat"],
        ),
        (
            "Sandbox",
            "#REDIRECT [[Special:RecentChanges]]",
            &[],
        ),
        (
            "Sandbox",
            "Text first\n#REDIRECT [[Cat]]",
            &["L 0:Cat"],
        ),
        (
            "Sandbox",
            "  #Redirect [[Media:Notes.txt]]",
            &["L 6:Notes.txt"],
        ),
        (
            "User:Alice/Sub",
            "[[/Child]] [[/Child/]] [[../Sibling]] [[../]] [[/Child#sec|x]] {{/Tpl}}",
            &["L 2:Alice", "L 2:Alice/Sibling", "L 2:Alice/Sub/Child", "L 2:Alice/Sub/Tpl", "T 2:Alice/Sub/Tpl"],
        ),
        (
            "Sandbox",
            "[[/Child]] [[../Sibling]]",
            &["L 0:/Child"],
        ),
        (
            "Sandbox",
            "[[Sandbox]] [[sandbox#x]] [[:Sandbox]] [[#Top]]",
            &["L 0:Sandbox"],
        ),
        (
            "Sandbox",
            "[[Foo%20bar]] [[100%]] [[A&amp;B]] [[&eacute;cole]] [[Foo{{!}}Bar]] [[{{PAGENAME}}/x]] [[Talk:{{PAGENAME}}]] [[Bad%FFtitle]]",
            &["L 0:100%", "L 0:A&B", "L 0:Foo", "L 0:Foo_bar", "L 0:Sandbox/x", "L 0:École", "L 1:Sandbox"],
        ),
        (
            "Sandbox",
            "[[Special:RecentChanges]] [[Special:Contributions/Alice]] [[Foo|bar]]baz [[http://example.com]] [[Foo<b>]] [[Foo\nbar]] [[Multi|line\nlabel]]",
            &["E http://example.com", "L 0:Foo", "L 0:Multi"],
        ),
        (
            "Sandbox",
            "<gallery>\nFile:Example.png|Caption with [[Gallery link]]\nBlue square.png\nNotAFile.png|link=Linked page\nTalk:Not a file\n</gallery>",
            &["I Blue_square.png", "I Example.png", "I NotAFile.png", "L 0:Gallery_link", "L 0:Linked_page"],
        ),
        (
            "Sandbox",
            "{{{1|[[Default arg link]]}}} {{{2}}} {{{{{1}}}}} [[User:{{{1}}}]]",
            &["L 0:Default_arg_link"],
        ),
        (
            "Sandbox",
            "[[Category:Cats|]] [[Category:Dogs|multi\nline]] [[Category:Birds|a&amp;b]]",
            &["C Birds|a&b", "C Dogs|multiline"],
        ),
        (
            "Sandbox",
            "[[File:Example.png|thumb|[http://caption.example.com caption link] http://bare.caption.example.com]] [[File:Example.png|[http://inline.example.com x] http://bare.inline.example.com]]",
            &["E http://bare.caption.example.com", "E http://caption.example.com", "E http://inline.example.com", "I Example.png"],
        ),
        (
            "Sandbox",
            "[[wikipedia:]] [[en:]] [[:en:]] [[Image:Example.png]] [[image:foo.png|x]]",
            &["I Example.png", "I Foo.png", "IW en:", "IW wikipedia:", "LL en:"],
        ),
        (
            "Sandbox",
            "<nowiki>unclosed [[Link after unclosed nowiki]] <!-- unclosed comment [[Hidden]]",
            &["L 0:Link_after_unclosed_nowiki"],
        ),
        (
            "Sandbox",
            "[[Cat]]s and [[Dog]]'s http://example.com/ü/path?q=ä#frag [http://example.com/%7Euser/%41] [http://[2001:db8::1]:80/x ipv6]",
            &["E http://[2001:db8::1]:80/x", "E http://example.com/%C3%BC/path?q=%C3%A4#frag", "E http://example.com/~user/A", "L 0:Cat", "L 0:Dog"],
        ),
        (
            "Sandbox",
            "<span title=\"http://in.attribute.example.com\">t</span> <ref>http://ref.example.com</ref> <math>[[Math link]]</math>",
            &["E http://ref.example.com", "L 0:Math_link"],
        ),
        (
            "Sandbox",
            "[[:Talk:Foo]] [[Talk:File:Bad]] [[User talk:Bob]] [[fixturelocal:Local page]] [[mw:]]",
            &["IW fixturelocal:Local_page", "IW mw:", "L 1:Foo", "L 3:Bob"],
        ),
        (
            "Sandbox",
            "{{Missing|[[Arg of missing]]}} [[File:X.png|[[Broken nested]]",
            &["L 0:Broken_nested", "L 10:Missing", "T 10:Missing"],
        ),
        (
            "Sandbox",
            "[[en:Foo]][[en:Bar]] [[de:Baz]]",
            &["LL de:Baz", "LL en:Foo"],
        ),
        (
            "Sandbox",
            "[[Foo|[[Bar]]]] [[File:A.png|thumb|[[Foo2|bar]] text]] [[File:B.png|x [[Baz]] y|thumb]]",
            &["I A.png", "I B.png", "L 0:Bar", "L 0:Baz", "L 0:Foo2"],
        ),
        (
            "Sandbox",
            "[[:Category:X|y]] [[ :Category:Y ]] [[ Category:Z ]] [[Category:W|sort|more]]",
            &["C W|sort|more", "C Z|", "L 14:X", "L 14:Y"],
        ),
        (
            "Sandbox",
            "http://a.example/c?d=e&f=g#h [mailto:a@b.example mail] [news:foo] [irc://x.example y] [ftp://x.example]",
            &["E ftp://x.example", "E http://a.example/c?d=e&f=g#h", "E irc://x.example", "E mailto:a@b.example", "E news:foo"],
        ),
        (
            "Sandbox",
            "<pre>http://in.pre.example</pre> <nowiki>[http://in.nowiki.example]</nowiki>",
            &[],
        ),
        (
            "Sandbox",
            "{{#tag:ref|[[Tag link]]}} {{lc:[[FOO]]}} {{PLURAL:2|[[One]]|[[Two]]}} {{ucfirst:[[lower]]}}",
            &["L 0:Foo", "L 0:Lower", "L 0:Tag_link", "L 0:Two"],
        ),
        (
            "Sandbox",
            "[[Foo]]<nowiki/>bar [[Foo2#]] [[#]] == [[In heading]] == ISBN 1234567890 RFC 1234",
            &["L 0:Foo", "L 0:Foo2", "L 0:In_heading"],
        ),
        (
            "Sandbox",
            "[[:File:Example.png|thumb]] [[Media:Example.png|thumb|[[X]]]] [[File:Ex.png|link=[[Target]]]]",
            &["I Ex.png", "L 0:Target", "L 0:X", "L 6:Example.png"],
        ),
        (
            "Sandbox",
            "http://example.com/foo&nbsp;bar http://example.com/a_(b) http://example.com/x; https://example.com/&amp; http://example.com/q?x=1&amp;y=2.",
            &["E http://example.com/a_(b)", "E http://example.com/foo", "E http://example.com/q?x=1&y=2", "E http://example.com/x", "E https://example.com/&"],
        ),
        (
            "Sandbox",
            "[[File:Example.png|thumb|upright=1.2|alt=[[Alt link]]|Caption http://bare.in.caption.example/]]",
            &["E http://bare.in.caption.example/", "I Example.png", "L 0:Alt_link"],
        ),
        (
            "Sandbox",
            "{{DISPLAYTITLE:[[Not a link]]}} {{DEFAULTSORT:[[Sort link]]}} {{urlencode:[[Enc]]}} {{fullurl:Foo}}",
            &[],
        ),
        (
            "Sandbox",
            "[[wikipedia:Foo#Bar|x]] [[en:Foo bar#Baz]] [[EN:Upper]] [[ja:ネコ]]",
            &["IW wikipedia:Foo", "LL en:Foo bar#Baz", "LL ja:ネコ"],
        ),
        (
            "Sandbox",
            "<span>[[In span]]</span> <div title=\"[[In attribute]]\">x</div> <b>http://bold.example/</b>",
            &["E http://bold.example/", "L 0:In_span"],
        ),
        (
            "Sandbox",
            "[http://a.example/ [[Inner link]] label] [[Outer|[http://b.example/ x]]]",
            &["E http://a.example/", "L 0:Inner_link", "L 0:Outer"],
        ),
        (
            "Sandbox",
            "{{Foo bar|{{Baz}}}} {{ {{Dyn}} }} {{Foo:Bar}} {{Project:Page}} {{User talk:X}}",
            &["L 10:Dyn", "L 10:Foo:Bar", "L 10:Foo_bar", "L 3:X", "L 4:Page", "T 10:Dyn", "T 10:Foo:Bar", "T 10:Foo_bar", "T 3:X", "T 4:Page"],
        ),
    ];

    #[test]
    fn links_are_recorded_as_mediawiki_records_them() {
        let mut wrong = Vec::new();
        for (title, text, expected) in MEDIAWIKI_ANSWERS {
            let got = flat(&extract_on(title, text));
            let expected: Vec<String> = expected.iter().map(|s| (*s).to_owned()).collect();
            if got != expected {
                wrong.push(format!("{title}: {text:?}\n   got      {got:?}\n   expected {expected:?}"));
            }
        }
        assert!(wrong.is_empty(), "{} of {} differ:\n{}", wrong.len(), MEDIAWIKI_ANSWERS.len(), wrong.join("\n"));
    }

    #[test]
    fn a_redirect_names_its_target_and_links_to_it() {
        let links = extract_on("Sandbox", "#redirect : [[dog#Some_section|label]]\n[[Category:Redirects]]");
        assert_eq!(
            links.redirect,
            Some(RedirectTarget {
                ns: 0,
                dbkey: "Dog".into(),
                fragment: "Some section".into(),
                interwiki: String::new()
            })
        );
        assert_eq!(links.links, vec![(0, "Dog".to_owned())]);
        let iw = extract_on("Sandbox", "#REDIRECT [[fr:Chat]]");
        assert_eq!(
            iw.redirect,
            Some(RedirectTarget { ns: 0, dbkey: "Chat".into(), fragment: String::new(), interwiki: "fr".into() })
        );
        assert!(iw.langlinks.is_empty());
        assert_eq!(extract_on("Sandbox", "#REDIRECT [[Foo%20bar]]").redirect.map(|r| r.dbkey), Some("Foo_bar".into()));
        assert_eq!(extract_on("Sandbox", "#REDIRECT [[Special:MyPage]]").redirect, None);
        assert_eq!(extract_on("Sandbox", "#REDIRECT [[#Section]]").redirect, None);
        assert_eq!(extract_on("Sandbox", "Text\n#REDIRECT [[Cat]]").redirect, None);
        assert_eq!(extract_on("Sandbox", "#REDIRECT\n[[Cat]]").redirect.map(|r| r.dbkey), Some("Cat".into()));
    }

    #[test]
    fn default_sort_applies_to_categories_without_a_sort_key_wherever_it_stands() {
        let links =
            extract_on("Sandbox", "[[Category:A]]{{DEFAULTSORT:Key}}[[Category:B|Own]]{{DEFAULTSORT:Other|noreplace}}");
        assert_eq!(links.default_sort.as_deref(), Some("Key"));
        assert_eq!(links.categories, vec![("A".to_owned(), "Key".to_owned()), ("B".to_owned(), "Own".to_owned())]);
    }

    #[test]
    fn template_arguments_count_only_when_the_template_shows_them() {
        let site = site();
        let iw = interwikis();
        let text_of = |ns: i32, key: &str| -> Option<String> {
            (ns == NS_TEMPLATE && key == "Box").then(|| "<div>{{{1}}} {{{shown|}}}</div>".to_owned())
        };
        let mut ctx = LinkContext::new(&site, &iw, Some((0, "Page".to_owned())));
        ctx.template_text = Some(&text_of);
        let links = extract("{{Box|[[One]]|[[Two]]|shown=[[Three]]|hidden=[[Four]] {{Inner}}}}", &ctx);
        assert_eq!(links.links, vec![(0, "One".to_owned()), (0, "Three".to_owned())]);
        assert_eq!(links.templates, vec![(NS_TEMPLATE, "Box".to_owned())]);
        // Without the template's text every argument is taken to show.
        ctx.template_text = None;
        let links = extract("{{Box|[[One]]|hidden=[[Four]] {{Inner}}}}", &ctx);
        assert_eq!(links.links, vec![(0, "One".to_owned()), (0, "Four".to_owned())]);
        assert_eq!(links.templates, vec![(NS_TEMPLATE, "Box".to_owned()), (NS_TEMPLATE, "Inner".to_owned())]);
    }

    #[test]
    fn transcluded_text_counts_includeonly_and_onlyinclude() {
        let site = site();
        let iw = interwikis();
        let mut ctx = LinkContext::new(&site, &iw, Some((NS_TEMPLATE, "Stub".to_owned())));
        ctx.transcluded = true;
        let text =
            "<includeonly>[[Category:Stubs]]</includeonly><noinclude>[[Category:Templates]]</noinclude>[[Shown]]";
        let links = extract(text, &ctx);
        assert_eq!(links.categories, vec![("Stubs".to_owned(), String::new())]);
        assert_eq!(links.links, vec![(0, "Shown".to_owned())]);
        let only = extract("[[Outside]]<onlyinclude>[[Inside]]</onlyinclude><noinclude>[[Doc]]", &ctx);
        assert_eq!(only.links, vec![(0, "Inside".to_owned())]);
    }

    #[test]
    fn installed_extension_tags_hide_their_content() {
        let site = site();
        let iw = interwikis();
        let mut ctx = LinkContext::new(&site, &iw, None);
        assert_eq!(extract("<math>[[x]]</math>", &ctx).links, vec![(0, "X".to_owned())]);
        ctx.opaque_tags = vec!["math".to_owned()];
        assert!(extract("<math>[[x]]</math>", &ctx).links.is_empty());
    }

    #[test]
    fn links_to_the_wikis_own_server_are_not_external() {
        let site = site();
        let iw = interwikis();
        let mut ctx = LinkContext::new(&site, &iw, None);
        ctx.server = Some("//wiki.example.org".to_owned());
        let links = extract(
            "https://wiki.example.org/x http://wiki.example.org http://wiki.example.org.evil/ [//wiki.example.org/y]",
            &ctx,
        );
        assert_eq!(links.external, vec!["http://wiki.example.org.evil/".to_owned()]);
    }

    #[test]
    fn urls_are_normalised_as_mediawiki_stores_them() {
        assert_eq!(
            normalize_link_url("http://example.com/%7euser/%41?a=%26&b=%20#x%2F"),
            "http://example.com/~user/A?a=%26&b=%20#x/"
        );
        assert_eq!(normalize_link_url("http://example.com/ü"), "http://example.com/%C3%BC");
        assert_eq!(normalize_link_url("http://[2001:db8::1]:80/x"), "http://[2001:db8::1]:80/x");
        assert_eq!(clean_url("http://exa\u{ad}mple.com/a b&amp;c"), "http://example.com/a+b&c");
    }

    #[test]
    fn braces_nest_as_in_mediawikis_preprocessor() {
        let nodes = parse_braces("{{{{{1}}}}}");
        assert!(matches!(&nodes[..], [Node::Template { title, .. }] if matches!(&title[..], [Node::Argument { .. }])));
        let nodes = parse_braces("{{a|[[b|c]]|d=e}}");
        let [Node::Template { parts, .. }] = &nodes[..] else { panic!("not one template: {nodes:?}") };
        assert_eq!(parts.len(), 2);
        assert_eq!(parts[0].value, vec![Node::Text("[[b|c]]".into())]);
        assert_eq!(parts[1].name, Some(vec![Node::Text("d".into())]));
        assert_eq!(parse_braces("{{a|b"), vec![Node::Text("{{a|b".into())]);
        assert_eq!(parse_braces("}} {{ ]] [["), vec![Node::Text("}} {{ ]] [[".into())]);
    }

    /// A small deterministic generator, so the robustness test needs no extra crate.
    struct XorShift(u64);
    impl XorShift {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
    }

    #[test]
    fn arbitrary_text_never_panics() {
        let site = site();
        let iw = interwikis();
        let ctx = LinkContext::new(&site, &iw, Some((2, "Alice/Sub".to_owned())));
        let atoms = [
            "[[",
            "]]",
            "{{",
            "}}",
            "{{{",
            "}}}",
            "|",
            "=",
            "[",
            "]",
            "http://",
            "//x",
            ":",
            "#",
            "%",
            "%C3",
            "&amp;",
            "&#",
            "<nowiki>",
            "</nowiki>",
            "<!--",
            "-->",
            "<gallery>",
            "</gallery>",
            "\n",
            " ",
            "é",
            "File:",
            "Category:",
            "en:",
            "../",
            "/",
            "#REDIRECT",
            "<includeonly>",
            "<pre>",
            "link=",
            "thumb",
            "x",
            "\u{7f}",
            ";",
            ")",
            "(",
        ];
        for deep in ["{{a|", "{{{", "[[File:a|", "[[", "<gallery>\nFile:a|", "{{x|[[File:a|"] {
            let _ = extract(&deep.repeat(20_000), &ctx);
        }
        let mut rng = XorShift(0x2545_f491_4f6c_dd1d);
        for _ in 0..3000 {
            let len = (rng.next() % 30) as usize;
            let text: String = (0..len).map(|_| atoms[(rng.next() % atoms.len() as u64) as usize]).collect();
            let _ = extract(&text, &ctx);
        }
    }
}

/// Compares the extractor with the link tables MediaWiki 1.39 wrote for the fixture wiki.
#[cfg(test)]
mod fixture_tests {
    use std::collections::{BTreeMap, BTreeSet, HashSet};

    use diesel::prelude::*;
    use diesel::sql_types::{Integer, Text};
    use wikiquery_domain::title::{InterwikiInfo, InterwikiMap, SiteNamespaces};

    use super::{extract, LinkContext, PageLinks};

    const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/fixtures/mw139/fixturewiki.sqlite");

    /// Interwiki prefixes of the fixture that are language codes MediaWiki knows, and so
    /// make interlanguage links.
    const LANGUAGE_PREFIXES: &[&str] = &["en", "de", "fr", "es", "ja"];

    #[derive(QueryableByName)]
    struct PageRow {
        #[diesel(sql_type = Integer)]
        id: i32,
        #[diesel(sql_type = Integer)]
        ns: i32,
        #[diesel(sql_type = Text)]
        title: String,
        #[diesel(sql_type = Text)]
        model: String,
        #[diesel(sql_type = Text)]
        text: String,
    }

    #[derive(QueryableByName)]
    struct LinkRow {
        #[diesel(sql_type = Integer)]
        from: i32,
        #[diesel(sql_type = Text)]
        key: String,
    }

    #[derive(QueryableByName)]
    struct PrefixRow {
        #[diesel(sql_type = Text)]
        prefix: String,
        #[diesel(sql_type = Integer)]
        local: i32,
        #[diesel(sql_type = Integer)]
        trans: i32,
    }

    /// The tables compared, each with the query giving `(page id, row as text)`.
    const TABLES: &[(&str, &str)] = &[
        ("pagelinks", "SELECT pl_from AS \"from\", pl_namespace || ':' || CAST(pl_title AS TEXT) AS key FROM pagelinks"),
        (
            "templatelinks",
            "SELECT tl_from AS \"from\", lt_namespace || ':' || CAST(lt_title AS TEXT) AS key \
             FROM templatelinks JOIN linktarget ON lt_id = tl_target_id",
        ),
        (
            "categorylinks",
            "SELECT cl_from AS \"from\", CAST(cl_to AS TEXT) || '|' || CAST(cl_sortkey_prefix AS TEXT) AS key \
             FROM categorylinks",
        ),
        ("imagelinks", "SELECT il_from AS \"from\", CAST(il_to AS TEXT) AS key FROM imagelinks"),
        ("externallinks", "SELECT DISTINCT el_from AS \"from\", CAST(el_to AS TEXT) AS key FROM externallinks"),
        (
            "langlinks",
            "SELECT ll_from AS \"from\", CAST(ll_lang AS TEXT) || ':' || CAST(ll_title AS TEXT) AS key FROM langlinks",
        ),
        (
            "iwlinks",
            "SELECT iwl_from AS \"from\", CAST(iwl_prefix AS TEXT) || ':' || CAST(iwl_title AS TEXT) AS key FROM iwlinks",
        ),
        (
            "redirect",
            "SELECT rd_from AS \"from\", rd_namespace || ':' || CAST(rd_title AS TEXT) || '|' || \
             COALESCE(rd_interwiki, '') || '|' || COALESCE(CAST(rd_fragment AS TEXT), '') AS key FROM redirect",
        ),
    ];

    /// The rows of one table that a page's links make, as the queries above spell them.
    fn rows_of(table: &str, links: &PageLinks) -> Vec<String> {
        match table {
            "pagelinks" => links.links.iter().map(|(ns, k)| format!("{ns}:{k}")).collect(),
            "templatelinks" => links.templates.iter().map(|(ns, k)| format!("{ns}:{k}")).collect(),
            "categorylinks" => links.categories.iter().map(|(c, s)| format!("{c}|{s}")).collect(),
            "imagelinks" => links.images.clone(),
            "externallinks" => links.external.clone(),
            "langlinks" => links.langlinks.iter().map(|(l, t)| format!("{l}:{t}")).collect(),
            "iwlinks" => links.iwlinks.iter().map(|(p, t)| format!("{p}:{t}")).collect(),
            "redirect" => {
                links.redirect.iter().map(|r| format!("{}:{}|{}|{}", r.ns, r.dbkey, r.interwiki, r.fragment)).collect()
            }
            _ => Vec::new(),
        }
    }

    /// How a row's category is named, so that rows from templates can be matched by name
    /// (their sort key is the including page's, which the template's own text does not say).
    fn row_identity(table: &str, row: &str) -> String {
        if table == "categorylinks" {
            row.split('|').next().unwrap_or(row).to_owned()
        } else {
            row.to_owned()
        }
    }

    /// Whether a difference is a row MediaWiki has and we lack, or the other way round.
    #[derive(PartialEq)]
    enum Side {
        Missing,
        Extra,
    }

    const BROKEN_FILE: &str =
        "MediaWiki adds the tracking category Pages_with_broken_file_links for a link to a missing file";
    const SIG_ARGUMENT: &str =
        "Template:Welcome calls {{Sig|Admin}}, whose links are [[User:{{{1}}}]] and [[User talk:{{{1}}}]]: \
                                the target depends on the argument, which only template expansion gives";
    const MERGE_BUG: &str = "MediaWiki 1.39's history merge writes the link of the redirect it leaves at the source \
                             under the destination's page id (pl_from), so the rows are stale, not wrong here";

    /// Rows that the page's own wikitext cannot give (or MediaWiki did not record), and why.
    /// Rows that a transcluded template's own text gives are matched separately.
    const KNOWN_DIFFERENCES: &[(&str, &str, &str, Side, &str)] = &[
        // (page as ns:dbkey, table, row, side, reason)
        ("0:Goat", "categorylinks", "Pages_with_broken_file_links", Side::Missing, BROKEN_FILE),
        ("0:Whale", "categorylinks", "Pages_with_broken_file_links", Side::Missing, BROKEN_FILE),
        ("0:Ant", "categorylinks", "Pages_with_broken_file_links", Side::Missing, BROKEN_FILE),
        ("0:Rabbit", "categorylinks", "Pages_with_broken_file_links", Side::Missing, BROKEN_FILE),
        ("0:Tulip", "categorylinks", "Pages_with_broken_file_links", Side::Missing, BROKEN_FILE),
        ("0:Potato", "categorylinks", "Pages_with_broken_file_links", Side::Missing, BROKEN_FILE),
        ("0:Rome", "categorylinks", "Pages_with_broken_file_links", Side::Missing, BROKEN_FILE),
        ("0:Lima", "categorylinks", "Pages_with_broken_file_links", Side::Missing, BROKEN_FILE),
        ("0:History", "categorylinks", "Pages_with_broken_file_links", Side::Missing, BROKEN_FILE),
        ("0:São_Paulo", "categorylinks", "Pages_with_broken_file_links", Side::Missing, BROKEN_FILE),
        (
            "14:Hidden_maintenance",
            "categorylinks",
            "Hidden_categories",
            Side::Missing,
            "__HIDDENCAT__ puts the category page in the tracking category Hidden_categories",
        ),
        ("10:Welcome", "pagelinks", "2:Admin", Side::Missing, SIG_ARGUMENT),
        ("10:Welcome", "pagelinks", "3:Admin", Side::Missing, SIG_ARGUMENT),
        ("3:Alice", "pagelinks", "2:Admin", Side::Missing, SIG_ARGUMENT),
        ("3:Alice", "pagelinks", "3:Admin", Side::Missing, SIG_ARGUMENT),
        ("3:Bob", "pagelinks", "2:Admin", Side::Missing, SIG_ARGUMENT),
        ("3:Bob", "pagelinks", "3:Admin", Side::Missing, SIG_ARGUMENT),
        ("3:Carol", "pagelinks", "2:Admin", Side::Missing, SIG_ARGUMENT),
        ("3:Carol", "pagelinks", "3:Admin", Side::Missing, SIG_ARGUMENT),
        ("3:FixtureBot", "pagelinks", "2:Admin", Side::Missing, SIG_ARGUMENT),
        ("3:FixtureBot", "pagelinks", "3:Admin", Side::Missing, SIG_ARGUMENT),
        ("3:Dave", "pagelinks", "2:Admin", Side::Missing, SIG_ARGUMENT),
        ("3:Dave", "pagelinks", "3:Admin", Side::Missing, SIG_ARGUMENT),
        ("0:Merge_target", "pagelinks", "0:Merge_target", Side::Missing, MERGE_BUG),
        ("0:Merge_source", "pagelinks", "0:Merge_target", Side::Extra, MERGE_BUG),
    ];

    fn is_known(page: &str, table: &str, row: &str, side: Side) -> bool {
        KNOWN_DIFFERENCES.iter().any(|(p, t, r, s, _)| *p == page && *t == table && *r == row && *s == side)
    }

    struct Fixture {
        pages: Vec<PageRow>,
        tables: BTreeMap<&'static str, BTreeMap<i32, BTreeSet<String>>>,
        site: SiteNamespaces,
        interwikis: InterwikiMap,
        existing: HashSet<(i32, String)>,
    }

    fn load() -> Fixture {
        let mut conn = SqliteConnection::establish(&format!("file:{FIXTURE}?mode=ro")).expect("fixture database opens");
        let pages: Vec<PageRow> = diesel::sql_query(
            "SELECT page_id AS id, page_namespace AS ns, CAST(page_title AS TEXT) AS title, \
             CAST(page_content_model AS TEXT) AS model, CAST(old_text AS TEXT) AS text \
             FROM page JOIN slots ON slot_revision_id = page_latest \
             JOIN slot_roles ON role_id = slot_role_id AND role_name = 'main' \
             JOIN content ON content_id = slot_content_id \
             JOIN text ON 'tt:' || old_id = CAST(content_address AS TEXT) ORDER BY page_id",
        )
        .load(&mut conn)
        .expect("pages load");
        let mut tables = BTreeMap::new();
        for (name, query) in TABLES {
            let rows: Vec<LinkRow> = diesel::sql_query(*query).load(&mut conn).expect("link rows load");
            let mut by_page: BTreeMap<i32, BTreeSet<String>> = BTreeMap::new();
            for row in rows {
                by_page.entry(row.from).or_default().insert(row.key);
            }
            tables.insert(*name, by_page);
        }
        let prefixes: Vec<PrefixRow> = diesel::sql_query(
            "SELECT CAST(iw_prefix AS TEXT) AS prefix, iw_local AS local, iw_trans AS trans FROM interwiki",
        )
        .load(&mut conn)
        .expect("interwiki loads");
        let mut interwikis = InterwikiMap::new();
        for p in prefixes {
            let info = InterwikiInfo {
                language: LANGUAGE_PREFIXES.contains(&p.prefix.as_str()),
                local: p.local == 1,
                trans: p.trans == 1,
            };
            interwikis.insert(&p.prefix, info);
        }
        let existing = pages.iter().map(|p| (p.ns, p.title.clone())).collect();
        Fixture { pages, tables, site: SiteNamespaces::english("Fixture Wiki"), interwikis, existing }
    }

    /// What one page's links come to, and the rows its templates add (read as transcluded).
    fn extract_page(fx: &Fixture, page: &PageRow) -> (PageLinks, Vec<PageLinks>) {
        let exists = |ns: i32, key: &str| fx.existing.contains(&(ns, key.to_owned()));
        let text_of =
            |ns: i32, key: &str| fx.pages.iter().find(|p| p.ns == ns && p.title == key).map(|p| p.text.clone());
        let mut ctx = LinkContext::new(&fx.site, &fx.interwikis, Some((page.ns, page.title.clone())));
        ctx.page_exists = Some(&exists);
        ctx.template_text = Some(&text_of);
        let own = extract(&page.text, &ctx);
        let mut from_templates = Vec::new();
        let mut tctx = LinkContext::new(&fx.site, &fx.interwikis, Some((page.ns, page.title.clone())));
        tctx.page_exists = Some(&exists);
        tctx.transcluded = true;
        // MediaWiki's own templatelinks list every page transcluded, however deep.
        for key in fx.tables["templatelinks"].get(&page.id).into_iter().flatten() {
            if let Some(t) = fx.pages.iter().find(|p| format!("{}:{}", p.ns, p.title) == *key) {
                from_templates.push(extract(&t.text, &tctx));
            }
        }
        (own, from_templates)
    }

    #[derive(Default)]
    struct Tally {
        mediawiki: usize,
        ours: usize,
        matching: usize,
        from_templates: usize,
        known_missing: usize,
        known_extra: usize,
        missing: Vec<String>,
        extra: Vec<String>,
    }

    #[test]
    fn extracted_links_match_mediawikis_link_tables() {
        let fx = load();
        let mut tallies: BTreeMap<&str, Tally> = BTreeMap::new();
        for page in &fx.pages {
            let page_key = format!("{}:{}", page.ns, page.title);
            let wikitext = page.model == "wikitext";
            let (own, templates) = if wikitext { extract_page(&fx, page) } else { (PageLinks::default(), Vec::new()) };
            for (table, _) in TABLES {
                let tally = tallies.entry(table).or_default();
                let theirs = fx.tables[table].get(&page.id).cloned().unwrap_or_default();
                let ours: BTreeSet<String> = rows_of(table, &own).into_iter().collect();
                let template_rows: HashSet<String> =
                    templates.iter().flat_map(|t| rows_of(table, t)).map(|r| row_identity(table, &r)).collect();
                tally.mediawiki += theirs.len();
                tally.ours += ours.len();
                for row in &theirs {
                    if ours.contains(row) {
                        tally.matching += 1;
                    } else if template_rows.contains(&row_identity(table, row)) {
                        tally.from_templates += 1;
                    } else if is_known(&page_key, table, &row_identity(table, row), Side::Missing) {
                        tally.known_missing += 1;
                    } else {
                        tally.missing.push(format!("{page_key} {row}"));
                    }
                }
                for row in ours.difference(&theirs) {
                    if is_known(&page_key, table, row, Side::Extra) {
                        tally.known_extra += 1;
                    } else {
                        tally.extra.push(format!("{page_key} {row}"));
                    }
                }
            }
        }
        let mut report = String::new();
        for (table, t) in &tallies {
            report.push_str(&format!(
                "{table:14} mediawiki {:4}  ours {:4}  matching {:4}  from templates {:3}  \
                 known missing {:2}  known extra {:2}  unexplained missing {:3}  unexplained extra {:3}\n",
                t.mediawiki,
                t.ours,
                t.matching,
                t.from_templates,
                t.known_missing,
                t.known_extra,
                t.missing.len(),
                t.extra.len()
            ));
            for m in &t.missing {
                report.push_str(&format!("    missing {m}\n"));
            }
            for e in &t.extra {
                report.push_str(&format!("    extra   {e}\n"));
            }
        }
        eprintln!("{report}");
        let clean = tallies.values().all(|t| t.missing.is_empty() && t.extra.is_empty());
        assert!(clean, "the extractor differs from MediaWiki's link tables:\n{report}");
    }
}
