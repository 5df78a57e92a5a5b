//! The back-link family (MediaWiki's `ApiQueryBacklinks`): `list=backlinks`,
//! `list=embeddedin` and `list=imageusage` list the pages that point at one page, through
//! `pagelinks`, `templatelinks` and `imagelinks` respectively; with `redirect` (backlinks and
//! imageusage), also the pages pointing at it through redirects, nested under each redirect
//! as `redirlinks`. One [`run`] for the three.
//!
//! The listing is two queries as MediaWiki's: the pages pointing at the page, then the pages
//! pointing at the redirects among them. A continue value is `<from ns>|<from id>` when the
//! first stopped; when the second stopped, the first's start with the second's place
//! (`<ns>|<title>|<from ns>|<from id>` of the redirect link), and the next batch lists the
//! first's pages again with the rest of their redirect links.

use std::collections::HashMap;

use serde_json::{Map, Value};
use wikiquery_domain::title::{full_text, NS_FILE};
use wikiquery_runtime::{ApiError, ContinuePart, ExactInt, Generated, Limit, Namespace, ParamGroup, QueryContext};
use wikiquery_runtime::{Continue, ContinueForm};
pub use wikiquery_store::queries::links::backlinks::BacklinkTable;
use wikiquery_store::queries::links::backlinks::{BacklinkKey, BacklinkRow, BacklinksFilter};

use crate::values::{FilterRedir, SortDir};
use crate::wiki::WikiContext;

/// The family's parameters, in the spec's order; the page pointed at is given by title or by
/// page id, exactly one of them.
#[derive(Debug, Clone, ParamGroup)]
#[param_group(exactly_one_of(title, pageid))]
pub struct BacklinksParams {
    /// Title of the page to look up: the page linked to, the page transcluded or, when
    /// listing file usage, the file (a title in the File namespace). Give this or `pageid`.
    pub title: Option<String>,
    /// Page id of the page to look up, instead of its title.
    pub pageid: Option<i64>,
    /// When more results are available, use this to continue.
    #[param(rename = "continue")]
    pub continue_: Option<Continue<BacklinksContinue>>,
    /// Only list pages in these namespaces.
    #[param(all)]
    pub namespace: Vec<Namespace>,
    /// The direction to list the pages in.
    #[param(default = "ascending")]
    pub dir: SortDir,
    /// Which pages to list by whether they are redirects. When redirects are followed
    /// (`redirect`), `nonredirects` filters only the pages found through them: the redirects
    /// themselves are still listed.
    #[param(default = "all")]
    pub filterredir: FilterRedir,
    /// How many pages to return. When redirects are followed, the maximum is half the usual
    /// one and the number is applied separately to the pages pointing at the page directly
    /// and to those found through redirects, so up to twice as many can come back.
    #[param(default = 10)]
    pub limit: Limit,
}

/// A continue value's parts, as MediaWiki reads them: the first query's start (linking
/// page's namespace and id), then the second's (target namespace and title, linking page's
/// namespace and id), then two ids of a batch cut short by the result's size.
pub struct BacklinksContinue {
    first: Option<(i32, i64)>,
    second: Option<BacklinkKey>,
}

/// A continue part MediaWiki checks strictly.
fn exact_int(text: &str) -> Result<i64, ApiError> {
    Ok(ExactInt::parse_part(text)?.0)
}

/// A namespace read from a continue value: no namespace lies outside `i32`, so a larger
/// number compares as the nearest bound does.
pub fn ns_part(n: i64) -> i32 {
    n.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
}

impl ContinueForm for BacklinksContinue {
    fn parse_parts(parts: &[&str]) -> Result<BacklinksContinue, ApiError> {
        if !matches!(parts.len(), 2 | 6 | 7 | 8) {
            return Err(ApiError::bad_continue());
        }
        for extra in parts.iter().skip(6) {
            exact_int(extra)?;
        }
        let second = if parts.len() >= 6 {
            Some(BacklinkKey {
                ns: ns_part(exact_int(parts[2])?),
                title: parts[3].to_owned(),
                from_ns: ns_part(exact_int(parts[4])?),
                from: exact_int(parts[5])?,
            })
        } else {
            None
        };
        let first = Some((ns_part(exact_int(parts[0])?), exact_int(parts[1])?));
        Ok(BacklinksContinue { first, second })
    }
}

