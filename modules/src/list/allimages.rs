//! `list=allimages`: every file, by name or by upload time.

use serde_json::{json, Value};
use wikiquery_domain::title::{full_text, NS_FILE};
use wikiquery_runtime::{
    query_module, ApiError, Continue, Generated, Limit, ParamValues, Parts, QueryContext, QueryModule, Timestamp,
    UserRef, ValueSet,
};
use wikiquery_store::queries::files::{AllFilesFilter, FileOrder};

use crate::shared::files::{sha1_param, FileProps, FileWriter};
use crate::shared::users::{groups_with_rights, name_of};
use crate::storage;
use crate::wiki::WikiContext;

/// The order of the listing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum AllImagesSort {
    /// By file name.
    Name,
    /// By the time the latest version of each file was uploaded.
    Timestamp,
}

/// The direction: `ascending`/`descending` for `sort=name`, `newer`/`older` for
/// `sort=timestamp`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum AllImagesDir {
    /// Forward: from A to Z by name, or oldest first by time.
    Ascending,
    /// Backward: from Z to A by name, or newest first by time.
    Descending,
    /// Oldest first by time; the same as `ascending`.
    Newer,
    /// Newest first by time; the same as `descending`.
    Older,
}

/// What to return of each file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum AllImagesProp {
    /// Whether the file is on the wiki's bad image list. Accepted as in `prop=imageinfo`, but
    /// this listing returns nothing for it.
    Badfile,
    /// The number of bits per colour sample of the file.
    Bitdepth,
    /// The file's title with the canonical (English) name of its namespace.
    Canonicaltitle,
    /// The upload summary of the latest version.
    Comment,
    /// The file's metadata in a form shared by all file formats.
    Commonmetadata,
    /// Another name for `size`.
    Dimensions,
    /// Metadata gathered from several sources and formatted for display, such as the
    /// description, author and licence.
    Extmetadata,
    /// The kind of media, such as `BITMAP`, `DRAWING` or `TEXT`.
    Mediatype,
    /// The metadata stored for the file's format, such as the Exif data of a photograph.
    Metadata,
    /// The MIME type of the file.
    Mime,
    /// The upload summary of the latest version, rendered as HTML.
    Parsedcomment,
    /// The SHA-1 hash of the file, in hexadecimal.
    Sha1,
    /// The file's size in bytes, with its width and height.
    Size,
    /// When the latest version was uploaded.
    Timestamp,
    /// The address of the file and that of its description page.
    Url,
    /// The name of the user who uploaded the latest version.
    User,
    /// The user id of the user who uploaded the latest version.
    Userid,
}

/// Which uploads by the uploader's bot status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum FilterBots {
    /// Files uploaded by anyone.
    All,
    /// Only files uploaded by bots.
    Bots,
    /// Only files uploaded by users who are not bots.
    Nobots,
}

