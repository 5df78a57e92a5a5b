//! Streaming parser for MediaWiki XML dumps (export schema 0.10 and 0.11, as written by
//! Special:Export and `dumpBackup.php`).
//!
//! The dump is turned into a flat sequence of [`DumpItem`]s: site information, then for each page
//! a [`DumpItem::PageStart`], its revisions and uploads one by one, and a [`DumpItem::PageEnd`],
//! then log items. Only the item being built is held in memory, so a dump of any size streams
//! through in the memory of its largest revision.

use std::fmt;
use std::io::{self, BufRead, Read};
use std::str::FromStr;
use std::sync::Arc;

use quick_xml::events::{BytesStart, Event};
use quick_xml::Reader;

use super::source::Compression;

// ---------------------------------------------------------------------------------------------
// Items

/// One unit of a dump, in document order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DumpItem {
    /// The `<siteinfo>` header.
    SiteInfo(SiteInfo),
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
pub struct SiteInfo {
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
    pub namespaces: Vec<NamespaceInfo>,
}

/// One `<namespace>` of the site information.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamespaceInfo {
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

// ---------------------------------------------------------------------------------------------
// Timestamps

/// A MediaWiki timestamp in its 14-digit form (`YYYYMMDDHHMMSS`, UTC), checked to be a real
/// date and time.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MwTimestamp([u8; 14]);

impl MwTimestamp {
    /// Parses the dump form `2026-11-21T23:31:51Z` or the 14-digit form; `None` if it is neither
    /// or names an impossible date.
    pub fn parse(s: &str) -> Option<MwTimestamp> {
        let b = s.as_bytes();
        let mut digits = [0u8; 14];
        match b.len() {
            14 => digits.copy_from_slice(b),
            20 => {
                let separators = [(4, b'-'), (7, b'-'), (10, b'T'), (13, b':'), (16, b':'), (19, b'Z')];
                if separators.iter().any(|&(i, c)| b[i] != c) {
                    return None;
                }
                let mut n = 0;
                for (i, &c) in b.iter().enumerate() {
                    if !separators.iter().any(|&(j, _)| j == i) {
                        digits[n] = c;
                        n += 1;
                    }
                }
            }
            _ => return None,
        }
        if !digits.iter().all(u8::is_ascii_digit) {
            return None;
        }
        let num =
            |from: usize, len: usize| digits[from..from + len].iter().fold(0u32, |a, &d| a * 10 + u32::from(d - b'0'));
        let (year, month, day) = (num(0, 4), num(4, 2), num(6, 2));
        let (hour, minute, second) = (num(8, 2), num(10, 2), num(12, 2));
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
        let month_days = match month {
            1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
            4 | 6 | 9 | 11 => 30,
            2 if leap => 29,
            2 => 28,
            _ => return None,
        };
        if day == 0 || day > month_days || hour > 23 || minute > 59 || second > 59 {
            return None;
        }
        Some(MwTimestamp(digits))
    }

    /// The 14-digit form, as stored in MediaWiki's database.
    pub fn as_str(&self) -> &str {
        // Only ASCII digits are ever stored, so this cannot fail.
        std::str::from_utf8(&self.0).unwrap_or_default()
    }

    /// The ISO 8601 form used by dumps and the API (`2026-11-21T23:31:51Z`).
    pub fn to_iso8601(&self) -> String {
        let s = self.as_str();
        format!("{}-{}-{}T{}:{}:{}Z", &s[0..4], &s[4..6], &s[6..8], &s[8..10], &s[10..12], &s[12..14])
    }
}

impl fmt::Display for MwTimestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for MwTimestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "MwTimestamp({})", self.as_str())
    }
}

impl FromStr for MwTimestamp {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        MwTimestamp::parse(s).ok_or_else(|| format!("not a valid timestamp: {s:?}"))
    }
}

// ---------------------------------------------------------------------------------------------
// Errors

/// A place in the dump's (decompressed) text: 1-based line and 1-based byte column.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Position {
    /// Line number, counting from 1.
    pub line: u64,
    /// Byte offset within the line, counting from 1.
    pub column: u64,
}

/// What went wrong while reading a dump.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum DumpErrorKind {
    /// The input could not be read (including corrupt compressed data).
    #[error("read error: {0}")]
    Io(#[source] io::Error),
    /// The XML parser rejected the text.
    #[error("malformed XML: {0}")]
    Xml(String),
    /// The text is not valid UTF-8.
    #[error("invalid UTF-8 in the text")]
    InvalidUtf8,
    /// An entity other than the five predefined ones, or a bad character reference.
    #[error("unknown or invalid entity reference &{0};")]
    Entity(String),
    /// The input ends while elements are still open.
    #[error("the file ends inside <{element}> opened at line {opened_line} ({path}): the dump is truncated")]
    Truncated {
        /// The innermost open element.
        element: String,
        /// Where it was opened.
        opened_line: u64,
        /// All open elements, outermost first.
        path: String,
    },
    /// The root element is not `<mediawiki>`, or there is none.
    #[error("not a MediaWiki XML dump: {0}")]
    NotADump(String),
    /// A required element is missing.
    #[error("{0}")]
    Missing(String),
    /// An element or attribute that must hold a number does not.
    #[error("{element} is not a valid number: {value:?}")]
    BadNumber {
        /// What was being read, e.g. `<ns> of page "Dog"`.
        element: String,
        /// The text found.
        value: String,
    },
    /// A timestamp is not in the dump's format or names an impossible date.
    #[error("{element} is not a valid timestamp: {value:?}")]
    BadTimestamp {
        /// What was being read.
        element: String,
        /// The text found.
        value: String,
    },
    /// Elements or text where the schema does not allow them, duplicated elements, or
    /// attribute values outside the schema.
    #[error("{0}")]
    Structure(String),
}

/// An error with the place in the dump where it was found.
#[derive(Debug)]
pub struct DumpError {
    name: Option<String>,
    position: Position,
    kind: DumpErrorKind,
}

impl DumpError {
    fn new(kind: DumpErrorKind, position: Position) -> DumpError {
        DumpError { name: None, position, kind }
    }

    /// Where the problem is.
    pub fn position(&self) -> Position {
        self.position
    }

    /// Line of the problem, counting from 1.
    pub fn line(&self) -> u64 {
        self.position.line
    }

    /// Byte column of the problem, counting from 1.
    pub fn column(&self) -> u64 {
        self.position.column
    }

    /// What the problem is.
    pub fn kind(&self) -> &DumpErrorKind {
        &self.kind
    }

    /// The dump's name, if the reader was given one.
    pub fn source_name(&self) -> Option<&str> {
        self.name.as_deref()
    }
}

impl fmt::Display for DumpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(name) = &self.name {
            write!(f, "{name} ")?;
        }
        write!(f, "line {}, column {}: {}", self.position.line, self.position.column, self.kind)
    }
}

impl std::error::Error for DumpError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            DumpErrorKind::Io(e) => Some(e),
            _ => None,
        }
    }
}

fn xml_error(e: quick_xml::Error, at: Position) -> DumpError {
    let kind = match e {
        quick_xml::Error::Io(io) => DumpErrorKind::Io(
            Arc::try_unwrap(io).unwrap_or_else(|shared| io::Error::new(shared.kind(), shared.to_string())),
        ),
        quick_xml::Error::Encoding(_) => DumpErrorKind::InvalidUtf8,
        other => DumpErrorKind::Xml(other.to_string()),
    };
    DumpError::new(kind, at)
}

