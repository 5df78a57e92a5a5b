//! `action=feedrecentchanges`: the wiki's recent changes, or those related to a page, as an RSS
//! or Atom feed, as MediaWiki's recent-changes page reads them for its feed: the options of the
//! page (namespaces, who made the change, minor edits, tags, a time window), adjacent edits of
//! one user to one page merged, hidden changes left out, and each change described — a log
//! entry's action, the summary, and the diff or the new page's text.

use std::collections::HashMap;

use wikiquery_domain::diff::table_diff;
use wikiquery_domain::html::escape;
use wikiquery_domain::messages;
use wikiquery_domain::revision::{Visibility, DELETED_TEXT};
use wikiquery_domain::timestamp::{time_and_date, Timestamp};
use wikiquery_domain::title::{full_dbkey, full_text, is_talk, NS_CATEGORY, NS_FILE};
use wikiquery_runtime::{query_module, ActionContext, ActionModule, ApiError, Namespace, Printer, RequestState};
use wikiquery_store::queries::recent_changes::{RecentChangeRow, RecentChangesFilter, Related, Ties};
use wikiquery_store::queries::revisions::{RevisionSelection, RevisionsFilter};
use wikiquery_store::reader::Reader;
use wikiquery_store::site::Site;

use crate::shared::comments::{parsed_comments, CommentOf};
use crate::shared::diffs::line_label;
use crate::shared::feeds::{self, nl2br, FeedFormat, Item};
use crate::shared::log_display::{interface_language, log_displays, Unregistered};
use crate::storage::{main_texts, site_paths, site_title};
use crate::wiki::WikiContext;

/// How long caches keep the feed when the request does not say (MediaWiki's, against load).
const CACHE_SECONDS: i64 = 15;
/// The longest diff or new page text a feed shows; a longer one is linked instead
/// (MediaWiki's `$wgFeedDiffCutoff`).
const DIFF_CUTOFF: usize = 32_768;
/// The recent changes MediaWiki keeps, in days (`$wgRCMaxAge`): the longest window.
const MAX_DAYS: i64 = 90;
/// `rc_type` of an edit and of a change from another system.
const RC_EDIT: i32 = 0;
const RC_EXTERNAL: i32 = 5;

/// Returns the recent changes as a feed.
///
/// The feed lists the wiki's latest changes, or those to the pages related to one page, each
/// with its summary and its diff.
#[query_module(
    name = "feedrecentchanges",
    group = "action",
    prefix = "",
    readrights,
    cache = "public",
    help = "https://www.mediawiki.org/wiki/Special:MyLanguage/API:Feedrecentchanges",
    example(query = "action=feedrecentchanges", text = "Show recent changes."),
    example(query = "action=feedrecentchanges&days=30", text = "Show recent changes for 30 days.")
)]
pub struct FeedRecentChanges {
    /// The format of the feed.
    #[param(default = "rss")]
    pub feedformat: FeedFormat,
    /// Only the changes in this namespace.
    pub namespace: Option<Namespace>,
    /// Every namespace but the one chosen.
    pub invert: bool,
    /// The chosen namespace's talk (or subject) namespace too.
    pub associated: bool,
    /// The number of days back to list changes for.
    #[param(default = 7, min = 1)]
    pub days: i64,
    /// The most changes to list.
    #[param(default = 50, min = 1, max = 50)]
    pub limit: i64,
    /// Only the changes since this time.
    pub from: Option<wikiquery_runtime::Timestamp>,
    /// Leave minor edits out.
    pub hideminor: bool,
    /// Leave the changes made by bots out.
    pub hidebots: bool,
    /// Leave the changes made from IP addresses out.
    pub hideanons: bool,
    /// Leave the changes made by registered users out.
    pub hideliu: bool,
    /// Leave patrolled changes out (for those who may patrol).
    pub hidepatrolled: bool,
    /// Leave the caller's own changes out.
    pub hidemyself: bool,
    /// Leave changes of category membership out.
    pub hidecategorization: bool,
    /// Only the changes with one of these tags (`|`-separated).
    pub tagfilter: Option<String>,
    /// Only the changes to the pages this page links to (its related changes).
    pub target: Option<String>,
    /// With `target`: the changes to the pages that link to it instead.
    pub showlinkedto: bool,
}

impl ActionModule for FeedRecentChanges {
    fn printer(&self, state: &RequestState) -> Option<Printer> {
        Some(feeds::printer(state.params.get("ctype")))
    }

