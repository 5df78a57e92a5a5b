//! One version of a file as the file modules describe it (MediaWiki's
//! `ApiQueryImageInfo::getInfo`, which `allimages` shares): written once, for `prop=imageinfo`
//! and `list=allimages`.

use std::collections::HashMap;

use serde_json::{json, Map, Value};
use wikiquery_domain::files::hash_path;
use wikiquery_domain::revision::{
    sha1_hex, Visibility, DELETED_COMMENT, DELETED_RESTRICTED, DELETED_TEXT, DELETED_USER,
};
use wikiquery_domain::settings::SiteSettings;
use wikiquery_domain::timestamp::Timestamp;
use wikiquery_domain::title::{NS_FILE, NS_MEDIAWIKI};
use wikiquery_domain::url::rawurlencode;
use wikiquery_runtime::{ApiError, QueryContext};
use wikiquery_store::queries::files::FileVersion;
use wikiquery_store::reader::Reader;
use wikiquery_store::site::Site;

use crate::shared::comments::{parsed_comments, CommentOf};
use crate::shared::thumbnails::{self, Thumb};
use crate::storage::{absolute, site_paths, SitePaths};

/// A file's own bit of `oi_deleted`: the file's content is hidden (the revision's text bit).
const DELETED_FILE: i32 = DELETED_TEXT;

/// The parts of a file version a request asks for (the `prop` values the file modules share).
#[derive(Debug, Clone, Copy, Default)]
pub struct FileProps {
    pub timestamp: bool,
    pub user: bool,
    pub userid: bool,
    pub comment: bool,
    pub parsedcomment: bool,
    pub canonicaltitle: bool,
    pub url: bool,
    pub size: bool,
    pub dimensions: bool,
    pub sha1: bool,
    pub mime: bool,
    pub thumbmime: bool,
    pub mediatype: bool,
    pub metadata: bool,
    pub commonmetadata: bool,
    pub extmetadata: bool,
    pub archivename: bool,
    pub bitdepth: bool,
    pub uploadwarning: bool,
}

/// What writing file versions needs from the request: where files are served, the caller's
/// rights, the batch's comments.
pub struct FileWriter<'a> {
    site: &'a Site,
    props: FileProps,
    visibility: Visibility,
    /// The upload area's URL (`$wgUploadPath` made absolute).
    upload_url: String,
    /// `index.php` as a URL.
    script_url: String,
    /// The folder of the file-type icons, ending in `/`.
    icons_url: String,
    comments: HashMap<i64, String>,
    parsed: HashMap<i64, String>,
    /// Page ids of the files' description pages, by name.
    pages: HashMap<String, i64>,
    /// The `extmetadata` fields to give (`extmetadatafilter`); empty: all of them.
    ext_filter: Vec<String>,
    /// The metadata fields shown by default (lower case), as the wiki's
    /// `MediaWiki:Metadata-fields` lists them; the others are marked `hidden`.
    visible_fields: Vec<String>,
    /// The upload warning of each file name, as HTML (`uploadwarning`); none: an empty one.
    upload_warnings: HashMap<String, String>,
}

impl<'a> FileWriter<'a> {
    /// A writer of `versions` (all that the answer will hold) for the request in `ctx`.
    pub fn new(
        ctx: &QueryContext<'_>,
        site: &'a Site,
        reader: &mut Reader,
        props: FileProps,
        versions: &[&FileVersion],
    ) -> Result<Self, ApiError> {
        let settings = ctx.settings();
        let paths = site_paths(site, settings);
        let upload = upload_path(&paths, settings);
        let mut ids: Vec<i64> = Vec::new();
        if props.comment || props.parsedcomment {
            ids = versions.iter().map(|v| v.comment_id).collect();
            ids.sort_unstable();
            ids.dedup();
        }
        let comments = if ids.is_empty() { HashMap::new() } else { reader.comments(&ids)? };
        let parsed = if props.parsedcomment {
            let of: Vec<CommentOf<'_, i64>> = versions
                .iter()
                .filter_map(|v| {
                    comments.get(&v.comment_id).map(|text| CommentOf {
                        key: v.comment_id,
                        text,
                        ns: NS_FILE,
                        dbkey: &v.name,
                    })
                })
                .collect();
            parsed_comments(reader, site, &of)?
        } else {
            HashMap::new()
        };
        let mut pages = HashMap::new();
        if props.url {
            let mut names: Vec<(i32, String)> = versions.iter().map(|v| (NS_FILE, v.name.clone())).collect();
            names.sort();
            names.dedup();
            for page in reader.pages_by_titles(&names)? {
                pages.insert(page.dbkey.clone(), page.id);
            }
        }
        let visible_fields = if props.extmetadata { visible_metadata_fields(reader)? } else { Vec::new() };
        Ok(FileWriter {
            site,
            props,
            visibility: Visibility::of(&ctx.state.rights),
            upload_url: absolute(&paths.server, &upload),
            script_url: absolute(&paths.server, &paths.script),
            icons_url: absolute(&paths.server, &format!("{}/resources/assets/file-type-icons/", paths.script_path)),
            comments,
            parsed,
            pages,
            ext_filter: Vec::new(),
            visible_fields,
            upload_warnings: HashMap::new(),
        })
    }