fn structure(message: String, at: Position) -> DumpError {
    DumpError::new(DumpErrorKind::Structure(message), at)
}

// ---------------------------------------------------------------------------------------------
// Line tracking

/// Buffers the input and counts lines in every byte the XML parser consumes, so that any event
/// can be given a line and column without re-reading text.
struct LineTracker<R> {
    inner: R,
    buf: Box<[u8]>,
    start: usize,
    end: usize,
    offset: u64,
    line: u64,
    line_start: u64,
}

impl<R: Read> LineTracker<R> {
    fn new(inner: R) -> Self {
        LineTracker {
            inner,
            // Larger than `DumpSource`'s buffers, so reads from them bypass their copy.
            buf: vec![0; 128 * 1024].into_boxed_slice(),
            start: 0,
            end: 0,
            offset: 0,
            line: 1,
            line_start: 0,
        }
    }

    fn position(&self) -> Position {
        Position { line: self.line, column: self.offset - self.line_start + 1 }
    }
}

impl<R: Read> Read for LineTracker<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(out.len());
        out[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl<R: Read> BufRead for LineTracker<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        while self.start == self.end {
            match self.inner.read(&mut self.buf) {
                Ok(n) => {
                    self.start = 0;
                    self.end = n;
                    if n == 0 {
                        break;
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok(&self.buf[self.start..self.end])
    }

    fn consume(&mut self, amt: usize) {
        let amt = amt.min(self.end - self.start);
        let chunk = &self.buf[self.start..self.start + amt];
        let newlines = count_newlines(chunk);
        if newlines > 0 {
            self.line += newlines;
            if let Some(last) = chunk.iter().rposition(|&b| b == b'\n') {
                self.line_start = self.offset + last as u64 + 1;
            }
        }
        self.offset += amt as u64;
        self.start += amt;
    }
}

/// Counts `\n` bytes eight at a time (word-parallel: a byte of `w ^ 0x0a…` is zero exactly where
/// there is a newline), so line tracking stays cheap on every byte of a multi-gigabyte dump.
fn count_newlines(bytes: &[u8]) -> u64 {
    let mut count = 0u64;
    let mut i = 0;
    while i + 8 <= bytes.len() {
        let x = word(bytes, i) ^ splat(b'\n');
        count += u64::from(zero_bytes(x).count_ones());
        i += 8;
    }
    count + bytes[i..].iter().filter(|&&b| b == b'\n').count() as u64
}

/// Eight bytes from `at` as a little-endian word (one unaligned load once optimised; written
/// with plain indexing so that unoptimised test builds stay fast too).
#[inline(always)]
fn word(bytes: &[u8], at: usize) -> u64 {
    let b = &bytes[at..at + 8];
    u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]])
}

/// A word with every byte equal to `b`.
#[inline(always)]
fn splat(b: u8) -> u64 {
    u64::from(b) * 0x0101_0101_0101_0101
}

/// The high bit of each byte of the result is set exactly where `x` has a zero byte. Unlike the
/// shorter `(x - 0x01…) & !x` trick this has no false positives, because no carry crosses bytes.
#[inline(always)]
fn zero_bytes(x: u64) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    !(((x & LOW7) + LOW7) | x) & !LOW7
}

/// Advances a position over `bytes` (for errors found inside a long text event).
fn advance(mut at: Position, bytes: &[u8]) -> Position {
    for &b in bytes {
        if b == b'\n' {
            at.line += 1;
            at.column = 1;
        } else {
            at.column += 1;
        }
    }
    at
}

// ---------------------------------------------------------------------------------------------
// Elements

/// Element names the dump format uses; anything else is `Other` and skipped where it is not
/// expected.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Tag {
    Mediawiki,
    Siteinfo,
    Sitename,
    Dbname,
    Base,
    Generator,
    Case,
    Namespaces,
    Namespace,
    Page,
    Title,
    Ns,
    Id,
    Redirect,
    Restrictions,
    Revision,
    Parentid,
    Timestamp,
    Contributor,
    Username,
    Ip,
    Minor,
    Comment,
    Origin,
    Model,
    Format,
    Text,
    Content,
    Role,
    Sha1,
    Upload,
    Filename,
    Archivename,
    Src,
    Size,
    Sha1base36,
    Rel,
    Contents,
    Logitem,
    Type,
    Action,
    Logtitle,
    Params,
    Other(Box<str>),
}

impl Tag {
    fn of(local: &[u8]) -> Tag {
        match local {
            b"mediawiki" => Tag::Mediawiki,
            b"siteinfo" => Tag::Siteinfo,
            b"sitename" => Tag::Sitename,
            b"dbname" => Tag::Dbname,
            b"base" => Tag::Base,
            b"generator" => Tag::Generator,
            b"case" => Tag::Case,
            b"namespaces" => Tag::Namespaces,
            b"namespace" => Tag::Namespace,
            b"page" => Tag::Page,
            b"title" => Tag::Title,
            b"ns" => Tag::Ns,
            b"id" => Tag::Id,
            b"redirect" => Tag::Redirect,
            b"restrictions" => Tag::Restrictions,
            b"revision" => Tag::Revision,
            b"parentid" => Tag::Parentid,
            b"timestamp" => Tag::Timestamp,
            b"contributor" => Tag::Contributor,
            b"username" => Tag::Username,
            b"ip" => Tag::Ip,
            b"minor" => Tag::Minor,
            b"comment" => Tag::Comment,
            b"origin" => Tag::Origin,
            b"model" => Tag::Model,
            b"format" => Tag::Format,
            b"text" => Tag::Text,
            b"content" => Tag::Content,
            b"role" => Tag::Role,
            b"sha1" => Tag::Sha1,
            b"upload" => Tag::Upload,
            b"filename" => Tag::Filename,
            b"archivename" => Tag::Archivename,
            b"src" => Tag::Src,
            b"size" => Tag::Size,
            b"sha1base36" => Tag::Sha1base36,
            b"rel" => Tag::Rel,
            b"contents" => Tag::Contents,
            b"logitem" => Tag::Logitem,
            b"type" => Tag::Type,
            b"action" => Tag::Action,
            b"logtitle" => Tag::Logtitle,
            b"params" => Tag::Params,
            other => Tag::Other(String::from_utf8_lossy(other).into()),
        }
    }

    fn name(&self) -> &str {
        match self {
            Tag::Mediawiki => "mediawiki",
            Tag::Siteinfo => "siteinfo",
            Tag::Sitename => "sitename",
            Tag::Dbname => "dbname",
            Tag::Base => "base",
            Tag::Generator => "generator",
            Tag::Case => "case",
            Tag::Namespaces => "namespaces",
            Tag::Namespace => "namespace",
            Tag::Page => "page",
            Tag::Title => "title",
            Tag::Ns => "ns",
            Tag::Id => "id",
            Tag::Redirect => "redirect",
            Tag::Restrictions => "restrictions",
            Tag::Revision => "revision",
            Tag::Parentid => "parentid",
            Tag::Timestamp => "timestamp",
            Tag::Contributor => "contributor",
            Tag::Username => "username",
            Tag::Ip => "ip",
            Tag::Minor => "minor",
            Tag::Comment => "comment",
            Tag::Origin => "origin",
            Tag::Model => "model",
            Tag::Format => "format",
            Tag::Text => "text",
            Tag::Content => "content",
            Tag::Role => "role",
            Tag::Sha1 => "sha1",
            Tag::Upload => "upload",
            Tag::Filename => "filename",
            Tag::Archivename => "archivename",
            Tag::Src => "src",
            Tag::Size => "size",
            Tag::Sha1base36 => "sha1base36",
            Tag::Rel => "rel",
            Tag::Contents => "contents",
            Tag::Logitem => "logitem",
            Tag::Type => "type",
            Tag::Action => "action",
            Tag::Logtitle => "logtitle",
            Tag::Params => "params",
            Tag::Other(name) => name,
        }
    }
}

