//! What the importer holds between reading and writing: buffered rows, the page being read,
//! caches and id counters.

use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use super::rows::{ContentRow, PageRow, RevisionRow, SlotRow, TextRow};
use crate::dump::{Contributor, MwTimestamp, PageStart, Upload};
use crate::wikitext::{PageLinks, RedirectTarget};

/// The user name behind a contributor, with the local user id of a registered account.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct ActorKey {
    pub(super) name: String,
    pub(super) user: Option<i64>,
}

/// The name MediaWiki's importer gives contributors a dump hides (revision-deleted users).
pub(super) const UNKNOWN_USER: &str = "Unknown user";

impl ActorKey {
    pub(super) fn of(contributor: &Contributor) -> ActorKey {
        match contributor {
            Contributor::Registered { username, id } => {
                ActorKey { name: username.clone(), user: i64::try_from(*id).ok().filter(|&id| id > 0) }
            }
            Contributor::Anonymous { ip } => ActorKey { name: ip.clone(), user: None },
            Contributor::Deleted => ActorKey { name: UNKNOWN_USER.to_owned(), user: None },
        }
    }
}

pub(super) struct PendingRevision {
    pub(super) row: RevisionRow,
    pub(super) actor: ActorKey,
    pub(super) comment: String,
    pub(super) ip: Option<String>,
}

pub(super) struct PendingPage {
    pub(super) row: PageRow,
    pub(super) existing: Option<PageRow>,
}

/// The link rows a page should have.
pub(super) struct PendingLinks {
    pub(super) page_id: i64,
    pub(super) ns: i32,
    /// Title text without namespace (with spaces), for category sort keys.
    pub(super) title_text: String,
    /// The page existed before this import, so rows may exist.
    pub(super) existed: bool,
    /// The links of the latest wikitext, `Some(empty)` for content that has none, `None` when
    /// the text is not available (rows are then left as they are).
    pub(super) links: Option<PageLinks>,
    /// A redirect target known without the text (the dump's `<redirect title>`).
    pub(super) redirect_fallback: Option<RedirectTarget>,
    /// `cl_timestamp` for categories added now.
    pub(super) timestamp: String,
}

pub(super) struct PendingUpload {
    pub(super) name: String,
    /// `None` for the current version.
    pub(super) archive_name: Option<String>,
    pub(super) size: i64,
    pub(super) sha1: String,
    pub(super) timestamp: String,
    pub(super) actor: ActorKey,
    pub(super) comment: String,
    pub(super) deleted: i32,
}

/// A revision deletion or log suppression the log item records, whose targets' authors
/// MediaWiki lists as `target_author_actor`.
pub(super) enum RevDelTargets {
    Revisions(Vec<i64>),
    LogItems(Vec<i64>),
}

pub(super) struct PendingLog {
    pub(super) id: i64,
    pub(super) log_type: String,
    pub(super) action: String,
    pub(super) timestamp: String,
    pub(super) actor: ActorKey,
    pub(super) ns: i32,
    pub(super) title: String,
    pub(super) comment: String,
    pub(super) params: String,
    pub(super) deleted: i32,
    pub(super) search: Vec<(String, String)>,
    pub(super) targets: Option<RevDelTargets>,
}

#[derive(Default)]
pub(super) struct Pending {
    pub(super) revisions: Vec<PendingRevision>,
    pub(super) slots: Vec<SlotRow>,
    pub(super) contents: Vec<ContentRow>,
    pub(super) texts: Vec<TextRow>,
    pub(super) text_bytes: usize,
    pub(super) pages: Vec<PendingPage>,
    pub(super) links: Vec<PendingLinks>,
    pub(super) uploads: Vec<PendingUpload>,
    pub(super) logs: Vec<PendingLog>,
}

impl Pending {
    pub(super) fn is_empty(&self) -> bool {
        self.revisions.is_empty()
            && self.slots.is_empty()
            && self.contents.is_empty()
            && self.texts.is_empty()
            && self.pages.is_empty()
            && self.links.is_empty()
            && self.uploads.is_empty()
            && self.logs.is_empty()
    }
}

/// Flush buffered rows when their text exceeds this (bounds memory on huge pages).
pub(super) const FLUSH_TEXT_BYTES: usize = 32 * 1024 * 1024;

/// The latest revision of the page being read.
pub(super) struct Latest {
    pub(super) id: i64,
    pub(super) timestamp: MwTimestamp,
    pub(super) len: i64,
    pub(super) model: String,
    pub(super) text: Option<String>,
}

/// The page being read.
pub(super) struct PageState {
    pub(super) id: i64,
    pub(super) ns: i32,
    pub(super) dbkey: String,
    pub(super) start: PageStart,
    pub(super) existing: Option<PageRow>,
    pub(super) existing_revisions: HashSet<i64>,
    /// Revisions in the dump plus existing ones not in it.
    pub(super) revision_count: u64,
    pub(super) earliest: Option<MwTimestamp>,
    pub(super) latest: Option<Latest>,
    /// Content of each slot of this page's revisions, for slots inherited (`<origin>`).
    pub(super) content_of: HashMap<(i64, i64), (i64, i64)>,
    pub(super) uploads: Vec<Upload>,
}

/// Existence and wikitext of pages, for template lookups during link extraction.
#[derive(Default)]
pub(super) struct PageCache {
    pub(super) exists: HashMap<(i32, String), bool>,
    /// Whether a file (by name) has a current version.
    pub(super) files: HashMap<String, bool>,
    pub(super) texts: HashMap<(i32, String), Option<Rc<str>>>,
    pub(super) text_bytes: usize,
}

pub(super) const PAGE_CACHE_ENTRIES: usize = 200_000;
pub(super) const PAGE_CACHE_TEXT_BYTES: usize = 64 * 1024 * 1024;
/// Entries in each name → id cache before it is emptied.
pub(super) const ID_CACHE_ENTRIES: usize = 500_000;

/// Next free id per table, read at the start (ids are assigned here rather than by the
/// database so that multi-row inserts need no round trip per row).
#[derive(Default)]
pub(super) struct NextIds {
    pub(super) text: i64,
    pub(super) content: i64,
    pub(super) comment: i64,
    pub(super) actor: i64,
    pub(super) linktarget: i64,
    pub(super) category: i64,
    pub(super) externallink: i64,
}

/// Rows that existed before the import: ids above these are new.
#[derive(Default)]
pub(super) struct Before {
    pub(super) page: i64,
    pub(super) revision: i64,
    pub(super) log: i64,
}
