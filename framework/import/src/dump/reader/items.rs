//! The items a dump is read as.

use super::timestamp::MwTimestamp;

/// One unit of a dump, in document order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DumpItem {
    /// The `<siteinfo>` header.
    SiteInfo(DumpSiteInfo),
    /// A `<page>` opens; its revisions and uploads follow, then [`DumpItem::PageEnd`].
    PageStart(PageStart),
    /// One `<revision>` of the current page.
    Revision(Revision),
    /// One `<upload>` (file version) of the current page, in dumps made with `--uploads`.
    Upload(Upload),
    /// The current page is complete.
    PageEnd,
    /// One `<logitem>` (log dumps).
    LogItem(LogItem),
}

/// The `<siteinfo>` header. Every field is optional in the schema.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DumpSiteInfo {
    /// `<sitename>`, e.g. "Wikipedia".
    pub sitename: Option<String>,
    /// `<dbname>`, e.g. "enwiki".
    pub dbname: Option<String>,
    /// `<base>`: URL of the main page.
    pub base: Option<String>,
    /// `<generator>`, e.g. "MediaWiki 1.39.17".
    pub generator: Option<String>,
    /// `<case>`: "first-letter" or "case-sensitive" ($wgCapitalLinks).
    pub case: Option<String>,
    /// `<namespaces>`, in dump order.
    pub namespaces: Vec<DumpNamespace>,
}

/// One `<namespace>` of the site information.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DumpNamespace {
    /// The namespace number (`key` attribute).
    pub key: i32,
    /// Its capitalisation rule (`case` attribute).
    pub case: Option<String>,
    /// Its local name; empty for the main namespace.
    pub name: String,
}

/// The header of a `<page>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageStart {
    /// Full title with namespace prefix and spaces, e.g. "User talk:Alice".
    pub title: String,
    /// Namespace number.
    pub ns: i32,
    /// Page id on the source wiki.
    pub id: u64,
    /// Whether the dump marks the page as a redirect (a `<redirect>` element is present).
    pub redirect: bool,
    /// Target of the redirect (`<redirect title="…">`); older dumps write a bare `<redirect/>`.
    pub redirect_title: Option<String>,
    /// Legacy `<restrictions>` string (pre-1.10 page_restrictions), when present.
    pub restrictions: Option<String>,
}

/// Who made a revision, upload or log entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Contributor {
    /// A named user. `id` 0 means a name without a local account: imported edits
    /// ("imported>ExternalUser") and other foreign actors.
    Registered {
        /// User name.
        username: String,
        /// Local user id, 0 when none.
        id: u64,
    },
    /// An anonymous edit.
    Anonymous {
        /// The IP address as MediaWiki stored it.
        ip: String,
    },
    /// The user was revision-deleted (`<contributor deleted="deleted"/>`).
    Deleted,
}

impl Contributor {
    /// Whether the user was hidden by revision deletion.
    pub fn is_deleted(&self) -> bool {
        matches!(self, Contributor::Deleted)
    }
}

/// One `<revision>`. The main slot's content is flattened into the revision (as in the XML);
/// other slots (schema 0.11) are in `slots`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Revision {
    /// Revision id.
    pub id: u64,
    /// `<parentid>`; absent for page creations.
    pub parent_id: Option<u64>,
    /// When it was saved.
    pub timestamp: MwTimestamp,
    /// Who saved it.
    pub contributor: Contributor,
    /// Marked as a minor edit.
    pub minor: bool,
    /// Edit summary. MediaWiki leaves the element out for empty summaries, so `None` means empty
    /// (or hidden, see `comment_deleted`).
    pub comment: Option<String>,
    /// The summary was revision-deleted.
    pub comment_deleted: bool,
    /// `<origin>` of the main slot: the revision that introduced this content (0.11).
    pub origin: Option<u64>,
    /// Content model of the main slot, e.g. "wikitext", "css", "json".
    pub model: Option<String>,
    /// Serialisation format of the main slot, e.g. "text/x-wiki".
    pub format: Option<String>,
    /// The main slot's text; `None` when it was revision-deleted or the dump is a stub that only
    /// gives its size and location.
    pub text: Option<String>,
    /// `bytes` attribute of `<text>`: the content's length in bytes.
    pub text_bytes: Option<u64>,
    /// `sha1` attribute of `<text>`: SHA-1 of the main slot in base 36 (0.11).
    pub text_sha1: Option<String>,
    /// The text was revision-deleted.
    pub text_deleted: bool,
    /// `id` attribute of `<text>` in stub dumps: the legacy text table row.
    pub text_id: Option<String>,
    /// `location` attribute of `<text>` in stub dumps: the blob address, e.g. "tt:123".
    pub text_location: Option<String>,
    /// `<sha1>` of the revision (all slots combined) in base 36; `None` when empty (text deleted).
    pub sha1: Option<String>,
    /// Non-main slots (`<content>` elements of schema 0.11), in dump order.
    pub slots: Vec<SlotContent>,
}

