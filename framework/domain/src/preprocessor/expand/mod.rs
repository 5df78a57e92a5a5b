//! Template expansion as MediaWiki's `Parser::preprocess` does it (`rvexpandtemplates`,
//! `action=expandtemplates`): the tree of a text expanded in a root frame, each template call
//! replaced by its page's text expanded in a frame of its arguments, each argument by its
//! value or default, variables and parser functions by what they give; comments and the
//! parts the inclusion tags hide are dropped, extension tags kept as written.
//!
//! What a call gives comes from the [`Wiki`] the caller supplies (pages, variables, parser
//! functions). Whatever it cannot give exactly, and the limits MediaWiki answers with an
//! error of its own (template loops among them), end the expansion with [`Unsupported`], so that
//! an answer is either MediaWiki's or says it cannot be given.

mod tag;
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::OnceLock;

use super::{escape_wikitext, preprocess, Element, Node, Options};
use crate::magic_words::{MagicWord, FUNCTION_HOOKS, MAGIC_WORDS, VARIABLES};
use crate::php;

/// Why an expansion cannot be given exactly (what it would need).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unsupported(pub String);

/// A template call's page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TemplateLookup {
    /// The name is not a title (or names another wiki's page).
    NotATitle,
    /// A title (its full text) no page has.
    Missing { title: String },
    /// The page's text (redirects followed), under its full title.
    Found { title: String, text: String },
    /// A page of the MediaWiki namespace that does not exist, which MediaWiki would fill
    /// with its interface message of that name.
    Message { title: String },
}

/// What a parse warns about (`parsewarnings`), as MediaWiki's parser does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseWarning {
    /// A template was given an argument twice (by name or position alike): the calling
    /// template's full title (`None` for the page itself), the template's, and the argument's
    /// name or number.
    DuplicateArgument { caller: Option<String>, template: String, name: String },
    /// A `{{DISPLAYTITLE:}}` was ignored, since its text does not name the page.
    DisplayTitleIgnored { text: String },
}

/// What the wiki gives an expansion.
pub trait Wiki {
    /// The page a template call names (`name` as written, without `subst:` and the like;
    /// in the Template namespace unless it says otherwise, relative to the page when it
    /// starts with `/` or `../`).
    fn template(&mut self, name: &str) -> Result<TemplateLookup, Unsupported>;
    /// A variable's value (`pagename` for `{{PAGENAME}}`), by its magic word's id.
    fn variable(&mut self, id: &'static str) -> Result<String, Unsupported>;
    /// A parser function's text, by its magic word's id, given its arguments expanded and
    /// trimmed (the first is what follows the colon); `None` when the function declines the
    /// call (`{{ns:}}` of no namespace), which then names a template.
    fn function(&mut self, id: &'static str, args: &[String]) -> Result<Option<String>, Unsupported>;
    /// What stands where the expansion meets something it cannot give exactly (`what`): a
    /// template loop, a limit, an interface message. By default the expansion ends there; a
    /// wiki that only needs what the rest of the text gives (its links) may put a text of its
    /// own in its place and go on.
    fn cannot_expand(&mut self, what: Unsupported) -> Result<String, Unsupported> {
        Err(what)
    }
    /// The expansion puts the page in a tracking category, named by its message
    /// (`duplicate-args-category`); by default nothing is kept of it.
    fn tracking_category(&mut self, message: &'static str) {
        let _ = message;
    }
    /// The expansion met something the parse warns about (MediaWiki's parser warnings); by
    /// default nothing is kept of it.
    fn parse_warning(&mut self, warning: ParseWarning) {
        let _ = warning;
    }
    /// What an extension tag gives; by default the tag as written, as the API's expansion
    /// shows it.
    fn extension_tag(&mut self, tag: &ExtensionTag) -> Result<String, Unsupported> {
        Ok(tag.as_written())
    }
    /// The sort key `{{DEFAULTSORT:}}` set, once the text is expanded.
    fn default_sort(&mut self) -> Option<String> {
        None
    }
    /// A marker to put after the equals signs of a heading (`index`: its `i` in the text it
    /// stands in; `template`: that text's template, none for the page's own), which a renderer
    /// uses to tell where each section comes from; by default none.
    fn heading_marker(&mut self, template: Option<&str>, index: &str) -> Option<String> {
        let _ = (template, index);
        None
    }
}

/// An extension tag of the tree (`<nowiki>…</nowiki>`, `<gallery/>`) in its parts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExtensionTag {
    /// The name as written.
    pub name: String,
    /// The attributes as written, with the space before them.
    pub attributes: String,
    /// What stands between the tags; `None` for a tag closed at once.
    pub inner: Option<String>,
    /// The closing tag as written (empty when the tag was left open).
    pub close: String,
    /// How deep in templates the tag stands: a renderer that expands its content again (a
    /// gallery's caption) goes on from there, so that nesting cannot pass the depth limit.
    pub depth: usize,
}

impl ExtensionTag {
    fn of(tag: &Element, depth: usize) -> ExtensionTag {
        let text_of = |name: &str| -> Option<String> {
            tag.children.iter().find_map(|c| element_named(c, name)).map(|e| {
                e.children
                    .iter()
                    .map(|n| match n {
                        Node::Text(t) => t.as_str(),
                        Node::Element(_) => "",
                    })
                    .collect()
            })
        };
        ExtensionTag {
            name: text_of("name").unwrap_or_default(),
            attributes: text_of("attr").unwrap_or_default(),
            inner: text_of("inner"),
            close: text_of("close").unwrap_or_default(),
            depth,
        }
    }

