//! `prop=stashimageinfo`: file information of stashed uploads.

use wikiquery_framework::{query_module, ApiError, ParamValues, QueryContext, QueryModule};

/// What to return of each stashed file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum StashImageInfoProp {
    Badfile,
    Bitdepth,
    Canonicaltitle,
    Commonmetadata,
    Dimensions,
    Extmetadata,
    Metadata,
    Mime,
    Sha1,
    Size,
    Thumbmime,
    Timestamp,
    Url,
}

/// File information of files in the upload stash.
#[query_module(
    name = "stashimageinfo",
    group = "prop",
    prefix = "sii",
    readrights,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Stashimageinfo"
)]
pub struct StashImageInfo {
    /// Keys of earlier stashed uploads.
    pub filekey: Vec<String>,
    /// Old name of `filekey`.
    #[param(deprecated)]
    pub sessionkey: Vec<String>,
    #[param(default = "timestamp|url")]
    pub prop: Vec<StashImageInfoProp>,
    #[param(default = -1)]
    pub urlwidth: i64,
    #[param(default = -1)]
    pub urlheight: i64,
    #[param(default = "")]
    pub urlparam: String,
}

impl QueryModule for StashImageInfo {
    /// The upload stash belongs to a logged-in user, and every caller of this server is
    /// anonymous (it has no logins yet): MediaWiki's answer to an anonymous caller.
    fn execute(&self, _ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        Err(ApiError::new("notloggedin", "The upload stash is only available to logged-in users."))
    }
}