    fn execute(&self, ctx: &mut ActionContext<'_>) -> Result<(), ApiError> {
        ctx.state.cache_max_age_unless_asked = Some(CACHE_SECONDS);
        let site = ctx.site()?;
        let paths = site_paths(site, ctx.settings());
        let special = site.namespaces().name(-1).unwrap_or("Special").to_owned();
        let target = self.target.as_deref().map(|text| site_title(site, text)).transpose()?;
        let items = self.items(ctx, target.as_ref().map(|(ns, dbkey)| (*ns, dbkey.as_str())))?;
        let lang = interface_language(None, site);
        let text = |key: &str, args: &[String]| messages::format(&lang, key, args);
        let (title, description, page) = match &target {
            Some((ns, dbkey)) => (
                text("recentchangeslinked-title", &[full_text(*ns, dbkey, site.namespaces())]),
                text("recentchangeslinked-feed", &[]),
                "RecentChangesLinked",
            ),
            None => (text("recentchanges", &[]), text("recentchanges-feed-description", &[]), "RecentChanges"),
        };
        let url = paths.page_url(&format!("{special}:{page}"), "");
        let full_title = format!("{}  - {title} [{}]", site.sitename, site.language_code());
        feeds::answer_titled(ctx, self.feedformat, &full_title, &escape(&description), &url, &items)
    }
}

impl FeedRecentChanges {
    /// The feed's items: the changes the options select, merged and described.
    fn items(&self, ctx: &ActionContext<'_>, target: Option<(i32, &str)>) -> Result<Vec<Item>, ApiError> {
        let site = ctx.site()?;
        let settings = ctx.settings();
        let mut reader = ctx.reader()?;
        let Some(mut filter) = self.filter(ctx, &mut reader, target)? else { return Ok(Vec::new()) };
        filter.limit = self.limit;
        let rows = reader.recent_changes(&filter)?;
        let rows = merge_adjacent_edits(rows);
        let shown: Vec<RecentChangeRow> = rows.into_iter().filter(|r| r.deleted == 0).collect();

        let lang = interface_language(ctx.state.params.get("uselang"), site);
        let rights = ctx.state.rights.clone();
        let actions = log_displays(&mut reader, site, &shown, &rights, &lang, Unregistered::ByAddress)?;
        let comments = summaries(&mut reader, site, &shown)?;
        let describer = Describer::read(&mut reader, &shown, Visibility::of(&rights))?;
        drop(reader);

        let paths = site_paths(site, settings);
        let namespaces = site.namespaces();
        Ok(shown
            .iter()
            .map(|row| {
                let key = full_dbkey(row.namespace, &row.title, namespaces);
                let url = if row.this_oldid != 0 {
                    paths.page_url(&key, &format!("diff={}&oldid={}", row.this_oldid, row.last_oldid))
                } else {
                    paths.page_url(&key, "")
                };
                let talk = (row.namespace >= 0)
                    .then(|| namespaces.talk(row.namespace))
                    .flatten()
                    .map(|talk_ns| paths.page_url(&full_dbkey(talk_ns, &row.title, namespaces), ""));
                let action = actions.get(&row.id).map_or("", String::as_str);
                let summary = comments.get(&row.id).map_or("", String::as_str);
                Item {
                    title: full_text(row.namespace, &row.title, namespaces),
                    description: describer.describe(row, action, summary, &paths, &key, &lang),
                    url,
                    date: Some(row.timestamp.clone()),
                    author: row.actor_name.to_string(),
                    comments: talk,
                }
            })
            .collect())
    }

