//! The special pages' reports (`list=querypage`), computed live as MediaWiki computes them
//! outside miser mode: each report is MediaWiki's own query (its tables, joins, conditions and
//! order), so that rows of equal value come in the order MediaWiki's give them too.
//!
//! The SQL is fixed text; only the offset and the limit are bound.

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Integer, Nullable, Text};

use crate::backend::{AsAnyConnection, StoreError};
use crate::reader::Reader;

/// A report this store computes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Report {
    Ancientpages,
    BrokenRedirects,
    Deadendpages,
    DoubleRedirects,
    Fewestrevisions,
    ListDuplicatedFiles,
    MediaStatistics,
    Listredirects,
    Lonelypages,
    Longpages,
    Mostcategories,
    Mostimages,
    Mostinterwikis,
    Mostlinked,
    Mostlinkedcategories,
    Mostlinkedtemplates,
    Mostrevisions,
    Shortpages,
    Uncategorizedcategories,
    Uncategorizedimages,
    Uncategorizedpages,
    Uncategorizedtemplates,
    Unusedcategories,
    Unusedimages,
    Unusedtemplates,
    Unwatchedpages,
    Wantedcategories,
    Wantedfiles,
    Wantedpages,
    Wantedtemplates,
    Withoutinterwiki,
}

impl Report {
    /// Every report, in the order of their names.
    pub const ALL: &'static [Report] = &[
        Report::Ancientpages,
        Report::BrokenRedirects,
        Report::Deadendpages,
        Report::DoubleRedirects,
        Report::ListDuplicatedFiles,
        Report::MediaStatistics,
        Report::Fewestrevisions,
        Report::Listredirects,
        Report::Lonelypages,
        Report::Longpages,
        Report::Mostcategories,
        Report::Mostimages,
        Report::Mostinterwikis,
        Report::Mostlinked,
        Report::Mostlinkedcategories,
        Report::Mostlinkedtemplates,
        Report::Mostrevisions,
        Report::Shortpages,
        Report::Uncategorizedcategories,
        Report::Uncategorizedimages,
        Report::Uncategorizedpages,
        Report::Uncategorizedtemplates,
        Report::Unusedcategories,
        Report::Unusedimages,
        Report::Unusedtemplates,
        Report::Unwatchedpages,
        Report::Wantedcategories,
        Report::Wantedfiles,
        Report::Wantedpages,
        Report::Wantedtemplates,
        Report::Withoutinterwiki,
    ];

    /// The special page's name (`Wantedpages`).
    pub fn name(self) -> &'static str {
        match self {
            Report::Ancientpages => "Ancientpages",
            Report::BrokenRedirects => "BrokenRedirects",
            Report::Deadendpages => "Deadendpages",
            Report::DoubleRedirects => "DoubleRedirects",
            Report::ListDuplicatedFiles => "ListDuplicatedFiles",
            Report::MediaStatistics => "MediaStatistics",
            Report::Fewestrevisions => "Fewestrevisions",
            Report::Listredirects => "Listredirects",
            Report::Lonelypages => "Lonelypages",
            Report::Longpages => "Longpages",
            Report::Mostcategories => "Mostcategories",
            Report::Mostimages => "Mostimages",
            Report::Mostinterwikis => "Mostinterwikis",
            Report::Mostlinked => "Mostlinked",
            Report::Mostlinkedcategories => "Mostlinkedcategories",
            Report::Mostlinkedtemplates => "Mostlinkedtemplates",
            Report::Mostrevisions => "Mostrevisions",
            Report::Shortpages => "Shortpages",
            Report::Uncategorizedcategories => "Uncategorizedcategories",
            Report::Uncategorizedimages => "Uncategorizedimages",
            Report::Uncategorizedpages => "Uncategorizedpages",
            Report::Uncategorizedtemplates => "Uncategorizedtemplates",
            Report::Unusedcategories => "Unusedcategories",
            Report::Unusedimages => "Unusedimages",
            Report::Unusedtemplates => "Unusedtemplates",
            Report::Unwatchedpages => "Unwatchedpages",
            Report::Wantedcategories => "Wantedcategories",
            Report::Wantedfiles => "Wantedfiles",
            Report::Wantedpages => "Wantedpages",
            Report::Wantedtemplates => "Wantedtemplates",
            Report::Withoutinterwiki => "Withoutinterwiki",
        }
    }

    /// The report of a special page's name, when this store computes it.
    pub fn named(name: &str) -> Option<Report> {
        Report::ALL.iter().copied().find(|r| r.name() == name)
    }

    /// The right a caller needs to see the report, if any.
    pub fn right(self) -> Option<&'static str> {
        (self == Report::Unwatchedpages).then_some("unwatchedpages")
    }

    /// Whether MediaWiki serves the report from its cache in miser mode (an expensive
    /// report): all but the pages' lengths and the most linked categories.
    pub fn is_expensive(self) -> bool {
        !matches!(self, Report::Shortpages | Report::Longpages | Report::Mostlinkedcategories)
    }

    /// Whether the report may be cached (every one of these).
    pub fn is_cacheable(self) -> bool {
        true
    }

    /// Whether the report lists its greatest values first (MediaWiki's `sortDescending`).
    pub fn sorts_descending(self) -> bool {
        matches!(
            self,
            Report::ListDuplicatedFiles
                | Report::MediaStatistics
                | Report::Mostcategories
                | Report::Mostimages
                | Report::Mostinterwikis
                | Report::Mostlinked
                | Report::Mostlinkedcategories
                | Report::Mostlinkedtemplates
                | Report::Mostrevisions
                | Report::Longpages
        )
    }

    /// The order of the cached rows: (column, descending) — the value, in the report's
    /// direction; the wanted pages' by value (most wanted first), namespace and title.
    pub fn cache_order(self) -> Vec<(&'static str, bool)> {
        match self {
            Report::Wantedcategories | Report::Wantedfiles | Report::Wantedpages | Report::Wantedtemplates => {
                vec![("qc_value", true), ("qc_namespace", false), ("qc_title", false)]
            }
            _ => vec![("qc_value", self.sorts_descending())],
        }
    }

    /// Whether the report's values are timestamps.
    pub fn uses_timestamps(self) -> bool {
        matches!(self, Report::Ancientpages | Report::Unusedimages)
    }

    /// The query (content namespaces: the main namespace), without its limit, and how its
    /// value reads; `mysql` for MariaDB/MySQL's spelling where it differs.
    fn sql(self, mysql: bool) -> (&'static str, Value) {
        match self {
            // One row a file type: a made-up title in the Media namespace naming the type, its
            // count and its bytes.
            Report::MediaStatistics if mysql => (
                "SELECT CONCAT(img_media_type, ';', img_major_mime, '/', img_minor_mime, ';', \
                 CAST(COUNT(*) AS CHAR), ';', CAST(SUM(img_size) AS CHAR)) AS title, -2 AS namespace, \
                 '1' AS value FROM image GROUP BY img_media_type, img_major_mime, img_minor_mime \
                 ORDER BY img_media_type DESC, COUNT(*) DESC, img_major_mime DESC, img_minor_mime DESC",
                Value::Text,
            ),
            Report::MediaStatistics => (
                "SELECT img_media_type || ';' || img_major_mime || '/' || img_minor_mime || ';' || \
                 CAST(COUNT(*) AS TEXT) || ';' || CAST(SUM(img_size) AS TEXT) AS title, -2 AS namespace, \
                 '1' AS value FROM image GROUP BY img_media_type, img_major_mime, img_minor_mime \
                 ORDER BY img_media_type DESC, COUNT(*) DESC, img_major_mime DESC, img_minor_mime DESC",
                Value::Text,
            ),
            Report::Shortpages => (
                "SELECT page_namespace AS namespace, page_title AS title, page_len AS value FROM page \
                 WHERE page_namespace IN (0) AND page_is_redirect = 0 ORDER BY page_len",
                Value::Int,
            ),
            Report::Longpages => (
                "SELECT page_namespace AS namespace, page_title AS title, page_len AS value FROM page \
                 WHERE page_namespace IN (0) AND page_is_redirect = 0 ORDER BY page_len DESC",
                Value::Int,
            ),
            Report::Ancientpages => (
                "SELECT page_namespace AS namespace, page_title AS title, rev_timestamp AS value \
                 FROM page JOIN revision ON page_latest = rev_id \
                 WHERE page_namespace IN (0) AND page_is_redirect = 0 ORDER BY value",
                Value::Text,
            ),
            Report::Fewestrevisions => (
                "SELECT page_namespace AS namespace, page_title AS title, COUNT(*) AS value \
                 FROM revision, page WHERE page_namespace IN (0) AND page_id = rev_page AND page_is_redirect = 0 \
                 GROUP BY page_namespace, page_title ORDER BY value",
                Value::Int,
            ),
            Report::Mostrevisions => (
                "SELECT page_namespace AS namespace, page_title AS title, COUNT(*) AS value \
                 FROM revision, page WHERE page_namespace IN (0) AND page_id = rev_page AND page_is_redirect = 0 \
                 GROUP BY page_namespace, page_title ORDER BY value DESC",
                Value::Int,
            ),
            Report::Mostcategories => (
                "SELECT page_namespace AS namespace, page_title AS title, COUNT(*) AS value \
                 FROM categorylinks LEFT JOIN page ON page_id = cl_from WHERE page_namespace IN (0) \
                 GROUP BY page_namespace, page_title HAVING COUNT(*) > 1 ORDER BY value DESC",
                Value::Int,
            ),
            Report::Mostinterwikis => (
                "SELECT page_namespace AS namespace, page_title AS title, COUNT(*) AS value \
                 FROM langlinks LEFT JOIN page ON page_id = ll_from WHERE page_namespace IN (0) \
                 GROUP BY page_namespace, page_title HAVING COUNT(*) > 1 ORDER BY value DESC",
                Value::Int,
            ),
            Report::Mostimages => (
                "SELECT 6 AS namespace, il_to AS title, COUNT(*) AS value FROM imagelinks \
                 GROUP BY il_to HAVING COUNT(*) > 1 ORDER BY value DESC",
                Value::Int,
            ),
            Report::Mostlinkedtemplates => (
                "SELECT lt_namespace AS namespace, lt_title AS title, COUNT(*) AS value \
                 FROM templatelinks JOIN linktarget ON lt_id = tl_target_id \
                 GROUP BY lt_namespace, lt_title ORDER BY value DESC",
                Value::Int,
            ),
            Report::Mostlinked => (
                "SELECT pl_namespace AS namespace, pl_title AS title, COUNT(*) AS value, page_namespace \
                 FROM pagelinks LEFT JOIN page ON page_namespace = pl_namespace AND page_title = pl_title \
                 GROUP BY pl_namespace, pl_title, page_namespace HAVING COUNT(*) > 1 ORDER BY value DESC",
                Value::IntAndNamespace,
            ),
            Report::Uncategorizedimages => (
                "SELECT page_namespace AS namespace, page_title AS title FROM page \
                 LEFT JOIN categorylinks ON cl_from = page_id \
                 WHERE cl_from IS NULL AND page_namespace = 6 AND page_is_redirect = 0 ORDER BY title",
                Value::None,
            ),
            Report::Unusedtemplates => (
                "SELECT page_namespace AS namespace, page_title AS title FROM page \
                 LEFT JOIN linktarget ON lt_title = page_title AND lt_namespace = page_namespace \
                 LEFT JOIN templatelinks ON tl_target_id = lt_id \
                 WHERE page_namespace = 10 AND tl_from IS NULL AND page_is_redirect = 0 ORDER BY title",
                Value::None,
            ),
            // `$wgWantedPagesThreshold` 1: a page linked once is wanted.
            Report::Wantedpages => (
                "SELECT pl_namespace AS namespace, pl_title AS title, COUNT(*) AS value FROM pagelinks \
                 LEFT JOIN page pg1 ON pg1.page_namespace = pl_namespace AND pg1.page_title = pl_title \
                 LEFT JOIN page pg2 ON pg2.page_id = pl_from \
                 WHERE pg1.page_namespace IS NULL AND pl_namespace NOT IN (2, 3) AND pg2.page_namespace != 8 \
                 GROUP BY pl_namespace, pl_title HAVING COUNT(*) > 0 AND COUNT(*) > SUM(pg2.page_is_redirect) \
                 ORDER BY value DESC, namespace, title",
                Value::Int,
            ),
            Report::Wantedtemplates => (
                "SELECT lt_namespace AS namespace, lt_title AS title, COUNT(*) AS value FROM templatelinks \
                 JOIN linktarget ON lt_id = tl_target_id \
                 LEFT JOIN page ON page_namespace = lt_namespace AND page_title = lt_title \
                 WHERE page_title IS NULL AND lt_namespace = 10 \
                 GROUP BY lt_namespace, lt_title ORDER BY value DESC, namespace, title",
                Value::Int,
            ),
            Report::Lonelypages => (
                "SELECT page_namespace AS namespace, page_title AS title FROM page \
                 LEFT JOIN pagelinks ON pl_namespace = page_namespace AND pl_title = page_title \
                 LEFT JOIN linktarget ON lt_namespace = page_namespace AND lt_title = page_title \
                 LEFT JOIN templatelinks ON tl_target_id = lt_id \
                 WHERE pl_namespace IS NULL AND page_namespace IN (0) AND page_is_redirect = 0 \
                 AND tl_from IS NULL ORDER BY page_title",
                Value::None,
            ),
            Report::Mostlinkedcategories => (
                "SELECT cat_title AS title, 14 AS namespace, cat_pages AS value FROM category \
                 WHERE cat_pages > 0 ORDER BY value DESC",
                Value::Int,
            ),
            Report::BrokenRedirects => (
                "SELECT p1.page_namespace AS namespace, p1.page_title AS title, rd_namespace, rd_title, \
                 rd_fragment FROM redirect JOIN page p1 ON rd_from = p1.page_id \
                 LEFT JOIN page p2 ON rd_namespace = p2.page_namespace AND rd_title = p2.page_title \
                 WHERE rd_namespace >= 0 AND (rd_interwiki IS NULL OR rd_interwiki = '') \
                 AND p2.page_namespace IS NULL ORDER BY rd_namespace, rd_title, rd_from",
                Value::BrokenRedirect,
            ),
            // Without the exceptions an on-wiki list may name
            // (`MediaWiki:Uncategorized-categories-exceptionlist`): none by default.
            Report::Uncategorizedcategories => (
                "SELECT page_namespace AS namespace, page_title AS title FROM page \
                 LEFT JOIN categorylinks ON cl_from = page_id \
                 WHERE cl_from IS NULL AND page_namespace = 14 AND page_is_redirect = 0 ORDER BY page_title",
                Value::None,
            ),
            // `$wgCountCategorizedImagesAsUsed` false: a file is used when a page shows it.
            Report::Unusedimages => (
                "SELECT 6 AS namespace, img_name AS title, img_timestamp AS value FROM image \
                 LEFT JOIN imagelinks ON il_to = img_name WHERE il_to IS NULL ORDER BY value",
                Value::Text,
            ),
            Report::Wantedfiles => (
                "SELECT 6 AS namespace, il_to AS title, COUNT(*) AS value FROM imagelinks \
                 LEFT JOIN image img1 ON il_to = img1.img_name \
                 LEFT JOIN page ON il_to = page_title AND page_namespace = 6 \
                 LEFT JOIN redirect ON page_id = rd_from AND rd_namespace = 6 AND rd_interwiki = '' \
                 LEFT JOIN image img2 ON rd_title = img2.img_name \
                 WHERE img1.img_name IS NULL AND img2.img_name IS NULL \
                 GROUP BY il_to ORDER BY value DESC, namespace, title",
                Value::Int,
            ),
            Report::ListDuplicatedFiles => (
                "SELECT 6 AS namespace, MIN(img_name) AS title, COUNT(*) AS value FROM image \
                 GROUP BY img_sha1 HAVING COUNT(*) > 1 ORDER BY value DESC",
                Value::Int,
            ),
            Report::DoubleRedirects => (
                "SELECT pa.page_namespace AS namespace, pa.page_title AS title, \
                 pb.page_namespace AS b_namespace, pb.page_title AS b_title, ra.rd_fragment AS b_fragment, \
                 rb.rd_namespace AS c_namespace, rb.rd_title AS c_title, rb.rd_fragment AS c_fragment, \
                 rb.rd_interwiki AS c_interwiki FROM redirect ra, redirect rb, page pa, page pb \
                 WHERE ra.rd_from = pa.page_id AND (ra.rd_interwiki IS NULL OR ra.rd_interwiki = '') \
                 AND pb.page_namespace = ra.rd_namespace AND pb.page_title = ra.rd_title \
                 AND rb.rd_from = pb.page_id ORDER BY ra.rd_namespace, ra.rd_title",
                Value::DoubleRedirect,
            ),
            Report::Unwatchedpages => (
                "SELECT page_namespace AS namespace, page_title AS title, page_namespace AS value FROM page \
                 LEFT JOIN watchlist ON wl_title = page_title AND wl_namespace = page_namespace \
                 WHERE wl_title IS NULL AND page_is_redirect = 0 AND page_namespace != 8 \
                 ORDER BY page_namespace, page_title",
                Value::SmallInt,
            ),
            Report::Uncategorizedpages => (
                "SELECT page_namespace AS namespace, page_title AS title FROM page \
                 LEFT JOIN categorylinks ON cl_from = page_id \
                 WHERE cl_from IS NULL AND page_namespace IN (0) AND page_is_redirect = 0 ORDER BY page_title",
                Value::None,
            ),
            Report::Uncategorizedtemplates => (
                "SELECT page_namespace AS namespace, page_title AS title FROM page \
                 LEFT JOIN categorylinks ON cl_from = page_id \
                 WHERE cl_from IS NULL AND page_namespace = 10 AND page_is_redirect = 0 ORDER BY page_title",
                Value::None,
            ),
            Report::Deadendpages => (
                "SELECT page_namespace AS namespace, page_title AS title FROM page \
                 LEFT JOIN pagelinks ON page_id = pl_from \
                 WHERE pl_from IS NULL AND page_namespace IN (0) AND page_is_redirect = 0 ORDER BY page_title",
                Value::None,
            ),
            Report::Withoutinterwiki => (
                "SELECT page_namespace AS namespace, page_title AS title FROM page \
                 LEFT JOIN langlinks ON ll_from = page_id \
                 WHERE ll_title IS NULL AND page_namespace IN (0) AND page_is_redirect = 0 \
                 ORDER BY page_namespace, page_title",
                Value::None,
            ),
            Report::Unusedcategories => (
                "SELECT page_namespace AS namespace, page_title AS title FROM page \
                 LEFT JOIN categorylinks ON cl_to = page_title \
                 LEFT JOIN page_props ON page_id = pp_page AND pp_propname = 'expectunusedcategory' \
                 WHERE cl_from IS NULL AND page_namespace = 14 AND page_is_redirect = 0 AND pp_page IS NULL \
                 ORDER BY title",
                Value::None,
            ),
            Report::Wantedcategories => (
                "SELECT 14 AS namespace, cl_to AS title, COUNT(*) AS value FROM categorylinks \
                 LEFT JOIN page ON page_title = cl_to AND page_namespace = 14 \
                 WHERE page_title IS NULL GROUP BY cl_to ORDER BY value DESC, namespace, title",
                Value::Int,
            ),
            Report::Listredirects => (
                "SELECT p1.page_namespace AS namespace, p1.page_title AS title, rd_namespace, rd_title, \
                 rd_fragment, rd_interwiki, p2.page_id AS redirid FROM page p1 \
                 LEFT JOIN redirect ON rd_from = p1.page_id \
                 LEFT JOIN page p2 ON p2.page_namespace = rd_namespace AND p2.page_title = rd_title \
                 WHERE p1.page_is_redirect = 1 ORDER BY p1.page_namespace, p1.page_title",
                Value::Redirect,
            ),
        }
    }
}

