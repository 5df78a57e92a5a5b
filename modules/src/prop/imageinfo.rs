//! `prop=imageinfo`: file information and upload history of the given files.

use wikiquery_framework::{query_module, Limit, ParamValues, QueryModule, Timestamp};

/// What to return of each file version.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum ImageInfoProp {
    Archivename,
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
    Thumbmime,
    Timestamp,
    Uploadwarning,
    Url,
    User,
    Userid,
}

/// File information: by default the latest version only (limit 1).
#[query_module(
    name = "imageinfo",
    group = "prop",
    prefix = "ii",
    readrights,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Imageinfo"
)]
pub struct ImageInfo {
    #[param(default = "timestamp|user")]
    pub prop: Vec<ImageInfoProp>,
    /// How many file versions per file.
    #[param(default = 1)]
    pub limit: Limit,
    pub start: Option<Timestamp>,
    pub end: Option<Timestamp>,
    /// Width of the scaled image returned with `url`; -1 means none.
    #[param(default = -1)]
    pub urlwidth: i64,
    #[param(default = -1)]
    pub urlheight: i64,
    /// A string, not an integer, though its default is `1`.
    #[param(default = "1")]
    pub metadataversion: String,
    #[param(default = "en")]
    pub extmetadatalanguage: String,
    pub extmetadatamultilang: bool,
    pub extmetadatafilter: Vec<String>,
    #[param(default = "")]
    pub urlparam: String,
    pub badfilecontexttitle: Option<String>,
    #[param(rename = "continue")]
    pub continue_: Option<String>,
    pub localonly: bool,
}

impl QueryModule for ImageInfo {}