    /// Gives these upload warnings (HTML by file name) as `html`.
    pub fn with_upload_warnings(mut self, warnings: HashMap<String, String>) -> Self {
        self.upload_warnings = warnings;
        self
    }

    /// The `html` member: the upload warning of file `name`, empty when there is none.
    fn upload_warning(&self, name: &str) -> Value {
        json!(self.upload_warnings.get(name).map_or("", String::as_str))
    }

    /// Gives only these `extmetadata` fields (none given: all).
    pub fn with_ext_metadata_filter(mut self, fields: &[String]) -> Self {
        self.ext_filter = fields.to_vec();
        self
    }

    /// `extmetadata` of a version, as MediaWiki's core gives it for every file (extensions add
    /// more; this server has none): when it was uploaded (`DateTime`) and its title without the
    /// extension (`ObjectName`). The values are plain strings, so the language asked for and
    /// `multilang` change nothing. A filter that keeps nothing gives an empty list.
    fn ext_metadata(&self, version: &FileVersion) -> Value {
        let text = version.name.replace('_', " ");
        // The part before the last dot, unless the name begins with it.
        let object = match text.rfind('.') {
            Some(dot) if dot > 0 => &text[..dot],
            _ => text.as_str(),
        };
        let mut fields = Map::new();
        for (key, value) in [("DateTime", Timestamp::iso_text(&version.timestamp)), ("ObjectName", object.to_owned())] {
            if !self.ext_filter.is_empty() && !self.ext_filter.iter().any(|f| f == key) {
                continue;
            }
            let mut field = Map::new();
            field.insert("value".into(), json!(value));
            field.insert("source".into(), json!("mediawiki-metadata"));
            if !self.visible_fields.iter().any(|f| f.eq_ignore_ascii_case(key)) {
                field.insert("hidden".into(), json!(""));
            }
            fields.insert(key.into(), Value::Object(field));
        }
        if fields.is_empty() {
            json!([])
        } else {
            Value::Object(fields)
        }
    }

    /// The URL a version's content is served at.
    pub fn file_url(&self, version: &FileVersion) -> String {
        file_url(&self.upload_url, version)
    }

    /// The thumbnail of a version (MediaWiki's `File::transform`).
    pub fn thumbnail(&self, version: &FileVersion) -> Thumb {
        thumbnails::transform(version, &self.file_url(version), &self.icons_url)
    }