    /// `<name attr>inner</name>`, or `<name attr/>`.
    pub fn as_written(&self) -> String {
        match &self.inner {
            None => format!("<{}{}/>", self.name, self.attributes),
            Some(inner) => format!("<{}{}>{inner}{}", self.name, self.attributes, self.close),
        }
    }
}

/// The text of an element of text alone (a comment as written).
fn text_of(element: &Element) -> String {
    element
        .children
        .iter()
        .map(|n| match n {
            Node::Text(t) => t.as_str(),
            Node::Element(_) => "",
        })
        .collect()
}

/// MediaWiki's limits: how deep templates nest, how many nodes one expansion visits, how
/// much text templates and arguments may bring in.
pub const MAX_TEMPLATE_DEPTH: usize = 100;
pub const MAX_NODES: usize = 1_000_000;
pub const MAX_INCLUDE_SIZE: usize = 2 * 1024 * 1024;
/// How deep this expander nests its own calls (a tree nesting deeper is not expanded).
const MAX_NESTING: usize = 500;

/// `text` (a page's own text) with its templates expanded, as MediaWiki's preprocessor
/// output gives it.
pub fn expand(text: &str, options: &Options, wiki: &mut dyn Wiki) -> Result<String, Unsupported> {
    Ok(expand_counting(text, options, wiki)?.0)
}

/// What an expansion spent of MediaWiki's limits, as this expander counts it: the nodes it
/// visited, the bytes templates and functions gave and arguments brought in, and how deeply
/// it nested.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ExpansionCounts {
    pub nodes: usize,
    pub post_expand: usize,
    pub arguments: usize,
    pub depth: usize,
}

/// As [`expand`], with what the expansion spent of the limits.
pub fn expand_counting(
    text: &str,
    options: &Options,
    wiki: &mut dyn Wiki,
) -> Result<(String, ExpansionCounts), Unsupported> {
    let tree = preprocess(text, options);
    let mut expander = Expander::new(wiki, options, false);
    let root =
        Frame { parent: None, title: None, args: HashMap::new(), depth: options.depth, expansions: RefCell::default() };
    if frame_too_deep(options.depth) {
        return Err(Unsupported("the template depth limit".into()));
    }
    if !tree.children.is_empty() {
        expander.counts.nodes = 1;
        expander.counts.depth = 1;
    }
    let text = expander.nodes(&tree.children, &root)?;
    Ok((text, expander.counts))
}

