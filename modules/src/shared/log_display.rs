//! Log entries written out for reading (`logdisplay`, the recent-changes feed) by the domain's
//! formatter, once the pages, files and users their links depend on are looked up together for
//! the whole batch.

use std::collections::HashMap;

use wikiquery_domain::comment::LinkStatus;
use wikiquery_domain::log_display::{self, DisplaySite, Known, LogLine, Needed};
use wikiquery_domain::revision::{Visibility, DELETED_ACTION};
use wikiquery_runtime::{ApiError, Rights};
use wikiquery_store::queries::recent_changes::{RecentChangeRow, RC_LOG};
use wikiquery_store::reader::Reader;
use wikiquery_store::site::Site;

/// Who a log entry's performer is shown as when it was not an account: the address
/// (the feed), or MediaWiki's stand-in name for a performer it did not read (the watchlist,
/// whose rows carry no actor).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unregistered {
    ByAddress,
    AsUnknownUser,
}

/// The name MediaWiki gives a performer it cannot name.
const UNKNOWN_USER: &str = "Unknown user";

/// The batch's log entries the caller may see, written out, by change id.
pub fn log_displays(
    reader: &mut Reader,
    site: &Site,
    rows: &[RecentChangeRow],
    rights: &Rights,
    lang: &str,
    unregistered: Unregistered,
) -> Result<HashMap<i64, String>, ApiError> {
    let visibility = Visibility::of(rights);
    let entries: Vec<(i64, LogLine<'_>)> = rows
        .iter()
        .filter(|r| r.change_type == RC_LOG && visibility.check_log(r.deleted, DELETED_ACTION).1)
        .map(|r| {
            let (performer_id, performer_name) = match (r.actor_user.unwrap_or(0), unregistered) {
                (0, Unregistered::AsUnknownUser) => (0, UNKNOWN_USER),
                (id, _) => (id, &*r.actor_name),
            };
            let line = LogLine {
                log_type: r.log_type.as_deref().unwrap_or(""),
                action: r.log_action.as_deref().unwrap_or(""),
                params: r.params.as_deref().unwrap_or(""),
                ns: r.namespace,
                dbkey: &r.title,
                performer_id,
                performer_name,
                deleted: r.deleted,
                timestamp: &r.timestamp,
            };
            (r.id, line)
        })
        .collect();
    if entries.is_empty() {
        return Ok(HashMap::new());
    }
    let urls = site.interwiki_urls();
    let display_site = DisplaySite {
        namespaces: site.namespaces(),
        interwiki_urls: &urls,
        lang,
        site_name: &site.sitename,
        may_read_suppression_log: rights.has("suppressionlog"),
    };
    let mut needed = Needed::default();
    for (_, line) in &entries {
        log_display::links_needed(line, &display_site, &mut needed);
    }
    let known = Known {
        links: LinkStatus {
            pages: reader.existing_pages(&needed.links.pages)?,
            files: reader.existing_files(&needed.links.files)?.into_iter().collect(),
        },
        user_ids: if needed.user_names.is_empty() {
            HashMap::new()
        } else {
            reader.users_by_names(&needed.user_names)?.into_iter().map(|u| (u.name, u.id)).collect()
        },
        user_names: if needed.user_ids.is_empty() {
            HashMap::new()
        } else {
            reader.users_by_ids(&needed.user_ids)?.into_iter().map(|u| (u.id, u.name)).collect()
        },
    };
    Ok(entries.iter().map(|(id, line)| (*id, log_display::format(line, &display_site, &known))).collect())
}

/// The language a request's interface texts are in: `uselang`'s, or the site's.
pub fn interface_language(uselang: Option<&str>, site: &Site) -> String {
    match uselang {
        None | Some("user") | Some("content") => site.language_code().to_owned(),
        Some(code) => code.to_owned(),
    }
}