/// An element that has just been opened.
#[derive(Debug)]
struct Opened {
    tag: Tag,
    /// Attributes by qualified name ("xml:space"), values with entities decoded.
    attrs: Vec<(String, String)>,
    /// A self-closing tag: there is no content and no end tag to read.
    empty: bool,
    at: Position,
}

impl Opened {
    fn attr(&self, name: &str) -> Option<&str> {
        self.attrs.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }

    /// The `deleted` flag attribute; the schema allows only the value "deleted".
    fn deleted(&self) -> Result<bool, DumpError> {
        match self.attr("deleted") {
            None => Ok(false),
            Some("deleted") => Ok(true),
            Some(other) => Err(structure(
                format!("<{}> has deleted={other:?}; the only allowed value is \"deleted\"", self.tag.name()),
                self.at,
            )),
        }
    }
}

/// What the element-level reader returns.
enum Node {
    Open(Opened),
    /// The innermost open element closed.
    End,
    /// End of input outside every element.
    Eof,
}

/// Largest event buffer kept between events; a huge revision's buffer is dropped afterwards so
/// one outlier does not pin its size for the rest of the run.
const BUF_KEEP: usize = 4 * 1024 * 1024;

/// The XML event layer: positions, the stack of open elements, text decoding.
struct Cursor<R> {
    xml: Reader<LineTracker<R>>,
    buf: Vec<u8>,
    stack: Vec<(Tag, Position)>,
    prev_text: bool,
}

fn is_blank(bytes: &[u8]) -> bool {
    bytes.iter().all(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r'))
}

fn snippet(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let text = text.trim();
    match text.char_indices().nth(40) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_owned(),
    }
}

