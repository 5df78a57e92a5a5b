//! What the parser records about a page besides its links: the behaviour switches
//! (`__NOTOC__`, `__HIDDENCAT__`…), `DISPLAYTITLE` and `DEFAULTSORT` as page properties, and
//! the tracking categories MediaWiki's core adds (a missing file, a hidden category, an
//! ignored display title, a page that asks for (no)indexing where it may).

use wikiquery_domain::magic_words::behaviour_switches;
use wikiquery_domain::quotes::do_quotes;
use wikiquery_domain::title::NS_CATEGORY;

use super::expand::Expansion;
use super::expand::OPAQUE;
use super::links::Collector;
use super::LinkContext;

/// Takes the behaviour switches out of the expanded text and records what the page's
/// expansion set as page properties, with the tracking categories they bring.
pub(super) fn record_page_properties(out: &mut Collector<'_, '_>, ctx: &LinkContext<'_>, expansion: &mut Expansion) {
    let (text, switches) = behaviour_switches(&expansion.main);
    expansion.main = text;
    let page_ns = ctx.page.as_ref().map(|(ns, _)| *ns);
    let may_ask_for_indexing = page_ns.is_some_and(|ns| !ctx.content_namespaces.contains(&ns));
    for switch in &switches {
        out.props.push(((*switch).to_owned(), String::new()));
        match *switch {
            "hiddencat" if page_ns == Some(NS_CATEGORY) => out.add_tracking_category("hidden-category-category"),
            "noindex" if may_ask_for_indexing => out.add_tracking_category("noindex-category"),
            "index" if may_ask_for_indexing => out.add_tracking_category("index-category"),
            _ => {}
        }
    }
    for message in &expansion.tracking {
        out.add_tracking_category(message);
    }
    let (display, ignored) = display_title(ctx, &expansion.display_titles);
    if let Some(display) = display {
        out.props.push(("displaytitle".to_owned(), display));
    }
    if ignored {
        out.add_tracking_category("restricted-displaytitle-ignored");
    }
    if let Some(key) = &expansion.default_sort {
        out.props.push(("defaultsort".to_owned(), key.clone()));
    }
}

/// The page's display title as MediaWiki records it (`displaytitle`), from the
/// `{{DISPLAYTITLE:}}` calls in order (text, argument): only one that still names the page
/// counts, a later one replacing an earlier unless it says `noreplace`. The second value tells
/// whether some call was ignored for naming another page.
fn display_title(ctx: &LinkContext<'_>, calls: &[(String, Option<String>)]) -> (Option<String>, bool) {
    let mut shown: Option<String> = None;
    let mut ignored = false;
    let Some((ns, dbkey)) = &ctx.page else { return (None, false) };
    for (text, argument) in calls {
        // HTML or references of its own would need MediaWiki's sanitizer; such a title is
        // not recorded.
        if text.contains('&') || strip_tags(text) != text.as_str() {
            continue;
        }
        // What an extension tag left is taken out, as MediaWiki kills its markers.
        let html = do_quotes(text).replace(OPAQUE, "");
        let names_the_page = ctx
            .parse(&strip_tags(&html), 0)
            .is_some_and(|t| t.fragment.is_empty() && !t.is_external() && t.ns == *ns && t.dbkey == *dbkey);
        if !names_the_page {
            ignored = true;
            continue;
        }
        if shown.is_none() || argument.as_deref() != Some("noreplace") {
            shown = Some(html);
        }
    }
    (shown, ignored)
}

/// `text` without its HTML tags.
fn strip_tags(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('<') {
        out.push_str(&rest[..open]);
        match rest[open..].find('>') {
            Some(close) => rest = &rest[open + close + 1..],
            None => {
                out.push_str(&rest[open..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn behaviour_switches_are_taken_out_of_the_text() {
        let (text, found) = behaviour_switches("a__NOTOC__b __notoc__ __HIDDENCAT__ __hiddencat__ ___TOC__ __X__");
        assert_eq!(text, "ab   __hiddencat__ _ __X__");
        assert_eq!(found, ["notoc", "hiddencat", "toc"]);
    }
}
