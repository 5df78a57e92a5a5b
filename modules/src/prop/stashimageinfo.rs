//! `prop=stashimageinfo`: file information of stashed uploads.

use wikiquery_runtime::{query_module, ApiError, CacheMode, ParamValues, QueryContext, QueryModule, RequestState};

use crate::wiki::WikiContext;

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
    cache = "public",
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
    fn cache_mode(&self, state: &RequestState) -> CacheMode {
        CacheMode::public_unless_revision_deletion(&state.rights)
    }

    /// The stash belongs to a logged-in user: an anonymous caller is refused before anything
    /// else is looked at. Then each key must have the stash's form (a name with an extension)
    /// and a row in the stash. This server keeps no stash store of its own, so a row's file is
    /// never at hand: MediaWiki's answer for a stashed file whose file is gone.
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        if ctx.state.user.is_none() {
            return Err(ApiError::new("notloggedin", "Only a logged-in user has an upload stash."));
        }
        // `filekey` wins over its old name when both are given.
        let keys = match (self.filekey.is_empty(), self.sessionkey.is_empty()) {
            (false, _) => &self.filekey,
            (true, false) => &self.sessionkey,
            (true, true) => {
                // Checked here, not by the macro: MediaWiki refuses an anonymous caller first.
                let names = [ctx.wire_name("filekey"), ctx.wire_name("sessionkey")];
                return Err(ApiError::missing_one_of(&[&names[0], &names[1]]));
            }
        };
        // MediaWiki reads the keys in turn and stops at the first it cannot read; here every
        // key ends there, so the first one answers.
        let key = &keys[0];
        if !well_formed_key(key) {
            return Err(ApiError::new("uploadstash-bad-path-bad-format", format!("\"{key}\" is not a stash key.")));
        }
        if ctx.reader()?.stashed_file(key)?.is_none() {
            return Err(ApiError::new("uploadstash-file-not-found", format!("The stash holds no file \"{key}\".")));
        }
        Err(ApiError::new("uploadstash-bad-path", format!("The stashed file \"{key}\" is not kept on this server.")))
    }
}

/// The form of a stash key: word characters, `-` and `.`, ending in a dot and an extension
/// of word characters (possibly empty); ASCII only, and one line feed may end it, as the
/// pattern MediaWiki checks with reads.
fn well_formed_key(key: &str) -> bool {
    let key = key.strip_suffix('\n').unwrap_or(key);
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let Some(dot) = key.rfind('.') else { return false };
    let (name, extension) = (&key[..dot], &key[dot + 1..]);
    !name.is_empty() && name.chars().all(|c| word(c) || c == '-' || c == '.') && extension.chars().all(word)
}

#[cfg(test)]
mod tests {
    use super::well_formed_key;

    #[test]
    fn keys_have_a_name_and_an_extension() {
        for key in ["abc123.png", "1a2b-c.d.jpg", "x.", "a_b.tar.gz", "..png", "a.png\n"] {
            assert!(well_formed_key(key), "{key}");
        }
        for key in ["abc", ".png", "a/b.png", "a b.png", "a.p-g", "", "é.png", "a.png\n\n"] {
            assert!(!well_formed_key(key), "{key}");
        }
    }
}