/// XML 1.0 end-of-line normalisation: CR LF and lone CR become LF, as every conforming parser
/// does (MediaWiki itself never stores CR, so this only matters for hand-made dumps).
fn normalize_line_ends(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find('\r') {
        out.push_str(&rest[..i]);
        out.push('\n');
        rest = &rest[i + 1..];
        if let Some(after) = rest.strip_prefix('\n') {
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

/// Position of the first `<` or `&`, eight bytes at a time: text scanning is the innermost
/// loop of the whole reader.
fn find_markup(bytes: &[u8]) -> Option<usize> {
    let mut i = 0;
    while i + 8 <= bytes.len() {
        let w = word(bytes, i);
        let hits = zero_bytes(w ^ splat(b'<')) | zero_bytes(w ^ splat(b'&'));
        if hits != 0 {
            return Some(i + hits.trailing_zeros() as usize / 8);
        }
        i += 8;
    }
    bytes[i..].iter().position(|&b| b == b'<' || b == b'&').map(|j| i + j)
}

/// The character a reference (the part between `&` and `;`) stands for. Dumps have no DTD, so
/// only the five predefined entities exist besides character references.
fn resolve_reference(name: &[u8]) -> Option<char> {
    let number = |digits: &[u8], radix: u32| {
        let digits = std::str::from_utf8(digits).ok().filter(|d| !d.is_empty() && !d.starts_with('+'))?;
        u32::from_str_radix(digits, radix).ok().and_then(char::from_u32).filter(|&c| c != '\0')
    };
    match name {
        b"lt" => Some('<'),
        b"gt" => Some('>'),
        b"amp" => Some('&'),
        b"apos" => Some('\''),
        b"quot" => Some('"'),
        [b'#', b'x', hex @ ..] => number(hex, 16),
        [b'#', decimal @ ..] => number(decimal, 10),
        _ => None,
    }
}

fn open_parts(start: &BytesStart<'_>, at: Position) -> Result<(Tag, Vec<(String, String)>), DumpError> {
    let tag = Tag::of(start.local_name().as_ref());
    let mut attrs = Vec::new();
    if !is_blank(start.attributes_raw()) {
        for attr in start.attributes() {
            let attr = attr.map_err(|e| xml_error(e.into(), at))?;
            let value = attr.unescape_value().map_err(|e| xml_error(e, at))?.into_owned();
            attrs.push((String::from_utf8_lossy(attr.key.as_ref()).into_owned(), value));
        }
    }
    Ok((tag, attrs))
}

impl<R: Read> Cursor<R> {
    fn new(input: R) -> Self {
        let mut xml = Reader::from_reader(LineTracker::new(input));
        let config = xml.config_mut();
        config.trim_text(false);
        config.check_end_names = true;
        config.expand_empty_elements = false;
        Cursor { xml, buf: Vec::with_capacity(64 * 1024), stack: Vec::new(), prev_text: false }
    }

    fn position(&self) -> Position {
        self.xml.get_ref().position()
    }

    /// Reads one XML event and where it starts.
    fn read(&mut self) -> Result<(Event<'_>, Position), DumpError> {
        if self.buf.capacity() > BUF_KEEP {
            self.buf = Vec::with_capacity(64 * 1024);
        } else {
            self.buf.clear();
        }
        let mut at = self.xml.get_ref().position();
        // Text events swallow the `<` that ends them, so the markup after one starts a byte
        // earlier than the consumed position says.
        let after_text = std::mem::replace(&mut self.prev_text, false);
        match self.xml.read_event_into(&mut self.buf) {
            Ok(ev) => {
                match ev {
                    Event::Text(_) => self.prev_text = true,
                    Event::GeneralRef(_) | Event::Eof => {}
                    _ if after_text => at.column = at.column.saturating_sub(1).max(1),
                    _ => {}
                }
                Ok((ev, at))
            }
            Err(e) => {
                if after_text {
                    at.column = at.column.saturating_sub(1).max(1);
                }
                Err(xml_error(e, at))
            }
        }
    }

    fn truncated(&self) -> DumpError {
        let (element, opened_line) = match self.stack.last() {
            Some((tag, at)) => (tag.name().to_owned(), at.line),
            None => (String::new(), 0),
        };
        let path = self.stack.iter().map(|(tag, at)| format!("<{}> line {}", tag.name(), at.line)).collect::<Vec<_>>();
        DumpError::new(DumpErrorKind::Truncated { element, opened_line, path: path.join(" > ") }, self.position())
    }

    fn parent_name(&self) -> String {
        self.stack.last().map_or_else(|| "the document".to_owned(), |(tag, _)| format!("<{}>", tag.name()))
    }

    /// Next element-level node inside a container element: whitespace, comments and
    /// processing instructions are skipped, other text is an error.
    fn next_node(&mut self) -> Result<Node, DumpError> {
        loop {
            let (ev, at) = self.read()?;
            match ev {
                Event::Start(s) => {
                    let (tag, attrs) = open_parts(&s, at)?;
                    self.stack.push((tag.clone(), at));
                    return Ok(Node::Open(Opened { tag, attrs, empty: false, at }));
                }
                Event::Empty(s) => {
                    let (tag, attrs) = open_parts(&s, at)?;
                    return Ok(Node::Open(Opened { tag, attrs, empty: true, at }));
                }
                Event::End(_) => {
                    self.stack.pop();
                    return Ok(Node::End);
                }
                Event::Text(t) => {
                    if !is_blank(&t) {
                        let text = snippet(&t);
                        return Err(self.stray_text(&text, at));
                    }
                }
                Event::CData(c) => {
                    if !is_blank(&c) {
                        let text = snippet(&c);
                        return Err(self.stray_text(&text, at));
                    }
                }
                Event::GeneralRef(r) => {
                    let text = format!("&{};", String::from_utf8_lossy(&r));
                    return Err(self.stray_text(&text, at));
                }
                Event::Decl(d) => {
                    if let Some(Ok(encoding)) = d.encoding() {
                        if !encoding.eq_ignore_ascii_case(b"utf-8") {
                            let encoding = String::from_utf8_lossy(&encoding).into_owned();
                            return Err(structure(
                                format!("the dump declares encoding {encoding:?}; only UTF-8 is supported"),
                                at,
                            ));
                        }
                    }
                }
                Event::Comment(_) | Event::PI(_) | Event::DocType(_) => {}
                Event::Eof => {
                    if self.stack.is_empty() {
                        return Ok(Node::Eof);
                    }
                    return Err(self.truncated());
                }
            }
        }
    }

    fn stray_text(&self, text: &str, at: Position) -> DumpError {
        structure(format!("unexpected text {text:?} in {}, which holds only elements", self.parent_name()), at)
    }

    /// Next child of the current element, or `None` when it closes.
    fn child(&mut self) -> Result<Option<Opened>, DumpError> {
        match self.next_node()? {
            Node::Open(o) => Ok(Some(o)),
            Node::End => Ok(None),
            Node::Eof => Err(self.truncated()),
        }
    }

    /// Reads the character content of the element just opened and consumes its end tag.
    ///
    /// Character data and references are scanned straight from the line tracker's buffer
    /// instead of through the XML parser: in wikitext nearly every line has `&lt;` or `&quot;`,
    /// and the parser would return each of those as a separate event, which made text
    /// decoding the bulk of the work. The parser still reads every piece of markup (end tag,
    /// CDATA, comments), so its nesting checks stay intact; it only never sees the text bytes,
    /// which affects nothing but its own byte offset, which this reader does not use.
    fn text(&mut self, o: &Opened) -> Result<String, DumpError> {
        if o.empty {
            return Ok(String::new());
        }
        let start = self.position();
        let mut bytes = Vec::new();
        loop {
            self.scan_chars(&mut bytes)?;
            let (ev, at) = self.read()?;
            match ev {
                Event::End(_) => {
                    self.stack.pop();
                    break;
                }
                Event::CData(c) => bytes.extend_from_slice(&c),
                // `scan_chars` leaves the parser only markup, but stay correct if it ever
                // hands text or references back.
                Event::Text(t) => bytes.extend_from_slice(&t),
                Event::GeneralRef(r) => {
                    let c = resolve_reference(&r).ok_or_else(|| {
                        DumpError::new(DumpErrorKind::Entity(String::from_utf8_lossy(&r).into_owned()), at)
                    })?;
                    bytes.extend_from_slice(c.encode_utf8(&mut [0u8; 4]).as_bytes());
                }
                Event::Start(s) | Event::Empty(s) => {
                    let child = String::from_utf8_lossy(s.local_name().as_ref()).into_owned();
                    return Err(structure(
                        format!("element <{child}> inside <{}>, which holds only text", o.tag.name()),
                        at,
                    ));
                }
                Event::Comment(_) | Event::PI(_) => {}
                Event::Decl(_) | Event::DocType(_) => {
                    return Err(structure(format!("declaration inside <{}>", o.tag.name()), at));
                }
                Event::Eof => return Err(self.truncated()),
            }
        }
        let mut text = String::from_utf8(bytes).map_err(|e| {
            // Exact unless character references for newlines come before the bad byte.
            let valid = e.utf8_error().valid_up_to();
            DumpError::new(DumpErrorKind::InvalidUtf8, advance(start, &e.as_bytes()[..valid]))
        })?;
        if text.contains('\r') {
            text = normalize_line_ends(&text);
        }
        Ok(text)
    }

    /// Moves character data and references into `bytes` up to the next `<` (left unconsumed
    /// for the parser) or the end of input.
    fn scan_chars(&mut self, bytes: &mut Vec<u8>) -> Result<(), DumpError> {
        self.prev_text = false;
        loop {
            let at = self.position();
            let tracker = self.xml.get_mut();
            let available = tracker.fill_buf().map_err(|e| DumpError::new(DumpErrorKind::Io(e), at))?;
            if available.is_empty() {
                return Ok(());
            }
            let Some(i) = find_markup(available) else {
                bytes.extend_from_slice(available);
                let n = available.len();
                tracker.consume(n);
                continue;
            };
            bytes.extend_from_slice(&available[..i]);
            let is_reference = available[i] == b'&';
            tracker.consume(i);
            if !is_reference {
                return Ok(());
            }
            let at = self.position();
            self.scan_reference(bytes, at)?;
        }
    }

    /// Decodes the reference starting at the current `&` into `bytes`.
    fn scan_reference(&mut self, bytes: &mut Vec<u8>, at: Position) -> Result<(), DumpError> {
        // Longest legitimate reference: `&#x10FFFF;`; anything longer is not one.
        const LONGEST: usize = 10;
        let mut name = [0u8; LONGEST];
        let mut len = 0;
        let tracker = self.xml.get_mut();
        tracker.consume(1);
        loop {
            let available = tracker.fill_buf().map_err(|e| DumpError::new(DumpErrorKind::Io(e), at))?;
            let end = available.iter().take(LONGEST + 1 - len).position(|&b| b == b';');
            match end {
                Some(j) => {
                    name[len..len + j].copy_from_slice(&available[..j]);
                    len += j;
                    tracker.consume(j + 1);
                    break;
                }
                None if available.is_empty() => return Err(self.truncated()),
                None if available.len() > LONGEST - len => {
                    let shown = String::from_utf8_lossy(&available[..available.len().min(LONGEST)]).into_owned();
                    return Err(DumpError::new(
                        DumpErrorKind::Xml(format!(
                            "'&' that does not start a character or entity reference: &{shown}"
                        )),
                        at,
                    ));
                }
                None => {
                    let n = available.len();
                    name[len..len + n].copy_from_slice(available);
                    len += n;
                    tracker.consume(n);
                }
            }
        }
        let name = &name[..len];
        let resolved = resolve_reference(name)
            .ok_or_else(|| DumpError::new(DumpErrorKind::Entity(String::from_utf8_lossy(name).into_owned()), at))?;
        let mut utf8 = [0u8; 4];
        bytes.extend_from_slice(resolved.encode_utf8(&mut utf8).as_bytes());
        Ok(())
    }

    /// Skips an element the reader does not know, with everything inside it.
    fn skip(&mut self, o: &Opened) -> Result<(), DumpError> {
        if o.empty {
            return Ok(());
        }
        let depth = self.stack.len();
        loop {
            let (ev, at) = self.read()?;
            match ev {
                Event::Start(s) => {
                    let tag = Tag::of(s.local_name().as_ref());
                    self.stack.push((tag, at));
                }
                Event::End(_) => {
                    self.stack.pop();
                    if self.stack.len() < depth {
                        return Ok(());
                    }
                }
                Event::Eof => return Err(self.truncated()),
                _ => {}
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The reader

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Before the root element.
    Prolog,
    /// Inside `<mediawiki>`, between its children.
    Root,
    /// Inside a `<page>`, after its header.
    Page,
    /// After `</mediawiki>`.
    Epilog,
    /// Finished, or stopped by an error.
    Done,
}

/// Fields of a `<text>` element (main slot or `<content>`).
struct TextElement {
    text: Option<String>,
    bytes: Option<u64>,
    sha1: Option<String>,
    deleted: bool,
    id: Option<String>,
    location: Option<String>,
}

/// Streaming reader of a MediaWiki XML dump: an iterator of [`DumpItem`]s that holds only the
/// item being built. After an error it yields nothing more.
pub struct DumpReader<R> {
    cur: Cursor<R>,
    state: State,
    /// A page child already opened while reading the page header (or the page's end).
    pending: Option<Node>,
    name: Option<String>,
    version: Option<String>,
    lang: Option<String>,
    /// Title of the page being read, for error messages.
    page_title: Option<String>,
}

impl<R: Read> DumpReader<R> {
    /// Reads a dump from any byte stream (typically a [`BufRead`] such as
    /// [`super::DumpSource::into_reader`]); the reader adds its own buffering for line tracking.
    pub fn new(input: R) -> Self {
        DumpReader {
            cur: Cursor::new(input),
            state: State::Prolog,
            pending: None,
            name: None,
            version: None,
            lang: None,
            page_title: None,
        }
    }

    /// Names the dump in error messages ("dump.xml line 12, column 5: …").
    pub fn with_name(mut self, name: impl Into<String>) -> Self {
        self.name = Some(name.into());
        self
    }

    /// The `version` attribute of `<mediawiki>` (e.g. "0.11"), once the first item was read.
    pub fn schema_version(&self) -> Option<&str> {
        self.version.as_deref()
    }

    /// The `xml:lang` attribute of `<mediawiki>`, once the first item was read.
    pub fn language(&self) -> Option<&str> {
        self.lang.as_deref()
    }

    /// Where the reader is in the decompressed text.
    pub fn position(&self) -> Position {
        self.cur.position()
    }

    fn advance(&mut self) -> Result<Option<DumpItem>, DumpError> {
        loop {
            match self.state {
                State::Prolog => match self.first_node()? {
                    Node::Open(o) => {
                        if o.tag != Tag::Mediawiki {
                            return Err(DumpError::new(
                                DumpErrorKind::NotADump(format!(
                                    "the root element is <{}>, not <mediawiki>",
                                    o.tag.name()
                                )),
                                o.at,
                            ));
                        }
                        self.version = o.attr("version").map(str::to_owned);
                        self.lang = o.attr("xml:lang").map(str::to_owned);
                        self.state = if o.empty { State::Epilog } else { State::Root };
                    }
                    Node::End | Node::Eof => {
                        return Err(DumpError::new(
                            DumpErrorKind::NotADump("no <mediawiki> element".to_owned()),
                            self.cur.position(),
                        ))
                    }
                },
                State::Root => match self.cur.child()? {
                    None => self.state = State::Epilog,
                    Some(o) => match o.tag {
                        Tag::Siteinfo => return Ok(Some(DumpItem::SiteInfo(self.siteinfo(&o)?))),
                        Tag::Page => {
                            let start = self.page_header(&o)?;
                            self.page_title = Some(start.title.clone());
                            self.state = State::Page;
                            return Ok(Some(DumpItem::PageStart(start)));
                        }
                        Tag::Logitem => return Ok(Some(DumpItem::LogItem(self.logitem(&o)?))),
                        _ => self.cur.skip(&o)?,
                    },
                },
                State::Page => {
                    let node = match self.pending.take() {
                        Some(node) => node,
                        None => self.cur.next_node()?,
                    };
                    match node {
                        Node::Open(o) => match o.tag {
                            Tag::Revision => return Ok(Some(DumpItem::Revision(self.revision(&o)?))),
                            Tag::Upload => return Ok(Some(DumpItem::Upload(self.upload(&o)?))),
                            Tag::Title | Tag::Ns | Tag::Id | Tag::Redirect | Tag::Restrictions => {
                                return Err(structure(
                                    format!(
                                        "<{}> after the first revision or upload of {}",
                                        o.tag.name(),
                                        self.page_context()
                                    ),
                                    o.at,
                                ));
                            }
                            _ => self.cur.skip(&o)?,
                        },
                        Node::End => {
                            self.state = State::Root;
                            self.page_title = None;
                            return Ok(Some(DumpItem::PageEnd));
                        }
                        Node::Eof => return Err(self.cur.truncated()),
                    }
                }
                State::Epilog => match self.cur.next_node()? {
                    Node::Eof => {
                        self.state = State::Done;
                        return Ok(None);
                    }
                    Node::Open(o) => {
                        return Err(structure(format!("element <{}> after </mediawiki>", o.tag.name()), o.at));
                    }
                    Node::End => return Err(structure("end tag after </mediawiki>".to_owned(), self.cur.position())),
                },
                State::Done => return Ok(None),
            }
        }
    }

    /// The first node of the document; compressed input fed in directly is named as such
    /// rather than reported as stray text.
    fn first_node(&mut self) -> Result<Node, DumpError> {
        let at = self.cur.position();
        let head = self.cur.xml.get_mut().fill_buf().map_err(|e| DumpError::new(DumpErrorKind::Io(e), at))?;
        let compression = match super::source::Compression::detect(head) {
            Ok(Compression::None) => None,
            Ok(compression) => Some(format!("the input is {compression}-compressed; open it with DumpSource")),
            Err(e) => Some(e.to_string()),
        };
        match compression {
            Some(message) => Err(DumpError::new(DumpErrorKind::NotADump(message), at)),
            None => self.cur.next_node(),
        }
    }

    fn page_context(&self) -> String {
        match &self.page_title {
            Some(title) => format!("page {title:?}"),
            None => "the page".to_owned(),
        }
    }

    fn upload_context(&self) -> String {
        format!("an upload of {}", self.page_context())
    }

    fn revision_context(&self, id: Option<u64>) -> String {
        match id {
            Some(id) => format!("revision {id} of {}", self.page_context()),
            None => format!("a revision of {}", self.page_context()),
        }
    }

    fn siteinfo(&mut self, o: &Opened) -> Result<SiteInfo, DumpError> {
        let mut info = SiteInfo::default();
        if o.empty {
            return Ok(info);
        }
        while let Some(c) = self.cur.child()? {
            let field = match c.tag {
                Tag::Sitename => &mut info.sitename,
                Tag::Dbname => &mut info.dbname,
                Tag::Base => &mut info.base,
                Tag::Generator => &mut info.generator,
                Tag::Case => &mut info.case,
                Tag::Namespaces => {
                    if c.empty {
                        continue;
                    }
                    while let Some(n) = self.cur.child()? {
                        if n.tag != Tag::Namespace {
                            self.cur.skip(&n)?;
                            continue;
                        }
                        let key = match n.attr("key") {
                            Some(key) => parse_number(key, n.at, || "the key attribute of <namespace>".to_owned())?,
                            None => return Err(missing("<namespace> has no key attribute".to_owned(), n.at)),
                        };
                        let case = n.attr("case").map(str::to_owned);
                        let name = self.cur.text(&n)?;
                        info.namespaces.push(NamespaceInfo { key, case, name });
                    }
                    continue;
                }
                _ => {
                    self.cur.skip(&c)?;
                    continue;
                }
            };
            let value = self.cur.text(&c)?;
            set_once(field, value, "siteinfo", &c)?;
        }
        Ok(info)
    }

    fn page_header(&mut self, o: &Opened) -> Result<PageStart, DumpError> {
        let (mut title, mut ns, mut id) = (None, None, None);
        let (mut redirect, mut redirect_title, mut restrictions) = (false, None, None);
        if o.empty {
            self.pending = Some(Node::End);
        } else {
            // The header ends at the first revision or upload; that element is kept for `advance`.
            loop {
                let node = self.cur.next_node()?;
                let c = match node {
                    Node::Open(c) if matches!(c.tag, Tag::Revision | Tag::Upload) => {
                        self.pending = Some(Node::Open(c));
                        break;
                    }
                    Node::Open(c) => c,
                    Node::End => {
                        self.pending = Some(Node::End);
                        break;
                    }
                    Node::Eof => return Err(self.cur.truncated()),
                };
                match c.tag {
                    Tag::Title => {
                        let value = self.cur.text(&c)?;
                        set_once(&mut title, value, "page", &c)?;
                    }
                    Tag::Ns => {
                        let text = self.cur.text(&c)?;
                        let value = parse_number(&text, c.at, || format!("<ns> of {}", page_name(title.as_deref())))?;
                        set_once(&mut ns, value, "page", &c)?;
                    }
                    Tag::Id => {
                        let text = self.cur.text(&c)?;
                        let value = parse_number(&text, c.at, || format!("<id> of {}", page_name(title.as_deref())))?;
                        set_once(&mut id, value, "page", &c)?;
                    }
                    Tag::Redirect => {
                        if redirect {
                            return Err(structure("<page> has more than one <redirect>".to_owned(), c.at));
                        }
                        redirect = true;
                        redirect_title = c.attr("title").map(str::to_owned);
                        self.cur.skip(&c)?;
                    }
                    Tag::Restrictions => {
                        let value = self.cur.text(&c)?;
                        set_once(&mut restrictions, value, "page", &c)?;
                    }
                    _ => self.cur.skip(&c)?,
                }
            }
        }
        let Some(title) = title else {
            return Err(missing(
                format!("page {} has no <title>", id.map_or("?".to_owned(), |id: u64| id.to_string())),
                o.at,
            ));
        };
        let Some(ns) = ns else {
            return Err(missing(format!("page {title:?} has no <ns>"), o.at));
        };
        let Some(id) = id else {
            return Err(missing(format!("page {title:?} has no <id>"), o.at));
        };
        Ok(PageStart { title, ns, id, redirect, redirect_title, restrictions })
    }

    fn contributor(&mut self, o: &Opened) -> Result<Contributor, DumpError> {
        if o.deleted()? {
            self.cur.skip(o)?;
            return Ok(Contributor::Deleted);
        }
        let (mut username, mut id, mut ip) = (None, None, None);
        if !o.empty {
            while let Some(c) = self.cur.child()? {
                match c.tag {
                    Tag::Username => {
                        let value = self.cur.text(&c)?;
                        set_once(&mut username, value, "contributor", &c)?;
                    }
                    Tag::Id => {
                        let text = self.cur.text(&c)?;
                        let value = parse_number(&text, c.at, || "<id> of a contributor".to_owned())?;
                        set_once(&mut id, value, "contributor", &c)?;
                    }
                    Tag::Ip => {
                        let value = self.cur.text(&c)?;
                        set_once(&mut ip, value, "contributor", &c)?;
                    }
                    _ => self.cur.skip(&c)?,
                }
            }
        }
        match (username, ip) {
            (Some(username), None) => Ok(Contributor::Registered { username, id: id.unwrap_or(0) }),
            (None, Some(ip)) => Ok(Contributor::Anonymous { ip }),
            (Some(_), Some(_)) => Err(structure("<contributor> has both <username> and <ip>".to_owned(), o.at)),
            (None, None) => Err(missing("<contributor> has neither <username> nor <ip>".to_owned(), o.at)),
        }
    }

    /// A `<comment>`: its text (`None` when the element is empty) and its deleted flag.
    fn comment(&mut self, o: &Opened) -> Result<(Option<String>, bool), DumpError> {
        let deleted = o.deleted()?;
        let text = self.cur.text(o)?;
        let text = if o.empty || (deleted && text.is_empty()) { None } else { Some(text) };
        Ok((text, deleted))
    }

    fn text_element(&mut self, o: &Opened, rev_id: Option<u64>) -> Result<TextElement, DumpError> {
        let deleted = o.deleted()?;
        let bytes = match o.attr("bytes") {
            Some(b) => Some(parse_number(b, o.at, || {
                format!("the bytes attribute of <text> of {}", self.revision_context(rev_id))
            })?),
            None => None,
        };
        let id = o.attr("id").map(str::to_owned);
        let location = o.attr("location").map(str::to_owned);
        let content = self.cur.text(o)?;
        // An element without content is real empty text only when nothing says the text is
        // elsewhere or hidden: stub dumps give only `id`/`location`, deleted text is flagged,
        // and a non-zero size without content means the text was left out.
        let text = if !content.is_empty() {
            Some(content)
        } else if deleted || id.is_some() || location.is_some() || bytes.is_some_and(|b: u64| b > 0) {
            None
        } else {
            Some(content)
        };
        Ok(TextElement { text, bytes, sha1: o.attr("sha1").map(str::to_owned), deleted, id, location })
    }

    fn revision(&mut self, o: &Opened) -> Result<Revision, DumpError> {
        let (mut id, mut parent_id, mut timestamp, mut contributor) = (None, None, None, None);
        let (mut minor, mut comment, mut comment_deleted, mut seen_comment) = (false, None, false, false);
        let (mut origin, mut model, mut format, mut text, mut sha1) = (None, None, None, None, None);
        let mut slots = Vec::new();
        if !o.empty {
            while let Some(c) = self.cur.child()? {
                match c.tag {
                    Tag::Id => {
                        let text = self.cur.text(&c)?;
                        let value = parse_number(&text, c.at, || self.revision_context(None) + ": <id>")?;
                        set_once(&mut id, value, "revision", &c)?;
                    }
                    Tag::Parentid => {
                        let text = self.cur.text(&c)?;
                        let value = parse_number(&text, c.at, || self.revision_context(id) + ": <parentid>")?;
                        set_once(&mut parent_id, value, "revision", &c)?;
                    }
                    Tag::Timestamp => {
                        let text = self.cur.text(&c)?;
                        let value = parse_timestamp(&text, c.at, || self.revision_context(id) + ": <timestamp>")?;
                        set_once(&mut timestamp, value, "revision", &c)?;
                    }
                    Tag::Contributor => {
                        let value = self.contributor(&c)?;
                        set_once(&mut contributor, value, "revision", &c)?;
                    }
                    Tag::Minor => {
                        minor = true;
                        self.cur.skip(&c)?;
                    }
                    Tag::Comment => {
                        if std::mem::replace(&mut seen_comment, true) {
                            return Err(duplicate("revision", &c));
                        }
                        (comment, comment_deleted) = self.comment(&c)?;
                    }
                    Tag::Origin => {
                        let text = self.cur.text(&c)?;
                        let value = parse_number(&text, c.at, || self.revision_context(id) + ": <origin>")?;
                        set_once(&mut origin, value, "revision", &c)?;
                    }
                    Tag::Model => {
                        let value = self.cur.text(&c)?;
                        set_once(&mut model, value, "revision", &c)?;
                    }
                    Tag::Format => {
                        let value = self.cur.text(&c)?;
                        set_once(&mut format, value, "revision", &c)?;
                    }
                    Tag::Text => {
                        let value = self.text_element(&c, id)?;
                        set_once(&mut text, value, "revision", &c)?;
                    }
                    Tag::Content => slots.push(self.slot(&c, id)?),
                    Tag::Sha1 => {
                        let value = self.cur.text(&c)?;
                        set_once(&mut sha1, value, "revision", &c)?;
                    }
                    _ => self.cur.skip(&c)?,
                }
            }
        }
        let Some(id) = id else {
            return Err(missing(format!("{} has no <id>", self.revision_context(None)), o.at));
        };
        let Some(timestamp) = timestamp else {
            return Err(missing(format!("{} has no <timestamp>", self.revision_context(Some(id))), o.at));
        };
        let Some(contributor) = contributor else {
            return Err(missing(format!("{} has no <contributor>", self.revision_context(Some(id))), o.at));
        };
        let Some(text) = text else {
            return Err(missing(format!("{} has no <text>", self.revision_context(Some(id))), o.at));
        };
        Ok(Revision {
            id,
            parent_id,
            timestamp,
            contributor,
            minor,
            comment,
            comment_deleted,
            origin,
            model,
            format,
            text: text.text,
            text_bytes: text.bytes,
            text_sha1: text.sha1,
            text_deleted: text.deleted,
            text_id: text.id,
            text_location: text.location,
            sha1: sha1.filter(|s: &String| !s.is_empty()),
            slots,
        })
    }

    fn slot(&mut self, o: &Opened, rev_id: Option<u64>) -> Result<SlotContent, DumpError> {
        let (mut role, mut origin, mut model, mut format, mut text) = (None, None, None, None, None);
        if !o.empty {
            while let Some(c) = self.cur.child()? {
                match c.tag {
                    Tag::Role => {
                        let value = self.cur.text(&c)?;
                        set_once(&mut role, value, "content", &c)?;
                    }
                    Tag::Origin => {
                        let text = self.cur.text(&c)?;
                        let value =
                            parse_number(&text, c.at, || self.revision_context(rev_id) + ": <origin> of a slot")?;
                        set_once(&mut origin, value, "content", &c)?;
                    }
                    Tag::Model => {
                        let value = self.cur.text(&c)?;
                        set_once(&mut model, value, "content", &c)?;
                    }
                    Tag::Format => {
                        let value = self.cur.text(&c)?;
                        set_once(&mut format, value, "content", &c)?;
                    }
                    Tag::Text => {
                        let value = self.text_element(&c, rev_id)?;
                        set_once(&mut text, value, "content", &c)?;
                    }
                    _ => self.cur.skip(&c)?,
                }
            }
        }
        let Some(role) = role else {
            return Err(missing(format!("a <content> of {} has no <role>", self.revision_context(rev_id)), o.at));
        };
        let Some(text) = text else {
            return Err(missing(format!("slot {role:?} of {} has no <text>", self.revision_context(rev_id)), o.at));
        };
        Ok(SlotContent {
            role,
            origin,
            model,
            format,
            text: text.text,
            text_bytes: text.bytes,
            text_sha1: text.sha1,
            text_deleted: text.deleted,
            text_location: text.location,
        })
    }

    fn upload(&mut self, o: &Opened) -> Result<Upload, DumpError> {
        let (mut timestamp, mut contributor, mut comment, mut comment_deleted, mut seen_comment) =
            (None, None, None, false, false);
        let (mut filename, mut archivename, mut src, mut size) = (None, None, None, None);
        let (mut sha1base36, mut rel, mut contents) = (None, None, None);
        if !o.empty {
            while let Some(c) = self.cur.child()? {
                match c.tag {
                    Tag::Timestamp => {
                        let text = self.cur.text(&c)?;
                        let value =
                            parse_timestamp(&text, c.at, || format!("<timestamp> of {}", self.upload_context()))?;
                        set_once(&mut timestamp, value, "upload", &c)?;
                    }
                    Tag::Contributor => {
                        let value = self.contributor(&c)?;
                        set_once(&mut contributor, value, "upload", &c)?;
                    }
                    Tag::Comment => {
                        if std::mem::replace(&mut seen_comment, true) {
                            return Err(duplicate("upload", &c));
                        }
                        (comment, comment_deleted) = self.comment(&c)?;
                    }
                    Tag::Filename => {
                        let value = self.cur.text(&c)?;
                        set_once(&mut filename, value, "upload", &c)?;
                    }
                    Tag::Archivename => {
                        let value = self.cur.text(&c)?;
                        set_once(&mut archivename, value, "upload", &c)?;
                    }
                    Tag::Src => {
                        let value = self.cur.text(&c)?;
                        set_once(&mut src, value, "upload", &c)?;
                    }
                    Tag::Size => {
                        let text = self.cur.text(&c)?;
                        let value = parse_number(&text, c.at, || format!("<size> of {}", self.upload_context()))?;
                        set_once(&mut size, value, "upload", &c)?;
                    }
                    Tag::Sha1base36 => {
                        let value = self.cur.text(&c)?;
                        set_once(&mut sha1base36, value, "upload", &c)?;
                    }
                    Tag::Rel => {
                        let value = self.cur.text(&c)?;
                        set_once(&mut rel, value, "upload", &c)?;
                    }
                    Tag::Contents => {
                        let encoding = c.attr("encoding").map(str::to_owned);
                        let data = self.cur.text(&c)?;
                        set_once(&mut contents, UploadContents { encoding, data }, "upload", &c)?;
                    }
                    _ => self.cur.skip(&c)?,
                }
            }
        }
        let context = self.upload_context();
        let lacks = |element: &str| missing(format!("{context} has no <{element}>"), o.at);
        Ok(Upload {
            timestamp: timestamp.ok_or_else(|| lacks("timestamp"))?,
            contributor: contributor.ok_or_else(|| lacks("contributor"))?,
            comment,
            comment_deleted,
            filename: filename.ok_or_else(|| lacks("filename"))?,
            archivename,
            src: src.ok_or_else(|| lacks("src"))?,
            size: size.ok_or_else(|| lacks("size"))?,
            sha1base36,
            rel,
            contents,
        })
    }

    fn logitem(&mut self, o: &Opened) -> Result<LogItem, DumpError> {
        let (mut id, mut timestamp, mut contributor) = (None, None, None);
        let (mut comment, mut comment_deleted, mut seen_comment) = (None, false, false);
        let (mut log_type, mut action, mut logtitle, mut namespace) = (None, None, None, None);
        let (mut params, mut params_xml_space, mut action_deleted, mut text) = (None, None, false, None);
        let what = |id: Option<u64>| id.map_or_else(|| "a log item".to_owned(), |id| format!("log item {id}"));
        if !o.empty {
            while let Some(c) = self.cur.child()? {
                match c.tag {
                    Tag::Id => {
                        let text = self.cur.text(&c)?;
                        let value = parse_number(&text, c.at, || "<id> of a log item".to_owned())?;
                        set_once(&mut id, value, "logitem", &c)?;
                    }
                    Tag::Timestamp => {
                        let text = self.cur.text(&c)?;
                        let value = parse_timestamp(&text, c.at, || format!("<timestamp> of {}", what(id)))?;
                        set_once(&mut timestamp, value, "logitem", &c)?;
                    }
                    Tag::Contributor => {
                        let value = self.contributor(&c)?;
                        set_once(&mut contributor, value, "logitem", &c)?;
                    }
                    Tag::Comment => {
                        if std::mem::replace(&mut seen_comment, true) {
                            return Err(duplicate("logitem", &c));
                        }
                        (comment, comment_deleted) = self.comment(&c)?;
                    }
                    Tag::Type => {
                        let value = self.cur.text(&c)?;
                        set_once(&mut log_type, value, "logitem", &c)?;
                    }
                    Tag::Action => {
                        let value = self.cur.text(&c)?;
                        set_once(&mut action, value, "logitem", &c)?;
                    }
                    Tag::Text => {
                        if text.is_some() || action_deleted {
                            return Err(duplicate("logitem", &c));
                        }
                        action_deleted = c.deleted()?;
                        let value = self.cur.text(&c)?;
                        text = Some(value).filter(|t| !t.is_empty());
                    }
                    Tag::Logtitle => {
                        let value = self.cur.text(&c)?;
                        set_once(&mut logtitle, value, "logitem", &c)?;
                    }
                    Tag::Namespace => {
                        let text = self.cur.text(&c)?;
                        let value = parse_number(&text, c.at, || format!("<namespace> of {}", what(id)))?;
                        set_once(&mut namespace, value, "logitem", &c)?;
                    }
                    Tag::Params => {
                        params_xml_space = c.attr("xml:space").map(str::to_owned);
                        let value = self.cur.text(&c)?;
                        set_once(&mut params, value, "logitem", &c)?;
                    }
                    _ => self.cur.skip(&c)?,
                }
            }
        }
        let Some(id) = id else {
            return Err(missing("a log item has no <id>".to_owned(), o.at));
        };
        let lacks = |element: &str| missing(format!("log item {id} has no <{element}>"), o.at);
        let contributor = contributor.ok_or_else(|| lacks("contributor"))?;
        Ok(LogItem {
            id,
            timestamp: timestamp.ok_or_else(|| lacks("timestamp"))?,
            user_deleted: contributor.is_deleted(),
            contributor,
            comment,
            comment_deleted,
            action_deleted,
            log_type: log_type.ok_or_else(|| lacks("type"))?,
            action: action.ok_or_else(|| lacks("action"))?,
            logtitle,
            namespace,
            params,
            params_xml_space,
            text,
        })
    }
}

fn parse_number<T: FromStr>(text: &str, at: Position, what: impl FnOnce() -> String) -> Result<T, DumpError> {
    text.trim()
        .parse()
        .map_err(|_| DumpError::new(DumpErrorKind::BadNumber { element: what(), value: text.to_owned() }, at))
}

fn parse_timestamp(text: &str, at: Position, what: impl FnOnce() -> String) -> Result<MwTimestamp, DumpError> {
    MwTimestamp::parse(text.trim())
        .ok_or_else(|| DumpError::new(DumpErrorKind::BadTimestamp { element: what(), value: text.to_owned() }, at))
}

fn page_name(title: Option<&str>) -> String {
    title.map_or_else(|| "a page".to_owned(), |title| format!("page {title:?}"))
}

fn missing(message: String, at: Position) -> DumpError {
    DumpError::new(DumpErrorKind::Missing(message), at)
}

fn duplicate(parent: &str, c: &Opened) -> DumpError {
    structure(format!("<{parent}> has more than one <{}>", c.tag.name()), c.at)
}

/// Stores a child's value, refusing a second occurrence: two `<id>`s or `<text>`s in one
/// element would otherwise silently keep one of them.
fn set_once<T>(slot: &mut Option<T>, value: T, parent: &str, c: &Opened) -> Result<(), DumpError> {
    if slot.is_some() {
        return Err(duplicate(parent, c));
    }
    *slot = Some(value);
    Ok(())
}

impl<R: Read> Iterator for DumpReader<R> {
    type Item = Result<DumpItem, DumpError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.state == State::Done {
            return None;
        }
        match self.advance() {
            Ok(Some(item)) => Some(Ok(item)),
            Ok(None) => None,
            Err(mut e) => {
                self.state = State::Done;
                e.name.clone_from(&self.name);
                Some(Err(e))
            }
        }
    }
}

impl<R: Read> std::iter::FusedIterator for DumpReader<R> {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_are_validated() {
        let ts = MwTimestamp::parse("2024-02-29T23:59:59Z").expect("leap day");
        assert_eq!(ts.as_str(), "20240229235959");
        assert_eq!(ts.to_iso8601(), "2024-02-29T23:59:59Z");
        assert_eq!(MwTimestamp::parse("20240229235959"), Some(ts));
        assert_eq!(ts.to_string(), "20240229235959");
        for bad in [
            "2023-02-29T00:00:00Z",
            "1900-02-29T00:00:00Z",
            "2024-04-31T00:00:00Z",
            "2024-13-01T00:00:00Z",
            "2024-00-01T00:00:00Z",
            "2024-01-00T00:00:00Z",
            "2024-01-01T24:00:00Z",
            "2024-01-01T00:60:00Z",
            "2024-01-01T00:00:60Z",
            "2024-01-01 00:00:00Z",
            "2024-01-01T00:00:00",
            "2024-01-01T00:00:00+01:00",
            "2024-1-01T00:00:00Z",
            "2024010100000x",
            "",
        ] {
            assert_eq!(MwTimestamp::parse(bad), None, "{bad}");
        }
        assert!(MwTimestamp::parse("2000-02-29T00:00:00Z").is_some());
    }

    #[test]
    fn word_scans_match_bytewise_scans() {
        let samples: [&[u8]; 6] = [
            b"",
            b"no markup in this line at all, just text\n",
            b"\n\n\n\n\n\n\n\n\n",
            b"0123456&",
            b"01234567<",
            "caf\u{e9} \u{1F600} \u{ff}\u{3c}\n&\n".as_bytes(),
        ];
        for sample in samples {
            for start in 0..sample.len().min(9) {
                let s = &sample[start..];
                assert_eq!(count_newlines(s), s.iter().filter(|&&b| b == b'\n').count() as u64);
                assert_eq!(find_markup(s), s.iter().position(|&b| b == b'<' || b == b'&'));
            }
        }
        // Bytes next to the searched values (0x3b, 0x3d, 0x25, 0x27, 0x0b, 0x09) are no hits.
        assert_eq!(find_markup(b";=%'\x0b\x09;=%'\x0b\x09"), None);
        assert_eq!(count_newlines(b"\x0b\x09\x0b\x09\x0b\x09\x0b\x09\x8a\x0a"), 1);
    }

    #[test]
    fn references_resolve() {
        assert_eq!(resolve_reference(b"lt"), Some('<'));
        assert_eq!(resolve_reference(b"quot"), Some('"'));
        assert_eq!(resolve_reference(b"#233"), Some('\u{e9}'));
        assert_eq!(resolve_reference(b"#x1F600"), Some('\u{1F600}'));
        for bad in [&b"nbsp"[..], b"#", b"#x", b"#0", b"#xD800", b"#x110000", b"#+5", b"#12a", b"LT"] {
            assert_eq!(resolve_reference(bad), None, "{}", String::from_utf8_lossy(bad));
        }
    }

    #[test]
    fn line_ends_are_normalised() {
        assert_eq!(normalize_line_ends("a\r\nb\rc\n\rd\r"), "a\nb\nc\n\nd\n");
    }
}