/// The content of one non-main slot (`<content>` in schema 0.11).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SlotContent {
    /// Slot role, e.g. "mediainfo".
    pub role: String,
    /// Revision that introduced this content.
    pub origin: Option<u64>,
    /// Content model.
    pub model: Option<String>,
    /// Serialisation format.
    pub format: Option<String>,
    /// The slot's text, `None` when deleted or not included.
    pub text: Option<String>,
    /// `bytes` attribute of its `<text>`.
    pub text_bytes: Option<u64>,
    /// `sha1` attribute of its `<text>`.
    pub text_sha1: Option<String>,
    /// Its text was revision-deleted.
    pub text_deleted: bool,
    /// `location` attribute of its `<text>` in stub dumps.
    pub text_location: Option<String>,
}

/// One `<upload>`: a version of the file described by the current page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Upload {
    /// When this version was uploaded.
    pub timestamp: MwTimestamp,
    /// Who uploaded it.
    pub contributor: Contributor,
    /// Upload summary. MediaWiki 1.39 writes `<comment deleted="deleted"/>` for an empty summary
    /// too, so `comment_deleted` does not always mean revision deletion here.
    pub comment: Option<String>,
    /// The comment element carried `deleted="deleted"`.
    pub comment_deleted: bool,
    /// File name with underscores, without namespace, e.g. "Example.png".
    pub filename: String,
    /// For old versions, the archived name ("20261121233203!Example.png").
    pub archivename: Option<String>,
    /// URL the file could be fetched from on the source wiki.
    pub src: String,
    /// File size in bytes.
    pub size: u64,
    /// SHA-1 of the file in base 36.
    pub sha1base36: Option<String>,
    /// Path relative to the upload directory, e.g. "7/70/Example.png".
    pub rel: Option<String>,
    /// Embedded file contents (`dumpBackup.php --include-files`).
    pub contents: Option<UploadContents>,
}

/// File data embedded in an `<upload>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UploadContents {
    /// The `encoding` attribute; MediaWiki writes "base64".
    pub encoding: Option<String>,
    /// The encoded data as it appears in the dump (base64 with line breaks).
    pub data: String,
}

/// One `<logitem>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogItem {
    /// Log id.
    pub id: u64,
    /// When it was logged.
    pub timestamp: MwTimestamp,
    /// The performer.
    pub contributor: Contributor,
    /// Log comment; `None` when empty or hidden.
    pub comment: Option<String>,
    /// The comment was hidden (log_deleted & 2).
    pub comment_deleted: bool,
    /// The performer was hidden (log_deleted & 4); same as `contributor.is_deleted()`.
    pub user_deleted: bool,
    /// The target and parameters were hidden (log_deleted & 1): `logtitle` and `params` are
    /// then absent.
    pub action_deleted: bool,
    /// Log type, e.g. "move".
    pub log_type: String,
    /// Log action, e.g. "move_redir".
    pub action: String,
    /// Target title with namespace prefix.
    pub logtitle: Option<String>,
    /// `<namespace>` of the target, when the dump gives it separately.
    pub namespace: Option<i32>,
    /// `<params>` exactly as dumped (PHP-serialised array or legacy newline-separated list).
    pub params: Option<String>,
    /// The `xml:space` attribute of `<params>` ("preserve" in MediaWiki's output).
    pub params_xml_space: Option<String>,
    /// Content of a non-deleted `<text>` element (legacy log text), if any.
    pub text: Option<String>,
}
