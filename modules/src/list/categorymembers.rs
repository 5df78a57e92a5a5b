//! `list=categorymembers`: the pages of a category.

use serde_json::{Map, Value};
use wikiquery_domain::php::bin2hex;
use wikiquery_domain::timestamp::format_expiry;
use wikiquery_domain::title::{full_text, NS_CATEGORY};
use wikiquery_runtime::{
    query_module, ApiError, Continue, ContinuePart, Generated, Limit, LooseInt, Namespace, ParamValues, Parts,
    QueryContext, QueryModule, Timestamp, ValueList,
};
use wikiquery_store::queries::categories::members::{CategoryMemberRow, CategoryMembersFilter};

use crate::wiki::WikiContext;

/// What to return of each member.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum CategoryMembersProp {
    /// The member's page id.
    Ids,
    /// The full sort key the member is filed under, in hexadecimal.
    Sortkey,
    /// The readable part of the sort key: the key given where the page was put in the
    /// category, often empty.
    Sortkeyprefix,
    /// When the member was added to the category.
    Timestamp,
    /// The member's namespace and title.
    Title,
    /// Whether the member is a `page`, a `subcat` or a `file`.
    Type,
}

/// The kind of a category member.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum CategoryMemberType {
    /// Files (pages of the File namespace).
    File,
    /// Pages that are neither subcategories nor files.
    Page,
    /// Subcategories.
    Subcat,
}

/// The order of the listing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum CategoryMembersSort {
    /// By sort key, the order in which the category page shows its members.
    Sortkey,
    /// By the time each member was added to the category.
    Timestamp,
}

/// The direction; `asc`/`desc` and `newer`/`older` are synonyms of `ascending`/`descending`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum CategoryMembersDir {
    /// The same as `ascending`.
    Asc,
    /// Forward: from the lowest sort key, or the oldest addition, on.
    Ascending,
    /// The same as `descending`.
    Desc,
    /// Backward: from the highest sort key, or the latest addition, back.
    Descending,
    /// The same as `ascending`.
    Newer,
    /// The same as `descending`.
    Older,
}

/// Lists the members of a category: its pages, subcategories and files.
///
/// The category is named by `cmtitle` or by `cmpageid`, exactly one of the two. Members are
/// listed by sort key, one kind after the other, or by the time they were added. As a
/// generator, it gives the member pages.
#[query_module(
    name = "categorymembers",
    group = "list",
    cache = "public",
    prefix = "cm",
    xml = "cm",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Categorymembers",
    example(
        query = "action=query&list=categorymembers&cmtitle=Category:Animals&cmlimit=20",
        text = "List the first 20 members of Category:Animals."
    ),
    example(
        query = "action=query&list=categorymembers&cmtitle=Category:Living%20things&cmtype=subcat",
        text = "List the subcategories of Category:Living things."
    ),
    example(
        query = "action=query&list=categorymembers&cmtitle=Category:Plants&cmsort=timestamp&cmprop=title|timestamp",
        text = "List the members of Category:Plants in the order they were added, with the time of each."
    ),
    exactly_one_of(title, pageid)
)]
pub struct CategoryMembers {
    /// The category to list, with its namespace prefix (`Category:`). Not together with
    /// `cmpageid`.
    pub title: Option<String>,
    /// The page id of the category to list. Not together with `cmtitle`.
    pub pageid: Option<i64>,
    /// What to return for each member.
    #[param(default = "ids|title")]
    pub prop: Vec<CategoryMembersProp>,
    /// Only list members in these namespaces.
    #[param(all)]
    pub namespace: Vec<Namespace>,
    /// Which kinds of members to list. Not used with `cmsort=timestamp`, which lists every
    /// kind.
    #[param(rename = "type", default = "page|subcat|file")]
    pub type_: Vec<CategoryMemberType>,
    #[param(rename = "continue")]
    // By time `<timestamp>|<id>`; by sort key `<type>|<hex sort key>|<id>`.
    /// When more results are available, use this to continue.
    pub continue_: Option<Continue<Parts>>,
    /// How many members to return.
    #[param(default = 10)]
    pub limit: Limit,
    /// What to order the members by.
    #[param(default = "sortkey")]
    pub sort: CategoryMembersSort,
    /// The direction of the listing.
    #[param(default = "ascending")]
    pub dir: CategoryMembersDir,
    /// The time of addition to start listing at. Only with `cmsort=timestamp`.
    pub start: Option<Timestamp>,
    /// The time of addition to stop listing at. Only with `cmsort=timestamp`.
    pub end: Option<Timestamp>,
    /// The sort key to start listing at, in hexadecimal as `cmprop=sortkey` returns it. Only
    /// with `cmsort=sortkey`.
    pub starthexsortkey: Option<String>,
    /// The sort key to stop listing at, in hexadecimal as `cmprop=sortkey` returns it. Only
    /// with `cmsort=sortkey`.
    pub endhexsortkey: Option<String>,
    /// The sort key prefix to start listing at. Only with `cmsort=sortkey`; used instead of
    /// `cmstarthexsortkey` when both are given.
    pub startsortkeyprefix: Option<String>,
    /// The sort key prefix to stop listing before: members filed under a key that begins with
    /// it are not listed. Only with `cmsort=sortkey`; used instead of `cmendhexsortkey` when
    /// both are given.
    pub endsortkeyprefix: Option<String>,
    /// The sort key to start listing at, as stored. Deprecated: use `cmstarthexsortkey`.
    #[param(deprecated)]
    pub startsortkey: Option<String>,
    /// The sort key to stop listing at, as stored. Deprecated: use `cmendhexsortkey`.
    #[param(deprecated)]
    pub endsortkey: Option<String>,
}