    /// One version's members, in MediaWiki's order, with its thumbnail when one was asked for.
    pub fn info(&self, version: &FileVersion, thumb: Option<&Thumb>) -> Map<String, Value> {
        let p = self.props;
        let mut vals = Map::new();
        let deleted = version.deleted;
        let mut any_hidden = false;
        if p.timestamp {
            vals.insert("timestamp".into(), json!(Timestamp::iso_text(&version.timestamp)));
        }
        if p.user || p.userid {
            let (hidden, allowed) = self.visibility.check(deleted, DELETED_USER);
            if hidden {
                vals.insert("userhidden".into(), json!(true));
                any_hidden = true;
            }
            if allowed {
                if p.user {
                    vals.insert("user".into(), json!(version.actor_name));
                }
                if p.userid {
                    vals.insert("userid".into(), json!(version.actor_user.unwrap_or(0)));
                }
                if version.actor_user.is_none() {
                    vals.insert("anon".into(), json!(true));
                }
            }
        }
        if p.size || p.dimensions {
            vals.insert("size".into(), json!(version.size));
            vals.insert("width".into(), json!(version.width));
            vals.insert("height".into(), json!(version.height));
        }
        if p.comment || p.parsedcomment {
            let (hidden, allowed) = self.visibility.check(deleted, DELETED_COMMENT);
            if hidden {
                vals.insert("commenthidden".into(), json!(true));
                any_hidden = true;
            }
            if allowed {
                let text = self.comments.get(&version.comment_id).cloned().unwrap_or_default();
                if p.parsedcomment {
                    let html = self.parsed.get(&version.comment_id).cloned().unwrap_or_default();
                    vals.insert("parsedcomment".into(), json!(html));
                }
                if p.comment {
                    vals.insert("comment".into(), json!(text));
                }
            }
        }
        if p.uploadwarning {
            vals.insert("html".into(), self.upload_warning(&version.name));
        }
        let (file_hidden, file_allowed) = self.visibility.check(deleted, DELETED_FILE);
        if file_hidden {
            vals.insert("filehidden".into(), json!(true));
            any_hidden = true;
        }
        if any_hidden && deleted & DELETED_RESTRICTED != 0 {
            vals.insert("suppressed".into(), json!(true));
        }
        // A hidden file's version says no more, whoever asks.
        if file_hidden || !file_allowed {
            return vals;
        }
        if p.canonicaltitle {
            vals.insert(
                "canonicaltitle".into(),
                json!(wikiquery_domain::title::full_text(NS_FILE, &version.name, self.site.namespaces())),
            );
        }
        // MediaWiki gives the file's MIME type whenever it gave a thumbnail's (the two share a
        // variable there).
        let mut thumb_mime_given = false;
        if p.url {
            let file_url = self.file_url(version);
            match thumb {
                Some(Thumb::Image { url, width, height, mime }) => {
                    vals.insert("thumburl".into(), json!(url));
                    vals.insert("thumbwidth".into(), json!(width));
                    vals.insert("thumbheight".into(), json!(height));
                    if let Some(mime) = mime.as_ref().filter(|_| p.thumbmime) {
                        vals.insert("thumbmime".into(), json!(mime));
                        thumb_mime_given = true;
                    }
                }
                Some(Thumb::Error(text)) => {
                    vals.insert("thumberror".into(), json!(text));
                }
                None => {}
            }
            vals.insert("url".into(), json!(file_url));
            let key = format!(
                "{}:{}",
                self.site.namespaces().name(NS_FILE).unwrap_or("File").replace(' ', "_"),
                version.name
            );
            if let Some(url) = self.site.page_url(&key) {
                vals.insert("descriptionurl".into(), json!(url));
            }
            if let Some(id) = self.pages.get(&version.name) {
                vals.insert("descriptionshorturl".into(), json!(format!("{}?curid={id}", self.script_url)));
            }
        }
        if p.sha1 {
            vals.insert("sha1".into(), json!(sha1_hex(&version.sha1)));
        }
        if p.metadata {
            vals.insert("metadata".into(), metadata(&version.metadata));
        }
        if p.commonmetadata {
            let mime = format!("{}/{}", version.major_mime, version.minor_mime);
            vals.insert("commonmetadata".into(), common_metadata(&mime, &version.metadata));
        }
        if p.extmetadata {
            vals.insert("extmetadata".into(), self.ext_metadata(version));
        }
        if p.mime || thumb_mime_given {
            vals.insert("mime".into(), json!(format!("{}/{}", version.major_mime, version.minor_mime)));
        }
        if p.mediatype {
            vals.insert("mediatype".into(), json!(version.media_type.clone().unwrap_or_default()));
        }
        if p.archivename {
            if let Some(archive) = &version.archive_name {
                vals.insert("archivename".into(), json!(archive));
            }
        }
        if p.bitdepth {
            vals.insert("bitdepth".into(), json!(version.bits));
        }
        vals
    }
}

impl FileWriter<'_> {
    /// The members of a file with no version (`filemissing`), in MediaWiki's order.
    pub fn missing_info(&self, name: &str) -> Map<String, Value> {
        let mut vals = Map::new();
        if self.props.uploadwarning {
            vals.insert("html".into(), self.upload_warning(name));
        }
        if self.props.canonicaltitle {
            vals.insert(
                "canonicaltitle".into(),
                json!(wikiquery_domain::title::full_text(NS_FILE, name, self.site.namespaces())),
            );
        }
        if self.props.url {
            let key = format!("{}:{name}", self.site.namespaces().name(NS_FILE).unwrap_or("File").replace(' ', "_"));
            if let Some(url) = self.site.page_url(&key) {
                vals.insert("descriptionurl".into(), json!(url));
            }
        }
        vals.insert("filemissing".into(), json!(true));
        vals
    }
}

