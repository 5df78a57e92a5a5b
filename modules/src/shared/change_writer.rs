//! How the recent-changes feed and the watchlist write a change: the parts both write the
//! same way (title and ids, flags, sizes, timestamp, comment, patrol flags, the log entry's
//! formatted parameters, tags, the hidden and suppressed flags), and what they read for a
//! batch of changes at once. Each module writes the parts in its own order.

use std::collections::HashMap;

use wikiquery_domain::log_params::{self, EntryInfo, TitleContext};
use wikiquery_domain::revision::{Visibility, DELETED_ACTION, DELETED_COMMENT, DELETED_RESTRICTED};
use wikiquery_domain::settings::Patrolling;
use wikiquery_domain::title::{push_full_text, SiteNamespaces};
use wikiquery_runtime::format::ItemWriter;
use wikiquery_runtime::{ApiError, Rights, Timestamp};
use wikiquery_store::queries::recent_changes::{RecentChangeRow, RC_LOG};
use wikiquery_store::reader::Reader;
use wikiquery_store::site::Site;

use crate::shared::comments::{parsed_comments, CommentOf};

/// The kind of change an `rc_type` is, as the API names it.
pub fn change_type_name(id: i32) -> &'static str {
    match id {
        0 => "edit",
        1 => "new",
        RC_LOG => "log",
        5 => "external",
        6 => "categorize",
        _ => "",
    }
}

/// What a batch of changes is written with, read for the whole batch.
pub struct ChangeWriter<'a> {
    pub visibility: Visibility,
    pub rights: &'a Rights,
    pub patrolling: Patrolling,
    pub namespaces: &'a SiteNamespaces,
    /// The site, for the titles in log entries' parameters.
    pub site: &'a Site,
    pub comments: HashMap<i64, String>,
    pub parsed: HashMap<i64, String>,
    pub tags: HashMap<i64, Vec<String>>,
    /// Log entries written out for reading, by change id.
    displays: HashMap<i64, String>,
    /// Room for a change's title text, reused from change to change.
    title: String,
}

/// What writing one change has found hidden so far.
#[derive(Default)]
pub struct Hidden {
    any: bool,
    action_written: bool,
}

/// The comments (and their parsed forms) and tags of a batch, each read only when asked for.
pub struct BatchData {
    pub comments: HashMap<i64, String>,
    pub parsed: HashMap<i64, String>,
    pub tags: HashMap<i64, Vec<String>>,
    /// Log entries written out for reading (`logdisplay`), by change id, where asked for.
    pub displays: HashMap<i64, String>,
}

impl BatchData {
    /// Reads what the batch's changes are written with.
    pub fn read(
        reader: &mut Reader,
        site: &Site,
        rows: &[RecentChangeRow],
        visibility: Visibility,
        (comment, parsed, tags): (bool, bool, bool),
    ) -> Result<BatchData, ApiError> {
        let comments = if comment || parsed {
            let ids: Vec<i64> = rows.iter().map(|r| r.comment_id).collect();
            reader.comments(&ids)?
        } else {
            HashMap::new()
        };
        let parsed = if parsed {
            let visible: Vec<CommentOf<'_, i64>> = rows
                .iter()
                .filter(|r| visibility.check(r.deleted, DELETED_COMMENT).1)
                .map(|r| CommentOf {
                    key: r.id,
                    text: comments.get(&r.comment_id).map_or("", String::as_str),
                    ns: r.namespace,
                    dbkey: &r.title,
                })
                .collect();
            parsed_comments(reader, site, &visible)?
        } else {
            HashMap::new()
        };
        let tags = if tags {
            let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
            reader.change_tags(&ids)?
        } else {
            HashMap::new()
        };
        Ok(BatchData { comments, parsed, tags, displays: HashMap::new() })
    }
}

