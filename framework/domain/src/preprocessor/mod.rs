//! MediaWiki's preprocessor: wikitext read into the tree of templates, template arguments,
//! headings, comments, extension tags and the parts the inclusion tags hide, which MediaWiki's
//! parser expands and which the API shows as XML (`rvprop=parsetree`, `rvgeneratexml`).
//!
//! The reading follows MediaWiki 1.39's hash preprocessor step for step, so that the same
//! text gives the same tree, quirks included: braces that close fewer than they opened,
//! `-{` next to `{{`, headings found only where a line may start one, comments that eat
//! their line, tags without an end that run to the end of the text or are taken as text.

mod clock_words;
mod escape;
pub mod expand;
pub mod page_functions;
pub mod pre_save;
mod reader;
#[cfg(test)]
mod tests;

pub use clock_words::{clock_variable, time_to_live};
pub use escape::escape_wikitext;
pub use reader::{heading_starts, preprocess};

/// One node of the tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Node {
    Text(String),
    Element(Element),
}

/// An element: `root`, `template`, `tplarg`, `title`, `part`, `name`, `equals`, `value`,
/// `comment`, `ignore`, `ext` (with `name`, `attr`, `inner`, `close`), `h` or `possible-h`
/// (a heading inside a template, which becomes one only where the template's text lands).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Element {
    pub name: &'static str,
    /// Attributes in order (`lineStart`, `level`, `i`, `index`).
    pub attributes: Vec<(&'static str, String)>,
    pub children: Vec<Node>,
}

impl Element {
    fn new(name: &'static str, children: Vec<Node>) -> Element {
        Element { name, attributes: Vec::new(), children }
    }

    fn text(name: &'static str, text: &str) -> Node {
        Node::Element(Element::new(name, vec![Node::Text(text.to_owned())]))
    }

    /// The element as MediaWiki writes a tree out: attributes with their values escaped,
    /// text escaped, and an element with nothing inside closed at once (`<name index="1"/>`).
    /// Written without recursion, so that however deep a hostile text nests, the stack holds.
    pub fn to_xml(&self) -> String {
        let mut out = String::new();
        if !self.open_tag(&mut out) {
            return out;
        }
        let mut stack: Vec<(&Element, usize)> = vec![(self, 0)];
        while let Some((element, next)) = stack.last_mut() {
            let Some(child) = element.children.get(*next) else {
                out.push_str("</");
                out.push_str(element.name);
                out.push('>');
                stack.pop();
                continue;
            };
            *next += 1;
            match child {
                Node::Text(text) => crate::html::escape_compat_into(&mut out, text),
                Node::Element(inner) => {
                    if inner.open_tag(&mut out) {
                        stack.push((inner, 0));
                    }
                }
            }
        }
        out
    }

    /// Writes the element's opening tag, or the whole element when nothing is inside it;
    /// tells whether its content and closing tag are still to come.
    fn open_tag(&self, out: &mut String) -> bool {
        out.push('<');
        out.push_str(self.name);
        for (name, value) in &self.attributes {
            out.push(' ');
            out.push_str(name);
            out.push_str("=\"");
            crate::html::escape_compat_into(out, value);
            out.push('"');
        }
        let empty = self.children.iter().all(|c| matches!(c, Node::Text(t) if t.is_empty()));
        out.push_str(if empty { "/>" } else { ">" });
        !empty
    }
}

/// A tree is taken apart without recursion, however deep it nests.
impl Drop for Element {
    fn drop(&mut self) {
        let mut pending = std::mem::take(&mut self.children);
        while let Some(node) = pending.pop() {
            if let Node::Element(mut element) = node {
                pending.append(&mut element.children);
            }
        }
    }
}

/// How the text is read. The default: a page's own text, with MediaWiki's own tags.
#[derive(Debug, Clone)]
pub struct Options {
    /// As a transclusion reads it (`<includeonly>` shows, `<noinclude>` is ignored,
    /// `<onlyinclude>` limits what counts) rather than as the page itself shows.
    pub for_inclusion: bool,
    /// No `-{…}-` language-conversion syntax (a wiki with conversion turned off).
    pub no_language_conversion: bool,
    /// The tags whose content is not wikitext: MediaWiki's own (`pre`, `nowiki`, `gallery`,
    /// `indicator`, `langconvert`), then those of installed extensions.
    pub extension_tags: Vec<String>,
    /// An expansion keeps the text's HTML comments (`includecomments`) rather than dropping
    /// them.
    pub keep_comments: bool,
    /// How deep in templates the text stands (0 for a page's own; a tag's content expanded
    /// again goes on from the tag's depth).
    pub depth: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options::with_extension_tags(&[])
    }
}

impl Options {
    /// Reading a page's own text on a wiki whose extensions add `tags` to MediaWiki's own
    /// (the site's `extensiontags`, in the order its parser registers them).
    pub fn with_extension_tags(tags: &[String]) -> Options {
        let core = crate::magic_words::EXTENSION_TAGS;
        let mut extension_tags: Vec<String> = core.iter().map(|t| (*t).to_owned()).collect();
        extension_tags.extend(tags.iter().filter(|t| !core.contains(&t.as_str())).cloned());
        Options { for_inclusion: false, no_language_conversion: false, extension_tags, keep_comments: false, depth: 0 }
    }
}
