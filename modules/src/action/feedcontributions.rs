//! `action=feedcontributions`: a user's contributions as an RSS or Atom feed, as MediaWiki's
//! contributions feed lists them: newest first, each edit with its summary and the text of the
//! revision.

use wikiquery_domain::html::escape;
use wikiquery_domain::revision::{Visibility, DELETED_COMMENT, DELETED_TEXT, DELETED_USER};
use wikiquery_domain::timestamp::{civil_from_days, days_from_civil};
use wikiquery_domain::title::{full_dbkey, full_text, ip_from_hex, ip_range_hex};
use wikiquery_runtime::{
    query_module, ActionContext, ActionModule, ApiError, Namespace, Printer, RequestState, UserRef,
};
use wikiquery_store::queries::revisions::contributions::{ContribRow, ContribsFilter};

use crate::shared::feeds::{self, strip_comment, text_lines_html, FeedFormat, Item};
use crate::storage::{main_texts, site_paths};
use crate::wiki::WikiContext;

/// Entries a feed holds at most (MediaWiki's `$wgFeedLimit`).
pub const FEED_LIMIT: i64 = 50;
/// The most entries a request may ask a pager for, before the feed's own bound.
const PAGER_LIMIT: i64 = 5000;

/// Returns a user's contributions as a feed.
///
/// The feed lists the user's latest edits, newest first, each with its summary and the text of
/// the page as the edit left it.
#[query_module(
    name = "feedcontributions",
    group = "action",
    prefix = "",
    readrights,
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Feedcontributions",
    example(query = "action=feedcontributions&user=Example", text = "Return the contributions of the user Example."),
    example(
        query = "action=feedcontributions&user=192.0.2.0/24&feedformat=atom",
        text = "Return the contributions made from the addresses of a range, as an Atom feed."
    )
)]
pub struct FeedContributions {
    /// The format of the feed.
    #[param(default = "rss")]
    pub feedformat: FeedFormat,
    /// Whose contributions to list: a user name, an IP address, a range of addresses, or a user
    /// id written `#123`.
    #[param(required, subtypes = "name|ip|temp|cidr|id|interwiki")]
    pub user: UserRef,
    /// Only the contributions in this namespace.
    pub namespace: Option<Namespace>,
    /// Only contributions made up to the end of this year (or of `month` in it).
    pub year: Option<i64>,
    /// Only contributions made up to the end of this month (of `year`, else of the last twelve
    /// months).
    pub month: Option<i64>,
    /// Change tags to list the contributions of. Accepted and without effect, as in MediaWiki
    /// 1.39, whose contributions feed hands it to its pager under a name the pager does not read.
    pub tagfilter: Vec<String>,
    /// Only revisions that are deleted in part.
    pub deletedonly: bool,
    /// Only revisions that are their page's latest.
    pub toponly: bool,
    /// Only revisions that created their page.
    pub newonly: bool,
    /// Leave minor edits out.
    pub hideminor: bool,
    /// Show how much each edit changed the page's size. (Refused on a wiki in miser mode.)
    pub showsizediff: bool,
}

impl ActionModule for FeedContributions {
    fn printer(&self, state: &RequestState) -> Option<Printer> {
        Some(feeds::printer(state.params.get("ctype")))
    }