/// Lists the pages pointing at the page through `table` (or, as a generator, gives them);
/// `through_redirects` also follows the redirects among them one step.
pub fn run(
    ctx: &mut QueryContext<'_>,
    params: &BacklinksParams,
    table: BacklinkTable,
    through_redirects: bool,
) -> Result<(), ApiError> {
    // Following redirects halves the maximum.
    let limit = if through_redirects { ctx.lower_limit(params.limit, 250, 2500) } else { params.limit };
    let (ns, dbkey) = crate::wiki::title_or_page_id(ctx, params.title.as_deref(), params.pageid)?;
    if table == BacklinkTable::Images && ns != NS_FILE {
        return Err(ApiError::new("bad_image_title", format!("The title for {} must be a file.", ctx.module.name)));
    }
    let cont = match params.continue_.as_ref() {
        Some(raw) => raw.read()?,
        None => BacklinksContinue { first: None, second: None },
    };
    let namespaces: Option<Vec<i32>> =
        (!params.namespace.is_empty()).then(|| params.namespace.iter().map(|n| n.0).collect());
    let by_from_ns = params.namespace.len() > 1;
    let descending = params.dir == SortDir::Descending;
    let filterredir = params.filterredir;
    let first_filter = BacklinksFilter {
        table,
        targets: vec![(ns, dbkey.clone())],
        from_namespaces: namespaces.clone(),
        order_by_from_namespace: by_from_ns,
        redirect: match filterredir {
            FilterRedir::Redirects => Some(true),
            // Redirects are what the links through redirects go through.
            FilterRedir::Nonredirects if !through_redirects => Some(false),
            _ => None,
        },
        fragment: None,
        continue_from: cont.first.map(|(from_ns, from)| BacklinkKey { ns, title: dbkey.clone(), from_ns, from }),
        descending,
        limit: limit.fetch(),
    };
    let mut reader = ctx.reader()?;
    let (rows, next) = limit.split(reader.backlinks(&first_filter)?);
    // The first query's start, kept in every later continue value.
    let start = cont.first.or_else(|| rows.first().map(|r| (r.page_ns, r.key.from)));
    let mut continue_value = next.map(|r| format!("{}|{}", r.page_ns, r.key.from));
    let redirects: Vec<(i32, String)> =
        rows.iter().filter(|r| r.is_redirect).map(|r| (r.page_ns, r.page_title.clone())).collect();
    let mut second_rows: Vec<BacklinkRow> = Vec::new();
    if through_redirects && !redirects.is_empty() {
        let second_filter = BacklinksFilter {
            table,
            targets: redirects.clone(),
            from_namespaces: namespaces,
            order_by_from_namespace: by_from_ns,
            redirect: match filterredir {
                FilterRedir::Redirects => Some(true),
                FilterRedir::Nonredirects => Some(false),
                FilterRedir::All => None,
            },
            fragment: None,
            continue_from: cont.second.clone(),
            descending,
            limit: limit.fetch(),
        };
        let (found, next) = limit.split(reader.backlinks(&second_filter)?);
        second_rows = found;
        if let Some(r) = next {
            let (first_ns, first_id) = start.unwrap_or_default();
            let k = r.key;
            continue_value = Some(format!("{first_ns}|{first_id}|{}|{}|{}|{}", k.ns, k.title, r.page_ns, k.from));
        }
    }
    drop(reader);
    // The second batch (the pages linking through a redirect) follows the first.
    let first = rows.len();
    let rows: Vec<BacklinkRow> = rows.into_iter().chain(second_rows).collect();
    ctx.emit(
        rows,
        |r| Generated::Row(r.page_ns, r.page_title.clone()),
        |ctx, mut rows| {
            let second = rows.split_off(first);
            write_items(ctx, rows, second)
        },
    )?;
    ctx.ensure_list();
    if let Some(value) = continue_value {
        ctx.set_continue(value);
    }
    Ok(())
}

/// The items: each linking page, the pages linking through it (when it is a redirect) under
/// its `redirlinks`.
fn write_items(ctx: &mut QueryContext<'_>, rows: Vec<BacklinkRow>, second: Vec<BacklinkRow>) -> Result<(), ApiError> {
    let store = ctx.store()?;
    let names = store.site().namespaces();
    let entry = |r: &BacklinkRow| {
        let mut item = Map::new();
        item.insert("pageid".into(), Value::from(r.key.from));
        item.insert("ns".into(), Value::from(r.page_ns));
        item.insert("title".into(), Value::from(full_text(r.page_ns, &r.page_title, names)));
        if r.is_redirect {
            item.insert("redirect".into(), Value::from(true));
        }
        item
    };
    let mut items: Vec<Map<String, Value>> = Vec::new();
    let mut index: HashMap<(i32, String), usize> = HashMap::new();
    for r in &rows {
        index.insert((r.page_ns, r.page_title.clone()), items.len());
        items.push(entry(r));
    }
    for r in &second {
        let Some(&i) = index.get(&(r.key.ns, r.key.title.clone())) else { continue };
        let links = items[i].entry("redirlinks").or_insert_with(|| Value::Array(Vec::new()));
        if let Value::Array(list) = links {
            list.push(Value::Object(entry(r)));
        }
    }
    for item in items {
        ctx.push_item(Value::Object(item));
    }
    Ok(())
}
