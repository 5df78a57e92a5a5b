//! `meta=filerepoinfo`: the file repositories of the site — here the one local repository,
//! whose files are served under the upload path (`$wgUploadPath`, by default the script path's
//! `/images`).

use serde_json::{json, Map, Value};
use wikiquery_domain::title::NS_FILE;
use wikiquery_runtime::{query_module, ApiError, QueryContext, QueryModule};

use crate::storage::{absolute, site_paths};
use crate::wiki::Wiki;

/// Properties of a file repository (mixed case, as MediaWiki names them).
pub const FILEREPO_PROP: &[&str] = &[
    "canUpload",
    "displayname",
    "favicon",
    "initialCapital",
    "local",
    "name",
    "rootUrl",
    "scriptDirUrl",
    "thumbUrl",
    "url",
];

/// Describes the repositories that the wiki's files are stored in.
///
/// This wiki has a single repository, its own, whose files are served under its upload path.
#[query_module(
    name = "filerepoinfo",
    group = "meta",
    cache = "public",
    prefix = "fri",
    readrights,
    xml_under(query(repos = "repo")),
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Filerepoinfo",
    example(query = "action=query&meta=filerepoinfo", text = "Describe the wiki's file repositories."),
    example(
        query = "action=query&meta=filerepoinfo&friprop=name|url|thumbUrl",
        text = "Get the name of each file repository with the URLs of its files and thumbnails."
    )
)]
pub struct FileRepoInfo {
    /// What to return of each repository, separated by `|`: its key (`name`) and its name for
    /// readers (`displayname`); the URLs of its files (`url`, `rootUrl`), of their thumbnails
    /// (`thumbUrl`), of its wiki's scripts (`scriptDirUrl`) and of its icon (`favicon`); whether it
    /// is this wiki's own (`local`); whether its file names always start with a capital letter
    /// (`initialCapital`); and whether files can be uploaded to it (`canUpload`).
    #[param(
        values = FILEREPO_PROP,
        default = "canUpload|displayname|favicon|initialCapital|local|name|rootUrl|scriptDirUrl|thumbUrl|url"
    )]
    pub prop: Vec<String>,
}

impl QueryModule for FileRepoInfo {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let services = ctx.services;
        let settings = services.settings();
        let site = Wiki::of(services)?.store().site();
        let paths = site_paths(site, settings);
        let url = settings.upload_path.clone().unwrap_or_else(|| format!("{}/images", paths.script_path));
        let has = |p: &str| self.prop.iter().any(|v| v == p);
        let mut repo = Map::new();
        // MediaWiki's order, whatever the order asked.
        let members: [(&str, Value); 10] = [
            ("name", json!("local")),
            ("displayname", json!(site.sitename)),
            ("rootUrl", json!(url)),
            ("local", json!(true)),
            ("url", json!(url)),
            ("thumbUrl", json!(format!("{url}/thumb"))),
            ("initialCapital", json!(site.namespaces().is_capitalized(NS_FILE))),
            ("scriptDirUrl", json!(paths.script_path)),
            ("favicon", json!(absolute(&paths.server, &settings.favicon))),
            ("canUpload", json!(settings.uploads_enabled)),
        ];
        for (key, value) in members {
            if has(key) {
                repo.insert(key.to_owned(), value);
            }
        }
        ctx.add_query_member("repos", json!([repo]));
        Ok(())
    }
}