/// Lists the wiki's files, in order of name or of upload time.
///
/// Each file appears once, with what was asked of its latest version. Some parameters work
/// only with one of the two orders (`aisort`). As a generator, it gives the files' pages.
#[query_module(
    name = "allimages",
    group = "list",
    cache = "public",
    prefix = "ai",
    xml = "img",
    xml_nested(metadata = "metadata", commonmetadata = "metadata"),
    xml_under(metadata(value = "metadata")),
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Allimages",
    example(
        query = "action=query&list=allimages&aifrom=D&aiprop=size|mime",
        text = "List the files from D on, with their sizes and MIME types."
    ),
    example(
        query = "action=query&list=allimages&aisort=timestamp&aidir=older&aiprop=user|timestamp|comment",
        text = "List the most recently uploaded files first, with who uploaded them, when and why."
    ),
    example(
        query = "action=query&generator=allimages&gaimime=image/png&prop=info",
        text = "Get page information about the PNG files."
    )
)]
pub struct AllImages {
    /// What to order the files by.
    #[param(default = "name")]
    pub sort: AllImagesSort,
    /// The direction of the listing. `ascending` and `newer` go forward (A to Z, or oldest
    /// first), `descending` and `older` backward, whichever `aisort` is.
    #[param(default = "ascending")]
    pub dir: AllImagesDir,
    /// The file name to start listing at, without the namespace prefix. Only with
    /// `aisort=name`.
    pub from: Option<String>,
    /// The file name to stop listing at, without the namespace prefix. Only with
    /// `aisort=name`.
    pub to: Option<String>,
    /// When more results are available, use this to continue.
    #[param(rename = "continue")]
    pub continue_: Option<Continue<Parts>>,
    /// The upload time to start listing at. Only with `aisort=timestamp`.
    pub start: Option<Timestamp>,
    /// The upload time to stop listing at. Only with `aisort=timestamp`.
    pub end: Option<Timestamp>,
    /// What to return for each file.
    #[param(default = "timestamp|url")]
    pub prop: Vec<AllImagesProp>,
    /// Only list files whose names begin with this text (without the namespace prefix). Only
    /// with `aisort=name`.
    pub prefix: Option<String>,
    /// Only list files of at least this many bytes.
    pub minsize: Option<i64>,
    /// Only list files of at most this many bytes.
    pub maxsize: Option<i64>,
    /// Only list files with this SHA-1 hash, written as 40 hexadecimal digits. Takes
    /// precedence over `aisha1base36`.
    pub sha1: Option<String>,
    /// Only list files with this SHA-1 hash, written in base 36 (31 characters, the form the
    /// wiki stores).
    pub sha1base36: Option<String>,
    /// Only list files whose latest version this user uploaded. Only with `aisort=timestamp`,
    /// and not together with `aifilterbots`.
    pub user: Option<UserRef>,
    /// Whether to list files uploaded by bots, by other users, or both. Only with
    /// `aisort=timestamp`, and not together with `aiuser`.
    #[param(default = "all")]
    pub filterbots: FilterBots,
    /// Only list files of these MIME types, such as `image/png`.
    pub mime: Vec<String>,
    /// How many files to return.
    #[param(default = 10)]
    pub limit: Limit,
}

