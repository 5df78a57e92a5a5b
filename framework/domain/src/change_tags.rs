//! The change tags the software itself applies (MediaWiki's core tags, `$wgSoftwareTags`),
//! with the label and description a wiki shows for each unless its settings say otherwise.

/// A tag's label and description.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TagText {
    /// What lists of changes show for the tag.
    pub displayname: Option<String>,
    /// What the tag is for.
    pub description: Option<String>,
}

/// The tags the software applies: name, label, description.
pub const SOFTWARE_TAGS: &[(&str, &str, &str)] = &[
    ("mw-blank", "Blanked", "The edit left the page empty"),
    ("mw-changed-redirect-target", "Redirect retargeted", "The edit pointed a redirect at another page"),
    ("mw-contentmodelchange", "Content model changed", "The edit changed the page's content model"),
    ("mw-manual-revert", "Manual revert", "The edit brought the page back to an earlier revision by hand"),
    ("mw-new-redirect", "New redirect", "The edit made the page a redirect"),
    ("mw-removed-redirect", "Redirect removed", "The edit turned a redirect into an ordinary page"),
    ("mw-replace", "Content replaced", "The edit removed most of the page's content"),
    ("mw-reverted", "Reverted", "A later edit by someone else undid this edit"),
    ("mw-rollback", "Rollback", "The edit rolled back the previous editor's edits"),
    ("mw-server-side-upload", "Server-side upload", "The file was uploaded by a maintenance script"),
    ("mw-undo", "Undo", "The edit undid earlier edits"),
];

/// Whether the software defines a tag.
pub fn is_software_tag(name: &str) -> bool {
    SOFTWARE_TAGS.iter().any(|(n, _, _)| *n == name)
}

/// The text a software tag has by default.
pub fn default_text(name: &str) -> TagText {
    match SOFTWARE_TAGS.iter().find(|(n, _, _)| *n == name) {
        Some((_, label, description)) => {
            TagText { displayname: Some((*label).to_owned()), description: Some((*description).to_owned()) }
        }
        None => TagText::default(),
    }
}
