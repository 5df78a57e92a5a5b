//! `list=mystashedfiles`: files in the calling user's upload stash.

use wikiquery_framework::{query_module, ApiError, Limit, ParamValues, QueryContext, QueryModule};

/// What to return of each stashed file besides its key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum StashedFileProp {
    Size,
    Type,
}

/// The calling user's stashed uploads.
#[query_module(
    name = "mystashedfiles",
    group = "list",
    prefix = "msf",
    readrights,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Mystashedfiles"
)]
pub struct MyStashedFiles {
    #[param(default = "")]
    pub prop: Vec<StashedFileProp>,
    #[param(default = 10)]
    pub limit: Limit,
    #[param(rename = "continue")]
    pub continue_: Option<String>,
}

impl QueryModule for MyStashedFiles {
    /// The upload stash belongs to a logged-in user, and every caller of this server is
    /// anonymous (it has no logins yet): MediaWiki's answer to an anonymous caller.
    fn execute(&self, _ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        Err(ApiError::new("stashnotloggedin", "The upload stash is only available to logged-in users."))
    }
}
