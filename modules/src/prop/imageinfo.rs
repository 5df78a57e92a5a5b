//! `prop=imageinfo`: file information and upload history of the given files.

use std::collections::HashMap;

use serde_json::{json, Map, Value};
use wikiquery_domain::title::NS_FILE;
use wikiquery_runtime::{
    query_module, ApiError, CacheMode, Continue, Limit, ParamValues, QueryContext, QueryModule, RequestState,
    Timestamp, ValueSet,
};
use wikiquery_store::queries::files::FileVersion;

use crate::shared::files::{BadFiles, FileProps, FileWriter};
use crate::shared::thumbnails;
use crate::shared::upload_warnings::upload_warnings;
use crate::storage;
use crate::wiki::WikiContext;

/// What to return of each file version.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum ImageInfoProp {
    /// The name an earlier version is archived under; not given for the current version.
    Archivename,
    /// Whether the file is on the wiki's list of bad images, which keeps it off pages (see
    /// `iibadfilecontexttitle`).
    Badfile,
    /// The version's bit depth.
    Bitdepth,
    /// The file's title in its canonical form.
    Canonicaltitle,
    /// The comment given with the upload of the version.
    Comment,
    /// Metadata that does not depend on the file's format, read from the file.
    Commonmetadata,
    /// The same as `size`.
    Dimensions,
    /// Metadata gathered from several sources and formatted as HTML (see
    /// `iiextmetadatalanguage`, `iiextmetadatamultilang` and `iiextmetadatafilter`).
    Extmetadata,
    /// The kind of media of the file, such as `BITMAP` or `DRAWING`.
    Mediatype,
    /// The metadata stored with the version, such as Exif data (see `iimetadataversion`).
    Metadata,
    /// The version's MIME type.
    Mime,
    /// The upload comment rendered as HTML.
    Parsedcomment,
    /// The version's SHA-1 hash, in hexadecimal.
    Sha1,
    /// The version's size in bytes, its width and height, and its page count for files that
    /// have pages.
    Size,
    /// The MIME type of the thumbnail (with `url` and `iiurlwidth`).
    Thumbmime,
    /// When the version was uploaded.
    Timestamp,
    /// The warnings an upload over this file would give; meant for the wiki's own upload
    /// form rather than for other clients.
    Uploadwarning,
    /// The URLs of the file and of its description page; with `iiurlwidth` or `iiurlheight`,
    /// also those of a scaled thumbnail.
    Url,
    /// The name of the user who uploaded the version.
    User,
    /// The user id of the user who uploaded the version.
    Userid,
}

/// Returns information about the given files and their upload history.
///
/// By default only the current version of each file is described; `iilimit`, `iistart` and
/// `iiend` reach earlier ones, newest first.
#[query_module(
    name = "imageinfo",
    group = "prop",
    cache = "public",
    prefix = "ii",
    readrights,
    xml = "ii",
    xml_nested(metadata = "metadata", commonmetadata = "metadata"),
    xml_under(metadata(value = "metadata")),
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Imageinfo",
    example(
        query = "action=query&prop=imageinfo&titles=File:Example.png",
        text = "Describe the current version of File:Example.png."
    ),
    example(
        query = "action=query&prop=imageinfo&titles=File:Example.png&iiprop=timestamp|user|size&iilimit=5",
        text = "List up to five versions of File:Example.png with their upload times, uploaders and sizes."
    ),
    example(
        query = "action=query&prop=imageinfo&titles=File:Blue%20square.png&iiprop=url&iiurlwidth=100",
        text = "Get the URLs of File:Blue square.png and of a thumbnail 100 pixels wide."
    )
)]
pub struct ImageInfo {
    /// Which information to return of each file version.
    #[param(default = "timestamp|user")]
    pub prop: Vec<ImageInfoProp>,
    /// How many versions to return of each file.
    #[param(default = 1)]
    pub limit: Limit,
    /// The timestamp to start listing versions at; as they are listed newest first, this is
    /// the later end of the range.
    pub start: Option<Timestamp>,
    /// The timestamp to stop listing versions at, the earlier end of the range.
    pub end: Option<Timestamp>,
    /// With `url` in `iiprop`, also return the URL of a thumbnail scaled to this width in
    /// pixels; `-1` for none. At most 50 thumbnails are made per request, the rest follow
    /// when continuing.
    #[param(default = -1)]
    pub urlwidth: i64,
    /// Like `iiurlwidth`, for the thumbnail's height.
    #[param(default = -1)]
    pub urlheight: i64,
    // A string, not an integer, though its default is `1`.
    /// Which version of the metadata format to return with `metadata`: a version number, or
    /// `latest` for the newest.
    #[param(default = "1")]
    pub metadataversion: String,
    /// The language to return `extmetadata` in, as a language code: it picks the translation
    /// when there are several and decides how numbers and dates are written.
    #[param(default = "en")]
    pub extmetadatalanguage: String,
    /// Return every translation of the `extmetadata` values that has one, not just the one
    /// in `iiextmetadatalanguage`.
    pub extmetadatamultilang: bool,
    /// Only return these keys of `extmetadata`; all of them when left out.
    pub extmetadatafilter: Vec<String>,
    /// Thumbnail options in the form the file's type reads them, such as `page3-200px` for
    /// the third page of a PDF; they must agree with `iiurlwidth`.
    #[param(default = "")]
    pub urlparam: String,
    /// With `badfile`, the title of the page the bad-image check is made for (a bad image
    /// can be allowed on some pages).
    pub badfilecontexttitle: Option<String>,
    /// When more results are available, use this to continue.
    #[param(rename = "continue")]
    pub continue_: Option<Continue<(String, String)>>,
    /// Only look for the files in this wiki's own repository, not in a shared one.
    pub localonly: bool,
}

