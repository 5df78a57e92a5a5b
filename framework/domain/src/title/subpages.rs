//! Links relative to the page (`[[/Sub]]`, `[[../Sibling]]`, `{{/Doc}}`).

use crate::php;
use crate::title::SiteNamespaces;

/// A relative link (`/Sub`, `../Sibling`) made absolute against the page `page_text` in
/// namespace `ns`, as MediaWiki's `Linker::normalizeSubpageLink` does where the namespace has
/// subpages; other targets are returned unchanged. `label` gets the text MediaWiki would show
/// when it is empty.
pub fn normalize_subpage_link(
    namespaces: &SiteNamespaces,
    ns: i32,
    page_text: &str,
    target: &str,
    label: &mut String,
) -> String {
    if !namespaces.has_subpages(ns) {
        return target.to_owned();
    }
    let (base, suffix) = match target.find('#') {
        Some(h) => (&target[..h], &target[h..]),
        None => (target, ""),
    };
    let base = php::trim(base);
    if let Some(stripped) = base.strip_prefix('/') {
        let without_trailing = stripped.trim_end_matches('/');
        let had_trailing = without_trailing.len() != stripped.len();
        let noslash = if had_trailing { without_trailing } else { stripped };
        if label.is_empty() {
            // MediaWiki shows the link as written, minus the slashes it strips.
            *label = format!("{}{suffix}", if had_trailing { noslash.to_owned() } else { base.to_owned() });
        }
        return format!("{page_text}/{}{suffix}", php::trim(noslash));
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
    let segments: Vec<&str> = page_text.split('/').collect();
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
    let rest = php::trim(&rest);
    if !rest.is_empty() {
        out.push('/');
        out.push_str(rest);
    }
    out.push_str(suffix);
    out
}