/// `text` expanded as MediaWiki's pre-save transform expands it (its `OT_WIKI` output): only
/// `subst:` and `safesubst:` calls are expanded (what they give in the same way, one level:
/// calls inside stay as written unless they substitute too), every other call and argument
/// of the page stays as written, and comments and extension tags stand behind markers, given
/// back with their texts so that the transform's later steps leave them alone
/// ([`unstrip`] puts them back).
pub fn expand_for_saving(text: &str, wiki: &mut dyn Wiki) -> Result<(String, Vec<String>), Unsupported> {
    let tree = preprocess(text, &Options::default());
    let mut expander = Expander::new(wiki, &Options::default(), true);
    let root = Frame { parent: None, title: None, args: HashMap::new(), depth: 0, expansions: RefCell::default() };
    let text = expander.nodes(&tree.children, &root)?;
    Ok((text, expander.protected))
}

/// The marker standing for the `n`th text kept aside by [`expand_for_saving`].
fn saving_marker(n: usize) -> String {
    format!("{MARKER_PREFIX}-pst-{n:08X}{MARKER_SUFFIX}")
}

/// `text` with the markers of [`expand_for_saving`] replaced by the texts they stand for.
pub fn unstrip(text: &str, protected: &[String]) -> String {
    let mut out = text.to_owned();
    for (n, kept) in protected.iter().enumerate() {
        out = out.replace(&saving_marker(n), kept);
    }
    out
}

/// An argument of a template frame: its value's nodes (in the calling frame's tree) and
/// whether it was given by position (kept as written) or by name (trimmed).
struct Arg<'t> {
    value: &'t [Node],
    numbered: bool,
}

/// Where nodes are expanded: the page itself (no arguments) or a template called from a
/// parent frame with arguments.
struct Frame<'t> {
    parent: Option<&'t Frame<'t>>,
    /// The template's full title, for loop detection.
    title: Option<String>,
    args: HashMap<String, Arg<'t>>,
    depth: usize,
    /// What templates called from this frame without arguments gave, by title.
    expansions: RefCell<HashMap<String, String>>,
}

impl Frame<'_> {
    /// Whether `title` is this frame's template or one of its callers'.
    fn in_loop(&self, title: &str) -> bool {
        let mut frame = Some(self);
        while let Some(f) = frame {
            if f.title.as_deref() == Some(title) {
                return true;
            }
            frame = f.parent;
        }
        false
    }
}

struct Expander<'w> {
    wiki: &'w mut dyn Wiki,
    /// How templates' texts are read (as transclusions).
    options: Options,
    nodes: usize,
    /// Bytes templates and arguments gave, as expanded.
    included: usize,
    nesting: usize,
    counts: ExpansionCounts,
    /// The pre-save transform's expansion (only substitutions), see [`expand_for_saving`].
    saving: bool,
    /// What that expansion keeps behind markers, by number.
    protected: Vec<String>,
}

impl<'w> Expander<'w> {
    fn new(wiki: &'w mut dyn Wiki, options: &Options, saving: bool) -> Self {
        Expander {
            wiki,
            options: Options { for_inclusion: true, ..options.clone() },
            nodes: 0,
            included: 0,
            nesting: 0,
            counts: ExpansionCounts::default(),
            saving,
            protected: Vec::new(),
        }
    }

    /// A text kept aside behind a marker (the pre-save expansion's comments and tags).
    fn protect(&mut self, text: String) -> String {
        self.protected.push(text);
        saving_marker(self.protected.len() - 1)
    }
}