/// How many thumbnails one request makes at most (MediaWiki's `TRANSFORM_LIMIT`).
const TRANSFORM_LIMIT: usize = 50;

impl QueryModule for ImageInfo {
    fn cache_mode(&self, state: &RequestState) -> CacheMode {
        CacheMode::public_unless_revision_deletion(&state.rights)
    }

    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let set = ValueSet::of(&self.prop);
        let has = |p: ImageInfoProp| set.has(p);
        let scale = thumbnails::scale(self.urlwidth, self.urlheight, &self.urlparam);
        let site = ctx.site()?;
        let context = match &self.badfilecontexttitle {
            Some(text) => match storage::site_title(site, text) {
                Ok(title) => Some(title),
                Err(_) => {
                    return Err(ApiError::new(
                        "invalid-title",
                        format!("Invalid title in {}badfilecontexttitle.", ctx.module.prefix),
                    ))
                }
            },
            None => None,
        };
        let Some(pageset) = ctx.page_set() else { return Ok(()) };
        // Files by name, existing pages or not, in name order (MediaWiki sorts the titles).
        let mut titles: Vec<(String, i64)> = pageset
            .good
            .iter()
            .map(|p| (p.id, p.ns, &p.dbkey))
            .chain(pageset.missing.iter().map(|p| (p.fake_id, p.ns, &p.dbkey)))
            .filter(|(_, ns, _)| *ns == NS_FILE)
            .map(|(id, _, dbkey)| (dbkey.clone(), id))
            .collect();
        if titles.is_empty() {
            return Ok(());
        }
        titles.sort();
        let mut from: Option<(String, String)> = None;
        if let Some(cont) = &self.continue_ {
            let (name, timestamp) = cont.read()?;
            titles.retain(|(t, _)| *t >= name);
            from = Some((name, timestamp));
        }
        let single = titles.len() == 1;
        let start = self.start.map(Timestamp::to_mw);
        let end = self.end.map(Timestamp::to_mw);
        let limit = self.limit.get() as i64;