/// Where uploaded files are served from (`$wgUploadPath`): the setting, else the scripts'
/// `/images`; a path on the server unless the setting names a whole URL.
pub fn upload_path(paths: &SitePaths, settings: &SiteSettings) -> String {
    settings.upload_path.clone().unwrap_or_else(|| format!("{}/images", paths.script_path))
}

/// Where a version's content is served, under the upload area `upload` (a URL or a path).
pub fn file_url(upload: &str, version: &FileVersion) -> String {
    let dirs = hash_path(&version.name);
    match &version.archive_name {
        None => format!("{upload}/{dirs}/{}", rawurlencode(&version.name)),
        Some(archive) => format!("{upload}/archive/{dirs}/{}", rawurlencode(archive)),
    }
}

/// The wiki's list of bad files (`MediaWiki:Bad image list`, MediaWiki's `BadFileLookup`):
/// each line starting with `*` names a file by its first link, and by its further links the
/// pages where the file may be shown anyway.
#[derive(Debug, Default)]
pub struct BadFiles(HashMap<String, Vec<(i32, String)>>);

impl BadFiles {
    /// The list as the wiki's page says it; empty when there is no page.
    pub fn read(reader: &mut Reader, site: &Site) -> Result<BadFiles, ApiError> {
        let Some(text) = crate::storage::current_text_of(reader, NS_MEDIAWIKI, "Bad_image_list")? else {
            return Ok(BadFiles::default());
        };
        let iw = site.interwikis();
        Ok(BadFiles::parse(&text, site.namespaces(), &|p| iw.is_interwiki(p)))
    }

    /// The list in a page's text.
    pub fn parse(
        text: &str,
        namespaces: &wikiquery_domain::title::SiteNamespaces,
        is_interwiki: &dyn Fn(&str) -> bool,
    ) -> BadFiles {
        let mut bad = HashMap::new();
        for line in text.lines().filter(|l| l.starts_with('*')) {
            let mut links = Vec::new();
            let mut rest = line;
            while let Some(start) = rest.find("[[") {
                let after = &rest[start + 2..];
                let Some(end) = after.find("]]") else { break };
                links.push(after[..end].trim_start_matches(':').to_owned());
                rest = &after[end + 2..];
            }
            let mut titles = links
                .iter()
                .filter_map(|text| wikiquery_domain::title::parse_title(text, 0, namespaces, is_interwiki).ok());
            let Some(file) = titles.next() else { continue };
            bad.insert(file.dbkey, titles.map(|t| (t.ns, t.dbkey)).collect());
        }
        BadFiles(bad)
    }

    /// Whether file `name` is bad where it is shown (`context`, a page, if any).
    pub fn is_bad(&self, name: &str, context: Option<&(i32, String)>) -> bool {
        match self.0.get(name) {
            Some(exceptions) => !context.is_some_and(|c| exceptions.contains(c)),
            None => false,
        }
    }
}

/// `metadata` of a version: MediaWiki's stored metadata (1.39 writes JSON with the handler's
/// values under `data`; earlier versions PHP's serialisation) as a list of `{name, value}`,
/// nested the same way; `null` when there is none.
pub fn metadata(stored: &[u8]) -> Value {
    match decoded(stored) {
        Some(value) => listed(&value).unwrap_or(Value::Null),
        None => Value::Null,
    }
}

/// The metadata fields a wiki shows by default, lower-cased: the `* name` lines of its
/// `MediaWiki:Metadata-fields` page. Without the page, MediaWiki's default list names camera
/// fields only, none of those `extmetadata` gives here, so an empty list answers alike.
fn visible_metadata_fields(reader: &mut Reader) -> Result<Vec<String>, ApiError> {
    let text = crate::storage::current_text_of(reader, NS_MEDIAWIKI, "Metadata-fields")?.unwrap_or_default();
    Ok(text
        .lines()
        .filter_map(|line| line.strip_prefix('*'))
        .map(|name| name.trim().to_lowercase())
        .filter(|name| !name.is_empty())
        .collect())
}

