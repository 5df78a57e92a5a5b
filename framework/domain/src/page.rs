//! Pages as the page set and the modules know them: a row of the `page` table and where a
//! redirect points.

/// One row of the `page` table, as the page set and `prop=info` need it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageRecord {
    /// `page_id`.
    pub id: i64,
    /// `page_namespace`.
    pub ns: i32,
    /// `page_title`, the database key.
    pub dbkey: String,
    /// `page_is_redirect`.
    pub is_redirect: bool,
    /// `page_is_new`.
    pub is_new: bool,
    /// `page_touched`, a 14-digit timestamp.
    pub touched: String,
    /// `page_latest`.
    pub latest: i64,
    /// `page_len`.
    pub len: i64,
    /// `page_content_model` (absent: the namespace's default).
    pub content_model: Option<String>,
    /// `page_lang` (absent: the site's language).
    pub lang: Option<String>,
}

/// Where a redirect page points (`redirect` table).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RedirectRecord {
    /// The redirect's page id.
    pub from: i64,
    /// Target namespace.
    pub ns: i32,
    /// Target database key.
    pub dbkey: String,
    /// Target fragment (empty: none).
    pub fragment: String,
    /// Target interwiki prefix (empty: this wiki).
    pub interwiki: String,
}
