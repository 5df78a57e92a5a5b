//! The tracking categories MediaWiki's core adds to a page, named by the wiki's `MediaWiki:`
//! pages or the defaults: what both the link collector and the page-property step ask for.

use wikiquery_domain::title::{decode_char_references, NS_CATEGORY, NS_MEDIAWIKI, NS_SPECIAL};

use super::LinkContext;

/// The tracking categories of MediaWiki's core that the link tables can show, by the name of
/// the interface message that names them, with the name a wiki has unless its
/// `MediaWiki:` page says otherwise.
const TRACKING_CATEGORIES: &[(&str, &str)] = &[
    ("broken-file-category", "Pages with broken file links"),
    ("hidden-category-category", "Hidden categories"),
    ("noindex-category", "Noindexed pages"),
    ("index-category", "Indexed pages"),
    ("restricted-displaytitle-ignored", "Pages with ignored display titles"),
];

/// The category a tracking message names on this wiki (its `MediaWiki:` page, else the
/// default), as a database key; `None` where none is added: no page, a special page, a
/// message set to `-`, a name that is no title.
pub(super) fn tracking_category(ctx: &LinkContext<'_>, message: &str) -> Option<String> {
    let (ns, _) = ctx.page.as_ref()?;
    if *ns == NS_SPECIAL {
        return None;
    }
    let default = TRACKING_CATEGORIES.iter().find(|(m, _)| *m == message)?.1;
    let page = wikiquery_domain::title::upper_first(message);
    let name = ctx
        .template_text
        .and_then(|text_of| text_of(NS_MEDIAWIKI, &page))
        .map(|text| decode_char_references(wikiquery_domain::php::trim(&text)).into_owned())
        .unwrap_or_else(|| default.to_owned());
    if name == "-" {
        return None;
    }
    let title = ctx.parse(&format!("Category:{name}"), NS_CATEGORY)?;
    (title.ns == NS_CATEGORY && !title.is_external() && !title.dbkey.is_empty()).then_some(title.dbkey)
}