impl QueryModule for CategoryMembers {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let (ns, category) = crate::wiki::title_or_page_id(ctx, self.title.as_deref(), self.pageid)?;
        if ns != NS_CATEGORY {
            return Err(ApiError::new("invalidcategory", "The category name you entered is not valid."));
        }
        let descending =
            matches!(self.dir, CategoryMembersDir::Desc | CategoryMembersDir::Descending | CategoryMembersDir::Older);
        let by_time = self.sort == CategoryMembersSort::Timestamp;
        let mut filter = CategoryMembersFilter {
            category,
            namespaces: (!self.namespace.is_empty()).then(|| self.namespace.iter().map(|n| n.0).collect()),
            by_time,
            descending,
            limit: self.limit.fetch(),
            ..CategoryMembersFilter::default()
        };
        // The kinds are read one after the other, each in sort-key order (MediaWiki queries
        // each kind apart); a continue value names the kind it stopped in.
        let mut kinds: Vec<&'static str> = self.type_.iter().map(|t| t.as_str()).collect();
        if by_time {
            filter.start = self.start.map(Timestamp::to_mw);
            filter.end = self.end.map(Timestamp::to_mw);
            if let Some(cont) = &self.continue_ {
                let (time, id) = cont.read_as::<(Timestamp, i64)>()?;
                filter.continue_from = Some((time.to_mw(), id));
            }
        } else if let Some(cont) = self.continue_.as_ref().filter(|c| c.is_truthy()) {
            // MediaWiki cuts at the first two bars only: the id is what follows them.
            let parts = cont.parts_at_most(3)?;
            if let Some(at) = kinds.iter().position(|k| *k == parts[0]) {
                kinds.drain(..at);
            }
            let key = hex_sortkey(parts[1]).ok_or_else(ApiError::bad_continue)?;
            let LooseInt(from) = LooseInt::parse_part(parts[2])?;
            filter.continue_from = Some((key, from));
        } else {
            filter.start = match (&self.startsortkeyprefix, &self.starthexsortkey) {
                (Some(prefix), _) => Some(prefix.to_uppercase()),
                (None, Some(hex)) => {
                    Some(hex_sortkey(hex).ok_or_else(|| bad_hex(ctx.module.prefix, "starthexsortkey"))?)
                }
                (None, None) => self.startsortkey.clone(),
            };
            filter.end = match (&self.endsortkeyprefix, &self.endhexsortkey) {
                (Some(prefix), _) => Some(prefix.to_uppercase()),
                (None, Some(hex)) => Some(hex_sortkey(hex).ok_or_else(|| bad_hex(ctx.module.prefix, "endhexsortkey"))?),
                (None, None) => self.endsortkey.clone(),
            };
        }
        let mut rows: Vec<CategoryMemberRow> = Vec::new();
        let mut reader = ctx.reader()?;
        if by_time {
            rows = reader.category_members(&filter)?;
        } else {
            for kind in kinds {
                filter.kind = Some(kind.to_owned());
                rows.extend(reader.category_members(&filter)?);
                // The continue value holds for the kind it names only.
                filter.continue_from = None;
                if rows.len() as i64 >= filter.limit {
                    break;
                }
            }
        }
        drop(reader);
        let (rows, next) = self.limit.split(rows);
        ctx.emit(rows, |row| Generated::Row(row.ns, row.title.clone()), |ctx, rows| self.write_items(ctx, rows))?;
        if let Some(row) = next {
            let value = if by_time {
                format!("{}|{}", row.timestamp, row.from)
            } else {
                format!("{}|{}|{}", row.kind, bin2hex(row.sortkey.as_bytes()), row.from)
            };
            ctx.set_continue(value);
        }
        Ok(())
    }
}

impl CategoryMembers {
    fn write_items(&self, ctx: &mut QueryContext<'_>, rows: Vec<CategoryMemberRow>) -> Result<(), ApiError> {
        let store = ctx.store()?;
        let names = store.site().namespaces();
        let has = |p: CategoryMembersProp| self.prop.contains(&p);
        for row in rows {
            let mut item = Map::new();
            if has(CategoryMembersProp::Ids) {
                item.insert("pageid".into(), Value::from(row.from));
            }
            if has(CategoryMembersProp::Title) {
                item.insert("ns".into(), Value::from(row.ns));
                item.insert("title".into(), Value::from(full_text(row.ns, &row.title, names)));
            }
            if has(CategoryMembersProp::Sortkey) {
                item.insert("sortkey".into(), Value::from(bin2hex(row.sortkey.as_bytes())));
            }
            if has(CategoryMembersProp::Sortkeyprefix) {
                item.insert("sortkeyprefix".into(), Value::from(row.sortkey_prefix));
            }
            if has(CategoryMembersProp::Type) {
                item.insert("type".into(), Value::from(row.kind));
            }
            if has(CategoryMembersProp::Timestamp) {
                item.insert("timestamp".into(), Value::from(format_expiry(&row.timestamp, "infinity")));
            }
            ctx.push_item(Value::Object(item));
        }
        ctx.ensure_list();
        Ok(())
    }
}

/// A sort key given in hexadecimal (pairs of hex digits), as text; `None` when it is not.
fn hex_sortkey(hex: &str) -> Option<String> {
    if hex.len() % 2 != 0 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let bytes: Vec<u8> =
        (0..hex.len()).step_by(2).filter_map(|i| u8::from_str_radix(&hex[i..i + 2], 16).ok()).collect();
    Some(String::from_utf8_lossy(&bytes).into_owned())
}

/// `badvalue_<param>`: a hexadecimal sort key that is none.
fn bad_hex(prefix: &str, param: &str) -> ApiError {
    ApiError::new(format!("badvalue_{prefix}{param}"), format!("Invalid value for parameter \"{prefix}{param}\"."))
}
