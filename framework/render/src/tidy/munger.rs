//! The tree the tidying builds, as html5ever's tree builder drives it, with MediaWiki's
//! paragraph wrapping applied as each node is inserted (RemexHtml's `RemexCompatMunger`):
//! inline content at the top level and in block quotes goes into paragraph wrappers,
//! formatting elements are split around the blocks put inside them, and a wrapper that ends
//! up holding only white space is written without its `<p>`.

use std::borrow::Cow;

use html5ever::tendril::StrTendril;
use html5ever::tree_builder::{ElementFlags, NodeOrText, QuirksMode, TreeSink};
use html5ever::{namespace_url, ns, Attribute, ExpandedName, LocalName, QualName};

pub(crate) type Id = usize;

/// The document node.
pub(crate) const DOCUMENT: Id = 0;

#[derive(Debug)]
pub(crate) enum Kind {
    Document,
    Element { name: QualName, attributes: Vec<Attribute> },
    Text(String),
    Comment(String),
}

/// What the wrapping knows of a node (RemexHtml's `RemexMungerData`).
#[derive(Debug, Default, Clone)]
pub(crate) struct Munge {
    needs_p_wrapping: bool,
    pub(crate) is_p_wrapper: bool,
    is_splittable: bool,
    ancestor_p: Option<Id>,
    wrap_base: Option<Id>,
    child_p: Option<Id>,
    current_clone: Option<Id>,
    pub(crate) nonblank: i64,
}

#[derive(Debug)]
pub(crate) struct Node {
    pub(crate) kind: Kind,
    pub(crate) parent: Option<Id>,
    pub(crate) children: Vec<Id>,
    pub(crate) munge: Munge,
    /// For a paragraph wrapper: whether it was closed holding something not blank.
    pub(crate) wrapper_kept: Option<bool>,
}

/// Elements that are only inline: they go into paragraphs.
const ONLY_INLINE: &[&str] = &[
    "a", "abbr", "acronym", "applet", "b", "basefont", "bdo", "big", "br", "button", "cite", "code", "del", "dfn",
    "em", "font", "i", "iframe", "img", "input", "ins", "kbd", "label", "legend", "map", "object", "param", "q", "rb",
    "rbc", "rp", "rt", "rtc", "ruby", "s", "samp", "select", "small", "span", "strike", "strong", "sub", "sup",
    "textarea", "tt", "u", "var", "video", "audio", "bdi", "data", "time", "mark",
];
const METADATA: &[&str] = &["style", "script", "link", "meta"];
const FORMATTING: &[&str] =
    &["a", "b", "big", "code", "em", "font", "i", "nobr", "s", "small", "strike", "strong", "tt", "u"];

/// The name of a paragraph wrapper.
pub(crate) const P_WRAP: &str = "mw:p-wrap";

#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    Under,
    Before,
}

/// The sink: the nodes, the document first.
pub(crate) struct Munger {
    pub(crate) nodes: Vec<Node>,
}

impl Munger {
    pub(crate) fn new() -> Munger {
        Munger {
            nodes: vec![Node {
                kind: Kind::Document,
                parent: None,
                children: Vec::new(),
                munge: Munge::default(),
                wrapper_kept: None,
            }],
        }
    }

    fn add(&mut self, kind: Kind) -> Id {
        self.nodes.push(Node { kind, parent: None, children: Vec::new(), munge: Munge::default(), wrapper_kept: None });
        self.nodes.len() - 1
    }

    pub(crate) fn name(&self, id: Id) -> &str {
        match &self.nodes[id].kind {
            Kind::Element { name, .. } => &name.local,
            _ => "",
        }
    }

    fn is_html(&self, id: Id) -> bool {
        matches!(&self.nodes[id].kind, Kind::Element { name, .. } if name.ns == ns!(html))
    }

    fn detach(&mut self, id: Id) {
        if let Some(parent) = self.nodes[id].parent.take() {
            self.nodes[parent].children.retain(|&c| c != id);
        }
    }

    /// Puts `id` last under `parent` (moving it if it stands elsewhere).
    fn put_under(&mut self, parent: Id, id: Id) {
        self.detach(id);
        self.nodes[id].parent = Some(parent);
        self.nodes[parent].children.push(id);
    }

