//! Links to other wikis (MediaWiki's `ApiQueryLangLinks`, `ApiQueryIWLinks`,
//! `ApiQueryLangBacklinks` and `ApiQueryIWBacklinks`): `prop=langlinks` and `prop=iwlinks` list
//! those of the page set's pages — one [`run`] reads either table, pages them and gives each
//! link's URL, and the module writes the item —; `list=langbacklinks` and `list=iwbacklinks`
//! list the pages with such links, one [`run_backlinks`].

use serde_json::{Map, Value};
use wikiquery_domain::title::full_text;
use wikiquery_runtime::{ApiError, Continue, ContinuePart, Generated, Limit, LooseInt, Parts, QueryContext};
use wikiquery_store::queries::links::foreign::{ForeignBacklinksFilter, ForeignLinksFilter};

use crate::wiki::WikiContext;

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
    pub continue_: Option<&'a Continue<Parts>>,
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
            let parts = raw.parts(if listing.languages { 2 } else { 3 })?;
            let LooseInt(from) = LooseInt::parse_part(parts[0])?;
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
    let (rows, next) = listing.limit.split(ctx.reader()?.foreign_links(&filter)?);
    let store = ctx.store()?;
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

/// One listing of pages linking to other wikis.
pub struct ForeignBacklinks<'a> {
    /// Interlanguage links (else interwiki links).
    pub languages: bool,
    /// Only links with this language code or interwiki prefix.
    pub prefix: Option<&'a str>,
    /// Only links to this title (which needs `prefix`).
    pub title: Option<&'a str>,
    /// The error code for a title without a prefix (`nolang`, `invalidparammix`).
    pub missing_prefix_code: &'static str,
    /// The member giving each link's prefix (`lllang`, `iwprefix`), when asked for.
    pub prefix_member: Option<&'static str>,
    /// The member giving each link's title (`lltitle`, `iwtitle`), when asked for.
    pub title_member: Option<&'static str>,
    /// Where to continue: `<prefix>|<title>|<page>`.
    pub continue_: Option<&'a Continue<Parts>>,
    /// Last first.
    pub descending: bool,
    /// The batch's size.
    pub limit: Limit,
}

/// Lists the pages with links to other wikis (or, as a generator, gives them).
pub fn run_backlinks(ctx: &mut QueryContext<'_>, listing: ForeignBacklinks<'_>) -> Result<(), ApiError> {
    let p = ctx.module.prefix;
    let by = if listing.languages { "lang" } else { "prefix" };
    if listing.title.is_some() && listing.prefix.is_none() {
        return Err(ApiError::new(
            listing.missing_prefix_code,
            format!("The \"{p}title\" parameter may only be used with \"{p}{by}\"."),
        ));
    }
    let continue_from = match listing.continue_ {
        None => None,
        Some(raw) => {
            let parts = raw.parts(3)?;
            let LooseInt(from) = LooseInt::parse_part(parts[2])?;
            Some((parts[0].to_owned(), parts[1].to_owned(), from))
        }
    };
    let filter = ForeignBacklinksFilter {
        languages: listing.languages,
        prefix: listing.prefix.map(str::to_owned),
        title: listing.title.map(str::to_owned),
        continue_from,
        descending: listing.descending,
        limit: listing.limit.fetch(),
    };
    let (rows, next) = listing.limit.split(ctx.reader()?.foreign_backlinks(&filter)?);
    ctx.emit(
        rows,
        |row| Generated::Title(row.page_ns, row.page_title.clone()),
        |ctx, rows| {
            let store = ctx.store()?;
            let names = store.site().namespaces();
            for row in rows {
                let mut item = Map::new();
                item.insert("pageid".into(), Value::from(row.from));
                item.insert("ns".into(), Value::from(row.page_ns));
                item.insert("title".into(), Value::from(full_text(row.page_ns, &row.page_title, names)));
                if row.page_is_redirect != 0 {
                    item.insert("redirect".into(), Value::from(true));
                }
                if let Some(member) = listing.prefix_member {
                    item.insert(member.into(), Value::from(row.prefix.clone()));
                }
                if let Some(member) = listing.title_member {
                    item.insert(member.into(), Value::from(row.title.clone()));
                }
                ctx.push_item(Value::Object(item));
            }
            ctx.ensure_list();
            Ok(())
        },
    )?;
    if let Some(row) = next {
        ctx.set_continue((&row.prefix, &row.title, &row.from));
    }
    Ok(())
}
