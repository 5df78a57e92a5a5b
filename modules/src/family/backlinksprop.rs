//! The back-links-as-a-property family (MediaWiki's `ApiQueryBacklinksprop`):
//! `prop=linkshere`, `prop=transcludedin`, `prop=fileusage` and `prop=redirects` list, for
//! each page of the page set (missing pages too: a missing page can be linked to), the pages
//! that link to it, transclude it, use it as a file, or redirect to it; as generators, those
//! pages. One [`run`] for the four.
//!
//! The order is (target namespace, target title, [linking page's namespace,] linking page id),
//! and the continue value holds only the fields that vary: the target's namespace when the
//! targets span several, its title when there are several, the linking page's namespace when
//! two or more namespaces were asked for, and the linking page's id.

use std::collections::HashMap;

use serde_json::{Map, Value};
use wikiquery_domain::title::{full_text, NS_FILE};
use wikiquery_runtime::result::php_array;
use wikiquery_runtime::{
    ApiError, Continue, ContinuePart, Generated, Limit, Namespace, ParamGroup, ParamValues, Parts, QueryContext,
};
pub use wikiquery_store::queries::links::backlinks::BacklinkTable;
use wikiquery_store::queries::links::backlinks::{BacklinkKey, BacklinksFilter};

use crate::family::backlinks::ns_part;
use crate::wiki::WikiContext;

/// Properties of the pages found: id, title, and whether it is a redirect.
pub const BACKLINK_PROP: &[&str] = &["pageid", "redirect", "title"];

/// Which linking pages by redirect status: `!redirect` (non-redirects only) or `redirect`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum BacklinkShow {
    /// Only pages that are not redirects.
    #[value(rename = "!redirect")]
    NotRedirect,
    /// Only pages that are redirects.
    Redirect,
}

/// The parameters of `linkshere`, `transcludedin` and `fileusage` (`redirects` shows and
/// returns fragments instead of redirect status, so it declares its own).
#[derive(Debug, Clone, ParamGroup)]
pub struct BacklinksPropParams {
    /// Which properties to return of each page found: `pageid` (its page id), `title` (its
    /// namespace and title) and `redirect` (whether it is a redirect).
    #[param(values = BACKLINK_PROP, default = "pageid|title|redirect")]
    pub prop: Vec<String>,
    // Given but left empty, as when every value was unknown: no namespace, so nothing listed.
    /// Only list pages in these namespaces.
    #[param(all)]
    pub namespace: Option<Vec<Namespace>>,
    /// Only list the pages that are redirects (`redirect`) or only those that are not
    /// (`!redirect`); both at once are an error.
    pub show: Vec<BacklinkShow>,
    /// How many pages to return, counted over all the given pages together.
    #[param(default = 10)]
    pub limit: Limit,
    /// When more results are available, use this to continue.
    #[param(rename = "continue")]
    pub continue_: Option<Continue<Parts>>,
}

impl BacklinksPropParams {
    /// The listing these parameters ask of `table`.
    pub fn listing(&self, table: BacklinkTable) -> BacklinksPropListing<'_> {
        let has = |p: &str| self.prop.iter().any(|v| v == p);
        BacklinksPropListing {
            table,
            pageid: has("pageid"),
            title: has("title"),
            redirect: has("redirect"),
            fragment: false,
            namespaces: self.namespace.as_deref(),
            only_redirects: exclusive(
                self.show.contains(&BacklinkShow::Redirect),
                self.show.contains(&BacklinkShow::NotRedirect),
            ),
            only_fragments: Ok(None),
            continue_: self.continue_.as_ref(),
            limit: self.limit,
        }
    }
}

/// One value of a pair that excludes the other (`redirect` / `!redirect`): `Some(true)` for
/// the first, `Some(false)` for the second, none for neither, MediaWiki's `show` error for
/// both (raised when the listing gets that far).
pub fn exclusive(yes: bool, no: bool) -> Result<Option<bool>, ApiError> {
    match (yes, no) {
        (true, true) => Err(ApiError::show_conflict()),
        (true, false) => Ok(Some(true)),
        (false, true) => Ok(Some(false)),
        (false, false) => Ok(None),
    }
}

/// One listing of the family.
pub struct BacklinksPropListing<'a> {
    /// Which table points at the pages.
    pub table: BacklinkTable,
    /// Give each page's id.
    pub pageid: bool,
    /// Give each page's namespace and title.
    pub title: bool,
    /// Give whether each page is a redirect.
    pub redirect: bool,
    /// Give each redirect's fragment.
    pub fragment: bool,
    /// Only pages in these namespaces (not given: all; given but empty: none).
    pub namespaces: Option<&'a [Namespace]>,
    /// Only redirects, or only other pages; the `show` error when both were asked for.
    pub only_redirects: Result<Option<bool>, ApiError>,
    /// Only redirects with a fragment, or only those without; the `show` error for both.
    pub only_fragments: Result<Option<bool>, ApiError>,
    /// Where to continue.
    pub continue_: Option<&'a Continue<Parts>>,
    /// The batch's size.
    pub limit: Limit,
}

/// Which fields the order holds beyond the linking page's id.
struct SortFields {
    ns: bool,
    title: bool,
    from_ns: bool,
}

