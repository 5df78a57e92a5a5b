//! `action=feedwatchlist`: the changes to the pages of a watchlist as an RSS or Atom feed, as
//! MediaWiki's watchlist feed lists them: what `list=watchlist` gives for the last hours, each
//! change with its summary and author as text. A watchlist the request may not read gives a
//! feed of one item naming the error, as MediaWiki's does.

use wikiquery_domain::comment::section_anchor;
use wikiquery_domain::revision::{Visibility, DELETED_COMMENT, DELETED_USER};
use wikiquery_domain::timestamp::Timestamp;
use wikiquery_domain::title::{full_dbkey, full_text};
use wikiquery_runtime::{query_module, ActionContext, ActionModule, ApiError, Printer, RequestState, UserRef};
use wikiquery_store::queries::recent_changes::{RecentChangeRow, RecentChangesFilter, RC_LOG};

use crate::action::feedcontributions::FEED_LIMIT;
use crate::family::changes::{by_performer, change_type_id, hide_hidden_log_entries};
use crate::shared::feeds::{self, FeedFormat, Item};
use crate::shared::watchlists::watchlist_owner;
use crate::storage::site_paths;
use crate::values::ChangeType;
use crate::wiki::WikiContext;

/// The kinds of change `list=watchlist` lists by default, and so the feed.
const LISTED: [ChangeType; 4] = [ChangeType::Edit, ChangeType::New, ChangeType::Log, ChangeType::Categorize];

/// Returns a watchlist as a feed.
///
/// The feed lists the changes of the last hours to the pages of the caller's watchlist, or of
/// another user's with their watchlist token.
#[query_module(
    name = "feedwatchlist",
    group = "action",
    prefix = "",
    readrights,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Watchlist_feed",
    example(query = "action=feedwatchlist", text = "Show the watchlist feed."),
    example(
        query = "action=feedwatchlist&allrev=&hours=6",
        text = "Show all the changes to watched pages in the last 6 hours."
    )
)]
pub struct FeedWatchlist {
    /// The format of the feed.
    #[param(default = "rss")]
    pub feedformat: FeedFormat,
    /// List the changes of this many hours back from now.
    #[param(default = 24, min = 1, max = 72)]
    pub hours: i64,
    /// Link each change to the section it changed, where its summary names one.
    pub linktosections: bool,
    /// Include every change, not only the latest of each page.
    pub allrev: bool,
    /// The user whose watchlist to read, with `wltoken`.
    pub wlowner: Option<UserRef>,
    /// That user's watchlist token (from their preferences).
    pub wltoken: Option<String>,
    /// Conditions on the changes, as `list=watchlist`'s `wlshow`. MediaWiki 1.39 fails with an
    /// internal error whenever it is given; so does this server.
    pub wlshow: Vec<String>,
    /// Kinds of change, as `list=watchlist`'s `wltype`. MediaWiki 1.39 fails with an internal
    /// error whenever it is given; so does this server.
    pub wltype: Vec<String>,
    /// Leave out the changes of this user.
    pub wlexcludeuser: Option<UserRef>,
}

impl ActionModule for FeedWatchlist {
    fn printer(&self, state: &RequestState) -> Option<Printer> {
        Some(feeds::printer(state.params.get("ctype")))
    }

    fn execute(&self, ctx: &mut ActionContext<'_>) -> Result<(), ApiError> {
        // Given at all, even empty (which leaves the lists empty).
        for name in ["wlshow", "wltype"] {
            if ctx.state.params.get(name).is_some() {
                return Err(ApiError::new(
                    "internal_api_error_TypeError",
                    format!("Exception caught: the watchlist feed cannot pass {name} on."),
                ));
            }
        }
        let site = ctx.site()?;
        let paths = site_paths(site, ctx.settings());
        let url = paths.page_url(&format!("{}:Watchlist", site.namespaces().name(-1).unwrap_or("Special")), "");
        match self.items(ctx) {
            Ok(items) => feeds::answer(ctx, self.feedformat, "Watchlist", "Watchlist", &url, &items),
            Err(error) => {
                // Not to be kept, whatever `maxage` asked.
                ctx.state.cache_max_age = Some(0);
                // The message's own text, which the API's error text writes on one line: of
                // these errors' messages, `bad_wlowner`'s alone has a line break.
                let description = error.info.replacen(". Check your spelling.", ".\nCheck your spelling.", 1);
                let item = Item { title: format!("Error ({})", error.code), description, ..Item::default() };
                feeds::answer(ctx, self.feedformat, "Error - Watchlist", "Watchlist", &url, &[item])
            }
        }
    }
}

