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
    cache = "public",
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
    pub continue_: Option<Continue<(String, String)>>,
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