/// Lists the pages pointing at the page set's pages (or, as a generator, gives them).
pub fn run(ctx: &mut QueryContext<'_>, listing: BacklinksPropListing<'_>) -> Result<(), ApiError> {
    let Some(pageset) = ctx.page_set() else { return Ok(()) };
    let files_only = listing.table == BacklinkTable::Images;
    // The pages asked about: existing, missing and special, each under its (maybe fake) id.
    let mut ids: HashMap<(i32, String), i64> = HashMap::new();
    let mut targets: Vec<(i32, String)> = Vec::new();
    let titles = pageset
        .good
        .iter()
        .map(|p| (p.id, p.ns, &p.dbkey))
        .chain(pageset.missing.iter().chain(&pageset.special).map(|p| (p.fake_id, p.ns, &p.dbkey)));
    for (id, ns, dbkey) in titles {
        if files_only && ns != NS_FILE {
            continue;
        }
        if ids.insert((ns, dbkey.clone()), id).is_none() {
            targets.push((ns, dbkey.clone()));
        }
    }
    if targets.is_empty() || listing.namespaces.is_some_and(<[Namespace]>::is_empty) {
        return Ok(());
    }
    let asked_namespaces = listing.namespaces.unwrap_or_default();
    let mut namespaces: Vec<i32> = targets.iter().map(|(n, _)| *n).collect();
    namespaces.sort_unstable();
    namespaces.dedup();
    let mut dbkeys: Vec<&str> = targets.iter().map(|(_, t)| t.as_str()).collect();
    dbkeys.sort_unstable();
    dbkeys.dedup();
    let by_from_ns = asked_namespaces.len() > 1 && listing.table != BacklinkTable::Redirects;
    let sort = SortFields { ns: !files_only && namespaces.len() > 1, title: dbkeys.len() > 1, from_ns: by_from_ns };
    let continue_from = match listing.continue_ {
        None => None,
        Some(raw) => Some(read_continue(raw, &sort, &targets)?),
    };
    let only_redirects = listing.only_redirects?;
    let only_fragments = listing.only_fragments?;
    let filter = BacklinksFilter {
        table: listing.table,
        targets,
        from_namespaces: listing.namespaces.map(|ns| ns.iter().map(|n| n.0).collect()),
        order_by_from_namespace: by_from_ns,
        redirect: only_redirects,
        fragment: only_fragments,
        continue_from,
        descending: false,
        limit: listing.limit.fetch(),
    };
    let (rows, next) = listing.limit.split(ctx.reader()?.backlinks(&filter)?);
    let store = ctx.store()?;
    let names = store.site().namespaces();
    let key = ctx.module.name;
    ctx.emit(
        rows,
        |row| Generated::Title(row.page_ns, row.page_title.clone()),
        |ctx, rows| {
            for row in rows {
                let Some(&id) = ids.get(&(row.key.ns, row.key.title.clone())) else { continue };
                let mut item = Map::new();
                if listing.pageid {
                    item.insert("pageid".into(), Value::from(row.key.from));
                }
                if listing.title {
                    item.insert("ns".into(), Value::from(row.page_ns));
                    item.insert("title".into(), Value::from(full_text(row.page_ns, &row.page_title, names)));
                }
                if listing.fragment {
                    if let Some(fragment) = row.fragment.filter(|f| !f.is_empty()) {
                        item.insert("fragment".into(), Value::from(fragment));
                    }
                }
                if listing.redirect {
                    item.insert("redirect".into(), Value::from(row.is_redirect));
                }
                // PHP writes an item with nothing in it as an empty list, in both formats.
                let item = if item.is_empty() {
                    Value::Array(Vec::new())
                } else {
                    php_array(&mut item);
                    Value::Object(item)
                };
                ctx.push_page_item(id, key, item);
            }
            Ok(())
        },
    )?;
    if let Some(row) = next {
        let k = row.key;
        let mut parts = Vec::new();
        if sort.ns {
            parts.push(k.ns.to_string());
        }
        if sort.title {
            parts.push(k.title);
        }
        if sort.from_ns {
            parts.push(k.from_ns.to_string());
        }
        parts.push(k.from.to_string());
        ctx.set_continue(parts.join("|"));
    }
    Ok(())
}

/// Reads a continue value of the fields `sort` holds; the others are constant, the only
/// target's.
fn read_continue(raw: &Continue<Parts>, sort: &SortFields, targets: &[(i32, String)]) -> Result<BacklinkKey, ApiError> {
    let count = 1 + usize::from(sort.ns) + usize::from(sort.title) + usize::from(sort.from_ns);
    let mut parts = raw.parts(count)?.into_iter();
    let mut next = || parts.next().unwrap_or_default();
    let (first_ns, first_title) = targets[0].clone();
    let ns = if sort.ns { ns_part(i64::parse_part(next())?) } else { first_ns };
    let title = if sort.title { next().to_owned() } else { first_title };
    let from_ns = if sort.from_ns { ns_part(i64::parse_part(next())?) } else { 0 };
    let from = i64::parse_part(next())?;
    Ok(BacklinkKey { ns, title, from_ns, from })
}