        let mut reader = ctx.reader()?;
        // Upload warnings show a file's image as a page would, and a page does not show a bad file.
        let bad_files = if has(ImageInfoProp::Badfile) || has(ImageInfoProp::Uploadwarning) {
            Some(BadFiles::read(&mut reader, site)?)
        } else {
            None
        };
        let names: Vec<String> = titles.iter().map(|(t, _)| t.clone()).collect();
        let current = reader.current_files(&names)?;
        // Each file's versions in range: the current one, then earlier ones newest first, one
        // more than the limit to know whether there are more.
        let mut per_file: Vec<(i64, Option<Vec<FileVersion>>, Option<String>)> = Vec::new();
        for (name, page_id) in &titles {
            let Some(file) = current.iter().find(|f| &f.name == name) else {
                per_file.push((*page_id, None, None));
                continue;
            };
            let start = match &from {
                Some((title, ts)) if title == name => Some(ts.clone()),
                _ => start.clone(),
            };
            let mut versions = Vec::new();
            if start.as_deref().is_none_or(|s| file.timestamp.as_str() <= s)
                && end.as_deref().is_none_or(|e| file.timestamp.as_str() >= e)
            {
                versions.push(file.clone());
            }
            let want = limit - versions.len() as i64 + 1;
            versions.extend(reader.file_history(name, start.as_deref(), end.as_deref(), want)?);
            let mut next = None;
            if versions.len() as i64 > limit {
                let extra = versions.drain(limit as usize..).next();
                if single {
                    next = extra.map(|v| wikiquery_domain::timestamp::Timestamp::iso_text(&v.timestamp));
                }
            }
            per_file.push((*page_id, Some(versions), next));
        }
        let props = FileProps {
            timestamp: has(ImageInfoProp::Timestamp),
            user: has(ImageInfoProp::User),
            userid: has(ImageInfoProp::Userid),
            comment: has(ImageInfoProp::Comment),
            parsedcomment: has(ImageInfoProp::Parsedcomment),
            canonicaltitle: has(ImageInfoProp::Canonicaltitle),
            url: has(ImageInfoProp::Url),
            size: has(ImageInfoProp::Size),
            dimensions: has(ImageInfoProp::Dimensions),
            sha1: has(ImageInfoProp::Sha1),
            mime: has(ImageInfoProp::Mime),
            thumbmime: has(ImageInfoProp::Thumbmime),
            mediatype: has(ImageInfoProp::Mediatype),
            metadata: has(ImageInfoProp::Metadata),
            commonmetadata: has(ImageInfoProp::Commonmetadata),
            extmetadata: has(ImageInfoProp::Extmetadata),
            archivename: has(ImageInfoProp::Archivename),
            bitdepth: has(ImageInfoProp::Bitdepth),
            uploadwarning: has(ImageInfoProp::Uploadwarning),
        };
        let all: Vec<&FileVersion> = per_file.iter().flat_map(|(_, v, _)| v.iter().flatten()).collect();
        let warnings = match (&bad_files, props.uploadwarning) {
            (Some(bad), true) => {
                // A title with a page id has a description page.
                let described: Vec<(String, bool)> = titles.iter().map(|(name, id)| (name.clone(), *id > 0)).collect();
                upload_warnings(ctx, site, &mut reader, &described, &current, bad)?
            }
            _ => HashMap::new(),
        };
        let writer = FileWriter::new(ctx, site, &mut reader, props, &all)?
            .with_ext_metadata_filter(&self.extmetadatafilter)
            .with_upload_warnings(warnings);
        drop(reader);
        let prefix = ctx.module.prefix;
        // Thumbnails made in this request; past MediaWiki's limit the rest wait for the next.
        let mut transforms = 0usize;
        'files: for ((name, _), (page_id, versions, next)) in titles.iter().zip(per_file) {
            let file = current.iter().find(|f| &f.name == name);
            if let (Some(file), true) = (file, scale.is_some() && transforms >= TRANSFORM_LIMIT) {
                continue_from(ctx, single, name, start.as_deref().unwrap_or(&file.timestamp));
                break;
            }
            let mut page =
                Map::from_iter([("imagerepository".to_owned(), json!(if versions.is_some() { "local" } else { "" }))]);
            if let (Some(bad), true) = (&bad_files, has(ImageInfoProp::Badfile)) {
                page.insert("badfile".into(), json!(bad.is_bad(name, context.as_ref())));
            }
            ctx.add_page_values(page_id, page);
            let (Some(versions), Some(file)) = (versions, file) else {
                // With badfile or uploadwarning asked for, a file with no version is described
                // as missing.
                if has(ImageInfoProp::Badfile) || props.uploadwarning {
                    ctx.push_page_item(page_id, "imageinfo", Value::Object(writer.missing_info(name)));
                }
                continue;
            };
            // The thumbnail parameters, checked against the file's current version.
            let params = thumbnails::merge(file, scale.as_ref(), &self.urlparam, prefix, &mut |code, text| {
                ctx.warn(code, text)
            })?;
            let thumbs = params.is_some() && props.url;
            for (i, version) in versions.iter().enumerate() {
                // An earlier version past the limit waits for the next request.
                if thumbs && i > 0 && transforms >= TRANSFORM_LIMIT {
                    continue_from(ctx, single, name, &version.timestamp);
                    break 'files;
                }
                let thumb = thumbs.then(|| writer.thumbnail(version));
                transforms += usize::from(thumbs);
                ctx.push_page_item(page_id, "imageinfo", Value::Object(writer.info(version, thumb.as_ref())));
            }
            if let Some(next) = next {
                ctx.set_continue_named("start", next);
            }
        }
        Ok(())
    }
}

/// Where the next request goes on from, at the file `name` and a version's stored timestamp:
/// that version (`start`) when the request names one file, else that file from that version
/// (`continue`), as MediaWiki continues.
fn continue_from(ctx: &mut QueryContext<'_>, single: bool, name: &str, timestamp: &str) {
    if single {
        ctx.set_continue_named("start", wikiquery_domain::timestamp::Timestamp::iso_text(timestamp));
    } else {
        ctx.set_continue((name, timestamp));
    }
}
