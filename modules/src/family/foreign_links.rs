//! Links to other wikis of the page set's pages (MediaWiki's `ApiQueryLangLinks` and
//! `ApiQueryIWLinks`): `prop=langlinks` lists the interlanguage links, `prop=iwlinks` the
//! interwiki links; one [`run`] reads either table, pages them and gives each link's URL,
//! and the module writes the item.

use serde_json::{Map, Value};
use wikiquery_framework::{ApiError, Limit, LooseInt, QueryContext};
use wikiquery_store::queries::foreign_links::ForeignLinksFilter;
use wikiquery_store::store::Store;

use crate::storage;

/// One listing of the family.
pub struct ForeignListing<'a> {
    /// Interlanguage links (else interwiki links).
    pub languages: bool,
    /// Only links with this language code or interwiki prefix.
    pub prefix: Option<&'a str>,
    /// Only links to this title (which needs `prefix`).
    pub title: Option<&'a str>,
    /// The deprecated `url` flag given with `prop`: MediaWiki's parameter-mix error.
    pub url_and_prop: bool,
    /// Where to continue: `<page>|<prefix>` (`|<title>` for interwiki links).
    pub continue_: Option<&'a str>,
    /// Last first.
    pub descending: bool,
    /// The batch's size.
    pub limit: Limit,
}

/// Lists the links; `item((prefix, title), url)` writes one.
pub fn run(
    ctx: &mut QueryContext<'_>,
    listing: ForeignListing<'_>,
    item: &mut dyn FnMut((&str, &str), Option<String>) -> Map<String, Value>,
) -> Result<(), ApiError> {
    let Some(pageset) = ctx.page_set() else { return Ok(()) };
    let from: Vec<i64> = pageset.good.iter().map(|p| p.id).collect();
    if from.is_empty() {
        return Ok(());
    }
    let p = ctx.module.prefix;
    let by = if listing.languages { "lang" } else { "prefix" };
    if listing.title.is_some() && listing.prefix.is_none() {
        return Err(ApiError::new(
            "invalidparammix",
            format!("The \"{p}title\" parameter may only be used with \"{p}{by}\"."),
        ));
    }
    if listing.url_and_prop {
        return Err(ApiError::invalid_param_mix(&[&format!("{p}url"), &format!("{p}prop")]));
    }
    let continue_from = match listing.continue_ {
        None => None,
        Some(raw) => {
            let parts: Vec<&str> = raw.split('|').collect();
            if parts.len() != if listing.languages { 2 } else { 3 } {
                return Err(ApiError::bad_continue());
            }
            let LooseInt(from) = <LooseInt as wikiquery_framework::ContinuePart>::parse_part(parts[0])?;
            Some((from, parts[1].to_owned(), parts.get(2).copied().unwrap_or_default().to_owned()))
        }
    };
    let filter = ForeignLinksFilter {
        languages: listing.languages,
        from,
        prefix: listing.prefix.map(str::to_owned),
        title: listing.title.map(str::to_owned),
        continue_from,
        descending: listing.descending,
        limit: listing.limit.fetch(),
    };
    let (rows, next) = listing.limit.split(storage::reader(ctx)?.foreign_links(&filter)?);
    let store = ctx.services.require::<Store>()?;
    let interwikis = store.site().interwikis();
    let key = ctx.module.name;
    for (page, prefix, title) in rows {
        let url = interwikis.url(&prefix, &title.replace(' ', "_"));
        let written = item((&prefix, &title), url);
        ctx.push_page_item(page, key, Value::Object(written));
    }
    if let Some((page, prefix, title)) = next {
        let value = if listing.languages { format!("{page}|{prefix}") } else { format!("{page}|{prefix}|{title}") };
        ctx.set_continue(value);
    }
    Ok(())
}