impl FeedWatchlist {
    /// The feed's items: the watchlist's changes since the cutoff, newest first.
    fn items(&self, ctx: &ActionContext<'_>) -> Result<Vec<Item>, ApiError> {
        let site = ctx.site()?;
        let paths = site_paths(site, ctx.settings());
        let namespaces = site.namespaces();
        let mut reader = ctx.reader()?;
        let owner = watchlist_owner(ctx.state, &mut reader, self.wlowner.as_ref(), self.wltoken.as_deref())?;
        let visibility = Visibility::of(&ctx.state.rights);
        let cutoff = Timestamp::from_unix(ctx.state.now().unix() - self.hours * 3600).to_mw();
        let mut filter = RecentChangesFilter {
            end: Some(cutoff),
            latest_or_log: !self.allrev,
            watched_by: Some((owner, None)),
            types: Some(LISTED.iter().map(|t| change_type_id(*t)).collect()),
            limit: FEED_LIMIT,
            ..RecentChangesFilter::default()
        };
        if let Some(user) = &self.wlexcludeuser {
            by_performer(visibility, &mut reader, user, true, &mut filter)?;
        }
        hide_hidden_log_entries(visibility, &mut filter);
        let rows = reader.recent_changes(&filter)?;
        let comment_ids: Vec<i64> = rows.iter().map(|r| r.comment_id).collect();
        let comments = reader.comments(&comment_ids)?;
        let special = namespaces.name(-1).unwrap_or("Special");
        Ok(rows
            .iter()
            .map(|row: &RecentChangeRow| {
                let key = full_dbkey(row.namespace, &row.title, namespaces);
                let shown = |field| {
                    let (hidden, allowed) = visibility.check(row.deleted, field);
                    !hidden || allowed
                };
                let user = shown(DELETED_USER).then(|| row.actor_name.to_string());
                let comment =
                    shown(DELETED_COMMENT).then(|| comments.get(&row.comment_id).cloned().unwrap_or_default());
                let mut url = if row.this_oldid != 0 {
                    paths.page_url(&key, &format!("diff={}", row.this_oldid))
                } else if row.change_type == RC_LOG {
                    paths.page_url(&format!("{special}:Log"), &format!("logid={}", row.log_id))
                } else {
                    paths.page_url(&key, "")
                };
                if self.linktosections {
                    if let Some(section) = comment.as_deref().and_then(section_of_summary) {
                        url.push('#');
                        url.push_str(&section_anchor(&section));
                    }
                }
                let description = match &user {
                    Some(user) => format!("{} ({user})", comment.clone().unwrap_or_default()),
                    None => comment.clone().unwrap_or_default(),
                };
                Item {
                    title: full_text(row.namespace, &row.title, namespaces),
                    url,
                    description,
                    date: Some(row.timestamp.clone()),
                    author: user.unwrap_or_default(),
                    comments: None,
                }
            })
            .collect())
    }
}

/// The section a summary names in its last `/* … */`, its links reduced to their text.
fn section_of_summary(summary: &str) -> Option<String> {
    let open = summary.rfind("/*")?;
    let rest = &summary[open + 2..];
    let close = rest.find("*/")?;
    let section = rest[..close].trim_matches(|c: char| c.is_ascii_whitespace());
    Some(feeds::strip_comment(section).replace("[[:", "").replace("[[", "").replace("]]", ""))
}

#[cfg(test)]
mod tests {
    use super::section_of_summary;

    #[test]
    fn the_last_section_a_summary_names() {
        assert_eq!(section_of_summary("/* Question about Owl */ new section").as_deref(), Some("Question about Owl"));
        assert_eq!(section_of_summary("/* A */ and /* [[B|b]] */").as_deref(), Some("b"));
        assert_eq!(section_of_summary("no section"), None);
    }
}
