//! `list=querypage`: the result of a special report page.

use serde_json::{json, Map, Value};
use wikiquery_domain::timestamp::Timestamp;
use wikiquery_domain::title::full_text;
use wikiquery_runtime::{query_module, ApiError, CacheMode, Generated, Limit, QueryContext, QueryModule, RequestState};
use wikiquery_store::queries::querycache::reports::Report;
use wikiquery_store::queries::querycache::QUERY_CACHE_LIMIT;

use crate::wiki::WikiContext;

/// The special report pages (names as the special pages spell them).
pub const QUERY_PAGES: &[&str] = &[
    "Ancientpages",
    "BrokenRedirects",
    "Deadendpages",
    "DoubleRedirects",
    "Fewestrevisions",
    "ListDuplicatedFiles",
    "Listredirects",
    "Lonelypages",
    "Longpages",
    "MediaStatistics",
    "Mostcategories",
    "Mostimages",
    "Mostinterwikis",
    "Mostlinked",
    "Mostlinkedcategories",
    "Mostlinkedtemplates",
    "Mostrevisions",
    "Shortpages",
    "Uncategorizedcategories",
    "Uncategorizedimages",
    "Uncategorizedpages",
    "Uncategorizedtemplates",
    "Unusedcategories",
    "Unusedimages",
    "Unusedtemplates",
    "Unwatchedpages",
    "Wantedcategories",
    "Wantedfiles",
    "Wantedpages",
    "Wantedtemplates",
    "Withoutinterwiki",
];

/// Gets the list of pages a special report page gives, such as `Wantedpages` or `Lonelypages`.
///
/// The answer names the report and lists its pages in the report's order, each with the value
/// the report ranks it by where it has one. Some reports need a right (`Unwatchedpages`
/// needs `unwatchedpages`); on a wiki in miser mode, expensive reports come from a cache
/// that is refreshed from time to time, and the answer says when.
#[query_module(
    name = "querypage",
    group = "list",
    cache = "public",
    prefix = "qp",
    readrights,
    xml_nested(results = "page"),
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Querypage",
    example(
        query = "action=query&list=querypage&qppage=Wantedpages",
        text = "List the missing pages that are most linked to."
    ),
    example(
        query = "action=query&list=querypage&qppage=Uncategorizedpages&qplimit=20",
        text = "List up to 20 pages that are in no category."
    ),
    example(
        query = "action=query&generator=querypage&gqppage=Lonelypages&prop=info",
        text = "Get page information about the pages no other page links to."
    )
)]
pub struct QueryPage {
    /// The name of the special report page whose results to return.
    #[param(values = QUERY_PAGES)]
    pub page: String,
    /// How many results to skip before the first returned; when more results are available,
    /// the value to continue with is given here.
    // Where to start; the spec states no minimum here (unlike prefixsearch and search).
    #[param(default = 0)]
    pub offset: i64,
    /// How many results to return.
    #[param(default = 10)]
    pub limit: Limit,
}

impl QueryModule for QueryPage {
    /// A report only some callers may see is theirs alone.
    fn cache_mode(&self, _: &RequestState) -> CacheMode {
        match Report::named(&self.page).and_then(Report::right) {
            Some(_) => CacheMode::Private,
            None => CacheMode::Public,
        }
    }

    /// Reports are computed live from the database, as MediaWiki computes them outside miser
    /// mode; in miser mode the expensive ones are read from the cache.
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let Some(report) = Report::named(&self.page) else {
            // Every value the parameter allows names a report; a report added to the list
            // before the store computes it says so.
            return Err(ApiError::not_implemented(&format!("{} ({})", ctx.module.path(), self.page)));
        };
        if let Some(right) = report.right() {
            if !ctx.state.rights.has(right) {
                return Err(ApiError::new(
                    "specialpage-cantexecute",
                    "This report lists pages nobody watches: it needs the right unwatchedpages.",
                ));
            }
        }
        let site = ctx.site()?;
        let limit = self.limit.get() as i64;
        // A negative offset reads from the start, and counts in the next one, as in MediaWiki.
        let offset = self.offset;
        // In miser mode an expensive report is read from the cache `update-special-pages`
        // fills, as MediaWiki reads its querycache.
        let settings = ctx.settings();
        let cached = settings.miser_mode && report.is_expensive();
        let mut header = Map::new();
        header.insert("name".into(), json!(self.page));
        let mut reader = ctx.reader()?;
        let mut rows = if cached {
            header.insert("cached".into(), json!(true));
            if let Some(at) = reader.report_cached_at(report)?.as_deref().and_then(Timestamp::iso_of_stored) {
                header.insert("cachedtimestamp".into(), json!(&*at));
            }
            header.insert("maxresults".into(), json!(QUERY_CACHE_LIMIT));
            reader.cached_report(report, offset.max(0), limit + 1)?
        } else {
            reader.report(report, offset.max(0), limit + 1)?
        };
        drop(reader);
        let more = rows.len() as i64 > limit;
        rows.truncate(limit as usize);
        if more {
            ctx.set_continue_value("offset", json!(offset + limit));
        }
        // As a generator the report's header stands alone; listed, it holds the results.
        ctx.emit(
            rows,
            |row| Generated::Title(row.namespace, row.title.clone()),
            |_, rows| {
                let results: Vec<Value> = rows
                    .iter()
                    .map(|row| {
                        let mut item = Map::new();
                        if let Some(value) = &row.value {
                            item.insert("value".into(), json!(value));
                            if report.uses_timestamps() {
                                // The cache keeps Unix seconds.
                                let iso = if cached {
                                    value.parse::<i64>().ok().map(|secs| Timestamp::from_unix(secs).to_iso())
                                } else {
                                    Timestamp::iso_of_stored(value).map(|t| t.as_str().to_owned())
                                };
                                item.insert("timestamp".into(), json!(iso));
                            }
                        }
                        item.insert("ns".into(), json!(row.namespace));
                        item.insert("title".into(), json!(full_text(row.namespace, &row.title, site.namespaces())));
                        if !row.extra.is_empty() {
                            let extra: Map<String, Value> =
                                row.extra.iter().map(|(k, v)| ((*k).to_owned(), json!(v))).collect();
                            item.insert("databaseResult".into(), Value::Object(extra));
                        }
                        Value::Object(item)
                    })
                    .collect();
                header.insert("results".into(), Value::Array(results));
                Ok(())
            },
        )?;
        ctx.add_query_member("querypage", Value::Object(header));
        Ok(())
    }
}
