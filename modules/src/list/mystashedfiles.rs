//! `list=mystashedfiles`: files in the calling user's upload stash.

use serde_json::{json, Map, Value};
use wikiquery_runtime::{
    query_module, ApiError, Continue, ExactInt, Limit, ParamValues, QueryContext, QueryModule, ReadContinue,
};

use crate::wiki::WikiContext;

/// What to return of each stashed file besides its key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum StashedFileProp {
    /// The file's size in bytes, its width and height in pixels and its bit depth.
    Size,
    /// The file's MIME type and media type.
    Type,
}

/// Lists the files in the upload stash of the calling user.
///
/// The stash holds files uploaded but not yet published; each is listed with its file key and
/// status. Only a logged-in user has a stash.
#[query_module(
    name = "mystashedfiles",
    group = "list",
    prefix = "msf",
    readrights,
    xml = "file",
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:mystashedfiles",
    example(
        query = "action=query&list=mystashedfiles",
        text = "List the file keys of the files in your upload stash."
    ),
    example(
        query = "action=query&list=mystashedfiles&msfprop=size|type&msflimit=20",
        text = "List up to 20 of your stashed files with the size and type of each."
    )
)]
pub struct MyStashedFiles {
    /// What to return of each file besides its file key and status.
    #[param(default = "")]
    pub prop: Vec<StashedFileProp>,
    /// How many files to return.
    #[param(default = 10)]
    pub limit: Limit,
    /// When more results are available, use this to continue.
    #[param(rename = "continue")]
    pub continue_: Option<Continue<(ExactInt,)>>,
}

impl QueryModule for MyStashedFiles {
    /// The stash belongs to a logged-in user: an anonymous caller is refused. A server that
    /// takes no uploads usually has an empty stash, but an existing MediaWiki database may
    /// hold one: its rows are listed as MediaWiki lists them, by stash id.
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let Some(user) = ctx.state.user.as_ref().map(|a| a.id) else {
            return Err(ApiError::new("stashnotloggedin", "Only a logged-in user has an upload stash."));
        };
        let from = self.continue_.read()?.map(|(ExactInt(id),)| id);
        let files = ctx.reader()?.stashed_files(user, from, self.limit.fetch())?;
        let (files, next) = self.limit.split(files);
        let size = self.prop.contains(&StashedFileProp::Size);
        let kind = self.prop.contains(&StashedFileProp::Type);
        for file in files {
            let mut item = Map::new();
            item.insert("filekey".into(), json!(file.key));
            item.insert("status".into(), json!(file.status));
            if size {
                item.insert("size".into(), json!(file.size));
                item.insert("width".into(), json!(file.width.unwrap_or(0)));
                item.insert("height".into(), json!(file.height.unwrap_or(0)));
                item.insert("bits".into(), json!(file.bits.unwrap_or(0)));
            }
            if kind {
                item.insert("mimetype".into(), json!(file.mime));
                item.insert("mediatype".into(), json!(file.media_type));
            }
            ctx.push_item(Value::Object(item));
        }
        ctx.ensure_list();
        if let Some(file) = next {
            ctx.set_continue(file.id);
        }
        Ok(())
    }
}