    /// What the recent-changes page selects with the request's options; `None` when nothing can
    /// match (an unknown tag, a page that does not exist and so links nowhere).
    fn filter(
        &self,
        ctx: &ActionContext<'_>,
        reader: &mut Reader,
        target: Option<(i32, &str)>,
    ) -> Result<Option<RecentChangesFilter>, ApiError> {
        let site = ctx.site()?;
        let now = ctx.state.now().unix();
        // The recent-changes page keeps its window within what the wiki keeps.
        let days = self.days.min(MAX_DAYS);
        let mut cutoff = Timestamp::from_unix(now - days * 86_400).to_mw();
        if let Some(from) = self.from.map(wikiquery_runtime::Timestamp::to_mw) {
            if from > cutoff {
                cutoff = from;
            }
        }
        let mut filter =
            RecentChangesFilter { end: Some(cutoff), ties: Ties::ByKindAndNamespace, ..RecentChangesFilter::default() };
        if let Some(ns) = self.namespace {
            let mut namespaces = vec![ns.0];
            if self.associated {
                let site_namespaces = site.namespaces();
                let pair = if is_talk(ns.0) { Some(site_namespaces.subject(ns.0)) } else { site_namespaces.talk(ns.0) };
                namespaces.extend(pair.filter(|&p| p != ns.0 && p >= 0));
            }
            filter.namespaces = Some(namespaces);
            filter.namespaces_inverted = self.invert;
        }
        if self.hideminor {
            filter.minor = Some(false);
        }
        if self.hidebots {
            filter.bot = Some(false);
        }
        // Both at once hide neither, as the page's old options did.
        if self.hideanons != self.hideliu {
            filter.anon = Some(self.hideliu);
            // Addresses' changes are read through their actors.
            if self.hideliu {
                filter.ties = Ties::ByActor;
            }
        }
        if self.hidepatrolled && ctx.settings().patrolling.any(&ctx.state.rights) {
            filter.patrolled = Some(false);
        }
        if self.hidemyself {
            filter.actor = Some((ctx.state.caller_name().to_owned(), true));
        }
        if self.hidecategorization {
            filter.types = Some(vec![0, 1, 3, 5]);
        }
        if let Some(tags) = self.tagfilter.as_deref().filter(|t| !t.is_empty()) {
            let names: Vec<&str> = tags.split('|').collect();
            let mut ids = Vec::new();
            for name in &names {
                if let Some(id) = reader.tag_id(name)? {
                    ids.push(id);
                }
            }
            if ids.is_empty() {
                return Ok(None);
            }
            // Several tags are grouped by change, which orders ties by id.
            if names.len() > 1 {
                filter.ties = Ties::ById;
            }
            filter.tag_ids = Some(ids);
        }
        if let Some((ns, dbkey)) = target {
            // The related pages are read through a category's members, by their sort keys, or
            // as a union of the link tables, in id order.
            let by_members = ns == NS_CATEGORY && !self.showlinkedto;
            if filter.ties == Ties::ByKindAndNamespace {
                filter.ties = if by_members { Ties::BySortKey } else { Ties::OldestFirst };
            }
            filter.related = Some(if by_members {
                Related::InCategory(dbkey.to_owned())
            } else if self.showlinkedto {
                Related::LinkingTo { namespace: ns, title: dbkey.to_owned(), files: ns == NS_FILE }
            } else {
                let Some(page) = reader.pages_by_titles(&[(ns, dbkey.to_owned())])?.pop() else {
                    return Ok(None);
                };
                let page_id = page.id;
                Related::LinkedFrom { page_id, files: true }
            });
        }
        Ok(Some(filter))
    }
}

/// Adjacent edits by one user to one page as one change, which diffs from the oldest one's
/// previous revision (MediaWiki's `ChangesFeed::buildItems`); changes from other systems left
/// out.
fn merge_adjacent_edits(rows: Vec<RecentChangeRow>) -> Vec<RecentChangeRow> {
    let mut out: Vec<RecentChangeRow> = Vec::with_capacity(rows.len());
    for row in rows {
        if row.change_type == RC_EXTERNAL {
            continue;
        }
        if let Some(kept) = out.last_mut() {
            if row.change_type == RC_EDIT
                && row.namespace >= 0
                && row.page_id == kept.page_id
                && row.actor_name == kept.actor_name
            {
                kept.last_oldid = row.last_oldid;
                continue;
            }
        }
        out.push(row);
    }
    out
}

/// The changes' summaries as HTML, written for no page (their sections are not linked), by
/// change id.
fn summaries(reader: &mut Reader, site: &Site, rows: &[RecentChangeRow]) -> Result<HashMap<i64, String>, ApiError> {
    let ids: Vec<i64> = rows.iter().map(|r| r.comment_id).collect();
    let texts = reader.comments(&ids)?;
    let of: Vec<CommentOf<'_, i64>> = rows
        .iter()
        .map(|r| CommentOf { key: r.id, text: texts.get(&r.comment_id).map_or("", String::as_str), ns: 0, dbkey: "" })
        .collect();
    parsed_comments(reader, site, &of)
}

