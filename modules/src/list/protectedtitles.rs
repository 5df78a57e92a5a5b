//! `list=protectedtitles`: titles protected from creation.
//!
//! Every protection recorded is listed, whether or not it has expired, as MediaWiki 1.39
//! lists them (expired rows leave the table only when the wiki purges them).

use std::collections::HashMap;

use wikiquery_domain::timestamp::format_expiry;
use wikiquery_domain::title::push_full_text;
use wikiquery_runtime::{
    query_module, ApiError, CacheMode, Continue, Generated, Limit, Namespace, ParamValues, QueryContext, QueryModule,
    RequestState, Timestamp, ValueList,
};
use wikiquery_store::queries::protected_titles::ProtectedTitlesFilter;

use crate::shared::comments::{parsed_comments, CommentOf};
use crate::values::TimeDir;
use crate::wiki::WikiContext;

/// Protection levels of a creation protection.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum ProtectedTitleLevel {
    /// Only autoconfirmed users may create the page.
    Autoconfirmed,
    /// Only administrators may create the page.
    Sysop,
}

/// What to return of each protected title.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ParamValues)]
pub enum ProtectedTitleProp {
    /// The reason given for the protection.
    Comment,
    /// When the protection ends (`infinity` for never).
    Expiry,
    /// The protection level: who may still create the page.
    Level,
    /// The reason rendered as HTML.
    Parsedcomment,
    /// When the protection was set.
    Timestamp,
    /// The name of the user who set the protection.
    User,
    /// The id of the user who set the protection.
    Userid,
}

/// Lists the titles protected from creation, newest protection first by default.
///
/// Every recorded protection is listed, including those whose expiry has passed but which the
/// wiki has not yet purged.
#[query_module(
    name = "protectedtitles",
    group = "list",
    cache = "public",
    prefix = "pt",
    xml = "pt",
    readrights,
    generator,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Protectedtitles",
    example(query = "action=query&list=protectedtitles", text = "List the titles protected from creation."),
    example(
        query = "action=query&list=protectedtitles&ptlevel=sysop&ptprop=level|expiry|user|comment",
        text = "List the titles only administrators may create, with the expiry, author and reason of each."
    ),
    example(
        query = "action=query&generator=protectedtitles&gptnamespace=0&prop=info",
        text = "Get page information about the protected titles of the main namespace."
    )
)]
pub struct ProtectedTitles {
    /// Only list titles in these namespaces.
    #[param(all)]
    pub namespace: Vec<Namespace>,
    /// Only list titles protected at these levels.
    pub level: Vec<ProtectedTitleLevel>,
    /// How many titles to return.
    #[param(default = 10)]
    pub limit: Limit,
    /// The direction to list in, by protection time: `older` lists newest first, `newer`
    /// oldest first.
    #[param(default = "older")]
    pub dir: TimeDir,
    /// The protection time to start listing at.
    pub start: Option<Timestamp>,
    /// The protection time to stop listing at.
    pub end: Option<Timestamp>,
    /// Which pieces of information to return for each title.
    #[param(default = "timestamp|level")]
    pub prop: Vec<ProtectedTitleProp>,
    /// When more results are available, use this to continue.
    #[param(rename = "continue")]
    // `<timestamp>|<namespace>|<title>`.
    pub continue_: Option<Continue<(Timestamp, i32, String)>>,
}

impl QueryModule for ProtectedTitles {
    /// Parsed comments are in the caller's language.
    fn cache_mode(&self, _: &RequestState) -> CacheMode {
        if self.prop.contains(&ProtectedTitleProp::Parsedcomment) {
            CacheMode::AnonPublicUserPrivate
        } else {
            CacheMode::Public
        }
    }

    fn execute(&self, ctx: &mut QueryContext<'_>) -> Result<(), ApiError> {
        let site = ctx.site()?;
        let mut filter = ProtectedTitlesFilter {
            ascending: self.dir == TimeDir::Newer,
            start: self.start.map(Timestamp::to_mw),
            end: self.end.map(Timestamp::to_mw),
            limit: i64::try_from(self.limit.get()).unwrap_or(i64::MAX).saturating_add(1),
            ..ProtectedTitlesFilter::default()
        };
        if !self.namespace.is_empty() {
            filter.namespaces = Some(self.namespace.iter().map(|n| n.0).collect());
        }
        if !self.level.is_empty() {
            filter.levels = Some(self.level.iter().map(|l| l.as_str().to_owned()).collect());
        }
        if let Some(cont) = &self.continue_ {
            let (time, ns, title) = cont.read()?;
            filter.continue_from = Some((time.to_mw(), ns, title));
        }
        let mut reader = ctx.reader()?;
        let mut rows = reader.protected_titles(&filter)?;
        let limit = usize::try_from(self.limit.get()).unwrap_or(usize::MAX);
        if rows.len() > limit {
            if let Some(next) = rows.drain(limit..).next() {
                ctx.set_continue((&next.timestamp, next.namespace, &next.title));
            }
        }
        ctx.emit(
            rows,
            |row| Generated::Title(row.namespace, row.title.clone()),
            |ctx, rows| {
                let has = |p: ProtectedTitleProp| self.prop.contains(&p);
                let parsed: HashMap<usize, String> = if has(ProtectedTitleProp::Parsedcomment) {
                    let comments: Vec<CommentOf<'_, usize>> = rows
                        .iter()
                        .enumerate()
                        .map(|(i, r)| CommentOf { key: i, text: &r.reason, ns: r.namespace, dbkey: &r.title })
                        .collect();
                    parsed_comments(&mut reader, site, &comments)?
                } else {
                    HashMap::new()
                };
                drop(reader);
                ctx.ensure_list();
                let mut title = String::new();
                for (i, row) in rows.iter().enumerate() {
                    ctx.write_item(|out| {
                        out.int("ns", row.namespace.into());
                        title.clear();
                        push_full_text(&mut title, row.namespace, &row.title, site.namespaces());
                        out.str("title", &title);
                        if has(ProtectedTitleProp::Timestamp) {
                            match Timestamp::iso_of_stored(&row.timestamp) {
                                Some(iso) => out.str("timestamp", &iso),
                                None => out.bool("timestamp", false),
                            };
                        }
                        if has(ProtectedTitleProp::User) {
                            if let Some(name) = &row.user_name {
                                out.str("user", name);
                            }
                        }
                        if has(ProtectedTitleProp::Userid) || has(ProtectedTitleProp::User) {
                            out.int("userid", row.user_id);
                        }
                        if has(ProtectedTitleProp::Comment) {
                            out.str("comment", &row.reason);
                        }
                        if has(ProtectedTitleProp::Parsedcomment) {
                            out.str("parsedcomment", parsed.get(&i).map_or("", String::as_str));
                        }
                        if has(ProtectedTitleProp::Expiry) {
                            out.str("expiry", &format_expiry(&row.expiry, "infinity"));
                        }
                        if has(ProtectedTitleProp::Level) {
                            out.str("level", &row.level);
                        }
                    });
                }
                Ok(())
            },
        )
    }
}