    /// Puts `id` right before `sibling`.
    fn put_before(&mut self, sibling: Id, id: Id) {
        self.detach(id);
        let Some(parent) = self.nodes[sibling].parent else { return };
        let at = self.nodes[parent].children.iter().position(|&c| c == sibling).unwrap_or(0);
        self.nodes[id].parent = Some(parent);
        self.nodes[parent].children.insert(at, id);
    }

    fn text_under(&mut self, parent: Id, text: &str) {
        if let Some(&last) = self.nodes[parent].children.last() {
            if let Kind::Text(existing) = &mut self.nodes[last].kind {
                existing.push_str(text);
                return;
            }
        }
        let id = self.add(Kind::Text(text.to_owned()));
        self.put_under(parent, id);
    }

    fn text_before(&mut self, sibling: Id, text: &str) {
        let Some(parent) = self.nodes[sibling].parent else { return };
        let at = self.nodes[parent].children.iter().position(|&c| c == sibling).unwrap_or(0);
        if at > 0 {
            let previous = self.nodes[parent].children[at - 1];
            if let Kind::Text(existing) = &mut self.nodes[previous].kind {
                existing.push_str(text);
                return;
            }
        }
        let id = self.add(Kind::Text(text.to_owned()));
        self.put_before(sibling, id);
    }

    /// Where something goes: its parent, and the node it is placed by.
    fn parent_for_insert(&mut self, place: Place, reference: Id) -> (Id, Id) {
        if place == Place::Before {
            let parent = self.nodes[reference].parent.unwrap_or(DOCUMENT);
            return (parent, reference);
        }
        let mut node = reference;
        if self.nodes[node].munge.current_clone.is_some() {
            while let Some(clone) = self.nodes[node].munge.current_clone {
                node = clone;
            }
            self.nodes[reference].munge.current_clone = Some(node);
        } else if let Some(p) = self.nodes[node].munge.child_p {
            node = p;
        }
        (node, node)
    }

    fn insert_p_wrapper(&mut self, parent: Id) -> Id {
        let name = QualName::new(None, ns!(html), LocalName::from(P_WRAP));
        let wrapper = self.add(Kind::Element { name, attributes: Vec::new() });
        self.put_under(parent, wrapper);
        self.nodes[wrapper].munge = Munge { is_p_wrapper: true, wrap_base: Some(parent), ..Munge::default() };
        self.nodes[parent].munge.child_p = Some(wrapper);
        wrapper
    }

    fn characters(&mut self, place: Place, reference: Id, text: &str) {
        let blank = super::is_blank(text);
        let (mut parent, mut reference_node) = self.parent_for_insert(place, reference);
        if place == Place::Under {
            let data = &self.nodes[parent].munge;
            if data.needs_p_wrapping && !blank {
                // html5ever hands leading white space over apart from the text after it, where
                // RemexHtml gives one run: white space just put there joins the paragraph.
                let leading = self.nodes[reference_node]
                    .children
                    .last()
                    .copied()
                    .filter(|&last| matches!(&self.nodes[last].kind, Kind::Text(t) if super::is_blank(t)));
                let base = reference_node;
                reference_node = self.insert_p_wrapper(base);
                if let Some(space) = leading {
                    self.put_under(reference_node, space);
                }
                parent = reference_node;
            } else if data.is_splittable && data.ancestor_p.is_none() {
                reference_node = self.split_tag_stack(reference_node, true);
                parent = reference_node;
            }
        }
        if !blank {
            self.nodes[parent].munge.nonblank += 1;
        }
        match place {
            Place::Under => self.text_under(reference_node, text),
            Place::Before => self.text_before(reference_node, text),
        }
    }