/// What describing the changes needs: the texts of their revisions, and which of those the
/// caller may not read.
struct Describer {
    texts: HashMap<i64, String>,
    hidden: Vec<i64>,
}

impl Describer {
    fn read(reader: &mut Reader, rows: &[RecentChangeRow], visibility: Visibility) -> Result<Describer, ApiError> {
        let mut ids: Vec<i64> = rows
            .iter()
            .filter(|r| r.namespace >= 0 && r.this_oldid != 0)
            .flat_map(|r| [r.this_oldid, r.last_oldid])
            .filter(|&id| id != 0)
            .collect();
        ids.sort_unstable();
        ids.dedup();
        let revisions = reader.revisions(&RevisionsFilter {
            selection: RevisionSelection::Ids { ids: ids.clone(), continue_from: None },
            tag: None,
            limit: i64::try_from(ids.len()).unwrap_or(i64::MAX),
        })?;
        let hidden: Vec<i64> =
            revisions.iter().filter(|r| !visibility.check(r.deleted, DELETED_TEXT).1).map(|r| r.id).collect();
        let readable: Vec<i64> = revisions.iter().map(|r| r.id).filter(|id| !hidden.contains(id)).collect();
        Ok(Describer { texts: main_texts(reader, &readable)?, hidden })
    }

    /// A change's description (MediaWiki's `FeedUtils::formatDiff`): a paragraph of the log
    /// entry's action and the summary, then the diff, or the text of a new page.
    fn describe(
        &self,
        row: &RecentChangeRow,
        action: &str,
        summary: &str,
        paths: &wikiquery_domain::url::SitePaths,
        key: &str,
        lang: &str,
    ) -> String {
        let said: Vec<&str> = [action, summary].into_iter().filter(|s| !s.is_empty()).collect();
        let mut out = format!("<p>{}</p>\n", said.join(" "));
        if row.namespace < 0 || row.this_oldid == 0 {
            return out;
        }
        let text = |key: &str, args: &[String]| messages::format(lang, key, args);
        let diff_link = |oldid: Option<i64>| {
            let query = match oldid {
                Some(old) => format!("diff={}&oldid={old}", row.this_oldid),
                None => format!("diff={}", row.this_oldid),
            };
            format!("<a href=\"{}\">{}</a>", escape(&paths.page_url(key, &query)), escape(&text("showdiff", &[])))
        };
        if row.last_oldid != 0 {
            let readable = |id: i64| !self.hidden.contains(&id) && self.texts.contains_key(&id);
            if !readable(row.last_oldid) || !readable(row.this_oldid) {
                out.push_str(&format!(
                    "<p>{}</p>",
                    escape(&text("feed-revision-unloadable", &[row.this_oldid.to_string()]))
                ));
                return out;
            }
            let old = &self.texts[&row.last_oldid];
            let new = &self.texts[&row.this_oldid];
            let when = Timestamp::parse(&row.timestamp).map(|t| time_and_date(t, 0)).unwrap_or_default();
            let table = diff_table(
                &table_diff(old, new, &line_label),
                &escape(&text("previousrevision", &[])),
                &escape(&text("revisionasof", &[when])),
                &escape(&text("diff-empty", &[])),
                lang,
            );
            if table.len() > DIFF_CUTOFF {
                out.push_str(&diff_link(Some(row.last_oldid)));
            } else {
                out.push_str(&feed_diff_style(&table));
            }
            return out;
        }
        match self.texts.get(&row.this_oldid) {
            Some(new) if new.len() <= DIFF_CUTOFF => {
                out.push_str(&format!(
                    "<p><b>{}</b></p><div>{}</div>",
                    escape(&text("newpage", &[])),
                    nl2br(&escape(new))
                ));
            }
            _ => out.push_str(&diff_link(None)),
        }
        out
    }
}

