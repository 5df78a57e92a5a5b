//! `{{#tag:}}`: a parser function that writes an extension tag (MediaWiki's
//! `CoreParserFunctions::tagObj`).

use super::{element_named, Element, Expander, ExtensionTag, Frame, Unsupported};
use crate::php;

impl Expander<'_> {
    /// `{{#tag:name|content|attribute=value…}}`: the extension tag it names, given to the wiki
    /// as if written out; a tag that is no extension's is written out as ordinary text
    /// (MediaWiki's `CoreParserFunctions::tagObj`). Numbered arguments after the content are
    /// ignored.
    pub(super) fn tag_function(
        &mut self,
        name: &str,
        parts: &[&Element],
        frame: &Frame<'_>,
    ) -> Result<String, Unsupported> {
        let tag_name = php::trim(name).to_lowercase();
        let inner = match parts.first() {
            Some(part) => Some(self.nodes(&part.children, frame)?),
            None => None,
        };
        // Its `<nowiki>` would be taken out before the tag reads it, which this expander
        // does not do.
        if tag_name == "pre" && inner.as_deref().is_some_and(|i| i.to_lowercase().contains("<nowiki")) {
            return self.wiki.cannot_expand(Unsupported("{{#tag:pre}} with <nowiki>".into()));
        }
        let mut attributes: Vec<(String, String)> = Vec::new();
        for part in parts.iter().skip(1) {
            let name = part.children.iter().find_map(|c| element_named(c, "name"));
            let Some(name) = name.filter(|n| !n.attributes.iter().any(|(a, _)| *a == "index")) else { continue };
            let value = part.children.iter().find_map(|c| element_named(c, "value"));
            let key = php::trim(&self.nodes(&name.children, frame)?).to_owned();
            let value = match value {
                Some(v) => php::trim(&self.nodes(&v.children, frame)?).to_owned(),
                None => String::new(),
            };
            // Quotes around the value are taken off.
            let unquoted = if value.len() >= 2
                && ((value.starts_with('"') && value.ends_with('"'))
                    || (value.starts_with('\'') && value.ends_with('\'')))
            {
                value[1..value.len() - 1].to_owned()
            } else {
                value
            };
            match attributes.iter_mut().find(|(n, _)| *n == key) {
                Some(kept) => kept.1 = unquoted,
                None => attributes.push((key, unquoted)),
            }
        }
        if !self.options.extension_tags.iter().any(|t| t.eq_ignore_ascii_case(&tag_name)) {
            let mut text = format!("<{tag_name}");
            for (name, value) in &attributes {
                text.push_str(&format!(" {}=\"{}\"", crate::html::escape(name), crate::html::escape(value)));
            }
            return Ok(match inner {
                None => format!("{text}/>"),
                Some(inner) => format!("{text}>{inner}</{tag_name}>"),
            });
        }
        let mut attribute_text = String::new();
        for (name, value) in &attributes {
            attribute_text.push_str(&format!(
                " {}=\"{}\"",
                crate::html::escape(name),
                value.replace('&', "&amp;").replace('"', "&quot;").replace('<', "&lt;").replace('>', "&gt;")
            ));
        }
        let close = format!("</{tag_name}>");
        let tag = ExtensionTag { name: tag_name, attributes: attribute_text, inner, close, depth: frame.depth };
        self.wiki.extension_tag(&tag)
    }
}
