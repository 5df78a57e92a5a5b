//! The tracking categories MediaWiki's core adds to a page, named by the wiki's `MediaWiki:`
//! pages or the defaults: what both the link collector and the page-property step ask for.

use wikiquery_domain::title::{NS_CATEGORY, NS_MEDIAWIKI, NS_SPECIAL};
use wikiquery_domain::tracking::category_name;

use super::LinkContext;

/// The category a tracking message names on this wiki (its `MediaWiki:` page, else the
/// default), as a database key; `None` where none is added: no page, a special page, a
/// message set to `-`, a name that is no title.
pub(super) fn tracking_category(ctx: &LinkContext<'_>, message: &str) -> Option<String> {
    let (ns, _) = ctx.page.as_ref()?;
    if *ns == NS_SPECIAL {
        return None;
    }
    let page = wikiquery_domain::title::upper_first(message);
    let text = ctx.template_text.and_then(|text_of| text_of(NS_MEDIAWIKI, &page));
    let name = category_name(message, text.as_deref())?;
    let title = ctx.parse(&format!("Category:{name}"), NS_CATEGORY)?;
    (title.ns == NS_CATEGORY && !title.is_external() && !title.dbkey.is_empty()).then_some(title.dbkey)
}