/// How a report's value column reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Value {
    None,
    Int,
    Text,
    /// `Listredirects`: no value, the redirect's target as further columns.
    Redirect,
    /// A number of the `Integer` type (a namespace).
    SmallInt,
    /// `Mostlinked`: a number, and the linked page's namespace (none for a missing page).
    IntAndNamespace,
    /// `BrokenRedirects`: no value, the missing target as further columns.
    BrokenRedirect,
    /// `DoubleRedirects`: no value, the two redirects' targets as further columns.
    DoubleRedirect,
}

/// One row of a report: the page, its value as MediaWiki's database layer hands it on (text),
/// and further columns by name (`databaseResult`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportRow {
    pub namespace: i32,
    pub title: String,
    pub value: Option<String>,
    pub extra: Vec<(&'static str, Option<String>)>,
}

/// The page of a report's row, the columns every report has.
#[derive(QueryableByName)]
struct Page {
    #[diesel(sql_type = Integer)]
    namespace: i32,
    #[diesel(sql_type = Text)]
    title: String,
}

impl Page {
    fn row(self, value: Option<String>, extra: Vec<(&'static str, Option<String>)>) -> ReportRow {
        ReportRow { namespace: self.namespace, title: self.title, value, extra }
    }
}

/// A number as MediaWiki's database layer hands it on: text.
fn text<N: ToString>(n: N) -> Option<String> {
    Some(n.to_string())
}

/// A report's row in the columns of each kind of report ([`Value`]), made a [`ReportRow`].
macro_rules! row_kinds {
    ($($name:ident { $($field:ident: $ty:ty),* } => |$r:ident| ($value:expr, $extra:expr $(,)?);)*) => {$(
        #[derive(QueryableByName)]
        struct $name {
            #[diesel(embed)]
            page: Page,
            $(#[diesel(sql_type = $ty)] $field: <$ty as RustOf>::Rust,)*
        }

        impl From<$name> for ReportRow {
            #[allow(unused_variables)]
            fn from($r: $name) -> ReportRow {
                $r.page.row($value, $extra)
            }
        }
    )*};
}

/// The Rust type a row field of an SQL type reads as.
trait RustOf {
    type Rust;
}
impl RustOf for Integer {
    type Rust = i32;
}
impl RustOf for BigInt {
    type Rust = i64;
}
impl RustOf for Text {
    type Rust = String;
}
impl RustOf for Nullable<Integer> {
    type Rust = Option<i32>;
}
impl RustOf for Nullable<BigInt> {
    type Rust = Option<i64>;
}
impl RustOf for Nullable<Text> {
    type Rust = Option<String>;
}

row_kinds! {
    PageOnly {} => |r| (None, Vec::new());
    WithInt { value: BigInt } => |r| (text(r.value), Vec::new());
    WithSmallInt { value: Integer } => |r| (text(r.value), Vec::new());
    WithText { value: Text } => |r| (Some(r.value), Vec::new());
    WithIntAndNamespace { value: BigInt, page_namespace: Nullable<Integer> } =>
        |r| (text(r.value), vec![("page_namespace", r.page_namespace.and_then(text))]);
    BrokenRedirectRow { rd_namespace: Integer, rd_title: Text, rd_fragment: Nullable<Text> } => |r| (
        None,
        vec![("rd_namespace", text(r.rd_namespace)), ("rd_title", Some(r.rd_title)), ("rd_fragment", r.rd_fragment)],
    );
    DoubleRedirectRow {
        b_namespace: Integer, b_title: Text, b_fragment: Nullable<Text>,
        c_namespace: Integer, c_title: Text, c_fragment: Nullable<Text>, c_interwiki: Nullable<Text>
    } => |r| (
        None,
        vec![
            ("b_namespace", text(r.b_namespace)),
            ("b_title", Some(r.b_title)),
            ("b_fragment", r.b_fragment),
            ("c_namespace", text(r.c_namespace)),
            ("c_title", Some(r.c_title)),
            ("c_fragment", r.c_fragment),
            ("c_interwiki", r.c_interwiki),
        ],
    );
    RedirectRow {
        rd_namespace: Nullable<Integer>, rd_title: Nullable<Text>, rd_fragment: Nullable<Text>,
        rd_interwiki: Nullable<Text>, redirid: Nullable<BigInt>
    } => |r| (
        None,
        vec![
            ("rd_namespace", r.rd_namespace.and_then(text)),
            ("rd_title", r.rd_title),
            ("rd_fragment", r.rd_fragment),
            ("rd_interwiki", r.rd_interwiki),
            ("redirid", r.redirid.and_then(text)),
        ],
    );
}

impl<C: AsAnyConnection> Reader<C> {
    /// `limit` rows of a report after the first `offset`.
    pub fn report(&mut self, report: Report, offset: i64, limit: i64) -> Result<Vec<ReportRow>, StoreError> {
        let conn = self.conn();
        #[cfg(feature = "mysql")]
        let mysql = matches!(conn, crate::backend::AnyConnection::Mysql(_));
        #[cfg(not(feature = "mysql"))]
        let mysql = false;
        let (sql, value) = report.sql(mysql);
        let placeholders = match conn {
            #[cfg(feature = "postgres")]
            crate::backend::AnyConnection::Pg(_) => " LIMIT $1 OFFSET $2",
            _ => " LIMIT ? OFFSET ?",
        };
        let text = format!("{sql}{placeholders}");
        macro_rules! rows {
            ($row:ty) => {
                crate::with_conn!(conn, |c| diesel::sql_query(text.as_str())
                    .bind::<BigInt, _>(limit)
                    .bind::<BigInt, _>(offset)
                    .load::<$row>(c))?
                .into_iter()
                .map(ReportRow::from)
                .collect()
            };
        }
        Ok(match value {
            Value::None => rows!(PageOnly),
            Value::Int => rows!(WithInt),
            Value::SmallInt => rows!(WithSmallInt),
            Value::Text => rows!(WithText),
            Value::IntAndNamespace => rows!(WithIntAndNamespace),
            Value::BrokenRedirect => rows!(BrokenRedirectRow),
            Value::DoubleRedirect => rows!(DoubleRedirectRow),
            Value::Redirect => rows!(RedirectRow),
        })
    }
}
