//! MediaWiki XML dumps.
//!
//! [`source`] opens a dump file (plain, gzip or bzip2) with a byte counter for progress;
//! [`reader`] turns the XML into a stream of pages, revisions, uploads and log items.

pub mod import;
pub mod reader;
pub mod source;

pub use reader::{
    Contributor, DumpError, DumpErrorKind, DumpItem, DumpReader, LogItem, MwTimestamp, NamespaceInfo, PageStart,
    Position, Revision, SiteInfo, SlotContent, Upload, UploadContents,
};
pub use source::{Compression, DumpSource};