impl QueryModule for AllImages {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let set = ValueSet::of(&self.prop);
        let has = |p: AllImagesProp| set.has(p);
        if ctx.is_resolving_redirects() {
            return Err(ApiError::new(
                "invalidparammix",
                "allimages as a generator gives files, which are never redirects: it cannot be used with redirects.",
            ));
        }
        let p = ctx.module.prefix;
        let mix = |param: &str, sort: &str| {
            ApiError::new("invalidparammix", format!("{p}{param} may only be used with {p}sort={sort}."))
        };
        let descending = matches!(self.dir, AllImagesDir::Descending | AllImagesDir::Older);
        let site = ctx.site()?;
        let mut reader = ctx.reader()?;
        let order = match self.sort {
            AllImagesSort::Name => {
                for (given, name) in
                    [(self.start.is_some(), "start"), (self.end.is_some(), "end"), (self.user.is_some(), "user")]
                {
                    if given {
                        return Err(mix(name, "timestamp"));
                    }
                }
                if self.filterbots != FilterBots::All {
                    return Err(mix("filterbots", "timestamp"));
                }
                let resume = self.continue_.as_ref().map(|c| c.read_as::<(String,)>()).transpose()?.map(|(name,)| name);
                FileOrder::Name {
                    from: storage::title_part(site, self.from.as_deref(), NS_FILE)?,
                    to: storage::title_part(site, self.to.as_deref(), NS_FILE)?,
                    prefix: storage::title_part(site, self.prefix.as_deref(), NS_FILE)?,
                    resume,
                }
            }
            AllImagesSort::Timestamp => {
                for (given, name) in
                    [(self.from.is_some(), "from"), (self.to.is_some(), "to"), (self.prefix.is_some(), "prefix")]
                {
                    if given {
                        return Err(mix(name, "name"));
                    }
                }
                if self.user.is_some() && self.filterbots != FilterBots::All {
                    return Err(ApiError::new(
                        "invalidparammix-cannotusewith",
                        format!("The parameter {p}user cannot be used with {p}filterbots."),
                    ));
                }
                let after = match &self.continue_ {
                    Some(cont) => {
                        let (time, name) = cont.read_as::<(Timestamp, String)>()?;
                        Some((time.to_mw(), name))
                    }
                    None => None,
                };
                FileOrder::Timestamp {
                    start: self.start.map(Timestamp::to_mw),
                    end: self.end.map(Timestamp::to_mw),
                    after,
                }
            }
        };
        let sha1 = sha1_param(self.sha1.as_deref(), self.sha1base36.as_deref())?;
        let uploader = match &self.user {
            Some(user) => Some(name_of(&mut reader, user)?),
            None => None,
        };
        let bots = match self.filterbots {
            FilterBots::All => None,
            which => {
                let settings = ctx.settings();
                let groups = groups_with_rights(settings, &["bot".to_owned()]);
                Some((which == FilterBots::Bots, groups, ctx.state.now().to_mw()))
            }
        };
        let mimes = self
            .mime
            .iter()
            .map(|m| match m.split_once('/') {
                Some((major, minor)) => (major.to_owned(), minor.to_owned()),
                None => (m.clone(), "unknown".to_owned()),
            })
            .collect();
        // A type list given but empty selects nothing.
        if ctx.given("mime").is_some_and(str::is_empty) {
            ctx.ensure_list();
            return Ok(());
        }
        let limit = self.limit.get() as usize;
        let filter = AllFilesFilter {
            order,
            descending,
            min_size: self.minsize,
            max_size: self.maxsize,
            sha1,
            uploader,
            bots,
            mimes,
            limit: limit as i64 + 1,
        };
        let mut files = reader.all_files(&filter)?;
        let next = if files.len() > limit { files.drain(limit..).next() } else { None };
        ctx.emit(
            files,
            |file| Generated::Title(NS_FILE, file.name.clone()),
            |ctx, files| {
                let props = FileProps {
                    timestamp: has(AllImagesProp::Timestamp),
                    user: has(AllImagesProp::User),
                    userid: has(AllImagesProp::Userid),
                    comment: has(AllImagesProp::Comment),
                    parsedcomment: has(AllImagesProp::Parsedcomment),
                    canonicaltitle: has(AllImagesProp::Canonicaltitle),
                    url: has(AllImagesProp::Url),
                    size: has(AllImagesProp::Size),
                    dimensions: has(AllImagesProp::Dimensions),
                    sha1: has(AllImagesProp::Sha1),
                    mime: has(AllImagesProp::Mime),
                    thumbmime: false,
                    mediatype: has(AllImagesProp::Mediatype),
                    metadata: has(AllImagesProp::Metadata),
                    commonmetadata: has(AllImagesProp::Commonmetadata),
                    extmetadata: has(AllImagesProp::Extmetadata),
                    archivename: false,
                    bitdepth: has(AllImagesProp::Bitdepth),
                    uploadwarning: false,
                };
                let versions: Vec<_> = files.iter().collect();
                let writer = FileWriter::new(ctx, site, &mut reader, props, &versions)?;
                drop(reader);
                ctx.ensure_list();
                for file in &files {
                    let mut item = serde_json::Map::new();
                    item.insert("name".into(), json!(file.name));
                    item.extend(writer.info(file, None));
                    item.insert("ns".into(), json!(NS_FILE));
                    item.insert("title".into(), json!(full_text(NS_FILE, &file.name, site.namespaces())));
                    ctx.push_item(Value::Object(item));
                }
                Ok(())
            },
        )?;
        if let Some(next) = next {
            ctx.set_continue(match self.sort {
                AllImagesSort::Name => next.name,
                AllImagesSort::Timestamp => format!("{}|{}", next.timestamp, next.name),
            });
        }
        Ok(())
    }
}
