//! Streaming parser for MediaWiki XML dumps (export schema 0.10 and 0.11, as written by
//! Special:Export and `dumpBackup.php`).
//!
//! The dump is turned into a flat sequence of [`DumpItem`]s: site information, then for each page
//! a [`DumpItem::PageStart`], its revisions and uploads one by one, and a [`DumpItem::PageEnd`],
//! then log items. Only the item being built is held in memory, so a dump of any size streams
//! through in the memory of its largest revision.

mod cursor;
mod elements;
mod error;
mod items;
mod lines;
mod timestamp;

pub use error::{DumpError, DumpErrorKind, Position};
pub use items::{
    Contributor, DumpItem, DumpNamespace, DumpSiteInfo, LogItem, PageStart, Revision, SlotContent, Upload,
    UploadContents,
};
pub use timestamp::MwTimestamp;

use std::io::{BufRead, Read};

use cursor::{Cursor, Node, Tag};
use error::structure;

use super::compression::Compression;

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
        let compression = match Compression::detect(head) {
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