    fn insert_element(&mut self, place: Place, reference: Id, element: Id) {
        let (mut parent, mut new_reference) = self.parent_for_insert(place, reference);
        let name = self.name(element).to_owned();
        let html = self.is_html(element);
        let inline = html && ONLY_INLINE.contains(&name.as_str());
        let under = place == Place::Under;
        let data = self.nodes[parent].munge.clone();
        if html && METADATA.contains(&name.as_str()) {
            // Metadata goes where it is put.
        } else if under && data.is_p_wrapper && !inline {
            // A block closes the paragraph it would have gone into.
            parent = self.nodes[parent].parent.unwrap_or(DOCUMENT);
            self.nodes[parent].munge.child_p = None;
            new_reference = reference;
        } else if under && data.is_splittable && data.ancestor_p.is_some() != inline {
            new_reference = self.split_tag_stack(new_reference, inline);
            parent = new_reference;
        } else if under && data.needs_p_wrapping && inline {
            new_reference = self.insert_p_wrapper(new_reference);
            parent = new_reference;
        } else if data.ancestor_p.is_some() && !inline {
            self.disable_p_wrapper(parent);
        }
        self.nodes[parent].munge.nonblank += 1;
        match place {
            Place::Under => self.put_under(new_reference, element),
            Place::Before => self.put_before(new_reference, element),
        }
        let parent_data = self.nodes[parent].munge.clone();
        let element_data = &mut self.nodes[element].munge;
        if (parent_data.is_p_wrapper || parent_data.is_splittable) && html && FORMATTING.contains(&name.as_str()) {
            element_data.is_splittable = true;
        }
        if parent_data.is_p_wrapper {
            element_data.ancestor_p = Some(parent);
        } else if let Some(p) = parent_data.ancestor_p {
            element_data.ancestor_p = Some(p);
        }
        if let Some(base) = parent_data.wrap_base {
            element_data.wrap_base = Some(base);
        } else if parent_data.needs_p_wrapping {
            element_data.wrap_base = Some(parent);
        }
        if matches!(name.as_str(), "body" | "blockquote" | "html") {
            element_data.needs_p_wrapping = true;
        }
    }

    /// The formatting elements open between the paragraph (or its base) and `parent_node`
    /// closed and opened again in a new paragraph (`inline`) or without one.
    fn split_tag_stack(&mut self, parent_node: Id, inline: bool) -> Id {
        let data = self.nodes[parent_node].munge.clone();
        let Some(wrap_base) = data.wrap_base else { return parent_node };
        let mut p_wrap = data.ancestor_p;
        let clone_end = p_wrap.unwrap_or(wrap_base);
        let mut node = parent_node;
        let mut nodes = Vec::new();
        let mut removable = Vec::new();
        while node != clone_end {
            let Some(next_parent) = self.nodes[node].parent.filter(|&p| p != DOCUMENT) else { return parent_node };
            nodes.push(node);
            if self.nodes[node].munge.nonblank == 0 {
                removable.push(node);
                self.nodes[next_parent].munge.nonblank -= 1;
            }
            node = next_parent;
        }
        if inline {
            let wrapper = self.insert_p_wrapper(wrap_base);
            p_wrap = Some(wrapper);
            node = wrapper;
        } else {
            if p_wrap.is_some() {
                self.nodes[wrap_base].munge.child_p = None;
            }
            p_wrap = None;
            node = wrap_base;
        }
        for &old in nodes.iter().rev() {
            let node_parent = node;
            let (name, attributes) = match &self.nodes[old].kind {
                Kind::Element { name, attributes } => (name.clone(), attributes.clone()),
                _ => continue,
            };
            let clone = self.add(Kind::Element { name, attributes });
            self.put_under(node_parent, clone);
            self.nodes[old].munge.current_clone = Some(clone);
            self.nodes[clone].munge = Munge {
                ancestor_p: p_wrap,
                is_splittable: true,
                wrap_base: Some(wrap_base),
                is_p_wrapper: self.nodes[old].munge.is_p_wrapper,
                ..Munge::default()
            };
            self.nodes[node_parent].munge.nonblank += 1;
            node = clone;
        }
        for gone in removable {
            self.detach(gone);
        }
        node
    }

    /// A block put inside an inline element that is in a paragraph: the element leaves the
    /// paragraph (when the paragraph is the last thing written).
    fn disable_p_wrapper(&mut self, node: Id) {
        let Some(p_wrap) = self.nodes[node].munge.ancestor_p else { return };
        let Some(new_parent) = self.nodes[p_wrap].parent else { return };
        if self.nodes[new_parent].children.last() != Some(&p_wrap) {
            return;
        }
        let mut next = node;
        let victim = loop {
            let victim = next;
            self.nodes[victim].munge.ancestor_p = None;
            match self.nodes[victim].parent {
                Some(parent) if parent != p_wrap => next = parent,
                _ => break victim,
            }
        };
        self.put_under(new_parent, victim);
        self.nodes[p_wrap].munge.nonblank -= 1;
        self.nodes[new_parent].munge.child_p = None;
    }