/// A diff's rows in MediaWiki's table, with its header row naming the two revisions; an empty
/// diff says so in a notice.
fn diff_table(body: &str, old_title: &str, new_title: &str, empty: &str, lang: &str) -> String {
    const INDENT: &str = "\n\t\t\t\t";
    let mut out =
        String::from("<table class=\"diff diff-contentalign-left diff-editfont-monospace\" data-mw=\"interface\">");
    let colspan = if body.is_empty() { 1 } else { 2 };
    if !body.is_empty() {
        for class in ["diff-marker", "diff-content", "diff-marker", "diff-content"] {
            out.push_str(&format!("{INDENT}<col class=\"{class}\" />"));
        }
    }
    out.push_str(&format!(
        "{INDENT}<tr class=\"diff-title\" lang=\"{lang}\">{INDENT}<td colspan=\"{colspan}\" class=\"diff-otitle \
         diff-side-deleted\">{old_title}</td>{INDENT}<td colspan=\"{colspan}\" class=\"diff-ntitle diff-side-added\">\
         {new_title}</td>{INDENT}</tr>"
    ));
    if body.is_empty() {
        out.push_str(&format!(
            "<tr><td colspan=\"{}\" class=\"diff-notice\" lang=\"{lang}\"><div class=\"mw-diff-empty\">{empty}</div>\n</td></tr>",
            colspan * 2
        ));
    }
    out.push_str(body);
    out.push_str("</table>");
    out
}

/// The styles a feed's diff carries in place of its classes, for readers without the wiki's
/// style sheet (MediaWiki's `FeedUtils::applyDiffStyle`): the first class of this list an
/// element has gives its `class` attribute's place to the style.
const DIFF_STYLES: &[(&str, &str)] = &[
    ("diff", "background-color: #fff; color: #202122;"),
    ("diff-otitle", "background-color: #fff; color: #202122; text-align: center;"),
    ("diff-ntitle", "background-color: #fff; color: #202122; text-align: center;"),
    (
        "diff-addedline",
        "color: #202122; font-size: 88%; border-style: solid; border-width: 1px 1px 1px 4px; \
         border-radius: 0.33em; border-color: #a3d3ff; vertical-align: top; white-space: pre-wrap;",
    ),
    (
        "diff-deletedline",
        "color: #202122; font-size: 88%; border-style: solid; border-width: 1px 1px 1px 4px; \
         border-radius: 0.33em; border-color: #ffe49c; vertical-align: top; white-space: pre-wrap;",
    ),
    (
        "diff-context",
        "background-color: #f8f9fa; color: #202122; font-size: 88%; border-style: solid; \
         border-width: 1px 1px 1px 4px; border-radius: 0.33em; border-color: #eaecf0; vertical-align: top; \
         white-space: pre-wrap;",
    ),
    ("diffchange", "font-weight: bold; text-decoration: none;"),
];

/// Each styled `class="…"` of a diff's elements replaced by its style. (A diff's text is
/// escaped, so `class="` only appears in its tags.)
fn feed_diff_style(html: &str) -> String {
    let mut out = String::with_capacity(html.len() * 2);
    let mut rest = html;
    while let Some(at) = rest.find("class=\"") {
        let value_start = at + "class=\"".len();
        let Some(len) = rest[value_start..].find('"') else { break };
        let classes: Vec<&str> = rest[value_start..value_start + len].split_whitespace().collect();
        out.push_str(&rest[..at]);
        match DIFF_STYLES.iter().find(|(class, _)| classes.contains(class)) {
            Some((_, style)) => out.push_str(&format!("style=\"{style}\"")),
            None => out.push_str(&rest[at..value_start + len + 1]),
        }
        rest = &rest[value_start + len + 1..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_diff_s_classes_give_way_to_styles_and_others_stay() {
        let html = "<table class=\"diff diff-x\"><td class=\"diff-marker\"></td>\
                    <td class=\"diff-deletedline diff-side-deleted\"><del class=\"diffchange diffchange-inline\">a</del></td>";
        let styled = feed_diff_style(html);
        assert!(styled.starts_with("<table style=\"background-color: #fff; color: #202122;\">"), "{styled}");
        assert!(styled.contains("<td class=\"diff-marker\">"), "{styled}");
        assert!(styled.contains("<td style=\"color: #202122; font-size: 88%;"), "{styled}");
        assert!(styled.contains("<del style=\"font-weight: bold; text-decoration: none;\">a</del>"), "{styled}");
    }

    #[test]
    fn an_empty_diff_has_a_notice_and_no_columns() {
        let table = diff_table("", "old", "new", "same", "en");
        assert!(!table.contains("<col"), "{table}");
        assert!(table.contains("colspan=\"1\" class=\"diff-otitle diff-side-deleted\">old</td>"), "{table}");
        assert!(table.ends_with("<div class=\"mw-diff-empty\">same</div>\n</td></tr></table>"), "{table}");
    }
}
