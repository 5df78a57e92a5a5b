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
    cache = "public",
    prefix = "ai",
    xml = "img",
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
    pub continue_: Option<Continue<Parts>>,
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