impl Expander<'_> {
    fn nodes(&mut self, nodes: &[Node], frame: &Frame<'_>) -> Result<String, Unsupported> {
        if self.nesting >= MAX_NESTING {
            return self.wiki.cannot_expand(Unsupported("expansion nested too deep".into()));
        }
        self.nesting += 1;
        let out = self.nodes_within_limits(nodes, frame);
        self.nesting -= 1;
        out
    }

    fn nodes_within_limits(&mut self, nodes: &[Node], frame: &Frame<'_>) -> Result<String, Unsupported> {
        let mut out = String::new();
        for node in nodes {
            let element = match node {
                Node::Text(text) => {
                    out.push_str(text);
                    continue;
                }
                Node::Element(element) => element,
            };
            // Elements count against the limit, as MediaWiki counts its expansions; past it
            // none is expanded, and the text between them still stands.
            self.nodes += 1;
            if self.nodes > MAX_NODES {
                out.push_str(&self.wiki.cannot_expand(Unsupported("the node-count limit".into()))?);
                continue;
            }
            match element.name {
                "template" => out.push_str(&self.template(element, frame)?),
                "tplarg" => out.push_str(&self.argument(element, frame)?),
                // Saving keeps comments and tags as written, out of the later steps' reach,
                // and the page's own inclusion tags (a substituted template's are read).
                "comment" | "ext" if self.saving => {
                    let text = if element.name == "ext" {
                        ExtensionTag::of(element, frame.depth).as_written()
                    } else {
                        text_of(element)
                    };
                    let marker = self.protect(text);
                    out.push_str(&marker);
                }
                "ignore" if self.saving && frame.parent.is_none() => out.push_str(&text_of(element)),
                "comment" if self.options.keep_comments => out.push_str(&text_of(element)),
                "comment" | "ignore" => {}
                "ext" => out.push_str(&self.wiki.extension_tag(&ExtensionTag::of(element, frame.depth))?),
                "h" => {
                    let text = self.nodes(&element.children, frame)?;
                    let attribute = |name: &str| element.attributes.iter().find(|(n, _)| *n == name).map(|(_, v)| v);
                    let level: usize = attribute("level").and_then(|l| l.parse().ok()).unwrap_or(0);
                    let index = attribute("i").cloned().unwrap_or_default();
                    match self.wiki.heading_marker(frame.title.as_deref(), &index) {
                        Some(marker) if text.is_char_boundary(level.min(text.len())) => {
                            let at = level.min(text.len());
                            out.push_str(&text[..at]);
                            out.push_str(&marker);
                            out.push_str(&text[at..]);
                        }
                        _ => out.push_str(&text),
                    }
                }
                _ => out.push_str(&self.nodes(&element.children, frame)?),
            }
        }
        Ok(out)
    }

    /// `{{…}}`, counted: a visited node one level below its frame, and what it gives.
    fn template(&mut self, call: &Element, frame: &Frame<'_>) -> Result<String, Unsupported> {
        self.counts.nodes += 1;
        self.counts.depth = self.counts.depth.max(frame.depth + 2);
        let text = self.brace_substitution(call, frame)?;
        self.counts.post_expand += text.len();
        Ok(text)
    }

    /// `{{…}}`: MediaWiki's `braceSubstitution` in preprocessing mode.
    fn brace_substitution(&mut self, call: &Element, frame: &Frame<'_>) -> Result<String, Unsupported> {
        let (title_nodes, parts) = split_call(call);
        let title_with_spaces = self.nodes(title_nodes, frame)?;
        let mut name = php::trim(&title_with_spaces);
        // Saving expands only what substitutes; otherwise `subst:` stays as written.
        match (strip_magic_prefix(name, &["subst"]), self.saving) {
            (Some(rest), true) => name = rest,
            (Some(_), false) => return self.literal_call("{{", "}}", &title_with_spaces, &parts, frame),
            (None, saving) => match strip_magic_prefix(name, &["safesubst"]) {
                Some(rest) => name = rest,
                None if saving => return self.literal_call("{{", "}}", &title_with_spaces, &parts, frame),
                None => {}
            },
        }
        if parts.is_empty() {
            if let Some(id) = variable_id(name) {
                let text = self.wiki.variable(id)?;
                return Ok(self.after_call(call, text));
            }
        }
        let nowiki = strip_magic_prefix(name, &["msgnw"]);
        if let Some(rest) = nowiki.or_else(|| strip_magic_prefix(name, &["msg"])) {
            name = rest;
        }
        if let Some(rest) = strip_magic_prefix(name, &["raw"]) {
            name = rest;
        }
        if let Some(colon) = name.find(':') {
            if let Some(id) = self.function_id(&name[..colon]) {
                if nowiki.is_some() {
                    return self.wiki.cannot_expand(Unsupported("msgnw: with a parser function".into()));
                }
                if id == "tag" {
                    let text = self.tag_function(&name[colon + 1..], &parts, frame)?;
                    return Ok(self.after_call(call, text));
                }
                let mut args = vec![php::trim(&name[colon + 1..]).to_owned()];
                for part in &parts {
                    args.push(php::trim(&self.nodes(&part.children, frame)?).to_owned());
                }
                if let Some(text) = self.wiki.function(id, &args)? {
                    return Ok(self.after_call(call, text));
                }
            }
        }
        if frame.depth >= MAX_TEMPLATE_DEPTH {
            return self.wiki.cannot_expand(Unsupported("the template depth limit".into()));
        }
        let (title, text) = match self.wiki.template(name)? {
            TemplateLookup::NotATitle => {
                return self.literal_call("{{", "}}", &title_with_spaces, &parts, frame);
            }
            TemplateLookup::Missing { title } if nowiki.is_some() => {
                return Ok(escape_wikitext(&format!("[[:{title}]]")));
            }
            TemplateLookup::Missing { title } => {
                let text = format!("[[:{title}]]");
                return Ok(self.after_call(call, text));
            }
            // `msgnw:` shows the template's source as written, escaped.
            TemplateLookup::Found { text, .. } if nowiki.is_some() => return Ok(escape_wikitext(&text)),
            TemplateLookup::Message { title } => {
                return self.wiki.cannot_expand(Unsupported(format!("the interface message [[:{title}]]")));
            }
            TemplateLookup::Found { title, text } => (title, text),
        };
        if frame.in_loop(&title) {
            // MediaWiki writes its message about the loop in place of the call.
            return self.wiki.cannot_expand(Unsupported(format!("a template loop through [[:{title}]]")));
        }
        // A call without arguments is expanded once a calling frame, as MediaWiki caches it.
        let cached = if parts.is_empty() { frame.expansions.borrow().get(&title).cloned() } else { None };
        let text = match cached {
            Some(text) => text,
            None => {
                let tree = preprocess(&text, &self.options);
                let child = Frame {
                    parent: Some(frame),
                    title: Some(title.clone()),
                    args: self.arguments(&parts, frame, &title)?,
                    depth: frame.depth + 1,
                    expansions: RefCell::default(),
                };
                let text = self.nodes(&tree.children, &child)?;
                if parts.is_empty() {
                    frame.expansions.borrow_mut().insert(title.clone(), text.clone());
                }
                text
            }
        };
        if !self.include(text.len()) {
            // MediaWiki writes a link to the template in its place (and a warning).
            let stand_in = self.wiki.cannot_expand(Unsupported("the include size limit".into()))?;
            return Ok(format!("[[:{title}]]{stand_in}"));
        }
        Ok(self.after_call(call, text))
    }

    /// Counts `bytes` more of included text, unless they would pass the limit (then nothing
    /// is counted, as in MediaWiki).
    fn include(&mut self, bytes: usize) -> bool {
        if self.included + bytes > MAX_INCLUDE_SIZE {
            return false;
        }
        self.included += bytes;
        true
    }

    /// A call's text as it lands: after a newline when it starts a table, list or
    /// indentation and the call did not start a line.
    fn after_call(&self, call: &Element, text: String) -> String {
        let line_start = call.attributes.iter().any(|(name, _)| *name == "lineStart");
        let opens_block = text.starts_with("{|") || text.starts_with([':', ';', '#', '*']);
        if !line_start && opens_block {
            format!("\n{text}")
        } else {
            text
        }
    }

    /// A call given back as written, its parts expanded: `{{name|a|b=c}}`.
    fn literal_call(
        &mut self,
        open: &str,
        close: &str,
        name: &str,
        parts: &[&Element],
        frame: &Frame<'_>,
    ) -> Result<String, Unsupported> {
        let mut out = format!("{open}{name}");
        for part in parts {
            out.push('|');
            out.push_str(&self.nodes(&part.children, frame)?);
        }
        out.push_str(close);
        Ok(out)
    }

    /// A template frame's arguments from a call's parts: numbered ones by position, named
    /// ones by their trimmed name; a later one replaces an earlier one of the same key.
    fn arguments<'t>(
        &mut self,
        parts: &[&'t Element],
        frame: &Frame<'_>,
        template: &str,
    ) -> Result<HashMap<String, Arg<'t>>, Unsupported> {
        let mut args = HashMap::new();
        for part in parts {
            let name = part.children.iter().find_map(|c| element_named(c, "name"));
            let value = part.children.iter().find_map(|c| element_named(c, "value"));
            let value: &'t [Node] = value.map_or(&[], |v| v.children.as_slice());
            let index = name.and_then(|n| n.attributes.iter().find(|(a, _)| *a == "index")).map(|(_, v)| v.clone());
            let (key, numbered) = match index {
                Some(index) => (index, true),
                None => {
                    let nodes = name.map_or(&[][..], |n| n.children.as_slice());
                    (php::trim(&self.nodes(nodes, frame)?).to_owned(), false)
                }
            };
            // An argument given twice (by name or position alike): the last counts, and the
            // parse warns of it and tracks the page for it.
            if args.insert(key.clone(), Arg { value, numbered }).is_some() {
                self.wiki.parse_warning(ParseWarning::DuplicateArgument {
                    caller: frame.title.clone(),
                    template: template.to_owned(),
                    name: key,
                });
                self.wiki.tracking_category("duplicate-args-category");
            }
        }
        Ok(args)
    }

    /// `{{{…}}}`: the frame's argument, else the default, else the call as written.
    fn argument(&mut self, call: &Element, frame: &Frame<'_>) -> Result<String, Unsupported> {
        let (title_nodes, parts) = split_call(call);
        let name_with_spaces = self.nodes(title_nodes, frame)?;
        let name = php::trim(&name_with_spaces);
        if let Some(arg) = frame.args.get(name) {
            let parent = frame.parent.expect("a frame with arguments has a caller");
            let value = self.nodes(arg.value, parent)?;
            let value = if arg.numbered { value } else { php::trim(&value).to_owned() };
            self.counts.nodes += 1;
            self.counts.arguments += value.len();
            self.counts.depth = self.counts.depth.max(frame.depth + 2);
            if !self.include(value.len()) {
                return self.wiki.cannot_expand(Unsupported("the include size limit".into()));
            }
            return Ok(value);
        }
        // Saving keeps the page's own arguments as written, defaults and all.
        let page_own = self.saving && frame.parent.is_none();
        match parts.first() {
            Some(default) if !page_own => self.nodes(&default.children, frame),
            _ => self.literal_call("{{{", "}}}", &name_with_spaces, &parts, frame),
        }
    }

    /// The id of the parser function a call's name (before its colon) names.
    fn function_id(&self, name: &str) -> Option<&'static str> {
        let (sensitive, insensitive) = function_synonyms();
        sensitive.get(name).or_else(|| insensitive.get(&name.to_lowercase())).copied()
    }
}