    fn end_tag(&mut self, id: Id) {
        if let Some(p) = self.nodes[id].munge.child_p {
            self.end_tag(p);
        }
        if self.nodes[id].munge.is_p_wrapper {
            self.nodes[id].wrapper_kept = Some(self.nodes[id].munge.nonblank > 0);
        }
        let is_p_wrapper = self.nodes[id].munge.is_p_wrapper;
        self.nodes[id].munge = Munge { is_p_wrapper, ..Munge::default() };
    }

    fn append_child(&mut self, place: Place, reference: Id, child: NodeOrText<Id>) {
        match child {
            NodeOrText::AppendNode(id) => match &self.nodes[id].kind {
                Kind::Element { .. } => self.insert_element(place, reference, id),
                _ => {
                    let (_, reference_node) = self.parent_for_insert(place, reference);
                    match place {
                        Place::Under => self.put_under(reference_node, id),
                        Place::Before => self.put_before(reference_node, id),
                    }
                }
            },
            NodeOrText::AppendText(text) => self.characters(place, reference, &text),
        }
    }
}

impl TreeSink for Munger {
    type Handle = Id;
    type Output = Munger;

    fn finish(self) -> Munger {
        self
    }

    fn parse_error(&mut self, _msg: Cow<'static, str>) {}

    fn get_document(&mut self) -> Id {
        DOCUMENT
    }

    fn elem_name<'a>(&'a self, target: &'a Id) -> ExpandedName<'a> {
        match &self.nodes[*target].kind {
            Kind::Element { name, .. } => name.expanded(),
            _ => panic!("the tree builder asks names of elements only"),
        }
    }

    fn create_element(&mut self, name: QualName, attributes: Vec<Attribute>, _flags: ElementFlags) -> Id {
        self.add(Kind::Element { name, attributes })
    }

    fn create_comment(&mut self, text: StrTendril) -> Id {
        self.add(Kind::Comment(text.to_string()))
    }

    fn create_pi(&mut self, _target: StrTendril, data: StrTendril) -> Id {
        self.add(Kind::Comment(data.to_string()))
    }

    fn append(&mut self, parent: &Id, child: NodeOrText<Id>) {
        self.append_child(Place::Under, *parent, child);
    }

    fn append_based_on_parent_node(&mut self, element: &Id, prev_element: &Id, child: NodeOrText<Id>) {
        if self.nodes[*element].parent.is_some() {
            self.append_child(Place::Before, *element, child);
        } else {
            self.append_child(Place::Under, *prev_element, child);
        }
    }

    fn append_doctype_to_document(&mut self, _name: StrTendril, _public: StrTendril, _system: StrTendril) {}

    fn pop(&mut self, node: &Id) {
        self.end_tag(*node);
    }

    fn get_template_contents(&mut self, target: &Id) -> Id {
        *target
    }

    fn same_node(&self, x: &Id, y: &Id) -> bool {
        x == y
    }

    fn set_quirks_mode(&mut self, _mode: QuirksMode) {}

    fn append_before_sibling(&mut self, sibling: &Id, new_node: NodeOrText<Id>) {
        self.append_child(Place::Before, *sibling, new_node);
    }

    fn add_attrs_if_missing(&mut self, target: &Id, attrs: Vec<Attribute>) {
        if let Kind::Element { attributes, .. } = &mut self.nodes[*target].kind {
            for attr in attrs {
                if !attributes.iter().any(|a| a.name == attr.name) {
                    attributes.push(attr);
                }
            }
        }
    }

    fn remove_from_parent(&mut self, target: &Id) {
        self.detach(*target);
    }

    fn reparent_children(&mut self, node: &Id, new_parent: &Id) {
        let mut source = *node;
        while let Some(p) = self.nodes[source].munge.child_p {
            source = p;
        }
        let children = std::mem::take(&mut self.nodes[source].children);
        for &child in &children {
            self.nodes[child].parent = Some(*new_parent);
        }
        self.nodes[*new_parent].children.extend(children);
    }
}
