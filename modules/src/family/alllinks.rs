//! The all-links family (MediaWiki's `ApiQueryAllLinks`): `list=alllinks`,
//! `list=allredirects`, `list=alltransclusions` and `list=allfileusages` list the targets of
//! `pagelinks`, `redirect`, `templatelinks` and `imagelinks` in title order, optionally once
//! each (`unique`).

use serde_json::{Map, Value};
use wikiquery_domain::title::full_text;
use wikiquery_runtime::{
    ApiError, Continue, ContinuePart, Generated, Limit, LooseInt, ParamGroup, ParamValues, Parts, QueryContext,
    ValueList,
};
use wikiquery_store::queries::links::alllinks::AllLinksFilter;
pub use wikiquery_store::queries::links::backlinks::BacklinkTable;

use crate::storage;
use crate::values::SortDir;
use crate::wiki::WikiContext;

/// What to return of each link target; shared by `alllinks`, `allfileusages` and
/// `alltransclusions` (`allredirects` adds fragment and interwiki).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum AllLinksProp {
    /// The page id of the page the link comes from (`fromid`); not available with `unique`.
    Ids,
    /// The target's namespace and full title.
    Title,
}

/// Where in the targets' titles to list, the family's first parameters in the spec's order.
#[derive(Debug, Clone, ParamGroup)]
pub struct AllLinksRange {
    /// When more results are available, use this to continue.
    #[param(rename = "continue")]
    pub continue_: Option<Continue<Parts>>,
    /// The target title to start listing at, written without its namespace prefix (the
    /// namespace is given by `namespace`).
    pub from: Option<String>,
    /// The target title to stop listing at (included), without its namespace prefix.
    pub to: Option<String>,
    /// Only list targets whose title, without the namespace prefix, begins with this text.
    pub prefix: Option<String>,
    /// List each target once instead of once for every page pointing at it. Only the `title`
    /// property can then be asked for; as a generator, this gives the targets themselves
    /// rather than the pages pointing at them.
    pub unique: bool,
}

/// One listing of the family: the table, the namespace and what to give of each target.
pub struct AllLinksListing<'a> {
    /// The table read.
    pub table: BacklinkTable,
    /// The range parameters.
    pub range: &'a AllLinksRange,
    /// The targets' namespace.
    pub namespace: i32,
    /// The `prop` values asked for, by name, in the order given.
    pub props: Vec<&'static str>,
    /// Last first.
    pub descending: bool,
    /// The batch's size.
    pub limit: Limit,
}

impl<'a> AllLinksListing<'a> {
    /// The listing a module's parameters ask of `table`: its range, namespace, props, order
    /// and limit.
    pub fn new<P: ValueList>(
        table: BacklinkTable,
        range: &'a AllLinksRange,
        namespace: i32,
        props: &[P],
        dir: SortDir,
        limit: Limit,
    ) -> Self {
        let props = props.iter().map(|p| p.as_str()).collect();
        AllLinksListing { table, range, namespace, props, descending: dir == SortDir::Descending, limit }
    }
}

/// Lists the targets (or, as a generator, gives them: each target once with `unique`, else
/// the linking pages).
pub fn run(ctx: &mut QueryContext<'_>, listing: AllLinksListing<'_>) -> Result<(), ApiError> {
    let range = listing.range;
    let p = ctx.module.prefix;
    let has = |name: &str| listing.props.contains(&name);
    if range.unique {
        // What belongs to one link, not to its target, cannot be asked once per target.
        let clash: Vec<&str> = listing.props.iter().copied().filter(|v| *v != "title").collect();
        if !clash.is_empty() {
            return Err(ApiError::new(
                "invalidparammix",
                format!("Cannot use \"{p}prop={}\" with \"{p}unique\".", clash.join("|")),
            ));
        }
    }
    let continue_from = match range.continue_.as_ref() {
        None => None,
        Some(raw) if range.unique => Some((raw.parts(1)?[0].to_owned(), None)),
        Some(raw) => {
            let parts = raw.parts(2)?;
            let LooseInt(from) = LooseInt::parse_part(parts[1])?;
            Some((parts[0].to_owned(), Some(from)))
        }
    };
    let site = ctx.site()?;
    let namespace = listing.namespace;
    let title_part = |part: &Option<String>| storage::title_part(site, part.as_deref(), namespace);
    // A continue value overrides `from`.
    let from = if continue_from.is_some() { None } else { title_part(&range.from)? };
    let to = title_part(&range.to)?;
    let prefix = title_part(&range.prefix)?;
    let filter = AllLinksFilter {
        table: listing.table,
        namespace,
        unique: range.unique,
        from,
        to,
        prefix,
        continue_from,
        descending: listing.descending,
        limit: listing.limit.fetch(),
    };
    let mut reader = ctx.reader()?;
    let (rows, next) = listing.limit.split(reader.all_link_targets(&filter)?);
    ctx.emit(
        rows,
        |row| {
            if range.unique {
                Generated::Title(namespace, row.title.clone())
            } else {
                // The pages that link, by id, as MediaWiki's page set takes them.
                row.from.map_or(Generated::Nothing, Generated::PageId)
            }
        },
        |ctx, rows| {
            let names = site.namespaces();
            for row in rows {
                let mut item = Map::new();
                if has("ids") {
                    item.insert("fromid".into(), Value::from(row.from.unwrap_or_default()));
                }
                if has("title") {
                    item.insert("ns".into(), Value::from(namespace));
                    item.insert("title".into(), Value::from(full_text(namespace, &row.title, names)));
                }
                for (name, value) in [("fragment", &row.fragment), ("interwiki", &row.interwiki)] {
                    if let Some(value) = value.as_deref().filter(|v| has(name) && !v.is_empty()) {
                        item.insert(name.into(), Value::from(value));
                    }
                }
                ctx.push_item(Value::Object(item));
            }
            ctx.ensure_list();
            Ok(())
        },
    )?;
    if let Some(row) = next {
        let value = match row.from {
            Some(from) if !range.unique => format!("{}|{from}", row.title),
            _ => row.title,
        };
        ctx.set_continue(value);
    }
    Ok(())
}
