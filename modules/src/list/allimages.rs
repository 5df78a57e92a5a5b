//! `list=allimages`: every file, by name or by upload time.

use wikiquery_framework::{query_module, Limit, ParamValues, QueryModule, Timestamp, UserRef};

/// The order of the listing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum AllImagesSort {
    Name,
    Timestamp,
}

/// The direction: `ascending`/`descending` for `sort=name`, `newer`/`older` for
/// `sort=timestamp`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum AllImagesDir {
    Ascending,
    Descending,
    Newer,
    Older,
}

/// What to return of each file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum AllImagesProp {
    Badfile,
    Bitdepth,
    Canonicaltitle,
    Comment,
    Commonmetadata,
    Dimensions,
    Extmetadata,
    Mediatype,
    Metadata,
    Mime,
    Parsedcomment,
    Sha1,
    Size,
    Timestamp,
    Url,
    User,
    Userid,
}

/// Which uploads by the uploader's bot status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum FilterBots {
    All,
    Bots,
    Nobots,
}

/// Enumerates all files, sequentially.
#[query_module(
    name = "allimages",
    group = "list",
    prefix = "ai",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allimages"
)]
pub struct AllImages {
    #[param(default = "name")]
    pub sort: AllImagesSort,
    #[param(default = "ascending")]
    pub dir: AllImagesDir,
    pub from: Option<String>,
    pub to: Option<String>,
    #[param(rename = "continue")]
    pub continue_: Option<String>,
    pub start: Option<Timestamp>,
    pub end: Option<Timestamp>,
    #[param(default = "timestamp|url")]
    pub prop: Vec<AllImagesProp>,
    pub prefix: Option<String>,
    pub minsize: Option<i64>,
    pub maxsize: Option<i64>,
    pub sha1: Option<String>,
    pub sha1base36: Option<String>,
    pub user: Option<UserRef>,
    #[param(default = "all")]
    pub filterbots: FilterBots,
    pub mime: Vec<String>,
    #[param(default = 10)]
    pub limit: Limit,
}

impl QueryModule for AllImages {}