impl<'a> ChangeWriter<'a> {
    /// A writer for a batch: the caller's rights, the site, what was read for the batch.
    pub fn new(rights: &'a Rights, patrolling: Patrolling, site: &'a Site, data: BatchData) -> ChangeWriter<'a> {
        ChangeWriter {
            visibility: Visibility::of(rights),
            rights,
            patrolling,
            namespaces: site.namespaces(),
            site,
            comments: data.comments,
            parsed: data.parsed,
            tags: data.tags,
            displays: data.displays,
            title: String::new(),
        }
    }

    /// Whether the caller may see a log entry's target (always, for an edit).
    fn action_visible(&self, row: &RecentChangeRow) -> bool {
        row.change_type != RC_LOG || self.visibility.check_log(row.deleted, DELETED_ACTION).1
    }

    /// `type`, then (when asked for) `actionhidden` for a log entry whose target is hidden, and
    /// the namespace and title, page and revision ids the caller may see.
    pub fn type_title_ids(
        &mut self,
        row: &RecentChangeRow,
        out: &mut ItemWriter<'_>,
        title: bool,
        ids: bool,
        h: &mut Hidden,
    ) {
        out.str("type", change_type_name(row.change_type));
        if !(title || ids) {
            return;
        }
        if row.change_type == RC_LOG && row.deleted & DELETED_ACTION != 0 {
            out.flag("actionhidden");
            h.action_written = true;
            h.any = true;
        }
        if !self.action_visible(row) {
            return;
        }
        if title {
            out.int("ns", row.namespace.into());
            self.title.clear();
            push_full_text(&mut self.title, row.namespace, &row.title, self.namespaces);
            out.str("title", &self.title);
        }
        if ids {
            out.int("pageid", row.page_id);
            out.int("revid", row.this_oldid);
            out.int("old_revid", row.last_oldid);
        }
    }

    /// `bot`, `new`, `minor`.
    pub fn flags(row: &RecentChangeRow, out: &mut ItemWriter<'_>) {
        out.bool("bot", row.bot != 0);
        out.bool("new", row.change_type == 1);
        out.bool("minor", row.minor != 0);
    }

    /// `oldlen`, `newlen`.
    pub fn sizes(row: &RecentChangeRow, out: &mut ItemWriter<'_>) {
        out.int("oldlen", row.old_len.unwrap_or(0));
        out.int("newlen", row.new_len.unwrap_or(0));
    }

    /// `timestamp`.
    pub fn timestamp(row: &RecentChangeRow, out: &mut ItemWriter<'_>) {
        match Timestamp::iso_of_stored(&row.timestamp) {
            Some(iso) => out.str("timestamp", &iso),
            None => out.bool("timestamp", false),
        };
    }

    /// `commenthidden` and the comment and parsed comment the caller may see.
    pub fn comment(
        &self,
        row: &RecentChangeRow,
        out: &mut ItemWriter<'_>,
        comment: bool,
        parsed: bool,
        h: &mut Hidden,
    ) {
        let (hidden, visible) = self.visibility.check(row.deleted, DELETED_COMMENT);
        if hidden {
            out.flag("commenthidden");
            h.any = true;
        }
        if visible {
            if comment {
                out.str("comment", self.comments.get(&row.comment_id).map_or("", String::as_str));
            }
            if parsed {
                out.str("parsedcomment", self.parsed.get(&row.id).map_or("", String::as_str));
            }
        }
    }

    /// `patrolled`, `unpatrolled`, `autopatrolled`.
    pub fn patrol(&self, row: &RecentChangeRow, out: &mut ItemWriter<'_>) {
        out.bool("patrolled", row.patrolled != 0);
        let unpatrolled =
            self.patrolling.is_unpatrolled(self.rights, row.patrolled, row.change_type, row.log_type.as_deref());
        out.bool("unpatrolled", unpatrolled);
        out.bool("autopatrolled", row.patrolled == 2);
    }

    /// A log entry's id, type, action and parameters (formatted as `list=logevents` formats
    /// them), and the entry written out when the batch has it, when the caller may see them.
    pub fn loginfo(&self, row: &RecentChangeRow, out: &mut ItemWriter<'_>, h: &mut Hidden) {
        if row.change_type != RC_LOG {
            return;
        }
        if row.deleted & DELETED_ACTION != 0 {
            if !h.action_written {
                out.flag("actionhidden");
            }
            h.any = true;
        }
        if !self.action_visible(row) {
            return;
        }
        out.int("logid", row.log_id);
        let log_type = row.log_type.as_deref().unwrap_or("");
        let action = row.log_action.as_deref().unwrap_or("");
        out.str("logtype", log_type);
        out.str("logaction", action);
        let info =
            EntryInfo { log_type, action, timestamp: &row.timestamp, params: row.params.as_deref().unwrap_or("") };
        let interwikis = self.site.interwikis();
        let titles = TitleContext { namespaces: self.namespaces, is_interwiki: &|p| interwikis.is_interwiki(p) };
        out.object("logparams", log_params::format_params(&info, &titles).iter());
        if let Some(display) = self.displays.get(&row.id) {
            out.str("logdisplay", display);
        }
    }

    /// `tags`.
    pub fn tags(&self, row: &RecentChangeRow, out: &mut ItemWriter<'_>) {
        out.strings("tags", self.tags.get(&row.id).map_or(&[], Vec::as_slice));
    }

    /// Notes a hidden part written by the module itself (`userhidden`, `sha1hidden`).
    pub fn hid(h: &mut Hidden) {
        h.any = true;
    }

    /// `suppressed`, last, when a part was hidden and the hiding is a suppression.
    pub fn suppressed(row: &RecentChangeRow, out: &mut ItemWriter<'_>, h: &Hidden) {
        if h.any && row.deleted & DELETED_RESTRICTED != 0 {
            out.flag("suppressed");
        }
    }
}
