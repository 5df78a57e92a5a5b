//! Braces: templates `{{…}}` and template arguments `{{{…}}}`, nested as MediaWiki's
//! preprocessor nests them.

use std::collections::HashSet;

use super::strip::strip;
use super::LinkContext;

#[derive(Debug, Clone, PartialEq)]
pub(super) enum Node {
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
pub(super) struct Part {
    /// What stands before the part's first top-level `=`, if it has one.
    pub(super) name: Option<Vec<Node>>,
    pub(super) value: Vec<Node>,
}

impl Part {
    /// The part as written: `name=value`, or the value.
    pub(super) fn whole(&self) -> Vec<Node> {
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
pub(super) fn parse_braces(text: &str) -> Vec<Node> {
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
pub(super) fn used_arguments(template_text: &str, ctx: &LinkContext<'_>) -> Option<HashSet<String>> {
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

/// PHP's `trim()`.
pub(super) fn php_trim(text: &str) -> &str {
    text.trim_matches([' ', '\t', '\n', '\r', '\0', '\u{b}'])
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
