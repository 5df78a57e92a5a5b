//! The links-of-a-page family (MediaWiki's `ApiQueryLinks` and `ApiQueryImages`):
//! `prop=links`, `prop=templates` and `prop=images` list, for each page of the page set, the
//! pages it links to, the pages it transcludes and the files it uses (`pagelinks`,
//! `templatelinks`, `imagelinks`), optionally only some targets, in (page, namespace, title)
//! order; one [`run`] for the three.

use serde_json::json;
use wikiquery_domain::title::{full_text, parse_title, NS_FILE, NS_MAIN};
use wikiquery_runtime::{ApiError, Continue, Generated, Limit, LooseInt, Namespace, ParamGroup, Parts, QueryContext};
pub use wikiquery_store::queries::links::LinkTable;
use wikiquery_store::queries::links::LinksFilter;

use crate::wiki::WikiContext;

/// The first parameters of `links` and `templates`, in the spec's order (`images` has no
/// namespace filter, so it declares its own).
#[derive(Debug, Clone, ParamGroup)]
pub struct LinksParams {
    /// Only list targets in these namespaces.
    #[param(all, extra_namespaces)]
    pub namespace: Vec<Namespace>,
    /// How many targets to return, counted over all the given pages together.
    #[param(default = 10)]
    pub limit: Limit,
    /// When more results are available, use this to continue.
    #[param(rename = "continue")]
    pub continue_: Option<Continue<Parts>>,
}

/// One listing of the family: which table, the filters and the batch.
pub struct LinkListing<'a> {
    /// The table read.
    pub table: LinkTable,
    /// Only targets in these namespaces (none: all).
    pub namespaces: Vec<i32>,
    /// Only these targets, as titles given (none: all).
    pub targets: &'a [String],
    /// Where to continue.
    pub continue_: Option<&'a Continue<Parts>>,
    /// Last first.
    pub descending: bool,
    /// The batch's size.
    pub limit: Limit,
}

/// Lists the links of the page set's pages (or, as a generator, gives their targets).
pub fn run(ctx: &mut QueryContext<'_>, listing: LinkListing<'_>) -> Result<(), ApiError> {
    let Some(pageset) = ctx.page_set() else { return Ok(()) };
    let from: Vec<i64> = pageset.good.iter().map(|p| p.id).collect();
    if from.is_empty() {
        return Ok(());
    }
    let site = ctx.site()?;
    let images = listing.table == LinkTable::Images;
    // `from|title` for files, `from|ns|title` for the others; files read it before their
    // targets, the others after, as MediaWiki's modules do.
    let read_continue = || -> Result<Option<(i64, i32, String)>, ApiError> {
        Ok(match listing.continue_ {
            None => None,
            Some(raw) if images => {
                let (LooseInt(from), title) = raw.read_as::<(LooseInt, String)>()?;
                Some((from, NS_FILE, title))
            }
            Some(raw) => {
                let (LooseInt(from), LooseInt(ns), title) = raw.read_as::<(LooseInt, LooseInt, String)>()?;
                Some((from, i32::try_from(ns).unwrap_or(0), title))
            }
        })
    };
    let continue_first = if images { read_continue()? } else { None };
    let targets = if listing.targets.is_empty() {
        None
    } else {
        let iw = site.interwikis();
        let mut found = Vec::new();
        for raw in listing.targets {
            match parse_title(raw, NS_MAIN, site.namespaces(), &|p| iw.is_interwiki(p)) {
                // For files, a title that is no file's, bad or another wiki's alike.
                Ok(t) if images && (t.ns != NS_FILE || t.is_external()) => {
                    ctx.warn("notfile", format!("\"{raw}\" is not a file."));
                }
                Err(_) if images => ctx.warn("notfile", format!("\"{raw}\" is not a file.")),
                Ok(t) if !t.is_external() => {
                    if listing.namespaces.is_empty() || listing.namespaces.contains(&t.ns) {
                        found.push((t.ns, t.dbkey));
                    }
                }
                _ => ctx.warn("invalidtitle", format!("Bad title \"{raw}\".")),
            }
        }
        if found.is_empty() {
            return Ok(());
        }
        Some(found)
    };
    let continue_from = if images { continue_first } else { read_continue()? };
    let limit = listing.limit;
    let filter = LinksFilter {
        table: listing.table,
        from,
        // A target filter already keeps to the namespaces.
        namespaces: (targets.is_none() && !listing.namespaces.is_empty()).then(|| listing.namespaces.clone()),
        targets,
        continue_from,
        descending: listing.descending,
        limit: limit.fetch(),
    };
    let (rows, next) = limit.split(ctx.reader()?.page_links(&filter)?);
    let key = ctx.module.name;
    ctx.emit(
        rows,
        |(_, ns, title)| Generated::Title(*ns, title.clone()),
        |ctx, rows| {
            for (from, ns, title) in rows {
                let text = full_text(ns, &title, site.namespaces());
                ctx.push_page_item(from, key, json!({ "ns": ns, "title": text }));
            }
            Ok(())
        },
    )?;
    if let Some((from, ns, title)) = next {
        let value = if images { format!("{from}|{title}") } else { format!("{from}|{ns}|{title}") };
        ctx.set_continue(value);
    }
    Ok(())
}