/// `commonmetadata` of a version: the part of its metadata the file's type shares with every
/// type (a PNG's or GIF's text chunks, a JPEG's or TIFF's Exif fields), listed as `metadata`
/// is; `[]` for types without any (MediaWiki's media handlers' `getCommonMetaArray`).
pub fn common_metadata(mime: &str, stored: &[u8]) -> Value {
    let value = decoded(stored);
    let common = match mime {
        "image/png" | "image/gif" => value.and_then(|v| v.get("metadata").cloned()).map(|mut m| {
            if let Value::Object(o) = &mut m {
                o.remove(if mime == "image/png" { "_MW_PNG_VERSION" } else { "_MW_GIF_VERSION" });
            }
            m
        }),
        "image/jpeg" | "image/tiff" => value.map(|mut v| {
            if let Value::Object(o) = &mut v {
                o.remove("MEDIAWIKI_EXIF_VERSION");
            }
            v
        }),
        _ => None,
    };
    common.as_ref().and_then(listed).unwrap_or_else(|| json!([]))
}

/// The handler's values in stored metadata: JSON (1.39 keeps them under `data`) or PHP's
/// serialisation.
fn decoded(stored: &[u8]) -> Option<Value> {
    if stored.first() == Some(&b'{') {
        serde_json::from_slice::<Value>(stored).ok().map(|v| match v {
            Value::Object(mut o) if o.contains_key("data") => o.remove("data").unwrap_or(Value::Null),
            other => other,
        })
    } else {
        std::str::from_utf8(stored)
            .ok()
            .and_then(|text| wikiquery_domain::php::unserialize(text).ok())
            .map(|v| v.to_json())
    }
}

/// Values as MediaWiki lists them (`processMetaData`): `{name, value}` for each member, nested
/// alike; `None` for nothing to list.
fn listed(value: &Value) -> Option<Value> {
    match value {
        Value::Object(o) if !o.is_empty() => Some(Value::Array(name_values(o))),
        Value::Array(a) if !a.is_empty() => {
            Some(Value::Array(a.iter().enumerate().map(|(i, v)| pair(json!(i), v)).collect()))
        }
        _ => None,
    }
}

fn name_values(object: &Map<String, Value>) -> Vec<Value> {
    object.iter().map(|(k, v)| pair(json!(k), v)).collect()
}

fn pair(name: Value, value: &Value) -> Value {
    let value = match value {
        Value::Object(o) => Value::Array(name_values(o)),
        Value::Array(a) => Value::Array(a.iter().enumerate().map(|(i, v)| pair(json!(i), v)).collect()),
        other => other.clone(),
    };
    json!({ "name": name, "value": value })
}

/// A SHA-1 parameter pair (`sha1` in hexadecimal, else `sha1base36`) as the base-36 form
/// MediaWiki stores; `invalidsha1hash` / `invalidsha1base36hash` for a malformed one.
pub fn sha1_param(hex: Option<&str>, base36: Option<&str>) -> Result<Option<String>, ApiError> {
    if let Some(hex) = hex {
        let hex = hex.to_lowercase();
        if hex.len() != 40 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(ApiError::new("invalidsha1hash", "The SHA1 hash provided is not valid."));
        }
        return Ok(Some(wikiquery_domain::revision::sha1_base36(&hex)));
    }
    if let Some(b36) = base36 {
        let b36 = b36.to_lowercase();
        if b36.len() != 31 || !b36.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(ApiError::new("invalidsha1base36hash", "The SHA1Base36 hash provided is not valid."));
        }
        return Ok(Some(b36));
    }
    Ok(None)
}

#[cfg(test)]
mod bad_file_tests {
    use super::BadFiles;
    use wikiquery_domain::title::SiteNamespaces;

    #[test]
    fn a_listed_file_is_bad_except_on_the_pages_its_line_names() {
        let text = "Files not to show:\n* [[:File:Shock.jpg]] except on [[Shock]] and [[Talk:Shock]]\n\
                    * [[File:Other image.png]]\n[[File:Not listed.png]] (no star)\n*no link here";
        let bad = BadFiles::parse(text, &SiteNamespaces::english("Wiki"), &|_| false);
        assert!(bad.is_bad("Shock.jpg", None));
        assert!(bad.is_bad("Shock.jpg", Some(&(0, "Main_Page".to_owned()))));
        assert!(!bad.is_bad("Shock.jpg", Some(&(0, "Shock".to_owned()))));
        assert!(!bad.is_bad("Shock.jpg", Some(&(1, "Shock".to_owned()))));
        assert!(bad.is_bad("Other_image.png", Some(&(0, "Shock".to_owned()))));
        assert!(!bad.is_bad("Not_listed.png", None));
    }
}
