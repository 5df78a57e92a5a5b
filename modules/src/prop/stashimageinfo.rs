//! `prop=stashimageinfo`: file information of stashed uploads.

use wikiquery_runtime::{query_module, ApiError, CacheMode, ParamValues, QueryContext, QueryModule, RequestState};

use crate::wiki::WikiContext;

/// What to return of each stashed file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum StashImageInfoProp {
    /// Whether the file is on the wiki's list of bad images, which keeps it off pages.
    Badfile,
    /// The file's bit depth.
    Bitdepth,
    /// The file's title in its canonical form.
    Canonicaltitle,
    /// Metadata that does not depend on the file's format, read from the file.
    Commonmetadata,
    /// The same as `size`.
    Dimensions,
    /// Metadata gathered from several sources and formatted as HTML.
    Extmetadata,
    /// The metadata stored with the file, such as Exif data.
    Metadata,
    /// The file's MIME type.
    Mime,
    /// The file's SHA-1 hash, in hexadecimal.
    Sha1,
    /// The file's size in bytes, its width and height, and its page count for files that
    /// have pages.
    Size,
    /// The MIME type of the thumbnail (with `url` and `siiurlwidth`).
    Thumbmime,
    /// When the file was stashed.
    Timestamp,
    /// The URL of the stashed file; with `siiurlwidth` or `siiurlheight`, also that of a
    /// scaled thumbnail.
    Url,
}

/// Returns information about files in the caller's upload stash.
///
/// The stash holds files uploaded for later use and not yet published; only a logged-in
/// user has one.
#[query_module(
    name = "stashimageinfo",
    group = "prop",
    cache = "public",
    prefix = "sii",
    readrights,
    // Its list stands in the query's element, its items named after the module's prefix.
    xml_under(query(stashimageinfo = "sii"), sii(metadata = "metadata", commonmetadata = "metadata")),
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Stashimageinfo",
    example(query = "action=query&prop=stashimageinfo&siifilekey=a1b2c3.png", text = "Describe a stashed file."),
    example(
        query = "action=query&prop=stashimageinfo&siifilekey=a1b2c3.png|d4e5f6.jpg&siiurlwidth=120",
        text = "Describe two stashed files, with the URLs of thumbnails of them 120 pixels wide."
    )
)]
pub struct StashImageInfo {
    /// The keys that identify files stashed by earlier uploads.
    pub filekey: Vec<String>,
    /// Deprecated, use `siifilekey`: the same keys under their old name.
    #[param(deprecated)]
    pub sessionkey: Vec<String>,
    /// Which information to return of each stashed file.
    #[param(default = "timestamp|url")]
    pub prop: Vec<StashImageInfoProp>,
    /// With `url` in `siiprop`, also return the URL of a thumbnail scaled to this width in
    /// pixels; `-1` for none.
    #[param(default = -1)]
    pub urlwidth: i64,
    /// Like `siiurlwidth`, for the thumbnail's height.
    #[param(default = -1)]
    pub urlheight: i64,
    /// Thumbnail options in the form the file's type reads them, such as `page3-200px` for
    /// the third page of a PDF; they must agree with `siiurlwidth`.
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
