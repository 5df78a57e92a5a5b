//! `prop=duplicatefiles`: files with the same content as the given files.

use std::collections::HashMap;

use serde_json::json;
use wikiquery_domain::timestamp::Timestamp;
use wikiquery_domain::title::NS_FILE;
use wikiquery_runtime::{query_module, ApiError, Continue, Generated, Limit, QueryContext, QueryModule};

use crate::values::SortDir;
use crate::wiki::WikiContext;

/// Lists the files whose content is identical to that of the given files.
///
/// Files are compared by the SHA-1 hash of their current version. As a generator, gives the
/// duplicates.
#[query_module(
    name = "duplicatefiles",
    group = "prop",
    cache = "public",
    prefix = "df",
    readrights,
    xml = "df",
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Duplicatefiles",
    example(
        query = "action=query&prop=duplicatefiles&titles=File:Example.png",
        text = "List the duplicates of File:Example.png."
    ),
    example(
        query = "action=query&generator=allimages&prop=duplicatefiles",
        text = "Look for duplicates among all files."
    )
)]
pub struct DuplicateFiles {
    /// How many duplicate files to return, counted over all the given files together.
    #[param(default = 10)]
    pub limit: Limit,
    /// When more results are available, use this to continue.
    #[param(rename = "continue")]
    pub continue_: Option<Continue<(String, String)>>,
    /// The direction to list the files in (by name).
    #[param(default = "ascending")]
    pub dir: SortDir,
    /// Only look for duplicates among this wiki's own files, not in a shared file repository.
    pub localonly: bool,
}

impl QueryModule for DuplicateFiles {
    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let Some(pageset) = ctx.page_set() else { return Ok(()) };
        // The file titles as the page set holds them: existing pages, then missing ones.
        let mut images: Vec<(String, i64)> = pageset
            .good
            .iter()
            .map(|p| (p.id, p.ns, &p.dbkey))
            .chain(pageset.missing.iter().map(|p| (p.fake_id, p.ns, &p.dbkey)))
            .filter(|(_, ns, _)| *ns == NS_FILE)
            .map(|(id, _, dbkey)| (dbkey.clone(), id))
            .collect();
        if images.is_empty() {
            return Ok(());
        }
        let descending = self.dir == SortDir::Descending;
        if descending {
            images.reverse();
        }
        let mut skip_until: Option<String> = None;
        if let Some(cont) = &self.continue_ {
            let (image, duplicate) = cont.read()?;
            // As MediaWiki: the leading titles before the continue title are dropped.
            let keep_from = images.iter().position(|(t, _)| *t >= image).unwrap_or(images.len());
            images.drain(..keep_from);
            skip_until = Some(duplicate);
        }
        let mut reader = ctx.reader()?;
        let names: Vec<String> = images.iter().map(|(t, _)| t.clone()).collect();
        let sha1s: HashMap<String, String> =
            reader.current_files(&names)?.into_iter().map(|f| (f.name, f.sha1)).collect();
        let mut wanted: Vec<String> = sha1s.values().cloned().collect();
        wanted.sort();
        wanted.dedup();
        let mut by_sha1: HashMap<String, Vec<_>> = HashMap::new();
        for file in reader.files_by_sha1(&wanted)? {
            by_sha1.entry(file.sha1.clone()).or_default().push(file);
        }
        drop(reader);
        let limit = self.limit.get() as usize;
        let mut count = 0;
        let mut found = Vec::new();
        'images: for (image, page_id) in &images {
            let Some(sha1) = sha1s.get(image) else { continue };
            let mut dups: Vec<_> = by_sha1.get(sha1).map(|v| v.iter().collect()).unwrap_or_default();
            if descending {
                dups.reverse();
            }
            for dup in dups {
                if &dup.name == image {
                    continue;
                }
                if let Some(until) = &skip_until {
                    if dup.name.as_str() < until.as_str() {
                        continue;
                    }
                }
                skip_until = None;
                count += 1;
                if count > limit {
                    ctx.set_continue((image, &dup.name));
                    break 'images;
                }
                found.push((*page_id, dup));
            }
        }
        ctx.emit(
            found,
            |(_, dup)| Generated::Title(NS_FILE, dup.name.clone()),
            |ctx, found| {
                for (page_id, dup) in found {
                    let timestamp = Timestamp::iso_text(&dup.timestamp);
                    ctx.push_page_item(
                        page_id,
                        "duplicatefiles",
                        json!({ "name": dup.name, "timestamp": timestamp, "shared": false, "user": dup.actor_name }),
                    );
                }
                Ok(())
            },
        )
    }
}
