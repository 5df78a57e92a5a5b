//! `list=watchlistraw`: the titles on a watchlist, in title order, with when each changed
//! unseen. As in MediaWiki the list stands beside `query`, not in it.

use serde_json::{json, Map, Value};
use wikiquery_domain::title::full_text;
use wikiquery_runtime::{
    query_module, ApiError, Continue, ExactInt, Generated, Limit, Namespace, ParamValues, QueryContext, QueryModule,
    Timestamp, UserRef,
};
use wikiquery_store::queries::watchlist::WatchedItemsFilter;

use crate::family::changes::Show;
use crate::shared::watchlists::watchlist_owner;
use crate::storage;
use crate::values::SortDir;
use crate::wiki::WikiContext;

/// What to return of each watched page besides its title.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum WatchlistRawProp {
    /// The time of the first change to the page the watchlist's owner has not seen yet, for
    /// pages that have one.
    Changed,
}

/// Filters on watched pages: changed since last visited, or not.
pub const SHOW_WR: &[&str] = &["!changed", "changed"];

/// Lists all the pages on the caller's watchlist, in title order.
///
/// Another user's watchlist is read with `wrowner` and that user's `wrtoken`. The list is
/// given in a `watchlistraw` member beside `query`, not inside it.
#[query_module(
    name = "watchlistraw",
    group = "list",
    prefix = "wr",
    readrights,
    // The list stands beside the query's element, at the answer's root.
    xml_under(api(watchlistraw = "wr")),
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Watchlistraw",
    example(query = "action=query&list=watchlistraw", text = "List the first pages on your watchlist."),
    example(
        query = "action=query&list=watchlistraw&wrshow=changed&wrprop=changed&wrnamespace=0",
        text = "List the watched articles with changes you have not seen, and when the first was made."
    ),
    example(
        query = "action=query&generator=watchlistraw&gwrlimit=max&prop=info",
        text = "Get page information about as many pages of your watchlist as allowed at once."
    )
)]
pub struct WatchlistRaw {
    /// When more results are available, use this to continue.
    #[param(rename = "continue")]
    pub continue_: Option<Continue<(ExactInt, String)>>,
    /// Only list pages in these namespaces.
    #[param(all)]
    pub namespace: Vec<Namespace>,
    /// How many pages to return.
    #[param(default = 10)]
    pub limit: Limit,
    /// What to return of each page besides its title.
    pub prop: Vec<WatchlistRawProp>,
    /// Only list pages that have changed since the owner last visited them (`changed`), or
    /// only those that have not (`!changed`).
    #[param(values = SHOW_WR)]
    pub show: Vec<String>,
    /// The user whose watchlist to read instead of the caller's; needs `wrtoken`.
    #[param(subtypes = "name")]
    pub owner: Option<UserRef>,
    /// The watchlist token of the user named by `wrowner`, as set in that user's preferences.
    #[param(sensitive)]
    pub token: Option<String>,
    /// The direction to list in.
    #[param(default = "ascending")]
    pub dir: SortDir,
    /// The title (with its namespace prefix) to start listing at.
    pub fromtitle: Option<String>,
    /// The title (with its namespace prefix) to stop listing at.
    pub totitle: Option<String>,
}

impl QueryModule for WatchlistRaw {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let user = watchlist_owner(ctx.state, &mut *ctx.reader()?, self.owner.as_ref(), self.token.as_deref())?;
        let show = Show::checked(self.show.iter().map(String::as_str), &[("changed", "!changed")])?;
        let site = ctx.site()?;
        let limit = self.limit.get();
        let mut filter = WatchedItemsFilter {
            user,
            namespaces: (!self.namespace.is_empty()).then(|| self.namespace.iter().map(|n| n.0).collect()),
            changed: show.condition("changed", "!changed"),
            descending: self.dir == SortDir::Descending,
            limit: i64::try_from(limit).unwrap_or(i64::MAX).saturating_add(1),
            ..WatchedItemsFilter::default()
        };
        if let Some(cont) = &self.continue_ {
            let (ExactInt(ns), title) = cont.read()?;
            let ns = i32::try_from(ns).map_err(|_| ApiError::bad_continue())?;
            if title.is_empty() {
                return Err(ApiError::bad_continue());
            }
            filter.continue_from = Some((ns, title));
        }
        filter.from = self.fromtitle.as_deref().map(|t| storage::prefixed_title_part(site, t)).transpose()?;
        filter.until = self.totitle.as_deref().map(|t| storage::prefixed_title_part(site, t)).transpose()?;
        let mut items = ctx.reader()?.watched_items(&filter)?;
        let limit = usize::try_from(limit).unwrap_or(usize::MAX);
        if items.len() > limit {
            let next = &items[limit];
            ctx.set_continue((&next.namespace, &next.title));
            items.truncate(limit);
        }
        let changed = self.prop.contains(&WatchlistRawProp::Changed);
        ctx.emit(
            items,
            |item| Generated::Title(item.namespace, item.title.clone()),
            |ctx, items| {
                let list: Vec<Value> = items
                    .iter()
                    .map(|item| {
                        let mut o = Map::new();
                        o.insert("ns".into(), json!(item.namespace));
                        o.insert("title".into(), json!(full_text(item.namespace, &item.title, site.namespaces())));
                        let notified = item.notification.as_deref().filter(|_| changed);
                        if let Some(iso) = notified.and_then(Timestamp::iso_of_stored) {
                            o.insert("changed".into(), json!(&*iso));
                        }
                        Value::Object(o)
                    })
                    .collect();
                // At the answer's root, present even when empty.
                ctx.add_result_member("watchlistraw", Value::Array(list));
                Ok(())
            },
        )
    }
}