/// What starts a renderer's marker (`\x7f'"`UNIQ-`), which stands in place of an extension
/// tag's output; the tag's name, a serial and [`MARKER_SUFFIX`] follow.
pub const MARKER_PREFIX: &str = "\u{7f}'\"`UNIQ-";
/// What ends a renderer's marker.
pub const MARKER_SUFFIX: &str = "-QINU`\"'\u{7f}";

/// The text without the markers a renderer puts in place of extension tags (MediaWiki's
/// `killMarkers`).
pub fn without_markers(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find(MARKER_PREFIX) {
        out.push_str(&rest[..start]);
        match rest[start + MARKER_PREFIX.len()..].find(MARKER_SUFFIX) {
            Some(end) => rest = &rest[start + MARKER_PREFIX.len() + end + MARKER_SUFFIX.len()..],
            None => {
                out.push_str(&rest[start..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// The text with `f` applied to what stands between the renderer's markers, the markers kept
/// (MediaWiki's `markerSkipCallback`).
pub fn outside_markers(text: &str, f: &dyn Fn(&str) -> String) -> String {
    if !text.contains(MARKER_PREFIX) {
        return f(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find(MARKER_PREFIX) {
        out.push_str(&f(&rest[..start]));
        match rest[start + MARKER_PREFIX.len()..].find(MARKER_SUFFIX) {
            Some(end) => {
                let stop = start + MARKER_PREFIX.len() + end + MARKER_SUFFIX.len();
                out.push_str(&rest[start..stop]);
                rest = &rest[stop..];
            }
            None => {
                out.push_str(&f(&rest[start..]));
                rest = "";
            }
        }
    }
    out.push_str(&f(rest));
    out
}

/// A call's title nodes and its parts.
fn split_call(call: &Element) -> (&[Node], Vec<&Element>) {
    let title = call.children.iter().find_map(|c| element_named(c, "title")).map_or(&[][..], |t| t.children.as_slice());
    let parts = call.children.iter().filter_map(|c| element_named(c, "part")).collect();
    (title, parts)
}

fn element_named<'e>(node: &'e Node, name: &str) -> Option<&'e Element> {
    match node {
        Node::Element(element) if element.name == name => Some(element),
        _ => None,
    }
}

fn magic_word(id: &str) -> Option<&'static MagicWord> {
    MAGIC_WORDS.iter().find(|w| w.id == id)
}

/// `text` without a leading spelling of one of the magic words `ids` (`subst:`), if it has one.
fn strip_magic_prefix<'t>(text: &'t str, ids: &[&str]) -> Option<&'t str> {
    for word in ids.iter().filter_map(|id| magic_word(id)) {
        for alias in word.aliases {
            let matched = text.get(..alias.len()).is_some_and(|head| {
                if word.case_sensitive {
                    head == *alias
                } else {
                    head.to_lowercase() == alias.to_lowercase()
                }
            });
            if matched {
                return Some(&text[alias.len()..]);
            }
        }
    }
    None
}

/// The id of the variable `text` spells exactly (`PAGENAME`).
fn variable_id(text: &str) -> Option<&'static str> {
    static SPELLINGS: OnceLock<Synonyms> = OnceLock::new();
    let (sensitive, insensitive) = SPELLINGS.get_or_init(|| {
        let mut spellings = Synonyms::default();
        for id in VARIABLES {
            let Some(word) = magic_word(id) else { continue };
            for alias in word.aliases {
                if word.case_sensitive {
                    spellings.0.insert((*alias).to_owned(), *id);
                } else {
                    spellings.1.insert(alias.to_lowercase(), *id);
                }
            }
        }
        spellings
    });
    sensitive.get(text).or_else(|| insensitive.get(&text.to_lowercase())).copied()
}

/// Spellings with the ids they call: case-sensitive ones as written, the others in lower case.
type Synonyms = (HashMap<String, &'static str>, HashMap<String, &'static str>);

/// The functions MediaWiki's core registers with a `#` before their name.
const HASH_FUNCTIONS: &[&str] = &["special", "speciale", "tag", "formatdate"];

/// Parser function names as a call writes them, case-sensitive and not, with their ids.
fn function_synonyms() -> &'static Synonyms {
    static SYNONYMS: OnceLock<Synonyms> = OnceLock::new();
    SYNONYMS.get_or_init(build_function_synonyms)
}

fn build_function_synonyms() -> Synonyms {
    let mut sensitive = HashMap::new();
    let mut insensitive = HashMap::new();
    for id in FUNCTION_HOOKS {
        let Some(word) = magic_word(id) else { continue };
        for alias in word.aliases {
            let mut name = if word.case_sensitive { (*alias).to_owned() } else { alias.to_lowercase() };
            if HASH_FUNCTIONS.contains(id) {
                name.insert(0, '#');
            }
            if name.ends_with(':') {
                name.pop();
            }
            if word.case_sensitive {
                sensitive.insert(name, *id);
            } else {
                insensitive.insert(name, *id);
            }
        }
    }
    (sensitive, insensitive)
}

/// Whether a text expanded at `depth` (a tag's content expanded again) would pass the template
/// depth limit.
fn frame_too_deep(depth: usize) -> bool {
    depth >= MAX_TEMPLATE_DEPTH
}