    fn execute(&self, ctx: &mut ActionContext<'_>) -> Result<(), ApiError> {
        let settings = ctx.settings();
        if self.showsizediff && settings.miser_mode {
            return Err(ApiError::new("sizediffdisabled", "Size difference is disabled in Miser Mode."));
        }
        let site = ctx.site()?;
        let mut reader = ctx.reader()?;
        let paths = site_paths(site, settings);
        let namespaces = site.namespaces();

        // Who: the actors whose revisions are listed, and the name the feed's page is for.
        let (target, actors, by_time) = match &self.user {
            UserRef::Id(id) => {
                let found = reader.actors_of_users(&[*id as i64], false)?;
                let name = found.first().map(|a| a.1.clone()).unwrap_or_else(|| format!("#{id}"));
                (name, found.into_iter().map(|a| a.0).collect(), false)
            }
            UserRef::Cidr(range) => {
                let actors = match ip_range_hex(range) {
                    Some((low, high, _, _)) => {
                        let addresses = reader.edit_addresses(&low, &high, false, i64::MAX)?;
                        let names: Vec<String> = addresses.iter().map(|hex| ip_from_hex(hex)).collect();
                        reader.actors_named(&names, false)?.into_iter().map(|a| a.0).collect()
                    }
                    None => Vec::new(),
                };
                (range.clone(), actors, true)
            }
            // A user of another wiki (`imported>Name`) has no contributions in MediaWiki's
            // feed, though its imported edits are listed by `list=usercontribs`.
            UserRef::Interwiki(name) => (name.clone(), Vec::new(), false),
            other => {
                let name = other.text();
                let actors =
                    reader.actors_named(std::slice::from_ref(&name), false)?.into_iter().map(|a| a.0).collect();
                (name, actors, false)
            }
        };

        // How many, from where: the pager's own request parameters, which the module does not
        // declare (`limit`, `offset`, `dir`).
        let raw = |name: &str| ctx.state.params.get(name).map(str::to_owned);
        let limit = match raw("limit").and_then(|v| v.trim().parse::<i64>().ok()) {
            Some(n) if n > 0 => n.min(PAGER_LIMIT),
            _ => FEED_LIMIT,
        }
        .min(FEED_LIMIT);
        let backwards = raw("dir").as_deref() == Some("prev");
        let mut offset = raw("offset").filter(|o| !o.is_empty());
        if self.year.is_some() || self.month.is_some() {
            offset = Some(date_bound(self.year.unwrap_or(0), self.month.unwrap_or(0), ctx.state.now().to_mw()));
        }

        let hidden_bits = Visibility::of(&ctx.state.rights).hidden_user_bits();
        let filter = ContribsFilter {
            actors,
            in_time_order: by_time,
            ascending: backwards,
            before: offset.clone().filter(|_| !backwards),
            after: offset.filter(|_| backwards),
            namespaces: self.namespace.map(|ns| vec![ns.0]),
            hidden_bits,
            deleted_only: self.deletedonly,
            minor: self.hideminor.then_some(false),
            top: self.toponly.then_some(true),
            new: self.newonly.then_some(true),
            limit,
            ..ContribsFilter::default()
        };
        let rows = reader.contributions(&filter)?;
        let visible_text: Vec<i64> =
            rows.iter().filter(|r| r.rev.deleted & DELETED_TEXT == 0).map(|r| r.rev.id).collect();
        let texts = main_texts(&mut reader, &visible_text)?;
        let comment_ids: Vec<i64> = rows.iter().map(|r| r.rev.comment()).collect();
        let comments = reader.comments(&comment_ids)?;

        let items: Vec<Item> = rows
            .iter()
            .map(|row: &ContribRow| {
                let key = full_dbkey(row.namespace, &row.title, namespaces);
                let talk = namespaces.talk(row.namespace).unwrap_or(row.namespace);
                let talk_key = full_dbkey(talk, &row.title, namespaces);
                let author =
                    if row.rev.deleted & DELETED_USER == 0 { row.rev.actor_name.clone() } else { String::new() };
                let comment = if row.rev.deleted & DELETED_COMMENT == 0 {
                    comments.get(&row.rev.comment()).cloned().unwrap_or_default()
                } else {
                    String::new()
                };
                let text = texts.get(&row.rev.id).map(|t| text_lines_html(t)).unwrap_or_default();
                Item {
                    title: full_text(row.namespace, &row.title, namespaces),
                    url: paths.page_url(&key, &format!("diff={}", row.rev.id)),
                    description: format!(
                        "<p>{}: {}</p>\n<hr />\n<div>{text}</div>",
                        escape(&author),
                        escape(&strip_comment(&comment))
                    ),
                    date: Some(row.rev.timestamp.clone()),
                    author,
                    comments: Some(paths.page_url(&talk_key, "")),
                }
            })
            .collect();

        let special = namespaces.name(-1).unwrap_or("Special");
        let url = match &self.user {
            // Another wiki's user names no page: the target goes in the query.
            UserRef::Interwiki(name) => paths.page_url(
                &format!("{special}:Contributions"),
                &format!("target={}", wikiquery_domain::url::urlencode(name)),
            ),
            _ => paths.page_url(&format!("{special}:Contributions/{}", target.replace(' ', "_")), ""),
        };
        feeds::answer(ctx, self.feedformat, "User contributions", "User contributions", &url, &items)?;
        Ok(())
    }
}

/// The first moment after a contributions listing asked for by year and month (MediaWiki's
/// `getOffsetDate`, less a day, to the day's last second): the end of `month` of `year`, of the
/// year without a month; the current year (the last if that month is still to come) without a
/// year. The listing holds the edits before it.
fn date_bound(year: i64, month: i64, now: String) -> String {
    let this_year: i64 = now[..4].parse().unwrap_or(1970);
    let this_month: i64 = now[4..6].parse().unwrap_or(1);
    let mut year = year;
    if year <= 0 {
        year = this_year;
        if month > this_month {
            year -= 1;
        }
    }
    // The first day after the period.
    let (mut y, mut m) = if (1..13).contains(&month) { (year, month + 1) } else { (year + 1, 1) };
    if m > 12 {
        m = 1;
        y += 1;
    }
    if y > 2032 {
        y = 2032;
        m = 1;
    }
    let (y, m, d) = civil_from_days(days_from_civil(y, m, 1) - 1);
    format!("{y:04}{m:02}{d:02}235959")
}

#[cfg(test)]
mod tests {
    use super::date_bound;

    #[test]
    fn year_and_month_end_their_period() {
        let now = "20261122000000".to_owned();
        assert_eq!(date_bound(2025, 0, now.clone()), "20251231235959");
        assert_eq!(date_bound(2026, 2, now.clone()), "20260228235959");
        assert_eq!(date_bound(0, 11, now.clone()), "20261130235959");
        assert_eq!(date_bound(0, 12, now.clone()), "20251231235959");
        assert_eq!(date_bound(2040, 5, now), "20311231235959");
    }
}
